"""A round robin between agents, resumable, with scores, intervals and Bradley–Terry ratings.

Every pair of agents plays ``games`` games. Games come in pairs on the same deal with the
seats swapped (game ``k`` deals seed ``seed + k // 2``; odd ``k`` swap seats), so neither the
deal nor the first seat favours one side, and every pairing sees the same deals.

Each finished game goes to an SQLite file (``ladder.sqlite``, the source of truth, one
transaction per game) and a JSON-lines file (``games.jsonl``, one line per game with its full
record) in the output folder. Interrupting loses nothing that finished; running the same
command again plays only the games that are missing. Adding agents or raising ``games``
extends the same ladder; changing the game, its options or the seed needs a new folder.

One ladder at a time may play into a folder (a lock on the folder refuses a second). A run
that stops before any game finished removes what it created, so it leaves no empty folder.
A failed write (a full disk, a read-only folder) stops the run with a one-line error; the
database commits whole games only and the lines file is rebuilt from it at each start, so
the folder stays consistent and the same command resumes it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from duelhall.agents.registry import make_agent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game, option_text
from duelhall.core.record import write_atomic
from duelhall.core.rng import MAX_SEED
from duelhall.core.seeds import AFFINE, SEEDING
from duelhall.sim.folders import OutputFolder, write_error
from duelhall.sim.locks import (
    close_games_db,
    lock_folder,
    remove_files,
    seed_from_sql,
    seed_to_sql,
    sql_errors,
)
from duelhall.sim.match import play_match, require_duel
from duelhall.sim.stats import (
    ScoreInterval,
    bradley_terry,
    connected,
    elo_ratings,
    score_interval,
)
from duelhall.sim.workers import WorkerPool, usable_cpus

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    a TEXT NOT NULL, b TEXT NOT NULL, idx INTEGER NOT NULL,
    seed INTEGER NOT NULL, seat0 TEXT NOT NULL, seat1 TEXT NOT NULL,
    score_a REAL NOT NULL, reason TEXT NOT NULL, actions INTEGER NOT NULL,
    think_a TEXT NOT NULL, think_b TEXT NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (a, b, idx)
);
"""


@dataclass(frozen=True)
class LadderConfig:
    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    # How agents' seeds come from deal seeds (duelhall.core.seeds). Not part of the identity:
    # a folder keeps the scheme it was started with, and older folders the old one.
    seeding: str = SEEDING

    def identity(self) -> str:
        """What must match for two runs to be the same ladder.

        Only options that differ from their defaults count, so a ladder stays resumable when
        a later version adds an option whose default keeps the old rules."""
        info = get_game(self.game)
        changed = {
            o.name: self.options[o.name]
            for o in info.options
            if o.name in self.options and self.options[o.name] != o.default
        }
        return json.dumps(
            {"game": self.game, "seed": self.seed, "options": changed}, sort_keys=True
        )


@dataclass(frozen=True)
class GameTask:
    a: str
    b: str
    index: int
    seed: int
    seeding: str = SEEDING

    @property
    def seats(self) -> tuple[str, str]:
        return (self.a, self.b) if self.index % 2 == 0 else (self.b, self.a)


@dataclass(frozen=True)
class GameResult:
    task: GameTask
    score_a: float
    reason: str
    actions: int
    think_a: list[float]
    think_b: list[float]
    record: dict[str, Any]


@dataclass(frozen=True)
class Pairing:
    a: str
    b: str
    score: ScoreInterval  # a's score against b


@dataclass(frozen=True)
class Standing:
    agent: str
    elo: float | None  # None: not rated, no game links the agent to the anchor yet
    games: int
    score: float
    median_think: float | None


@dataclass(frozen=True)
class LadderReport:
    pairings: list[Pairing]
    standings: list[Standing]
    anchor: str | None  # rated 0; None before any game


def check_config(config: LadderConfig) -> LadderConfig:
    """Validate agents and options before anything is played or written."""
    info = get_game(config.game)
    options = info.resolve_options(config.options)
    require_duel(info, options, "the ladder pairs two agents a game")
    if len(config.agents) < 2:
        raise DuelhallError("a ladder needs at least two agents, e.g. --agents random,heuristic")
    if len(set(config.agents)) != len(config.agents):
        raise DuelhallError("each agent may appear once in --agents")
    for spec in config.agents:
        make_agent(spec, 0, game=info)  # settings too (rollout=, c=), not in the middle of a run
    if config.games < 1:
        raise DuelhallError("--games must be at least 1")
    if not 0 <= config.seed <= MAX_SEED:
        raise DuelhallError(f"--seed must be a whole number from 0 to {MAX_SEED}")
    last = config.seed + (config.games - 1) // 2
    if last > MAX_SEED:
        raise DuelhallError(
            f"--seed {config.seed}: {config.games} games a pairing deal up to seed {last}, "
            f"beyond the largest seed, {MAX_SEED}; choose a seed of at most "
            f"{MAX_SEED - (config.games - 1) // 2}"
        )
    return LadderConfig(
        config.game, config.agents, config.games, config.seed, options, config.seeding
    )


def tasks(config: LadderConfig) -> list[GameTask]:
    """Every game of the round robin, pairing by pairing."""
    out = []
    agents = config.agents
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            for k in range(config.games):
                out.append(GameTask(agents[i], agents[j], k, config.seed + k // 2, config.seeding))
    return out


def play_task(game: str, options: dict[str, Any], task: GameTask) -> GameResult:
    """Play one ladder game (runs in a worker process)."""
    info = get_game(game)
    seats = task.seats
    match = play_match(info, seats, task.seed, options, seeding=task.seeding)
    a_seat = 0 if seats[0] == task.a else 1
    reason = str((match.record.result or {}).get("reason", ""))
    return GameResult(
        task=task,
        score_a=match.scores[a_seat],
        reason=reason,
        actions=len(match.record.actions),
        think_a=match.think[a_seat],
        think_b=match.think[1 - a_seat],
        record=match.record.to_json(),
    )


class LadderStore:
    """The ladder's folder: SQLite for truth, JSON lines for other tools.

    Opening takes the folder's lock and keeps it until :meth:`close`.
    """

    def __init__(self, folder: Path, config: LadderConfig) -> None:
        self.folder = folder
        self.path = folder / "ladder.sqlite"
        self.jsonl = folder / "games.jsonl"
        self._out = OutputFolder(folder)
        self._lock: int | None = None
        self._db: sqlite3.Connection | None = None
        self._new_files: list[Path] = []
        try:
            self._lock = lock_folder(folder, "ladder")
            self._new_files = [p for p in (self.path, self.jsonl) if not p.exists()]
            with self._sql():
                self._db = sqlite3.connect(self.path)
                self._db.executescript(SCHEMA)
                row = self.db.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
                if row is None:
                    with self.db:
                        self.db.execute(
                            "INSERT INTO meta VALUES ('config', ?)", (config.identity(),)
                        )
                        self.db.execute("INSERT INTO meta VALUES ('seeding', ?)", (config.seeding,))
                seeding = self.db.execute("SELECT value FROM meta WHERE key = 'seeding'").fetchone()
            if row is not None and row[0] != config.identity():
                raise DuelhallError(
                    f"{folder} holds a ladder played with other settings "
                    f"({_settings(row[0])}); use the same game, --seed and --option values to "
                    "resume it, or choose another --out"
                )
            self.seeding = seeding[0] if seeding else AFFINE  # folders from before schemes
            self._rewrite_jsonl()
        except BaseException:
            self.close()
            raise

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise DuelhallError(f"the ladder in {self.folder} is closed")
        return self._db

    def _sql(self) -> AbstractContextManager[None]:
        return sql_errors(self.path, "ladder")

    def done(self) -> set[tuple[str, str, int]]:
        with self._sql():
            return {(a, b, i) for a, b, i in self.db.execute("SELECT a, b, idx FROM games")}

    def add(self, result: GameResult) -> None:
        t = result.task
        line = json.dumps(_result_json(result), sort_keys=True)
        with self._sql(), self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    t.a,
                    t.b,
                    t.index,
                    seed_to_sql(t.seed),
                    t.seats[0],
                    t.seats[1],
                    result.score_a,
                    result.reason,
                    result.actions,
                    json.dumps(result.think_a),
                    json.dumps(result.think_b),
                    json.dumps(result.record, sort_keys=True),
                ),
            )
        # The game is safe in the database now; a line lost here is rebuilt at the next start.
        try:
            with self.jsonl.open("a", encoding="utf-8") as f:
                f.write(line + "\n")
        except OSError as e:
            raise write_error(self.jsonl, e, resume=True) from None

    def rows(self) -> list[tuple[str, str, int, float, list[float], list[float]]]:
        with self._sql():
            return [
                (a, b, idx, score, json.loads(ta), json.loads(tb))
                for a, b, idx, score, ta, tb in self.db.execute(
                    "SELECT a, b, idx, score_a, think_a, think_b FROM games ORDER BY a, b, idx"
                )
            ]

    def _rewrite_jsonl(self) -> None:
        """Make the lines file agree with the database (a kill may have cut a line short)."""
        lines = []
        with self._sql():
            stored = self.db.execute("SELECT * FROM games ORDER BY a, b, idx").fetchall()
        for a, b, idx, seed, _s0, _s1, score, reason, actions, ta, tb, record in stored:
            task = GameTask(a, b, idx, seed_from_sql(seed))
            result = GameResult(
                task, score, reason, actions, json.loads(ta), json.loads(tb), json.loads(record)
            )
            lines.append(json.dumps(_result_json(result), sort_keys=True) + "\n")
        try:
            write_atomic(self.jsonl, "".join(lines))
        except OSError as e:
            raise write_error(self.jsonl, e, resume=True) from None

    def close(self) -> None:
        """Close the database and free the folder; a run that stored no game leaves no trace."""
        empty = close_games_db(self._db)
        self._db = None
        if empty:
            remove_files(self._new_files)
            self._new_files = []
            self._out.discard_if_empty()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def _settings(identity: str) -> str:
    data = json.loads(identity)
    opts = " ".join(f"--option {k}={option_text(v)}" for k, v in sorted(data["options"].items()))
    return f"game {data['game']}, --seed {data['seed']}" + (f", {opts}" if opts else "")


def _result_json(result: GameResult) -> dict[str, Any]:
    t = result.task
    return {
        "a": t.a,
        "b": t.b,
        "index": t.index,
        "seed": t.seed,
        "seats": list(t.seats),
        "score_a": result.score_a,
        "reason": result.reason,
        "actions": result.actions,
        "think_a": result.think_a,
        "think_b": result.think_b,
        "record": result.record,
    }


def run_ladder(
    config: LadderConfig,
    folder: Path,
    *,
    jobs: int = 1,
    on_start: Callable[[int, int], None] | None = None,
    on_plan: Callable[[int, str | None], None] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> LadderStore:
    """Play every missing game of the ladder into ``folder``; returns the open store.

    See :func:`play_missing` for the callbacks. On any error or interrupt the store is closed
    (finished games kept) before the exception goes on.
    """
    config = check_config(config)
    store = LadderStore(folder, config)
    config = replace(config, seeding=store.seeding)
    try:
        play_missing(store, config, jobs=jobs, on_start=on_start, on_plan=on_plan, on_game=on_game)
    except BaseException:
        store.close()
        raise
    return store


def play_missing(
    store: LadderStore,
    config: LadderConfig,
    *,
    jobs: int = 1,
    on_start: Callable[[int, int], None] | None = None,
    on_plan: Callable[[int, str | None], None] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> None:
    """Play the games of ``config`` (checked) that ``store`` lacks, storing each as it ends.

    ``on_start(total, already_done)``, then, if games are left,
    ``on_plan(worker processes, note)`` (0 workers: played in this process; the note says why
    fewer workers than ``jobs`` run, when that is not plain), then ``on_game(result)`` for each.
    Workers are capped by the games left and the processors; if the system refuses processes,
    the ladder plays on with those it got.
    """
    every = tasks(config)
    done = store.done()
    todo = [t for t in every if (t.a, t.b, t.index) not in done]
    if on_start is not None:
        on_start(len(every), len(every) - len(todo))
    if not todo:
        return
    cpus = usable_cpus()
    wanted = min(jobs, len(todo), cpus)
    note = None
    if wanted < min(jobs, len(todo)):
        note = f"--jobs {jobs}: this machine has {cpus} processors, so {wanted} play at a time"
    work = partial(play_task, config.game, config.options)
    with WorkerPool(work, wanted if wanted > 1 else 0) as pool:
        started = len(pool.workers)
        if pool.refused is not None:
            where = f"{started} worker processes" if started else "this process only"
            note = f"the system refused more processes ({pool.refused}): playing in {where}"
        if on_plan is not None:
            on_plan(started, note)
        results = pool.imap_unordered(todo) if started else map(work, todo)
        for result in results:
            store.add(result)
            if on_game is not None:
                on_game(result)


def report(store: LadderStore, agents: Sequence[str], games: int | None = None) -> LadderReport:
    """Scores per pairing and Bradley–Terry ratings from the stored games between ``agents``
    (the first ``games`` of each pairing when given)."""
    by_pair: dict[tuple[str, str], list[float]] = {}
    think: dict[str, list[float]] = {a: [] for a in agents}
    for a, b, idx, score, ta, tb in store.rows():
        if a not in think or b not in think or (games is not None and idx >= games):
            continue
        by_pair.setdefault((a, b), []).append(score)
        think[a].extend(ta)
        think[b].extend(tb)
    pairings = [Pairing(a, b, score_interval(s)) for (a, b), s in by_pair.items()]
    results = {(a, b): (sum(s), len(s)) for (a, b), s in by_pair.items()}
    played = [a for a in agents if any(a in pair for pair in by_pair)]
    anchor = None
    if played:
        anchor = "random" if "random" in played else played[0]
    # Only agents that games link to the anchor have a rating relative to it.
    rated = [a for a in agents if a in connected(results, anchor)] if anchor else []
    fitted = {pair: r for pair, r in results.items() if pair[0] in rated}
    elo = elo_ratings(bradley_terry(fitted, rated), anchor=anchor) if rated else {}
    standings = []
    for agent in agents:
        games = 0
        points = 0.0
        for (a, b), scores in by_pair.items():
            if agent == a:
                games += len(scores)
                points += sum(scores)
            elif agent == b:
                games += len(scores)
                points += len(scores) - sum(scores)
        median = statistics.median(think[agent]) if think[agent] else None
        standings.append(
            Standing(agent, elo.get(agent), games, points / games if games else 0.0, median)
        )
    # Rated agents best first, then the unrated ones in the order given.
    standings.sort(key=lambda s: (s.elo is None, -(s.elo or 0.0)))
    return LadderReport(pairings, standings, anchor)

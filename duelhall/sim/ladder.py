"""A round robin between agents, resumable, with scores, intervals and Bradley–Terry ratings.

Every pair of agents plays ``games`` games. Games come in pairs on the same deal with the
seats swapped (game ``k`` deals seed ``seed + k // 2``; odd ``k`` swap seats), so neither the
deal nor the first seat favours one side, and every pairing sees the same deals.

Each finished game goes to an SQLite file (``ladder.sqlite``, the source of truth, one
transaction per game) and a JSON-lines file (``games.jsonl``, one line per game with its full
record) in the output folder. Interrupting loses nothing that finished; running the same
command again plays only the games that are missing. Adding agents or raising ``games``
extends the same ladder; changing the game, its options or the seed needs a new folder.
"""

from __future__ import annotations

import json
import sqlite3
import statistics
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from duelhall.agents.registry import parse_spec
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game, option_text
from duelhall.core.record import write_atomic
from duelhall.core.seeds import AFFINE, SEEDING
from duelhall.sim.match import make_folder, play_match, require_duel
from duelhall.sim.stats import ScoreInterval, bradley_terry, elo_ratings, score_interval

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
    elo: float
    games: int
    score: float
    median_think: float | None


@dataclass(frozen=True)
class LadderReport:
    pairings: list[Pairing]
    standings: list[Standing]
    anchor: str


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
        parse_spec(spec)
    if config.games < 1:
        raise DuelhallError("--games must be at least 1")
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
    """The ladder's folder: SQLite for truth, JSON lines for other tools."""

    def __init__(self, folder: Path, config: LadderConfig) -> None:
        make_folder(folder)
        self.folder = folder
        self.jsonl = folder / "games.jsonl"
        try:
            self.db = sqlite3.connect(folder / "ladder.sqlite")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            raise DuelhallError(
                f"{folder / 'ladder.sqlite'} is not a ladder database ({e}); choose another --out"
            ) from None
        row = self.db.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()
        if row is None:
            with self.db:
                self.db.execute("INSERT INTO meta VALUES ('config', ?)", (config.identity(),))
                self.db.execute("INSERT INTO meta VALUES ('seeding', ?)", (config.seeding,))
        elif row[0] != config.identity():
            raise DuelhallError(
                f"{folder} holds a ladder played with other settings ({_settings(row[0])}); "
                "use the same game, --seed and --option values to resume it, or choose "
                "another --out"
            )
        seeding = self.db.execute("SELECT value FROM meta WHERE key = 'seeding'").fetchone()
        self.seeding = seeding[0] if seeding else AFFINE  # folders from before schemes
        self._rewrite_jsonl()

    def done(self) -> set[tuple[str, str, int]]:
        return {(a, b, i) for a, b, i in self.db.execute("SELECT a, b, idx FROM games")}

    def add(self, result: GameResult) -> None:
        t = result.task
        line = json.dumps(_result_json(result), sort_keys=True)
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    t.a,
                    t.b,
                    t.index,
                    t.seed,
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
        with self.jsonl.open("a", encoding="utf-8") as f:
            f.write(line + "\n")

    def rows(self) -> list[tuple[str, str, int, float, list[float], list[float]]]:
        return [
            (a, b, idx, score, json.loads(ta), json.loads(tb))
            for a, b, idx, score, ta, tb in self.db.execute(
                "SELECT a, b, idx, score_a, think_a, think_b FROM games ORDER BY a, b, idx"
            )
        ]

    def _rewrite_jsonl(self) -> None:
        """Make the lines file agree with the database (a kill may have cut a line short)."""
        lines = []
        for a, b, idx, seed, _s0, _s1, score, reason, actions, ta, tb, record in self.db.execute(
            "SELECT * FROM games ORDER BY a, b, idx"
        ):
            task = GameTask(a, b, idx, seed)
            result = GameResult(
                task, score, reason, actions, json.loads(ta), json.loads(tb), json.loads(record)
            )
            lines.append(json.dumps(_result_json(result), sort_keys=True) + "\n")
        write_atomic(self.jsonl, "".join(lines))

    def close(self) -> None:
        self.db.close()


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
    on_game: Callable[[GameResult], None] | None = None,
) -> LadderStore:
    """Play every missing game of the ladder into ``folder``; returns the open store.

    ``on_start(total, already_done)`` and ``on_game(result)`` report progress.
    """
    config = check_config(config)
    store = LadderStore(folder, config)
    config = replace(config, seeding=store.seeding)
    done = store.done()
    every = tasks(config)
    todo = [t for t in every if (t.a, t.b, t.index) not in done]
    if on_start is not None:
        on_start(len(every), len(every) - len(todo))
    if jobs <= 1:
        for task in todo:
            result = play_task(config.game, config.options, task)
            store.add(result)
            if on_game is not None:
                on_game(result)
        return store
    _run_parallel(config, todo, jobs, store, on_game)
    return store


def _run_parallel(
    config: LadderConfig,
    todo: Sequence[GameTask],
    jobs: int,
    store: LadderStore,
    on_game: Callable[[GameResult], None] | None,
) -> None:
    # Keep only a few games in flight per worker, so an interrupt leaves little half-done.
    pending: set[Future[GameResult]] = set()
    queue = iter(todo)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            _fill(pool, pending, queue, config, jobs * 2)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    result = future.result()
                    store.add(result)
                    if on_game is not None:
                        on_game(result)
                _fill(pool, pending, queue, config, jobs * 2)
        except BaseException:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _fill(
    pool: ProcessPoolExecutor,
    pending: set[Future[GameResult]],
    queue: Iterable[GameTask],
    config: LadderConfig,
    limit: int,
) -> None:
    iterator = iter(queue)
    while len(pending) < limit:
        task = next(iterator, None)
        if task is None:
            return
        pending.add(pool.submit(play_task, config.game, config.options, task))


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
    anchor = "random" if "random" in agents else agents[0]
    elo = elo_ratings(bradley_terry(results, list(agents)), anchor=anchor)
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
            Standing(agent, elo[agent], games, points / games if games else 0.0, median)
        )
    standings.sort(key=lambda s: -s.elo)
    return LadderReport(pairings, standings, anchor)

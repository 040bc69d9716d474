"""The ladder when things go wrong: bad seeds, full or read-only disks, two ladders in one
folder, a stop before the first game, unplayed agents, and more workers than make sense."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import duelhall.sim.ladder as ladder_module
from duelhall.cli.ladder_view import ladder_tables
from duelhall.cli.main import cli
from duelhall.core.errors import DuelhallError
from duelhall.core.rng import MAX_SEED
from duelhall.sim.ladder import (
    GameResult,
    LadderConfig,
    LadderStore,
    check_config,
    play_missing,
    report,
    run_ladder,
)
from duelhall.sim.stats import connected

CONFIG = LadderConfig("duel52", ("random", "heuristic"), games=4, seed=10)
LADDER = ["ladder", "duel52", "--agents", "random,heuristic", "--games", "4", "--seed", "10"]


def lines(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def after_games(count: int, action: Callable[[], None]) -> Callable[[GameResult], None]:
    """An ``on_game`` callback that does ``action`` once ``count`` games are stored."""
    seen: list[GameResult] = []

    def on_game(result: GameResult) -> None:
        seen.append(result)
        if len(seen) == count:
            action()

    return on_game


def assert_resumes_whole(folder: Path) -> None:
    """The folder resumes to the full ladder, its lines file agreeing with the database."""
    store = run_ladder(CONFIG, folder)
    assert len(store.done()) == 4
    store.close()
    found = sorted((d["a"], d["b"], d["index"]) for d in lines(folder))
    assert found == sorted(("random", "heuristic", i) for i in range(4))


# --- seeds -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "bench", "ladder", "tournament"])
@pytest.mark.parametrize("seed", [str(MAX_SEED + 1), "-1", "99" * 3000, "7e3", "٣"])
def test_every_seeded_command_refuses_a_seed_outside_64_bits_naming_the_range(
    tmp_path: Path, command: str, seed: str
) -> None:
    out = tmp_path / "out"
    args = [command, "duel52", "--seed", seed]
    if command in ("ladder", "tournament"):
        args += ["--out", str(out)]
    result = CliRunner().invoke(cli, args, input="q\n")
    assert result.exit_code == 2
    assert f"from 0 to {MAX_SEED}" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_ladder_seeded_at_the_top_of_the_range_stores_and_resumes_its_seeds(
    tmp_path: Path,
) -> None:
    top = LadderConfig("duel52", ("random", "heuristic"), games=2, seed=MAX_SEED)
    run_ladder(top, tmp_path).close()
    # The lines file is rebuilt from the database at each start: the seed survives SQLite.
    run_ladder(top, tmp_path).close()
    assert [d["seed"] for d in lines(tmp_path)] == [MAX_SEED, MAX_SEED]
    assert all(d["record"]["seed"] == MAX_SEED for d in lines(tmp_path))


def test_a_ladder_whose_deals_would_run_past_the_largest_seed_is_refused(tmp_path: Path) -> None:
    config = LadderConfig("duel52", ("random", "heuristic"), games=4, seed=MAX_SEED)
    with pytest.raises(DuelhallError, match=f"at most {MAX_SEED - 1}"):
        check_config(config)
    with pytest.raises(DuelhallError, match="from 0 to"):
        check_config(LadderConfig("duel52", ("random", "heuristic"), games=4, seed=-3))


# --- full and read-only disks ------------------------------------------------------------


@pytest.mark.parametrize(
    ("pragma", "words"),
    [
        ("max_page_count = {pages}", "database or disk is full"),  # SQLite's own full disk
        ("query_only = 1", "readonly database"),
    ],
)
def test_a_database_that_refuses_writes_stops_the_ladder_in_one_line_and_resumes(
    tmp_path: Path, pragma: str, words: str
) -> None:
    config = check_config(CONFIG)
    store = LadderStore(tmp_path, config)

    def refuse() -> None:
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute("PRAGMA " + pragma.format(pages=pages))

    with pytest.raises(DuelhallError, match=f"cannot write .*ladder.sqlite: .*{words}.*resume"):
        play_missing(store, config, on_game=after_games(1, refuse))
    assert len(store.done()) == 1
    store.close()
    assert len(lines(tmp_path)) == 1
    assert_resumes_whole(tmp_path)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_under_the_lines_file_stops_the_ladder_and_the_next_start_mends_it(
    tmp_path: Path,
) -> None:
    def fill_the_disk() -> None:
        (tmp_path / "games.jsonl").unlink()
        (tmp_path / "games.jsonl").symlink_to("/dev/full")  # every write: no space left

    with pytest.raises(DuelhallError, match=r"cannot write .*games\.jsonl: No space left"):
        run_ladder(CONFIG, tmp_path, on_game=after_games(2, fill_the_disk))
    # The database kept the third game, whose line was lost; the next start writes it again.
    assert_resumes_whole(tmp_path)


def test_the_ladder_command_on_a_full_disk_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "lad"
    run_ladder(LadderConfig("duel52", CONFIG.agents, 2, seed=10), out).close()
    real = sqlite3.connect

    def full_disk(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db: sqlite3.Connection = real(*args, **kwargs)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(sqlite3, "connect", full_disk)
    result = CliRunner().invoke(cli, [*LADDER, "--out", str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("duelhall: error: cannot write") and "disk is full" in line
    monkeypatch.undo()
    assert_resumes_whole(out)


def test_a_read_only_folder_is_refused_in_one_line_and_a_new_one_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(path: Any, text: str) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(ladder_module, "write_atomic", read_only)
    out = tmp_path / "new" / "lad"
    result = CliRunner().invoke(cli, [*LADDER, "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"duelhall: error: cannot write {out / 'games.jsonl'}: Read-only file system; finished "
        "games are kept: make room (or make it writable) and run the same command to resume, "
        "or choose another --out"
    )
    assert not (tmp_path / "new").exists()


# --- one ladder a folder -----------------------------------------------------------------


def test_a_second_ladder_in_a_folder_in_use_is_refused_and_plays_nothing(tmp_path: Path) -> None:
    first = LadderStore(tmp_path, check_config(CONFIG))
    with pytest.raises(DuelhallError, match="another ladder is running in"):
        LadderStore(tmp_path, check_config(CONFIG))
    result = CliRunner().invoke(cli, [*LADDER, "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "another ladder is running" in result.stderr
    assert (tmp_path / "ladder.sqlite").exists()  # the refused run removed nothing
    play_missing(first, check_config(CONFIG))
    first.close()
    assert len(lines(tmp_path)) == 4  # each game once
    run_ladder(CONFIG, tmp_path).close()  # the lock went with the first ladder
    assert len(lines(tmp_path)) == 4


# --- a stop before the first game --------------------------------------------------------


def test_a_ladder_stopped_before_its_first_game_leaves_no_folder(tmp_path: Path) -> None:
    def stop(total: int, done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ladder(CONFIG, tmp_path / "a" / "b", on_start=stop)
    assert list(tmp_path.iterdir()) == []
    # A folder that was there before stays, emptied of what the run put in it.
    (tmp_path / "mine").mkdir()
    with pytest.raises(KeyboardInterrupt):
        run_ladder(CONFIG, tmp_path / "mine", on_start=stop)
    assert list((tmp_path / "mine").iterdir()) == []


def test_ctrl_c_in_the_ladder_command_says_what_was_kept_and_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = ladder_module.play_task
    played: list[int] = []

    def interrupted_at(count: int) -> Callable[..., GameResult]:
        def play(*args: Any) -> GameResult:
            if len(played) == count:
                raise KeyboardInterrupt
            played.append(1)
            return real(*args)

        return play

    out = tmp_path / "lad"
    monkeypatch.setattr(ladder_module, "play_task", interrupted_at(0))
    result = CliRunner().invoke(cli, [*LADDER, "--out", str(out)])
    assert result.exit_code == 130
    assert "Stopped before any game finished; nothing was written." in result.output
    assert not out.exists()
    monkeypatch.setattr(ladder_module, "play_task", interrupted_at(1))
    result = CliRunner().invoke(cli, [*LADDER, "--out", str(out)])
    assert result.exit_code == 130
    text = " ".join(result.output.split())
    assert "Stopped: finished games are kept; run the same command to resume." in text
    assert len(lines(out)) == 1


# --- ratings -----------------------------------------------------------------------------


def test_an_agent_without_games_is_shown_unrated_not_given_an_elo(tmp_path: Path) -> None:
    store = run_ladder(CONFIG, tmp_path)
    rep = report(store, ("random", "heuristic", "ismcts:20"))
    store.close()
    by_agent = {s.agent: s for s in rep.standings}
    assert by_agent["ismcts:20"].elo is None and by_agent["ismcts:20"].games == 0
    assert by_agent["random"].elo == 0 and by_agent["heuristic"].elo is not None
    assert rep.standings[-1].agent == "ismcts:20"
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(ladder_tables(rep))
    text = console.export_text()
    row = next(line for line in text.splitlines() if "ismcts:20" in line)
    assert [cell.strip() for cell in row.split("│")[1:-1]] == ["–", "ismcts:20", "–", "0", "–", "–"]
    assert "not rated yet" in text


def test_without_any_game_between_the_agents_nobody_is_rated(tmp_path: Path) -> None:
    store = run_ladder(CONFIG, tmp_path)
    rep = report(store, ("heuristic", "ismcts:20"))  # heuristic only met random
    store.close()
    assert rep.anchor is None
    assert [s.elo for s in rep.standings] == [None, None]


def test_ratings_cover_only_the_agents_games_link_to_the_anchor() -> None:
    results = {("a", "b"): (1.0, 2), ("c", "d"): (1.0, 2), ("a", "e"): (0.0, 0)}
    assert connected(results, "a") == {"a", "b"}
    assert connected(results, "d") == {"c", "d"}


# --- how many workers --------------------------------------------------------------------


def test_workers_are_capped_by_the_games_left_and_the_processors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plans: list[tuple[int, str | None]] = []
    two = LadderConfig("duel52", CONFIG.agents, 2, seed=10)
    monkeypatch.setattr(ladder_module, "usable_cpus", lambda: 8)
    run_ladder(two, tmp_path / "a", jobs=8, on_plan=lambda n, note: plans.append((n, note)))
    assert plans == [(2, None)]  # two games: two workers, whatever --jobs says
    monkeypatch.setattr(ladder_module, "usable_cpus", lambda: 1)
    plans.clear()
    run_ladder(two, tmp_path / "b", jobs=8, on_plan=lambda n, note: plans.append((n, note)))
    assert plans == [(0, "--jobs 8: this machine has 1 processors, so 1 play at a time")]


@pytest.mark.parametrize(("allowed", "workers", "where"), [(1, 1, "1 worker"), (0, 0, "this")])
def test_when_the_system_refuses_processes_the_ladder_plays_on_with_fewer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, allowed: int, workers: int, where: str
) -> None:
    real = multiprocessing.get_context("fork")
    started: list[int] = []

    class Refused(real.Process):  # type: ignore[name-defined,misc]
        def start(self) -> None:
            raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))

    class Stingy:
        """A context that lets ``allowed`` processes start, then refuses, as fork does."""

        Pipe = staticmethod(real.Pipe)

        def Process(self, **kwargs: Any) -> Any:  # multiprocessing's name
            started.append(1)
            return (real.Process if len(started) <= allowed else Refused)(**kwargs)

    monkeypatch.setattr(multiprocessing, "get_context", lambda _m=None: Stingy())
    monkeypatch.setattr(ladder_module, "usable_cpus", lambda: 4)
    plans: list[tuple[int, str | None]] = []
    store = run_ladder(CONFIG, tmp_path, jobs=3, on_plan=lambda n, t: plans.append((n, t)))
    assert len(store.done()) == 4
    store.close()
    ((count, note),) = plans
    assert count == workers
    assert note is not None
    assert note.startswith("the system refused more processes (Resource temporarily")
    assert f"playing in {where}" in note

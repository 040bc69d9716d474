"""The ladder end to end: paired seeds, storage, resuming, and the command."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record, replay
from duelhall.sim.ladder import GameResult, LadderConfig, report, run_ladder, tasks

CONFIG = LadderConfig("duel52", ("random", "heuristic"), games=4, seed=10)


def test_games_come_in_seat_swapped_pairs_on_the_same_deal() -> None:
    games = tasks(LadderConfig("duel52", ("a", "b", "c"), games=4, seed=10))
    assert len(games) == 3 * 4
    ab = [t for t in games if (t.a, t.b) == ("a", "b")]
    assert [t.seed for t in ab] == [10, 10, 11, 11]
    assert [t.seats for t in ab] == [("a", "b"), ("b", "a")] * 2


def test_every_game_is_stored_twice_and_replays_to_its_result(tmp_path: Path) -> None:
    store = run_ladder(CONFIG, tmp_path)
    rep = report(store, CONFIG.agents)
    store.close()
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 4
    rows = sqlite3.connect(tmp_path / "ladder.sqlite").execute("SELECT COUNT(*) FROM games")
    assert rows.fetchone()[0] == 4
    for line in lines:
        data = json.loads(line)
        record = Record.from_json(data["record"])
        final = replay(record)  # checks the stored result too
        a_seat = data["seats"].index(data["a"])
        assert final.outcome().scores[a_seat] == data["score_a"]  # type: ignore[union-attr]
    (pair,) = rep.pairings
    assert (pair.a, pair.b, pair.score.games) == ("random", "heuristic", 4)
    assert rep.standings[0].agent == "heuristic"
    assert rep.anchor == "random"


def test_an_interrupted_ladder_keeps_finished_games_and_resumes(tmp_path: Path) -> None:
    seen: list[GameResult] = []

    def stop_after_two(result: GameResult) -> None:
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ladder(CONFIG, tmp_path, on_game=stop_after_two)
    # A kill can also cut the lines file mid-line; the database is the truth.
    with (tmp_path / "games.jsonl").open("a") as f:
        f.write('{"a": "rand')
    starts: list[tuple[int, int]] = []
    store = run_ladder(CONFIG, tmp_path, on_start=lambda t, d: starts.append((t, d)))
    assert starts == [(4, 2)]
    assert len(store.done()) == 4
    store.close()
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(line) for line in lines)
    # Same games as an uninterrupted run.
    fresh = run_ladder(CONFIG, tmp_path / "fresh")
    fresh_lines = (tmp_path / "fresh" / "games.jsonl").read_text().splitlines()
    fresh.close()

    def games(texts: list[str]) -> list[tuple[str, str]]:
        # Thinking times differ from run to run; the games themselves may not.
        return sorted((json.dumps(d["record"]), d["score_a"]) for d in map(json.loads, texts))

    assert games(lines) == games(fresh_lines)


def test_other_settings_cannot_resume_a_ladder(tmp_path: Path) -> None:
    run_ladder(CONFIG, tmp_path).close()
    other = LadderConfig("duel52", CONFIG.agents, 4, seed=11)
    with pytest.raises(DuelhallError, match="--seed 10"):
        run_ladder(other, tmp_path)


def test_more_agents_extend_the_same_ladder(tmp_path: Path) -> None:
    run_ladder(CONFIG, tmp_path).close()
    bigger = LadderConfig("duel52", ("random", "heuristic", "ismcts:20"), 2, seed=10)
    starts: list[tuple[int, int]] = []
    store = run_ladder(bigger, tmp_path, on_start=lambda t, d: starts.append((t, d)))
    assert starts == [(6, 2)]
    rep = report(store, bigger.agents, bigger.games)
    store.close()
    assert sorted(p.score.games for p in rep.pairings) == [2, 2, 2]


@pytest.mark.parametrize(
    ("agents", "words"),
    [("random", "at least two"), ("random,random", "once"), ("random,wizard", "unknown agent")],
)
def test_bad_ladders_are_refused_before_playing(tmp_path: Path, agents: str, words: str) -> None:
    config = LadderConfig("duel52", tuple(agents.split(",")), 2)
    with pytest.raises(DuelhallError, match=words):
        run_ladder(config, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_ladder_command_runs_in_parallel_and_prints_ratings(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    args = ["ladder", "duel52", "--agents", "random,heuristic,ismcts:10,c=1.0"]
    args += ["--games", "2", "--jobs", "2", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "Bradley" in result.output and "ismcts:10,c=1.0" in result.output
    assert len((out / "games.jsonl").read_text().splitlines()) == 6
    again = CliRunner().invoke(cli, args)
    assert "6 of 6 games already played" in " ".join(again.output.split())


def test_ladder_command_refuses_a_folder_of_another_ladder(tmp_path: Path) -> None:
    out = tmp_path / "lad"
    base = ["ladder", "duel52", "--agents", "random,heuristic", "--games", "2"]
    assert CliRunner().invoke(cli, [*base, "--out", str(out)]).exit_code == 0
    result = CliRunner().invoke(cli, [*base, "--seed", "5", "--out", str(out)])
    assert result.exit_code == 1
    assert "other settings" in " ".join(result.output.split())

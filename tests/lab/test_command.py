"""``duelhall balance``: bad input refused in one line, and a report that opens offline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.command_line import run


def _error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["duel52", "winner"], "unknown question 'winner'; ask one of first-player"),
        (["duel52", "metrics", "--precision", "0.9"], "--precision 0.9: give the 95%"),
        (["duel52", "metrics", "--precision", "0"], "from 0.005 to 0.5"),
        (["deckduel", "matchups"], "has no sides to match up"),
        (["duel52", "matchups", "--heroes", "7,Z"], "'Z' is not a rank"),
        (["deckduel", "compare"], "compare needs two option sets"),
        (["deckduel", "compare", "--a", "nope"], "--a takes NAME=VALUE"),
        (["deckduel", "metrics", "--metrics", "fun"], "unknown metric 'fun'"),
        (["deckduel", "card-value"], "card-value reads cards of Duel 52 and Highlander"),
        (["highlander", "first-player", "--variant", "huge"], "--variant huge"),
        (["deckduel", "metrics", "--address", "127.0.0.1:1"], "--address is for --backend ray"),
        (["deckduel", "metrics", "--agents", "wizard"], "unknown agent 'wizard'"),
        (["deckduel", "metrics", "--agents", "random,random,random"], "--agents: give one"),
        (["highlander", "matchups", "--engine", "fast"], "has no fast engine"),
        (["duel52", "first-player", "--engine", "fast"], "the fast engine plays base two-player"),
        # A flag of another question was ignored, and a long study of something else began.
        (["duel52", "first-player", "--heroes", "7,K"], "--heroes is for matchups, not first"),
        (["duel52", "card-value", "--a", "heroes=true"], "--a is for compare, not card-value"),
        (["duel52", "matchups", "--variant", "quick"], "leave it out, or set the rules with"),
        (["deckduel", "metrics", "--players", "2"], "--players is for first-player, not"),
        (["deckduel", "first-player", "--metrics", "drama"], "--metrics is for compare and"),
        (["deckduel", "compare", "--kind", "heroes"], "--kind is for matchups, not compare"),
        (["highlander", "matchups", "--heroes", "7,K"], "--heroes picks Duel 52 heroes"),
    ],
)
def test_bad_input_is_refused_in_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    code, output = run("balance", *args, "--out", str(tmp_path / "out"))
    assert code == 1
    line = _error_line(output)
    assert line.startswith("duelhall: error: ") and says in line
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_a_broken_store_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "balance.sqlite").write_text("this is no database\n" * 50)
    code, output = run("balance", "deckduel", "metrics", "--out", str(tmp_path))
    assert code == 1
    assert "is not a balance store" in _error_line(output)


def test_the_report_is_whole_and_opens_without_a_network(tmp_path: Path) -> None:
    args = ["balance", "highlander", "first-player", "--variant", "quick", "--jobs", "1"]
    code, output = run(*args, "--max-games", "8", "--out", str(tmp_path))
    assert code == 0, output
    page = (tmp_path / "first-player.html").read_text()
    assert "<svg" in page and "First seat" in page
    # Nothing to fetch: no scripts, no style sheets, no link or image from elsewhere (XML
    # namespaces name a web address but are never fetched).
    assert "<script" not in page and "<link" not in page and "<img" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)|url\(\s*["']?(https?:|//)""", page)
    summary = json.loads((tmp_path / "first-player.json").read_text())
    assert summary["question"] == "first-player" and summary["games"] == 8
    (row,) = summary["result"]["variants"]
    assert row["variant"] == "quick" and 0 <= row["low"] <= row["first_seat"] <= row["high"] <= 1
    for suffix in ("png", "svg"):
        figure = tmp_path / "figures" / f"first-player-first-seat.{suffix}"
        assert figure.stat().st_size > 1000
    assert (tmp_path / "figures" / "first-player-first-seat.png").read_bytes()[:4] == b"\x89PNG"
    # Asked again, the store answers: nothing is replayed.
    code, output = run(*args, "--max-games", "8", "--out", str(tmp_path))
    assert code == 0, output
    assert "0 played now, 8 reused" in (tmp_path / "first-player.html").read_text()


def test_all_games_first_player_has_an_arm_for_every_game_and_variant() -> None:
    from duelhall.core.game import game_names, get_game
    from duelhall.lab.questions.first_player import FirstPlayer
    from tests.lab.helpers import ask

    games = tuple(get_game(n) for n in game_names())
    study = FirstPlayer().study(ask(every_game=games))
    arms = {a.label: a for a in study.arms}
    assert {a.game for a in study.arms} == set(game_names())
    assert "Highlander: The Duel: quick" in arms and "Duel 52: long" in arms
    assert "Duel 52: standard, two teams of two" in arms
    assert len(arms["Duel 52: standard, three players"].seatings) == 3


def test_all_is_only_for_first_player() -> None:
    code, output = run("balance", "all", "metrics")
    assert code == 1 and "GAME all is for first-player" in _error_line(output)


@pytest.mark.parametrize(
    ("args", "figure"),
    [
        (["duel52", "matchups", "--heroes", "7,K,A"], "matrix"),
        (["duel52", "matchups", "--kind", "bannermen"], "bannermen-ranks"),
        (["highlander", "matchups"], "matrix"),
        (["duel52", "card-value", "--option", "heroes=true"], "value-hero"),
        (["deckduel", "compare", "--a", "block_floor=0", "--b", "block_floor=1"], "metrics"),
        (["highlander", "metrics"], "duration"),
    ],
)
def test_every_question_writes_its_report(tmp_path: Path, args: list[str], figure: str) -> None:
    question = args[1]
    code, output = run(
        "balance",
        *args,
        "--agents",
        "random",
        "--max-games",
        "4",
        "--jobs",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 0, output
    summary = json.loads((tmp_path / f"{question}.json").read_text())
    assert summary["question"] == question and summary["games"] >= 4
    assert (tmp_path / "figures" / f"{question}-{figure}.png").exists()
    assert "<svg" in (tmp_path / f"{question}.html").read_text()

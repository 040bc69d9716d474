"""The three-player game from the command line: against computers, hotseat, records."""

from __future__ import annotations

from pathlib import Path

from duelhall.core.record import load, replay
from tests.command_line import run

# Player 1 against two random computer players, on one deal.
AGAINST_COMPUTERS = ("play", "duel52", "--players", "3", "--opponent", "random", "--seed", "3")


def test_s4_three_player_cli_plays_to_the_end_against_two_computers(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(
        *AGAINST_COMPUTERS,
        "--record",
        str(record),
        input="1\n" * 3000,
    )
    assert code == 0, out[-3000:]
    assert "Triangle 4" in out
    assert "wins the game, holding triangles" in out or "drawn" in out
    saved = load(record)
    assert saved.options["players"] == 3
    final = replay(saved)
    assert final.outcome() is not None
    assert saved.result == final.outcome().to_json()  # type: ignore[union-attr]
    code, shown = run("replay", str(record), "--view", "3", "--no-step", "--to", "5")
    assert code == 0, shown
    assert "Triangle 1" in shown


def test_s4_three_player_cli_hotseat_passes_between_three_people() -> None:
    code, out = run(
        "play", "duel52", "--players", "3", "--hotseat", "--seed", "2", input="1\n\n" * 4000
    )
    assert code == 0, out[-3000:]
    assert "Pass the terminal to Player 2" in out
    assert "Pass the terminal to Player 3" in out
    assert "Computer" not in out


def test_s4_three_player_cli_takes_notation() -> None:
    code, out = run(
        *AGAINST_COMPUTERS,
        "--option",
        "first_player=1",
        input="play 7H 9\n1\nq\n",
    )
    assert "triangle must be 1, 2, 3 or 4" in out
    assert "You: play" in out
    assert "You stopped the game" in out
    assert code == 1


def test_s4_three_player_cli_plays_a_position_and_replays_it(tmp_path: Path) -> None:
    position = tmp_path / "pos.json"
    position.write_text(
        '{"options": {"players": 3}, "actions_left": 1, "pile": [], "triangles": '
        '[[["5C"], [], []], [["KH"], ["4D down d1"], []], [[], ["9S"], ["JD"]], [[], [], []]]}'
    )
    record = tmp_path / "rec.json"
    code, out = run(
        "play",
        "duel52",
        "--position",
        str(position),
        "--opponent",
        "random",
        "--record",
        str(record),
        input="attack 21a 22a\n",
    )
    assert code == 0, out
    assert "You win the game, holding triangles 1 and 2." in out
    code, shown = run("replay", str(record), "--view", "2", "--no-step")
    assert code == 0, shown
    assert "Player 1 wins the game, holding triangles 1 and 2." in shown

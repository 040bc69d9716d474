"""Solo play tells each action once, in the order it happened (issue 11)."""

from __future__ import annotations

from click.testing import CliRunner

from duelhall.cli.main import cli


def test_solo_tells_each_action_once_as_the_acting_seat_saw_it() -> None:
    answers = (
        "1\n" + "1\n" * 9 + "q\n"
    )  # predict player 1, then the first choice (a gone number is refused once)
    result = CliRunner().invoke(cli, ["play", "duel52", "--solo", "--seed", "5"], input=answers)
    told = [
        line.strip()
        for line in result.output.splitlines()
        if line.strip().startswith(("Player 1", "Player 2", "── Turn"))
        and "opening position" not in line
        and "hand:" not in line
        and "your choice" not in line
        and "│" not in line
    ]
    assert told == [
        "── Turn 1: Player 1, 2 actions ──",
        "Player 1: play 2♠ face-down into lane 1",
        "Player 1: play 3♣ face-down into lane 1",
        "── Turn 2: Player 2, 3 actions ──",
        "Player 2 draws a card",
        "Player 2: play 3♥ face-down into lane 1",
        "Player 2: play 5♠ face-down into lane 1",
        "Player 2: play 8♥ face-down into lane 1",
        "── Turn 3: Player 1, 3 actions ──",
        "Player 1 draws a card",
        "Player 1: play 3♠ face-down into lane 1",
    ]

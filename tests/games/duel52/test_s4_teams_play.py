"""The team game at the terminal, in records and with the computer players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import load, replay
from duelhall.games.duel52.variants.teams import render as render_teams
from duelhall.games.duel52.variants.teams.state import TeamState
from duelhall.sim.match import play_match
from tests.command_line import run

GAME = get_game("duel52")


def play_with_computers(record: Path) -> str:
    """A whole team game, the person always answering 1, recorded in ``record``."""
    code, out = run(
        "play", "duel52", "--players", "4", "--opponent", "random", "--seed", "3",
        "--record", str(record), input="1\n" * 2000,
    )  # fmt: skip
    assert code == 0, out
    return out


def test_s4_teams_cli_plays_with_a_computer_partner_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "teams.json"
    out = play_with_computers(record)
    assert "You & Computer 2" in out and "Computer 1 & Computer 3" in out
    assert "win the game" in out or "drawn" in out
    saved = json.loads(record.read_text())
    assert saved["options"]["players"] == 4
    final = replay(load(record))
    assert isinstance(final, TeamState)
    assert saved["result"] == final.outcome().to_json()  # type: ignore[union-attr]


def test_s4_teams_cli_hotseat_four_people() -> None:
    code, out = run(
        "play", "duel52", "--players", "4", "--hotseat", "--seed", "8", input="1\n" * 4000
    )
    assert code == 0, out
    assert "Player 1 & Player 3" in out and "Player 2 & Player 4" in out
    assert "Pass the terminal to Player 4" in out


def test_s4_teams_cli_replay_through_one_players_eyes(tmp_path: Path) -> None:
    record = tmp_path / "teams.json"
    play_with_computers(record)
    code, out = run("replay", str(record), "--view", "3")
    assert code == 0, out
    assert "Player 1 & Player 3 win" in out or "Player 2 & Player 4 win" in out or "drawn" in out


def test_s4_teams_render_hides_the_partners_hand() -> None:
    from rich.console import Console

    state = GAME.new_state(2, {"players": 4, "first_player": "1"})
    names = ("You", "Computer 1", "Computer 2", "Computer 3")
    console = Console(width=120, record=True)
    console.print(render_teams.render_view(state.view(0), names))
    text = console.export_text()
    assert "Computer 2's (partner) hand: 6 cards, hidden" in text
    assert "You & Computer 2" in text
    own = next(line for line in text.splitlines() if line.startswith("Your hand"))
    assert own.split(": ")[1].split() == [
        render_teams.C.pretty(render_teams.C.parse(n)) for n in state.view(0)["hands"][0]
    ]


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:50"])
def test_s4_teams_agents_play_whole_games(spec: str) -> None:
    result = play_match(GAME, [spec, "random", spec, "random"], 11, {"players": 4})
    assert sorted(result.scores) in ([0.0, 0.0, 1.0, 1.0], [0.5] * 4)
    assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3]


def test_s4_teams_heuristic_team_beats_random_team_mostly() -> None:
    wins = 0.0
    games = 8
    for seed in range(games):
        # Alternate which team is the heuristic one, so seat order does not decide.
        if seed % 2:
            result = play_match(GAME, ["heuristic", "random"] * 2, seed, {"players": 4})
            wins += result.scores[0]
        else:
            result = play_match(GAME, ["random", "heuristic"] * 2, seed, {"players": 4})
            wins += result.scores[1]
    assert wins >= 6


def test_s4_teams_words_never_name_a_partners_hidden_card() -> None:
    from tests.games.duel52.test_s4_teams_helpers import make

    state = make(hands=(["7H"], [], ["KD"], []), to_move=2, actions_left=1)
    before = {seat: state.view(seat) for seat in range(4)}
    action = state.parse_action("play KD 2")
    state.apply(action)
    names = ("You", "Computer 1", "Computer 2", "Computer 3")
    assert "a card" in render_teams.describe(action, before[0], 0)
    assert "K♦" in render_teams.describe(action, before[2], 2)
    told = " ".join(
        str(line) for line in render_teams.effects(action, before[0], state.view(0), 0, names)
    )
    assert "K♦" not in told and "Computer 3 draws a card" in told


def test_s4_teams_reference_states_the_team_rules() -> None:
    from duelhall.games.duel52.variants.teams.reference import reference_text

    text = reference_text({"players": 4})
    assert "A and C are one team" in text and "A has 1 action, B 2, C 2, D 3" in text
    assert "Powers" in text and "Rulings in force" in text  # the shared rules follow
    assert "five cards" not in text and "variant" not in text  # not the standard setup
    assert max(len(line) for line in text.splitlines()) <= 88

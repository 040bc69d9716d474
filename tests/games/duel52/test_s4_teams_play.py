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
    teams = "your team, You & Computer 2 (1a...), against the opponents, Computer 1 & Computer 3"
    assert f"Teams: {teams} (1A...)" in " ".join(out.split())
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
    # Nobody is "you" at a shared terminal: the teams go by the numbers the results use.
    flat = " ".join(out.split())
    assert "team 1, Player 1 & Player 3 (1a...), against team 2, Player 2 & Player 4" in flat
    assert "Team 1 wins the game (Player 1 and Player 3)" in flat or "Team 2 wins" in flat


def test_s4_teams_cli_replay_through_one_players_eyes(tmp_path: Path) -> None:
    record = tmp_path / "teams.json"
    play_with_computers(record)
    code, out = run("replay", str(record), "--view", "3")
    assert code == 0, out
    assert (
        "Team 1 wins the game (Player 1 and Player 3)" in out
        or "Team 2 wins the game (Player 2 and Player 4)" in out
        or "drawn" in out
    )


def test_s4_teams_render_hides_the_partners_hand() -> None:
    from rich.console import Console

    state = GAME.new_state(2, {"players": 4, "first_player": "1"})
    names = ("You", "Computer 1", "Computer 2", "Computer 3")
    console = Console(width=120, record=True)
    console.print(render_teams.render_view(state.view(0), names))
    text = console.export_text()
    assert "Computer 2's (partner) hand: 6 cards, hidden" in text
    assert "You & Computer 2" in text
    headings = [line.split("│")[0].strip() for line in text.splitlines() if "│" in line]
    assert "Opponents" in headings and "Your team" in headings  # as the web board says
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


def _won_by(team: int) -> TeamState:
    """A team game of random players that ``team`` wins."""
    for seed in range(11, 60):
        result = play_match(GAME, ["random"] * 4, seed, {"players": 4})
        final = replay(result.record)
        outcome = final.outcome()
        assert isinstance(final, TeamState) and outcome is not None
        if outcome.winner is not None and outcome.winner % 2 == team:
            return final
    raise AssertionError(f"team {team + 1} won none of 49 games")


WEB_NAMES = ("Player 1", "Computer (easy)", "Computer (easy)", "Computer (easy)")
# The winners' names as each reader reads them: (reader's seat, winning team) -> partners.
PARTNERS = {
    **{(seat, 0): "Player 1 and Computer (easy)" for seat in (None, 1, 3)},
    (0, 0): "you and Computer (easy)",
    (2, 0): "you and Player 1",
    **{(seat, 1): "both Computer (easy)" for seat in (None, 0, 2)},
    **{(seat, 1): "you and Computer (easy)" for seat in (1, 3)},
}


@pytest.mark.parametrize("team", [0, 1])
@pytest.mark.parametrize("seat", [0, 1, 2, 3, None])
def test_s4_teams_result_names_the_team_as_its_reader_sees_it(seat: int | None, team: int) -> None:
    """Two against two, the winners are a team: a seat reads "Your team wins" or "The
    opponents win", a spectator "Team N wins", and the partners follow in brackets, a name
    shared by both said once ("both Computer (easy)", not "Computer (easy) & Computer
    (easy)")."""
    from duelhall.web.views import names_for, view_of

    final = _won_by(team)
    names = names_for(WEB_NAMES, seat)
    text = render_teams.result_text(view_of(final, seat), names).plain
    held = " and ".join(
        str(n + 1) for n, lane in enumerate(final.view(0)["lanes"]) if lane["winner"] == team
    )
    if seat is None:
        who = f"Team {team + 1} wins"
    elif seat % 2 == team:
        who = "Your team wins"
    else:
        who = "The opponents win"
    assert text == f"{who} the game ({PARTNERS[seat, team]}), holding lanes {held}."
    assert "&" not in text


def test_s4_teams_web_board_heads_a_spectators_rows_with_the_teams() -> None:
    from duelhall.games.duel52.web.board import board_html

    team = 1
    final = _won_by(team)
    html = str(board_html(final.public_view(), None, WEB_NAMES))
    assert "Team 1 (Player 1 and Computer (easy))" in html
    assert "Team 2 (both Computer (easy))" in html
    assert f"♛ Team {team + 1}" in html
    assert "Computer (easy) &amp; Computer (easy)" not in html

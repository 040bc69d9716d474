"""The move panel's "Click ..." says what the game's board offers: cards for the card games
(the default), spots, markers and figures for Duel Fighters."""

from __future__ import annotations

from duelhall.cli.session import ui_for
from duelhall.core.game import get_game
from duelhall.core.state import GameState
from duelhall.web.boards import action_picks
from duelhall.web.snapshots import snapshot
from tests.games.duelfighters.engine.helpers import new
from tests.games.duelfighters.web.decisions import who_plays

NAMES = ("Ann", "Bob")


def _said(game: str, state: GameState, seat: int | None) -> str:
    sent = snapshot(get_game(game), ui_for(game), state, seat, NAMES, seq=1, log=None)
    return str(sent["pick_words"])


def test_the_card_games_ask_for_a_card() -> None:
    for game in ("duel52", "deckduel", "highlander"):
        state = get_game(game).new_state(3, {})
        assert _said(game, state, state.to_move()[0]) == "a highlighted card", game


def test_duel_fighters_asks_for_a_spot_then_a_marker() -> None:
    state = new(2)
    seat = state.to_move()[0]
    assert _said("duelfighters", state, seat) == "a highlighted spot on the table, then a facing"
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    assert _said("duelfighters", state, 0) == "a highlighted marker"


def test_duel_fighters_asks_for_a_figure_while_steps_are_played() -> None:
    state = who_plays()
    info, view = get_game("duelfighters"), state.view(0)
    picks = {p for a in state.legal_actions(0) for p in action_picks(info, a, view, 0)}
    assert picks and all(p.startswith("fig:") for p in picks)  # figures are what is clicked
    assert _said("duelfighters", state, 0) == "a highlighted figure, on the table or by its name"

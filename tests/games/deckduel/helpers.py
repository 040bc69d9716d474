"""Small position builders shared by the Deck Duel rule tests.

``make`` builds a position from two player descriptions in the position format
(docs/positions/deckduel.md); ``deck_top`` fixes the next cards to be flipped, top first, and
the rest of each suit is shuffled below them by the seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.game import get_game
from duelhall.games.deckduel.engine.actions import Act
from duelhall.games.deckduel.engine.state import DeckDuelState, card_name
from tests.refusals import refusal

GAME = get_game("deckduel")


def make(
    p0: Mapping[str, Any] | None = None,
    p1: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    **options: Any,
) -> DeckDuelState:
    data: dict[str, Any] = {
        "seed": seed,
        "players": [dict(p0 or {}), dict(p1 or {})],
        "options": dict(options),
    }
    state = GAME.load_position(data)
    assert isinstance(state, DeckDuelState)
    return state


def tops(
    a: str, b: str, first: Mapping[str, Any] | None = None, second: Mapping[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Players whose next flips are ``a`` and ``b`` (space-separated, top first), with any
    other fields of player 1 (``first``) and player 2 (``second``)."""
    return {"deck_top": a.split(), **(first or {})}, {"deck_top": b.split(), **(second or {})}


def new(seed: int = 1, **options: Any) -> DeckDuelState:
    state = GAME.new_state(seed, options)
    assert isinstance(state, DeckDuelState)
    return state


def rage_step(state: DeckDuelState, first: str = "flip", second: str = "flip") -> DeckDuelState:
    """Both seats answer the rage question (player 1's answer is applied first)."""
    answers = {0: first, 1: second}
    for seat in state.to_move():
        state.apply(Act(seat, answers[seat]))
    return state


def act(state: DeckDuelState, *words: str) -> DeckDuelState:
    """Apply single-seat decisions, each by the seat to move."""
    for word in words:
        state.apply(state.parse_action(word))
    return state


def illegal(state: DeckDuelState, action: Act) -> str:
    """Assert the action is refused and return the reason; the state must not change."""
    return refusal(state, action)


def words(state: DeckDuelState, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def discard_names(state: DeckDuelState, seat: int) -> list[str]:
    return [card_name(c) for c, _ in state.discards[seat]]


def top_names(state: DeckDuelState, seat: int, n: int) -> list[str]:
    return [card_name(c) for c in reversed(state.decks[seat][-n:])]

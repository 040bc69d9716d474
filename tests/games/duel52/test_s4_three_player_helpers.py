"""Position builders for the three-player rule tests (no tests of its own).

``tri`` builds a position from triangle rows; see docs/notation/duel52-three-players.md
for the card strings (``"7H"`` face-up, ``"7H down d1"`` face-down with one damage).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.core.game import get_game
from duelhall.games.duel52.variants.triangles.state import TriAction, TriState

GAME = get_game("duel52")

Rows = Mapping[int, Sequence[Sequence[str]]]


def tri(
    triangles: Rows | None = None,
    *,
    hands: Sequence[Sequence[str]] = ((), (), ()),
    pile: Sequence[str] | None = None,
    to_move: int = 0,
    turn: int = 7,
    actions_left: int = 3,
    first_player: int = 0,
    passes: int = 0,
    discard: Sequence[Any] = (),
    **options: Any,
) -> TriState:
    """``triangles`` maps triangle number (1-4) to three rows (seat 0, 1, 2)."""
    triangles = triangles or {}
    table = [list(map(list, triangles.get(t, ((), (), ())))) for t in (1, 2, 3, 4)]
    data: dict[str, Any] = {
        "options": {"players": 3, **options},
        "to_move": to_move,
        "turn": turn,
        "first_player": first_player,
        "actions_left": actions_left,
        "passes": passes,
        "hands": [list(h) for h in hands],
        "triangles": table,
        "discard": list(discard),
    }
    if pile is not None:
        data["pile"] = list(pile)
    state = GAME.load_position(data)
    assert isinstance(state, TriState)
    return state


def act(state: TriState, text: str) -> None:
    """Apply an action written in notation by the player to move."""
    state.apply(state.parse_action(text))


def legal_texts(state: TriState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def card(state: TriState, where: str) -> Any:
    """The board card at a full slot name like ``23b``."""
    t, s, i = int(where[0]) - 1, int(where[1]) - 1, ord(where[2]) - ord("a")
    return state.rows[t][s][i]


def new(seed: int = 1, **options: Any) -> TriState:
    state = GAME.new_state(seed, {"players": 3, **options})
    assert isinstance(state, TriState)
    return state


def actions(state: TriState) -> list[TriAction]:
    return list(state.legal_actions())

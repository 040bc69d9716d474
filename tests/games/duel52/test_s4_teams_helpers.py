"""Position builders for the team-game tests (no tests of its own).

``make`` takes lanes as ``{lane (1-3): (team 0 row, team 1 row)}`` written without Base
cards: each row gets a face-down filler Base card first, so ``1a`` is the Base card and the
first card listed is ``1b``. Card strings follow docs/notation/duel52-teams.md. With
``pile=[]`` every card placed nowhere goes to the discard pile (face-up), so the pile is
empty; with ``pile=None`` the rest is shuffled into the pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.core.game import get_game
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.variants.teams.notation import parse_slot
from duelhall.games.duel52.variants.teams.state import TeamCard, TeamState

GAME = get_game("duel52")
_FILLER = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7") for s in "CDHS"]

Rows = Mapping[int, tuple[Sequence[str], Sequence[str]]]


def _card(token: str) -> int:
    return C.parse(token.split()[0])


def make(
    lanes: Rows | None = None,
    *,
    hands: Sequence[Sequence[str]] = ((), (), (), ()),
    pile: Sequence[str] | None = None,
    to_move: int = 0,
    turn: int = 9,
    actions_left: int = 3,
    bases: bool = True,
    **options: Any,
) -> TeamState:
    lanes = lanes or {}
    used = {_card(t) for rows in lanes.values() for row in rows for t in row}
    used |= {_card(t) for hand in hands for t in hand}
    used |= {_card(t) for t in pile or ()}
    filler = (t for t in _FILLER if C.parse(t) not in used)
    table = []
    for lane in (1, 2, 3):
        rows = lanes.get(lane, ((), ()))
        table.append(
            [([f"{next(filler)} base"] if bases else []) + list(rows[side]) for side in (0, 1)]
        )
    placed = {_card(t) for lane in table for row in lane for t in row} | used
    data: dict[str, Any] = {
        "options": {"players": 4, **options},
        "to_move": to_move,
        "turn": turn,
        "actions_left": actions_left,
        "hands": [list(h) for h in hands],
        "lanes": table,
    }
    if pile is not None:
        data["pile"] = list(pile)
        data["discard"] = [C.name(c) for c in C.DECK if c not in placed]
    state = GAME.load_position(data)
    assert isinstance(state, TeamState)
    return state


def new(seed: int = 1, **options: Any) -> TeamState:
    state = GAME.new_state(seed, {"players": 4, **options})
    assert isinstance(state, TeamState)
    return state


def act(state: TeamState, *texts: str) -> TeamState:
    """Apply actions in notation, each from the side of the seat to move."""
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def legal(state: TeamState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def card(state: TeamState, slot: str, seat: int | None = None) -> TeamCard:
    return state.at(parse_slot(slot, state.current if seat is None else seat))


def shown(state: TeamState, seat: int, slot: str) -> str | None:
    """What ``seat``'s view says of the card at ``slot`` (written from ``seat``'s side)."""
    lane, side, i = parse_slot(slot, seat)
    name: str | None = state.view(seat)["lanes"][lane]["rows"][side][i]["card"]
    return name


def pass_turn(state: TeamState) -> None:
    """Spend the rest of the turn on plays into the highest open lane (else anything legal)."""
    seat = state.current
    while not state.is_over() and state.current == seat:
        options = state.legal_actions()
        plays = sorted((a for a in options if a.kind == "play"), key=lambda a: -a.lane)
        state.apply((plays or options)[0])

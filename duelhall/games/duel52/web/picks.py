"""What a player clicks on the web board: the ids of the places a view names, and the ids
each action involves, in the order they are clicked.

Ids name places as the view names them, never a hidden card:

- ``hand:7H``: a card of the viewing seat's own hand (it sees them, so by name);
- ``row:L:S:x``: the board card lettered ``x`` in side ``S``'s row of place ``L`` (lane or
  triangle, counted from 1; the side is the seat, or the team in the team game);
- ``lane:L`` and ``tri:T``: a place, where a card is played or a Queen brings one;
- ``fort:K``: the K-th fort still to be taken (expansion); ``hero:S``: seat ``S``'s hero.

Some actions' clicks begin another's: a card that may flip (its card alone) or attack (the
card, then a target), a 10 striking one card or two. The client then offers the shorter
action in a small menu while the longer ones can still be clicked on (docs/web.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import FORT_LANE, Kind

Ref = tuple[int, int, int]

BUTTON_KINDS = frozenset({Kind.END, Kind.STAY})
"""Actions offered only as buttons: they name nothing on the board."""

_HAND_KINDS = frozenset({Kind.PLAY, Kind.DISCARD, Kind.DRAFT, Kind.SPELL})
_PLACE_KINDS = frozenset({Kind.PLAY, Kind.MOVE, Kind.HERO, Kind.FORT, Kind.SPELL})


def is_triangles(view: Mapping[str, Any]) -> bool:
    return view.get("mode") == "triangles"


def places(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The view's places (lanes, or the three-player game's triangles)."""
    found: list[dict[str, Any]] = view["triangles"] if is_triangles(view) else view["lanes"]
    return found


def place_id(view: Mapping[str, Any], place: int) -> str:
    """The id of place ``place`` (0-based)."""
    return f"{'tri' if is_triangles(view) else 'lane'}:{place + 1}"


def row_id(place: int, side: int, letter: str) -> str:
    return f"row:{place + 1}:{side}:{letter}"


def hand_id(card: str) -> str:
    return f"hand:{card}"


def fort_id(index: int) -> str:
    return f"fort:{index + 1}"


def hero_id(seat: int) -> str:
    return f"hero:{seat}"


def ref_id(view: Mapping[str, Any], ref: Ref) -> str:
    """The id of the board card (or pooled fort) an action's reference points at."""
    place, side, index = ref
    if place == FORT_LANE and not is_triangles(view):
        return fort_id(index)
    return row_id(place, side, places(view)[place]["rows"][side][index]["letter"])


def action_picks(action: Any, view: Mapping[str, Any], seat: int | None) -> tuple[str, ...]:
    """The ids ``action`` involves, in the order a player clicks them: the hero casting,
    the hand card, the own cards, the targets, then the place. Empty for button actions."""
    kind = action.kind
    if kind in BUTTON_KINDS:
        return ()
    ids: list[str] = []
    if kind in (Kind.SPELL, Kind.HERO):
        ids.append(hero_id(action.seat))
    if kind in _HAND_KINDS and action.card >= 0:
        ids.append(hand_id(C.name(action.card)))
    ids += [ref_id(view, ref) for ref in action.slots]
    ids += [ref_id(view, ref) for ref in action.targets]
    place = action.tri if is_triangles(view) else action.lane
    if kind in _PLACE_KINDS and place >= 0:
        ids.append(place_id(view, place))
    return tuple(ids)

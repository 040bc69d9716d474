"""The fields every Duel 52 view shares: cards as one seat sees them, and the view's end.

Views are JSON-ready dicts (``state.view(seat)``; ``None`` for the full state of a replay).
A seat sees a card's identity only when it knows it: its own hand, face-up cards, and
face-down cards it played or looked at (the ``known`` bit of its seat). Everything else
shows as ``None`` or as a count. A board card is named by where it lies, never by an id
that could follow it between zones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard, max_hp

NOBODY = 30
"""A seat number no player has. A view built for it knows no hidden card: its own hand is
none of the hands, and no card's ``known`` bits name it (see :func:`public_view`)."""

_ABSENT: Any = object()
"""Default of an optional key: the mode's board cards do not have it."""


def board_card_view(
    state: Any,
    bc: BoardCard,
    seat: int | None,
    seats: int,
    *,
    base: Any = _ABSENT,
    by: Any = _ABSENT,
) -> dict[str, Any]:
    """A board card as ``seat`` sees it (``None``: the full state).

    Keys: ``card`` (its name, or ``None`` when unknown), ``up``, ``base`` (modes with Base
    cards pass it), ``damage``, ``hp`` (``None`` when it would tell a hidden Jack apart),
    ``frozen``, ``paired``, ``by`` (the team game passes who played it), ``seen_by`` (seats
    that know a face-down card) and, face-up, ``attacks_left`` this turn.
    """
    # Face-up is public: every seat (and a spectator, see ``NOBODY``) knows the card.
    knows = seat is None or bc.up or bool(bc.known & (1 << seat))
    jack_hp = state.options["facedown_jack_hp"]
    hp: int | None = max_hp(bc, jack_hp)
    if not knows and jack_hp != 2:
        hp = None  # a hidden card's hit points would tell whether it is a Jack
    out: dict[str, Any] = {"card": C.name(bc.card) if knows else None, "up": bc.up}
    if base is not _ABSENT:
        out["base"] = base
    out["damage"] = bc.damage
    out["hp"] = hp
    out["frozen"] = bc.frozen
    out["paired"] = bool(bc.pair)
    if by is not _ABSENT:
        out["by"] = by
    out["seen_by"] = [] if bc.up else [s for s in range(seats) if bc.known & (1 << s)]
    if bc.up:
        out["attacks_left"] = max(0, state.attack_allowance(bc) - bc.attacks)
    return out


def row_view(
    state: Any, lane: int, side: int, card_view: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """A row of the board as ``card_view`` shows each card, with each card's ``letter``
    (the letter people point at it with; letters stay put through a turn, see
    :mod:`duelhall.games.duel52.engine.table`)."""
    out = []
    for bc, letter in zip(state.rows[lane][side], state.letters(lane, side), strict=True):
        shown = card_view(bc)
        shown["letter"] = letter
        out.append(shown)
    return out


def pair_groups(row: list[Any]) -> list[list[int]]:
    """The paired cards of a row as lists of their indexes, in board order."""
    seen: dict[int, list[int]] = {}
    for i, bc in enumerate(row):
        if bc.pair:
            seen.setdefault(bc.pair, []).append(i)
    return sorted(seen.values())


def hand_order(name: str) -> tuple[int, str]:
    """Hands are shown by rank, then suit letter."""
    return (C.rank(C.parse(name)), name[-1])


def hands_view(hands: list[list[int]], seat: int | None) -> list[Any]:
    """Each hand: its sorted card names for ``seat`` itself (every hand for the full state),
    its size for anyone else's."""
    return [
        sorted((C.name(c) for c in hand), key=hand_order)
        if seat is None or s == seat
        else len(hand)
        for s, hand in enumerate(hands)
    ]


_ORIGIN = {True: "board", False: "hand"}


def discard_view(discard: list[tuple[int, bool, int, bool]], seat: int | None) -> list[Any]:
    """The discard, oldest first: each card's name when ``seat`` saw it (else ``None``),
    whether it lies face-up, and where it came from (``board`` or ``hand``)."""
    out = []
    for card, up, known, killed in discard:
        visible = up or seat is None or bool(known & (1 << seat))
        out.append({"card": C.name(card) if visible else None, "up": up, "from": _ORIGIN[killed]})
    return out


def view_end(
    state: Any, seat: int | None, pending: dict[str, Any] | None, *, sets_aside: bool
) -> dict[str, Any]:
    """The fields every view ends with: ``discard``, ``pending`` (the choice a seat must
    answer, worded by the mode), ``options`` and ``result``. The full view (seat ``None``)
    adds ``pile_order``, ``removed_cards`` (in the modes that set cards aside) and ``seed``;
    no seat's view ever holds them."""
    end: dict[str, Any] = {
        "discard": discard_view(state.discard, seat),
        "pending": pending,
        "options": dict(state.options),
        "result": state.result.to_json() if state.result else None,
    }
    if seat is None:
        end["pile_order"] = [C.name(c) for c in state.pile]
        if sets_aside:
            end["removed_cards"] = [C.name(c) for c in state.removed]
        end["seed"] = state.seed
    return end


def public_view(build: Callable[[Any, int | None], dict[str, Any]], state: Any) -> dict[str, Any]:
    """What every seat may know, drawn by the mode's ``build`` (its per-seat view): the view
    of a seat that plays no card and looks at none, so hands are counts and face-down cards
    and unseen discards are ``None``. A face-down card every player happens to know stays
    hidden too: a spectator sees the table, not what the players remember. ``seat`` (and
    the team game's ``team``) are ``None``, as for no seat at all."""
    view = build(state, NOBODY)
    view["seat"] = None
    if "team" in view:
        view["team"] = None
    return view

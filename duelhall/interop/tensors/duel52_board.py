"""What every Duel 52 tensor (the duel, three players, two teams) writes the same way: the
cards a seat knows as planes, a board card's features, and the pending choice.

Seats are written relative to the seat looking (itself first, then the seats after it in
turn order), so a tensor reads the same from every chair.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from duelhall.games.duel52.engine import cards as C
from duelhall.interop.tensors.layout import TensorOverflow, Vector, one_hot, scaled

RANKS = tuple(C.RANK_NAMES)
PENDING = ("none", "discard", "look", "move", "order", "fort", "draft", "other")
CARDS = 52


def relative(me: int, seats: int) -> list[int]:
    """The seats in the order a tensor writes them: ``me`` first, then turn order."""
    return [(me + k) % seats for k in range(seats)]


def slot_features(others: int, *, expansion: bool, by: bool) -> int:
    """How many numbers :func:`slot` writes a card."""
    return 9 + others + len(RANKS) + 3 * expansion + 4 * by


def slot(
    bc: Mapping[str, Any],
    others: Sequence[int],
    *,
    expansion: bool,
    by: Sequence[int] | None = None,
) -> list[float]:
    """A board card: present, face-up, base, damage / 3, hit points / 3 (0 when they would
    tell a hidden card), frozen, paired, known to me, seen by each of ``others``, attacks
    left / 2, rank one-hot (when known); with ``expansion`` fort, hero, rushed; with ``by``
    (the seats in tensor order) who played it, one-hot (none for a Base card)."""
    known = bc["card"] is not None
    rank = C.rank(C.parse(bc["card"])) if known else None
    hp = bc["hp"]
    out = [
        1.0,
        float(bc["up"]),
        float(bc.get("base", False)),
        scaled(bc["damage"], 3),
        0.0 if hp is None else scaled(hp, 3),
        float(bc["frozen"]),
        float(bc["paired"]),
        float(known),
        *(float(other in bc["seen_by"]) for other in others),
        scaled(bc.get("attacks_left", 0), 2),
        *(float(rank == r) for r in RANKS),
    ]
    if expansion:
        out += [float(bc.get(key, False)) for key in ("fort", "hero", "rushed")]
    if by is not None:
        out += one_hot(bc.get("by"), by)
    return out


def board(
    rows: Sequence[tuple[Sequence[Mapping[str, Any]], int]],
    places: int,
    features: int,
    fill: Callable[[Mapping[str, Any]], list[float]],
    cards: Vector,
) -> Vector:
    """The slots of ``rows`` (each with its plane of ``cards``, in tensor order): ``places``
    a row, each of ``features`` from ``fill(card)``; a card the seat knows is also marked in
    its row's plane of ``cards`` (52 x planes)."""
    slots = np.zeros((len(rows), places, features), dtype=np.float32)
    for r, (row, plane) in enumerate(rows):
        if len(row) > places:
            raise TensorOverflow(
                f"a Duel 52 row of {len(row)} cards; the tensor holds {places}: "
                "raise ROWS in duelhall/interop/tables/duel52.py"
            )
        for place, bc in enumerate(row):
            slots[r, place] = fill(bc)
            if bc["card"] is not None:
                cards[C.parse(bc["card"]), plane] = 1
    return slots.ravel()


def hand_and_discard(view: Mapping[str, Any], me: int, planes: int) -> Vector:
    """The 52 x ``planes`` card planes with the first two filled: my hand, the discard
    (cards I saw go there)."""
    cards = np.zeros((CARDS, planes), dtype=np.float32)
    for card in view["hands"][me]:
        cards[C.parse(card), 0] = 1
    for entry in view["discard"]:
        if entry["card"] is not None:
            cards[C.parse(entry["card"]), 1] = 1
    return cards


def pending_kind(pending: Mapping[str, Any] | None) -> list[float]:
    """The pending choice's kind, one-hot over :data:`PENDING`."""
    kind = "none" if pending is None else pending["choice"]
    return [*one_hot(kind, PENDING[:-1]), float(kind not in PENDING)]


def waiting(view: Mapping[str, Any], rows: Sequence[Sequence[Mapping[str, Any]]]) -> list[float]:
    """The cards of a pending ``order`` (face-up powers waiting to resolve), as a 52-card
    plane; ``rows``: the rows of the seat ordering them, by lane (or triangle)."""
    out = [0.0] * CARDS
    pending = view.get("pending")
    for label in (pending or {}).get("waiting", ()):
        area, letter = int(label[0]) - 1, label[-1]
        for bc in rows[area]:
            if bc["letter"] == letter and bc["card"] is not None:
                out[C.parse(bc["card"])] = 1.0
    return out


def turn_scalars(view: Mapping[str, Any], seats: Sequence[int]) -> list[float]:
    """The multi-player modes' first scalars (``seats`` in tensor order, mine first): I am
    to act; who is to act; actions left / 4; turn / 60 (capped); who played first."""
    return [
        float(seats[0] in view["to_move"]),
        *(float(s in view["to_move"]) for s in seats),
        scaled(view["actions_left"], 4),
        scaled(view["turn"], 60),
        *one_hot(view["first_player"], seats),
    ]


def turn_scalar_count(seats: int) -> int:
    return 3 + 2 * seats


def pending_section(
    view: Mapping[str, Any],
    seats: Sequence[int],
    area: str,
    areas: int,
    own_rows: Sequence[Sequence[Mapping[str, Any]]],
) -> list[float]:
    """The multi-player modes' pending choice: its kind; whose it is (``seats`` in tensor
    order); its ``area`` (lane or triangle, 1 to ``areas``); the cards waiting to be ordered
    (in ``own_rows``, the chooser's rows by area)."""
    pending = view.get("pending") or {}
    return [
        *pending_kind(view.get("pending")),
        *one_hot(pending.get("seat"), seats),
        *one_hot(pending.get(area), range(1, areas + 1)),
        *waiting(view, own_rows),
    ]


def pending_size(seats: int, areas: int) -> int:
    return len(PENDING) + seats + areas + CARDS

"""Duel Fighters' action table: its notation made finite by its rulings.

Every decision is already a choice from a finite list the rulings make: deployment spots on a
grid along the edges (F69), moves of ``k/move_fractions`` of a card's length or width or to
contact (F19), and the cards, techniques and markers of the content. The table lists every
notation those lists can produce for the options, built from the table, the scenario and
the content alone, over every fighter on the board (however many figures a side fields), so
an index is one notation for good. Layout: docs/interop.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.games.duelfighters.engine import actions as A
from duelhall.games.duelfighters.engine.actions import FACINGS
from duelhall.games.duelfighters.engine.deployment import EDGES, placements
from duelhall.games.duelfighters.geometry.units import CARD_LENGTH, CARD_WIDTH
from duelhall.interop.tables.base import ActionTable, Entries

_SIDES = ("left", "right")


def _ally_spots(board: Any, spots: list[str], step: int) -> Iterator[str]:
    """Every spot an ally may be offered (F57): a grid about its side's first character,
    which stands on one of the edge spots, at the deployment step or a finer one (halved down
    to 10 mm where the coarse grid finds no room). The grids of every possible first spot
    meet on one lattice per step, so the union is a product of coordinates on the table."""
    leads = {tuple(float(v) for v in spot.split()[1].split(",")) for spot in spots}
    width, depth = board.field.table.width, board.field.table.depth
    xs: set[str] = set()
    ys: set[str] = set()
    while step >= 10:
        reach = int(max(width, depth) // step) + 1
        for x, y in leads:
            xs.update(
                A.number(x + k * step) for k in range(-reach, reach + 1) if 0 < x + k * step < width
            )
            ys.update(
                A.number(y + k * step) for k in range(-reach, reach + 1) if 0 < y + k * step < depth
            )
        step //= 2
    for across in sorted(xs, key=float):
        for deep in sorted(ys, key=float):
            for facing in FACINGS:
                yield f"{A.DEPLOY} {across},{deep} {facing}"


def duelfighters_table(info: GameInfo, options: Mapping[str, Any]) -> ActionTable:
    state: Any = info.new_state(0, options)
    board = state.board
    e = Entries()

    def add(words: Iterable[str]) -> None:
        for text in dict.fromkeys(words):
            e.add(text, text)

    spots = [
        f"{A.DEPLOY} {at} {facing}"
        for side in sorted({f.character.base_mm for f in board.fighters})
        for at, facing in placements(
            board.field,
            board.broken,
            side,
            EDGES,
            options["deploy_step"],
            options["deploy_band"] == "whole",
            [],
        )
    ]
    add(spots)
    if len(board.keys) > 2:
        listed = set(spots)
        add(s for s in _ally_spots(board, spots, options["deploy_step"]) if s not in listed)
    content = [card for f in board.fighters for card in f.character.cards]
    add(f"{A.EQUIP} {card}" for card in content)
    add((A.READY, *(f"{A.PLAYER} {n}" for n in range(1, info.seats + 1))))
    add(f"{A.MARK} {marker}" for marker in (*A.HALVES, *A.FULLS))
    add((A.END, A.DONE))
    fractions = options["move_fractions"]
    far = [
        A.number(full * k / fractions)
        for full in (CARD_LENGTH, CARD_WIDTH)
        for k in range(1, fractions + 1)
    ]
    distances = [*sorted(set(far), key=float), A.CONTACT]
    add(f"{A.ADVANCE} {d}" for d in distances)
    add(f"{A.LATERAL} {side} {d}" for side in _SIDES for d in distances)
    add(f"{A.RETREAT} {d}" for d in distances)
    add(f"{A.TURN} {side}" for side in _SIDES)
    add(f"{A.PIVOT} {corner} {side}" for corner in A.CORNERS for side in _SIDES)
    for verb in (A.ATTACK, A.DEFEND, A.IMPROVISE):
        add((verb, f"{verb} {A.MAXIMISE}"))
    techniques = [
        t.id for f in board.fighters for t in f.character.abilities if t.kind == "technique"
    ]
    strikes = [
        *(f"{verb}{extra}" for verb in (A.ATTACK, A.IMPROVISE) for extra in ("", f" {A.MAXIMISE}")),
        *(f"{A.TECHNIQUE} {t}{way}" for t in techniques for way in ("", " left", " right")),
        *(
            f"{verb} {card}{extra}"
            for verb in (A.CAST, A.THROW)
            for card in content
            for extra in ("", f" {A.MAXIMISE}")
        ),
    ]
    add(strikes[4:])  # attack and improvise, with and without maximise, are listed above
    add((A.PROTECT, A.ACCEPT, A.HOLD, A.PASS))
    # With several figures a side (F59, F76, F64): who plays the step, whom a strike is
    # against, and which ally receives a card. One character a side never offers these, and
    # the entries come last so that the table above keeps its indices.
    figures = board.keys
    if len(figures) > 2:
        add(f"{A.WITH} {key}" for key in figures)
        add(f"{strike} {A.AT} {key}" for strike in strikes for key in figures)
        add(f"{A.GIVE} {card} {key}" for card in content for key in figures)
    return e.table(info.name, str)

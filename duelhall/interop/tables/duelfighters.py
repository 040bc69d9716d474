"""Duel Fighters' action table: its notation made finite by its rulings.

Every decision is already a choice from a finite list the rulings make: deployment spots on a
grid along the edges (F69), moves of ``k/move_fractions`` of a card's length or width or to
contact (F19), and the cards, techniques and markers of the content. The table lists every
notation those lists can produce for the options, built from the table, the scenario and
the content alone, over every fighter on the board (however many figures a side fields), so
an index is one notation for good. Layout: docs/interop.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.games.duelfighters.engine import actions as A
from duelhall.games.duelfighters.engine.deployment import EDGES, placements
from duelhall.games.duelfighters.geometry.units import CARD_LENGTH, CARD_WIDTH
from duelhall.interop.tables.base import ActionTable, Entries

_SIDES = ("left", "right")


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
    add(f"{A.TECHNIQUE} {t}{way}" for t in techniques for way in ("", " left", " right"))
    for verb in (A.CAST, A.THROW):
        add(f"{verb} {card}{extra}" for card in content for extra in ("", f" {A.MAXIMISE}"))
    add((A.PROTECT, A.ACCEPT, A.HOLD, A.PASS))
    return e.table(info.name, str)

"""The board of the three-player game: four triangles, each with one row per player.

Rows run in turn order after the viewer, whose row comes last (nearest its hand); cards
are labelled as the three-player notation names them (``23c``: triangle 2, player 3,
card c), which reads the same for every seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.games.duel52.text.cardtext import partners, power_names
from duelhall.games.duel52.variants.triangles.state import tri_label
from duelhall.games.duel52.web import picks
from duelhall.games.duel52.web.model import (
    Board,
    Place,
    Row,
    board_face,
    common,
    known_to,
    player,
    target_place,
    waiting_places,
)


def _row(view: Mapping[str, Any], tri: int, owner: int, viewer: int, names: Sequence[str]) -> Row:
    info = view["triangles"][tri]
    row = info["rows"][owner]
    mate = partners(info["pairs"][owner])
    acting = view["result"] is None and owner in view["to_move"]
    powers = power_names(view, owner)
    waiting = waiting_places(view) if owner in view["to_move"] else set()
    faces = tuple(
        board_face(
            card,
            (tri, owner),
            label=tri_label(tri, owner, card["letter"]),
            mate=tri_label(tri, owner, row[mate[i]]["letter"]) if i in mate else None,
            acting=acting,
            powers=powers,
            knowers=known_to(view, card["seen_by"], owner, names),
            waiting=tri_label(tri, owner, card["letter"]) in waiting,
        )
        for i, card in enumerate(row)
    )
    return Row(names[owner], owner == viewer, faces)


def build_triangles(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> Board:
    viewer = 0 if seat is None else seat
    order = [(viewer + k) % 3 for k in (1, 2, 0)]
    places = tuple(
        Place(
            pick=picks.place_id(view, tri),
            title=f"Triangle {tri + 1}",
            holder=names[info["controller"]] if info["controller"] is not None else "",
            rows=tuple(_row(view, tri, owner, viewer, names) for owner in order),
            target=tri == target_place(view),
        )
        for tri, info in enumerate(view["triangles"])
    )
    return Board(
        mode="triangles",
        viewer=seat,
        top=tuple(player(view, s, names, me=False, tag=f"P{s + 1}") for s in order[:2]),
        bottom=(player(view, viewer, names, me=seat == viewer, tag=f"P{viewer + 1}"),),
        places=places,
        **common(view, names),
    )

"""The board of the lane modes: the duel (with its expansion) and the team game.

Three lanes, each with the other side's row on top and the viewer's side below (a
spectator watches from seat 0's side); the other side's players above the lanes, the
viewer's below. In the team game a side is a team and each card says who played it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.core.wording import YOU
from duelhall.games.duel52.engine.lane_slots import lane_label
from duelhall.games.duel52.text.cardtext import partners, power_names
from duelhall.games.duel52.variants.teams.wording import team_heading, team_with_members
from duelhall.games.duel52.web import picks
from duelhall.games.duel52.web.model import (
    Board,
    Face,
    Mark,
    Place,
    Player,
    Row,
    board_face,
    common,
    hand_faces,
    known_to,
    player,
    target_place,
    waiting_places,
)


def _teams(view: Mapping[str, Any]) -> bool:
    return view.get("mode") == "teams"


def side_of(view: Mapping[str, Any], seat: int) -> int:
    """The side (row owner) a seat plays on: itself, or its team."""
    return seat & 1 if _teams(view) else seat


def side_name(
    view: Mapping[str, Any], side: int, names: Sequence[str], *, short: bool = False
) -> str:
    """A side's heading (``short``: as a lane's holder): a team is ``Your team`` or
    ``Opponents`` to a seat, ``Team 1 (Ann and Computer (easy))`` to a spectator or in a
    replay (``Team 1`` when short)."""
    if _teams(view):
        if YOU not in names and not short:
            return team_with_members(side, names)
        return team_heading(side, names)
    return names[side]


def _row(view: Mapping[str, Any], lane: int, side: int, bottom: int, names: Sequence[str]) -> Row:
    info = view["lanes"][lane]
    row = info["rows"][side]
    mate = partners(info["pairs"][side])
    mover = view["to_move"][0] if view["to_move"] else -1
    acting = view["result"] is None and mover >= 0 and side_of(view, mover) == side
    powers = power_names(view, side) if not _teams(view) else power_names(view, 0)
    waiting = waiting_places(view) if mover >= 0 and side_of(view, mover) == side else set()
    faces = []
    for i, card in enumerate(row):
        label = lane_label(lane, card["letter"], own=side == bottom)
        mate_label = (
            lane_label(lane, row[mate[i]]["letter"], own=side == bottom) if i in mate else None
        )
        owner = card.get("by") if _teams(view) else side
        knowers = known_to(view, card["seen_by"], owner, names)
        by = f"P{card['by'] + 1}" if _teams(view) and card.get("by") is not None else ""
        faces.append(
            board_face(
                card,
                (lane, side),
                label=label,
                mate=mate_label,
                acting=acting,
                powers=powers,
                knowers=knowers,
                by=by,
                waiting=label.lower() in waiting,
            )
        )
    stopped = lane + 1 in view.get("stopped_lanes", [[], []])[side] if not _teams(view) else False
    note = "⏸ Time Stop: no plays here this turn" if stopped else ""
    return Row(side_name(view, side, names), side == bottom, tuple(faces), note)


def _hero(view: Mapping[str, Any], seat: int) -> tuple[Face | None, tuple[Mark, ...]]:
    heroes = view.get("heroes")
    hero = heroes[seat] if heroes else None
    if hero is None:
        return None, ()
    face = Face(
        name=hero["card"],
        up=True,
        pick=picks.hero_id(seat),
        classes=("hero-card", hero["kind"]),
        ribbon=hero["kind"].capitalize(),
        caption=hero["name"],
        title=f"{hero['kind'].capitalize()} hero: {hero['name']}",
    )
    words: list[Mark] = []
    if hero["played"]:
        words.append(Mark("played", "★", "in play", "The warrior hero was played"))
    if hero["exerted"]:
        words.append(Mark("exerted", "▼", "exerted", "Exerted"))
    if hero["enraged"]:
        words.append(Mark("enraged", "▲", "enraged", "Enraged"))
    if hero["spell_used"]:
        words.append(Mark("spent", "✓", "spell cast", "The spell was cast this turn"))
    return face, tuple(words)


def _player(
    view: Mapping[str, Any], seat: int, viewer: int | None, names: Sequence[str], tag: str
) -> Player:
    me = seat == viewer
    hand = view["hands"][seat]
    faces, _ = hand_faces(hand, pickable=me)
    shown = view.get("hands_shown", [])
    shown_here = shown[seat] if seat < len(shown) else []
    if isinstance(hand, int) and shown_here:
        # Cards of another hand the viewer was shown (a banner 4) and knows are still there.
        faces = tuple(Face(name=n, up=False, title="shown to you") for n in shown_here)
    elif me and shown_here:
        faces = tuple(
            Face(f.name, True, f.pick, classes=("shown",), title=f"{f.title}, shown")
            if f.name in shown_here
            else f
            for f in faces
        )
    hero, words = _hero(view, seat)
    banners = (
        tuple(
            Face(name=n, up=True, classes=("banner",))
            for n in view.get("bannermen", [[], []])[seat]
        )
        if "bannermen" in view
        else ()
    )
    improved = ", ".join(view.get("improved", [[], []])[seat]) if "improved" in view else ""
    return player(
        view,
        seat,
        names,
        me=me,
        tag=tag,
        hand=faces,
        hero=hero,
        hero_words=words,
        bannermen=banners,
        improved=improved,
    )


def _forts(view: Mapping[str, Any]) -> tuple[Face, ...]:
    return tuple(
        Face(
            name=fort["card"],
            up=False,
            pick=picks.fort_id(k),
            label=f"F{k + 1}",
            classes=("fort",),
            ribbon="♜ Fort",
            title=f"Fort F{k + 1}",
        )
        for k, fort in enumerate(view.get("forts", []))
    )


def build_lanes(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> Board:
    viewer = 0 if seat is None else seat
    bottom = side_of(view, viewer)
    top = 1 - bottom
    upper: tuple[Player, ...]
    lower: tuple[Player, ...]
    if _teams(view):
        partner = (viewer + 2) % 4
        upper = tuple(
            _player(view, s, seat, names, f"P{s + 1}") for s in ((viewer + 1) % 4, (viewer + 3) % 4)
        )
        role = " · your partner" if seat is not None else ""
        lower = (
            _player(view, viewer, seat, names, f"P{viewer + 1}"),
            _player(view, partner, seat, names, f"P{partner + 1}{role}"),
        )
    else:
        upper = (_player(view, top, seat, names, ""),)
        lower = (_player(view, bottom, seat, names, ""),)
    places = tuple(
        Place(
            pick=picks.place_id(view, lane),
            title=f"Lane {lane + 1}",
            holder=side_name(view, info["winner"], names, short=True)
            if info["winner"] is not None
            else "",
            rows=(_row(view, lane, top, bottom, names), _row(view, lane, bottom, bottom, names)),
            target=lane == target_place(view),
        )
        for lane, info in enumerate(view["lanes"])
    )
    return Board(
        mode=view.get("mode", "duel"),
        viewer=seat,
        top=upper,
        bottom=lower,
        places=places,
        forts=_forts(view),
        **common(view, names),
    )

"""Executing the movement markers on the table (3.2, 3.2.1, 3.2.2, 4; rulings F19 to F25,
F52 to F56, F61).

A slide goes the distance the player chose, or stops earlier where the geometry's
:func:`~..geometry.contacts` says the base meets something: a wall, the table's edge or a tree
stops it (a tree hits back, F55); a hedge stops it unless an advance starts against it and
climbs over (F52); a barrel is a CON roll-off (F54); another base is a collision or, from
contact, a push (F22 to F25). The distances a player may choose are :func:`distances`: the
``move_fractions`` parts of the card and, when something is in the way, up to contact (F19).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..combat.hazards import barrel, collision, dangerous_injuries, tree_strikes
from ..geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    CONTACT_TOLERANCE,
    Blocker,
    Corner,
    Figure,
    Stop,
    TerrainKind,
    contacts,
    corner_turn,
    crossing_distance,
    first_contact,
    in_contact,
    quarter_turn,
    retreat_heading,
    slide_sweep,
)
from ..geometry.table import EDGE
from .actions import CORNERS, number
from .board import Board
from .field import WALL
from .space import base_blockers, fighter_of, overlaps_any
from .wounds import injure, strikes_taken

_CROSSING_LIMIT = 400.0  # mm: further than any base and piece of hedge together


def heading(board: Board, seat: int, marker: str) -> float:
    me = board.figure(seat)
    if marker == "advance":
        return me.facing
    if marker == "lateral-left":
        return me.facing + 90.0
    if marker == "lateral-right":
        return me.facing - 90.0
    # Straight away from the adversary the step names, or the nearest still fighting (F76).
    return retreat_heading(me, board.figure(board.away_from(seat)))


def _blockers(board: Board, seat: int) -> list[Blocker]:
    return [*board.field.blockers(board.broken), *base_blockers(board, seat)]


def reach(board: Board, seat: int, marker: str) -> float:
    """The furthest a marker goes: a card's length, its width for a lateral move, and its
    width for any move touching rough ground (F56)."""
    if marker.startswith("lateral"):
        return CARD_WIDTH
    me = board.figure(seat)
    sweep = slide_sweep(me, heading(board, seat, marker), CARD_LENGTH)
    if board.field.terrain.touching(sweep, [TerrainKind.ROUGH]):
        return CARD_WIDTH
    return CARD_LENGTH


def distances(board: Board, seat: int, marker: str, fractions: int) -> list[str]:
    """The choices of a slide: ``k/fractions`` of its reach, and ``contact`` when something
    lies in the way short of the full reach (F19)."""
    full = reach(board, seat, marker)
    out = [number(full * k / fractions) for k in range(1, fractions + 1)]
    stop = first_contact(
        board.figure(seat), heading(board, seat, marker), full, _blockers(board, seat)
    )
    if stop.blocker is not None and CONTACT_TOLERANCE < stop.distance < full - CONTACT_TOLERANCE:
        out.append("contact")
    return list(dict.fromkeys(out))


def chosen_distance(board: Board, seat: int, marker: str, choice: str) -> float:
    if choice != "contact":
        return float(choice)
    full = reach(board, seat, marker)
    return first_contact(
        board.figure(seat), heading(board, seat, marker), full, _blockers(board, seat)
    ).distance


def slide(
    board: Board, seat: int, marker: str, distance: float, options: Mapping[str, Any]
) -> None:
    """Move ``seat``'s figure by a slide marker, resolving whatever it meets."""
    me = board.figure(seat)
    angle = heading(board, seat, marker)
    start = me
    remaining = distance
    blocked_by: str | None = None
    while remaining > 0.0 and not board.over:
        met = contacts(me, angle, remaining, _blockers(board, seat))
        if not met:
            me = me.moved(angle, remaining)
            break
        first = met[0]
        blocked_by = first.key
        gap = max(0.0, first.distance)
        hit = fighter_of(first.key)
        if hit is not None:
            # Pushing needs contact from the start of the move (3.2.2): no one else has moved.
            push = in_contact(start, board.figure(hit))
            me = _collide(board, seat, hit, me, angle, gap, remaining, push)
            break
        kind = board.field.kind(first.key)
        climb = marker == "advance" and gap <= CONTACT_TOLERANCE
        if kind in (TerrainKind.HEDGE, TerrainKind.BARREL_WALL) or (
            kind == TerrainKind.BARREL and climb
        ):
            me = _climb(board, seat, me, angle, first.key) if climb else me.moved(angle, gap)
            break
        if gap <= CONTACT_TOLERANCE and kind in (TerrainKind.BARREL, TerrainKind.TREE):
            break  # already against it: the figure cannot run into it (F74)
        if kind == TerrainKind.BARREL:
            f = board.fighters[seat]
            out = barrel(
                board.rng,
                f.sheet.constitution,
                board.field.con(first.key),
                immune=f.immune("objects"),
            )
            if out.broken:
                board.broken = board.broken | {first.key}
                board.say(f"{f.name} smashes a barrel")
                continue
            board.say(f"{f.name} is stopped by a barrel")
            me = me.moved(angle, gap)
            board.fighters[seat].figure = me
            strikes_taken(board, seat, out.strikes)
            break
        me = me.moved(angle, gap)
        if kind == TerrainKind.TREE:
            f = board.fighters[seat]
            board.fighters[seat].figure = me
            board.say(f"{f.name} runs into a {board.field.kind(first.key)}")
            strikes_taken(
                board,
                seat,
                tree_strikes(f.sheet.constitution, immune=f.immune("objects")),
                always_defended=True,
            )
        break
    board.fighters[seat].figure = me
    moved = ((me.x - start.x) ** 2 + (me.y - start.y) ** 2) ** 0.5
    name = board.fighters[seat].name
    if blocked_by is not None and number(moved) == number(0.0):
        # "advance 0 mm" is true but reads like a slip of the pen: say what was in the way.
        board.say(f"{name} cannot {_GOING[marker]}: blocked by {_obstacle(board, blocked_by)}")
    else:
        board.say(f"{name}: {marker.replace('-', ' ')} {number(moved)} mm (of {number(distance)})")
    ground(board, seat, start, me)


_GOING = {
    "advance": "advance",
    "retreat": "retreat",
    "lateral-left": "move left",
    "lateral-right": "move right",
}

# What stops a slide, as the narration names it; another figure goes by its name.
_OBSTACLES = {
    EDGE: "the table's edge",
    WALL: "a wall",
    TerrainKind.HEDGE: "a hedge",
    TerrainKind.BARREL_WALL: "a row of barrels",
    TerrainKind.BARREL: "a barrel",
    TerrainKind.TREE: "a tree",
}


def _obstacle(board: Board, key: str) -> str:
    hit = fighter_of(key)
    if hit is not None:
        return board.fighters[hit].name
    kind = EDGE if key == EDGE else board.field.kind(key)
    return _OBSTACLES.get(kind, kind or "something in the way")


def _climb(board: Board, seat: int, me: Figure, angle: float, key: str) -> Figure:
    """An advance from contact climbs a hedge or barrel and ends just past it (F52)."""
    piece = next(p for p in board.field.terrain.pieces if p.key == key)
    past = crossing_distance(me, angle, piece.shape, _CROSSING_LIMIT)
    if past is None:
        return me
    there = me.moved(angle, past)
    if board.field.free(there, board.broken) and not overlaps_any(board, seat, there):
        board.say(f"{board.fighters[seat].name} climbs over")
        return there
    return me


def _collide(
    board: Board,
    seat: int,
    hit: int,
    me: Figure,
    angle: float,
    gap: float,
    remaining: float,
    push: bool,
) -> Figure:
    """Running into, or pushing, the figure ``hit``, ally or adversary (3.2.2, F22 to F25)."""
    mover, other = board.fighters[seat], board.fighters[hit]
    out = collision(
        board.rng,
        mover.sheet.constitution,
        other.sheet.constitution,
        push=push,
        push_injures=mover.has("push-injures"),
        other_immune=other.immune("charges"),
    )
    faces = f"{out.contest.mover.successes} to {out.contest.other.successes}"
    what = "pushes" if push else "charges"
    board.say(f"{mover.name} {what} {other.name}: {faces}")
    them = board.figure(hit)
    if out.passes:
        # Both go on together until either meets something: the carried figure its own
        # obstacle, the mover one beside the other's path (F23). A third base stops either.
        pair = (seat, hit)
        stop, barrel_strikes = _carried(board, hit, pair, them, angle, remaining - gap)
        beside = [*board.field.blockers(board.broken), *base_blockers(board, seat, besides=pair)]
        own = first_contact(me, angle, remaining, beside)
        shove = min(stop.distance, max(0.0, own.distance - gap))
        them_after = them.moved(angle, shove)
        me = me.moved(angle, gap + shove)
        other.figure = them_after
        board.fighters[seat].figure = me
        if shove < stop.distance:
            stop = Stop(shove, None)  # the mover stopped first: nothing met by the other
        if stop.blocker == EDGE and board.options["edge"] == "ring-out":
            other.defeated = True  # pushed over the edge: out of the duel (F61)
            board.say(f"{other.name} is pushed out of the ring")
            board.fell(hit, "ring-out")
            return me
        tree = (
            stop.blocker is not None
            and fighter_of(stop.blocker) is None
            and board.field.kind(stop.blocker) == TerrainKind.TREE
        )
        if tree and stop.distance > CONTACT_TOLERANCE:
            strikes_taken(
                board,
                hit,
                tree_strikes(other.sheet.constitution, immune=other.immune("objects")),
                always_defended=True,
            )
        strikes_taken(board, hit, barrel_strikes)
        board.hazard[hit] = False  # the mover's step is another step for it (F56)
        ground(board, hit, them, them_after)
    else:
        me = me.moved(angle, gap)
        board.fighters[seat].figure = me
    strikes_taken(board, seat, out.mover_strikes)
    strikes_taken(board, hit, out.other_strikes)
    return me


def _carried(
    board: Board, seat: int, pair: tuple[int, int], figure: Figure, angle: float, limit: float
) -> tuple[Stop, int]:
    """Where a carried figure stops, and the strikes it takes from a barrel: pushed into a
    barrel it breaks it only by the barrel's roll-off (F54), and then goes on. Another base
    (neither of the ``pair`` pushing and pushed) stops it."""
    f = board.fighters[seat]
    while True:
        blockers = [*board.field.blockers(board.broken), *base_blockers(board, seat, besides=pair)]
        stop = first_contact(figure, angle, limit, blockers)
        key = stop.blocker
        if (
            key is None
            or fighter_of(key) is not None
            or board.field.kind(key) != TerrainKind.BARREL
        ):
            return stop, 0
        if stop.distance <= CONTACT_TOLERANCE:
            return stop, 0  # already against it (F74)
        out = barrel(
            board.rng, f.sheet.constitution, board.field.con(key), immune=f.immune("objects")
        )
        if not out.broken:
            board.say(f"{f.name} is stopped by a barrel")
            return stop, out.strikes
        board.broken = board.broken | {key}
        board.say(f"{f.name} smashes a barrel")


def turn(board: Board, seat: int, marker: str) -> None:
    """A quarter turn in place or about a corner; refused (the marker wasted) when the turned
    base would overlap anything (F20)."""
    me = board.figure(seat)
    left = marker.endswith("left")
    if marker.startswith("pivot"):
        corner = Corner(CORNERS[marker.split("-")[1]])
        turned = corner_turn(me, corner, left)
    else:
        turned = quarter_turn(me, left)
    if not board.field.free(turned, board.broken) or overlaps_any(board, seat, turned):
        board.say(f"{board.fighters[seat].name} has no room to turn")
        return
    board.fighters[seat].figure = turned
    board.say(f"{board.fighters[seat].name}: {marker.replace('-', ' ')}")
    ground(board, seat, me, turned)


def ground(board: Board, seat: int, before: Figure, after: Figure) -> None:
    """Dangerous ground hurts once a step (F56); lethal ground kills."""
    f = board.fighters[seat]
    terrain = board.field.terrain
    if TerrainKind.LETHAL in terrain.standing_in(after):
        f.defeated = True
        board.say(f"{f.name} falls on lethal ground")
        board.fell(seat, "killed")
        return
    if board.hazard[seat]:
        return
    path = before.polygon.union(after.polygon).convex_hull
    if terrain.touching(path, [TerrainKind.DANGEROUS]):
        board.hazard[seat] = True
        hurt = dangerous_injuries(immune=f.immune("dangerous"))
        if hurt:
            board.say(f"{f.name} is hurt by dangerous ground")
            injure(board, seat, hurt, hit=False)

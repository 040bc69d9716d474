"""Who can reach whom on the table: combat distance, ranges, walls and the line of fire, the
measure, cover, and whether a technique or a spell can be used now (3.3, 3.3.4 to 3.3.6, 4;
rulings F26, F33, F37, F38, F41, F42, F53)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import LineString, Polygon

from ..combat.attack import cover_dice, may_attack
from ..content import Ability, ItemCard
from ..effects import Area
from ..geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    CONTACT_TOLERANCE,
    Figure,
    Measure,
    TerrainKind,
    cone_template,
    in_combat_distance,
    in_contact,
    in_range,
    measure,
    rectangle_template,
    sweep_template,
    touched,
    within,
)
from .board import Board


def walled_off(board: Board, a: Figure, b: Figure, *, ranged: bool = False) -> bool:
    """Whether walls cut every straight line from a corner of one base to a corner of the
    other: no card can be laid, nothing thrown between them (F26, F42). With
    ``line_of_fire = barrels-block`` barrels and barrel walls stop ranged attacks too."""
    shapes = [w.shape for w in board.field.walls]
    if ranged and board.options["line_of_fire"] == "barrels-block":
        barrels = (TerrainKind.BARREL, TerrainKind.BARREL_WALL)
        pieces = board.field.terrain.pieces
        shapes += [p.shape for p in pieces if p.kind in barrels and p.key not in board.broken]
    if not shapes:
        return False
    for p in a.corners():
        for q in b.corners():
            line = LineString([p, q])
            if not any(line.intersection(w).length > CONTACT_TOLERANCE for w in shapes):
                return False
    return True


def side_measure(board: Board, attacker: Figure, victim: Figure) -> Measure:
    """Where ``attacker`` stands of ``victim`` (F38): by the victim's diagonals
    (``quadrant``), or only once wholly past the line of its front (flank) or rear edge
    (rear) with ``measure = beyond-edge``."""
    if board.options["measure"] == "quadrant":
        return measure(attacker, victim)
    ahead = max(victim.local(c)[0] for c in attacker.corners())
    if ahead <= -victim.half + CONTACT_TOLERANCE:
        return Measure.REAR
    if ahead <= victim.half + CONTACT_TOLERANCE:
        return Measure.FLANK
    return Measure.FRONT


def in_reach(board: Board, me: Figure, them: Figure) -> bool:
    """Combat distance (F26): any card laid touching both bases, or with ``combat_distance =
    length`` a card laid straight out from the attacker's front."""
    if board.options["combat_distance"] == "length":
        return bool(touched(rectangle_template(me), [("them", them)]))
    return in_combat_distance(me, them)


def _aimed(board: Board, seat: int, victim: int | None) -> int:
    return board.adversary(seat) if victim is None else victim


def can_attack(
    board: Board, seat: int, *, technique: bool = False, victim: int | None = None
) -> bool:
    """Combat distance (F26), no wall between, and not with the victim (by default the
    adversary, F76) at one's rear unless a technique allows it (F33). A downed figure cannot
    attack (F44)."""
    target = _aimed(board, seat, victim)
    me, them = board.figure(seat), board.figure(target)
    if board.fighters[seat].downed or board.fighters[target].defeated:
        return False
    if not in_reach(board, me, them) or walled_off(board, me, them):
        return False
    return may_attack(side_measure(board, them, me), technique)


def _area_shape(board: Board, seat: int, area: Area) -> Polygon:
    me = board.figure(seat)
    if area.shape == "rectangle":
        return rectangle_template(me, area.length * CARD_LENGTH, area.width * CARD_WIDTH)
    if area.shape == "cone":
        return cone_template(me, area.length * CARD_LENGTH, area.angle)
    return sweep_template(me, area.length * CARD_LENGTH, area.angle)


def _area_reaches(board: Board, seat: int, area: Area, victim: int) -> bool:
    return bool(touched(_area_shape(board, seat, area), [("them", board.figure(victim))]))


def area_victims(board: Board, seat: int, area: Area) -> list[int]:
    """Every figure still fighting that the area covers, allies included, never the user
    (F37): the adversaries first, each side in the order of the fighters."""
    shape = _area_shape(board, seat, area)
    others = [i for i in board.others(seat) if not board.fighters[i].defeated]
    covered = [i for i in others if touched(shape, [("them", board.figure(i))])]
    side = board.sides[seat]
    return sorted(covered, key=lambda i: (board.sides[i] == side, i))


def area_of(params: Mapping[str, Any]) -> Area | None:
    area = params.get("area")
    return area if isinstance(area, Area) else None


def reaches(board: Board, seat: int, params: Mapping[str, Any], victim: int | None = None) -> bool:
    """Whether an ``attack`` effect with these parameters can be made now on ``victim`` (by
    default the adversary): its area, its range (a strip of cards, F41, not through a wall),
    contact, or combat distance."""
    target = _aimed(board, seat, victim)
    if board.fighters[seat].downed or board.fighters[target].defeated:
        return False
    me, them = board.figure(seat), board.figure(target)
    area = params.get("area")
    if isinstance(area, Area):
        return _area_reaches(board, seat, area, target)
    if params.get("requires_contact") is True and not in_contact(me, them):
        return False
    cards = params.get("range", 0)
    if isinstance(cards, int) and cards > 0:
        if board.options["range_measure"] == "lengths":
            far = within(me, them, cards * CARD_LENGTH)
        else:
            far = in_range(me, them, cards)
        return far and not walled_off(board, me, them, ranged=True)
    return can_attack(board, seat, technique=True, victim=target)


def technique_usable(board: Board, seat: int, ability: Ability, victim: int | None = None) -> bool:
    """Whether a technique's conditions hold now (F31): its reach, contact or area."""
    if board.fighters[seat].downed:
        return False
    name = ability.effect.name
    if name == "sweep":
        return True  # the turn is made whatever it catches
    if name != "attack":  # stun, parry-riposte: a normal attack's reach
        return can_attack(board, seat, technique=True, victim=victim)
    return reaches(board, seat, ability.effect.params, victim)


def spell_usable(board: Board, seat: int, card: ItemCard, victim: int | None = None) -> bool:
    """Whether a spell (or another card with an effect of its own) can be cast now (F34)."""
    if card.effect.name == "heal":
        return board.fighters[seat].injuries > 0
    if card.effect.name == "attack":
        return reaches(board, seat, card.effect.params, victim)
    return False  # other effects are not played yet


def cover_for(board: Board, seat: int, ranged: bool, victim: int | None = None) -> int:
    """Extra defence dice for the victim (by default the adversary) behind scenery (F53):
    pieces between the bases, or with ``behind = touching`` only those the victim's base
    also touches."""
    me, them = board.figure(seat), board.figure(_aimed(board, seat, victim))
    pieces = [p for p in board.field.terrain.cover(me, them, ranged) if p.key not in board.broken]
    if board.options["behind"] == "touching":
        pieces = [p for p in pieces if p.shape.distance(them.polygon) <= CONTACT_TOLERANCE]
    return cover_dice(p.kind for p in pieces)

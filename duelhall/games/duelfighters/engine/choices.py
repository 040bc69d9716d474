"""The choices a seat has: the markers it may lay while programming (3.2, F13, F14, F16) and
what it may do with its next step while executing (3.3, F18, F19, F31, F34, F35, F51)."""

from __future__ import annotations

from functools import partial

from . import actions as A
from .board import Board
from .movement import distances
from .reach import area_of, can_attack, spell_usable, technique_usable
from .sheet import AVAILABLE
from .steps import agile_cost, cards_for, cards_for_all, is_long, more
from .targets import aims, gifts, marks

SLIDES = ("advance", "lateral-left", "lateral-right", "retreat")


def may_lengthen(board: Board, seat: int) -> bool:
    """Whether the step being programmed may become a long step (Agile, F14)."""
    plan, f = board.plans[seat], board.fighters[seat]
    cost = agile_cost(f)
    if cost is None:
        return False
    if cost == "victory-point":
        return f.points > 0
    return plan.capacity - cards_for_all(plan.steps, cost) >= 2


def programming_choices(board: Board, seat: int, limit: int) -> list[tuple[str, ...]]:
    """The markers a seat may lay next (3.2, F13, F14, F16)."""
    plan, f = board.plans[seat], board.fighters[seat]
    halves = A.HALVES if f.has("turn-about-corner") else A.MOVE_HALVES
    fulls = [m for m in A.FULLS if m != "technique" or (f.points > 0 and f.techniques())]
    if plan.open:
        joining = more(plan.open, may_lengthen(board, seat), halves, fulls)
        return [*marks(board, seat, joining), (A.END,)]
    out: list[tuple[str, ...]] = []
    left = plan.capacity - cards_for_all(plan.steps, agile_cost(f))
    if len(plan.steps) < limit and left >= 1:
        out += marks(board, seat, (*halves, *fulls))
    return [*out, (A.DONE,)]


def step_cards(board: Board, seat: int) -> int:
    """The cards the next step uses up (two for a long step paid with a card)."""
    plan, f = board.plans[seat], board.fighters[seat]
    return cards_for(plan.steps[plan.next], agile_cost(f)) if plan.left() > 0 else 0


def affordable(board: Board, seat: int) -> bool:
    plan, f = board.plans[seat], board.fighters[seat]
    step = plan.steps[plan.next]
    if is_long(step) and agile_cost(f) == "victory-point" and f.points < 1:
        return False
    return f.count(AVAILABLE) >= step_cards(board, seat)


def execution_choices(board: Board, seat: int) -> list[tuple[str, ...]]:
    """What the seat to execute may do: its next marker, an improvised attack, a pass."""
    plan, f = board.plans[seat], board.fighters[seat]
    begun = plan.marker > 0
    spare = f.count(AVAILABLE) - (0 if begun else step_cards(board, seat))
    out: list[tuple[str, ...]] = []
    if plan.left() > 0:
        out += marker_options(board, seat, plan.steps[plan.next][plan.marker], spare)
    if not begun and not f.downed:
        may_abandon = (
            plan.left() == 0 or plan.next >= plan.anticipated or board.options["improvise_revealed"]
        )
        cards = f.count(AVAILABLE)
        if may_abandon and cards >= 1:
            for aim in aims(board, seat, lambda v: can_attack(board, seat, victim=v)):
                out.append((A.IMPROVISE, *aim))
                if cards >= 2:
                    out.append((A.IMPROVISE, A.MAXIMISE, *aim))
    if plan.left() == 0 and out:
        out.append((A.PASS,))
    return out


def marker_options(board: Board, seat: int, marker: str, spare: int) -> list[tuple[str, ...]]:
    f = board.fighters[seat]
    if f.downed:
        return [(A.HOLD,)]
    if marker in SLIDES:
        found = distances(board, seat, marker, board.options["move_fractions"])
        words = tuple(marker.split("-"))
        return [(*words, d) for d in found]
    if marker.startswith("turn-"):
        return [(A.TURN, marker.split("-")[1])]
    if marker.startswith("pivot-"):
        return [tuple(marker.split("-"))]
    out: list[tuple[str, ...]] = []
    if marker == "skill":
        out += [(A.EQUIP, i) for i in f.equippable() if spare >= 1]
        out += [(A.GIVE, item, key) for item, key in gifts(board, seat)]
        # A spell pays for its own step, or with spell-and-card uses up another card too.
        extra = 1 if board.options["spell_cost"] == "spell-and-card" else 0
        for card in f.castable():
            if spare < extra:
                continue
            area = area_of(card.effect.params) is not None
            for aim in aims(board, seat, partial(spell_usable, board, seat, card), area=area):
                out.append((A.CAST, card.id, *aim))
                if card.effect.name == "attack" and spare >= extra + 1:
                    out.append((A.CAST, card.id, A.MAXIMISE, *aim))
    named = board.plans[seat].aim(board.plans[seat].next)  # with its marker (F76)
    if marker == "technique" and f.points > 0:
        for t in f.techniques():
            if t.effect.name == "sweep":
                out += [(A.TECHNIQUE, t.id, "left"), (A.TECHNIQUE, t.id, "right")]
            else:
                area = area_of(t.effect.params) is not None
                usable = partial(technique_usable, board, seat, t)
                out += [
                    (A.TECHNIQUE, t.id, *a)
                    for a in aims(board, seat, usable, area=area, named=named)
                ]
    paid = marker == "attack" or (marker == "technique" and f.points > 0)
    if paid:
        for aim in aims(board, seat, lambda v: can_attack(board, seat, victim=v), named=named):
            out.append((A.ATTACK, *aim))
            if spare >= 1:
                out.append((A.ATTACK, A.MAXIMISE, *aim))
    if marker == "attack" and spare >= 1:
        for card in f.throwable():
            usable = partial(spell_usable, board, seat, card)
            for aim in aims(board, seat, usable, named=named):
                out.append((A.THROW, card.id, *aim))
                if spare >= 2:
                    out.append((A.THROW, card.id, A.MAXIMISE, *aim))
    return [*out, (A.HOLD,)]

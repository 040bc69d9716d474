"""What a Duel Fighters position is worth, for the searches that cut their playouts short
(the ``evaluator`` and ``quiet`` hooks).

A playout is judged between turns only (:func:`quiet`): mid-turn, the steps already laid
decide what the position is worth and the evaluation sees none of them. There the chance that
a seat wins is a logistic function of a few facts of the table, each a difference between
the seat and its adversary (so the two seats' chances add up to one): wounds and points, who
won the initiative, cards in hand, how each figure stands to the other, and how the two
sheets' dice match. The weights are fitted to the results of games between heuristic players
that now and then step aside from their plan (benchmarks/duelfighters_evaluator.py, which
prints them and how well they predict), so the evaluation estimates what the playouts it
replaces would have found.
"""

from __future__ import annotations

import math

from .engine.board import Board
from .engine.state import ORDER, PROGRAM, DuelFightersState
from .geometry import CARD_LENGTH, Figure, in_combat_distance, measure
from .geometry.figure import Measure

# The facts, in the order of WEIGHTS (each a difference: ours less theirs).
FEATURES = (
    "health",  # share of wounds left, ours less theirs
    "progress",  # share of the victory points to the next goal, ours less theirs
    "downed",  # theirs downed, less ours
    "initiative",  # +1 we choose the order this turn, -1 they do, 0 after a tie
    "cards",  # steps we may program this turn, less theirs
    "aim",  # how squarely we face them, less how squarely they face us, when near
    "measure",  # at whose flank or rear each stands, when in combat distance
    "dice",  # our attack dice less their defence dice, less theirs against ours
    "corner",  # how near a table edge they are, less how near we are
)
WEIGHTS = (1.993, 1.179, 0.457, 0.072, 0.763, 0.130, 0.624, 0.833, 0.031)
SCALE = 1.0

NEAR = 3 * CARD_LENGTH  # beyond this gap, facing counts for nothing
_MEASURE = {Measure.FRONT: 0.0, Measure.FLANK: 1.0, Measure.REAR: 1.6}


def quiet(state: DuelFightersState) -> bool:
    """Whether :func:`evaluate` may judge ``state``: between turns, once the initiative is
    rolled and before any step is laid (after a tie, ``order`` follows the programming)."""
    return state.phase in (ORDER, PROGRAM) and all(
        not plan.steps and not plan.open for plan in state.board.plans
    )


def features(state: DuelFightersState, seat: int) -> list[float]:
    """The facts :data:`FEATURES` names, for ``seat`` (one figure a side is measured
    figure to figure; with allies, each side's sums and its nearest pair)."""
    board = state.board
    ours = board.of_side(seat)
    theirs = board.of_side(1 - seat)
    facts = [_side(board, ours, f) - _side(board, theirs, f) for f in ("health", "progress")]
    facts.append(_side(board, theirs, "downed") - _side(board, ours, "downed"))
    winner = state.initiative.winner if state.phase == ORDER else None
    facts.append(0.0 if winner is None else (1.0 if winner == seat else -1.0))
    facts.append(float(_side(board, ours, "cards") - _side(board, theirs, "cards")))
    pair = _nearest(board, ours, theirs)
    if pair is None:
        return [*facts, 0.0, 0.0, 0.0, 0.0]
    me, them, i, j = pair
    near = max(0.0, 1.0 - _gap(me, them) / NEAR)
    facts.append(near * (_facing(me, them) - _facing(them, me)))
    if in_combat_distance(me, them):
        facts.append(_MEASURE[measure(me, them)] - _MEASURE[measure(them, me)])
    else:
        facts.append(0.0)
    a, b = board.fighters[i].sheet, board.fighters[j].sheet
    facts.append(((a.attack - b.defence) - (b.attack - a.defence)) / 4.0)
    width, depth = board.field.table.width, board.field.table.depth
    facts.append(_edge(them, width, depth) - _edge(me, width, depth))
    return facts


def evaluate(state: DuelFightersState, seat: int) -> float:
    """The chance that ``seat`` wins from ``state`` (its result once the duel is over)."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.scores[seat]
    score = sum(w * f for w, f in zip(WEIGHTS, features(state, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-SCALE * score))


def _side(board: Board, fighters: list[int], fact: str) -> float:
    total = 0.0
    for i in fighters:
        f = board.fighters[i]
        sheet = f.sheet
        if fact == "health":
            total += (sheet.wounds - f.injuries) / sheet.wounds if sheet.wounds else 0.0
        elif fact == "progress":
            target = sheet.win_at or sheet.level_up_at or 12
            total += (f.points + (4 if f.level > 1 else 0)) / target
        elif fact == "downed":
            total += 1.0 if f.downed else 0.0
        else:
            total += board.plans[i].capacity if board.plans else 0
    return total


def _nearest(
    board: Board, ours: list[int], theirs: list[int]
) -> tuple[Figure, Figure, int, int] | None:
    best: tuple[float, Figure, Figure, int, int] | None = None
    for i in ours:
        me = board.fighters[i].figure
        if me is None or board.fighters[i].defeated:
            continue
        for j in theirs:
            them = board.fighters[j].figure
            if them is None or board.fighters[j].defeated:
                continue
            d = _gap(me, them)
            if best is None or d < best[0]:
                best = (d, me, them, i, j)
    return None if best is None else best[1:]


def _gap(a: Figure, b: Figure) -> float:
    """The distance between the two bases' centres less their half sides: a cheap stand-in
    for the true gap, good enough for a weight."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.side / 2 - b.side / 2)


def _facing(me: Figure, them: Figure) -> float:
    """1 facing them squarely, -1 with the back to them."""
    angle = math.atan2(them.y - me.y, them.x - me.x) - math.radians(me.facing)
    return math.cos(angle)


def _edge(f: Figure, width: float, depth: float) -> float:
    """How near the nearest table edge is, 0 beyond a card length away, 1 against it."""
    room = min(f.x, f.y, width - f.x, depth - f.y) - f.side / 2
    return max(0.0, 1.0 - room / CARD_LENGTH)

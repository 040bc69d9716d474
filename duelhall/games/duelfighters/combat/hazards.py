"""Hits that are not attacks: collisions and pushes (rulebook 3.2.2, rulings F22 to F25),
breakable barrels (F54), trees and columns (F55), dangerous ground (F56).

Each roll-off is CON dice against CON dice, 4+ a success, no criticals and no points (F4). The
strikes a roll-off deals are then defended (or not) by :func:`defend_hits`, as the
``collision_hits`` option says (F24, F67).
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import AttackOutcome, DefenceSpec, plain_strikes, resolve, roll_defence
from .dice import DieSource, Roll, roll
from .rules import CombatRules


@dataclass(frozen=True)
class ConContest:
    mover: Roll
    other: Roll

    @property
    def difference(self) -> int:
        return abs(self.mover.successes - self.other.successes)

    @property
    def mover_wins(self) -> bool:
        return self.mover.successes > self.other.successes

    @property
    def other_wins(self) -> bool:
        return self.other.successes > self.mover.successes


def con_contest(source: DieSource, mover: int, other: int) -> ConContest:
    """The mover's CON dice, then the other's (a figure's or a barrel's)."""
    return ConContest(roll(source, mover, criticals=False), roll(source, other, criticals=False))


@dataclass(frozen=True)
class CollisionOutcome:
    """``passes``: the mover completes its move, carrying the other (F23, F25); otherwise it
    stops in contact. ``mover_strikes`` and ``other_strikes``: the strikes each takes."""

    push: bool
    contest: ConContest
    passes: bool
    mover_strikes: int
    other_strikes: int


def collision(
    source: DieSource,
    mover_con: int,
    other_con: int,
    *,
    push: bool,
    push_injures: bool = False,
    other_immune: bool = False,
) -> CollisionOutcome:
    """A mover running into another base (``push``: they were in contact at the start of the
    move). The loser of an unequal collision takes the difference as strikes, unless it is the
    one run into and immune to charges; a push deals none, except that a mover with
    Lacerating Armour (``push_injures``) deals them when it wins."""
    contest = con_contest(source, mover_con, other_con)
    diff = contest.difference
    if push:
        other = diff if contest.mover_wins and push_injures else 0
        return CollisionOutcome(True, contest, contest.mover_wins, 0, other)
    mover = diff if contest.other_wins else 0
    other = diff if contest.mover_wins and not other_immune else 0
    return CollisionOutcome(False, contest, contest.mover_wins, mover, other)


@dataclass(frozen=True)
class BarrelOutcome:
    """``broken``: the barrel is removed and the move goes on; otherwise the mover stops,
    taking ``strikes`` (the difference when the barrel won; none on a tie)."""

    contest: ConContest
    broken: bool
    strikes: int


def barrel(
    source: DieSource, mover_con: int, barrel_con: int, *, immune: bool = False
) -> BarrelOutcome:
    """Running into a breakable barrel, not from contact (4, F54). ``immune``: the mover has
    collision immunity against objects (the hits are spared, not the stop)."""
    contest = con_contest(source, mover_con, barrel_con)
    strikes = contest.difference if contest.other_wins and not immune else 0
    return BarrelOutcome(contest, contest.mover_wins, strikes)


def tree_strikes(constitution: int, *, immune: bool = False) -> int:
    """Running (or being pushed) into a tree, column or statue: its own CON as strikes (F55)."""
    return 0 if immune else constitution


def dangerous_injuries(*, immune: bool = False) -> int:
    """Touching, entering or leaving dangerous ground in a step: one undefended injury (F56)."""
    return 0 if immune else 1


def defend_hits(
    source: DieSource,
    strikes: int,
    defence: DefenceSpec,
    rules: CombatRules,
    *,
    always_defended: bool = False,
) -> AttackOutcome:
    """Strikes from a collision or a barrel, defended with DEF dice as the ``collision_hits``
    option says, or taken as injuries outright; a tree's are ``always_defended`` (F55). The
    defence is made from the front, without cover, and earns no points (F67)."""
    hits = plain_strikes(strikes)
    if not hits.strikes or (rules.collision_hits == "injuries" and not always_defended):
        return resolve(hits, None)
    plain = DefenceSpec(defence.dice, defence.defence, defence.maximise)
    return resolve(hits, roll_defence(source, hits, plain, rules, earns_points=False))

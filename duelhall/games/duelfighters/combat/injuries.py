"""Injuries and what they do to a character (rulebook 1.2.1, 3.3.7; rulings F9, F44 to F49).

:class:`Health` is the part of a character these rules read and change; :func:`take_injuries`
applies the injuries of one hit and reports, in an :class:`InjuryOutcome`, every change of
state the engine must carry out (a card to lose, a figure to lay down, a defeat).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .dice import DieSource, roll_die
from .rules import CombatRules


@dataclass(frozen=True)
class Health:
    wounds: int  # the sheet's W
    constitution: int  # the sheet's CON
    injuries: int = 0  # taken so far; past ``wounds`` is the excess of the death roll (F49)
    downed: bool = False
    defeated: bool = False

    @property
    def left(self) -> int:
        return max(0, self.wounds - self.injuries)

    @property
    def excess(self) -> int:
        return max(0, self.injuries - self.wounds)


def badly_wounded_line(health: Health, rules: CombatRules) -> int:
    """Injuries up to this line are not yet badly wounded: half the W (or, with the
    ``constitution`` option, half the CON), rounded up (F47)."""
    base = health.wounds if rules.badly_wounded == "wounds" else health.constitution
    return (base + 1) // 2


def is_badly_wounded(health: Health, rules: CombatRules) -> bool:
    return health.injuries > badly_wounded_line(health, rules)


@dataclass(frozen=True)
class DeathRoll:
    face: int
    excess: int

    @property
    def total(self) -> int:
        return self.face + self.excess


@dataclass(frozen=True)
class InjuryOutcome:
    """One hit's injuries and their consequences. ``knocked_down``: newly downed;
    ``badly_wounded``: the line was crossed by this hit; ``loses_card``: the engine must take
    an action card (F47); ``death_roll``: the roll to fight on at zero (F49)."""

    before: Health
    after: Health
    injuries: int
    knocked_down: bool
    badly_wounded: bool
    loses_card: bool
    death_roll: DeathRoll | None

    @property
    def defeated(self) -> bool:
        return self.after.defeated and not self.before.defeated


def take_injuries(
    source: DieSource,
    health: Health,
    injuries: int,
    rules: CombatRules,
    *,
    hit: bool = True,
    no_badly_wounded_penalty: bool = False,
) -> InjuryOutcome:
    """Apply ``injuries`` from one hit (an attack, a collision, a tree: ``hit``; dangerous
    ground is not one, F44). More injuries than the CON knock the victim down; crossing the
    badly-wounded line costs a card once (Abyssal Being spares it); reaching zero wounds, and
    every injury after, calls a death roll: one die plus the excess, at most the CON to fight
    on (or defeat outright with ``beat_death`` off)."""
    if injuries < 0:
        raise ValueError(f"injuries cannot be negative, not {injuries}")
    if health.defeated or injuries == 0:
        return InjuryOutcome(health, health, 0, False, False, False, None)
    after = replace(health, injuries=health.injuries + injuries)
    knocked = hit and injuries > health.constitution and not health.downed
    if knocked:
        after = replace(after, downed=True)
    crossed = is_badly_wounded(after, rules) and not is_badly_wounded(health, rules)
    death = None
    if after.injuries >= after.wounds:
        if rules.beat_death:
            death = DeathRoll(roll_die(source), after.excess)
            if death.total > after.constitution:
                after = replace(after, defeated=True)
        else:
            after = replace(after, defeated=True)
    return InjuryOutcome(
        health,
        after,
        injuries,
        knocked,
        crossed,
        crossed and not no_badly_wounded_penalty and not after.defeated,
        death,
    )


def heal(health: Health, amount: int) -> Health:
    """One healing (F9): at most the CON, never below no injuries. Being down stays."""
    restored = min(max(0, amount), health.constitution, health.injuries)
    return replace(health, injuries=health.injuries - restored)

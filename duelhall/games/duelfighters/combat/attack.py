"""An attack: ATK dice against DEF dice (rulebook 3.3 to 3.3.8, rulings F26 to F46).

An attack resolves in the order of ruling F28, so the engine can stop between the stages for a
choice: :func:`roll_attack` (after the attacker's technique and maximise decisions), then
:func:`roll_defence` (after the defender's Wall of Swords decision), then :func:`resolve`
(after a possible Divine Protection). :func:`attack` does all three for the common case.

Every strike is kept with the die that made it, whether it is a critical (a natural 6 of a roll
that makes criticals), whether it merely *counts* as one (against a downed figure, 3.3.7), and
its element; every cancel names the defence die and the strike. That is the outcome record the
engine applies and the terminal and the pictures tell in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..geometry import LOW, TALL, Measure, TerrainKind
from .dice import SUCCESS, DieSource, Roll, half, roll
from .rules import CombatRules

_SEVERITY = {Measure.FRONT: 0, Measure.FLANK: 1, Measure.REAR: 2}
MEASURE_PENALTY = -1  # 3.3.4, on each of the victim's dice
IMPROVISED_PENALTY = -1  # 3.3.8, on each attack die


def worse(*measures: Measure) -> Measure:
    """The measure most favourable to the attacker (ruling F65)."""
    return max(measures, key=_SEVERITY.__getitem__)


def may_attack(exposed: Measure, technique_or_skill: bool = False) -> bool:
    """Whether a figure whose adversary stands at ``exposed`` of it may attack that adversary:
    not with a normal or improvised attack from its rear (3.3.4, ruling F33)."""
    return technique_or_skill or exposed != Measure.REAR


def attack_dice(x: int | str, attack: int) -> int:
    """The dice of ``ATK X (Y)`` (3.3.5): X, or the current ATK when X is written ``X``."""
    return attack if x == "X" else int(x)


def range_bonus_applies(condition: str, contact: bool) -> bool:
    """Whether a weapon bonus marked ``any``, ``short`` or ``long`` range counts (3.3.6, F43):
    short needs the bases in contact, long needs them apart."""
    return condition == "any" or (condition == "short") == contact


def cover_dice(kinds: Iterable[TerrainKind]) -> int:
    """Extra defence dice from the pieces covering the defender (4, ruling F53), as
    :meth:`..geometry.Terrain.cover` finds them: one for any low piece, one for any tall one
    (the geometry offers tall pieces only for ranged attacks)."""
    found = set(kinds)
    return int(bool(found & LOW)) + int(bool(found & TALL))


def maximise_bonus(attribute: int, dice: int, rules: CombatRules) -> int:
    """Extra dice for using up a card (3.3.1, ruling F29): half the attribute, or half the
    dice about to be rolled, rounded down either way."""
    return (attribute if rules.maximise_base == "attribute" else dice) // 2


@dataclass(frozen=True)
class Situation:
    """Where the two figures stand when the attack is made.

    ``measure``: where the attacker stands relative to the victim (``geometry.measure``).
    ``exposed``: where the victim stands relative to the attacker; at a flank or the rear the
    attacker's own dice are at -1 (ruling F39). ``downed`` and ``badly_wounded``: the victim's
    state (3.3.7). ``contact``: the bases touch (range bonuses)."""

    measure: Measure = Measure.FRONT
    exposed: Measure = Measure.FRONT
    downed: bool = False
    badly_wounded: bool = False
    contact: bool = True


@dataclass(frozen=True)
class AttackSpec:
    """What the attacker brings. ``dice`` are the dice before maximising (the ATK, the X of a
    ranged weapon, weapon bonuses already counted); ``attack`` is the ATK attribute now."""

    dice: int
    attack: int
    maximise: bool = False
    technique: bool = False  # never maximised (3.3.1)
    improvised: bool = False  # -1 a die, no criticals, no points (3.3.8)
    element: str = ""
    elemental_dice: int = 0  # how many dice deal the element; 0 with an element: all
    defend_on: int = SUCCESS  # above 4: the natural face a defence die needs (F32, F68)
    as_position: Measure = Measure.FRONT  # counts as from the flank or rear (Invisible Thrust)
    reroll_misses: bool = False  # Double Thrust


@dataclass(frozen=True)
class Strike:
    die: int | None  # index in the attack roll (re-rolled dice after the first roll), or None
    critical: bool  # a natural 6 in a roll that makes criticals: earns a point (F4)
    counts_critical: bool  # only a defending 6 cancels it (a critical, or a downed victim)
    element: str  # "" or the element it deals


@dataclass(frozen=True)
class AttackRoll:
    """The attack stage's result. ``measure`` is the one that applies (ruling F65);
    ``extra`` the dice added by maximising; ``roll`` the dice (``reroll``: Double Thrust's
    second roll of the misses, whose dice follow the first roll's in ``Strike.die``)."""

    spec: AttackSpec
    measure: Measure
    downed: bool
    extra: int
    modifier: int
    roll: Roll | None
    reroll: Roll | None
    strikes: tuple[Strike, ...]
    victory_points: int


def effective_measure(situation: Situation, spec: AttackSpec, rules: CombatRules) -> Measure:
    """The measure the attack is made with: the geometry's, what the technique counts as, and
    a downed victim's (ruling F45), whichever is worst for the victim (ruling F65)."""
    measures = [situation.measure, spec.as_position]
    if situation.downed:
        rear = rules.downed == "rear" or situation.badly_wounded
        measures.append(Measure.REAR if rear else Measure.FLANK)
    return worse(*measures)


def roll_attack(
    source: DieSource, spec: AttackSpec, situation: Situation, rules: CombatRules
) -> AttackRoll:
    measure = effective_measure(situation, spec, rules)
    extra = 0
    if spec.maximise and not spec.technique:
        extra = maximise_bonus(spec.attack, spec.dice, rules)
    modifier = (IMPROVISED_PENALTY if spec.improvised else 0) + (
        MEASURE_PENALTY if situation.exposed != Measure.FRONT else 0
    )
    criticals = not spec.improvised
    first = roll(source, spec.dice + extra, modifier=modifier, criticals=criticals)
    dice = list(first.dice)
    reroll = None
    if spec.reroll_misses:
        misses = [i for i, d in enumerate(dice) if not d.success]
        reroll = roll(source, len(misses), modifier=modifier, criticals=criticals)
    # The element rides on the die's position among the base dice (the wielder's told-apart
    # dice, F35): maximising's extra dice are ordinary, a re-rolled die keeps its element (F68).
    elemental = spec.dice if spec.elemental_dice == 0 else min(spec.dice, spec.elemental_dice)

    def element_of(i: int) -> str:
        return spec.element if spec.element and i < elemental else ""

    strikes = [
        Strike(i, d.critical, d.critical or situation.downed, element_of(i))
        for i, d in enumerate(dice)
        if d.success
    ]
    if reroll is not None:
        for n, (i, d) in enumerate(zip(misses, reroll.dice, strict=True)):
            if d.success:
                strikes.append(
                    Strike(len(dice) + n, d.critical, d.critical or situation.downed, element_of(i))
                )
    # Only real criticals earn points: an improvised roll makes none, and strikes that merely
    # count as critical against a downed figure earn nothing (F4, F66).
    points = sum(s.critical for s in strikes)
    return AttackRoll(
        spec, measure, situation.downed, extra, modifier, first, reroll, tuple(strikes), points
    )


def automatic_strikes(
    count: int,
    situation: Situation,
    rules: CombatRules,
    *,
    defend_on: int = SUCCESS,
    element: str = "",
) -> AttackRoll:
    """Strikes that need no roll (Devastating Mace, F32): no criticals and no points, but a
    downed victim still needs 6s for them (F46)."""
    spec = AttackSpec(0, 0, technique=True, element=element, defend_on=defend_on)
    measure = effective_measure(situation, spec, rules)
    strikes = tuple(Strike(None, False, situation.downed, element) for _ in range(count))
    return AttackRoll(spec, measure, situation.downed, 0, 0, None, None, strikes, 0)


def plain_strikes(count: int) -> AttackRoll:
    """Strikes from a collision, a barrel or a tree (F24, F54, F55): ordinary, from the front."""
    spec = AttackSpec(0, 0, technique=True)
    strikes = tuple(Strike(None, False, False, "") for _ in range(max(0, count)))
    return AttackRoll(spec, Measure.FRONT, False, 0, 0, None, None, strikes, 0)


@dataclass(frozen=True)
class DefenceSpec:
    """What the defender brings. ``dice``: the DEF with equipment; ``defence``: the DEF
    attribute (Wall of Swords' base); ``cover``: from :func:`cover_dice`; ``resists``: the
    elements it takes as ordinary strikes (F36)."""

    dice: int
    defence: int
    maximise: bool = False  # Wall of Swords only (F30); the engine checks the ability
    cover: int = 0
    resists: tuple[str, ...] = ()


@dataclass(frozen=True)
class DefenceRoll:
    spec: DefenceSpec
    extra: int  # from maximising
    halved: bool  # from the rear (F40)
    count: int  # dice rolled
    modifier: int
    roll: Roll
    victory_points: int


def roll_defence(
    source: DieSource,
    attack: AttackRoll,
    spec: DefenceSpec,
    rules: CombatRules,
    *,
    earns_points: bool = True,
) -> DefenceRoll:
    """The defence roll against ``attack``: DEF dice, Wall of Swords and cover added, halved
    from the rear after every other change (F40); -1 a die at a flank or the rear (F39).
    ``earns_points`` is False against hits that are not an attack (F67)."""
    extra = maximise_bonus(spec.defence, spec.dice, rules) if spec.maximise else 0
    count = spec.dice + extra + spec.cover
    halved = attack.measure == Measure.REAR
    if halved:
        count = half(count, rules.half_dice)
    modifier = MEASURE_PENALTY if attack.measure != Measure.FRONT else 0
    natural_need = attack.spec.defend_on if attack.spec.defend_on > SUCCESS else 1
    dice = roll(source, count, modifier=modifier, natural_need=natural_need)
    points = dice.sixes if earns_points and rules.vp_from == "attack-and-defence" else 0
    return DefenceRoll(spec, extra, halved, count, modifier, dice, points)


@dataclass(frozen=True)
class Cancel:
    defence_die: int
    strike: int  # index in ``AttackRoll.strikes``


@dataclass(frozen=True)
class AttackOutcome:
    """Everything one attack did. ``landed``: the strikes not cancelled (indices);
    ``injuries``: what they deal (elemental ones twice unless resisted, F36), 0 when
    ``ignored`` (Divine Protection, F35); ``criticals_landed``: real criticals not cancelled
    (Stun, F32)."""

    attack: AttackRoll
    defence: DefenceRoll | None
    cancels: tuple[Cancel, ...]
    landed: tuple[int, ...]
    injuries: int
    criticals_landed: int
    ignored: bool

    @property
    def attacker_points(self) -> int:
        return self.attack.victory_points

    @property
    def defender_points(self) -> int:
        return self.defence.victory_points if self.defence else 0


def resolve(
    attack: AttackRoll,
    defence: DefenceRoll | None,
    *,
    resists: Iterable[str] = (),
    ignore: bool = False,
) -> AttackOutcome:
    """Cancel strikes in the defender's favour (F27): defending 6s first take the strikes that
    only a 6 cancels, elemental first; then every remaining success takes an ordinary strike,
    elemental first. What is left lands."""
    resisted = frozenset(resists)
    strikes = attack.strikes

    def order(indices: list[int]) -> list[int]:  # elemental (unresisted) first
        return sorted(indices, key=lambda i: strikes[i].element in ("", *resisted))

    hard = order([i for i, s in enumerate(strikes) if s.counts_critical])
    soft = order([i for i, s in enumerate(strikes) if not s.counts_critical])
    cancels: list[Cancel] = []
    dice = defence.roll.dice if defence else ()
    sixes = [j for j, d in enumerate(dice) if d.six]
    others = [j for j, d in enumerate(dice) if d.success and not d.six]
    while sixes and hard:
        cancels.append(Cancel(sixes.pop(0), hard.pop(0)))
    for j in sixes + others:
        if not soft:
            break
        cancels.append(Cancel(j, soft.pop(0)))
    landed = tuple(sorted(hard + soft))
    injuries = sum(
        2 if strikes[i].element and strikes[i].element not in resisted else 1 for i in landed
    )
    crits = sum(strikes[i].critical for i in landed)
    return AttackOutcome(
        attack,
        defence,
        tuple(cancels),
        landed,
        0 if ignore else injuries,
        crits,
        ignore,
    )


def attack(
    source: DieSource,
    spec: AttackSpec,
    defence: DefenceSpec,
    situation: Situation,
    rules: CombatRules,
) -> AttackOutcome:
    """A whole attack with every choice already made."""
    rolled = roll_attack(source, spec, situation, rules)
    defended = roll_defence(source, rolled, defence, rules)
    return resolve(rolled, defended, resists=defence.resists)

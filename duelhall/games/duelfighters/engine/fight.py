"""Attacks on the table: normal, maximised, improvised and the special combat techniques
(3.3 to 3.3.8; rulings F26 to F33, F44 to F51, F65 to F68).

The dice and their reading are the combat package's, and who can reach whom is
:mod:`.reach`'s; this module builds the specs from the sheets and equipment and carries out an
attack in F28's order: the attack roll and its points (F7), the victim's decisions (Wall of
Swords, Divine Protection: the attack then waits in ``board.pending``), the defence roll, the
injuries and what the hit does beyond them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..combat.attack import (
    AttackOutcome,
    AttackRoll,
    AttackSpec,
    Situation,
    attack_dice,
    automatic_strikes,
    resolve,
    roll_attack,
    roll_defence,
)
from ..combat.dice import DieSource
from ..combat.injuries import heal
from ..content import Ability, ItemCard
from ..effects import Area
from ..geometry import (
    CARD_LENGTH,
    Measure,
    in_contact,
    quarter_turn,
    sweep_template,
    touched,
)
from .board import DEFEND, PROTECT, Board, Pending
from .reach import area_of, area_victims, cover_for, in_reach, side_measure
from .sheet import AVAILABLE
from .space import overlaps_any
from .wounds import badly_wounded, defence_spec, injure, strikes_taken

Source = Ability | ItemCard  # a technique, or a card (a spell, a thrown weapon)
PROTECTION = "ignore-attack"  # the effect of Divine Protection (F35)


def cast_heal(board: Board, seat: int, card: ItemCard) -> None:
    """A healing card (F9): at most the amount and the CON, never below no injuries."""
    f = board.fighters[seat]
    amount = card.effect.params.get("amount", 2)
    before = f.injuries
    f.set_health(heal(f.health(), amount if isinstance(amount, int) else 2))
    board.say(f"{f.name} casts {card.name} and heals {before - f.injuries}")


def _situation(board: Board, seat: int, victim: int) -> Situation:
    me, them = board.figure(seat), board.figure(victim)
    return Situation(
        side_measure(board, me, them),
        side_measure(board, them, me),
        board.fighters[victim].downed,
        badly_wounded(board, victim),
        in_contact(me, them),
    )


def _faces(rolled: AttackRoll) -> str:
    faces = [str(d.face) for d in rolled.roll.dice] if rolled.roll else []
    if rolled.reroll:
        faces += ["/"] + [str(d.face) for d in rolled.reroll.dice]
    return " ".join(faces) or "-"


class _Recorder:
    """The game's dice, noting each face rolled (an attack may wait for a decision, F28)."""

    def __init__(self, source: DieSource) -> None:
        self.source = source
        self.faces: list[int] = []

    def below(self, n: int, /) -> int:
        value = self.source.below(n)
        self.faces.append(value + 1)
        return value


class Replay:
    """Faces rolled before, read again in order; a roll that needs more, or fewer, is a
    ``ValueError`` (a position whose faces do not fit its attack)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = list(faces)

    def below(self, n: int, /) -> int:
        if n != 6 or not self.faces:
            raise ValueError("the dice kept for the attack do not fit it")
        return self.faces.pop(0) - 1

    def done(self) -> None:
        if self.faces:
            raise ValueError("more dice are kept for the attack than it rolls")


def source_key(source: Source | None) -> str:
    if source is None:
        return ""
    return f"{'technique' if isinstance(source, Ability) else 'card'}:{source.id}"


def source_of(board: Board, seat: int, key: str) -> Source | None:
    kind, _, ident = key.partition(":")
    f = board.fighters[seat]
    if kind == "technique":
        return next((t for t in f.character.abilities if t.id == ident), None)
    return f.items.get(ident) if kind == "card" else None


def attack(
    board: Board,
    seat: int,
    options: Mapping[str, Any],
    *,
    maximise: bool = False,
    improvised: bool = False,
    source: Source | None = None,
    victim: int | None = None,
    then: tuple[int, ...] = (),
) -> None:
    """One attack of ``seat`` on ``victim`` (by default its adversary, F76): a normal or
    improvised attack, or the attack of a technique or a card (``source``). It may stop for
    the victim's decision (``board.pending``); :func:`resume` carries on. An area names no
    victim: it attacks each figure it covers in turn (F37), the others waiting in ``then``."""
    f = board.fighters[seat]
    target = board.adversary(seat) if victim is None else victim
    area = area_of(source.effect.params) if source and victim is None else None
    if area is not None:
        covered = area_victims(board, seat, area)
        if covered:
            target, then = covered[0], tuple(covered[1:])
    situation = _situation(board, seat, target)
    technique = source if isinstance(source, Ability) else None
    params: Mapping[str, Any] = source.effect.params if source else {}
    written = params.get("dice", "X")
    dice = attack_dice(written, f.sheet.attack) + int(params.get("dice_bonus", 0))
    element, elemental = "", 0
    if written == "X":  # weapons add to attacks that roll the ATK (F35)
        bonus, _, element, elemental = f.dice_bonus(situation.contact)
        dice += bonus
    if "element" in params:
        element, elemental = str(params["element"]), int(params.get("elemental_dice", 0))
    spec = AttackSpec(
        max(0, dice),
        f.sheet.attack,
        maximise=maximise,
        technique=technique is not None,
        improvised=improvised,
        element=element if element else "",
        elemental_dice=elemental,
        defend_on=int(params.get("defend_on", 4)),
        as_position=Measure(params.get("as_position", "front")),
        reroll_misses=bool(params.get("reroll_misses", False)),
    )
    kind = source.name if source else ("improvised attack" if improvised else "attack")
    dice_source = _Recorder(board.rng)
    rolled = roll_attack(dice_source, spec, situation, board.rules)
    board.say(
        f"{f.name}: {kind}{' maximised' if maximise else ''} from the {rolled.measure}, "
        f"{_faces(rolled)}: {len(rolled.strikes)} strike{'s' * (len(rolled.strikes) != 1)}"
    )
    pending = Pending(
        DEFEND,
        seat,
        source_key(source),
        spec,
        situation,
        tuple(dice_source.faces),
        victim=target,
        then=then,
    )
    _rolled(board, pending, rolled)


def _rolled(board: Board, pending: Pending, rolled: AttackRoll, *, points: bool = True) -> None:
    """The attack dice are read: points first (F7), then the victim's decision or roll."""
    seat = pending.attacker
    if points:
        board.gain_points(seat, rolled.victory_points, board.options)
    if board.over:
        return
    victim = board.fighters[board.victim_of(pending)]
    if rolled.strikes and victim.has("wall-of-swords") and victim.count(AVAILABLE) > 0:
        board.pending = pending
        return
    _defend(board, pending, rolled, maximise=False)


def _defend(board: Board, pending: Pending, rolled: AttackRoll, *, maximise: bool) -> None:
    seat, target = pending.attacker, board.victim_of(pending)
    victim = board.fighters[target]
    me, them = board.figure(seat), board.figure(target)
    ranged = not in_reach(board, me, them)
    cover = cover_for(board, seat, ranged, target)
    spec = defence_spec(board, target, in_contact(me, them), cover)
    if maximise:
        victim.use_card()  # Wall of Swords (F30)
        spec = replace(spec, maximise=True)
    dice_source = _Recorder(board.rng)
    defended = roll_defence(dice_source, rolled, spec, board.rules)
    faces = " ".join(str(d.face) for d in defended.roll.dice) or "-"
    board.say(f"{victim.name} defends with {defended.count} dice, {faces}")
    board.gain_points(target, defended.victory_points, board.options)
    if board.over:
        return
    outcome = resolve(rolled, defended, resists=spec.resists)
    if outcome.injuries > 0 and victim.available_with(PROTECTION):
        board.pending = replace(
            pending, stage=PROTECT, defence=spec, defence_faces=tuple(dice_source.faces)
        )
        return
    _land(board, pending, outcome)


def reread(board: Board, pending: Pending) -> AttackRoll:
    """The attack roll of a pending attack, read again from its faces."""
    faces = Replay(pending.attack_faces)
    if pending.automatic:
        rolled = automatic_strikes(
            pending.automatic, pending.situation, board.rules, defend_on=pending.spec.defend_on
        )
    else:
        rolled = roll_attack(faces, pending.spec, pending.situation, board.rules)
    faces.done()
    return rolled


def victim_choices(board: Board) -> list[tuple[str, ...]]:
    """The victim's choices for a pending attack."""
    pending = board.pending
    if pending is None:
        return []
    if pending.stage == DEFEND:
        return [("defend",), ("defend", "maximise")]
    return [("protect",), ("accept",)]


def resume(board: Board, words: tuple[str, ...]) -> None:
    """Carry on a pending attack with the victim's decision."""
    pending = board.pending
    if pending is None:
        raise ValueError("no attack is waiting for a decision")
    board.pending = None
    rolled = reread(board, pending)
    if pending.stage == DEFEND:
        _defend(board, pending, rolled, maximise=len(words) > 1)
        return
    assert pending.defence is not None
    faces = Replay(pending.defence_faces)
    defended = roll_defence(faces, rolled, pending.defence, board.rules)
    faces.done()
    protect = words[0] == "protect"
    victim = board.fighters[board.victim_of(pending)]
    if protect:
        victim.spend(victim.available_with(PROTECTION))
        board.say(f"{victim.name} discards Divine Protection and takes no injury")
    outcome = resolve(rolled, defended, resists=pending.defence.resists, ignore=protect)
    _land(board, pending, outcome)


def _land(board: Board, pending: Pending, outcome: AttackOutcome) -> None:
    """Injuries, then what the hit does beyond them (F28): the victim's parry turned back,
    the technique's own effect, the attacker's abilities, each found by its effect name."""
    seat, target = pending.attacker, board.victim_of(pending)
    victim = board.fighters[target]
    if outcome.injuries == 0 and not outcome.ignored:
        board.say(f"{victim.name} takes no injury")
    injure(board, target, outcome.injuries)
    if board.over:
        return
    if board.riposte[target] and outcome.cancels:
        board.say(f"{victim.name} turns {len(outcome.cancels)} parried strikes back")
        strikes_taken(board, seat, len(outcome.cancels), always_defended=True)
        if board.over:
            return
    source = source_of(board, seat, pending.source)
    if isinstance(source, Ability) and source.effect.name in AFTER_HIT:
        AFTER_HIT[source.effect.name](board, seat, target, source, outcome)
    for ability in board.fighters[seat].abilities():
        if ability.effect.name in ON_HITTING:
            ON_HITTING[ability.effect.name](board, seat, target, ability, outcome)
    _next_in_area(board, pending)


def _next_in_area(board: Board, pending: Pending) -> None:
    """The next figure an area covers (F37): its own attack roll, or with ``area_rolls = one``
    the same dice read again for it, without points a second time; a sweep's strikes again."""
    rest = [i for i in pending.then if not board.fighters[i].defeated]
    if not rest or board.over:
        return
    seat, target, later = pending.attacker, rest[0], tuple(rest[1:])
    situation = _situation(board, seat, target)
    again = replace(
        pending,
        stage=DEFEND,
        situation=situation,
        victim=target,
        then=later,
        defence=None,
        defence_faces=(),
    )
    name = board.fighters[target].name
    if pending.automatic:
        spec = pending.spec
        rolled = automatic_strikes(
            pending.automatic, situation, board.rules, defend_on=spec.defend_on
        )
        board.say(f"{name} is caught too: {pending.automatic} automatic strikes")
        _rolled(board, again, rolled)
    elif board.options["area_rolls"] == "one":
        board.say(f"{name} is in the area too")
        _rolled(board, again, reread(board, again), points=False)
    else:
        source = source_of(board, seat, pending.source)
        spec = pending.spec
        attack(
            board,
            seat,
            board.options,
            maximise=spec.maximise,
            improvised=spec.improvised,
            source=source,
            victim=target,
            then=later,
        )


def _stun(board: Board, seat: int, target: int, ability: Ability, outcome: AttackOutcome) -> None:
    """Stun (F32): each critical the victim did not cancel costs it its last step."""
    victim = board.fighters[target]
    for _ in range(outcome.criticals_landed):
        if board.plans[target].drop_last():
            victim.use_card()
            board.say(f"{victim.name} is stunned and loses a step")


def _parry(board: Board, seat: int, target: int, ability: Ability, outcome: AttackOutcome) -> None:
    """Parry and attack (F32): until the user's next step, parried strikes turn back."""
    board.riposte[seat] = True


def _master_swordsman(
    board: Board, seat: int, target: int, ability: Ability, outcome: AttackOutcome
) -> None:
    """Master Swordsman (F15): enough injuries from one blow cost the victim a card."""
    least = ability.effect.params.get("min_injuries", 2)
    if isinstance(least, int) and outcome.injuries >= least:
        # Named as the attacker's: the line tells of the victim, whose sheet lacks the ability.
        board.lose_card(target, f"{board.fighters[seat].name}'s {ability.name}")


Effect = Callable[[Board, int, int, Ability, AttackOutcome], None]
"""An effect's arguments: the board, the attacker, the victim, the ability, the outcome."""
AFTER_HIT: Mapping[str, Effect] = {"stun": _stun, "parry-riposte": _parry}
"""What a technique's hit does beyond its injuries, by the technique's effect name."""
ON_HITTING: Mapping[str, Effect] = {"master-swordsman": _master_swordsman}
"""What an ability of the attacker does when any of its attacks hits, by effect name."""


def _whole(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def sweep(
    board: Board, seat: int, technique: Ability, left: bool, options: Mapping[str, Any]
) -> None:
    """Devastating Mace and its kind (F32): a quarter turn, then automatic strikes on a base
    in the swept arc, each cancelled only by a high enough defence die."""
    params = technique.effect.params
    me = board.figure(seat)
    area = params.get("area")
    length = area.length if isinstance(area, Area) else 1.0
    angle = _whole(params.get("turn"), 90)
    arc = sweep_template(me, length * CARD_LENGTH, angle if left else -angle)
    # Every base in the arc, adversaries first, allies too (F37).
    standing = [i for i in board.others(seat) if not board.fighters[i].defeated]
    caught = sorted(
        (i for i in standing if touched(arc, [("them", board.figure(i))])),
        key=lambda i: (board.sides[i] == board.sides[seat], i),
    )
    turned = quarter_turn(me, left)
    if board.field.free(turned, board.broken) and not overlaps_any(board, seat, turned):
        board.fighters[seat].figure = turned
    f = board.fighters[seat]
    if not caught:
        board.say(f"{f.name}: {technique.name} catches nothing")
        return
    strikes = _whole(params.get("strikes"), 2)
    defend_on = _whole(params.get("defend_on"), 5)
    target = caught[0]  # the area's first: every figure it covers is still to come (F37)
    situation = _situation(board, seat, target)
    rolled = automatic_strikes(strikes, situation, board.rules, defend_on=defend_on)
    board.say(f"{f.name}: {technique.name}, {strikes} automatic strikes")
    pending = Pending(
        DEFEND,
        seat,
        source_key(technique),
        rolled.spec,
        situation,
        (),
        automatic=strikes,
        victim=target,
        then=tuple(caught[1:]),
    )
    _rolled(board, pending, rolled)

"""Everything on and beside the table: the field, the fighters, their programmes, the dice.

The state (:mod:`.state`) runs the phases; the rules that act on the table (moving, fighting)
are functions over a :class:`Board` in :mod:`.movement` and :mod:`.fight`, so each stays
small and none imports the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from duelhall.core.rng import Rng

from ..combat.attack import AttackSpec, DefenceSpec, Situation
from ..combat.rules import CombatRules
from ..geometry import Figure
from .field import Field
from .sheet import AVAILABLE, USED, Fighter


class Plan:
    """A seat's sequence this turn (3.2) and how far it has been shown and executed."""

    __slots__ = (
        "aims",
        "anticipated",
        "capacity",
        "cut",
        "done",
        "finished",
        "marker",
        "next",
        "open",
        "open_aim",
        "shown",
        "steps",
    )

    def __init__(self, capacity: int = 0) -> None:
        self.steps: list[tuple[str, ...]] = []
        # The adversary each step names (its key, "" for none): with target = when-programmed
        # the full marker is laid with its victim (F76). Kept in step with ``steps``.
        self.aims: list[str] = []
        self.open: list[str] = []  # the step being programmed
        self.open_aim = ""  # the adversary the open step names
        self.done = False  # finished the programming stage in progress
        self.shown = 0  # steps the other seat has seen
        self.anticipated = 0  # programmed in the anticipation stage: obligatory (F51)
        self.cut = False  # fewer anticipated steps than required: no more this turn
        self.capacity = capacity  # the available cards at the start of the turn (F13)
        self.next = 0  # the next step to execute
        self.marker = 0  # the next marker of the step being executed (0: not begun)
        self.finished = False  # passed: no more part in this turn's execution (F18)

    def clone(self) -> Plan:
        other = Plan.__new__(Plan)
        other.steps = self.steps[:]
        other.aims = self.aims[:]
        other.open = self.open[:]
        other.open_aim = self.open_aim
        other.done = self.done
        other.shown = self.shown
        other.anticipated = self.anticipated
        other.cut = self.cut
        other.capacity = self.capacity
        other.next = self.next
        other.marker = self.marker
        other.finished = self.finished
        return other

    def aim(self, index: int) -> str:
        """The adversary step ``index`` names (its key), or "" when it names none."""
        return self.aims[index] if index < len(self.aims) else ""

    def add(self, step: tuple[str, ...], aim: str = "") -> None:
        """Append a step and the adversary it names ("" for none)."""
        self.aims += [""] * (len(self.steps) - len(self.aims))
        self.steps.append(step)
        self.aims.append(aim)

    def close(self) -> None:
        """The open step is laid: it joins the sequence with the adversary it names."""
        self.add(tuple(self.open), self.open_aim)
        self.open, self.open_aim = [], ""

    def remove(self, index: int) -> None:
        """Take step ``index`` out of the sequence, with the adversary it names."""
        self.steps.pop(index)
        if index < len(self.aims):
            self.aims.pop(index)

    def keep(self, count: int) -> None:
        """Keep the first ``count`` steps only (a re-deal replaces the rest)."""
        del self.steps[count:]
        del self.aims[count:]

    def left(self) -> int:
        """Steps not yet executed (the one in progress counts while begun)."""
        return len(self.steps) - self.next

    def drop_last(self) -> bool:
        """Remove the last step not yet begun (Stun, a lost card, standing up); False when
        there is none."""
        first_free = self.next + (1 if self.marker else 0)
        if len(self.steps) > first_free:
            self.remove(len(self.steps) - 1)
            self.shown = min(self.shown, len(self.steps))
            self.anticipated = min(self.anticipated, len(self.steps))
            return True
        return False


DEFEND, PROTECT = "defend", "protect"


@dataclass(frozen=True)
class Pending:
    """An attack waiting for its victim's decision (F28): whether to maximise the defence
    (Wall of Swords, ``defend``), or whether to discard Divine Protection after the defence
    roll (``protect``). The dice already rolled are kept as faces, so the rolls can be read
    again exactly (and a position can hold them); ``automatic``: strikes that needed no roll.
    """

    stage: str
    attacker: int
    source: str  # "", "technique:ID" or "card:ID"
    spec: AttackSpec
    situation: Situation
    attack_faces: tuple[int, ...]
    automatic: int = 0
    defence: DefenceSpec | None = None
    defence_faces: tuple[int, ...] = ()
    victim: int = -1  # the fighter attacked; -1: the attacker's adversary (one a side)
    then: tuple[int, ...] = ()  # the figures an area covers still to be attacked (F37)


class Board:
    """The table's contents and the sheets. Mutable; :meth:`clone` copies by hand."""

    __slots__ = (
        "broken",
        "field",
        "fighters",
        "hazard",
        "keys",
        "log",
        "options",
        "pending",
        "plans",
        "reason",
        "riposte",
        "rng",
        "rules",
        "sides",
        "winner",
    )

    def __init__(
        self,
        field: Field,
        fighters: list[Fighter],
        options: Mapping[str, Any],
        rules: CombatRules,
        rng: Rng,
        sides: tuple[int, ...] = (0, 1),
    ) -> None:
        if len(sides) != len(fighters):
            raise ValueError("name the side of every fighter")
        self.field = field
        self.options = options  # read-only, shared with the state and its clones
        self.fighters = fighters
        # The seat playing each fighter: seat 0's first character, seat 1's first, then the
        # allies (F59), so that with one a side a fighter's index is its seat.
        self.sides = sides
        # Each fighter's word in the notation (lineup.keys): its character id, made unique.
        self.keys = tuple(f.character.id for f in fighters)
        self.rules = rules
        self.rng = rng
        self.broken: frozenset[str] = frozenset()  # smashed barrels
        self.plans = [Plan() for _ in fighters]
        self.log: list[str] = []  # what happened this turn, for every seat to read
        self.hazard = [False for _ in fighters]  # dangerous ground has hurt this step (F56)
        self.riposte = [False for _ in fighters]  # parried strikes turn back until the next step
        self.pending: Pending | None = None  # immutable, shared by clones
        self.winner: int | None = None
        self.reason = ""

    def clone(self) -> Board:
        other = Board.__new__(Board)
        other.field = self.field
        other.fighters = [f.clone() for f in self.fighters]
        other.options = self.options
        other.rules = self.rules
        other.sides = self.sides
        other.keys = self.keys
        other.rng = self.rng.clone()
        other.broken = self.broken
        other.plans = [p.clone() for p in self.plans]
        other.log = self.log[:]
        other.hazard = self.hazard[:]
        other.riposte = self.riposte[:]
        other.pending = self.pending
        other.winner = self.winner
        other.reason = self.reason
        return other

    @property
    def over(self) -> bool:
        return self.winner is not None or self.reason != ""

    def figure(self, seat: int) -> Figure:
        found = self.fighters[seat].figure
        if found is None:
            raise ValueError(f"seat {seat}'s figure is not on the table yet")
        return found

    # --- who stands against whom (F59, F76) -------------------------------------------------

    def foes(self, index: int) -> list[int]:
        """The adversaries of fighter ``index`` still fighting on the table."""
        side = self.sides[index]
        return [
            i
            for i, f in enumerate(self.fighters)
            if self.sides[i] != side and f.figure is not None and not f.defeated
        ]

    def adversary(self, index: int) -> int:
        """The adversary a move or attack of fighter ``index`` is measured against when none
        is named: the nearest still fighting (the lowest index on a tie), else the first of
        the other side. With one a side, the other seat."""
        me = self.fighters[index].figure
        standing = self.foes(index)
        if standing and me is not None:
            return min(standing, key=lambda i: (me.polygon.distance(self.figure(i).polygon), i))
        side = self.sides[index]
        return next(i for i, s in enumerate(self.sides) if s != side)

    def away_from(self, index: int) -> int:
        """The adversary a retreat of fighter ``index`` moves away from: the one its step
        named with the marker while it still fights (F76), else the nearest."""
        plan = self.plans[index]
        named = plan.aim(plan.next)
        if named and self.index_of(named) in self.foes(index):
            return self.index_of(named)
        return self.adversary(index)

    def of_side(self, seat: int) -> list[int]:
        """The fighters ``seat`` plays, first character first."""
        return [i for i, s in enumerate(self.sides) if s == seat]

    def index_of(self, key: str) -> int:
        return self.keys.index(key)

    def side_name(self, seat: int) -> str:
        """The side's characters: "Deretor", or "Deretor and Hallothon"."""
        names = [self.fighters[i].name for i in self.of_side(seat)]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]

    def victim_of(self, pending: Pending) -> int:
        return pending.victim if pending.victim >= 0 else self.adversary(pending.attacker)

    def others(self, index: int) -> list[int]:
        """Every other figure on the table, allies and adversaries, fallen or not: bases the
        figure ``index`` cannot pass through (F76)."""
        return [i for i, f in enumerate(self.fighters) if i != index and f.figure is not None]

    def fell(self, index: int, reason: str) -> None:
        """Fighter ``index`` is out of the duel: the other side wins once no character of its
        side is left fighting (F59)."""
        side = self.sides[index]
        if all(f.defeated for i, f in enumerate(self.fighters) if self.sides[i] == side):
            self.end(1 - side, reason)

    def say(self, line: str) -> None:
        self.log.append(line)

    def end(self, winner: int | None, reason: str) -> None:
        if not self.over:
            self.winner, self.reason = winner, reason

    # --- points and cards ------------------------------------------------------------------

    def gain_points(self, seat: int, points: int, options: Mapping[str, Any]) -> None:
        """Bank victory points (F4); level up and win on points as the counter passes the
        sheet's numbers (F6, F7)."""
        if points <= 0 or self.over:
            return
        f = self.fighters[seat]
        f.points += points
        self.say(f"{f.name} gains {points} victory point{'s' * (points != 1)} ({f.points})")
        if f.level == 1 and f.points >= f.sheet.level_up_at > 0:
            f.level_up()
            self.say(f"{f.name} reaches level 2")
            if options["vp_after_level_up"] == "reset":
                f.points = 0
        if f.level == 2 and f.points >= f.sheet.win_at > 0:
            self.end(self.sides[seat], "points")

    def lose_card(self, seat: int, why: str) -> None:
        """A card lost to wounds or Master Swordsman (F47, F15): an available one; with none,
        the last step not begun and a used-up card; with no card at all, an equipped one."""
        f = self.fighters[seat]
        if f.discard(AVAILABLE):
            self.say(f"{f.name} loses an action card ({why})")
            return
        self.plans[seat].drop_last()
        if f.discard(USED) or f.discard("equipped"):
            self.say(f"{f.name} loses a step and an action card ({why})")

"""The phases of a duel and the protocol's verbs (rulebook 2 and 3).

Phases, in order: ``deploy`` (a roll-off decides who places first, then each side places its
figure on a spot of F69 and may equip cards before the first turn, 1.4.1); then each turn:
the initiative roll (3.1), ``order`` (the winner names player 1), ``program`` in two stages,
each a simultaneous choice made of small decisions (3.2, F12), and ``execute`` (3.3,
alternating one step at a time). A tie for initiative programs the whole sequence in the
anticipation stage, shown, and rolls off before ``order`` (F11). ``over`` ends the duel.

What happens on the table is in :mod:`.movement` and :mod:`.fight`; what a seat sees, the
notation and positions are wired in by the package (:mod:`duelhall.core.wiring`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar, Self

from duelhall.core.errors import IllegalActionError, OptionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.core.state import sole_seat
from duelhall.core.wiring import Wired

from ..combat.dice import roll, roll_off
from ..geometry import Figure
from . import actions as A
from .actions import Action
from .board import Board, Plan
from .choices import affordable, execution_choices, may_lengthen, programming_choices
from .content_option import content_of
from .deployment import EDGES, OPPOSITE, edge_of, overlaps, placements
from .execution import abandon, carry_out, pay
from .field import Field
from .fight import attack, resume, victim_choices
from .movement import ground
from .options import combat_rules
from .sheet import AVAILABLE, Fighter
from .steps import agile_cost, cards_for_all, complete

DEPLOY, EQUIP, ORDER, PROGRAM, EXECUTE, OVER = (
    "deploy",
    "equip",
    "order",
    "program",
    "execute",
    "over",
)
ANTICIPATION, SECRET = "anticipation", "secret"


@dataclass(frozen=True)
class Initiative:
    """This turn's initiative (3.1): the dice, who must reveal how many steps, the winner.
    Frozen, so clones and an agent's sampled worlds may share it."""

    faces: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    required: tuple[int | None, int | None] = (0, 0)  # None: the whole sequence
    tie: bool = False
    tie_rolls: tuple[tuple[int, int], ...] = ()
    winner: int | None = None


class DuelFightersState(Wired):
    info: ClassVar[GameInfo]

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        self.options: Mapping[str, Any] = MappingProxyType(dict(options))
        self.seed = seed
        content = content_of(self.options.get("content", ""))
        scenario = content.scenario(self.options["scenario"])
        if scenario is None:
            known = ", ".join(content.scenarios)
            raise OptionError(f"no scenario {self.options['scenario']!r}; the scenarios: {known}")
        try:
            field = Field.of(scenario, float(self.options.get("table", 0)))
        except ValueError as e:
            raise OptionError(f"option 'table': {e}") from None
        fighters = []
        for name in (self.options["first"], self.options["second"]):
            character = content.character(name)
            if character is None:
                known = ", ".join(content.characters)
                raise OptionError(f"no character {name!r}; the characters: {known}")
            items = {c: content.cards[c] for c in character.cards}
            fighters.append(Fighter(character, items))
        self.board = Board(field, fighters, self.options, combat_rules(self.options), Rng(seed))
        self.phase = DEPLOY
        self.turn = 0
        self.deployer = 0  # the seat placing (deploy, equip)
        self.first_deployer = 0
        self.first_edge = ""
        self.initiative = Initiative()
        self.order: tuple[int, int] = (0, 1)
        self.stage = ANTICIPATION
        self.limits = [0, 0]  # steps each seat may have once this stage is programmed
        self.current = 0  # the seat to execute a step
        self._legal: dict[int, list[Action]] = {}

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        off = roll_off(state.board.rng)  # who places first (2.3, F57)
        state.first_deployer = state.deployer = off.winner
        name = state.board.fighters[off.winner].name
        state.board.say(
            f"{name} wins the roll to deploy first ({off.rounds[-1][0]}-{off.rounds[-1][1]})"
        )
        return state

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new.board = self.board.clone()
        new.phase = self.phase
        new.turn = self.turn
        new.deployer = self.deployer
        new.first_deployer = self.first_deployer
        new.first_edge = self.first_edge
        new.initiative = self.initiative  # replaced, never changed, once the roll is made
        new.order = self.order
        new.stage = self.stage
        new.limits = self.limits[:]
        new.current = self.current
        new._legal = {}
        return new

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (DEPLOY, EQUIP):
            return (self.deployer,)
        if phase == ORDER:
            winner = self.initiative.winner
            return () if winner is None else (winner,)
        if phase == PROGRAM:
            return tuple(s for s in (0, 1) if not self.board.plans[s].done)
        if phase == EXECUTE:
            b = self.board
            pending = b.pending
            return (self.current,) if pending is None else (b.sides[b.victim_of(pending)],)
        return ()

    def outcome(self) -> Outcome | None:
        b = self.board
        if self.phase != OVER:
            return None
        if b.winner is None:
            return Outcome(None, (0.5, 0.5), b.reason, "the duel is judged a draw")
        scores = (1.0, 0.0) if b.winner == 0 else (0.0, 1.0)
        name = b.fighters[b.winner].name
        detail = {
            "killed": f"{name} wins: the adversary is defeated",
            "points": f"{name} wins on victory points",
            "turn-limit": f"{name} wins when the turn limit is reached",
            "ring-out": f"{name} wins: the adversary is pushed out of the ring",
        }.get(b.reason, f"{name} wins")
        return Outcome(b.winner, scores, b.reason, detail)

    def is_over(self) -> bool:
        return self.phase == OVER

    def current_seat(self) -> int:
        return sole_seat(
            self.to_move(), "both players program their steps now; say which seat acts"
        )

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        movers = self.to_move()
        if seat is None:
            return [a for s in movers for a in self.legal_actions(s)]
        if seat not in movers:
            return []
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._actions(seat)
        return cached

    def apply(self, action: Action) -> None:
        if not isinstance(action, Action) or action not in self.legal_actions(action.seat):
            raise IllegalActionError(self.why_illegal(action))
        self._legal = {}
        phase = self.phase
        if phase == DEPLOY:
            self._deploy(action)
        elif phase == EQUIP:
            self._equip(action)
        elif phase == ORDER:
            self._choose_order(action)
        elif phase == PROGRAM:
            self._program(action)
        else:
            self._execute(action)
        if self.board.over:
            self.phase = OVER

    def edited(self) -> None:
        """Forget the cached choices after the state was changed by hand (a position reader,
        a test setting up a moment)."""
        self._legal = {}

    # ------------------------------------------------------------------ the choices

    def _actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == DEPLOY:
            return [Action(seat, (A.DEPLOY, *w)) for w in self._spots(seat)]
        if phase == EQUIP:
            items = self.board.fighters[seat].equippable()
            return [Action(seat, (A.EQUIP, i)) for i in items] + [Action(seat, (A.READY,))]
        if phase == ORDER:
            return [Action(seat, (A.PLAYER, "1")), Action(seat, (A.PLAYER, "2"))]
        if phase == PROGRAM:
            return [
                Action(seat, w) for w in programming_choices(self.board, seat, self.limits[seat])
            ]
        if phase == EXECUTE:
            if self.board.pending is not None:
                return [Action(seat, w) for w in victim_choices(self.board)]
            return [Action(seat, w) for w in execution_choices(self.board, seat)]
        return []

    # ------------------------------------------------------------------ deployment

    def _spots(self, seat: int) -> list[tuple[str, str]]:
        b = self.board
        edges: tuple[str, ...] = EDGES
        if seat != self.first_deployer and self.options["deploy"] == "opposite":
            edges = (OPPOSITE[self.first_edge],)
        others = [f.figure for f in b.fighters if f.figure is not None]
        side = b.fighters[seat].character.base_mm
        whole = self.options["deploy_band"] == "whole"
        step = self.options["deploy_step"]
        key = (b.broken, side, edges, step, whole)
        free = b.field.spot_cache.get(key)
        if free is None:
            free = placements(b.field, b.broken, side, edges, step, whole, [])
            b.field.spot_cache[key] = free
        if not others:
            return list(free)
        taken = {at for at, _ in free if overlaps(at, side, others)}  # each spot has 4 facings
        return [spot for spot in free if spot[0] not in taken]

    def _deploy(self, action: Action) -> None:
        b = self.board
        x, y = (float(v) for v in action.words[1].split(","))
        f = b.fighters[action.seat]
        f.figure = Figure(x, y, A.FACINGS[action.words[2]], f.character.base_mm)
        if action.seat == self.first_deployer:
            self.first_edge = edge_of(b.field, f.figure)
        b.say(f"{f.name} is deployed at {action.words[1]} facing {action.words[2]}")
        self.phase = EQUIP

    def _equip(self, action: Action) -> None:
        f = self.board.fighters[action.seat]
        if action.verb == A.EQUIP:
            f.equip(action.words[1])
            self.board.say(f"{f.name} equips {f.items[action.words[1]].name}")
            return
        if action.seat == self.first_deployer:
            self.deployer = 1 - action.seat
            self.phase = DEPLOY
        else:
            self._start_turn()

    # ------------------------------------------------------------------ initiative

    def _start_turn(self) -> None:
        b = self.board
        limit = self.options["turn_limit"]
        if limit and self.turn >= limit:
            self._judge()
            return
        self.turn += 1
        # The log keeps the turn before's lines ahead of this turn's, so what its last step
        # caused can still be read (and told) once the new turn has begun.
        marker = f"Turn {self.turn - 1}"
        last = b.log[b.log.index(marker) :] if marker in b.log else b.log
        b.log = [*last, f"Turn {self.turn}"]
        for f in b.fighters:
            f.refresh()
        b.plans = [Plan(f.count(AVAILABLE)) for f in b.fighters]
        self.limits = [0, 0]
        rolls = [roll(b.rng, f.sheet.intelligence) for f in b.fighters]
        faces = (rolls[0].faces, rolls[1].faces)
        wins = (rolls[0].successes, rolls[1].successes)
        b.say(f"Initiative: {wins[0]} to {wins[1]} successes")
        if wins[0] == wins[1]:
            init = Initiative(faces, (None, None), tie=True)
        else:
            winner = 0 if wins[0] > wins[1] else 1
            required: tuple[int | None, int | None] = (wins[1], wins[0])
            if self.options["anticipation"] == "loser":
                required = (0, wins[0]) if winner == 0 else (wins[1], 0)
            init = Initiative(faces, required, winner=winner)
        self.initiative = init
        if init.tie:
            self._begin_stage(ANTICIPATION)
        else:
            self.phase = ORDER

    def _choose_order(self, action: Action) -> None:
        winner = action.seat
        self.order = (winner, 1 - winner) if action.words[1] == "1" else (1 - winner, winner)
        self.board.say(f"{self.board.fighters[self.order[0]].name} is player 1")
        if self.initiative.tie:
            self.begin_execution()
        else:
            self._begin_stage(ANTICIPATION)

    # ------------------------------------------------------------------ programming

    def _begin_stage(self, stage: str) -> None:
        self.phase, self.stage = PROGRAM, stage
        for seat, plan in enumerate(self.board.plans):
            if stage == ANTICIPATION:
                need = self.initiative.required[seat]
                room = plan.capacity if need is None else min(need, plan.capacity)
            else:
                room = 0 if plan.cut else plan.capacity - len(plan.steps)
            self.limits[seat] = len(plan.steps) + room
            plan.done = room == 0
        if all(p.done for p in self.board.plans):
            self._end_stage()

    def _program(self, action: Action) -> None:
        seat = action.seat
        plan = self.board.plans[seat]
        verb = action.verb
        if verb == A.MARK:
            plan.open.append(action.words[1])
            if complete(plan.open, may_lengthen(self.board, seat)):
                verb = A.END
        if verb == A.END:
            plan.steps.append(tuple(plan.open))
            plan.open = []
        cost = agile_cost(self.board.fighters[seat])
        spent = cards_for_all(plan.steps, cost) >= plan.capacity
        if verb == A.DONE or (not plan.open and (len(plan.steps) >= self.limits[seat] or spent)):
            plan.done = True
        if all(p.done for p in self.board.plans):
            self._end_stage()

    def _end_stage(self) -> None:
        b = self.board
        for seat, plan in enumerate(b.plans):
            if self.stage == ANTICIPATION or self.options["reveal"] == "all":
                plan.shown = len(plan.steps)  # the stage is shown whole (F12)
            if self.stage == ANTICIPATION:
                plan.anticipated = len(plan.steps)
                need = self.initiative.required[seat]
                if need is not None and len(plan.steps) < min(need, plan.capacity):
                    plan.cut = True
        if self.stage == ANTICIPATION and self.initiative.tie:
            off = roll_off(b.rng)
            self.initiative = replace(self.initiative, tie_rolls=off.rounds, winner=off.winner)
            b.say(f"{b.fighters[off.winner].name} wins the tie-break roll")
            self.phase = ORDER
        elif self.stage == ANTICIPATION:
            self._begin_stage(SECRET)
        else:
            self.begin_execution()

    # ------------------------------------------------------------------ execution

    def begin_execution(self) -> None:
        """Start executing the programmes, player 1 first (also for a moment set up by hand)."""
        self._legal = {}
        self.phase = EXECUTE
        self.current = self.order[0]
        self.settle()

    def _switch(self, seat: int) -> None:
        plans = self.board.plans
        self.current = seat if plans[1 - seat].finished else 1 - seat

    def settle(self) -> None:
        """Carry out what needs no decision: standing up, steps that cannot be paid, a seat
        with nothing left to do; stop at the next decision or the end of the turn. Public
        for position readers, which may stop a duel at any moment of its execution."""
        self._legal = {}
        b = self.board
        while self.phase == EXECUTE and not b.over and b.pending is None:
            plans = b.plans
            if plans[0].finished and plans[1].finished:
                self._start_turn()
                continue
            seat = self.current
            plan, f = plans[seat], b.fighters[seat]
            if plan.finished:
                self._switch(seat)
                continue
            if plan.marker == 0:
                b.hazard[seat] = False
                b.riposte[seat] = False
                if f.downed:  # stand up (F44)
                    if f.use_card() or plan.drop_last():
                        f.downed = False
                        b.say(f"{f.name} stands up")
                    else:
                        plan.finished = True
                        b.say(f"{f.name} stays down")
                        continue
                if plan.left() > 0 and not affordable(b, seat):
                    plan.next += 1  # a step no card can pay for is lost (F71)
                    b.say(f"{f.name} has no card for the next step and loses it")
                    self._switch(seat)
                    continue
                if not execution_choices(b, seat):
                    plan.finished = True
                    continue
            return

    def _execute(self, action: Action) -> None:
        b = self.board
        seat = action.seat
        plan, f = b.plans[seat], b.fighters[seat]
        verb = action.verb
        if b.pending is not None:
            resume(b, action.words)
        elif verb == A.PASS:
            plan.finished = True
            b.say(f"{f.name} passes")
        elif verb == A.IMPROVISE:
            f.use_card()
            maximise = len(action.words) > 1 and f.use_card()
            if plan.left() > 0:
                abandon(b, seat)
            attack(b, seat, self.options, maximise=maximise, improvised=True)
            self._switch(seat)
        else:
            if plan.marker == 0:
                pay(b, seat, action)
                plan.shown = max(plan.shown, plan.next + 1)  # a step is shown as it is played
            step = plan.steps[plan.next]
            index = plan.marker
            plan.marker += 1  # begun: losing a step now never takes this one
            if index == 0:
                here = b.figure(seat)
                ground(b, seat, here, here)  # standing in dangerous ground hurts (F56)
            if not b.over:
                carry_out(b, seat, step[index], action)
            if plan.marker >= len(step):
                plan.next += 1
                plan.marker = 0
                self._switch(seat)
        self.settle()

    # ------------------------------------------------------------------ the end

    def _judge(self) -> None:
        """The turn limit (F62): more points (level 2 first), then fewer injuries for the W."""
        b = self.board
        keys = [(f.level, f.points, -f.injuries / f.sheet.wounds) for f in b.fighters]
        winner = None if keys[0] == keys[1] else (0 if keys[0] > keys[1] else 1)
        b.end(winner, "turn-limit")
        self.phase = OVER

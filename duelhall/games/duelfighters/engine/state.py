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
from .deployment import EDGES, OPPOSITE, ally_spots, deployment_order, edge_of, overlaps, placements
from .execution import abandon, aimed_at, carry_out, pay
from .field import Field
from .fight import attack, resume, victim_choices
from .lineup import keys, labels, lineup, sides_of
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

    # Each fighter's dice and the steps it must show (F59: several a side roll each).
    faces: tuple[tuple[int, ...], ...] = ((), ())
    required: tuple[int | None, ...] = (0, 0)  # None: the whole sequence
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
        ids = lineup(content, self.options)
        for ident in ids:
            character = content.characters[ident]
            items = {c: content.cards[c] for c in character.cards}
            fighters.append(Fighter(character, items))
        for f, label in zip(fighters, labels(ids, [f.name for f in fighters]), strict=True):
            f.label = label if label != f.character.name else ""
        sides = sides_of(len(fighters))
        rules = combat_rules(self.options)
        self.board = Board(field, fighters, self.options, rules, Rng(seed), sides)
        self.board.keys = tuple(keys(ids))
        self.phase = DEPLOY
        self.turn = 0
        self.deployer = 0  # the seat placing (deploy, equip)
        self.placing = 0  # the fighter it places
        self.first_deployer = 0
        self.first_edge = ""
        self.initiative = Initiative(tuple(() for _ in fighters), tuple(0 for _ in fighters))
        self.order: tuple[int, int] = (0, 1)
        self.stage = ANTICIPATION
        self.limits = [0 for _ in fighters]  # steps each may have once this stage is programmed
        self.current = 0  # the seat to execute a step
        self.acting: int | None = None  # the fighter playing the current seat's step
        self._legal: dict[int, list[Action]] = {}

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        off = roll_off(state.board.rng)  # who places first (2.3, F57)
        state.first_deployer = state.deployer = state.placing = off.winner
        name = state.board.side_name(off.winner)
        wins = "win" if len(state.board.of_side(off.winner)) > 1 else "wins"
        state.board.say(
            f"{name} {wins} the roll to deploy first ({off.rounds[-1][0]}-{off.rounds[-1][1]})"
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
        new.placing = self.placing
        new.first_deployer = self.first_deployer
        new.first_edge = self.first_edge
        new.initiative = self.initiative  # replaced, never changed, once the roll is made
        new.order = self.order
        new.stage = self.stage
        new.limits = self.limits[:]
        new.current = self.current
        new.acting = self.acting
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
            return tuple(s for s in (0, 1) if self.programming(s) is not None)
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
        name = b.side_name(b.winner)
        wins = "win" if len(b.of_side(b.winner)) > 1 else "wins"
        detail = {
            "killed": f"{name} {wins}: the adversary is defeated",
            "points": f"{name} {wins} on victory points",
            "turn-limit": f"{name} {wins} when the turn limit is reached",
            "ring-out": f"{name} {wins}: the adversary is pushed out of the ring",
        }.get(b.reason, f"{name} {wins}")
        return Outcome(b.winner, scores, b.reason, detail)

    def is_over(self) -> bool:
        return self.phase == OVER

    def current_seat(self) -> int:
        return sole_seat(
            self.to_move(), "both players program their steps now; say which seat acts"
        )

    def programming(self, seat: int) -> int | None:
        """The fighter ``seat`` programs now: its first whose stage is not done (F59)."""
        plans = self.board.plans
        return next((i for i in self.board.of_side(seat) if not plans[i].done), None)

    def candidates(self, seat: int) -> list[int]:
        """The fighters that may play ``seat``'s next step (F59)."""
        b = self.board
        return [
            i for i in b.of_side(seat) if not b.plans[i].finished and not b.fighters[i].defeated
        ]

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
            items = self.board.fighters[self.placing].equippable()
            return [Action(seat, (A.EQUIP, i)) for i in items] + [Action(seat, (A.READY,))]
        if phase == ORDER:
            return [Action(seat, (A.PLAYER, "1")), Action(seat, (A.PLAYER, "2"))]
        if phase == PROGRAM:
            i = self.programming(seat)
            if i is None:
                return []
            return [Action(seat, w) for w in programming_choices(self.board, i, self.limits[i])]
        if phase == EXECUTE:
            if self.board.pending is not None:
                return [Action(seat, w) for w in victim_choices(self.board)]
            if self.acting is None:
                keys = self.board.keys
                return [Action(seat, (A.WITH, keys[i])) for i in self.candidates(seat)]
            return [Action(seat, w) for w in execution_choices(self.board, self.acting)]
        return []

    # ------------------------------------------------------------------ deployment

    def _spots(self, seat: int) -> list[tuple[str, str]]:
        b = self.board
        if self.placing >= 2:  # an ally goes near its side's first character (F57)
            step = self.options["deploy_step"]
            while step >= 10:  # a finer grid where the coarse one finds no room
                found = ally_spots(b, self.placing, step)
                if found:
                    return found
                step //= 2
            # Hemmed in: the ally is placed as a first character would be (F57).
        edges: tuple[str, ...] = EDGES
        if seat != self.first_deployer and self.options["deploy"] == "opposite":
            edges = (OPPOSITE[self.first_edge],)
        others = [f.figure for f in b.fighters if f.figure is not None]
        side = b.fighters[self.placing].character.base_mm
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
        f = b.fighters[self.placing]
        f.figure = Figure(x, y, A.FACINGS[action.words[2]], f.character.base_mm)
        if self.placing == self.first_deployer:
            self.first_edge = edge_of(b.field, f.figure)
        b.say(f"{f.name} is deployed at {action.words[1]} facing {action.words[2]}")
        self.phase = EQUIP

    def _equip(self, action: Action) -> None:
        f = self.board.fighters[self.placing]
        if action.verb == A.EQUIP:
            f.equip(action.words[1])
            self.board.say(f"{f.name} equips {f.items[action.words[1]].name}")
            return
        order = deployment_order(self.first_deployer, len(self.board.fighters))
        at = order.index(self.placing)
        if at + 1 < len(order):
            self.placing = order[at + 1]
            self.deployer = self.board.sides[self.placing]
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
        b.plans = [Plan(0 if f.defeated else f.count(AVAILABLE)) for f in b.fighters]
        for f, plan in zip(b.fighters, b.plans, strict=True):
            plan.finished = f.defeated  # a fallen ally takes no part (F59)
        self.limits = [0 for _ in b.fighters]
        self.acting = None
        # Each character rolls; a side's best roll is what the other side's must beat (F59).
        rolls = [None if f.defeated else roll(b.rng, f.sheet.intelligence) for f in b.fighters]
        faces = tuple(() if r is None else r.faces for r in rolls)
        best = [
            max((r.successes for i, r in enumerate(rolls) if r and b.sides[i] == s), default=0)
            for s in (0, 1)
        ]
        b.say(f"Initiative: {best[0]} to {best[1]} successes")
        if best[0] == best[1]:
            init = Initiative(faces, tuple(None for _ in b.fighters), tie=True)
        else:
            winner = 0 if best[0] > best[1] else 1
            loser_only = self.options["anticipation"] == "loser"
            required = tuple(0 if loser_only and s == winner else best[1 - s] for s in b.sides)
            init = Initiative(faces, required, winner=winner)
        self.initiative = init
        if init.tie:
            self._begin_stage(ANTICIPATION)
        else:
            self.phase = ORDER

    def _choose_order(self, action: Action) -> None:
        winner = action.seat
        self.order = (winner, 1 - winner) if action.words[1] == "1" else (1 - winner, winner)
        b = self.board
        be = "are" if len(b.of_side(self.order[0])) > 1 else "is"
        b.say(f"{b.side_name(self.order[0])} {be} player 1")
        if self.initiative.tie:
            self.begin_execution()
        else:
            self._begin_stage(ANTICIPATION)

    # ------------------------------------------------------------------ programming

    def _begin_stage(self, stage: str) -> None:
        self.phase, self.stage = PROGRAM, stage
        for i, plan in enumerate(self.board.plans):
            if stage == ANTICIPATION:
                need = self.initiative.required[i]
                room = plan.capacity if need is None else min(need, plan.capacity)
            else:
                room = 0 if plan.cut else plan.capacity - len(plan.steps)
            self.limits[i] = len(plan.steps) + room
            plan.done = room == 0
        if all(p.done for p in self.board.plans):
            self._end_stage()

    def _program(self, action: Action) -> None:
        seat = self.programming(action.seat)
        assert seat is not None  # the action was legal
        plan = self.board.plans[seat]
        verb = action.verb
        if verb == A.MARK:
            plan.open.append(action.words[1])
            if A.AT in action.words:  # the victim named with the marker (F76)
                plan.open_aim = action.words[-1]
            if complete(plan.open, may_lengthen(self.board, seat)):
                verb = A.END
        if verb == A.END:
            plan.close()
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
            wins = "win" if len(b.of_side(off.winner)) > 1 else "wins"
            b.say(f"{b.side_name(off.winner)} {wins} the tie-break roll")
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
        self.acting = None
        self.settle()

    def _switch(self, seat: int) -> None:
        """A step of ``seat`` is over: the other side plays next while it has anything left
        (sides alternate, F59)."""
        self.acting = None
        self.current = 1 - seat if self.candidates(1 - seat) else seat

    def settle(self) -> None:
        """Carry out what needs no decision: standing up, steps that cannot be paid, a seat
        with nothing left to do; stop at the next decision or the end of the turn. Public
        for position readers, which may stop a duel at any moment of its execution."""
        self._legal = {}
        b = self.board
        while self.phase == EXECUTE and not b.over and b.pending is None:
            plans = b.plans
            if not self.candidates(0) and not self.candidates(1):
                self._start_turn()
                continue
            seat = self.current
            if self.acting is None:
                waiting = self.candidates(seat)
                if not waiting:
                    self._switch(seat)
                    continue
                if len(waiting) > 1 and self._idle(waiting):
                    continue
                if len(waiting) > 1:
                    return  # the side chooses which of its characters plays (F59)
                self.acting = waiting[0]
            i = self.acting
            plan, f = plans[i], b.fighters[i]
            if plan.finished or f.defeated:
                self.acting = None
                continue
            if plan.marker == 0:
                b.hazard[i] = False
                b.riposte[i] = False
                if f.downed:  # stand up (F44)
                    if f.use_card() or plan.drop_last():
                        f.downed = False
                        b.say(f"{f.name} stands up")
                    else:
                        plan.finished = True
                        self.acting = None
                        b.say(f"{f.name} stays down")
                        continue
                if plan.left() > 0 and not affordable(b, i):
                    plan.next += 1  # a step no card can pay for is lost (F71)
                    b.say(f"{f.name} has no card for the next step and loses it")
                    self._switch(seat)
                    continue
                if not execution_choices(b, i):
                    plan.finished = True
                    self.acting = None
                    continue
            return

    def _idle(self, waiting: list[int]) -> bool:
        """Finish the characters with no step left and nothing they could do instead, so the
        side is not asked to choose them; whether any was."""
        b = self.board
        idle = [
            i
            for i in waiting
            if b.plans[i].left() == 0 and not b.fighters[i].downed and not execution_choices(b, i)
        ]
        for i in idle:
            b.plans[i].finished = True
        return bool(idle)

    def _execute(self, action: Action) -> None:
        b = self.board
        if b.pending is not None:
            resume(b, action.words)
            self.settle()
            return
        if action.verb == A.WITH:
            self.acting = b.index_of(action.words[1])
            self.settle()
            return
        seat = self.acting
        assert seat is not None  # settle names the fighter before any step is offered
        plan, f = b.plans[seat], b.fighters[seat]
        verb = action.verb
        if verb == A.PASS:
            plan.finished = True
            self.acting = None
            b.say(f"{f.name} passes")
        elif verb == A.IMPROVISE:
            f.use_card()
            maximise = A.MAXIMISE in action.words and f.use_card()
            if plan.left() > 0:
                abandon(b, seat)
            victim = aimed_at(b, seat, action.words)
            attack(b, seat, self.options, maximise=maximise, improvised=True, victim=victim)
            self._switch(b.sides[seat])
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
                self._switch(b.sides[seat])
        self.settle()

    # ------------------------------------------------------------------ the end

    def _judge(self) -> None:
        """The turn limit (F62): more points (level 2 first), then fewer injuries for the W;
        a side counts its highest level, its points and its injuries together (F59)."""
        b = self.board
        keys = [
            (
                max(b.fighters[i].level for i in b.of_side(s)),
                sum(b.fighters[i].points for i in b.of_side(s)),
                -sum(b.fighters[i].injuries / b.fighters[i].sheet.wounds for i in b.of_side(s)),
            )
            for s in (0, 1)
        ]
        winner = None if keys[0] == keys[1] else (0 if keys[0] > keys[1] else 1)
        b.end(winner, "turn-limit")
        self.phase = OVER

"""Duel Fighters' computer play: a rule-based agent and a playout policy (the ``heuristic``
and ``rollout`` hooks).

:class:`DuelFightersHeuristic` decides from its view alone. It plans the turn's sequence
from where the two figures stand: turn to face the adversary, close in two half-steps at a
time, and attack once within combat distance; a step that would walk into the adversary's
front when it is close goes sideways instead, towards its flank. It spends a victory point
on a technique only when it has points to spare, maximises an attack or a defence when the
card it uses up is not needed for a step still to come, and abandons a move for an
improvised attack when the adversary is already in reach. When the markers laid so far are
not its plan's (a search tried others and plays on with this player), it plans the rest from
where they would take the figure (:func:`follow`) instead of finishing a plan they no longer
fit; on its own markers it plays exactly as before (the same 300 self-play games).

:func:`rollout_action` is a cheap playout policy that closes in and fights; the evaluation
for search cut-offs is :mod:`.evaluation`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.core.rng import Rng

from .candidates import worth_searching
from .engine import actions as A
from .engine.actions import Action
from .engine.state import PROGRAM, DuelFightersState
from .geometry import Figure, gap, in_combat_distance
from .planning import (
    FACING_ARC,
    SPARE_POINTS,
    adversary_of,
    bearing_from,
    figure_of,
    follow,
    markers,
    plan_steps,
)
from .plans import Programme, anticipation_done, finish, marker_action, programmes
from .programmes import sample_world
from .sides import acting_for
from .view import brief_view

MAX_DEPLOY_STEPS = 40  # deployment and equipment choices before the adversary's figure is down


def _available(fighter: Mapping[str, Any]) -> int:
    return sum(1 for _, state in fighter["cards"] if state == "available")


class DuelFightersHeuristic(Agent):
    """A rule-based player that decides from its view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, info: Any = None, seed: int = 0) -> None:
        super().__init__(seed)
        self.info = info

    def choose(self, obs: Observation) -> Any:
        legal: Sequence[Action] = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        view, seat = obs.view, obs.seat
        by_text = {str(a): a for a in legal}
        phase = view["phase"]
        if phase == "deploy":
            return self._deploy(view, seat, legal)
        if phase == "equip":
            equip = [a for a in legal if a.verb == A.EQUIP]
            return equip[0] if equip else by_text.get(A.READY, legal[0])
        if phase == "order":
            return by_text.get("player 1", legal[0])
        withs = [a for a in legal if a.verb == A.WITH]
        if withs:  # the character nearest an adversary plays the side's step
            keys = [f.get("key") for f in view["fighters"]]

            def far(action: Action) -> float:
                i = keys.index(action.words[1])
                me, them = figure_of(view["fighters"][i]), view["fighters"][adversary_of(view, i)]
                there = figure_of(them)
                return gap(me, there) if me and there else math.inf

            return min(withs, key=far)
        me = acting_for(view, seat)
        if phase == PROGRAM:
            return self._program(view, me, legal, by_text)
        return self._execute(view, me, legal, by_text)

    def choose_in(self, state: DuelFightersState, seat: int) -> Action:
        """What :meth:`choose` answers for ``seat``'s observation of ``state`` (a sampled world
        inside a search), from the brief part of the view it reads (much faster)."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = brief_view(state, seat)
        obs = Observation(seat, view, legal, lambda rng: state.determinize(seat, rng))
        action: Action = self.choose(obs)
        return action

    def candidates(self, obs: Observation) -> list[Action]:
        """The moves a search built on this player tries (:mod:`.candidates`)."""
        return worth_searching(
            obs.view, obs.legal, self.choose(obs), lambda spot: self.answer(obs, spot), obs.seat
        )

    def answer(self, obs: Observation, spot: Action) -> tuple[float, float] | None:
        """Where this player would place the adversary's first figure once ``obs``'s seat
        has deployed at ``spot``: played out on a sampled world (nothing is hidden yet), each
        seat from its own view of it; ``None`` if the deployment ends without one."""
        world = obs.sample(Rng(0))
        world.apply(spot)
        for _ in range(MAX_DEPLOY_STEPS):
            view = world.view(obs.seat)
            if view["phase"] not in ("deploy", "equip"):
                return None
            for i, fighter in enumerate(view["fighters"]):
                there = figure_of(fighter)
                if fighter.get("side", i) != obs.seat and there is not None:
                    return there.x, there.y
            seat = world.to_move()[0]
            world.apply(self.choose(Observation.of_sample(world, seat)))
        return None

    @staticmethod
    def turn_plan(me: Figure, them: Figure, count: int, technique: bool) -> list[tuple[str, ...]]:
        """The steps this player programs for a turn, from where the two figures stand."""
        return plan_steps(me, them, count, technique)

    def plans(self, obs: Observation) -> list[Programme]:
        """Whole programmes for a search to weigh at the first marker of a stage
        (:mod:`.plans`), this player's own first."""
        return programmes(obs, self.turn_plan)

    def sample_world(self, obs: Observation, rng: Rng) -> DuelFightersState:
        """A re-deal for a search built on this player, the adversary's secret programme
        laid as this player would lay it (:mod:`.programmes`)."""
        return sample_world(obs, rng, self.choose)

    # ------------------------------------------------------------------ before the turn

    def _deploy(self, view: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Action:
        """Face the middle of the table from the spot nearest the adversary (or the middle
        of an edge when placing first)."""
        width, depth = view["table"]
        me = acting_for(view, seat)
        other = figure_of(view["fighters"][1 - me if me < 2 else adversary_of(view, me)])
        goal = (width / 2, depth / 2) if other is None else (other.x, other.y)

        def score(action: Action) -> float:
            x, y = (float(v) for v in action.words[1].split(","))
            facing = A.FACINGS[action.words[2]]
            look = math.degrees(math.atan2(depth / 2 - y, width / 2 - x)) - facing
            off = abs((look + 180.0) % 360.0 - 180.0)
            edge_middle = abs(x - width / 2) + abs(y - depth / 2) if other is None else 0.0
            return off * 10.0 + math.hypot(goal[0] - x, goal[1] - y) - edge_middle * 0.5

        return min(legal, key=score)

    # ------------------------------------------------------------------ programming

    def _program(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Action],
        by_text: Mapping[str, Action],
    ) -> Action:
        plan = view["plans"][seat]
        me = figure_of(view["fighters"][seat])
        them = figure_of(view["fighters"][adversary_of(view, seat)])
        done = by_text.get(A.DONE)
        if me is None or them is None:
            return done or legal[0]
        if anticipation_done(view, seat) and done is not None:
            return done
        points = view["fighters"][seat]["points"]
        wanted = self.turn_plan(me, them, plan["capacity"], points >= SPARE_POINTS)
        made = len(plan["steps"])
        steps = [markers(s) for s in plan["steps"]]
        opened = markers(plan.get("open") or [])
        if steps != wanted[:made] or (made < len(wanted) and wanted[made][: len(opened)] != opened):
            # Steps laid otherwise than this plan (a search trying another marker): go on
            # from where they would take the figure, not with a plan they no longer fit.
            ghost = follow(follow(me, them, steps), them, [opened])
            keen = points >= SPARE_POINTS and not any("technique" in s for s in steps)
            rest = plan_steps(ghost, them, max(1, plan["capacity"] - made), keen)
            goes_on = not opened or rest[0][0] in A.HALVES
            made, wanted = 0, [opened + rest[0]] if goes_on else [opened]
        if made >= len(wanted) or len(opened) >= len(wanted[made]):
            return finish(by_text) or legal[0]
        # A marker laid with its victim (target = when-programmed, F76) names the nearest.
        victim = view["fighters"][adversary_of(view, seat)].get("key")
        for marker in (wanted[made][len(opened)], "attack", "advance"):
            action = marker_action(by_text, marker, victim)
            if action is not None:
                return action
        return finish(by_text) or legal[0]

    # ------------------------------------------------------------------ execution

    def _execute(
        self,
        view: Mapping[str, Any],
        seat: int,
        legal: Sequence[Action],
        by_text: Mapping[str, Action],
    ) -> Action:
        fighter = view["fighters"][seat]
        plan = view["plans"][seat]
        steps_left = max(0, len(plan["steps"]) - plan["next"])
        spare = _available(fighter) - steps_left
        verbs = {a.verb for a in legal}
        if A.PROTECT in verbs:
            return by_text[A.PROTECT]
        if A.DEFEND in verbs:
            return by_text.get("defend maximise" if spare >= 1 else A.DEFEND, legal[0])
        techniques = [a for a in legal if a.verb == A.TECHNIQUE]
        if techniques:
            return techniques[0]
        if A.ATTACK in verbs:
            return by_text.get("attack maximise" if spare >= 2 else A.ATTACK, legal[0])
        casts = [a for a in legal if a.verb in (A.CAST, A.THROW)]
        if casts:
            return casts[0]
        if A.IMPROVISE in verbs and self._facing_in_reach(view, seat):
            return by_text.get("improvise maximise" if spare >= 2 else A.IMPROVISE, legal[0])
        moves = [a for a in legal if a.verb in (A.ADVANCE, A.LATERAL, A.RETREAT)]
        if moves:
            contact = [a for a in moves if a.words[-1] == A.CONTACT]
            if contact:
                return contact[0]
            return max(moves, key=lambda a: float(a.words[-1]))
        equip = [a for a in legal if a.verb == A.EQUIP]
        if equip:
            return equip[0]
        rest = [a for a in legal if a.verb not in (A.PASS, A.HOLD, A.IMPROVISE)]
        return rest[0] if rest else by_text.get(A.IMPROVISE) or legal[0]

    @staticmethod
    def _facing_in_reach(view: Mapping[str, Any], seat: int) -> bool:
        me = figure_of(view["fighters"][seat])
        them = figure_of(view["fighters"][adversary_of(view, seat)])
        if me is None or them is None:
            return False
        return in_combat_distance(me, them) and abs(bearing_from(me, them)) <= FACING_ARC


_KEEN_MARKS = ("mark attack", "mark advance", "end", "done")


def rollout_action(state: DuelFightersState, rng: Rng) -> Action:
    """A quick playout action: close in and fight, mostly; now and then anything."""
    movers = state.to_move()
    seat = movers[rng.below(len(movers))]
    legal = state.legal_actions(seat)
    if rng.below(4):
        keen = [
            a
            for a in legal
            if a.verb in (A.ATTACK, A.DEFEND, A.IMPROVISE)
            or str(a) in _KEEN_MARKS
            or a.words[:2] == (A.MARK, "attack")  # also laid with its victim (F76)
            or (a.verb == A.ADVANCE and a.words[-1] in (A.CONTACT, "88"))
            or a.verb == A.PLAYER
        ]
        if keen:
            return keen[rng.below(len(keen))]
    return legal[rng.below(len(legal))]


__all__ = ["DuelFightersHeuristic", "follow", "plan_steps", "rollout_action"]

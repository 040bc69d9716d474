"""Whole programmes for a stage of programming, weighed as one move each by the hard level's
search (``rollouts`` asks the heuristic player's ``plans``; duelhall.agents.rollouts).

Searching marker by marker judges each marker by the heuristic's way of finishing the
programme after it, so a plan that only pays as a whole (hold back and let the adversary walk
into reach, sidestep and come in from the flank, stop one step short) is never seen to pay at
its first marker. Here the search is offered, at the first marker a fighter lays in a stage,
whole programmes for the rest of the turn: the heuristic's own, each opening step followed by
the heuristic's plan from where it leaves the figure, the heuristic's plan cut short at
each step with attacks held ready in place of the rest, and its plan aimed at where the
adversary's own plan (the heuristic's, as far as the seat can tell) will take it, or at
that spot's flanks; and, with a victory point to spend where the heuristic would keep it, the
same plans with a special technique in place of the first attack. The sampled worlds lay the
adversary's programme as the heuristic would (:mod:`.programmes`), so each candidate is played
against the programme the adversary is likely to lay. The chosen programme is then laid marker
by marker (:class:`Programme`) until the stage ends; the next stage, with the adversary's
anticipated steps shown, is searched afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.agents.base import Observation, Script

from .engine import actions as A
from .engine.actions import Action
from .engine.state import ANTICIPATION, PROGRAM
from .geometry import CARD_WIDTH, Figure
from .planning import SPARE_POINTS, adversary_of, figure_of, follow, markers, plan_steps
from .sides import acting_for

Steps = tuple[tuple[str, ...], ...]

# The first steps tried, each followed by the heuristic's plan from where it leaves the figure.
OPENERS: tuple[tuple[str, ...], ...] = (
    ("advance", "advance"),
    ("advance",),
    ("turn-left", "advance"),
    ("turn-right", "advance"),
    ("lateral-left", "advance"),
    ("lateral-right", "advance"),
    ("lateral-left",),
    ("lateral-right",),
    ("turn-left",),
    ("turn-right",),
    ("attack",),
    ("retreat",),
)
HOLD = ("attack",)  # a step held ready for an adversary that walks into reach
TECHNIQUE = "technique"  # a special combat technique's marker (it costs a victory point)


def finish(by_text: Mapping[str, Action]) -> Action | None:
    """The action that closes the open step, or the programme when no step is open."""
    return by_text.get(A.END) or by_text.get(A.DONE)


def marker_action(by_text: Mapping[str, Action], marker: str, victim: str | None) -> Action | None:
    """Laying ``marker``, with its victim where the marker is laid with one (F76)."""
    return by_text.get(f"{A.MARK} {marker}") or by_text.get(f"{A.MARK} {marker} {A.AT} {victim}")


def anticipation_done(view: Mapping[str, Any], fighter: int) -> bool:
    """Whether ``fighter`` has laid the steps the anticipation stage requires of it."""
    plan = view["plans"][fighter]
    required = view["initiative"]["required"][fighter]
    return (
        view["stage"] == ANTICIPATION
        and required is not None
        and len(plan["steps"]) >= required
        and not plan.get("open")
    )


@dataclass(frozen=True)
class Programme(Script):
    """One fighter's steps for a turn, laid marker by marker during one stage."""

    turn: int
    stage: str
    fighter: int
    steps: Steps

    def next(self, obs: Observation) -> Action | None:
        view = obs.view
        if (
            view["phase"] != PROGRAM
            or view["turn"] != self.turn
            or view["stage"] != self.stage
            or acting_for(view, obs.seat) != self.fighter
        ):
            return None
        by_text = {str(a): a for a in obs.legal}
        if anticipation_done(view, self.fighter):
            return by_text.get(A.DONE)
        plan = view["plans"][self.fighter]
        laid = tuple(markers(s) for s in plan["steps"])
        opened = markers(plan.get("open") or [])
        made = len(laid)
        if laid != self.steps[:made]:
            return None
        if made >= len(self.steps):
            return None if opened else finish(by_text)
        step = self.steps[made]
        if step[: len(opened)] != opened:
            return None
        if len(opened) >= len(step):
            return finish(by_text)
        victim = view["fighters"][adversary_of(view, self.fighter)].get("key")
        return marker_action(by_text, step[len(opened)], victim)


TurnPlan = Callable[[Figure, Figure, int, bool], list[tuple[str, ...]]]


def heuristic_steps(
    view: Mapping[str, Any], fighter: int, turn_plan: TurnPlan = plan_steps
) -> list[tuple[str, ...]] | None:
    """The steps ``turn_plan`` (the heuristic player's, unless another player's is given)
    programs for ``fighter``'s turn, those laid so far first; ``None`` without both figures
    on the table."""
    me = figure_of(view["fighters"][fighter])
    them = figure_of(view["fighters"][adversary_of(view, fighter)])
    if me is None or them is None:
        return None
    plan = view["plans"][fighter]
    points = view["fighters"][fighter]["points"]
    wanted = turn_plan(me, them, plan["capacity"], points >= SPARE_POINTS)
    laid = [markers(s) for s in plan["steps"]]
    if laid == wanted[: len(laid)]:
        return wanted
    keen = points >= SPARE_POINTS and not any("technique" in s for s in laid)
    ghost = follow(me, them, laid)
    return laid + plan_steps(ghost, them, max(0, plan["capacity"] - len(laid)), keen)


def _meeting_points(
    view: Mapping[str, Any], fighter: int, me: Figure, them: Figure
) -> list[Figure]:
    """Where to close in on instead of where the adversary stands: where its own plan (the
    heuristic's, as far as this seat can tell) takes it after each of its steps, and a card's
    width to either flank of where it ends."""
    adversary = adversary_of(view, fighter)
    steps = heuristic_steps(view, adversary)
    if not steps:
        return []
    ghosts = [follow(them, me, steps[:k]) for k in range(1, len(steps) + 1)]
    last = ghosts[-1]
    flanks = [last.moved(last.facing + turn, CARD_WIDTH) for turn in (90.0, -90.0)]
    return [g for g in [*ghosts, *flanks] if (g.x, g.y) != (them.x, them.y)]


def programmes(obs: Observation, turn_plan: TurnPlan = plan_steps) -> list[Programme]:
    """The programmes worth weighing at ``obs``, ``turn_plan``'s first (the player the search
    builds on: the heuristic's, unless another is given); none but at the first marker a
    fighter lays in a stage with steps still to lay."""
    view = obs.view
    if view["phase"] != PROGRAM:
        return []
    fighter = acting_for(view, obs.seat)
    plan = view["plans"][fighter]
    made = len(plan["steps"])
    first = 0 if view["stage"] == ANTICIPATION else plan["anticipated"]
    if plan.get("open") or made != first or made >= plan["capacity"]:
        return []
    if anticipation_done(view, fighter):
        return []
    own = heuristic_steps(view, fighter, turn_plan)
    if own is None:
        return []
    them = figure_of(view["fighters"][adversary_of(view, fighter)])
    me = figure_of(view["fighters"][fighter])
    assert me is not None and them is not None  # heuristic_steps found both
    laid = own[:made]
    left = plan["capacity"] - made
    points = view["fighters"][fighter]["points"]
    keen = points >= SPARE_POINTS and not any("technique" in s for s in laid)
    ghost = follow(me, them, laid)
    options: list[Sequence[tuple[str, ...]]] = [own]
    for opener in OPENERS:
        after = follow(ghost, them, [opener])
        options.append([*laid, opener, *plan_steps(after, them, left - 1, keen)])
    rest = own[made:]
    for k in range(left):
        options.append([*laid, *rest[:k], *([HOLD] * (left - k))])
    for target in _meeting_points(view, fighter, me, them):
        options.append([*laid, *plan_steps(ghost, target, left, keen)])
    if points >= 1 and not any(TECHNIQUE in s for s in own):
        # The heuristic keeps SPARE_POINTS back before it spends one on a technique; a
        # technique may pay at once all the same (an Invisible Thrust against five defence
        # dice), so the search also weighs spending the point now: the heuristic's plan
        # with its first attack in reach a technique, and each held plan led by one.
        options.append([*laid, *plan_steps(ghost, them, left, True)])
        for k in range(left):
            options.append([*laid, *rest[:k], (TECHNIQUE,), *([HOLD] * (left - k - 1))])
    seen: set[Steps] = set()
    out = []
    for steps in options:
        key = tuple(tuple(s) for s in steps)
        if key in seen:
            continue
        seen.add(key)
        candidate = Programme(view["turn"], view["stage"], fighter, key)
        if candidate.next(obs) in obs.legal:
            out.append(candidate)
    return out

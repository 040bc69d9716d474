"""The adversary's secret programme in the worlds a search samples, laid as the heuristic lays
its own.

The re-deal (:func:`.view.determinize`) fills an adversary's finished, unseen programme with
random markers: honest, but a poor guess of what a player who closes in and attacks has laid,
and a search that plays its last markers against random programmes answers the wrong
threat (a quarter of a heuristic player's programming decisions come after its adversary has
finished). The playouts already model the adversary as the heuristic at every later decision;
here its finished programme is laid by the heuristic too, from the adversary's view of the
sampled world (which holds nothing of this seat's secret), in all but one world in
``RANDOM_ONE_IN``, which keeps the random re-deal so that no programme is ruled out. One in
four random worlds (before 2026-11-27) was a quarter of a programme decision's few worlds
spent against programmes no player who closes in would lay; one in eight still leaves every
programme possible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from duelhall.agents.base import Observation
from duelhall.core.rng import Rng

from .engine.state import PROGRAM, DuelFightersState

RANDOM_ONE_IN = 8

Chooser = Callable[[Observation], Any]


def sample_world(obs: Observation, rng: Rng, choose: Chooser) -> DuelFightersState:
    """A re-deal of ``obs``'s hidden part whose adversary programmes are ``choose``'s."""
    world = obs.sample(rng)
    assert isinstance(world, DuelFightersState)
    if world.phase != PROGRAM or rng.below(RANDOM_ONE_IN) == 0:
        return world
    other = 1 - obs.seat
    board = world.board
    for i in board.of_side(other):
        plan = board.plans[i]
        if not plan.done:
            break  # the re-deal left this one laying afresh, and those after it untouched
        if len(plan.steps) == plan.shown:
            continue  # nothing secret to lay again
        # Lay the secret steps again, as the re-deal does, but with the heuristic's markers.
        del plan.steps[plan.shown :]
        plan.open = []
        plan.done = False
        world.edited()
        while not plan.done:
            world.apply(choose(Observation.of_sample(world, other)))
    return world

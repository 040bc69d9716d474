"""ISMCTS run inside the compiled engine (search.c): the iteration loop of
:mod:`duelhall.agents.ismcts` with random playouts cut off by the duel's evaluator, drawing
from the generator exactly as the Python search does, so a seed and a budget give the same
tree and the same choice.

The search re-deals a *world*, itself a re-deal of the true state (``Observation.sample``):
a seat's re-deal depends on its view alone, so re-dealing the world gives exactly the
samples the observation's stand-in would.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.fast import codes, convert, core
from duelhall.games.duel52.fast.state import FastDuel52State

BATCH = 8
"""Iterations between looks at the clock, as the Python search."""


def compiled_search(
    world: Any,
    seat: int,
    legal: Sequence[Any],
    rng: Rng,
    *,
    iterations: int,
    seconds: float,
    exploration: float,
    cutoff: int,
) -> tuple[list[tuple[Any, int, float]], int] | None:
    """The root's moves as ``(action, visits, total reward)`` in the order first tried, and
    the iterations run; None where the compiled engine cannot search this world (the
    engine does not cover these options, is not built, or the world is too big for it)."""
    module = core()
    if module is None or not convert.covers(world.options):
        return None
    if type(world) is FastDuel52State:
        buf = world.compiled()
    elif type(world) is Duel52State:
        try:
            buf = convert.from_reference(world)
        except convert.TooBig:
            return None
    else:
        return None
    root = [codes.encode(a) for a in legal]
    if any(code is None for code in root):
        return None
    search = module.search_new(buf, seat, exploration, cutoff, root)
    done = 0
    if seconds > 0:
        deadline = time.perf_counter() + seconds
        while True:
            rng._state = module.search_run(search, rng._state, BATCH)
            done += BATCH
            if time.perf_counter() >= deadline:
                break
    else:
        rng._state = module.search_run(search, rng._state, iterations)
        done = iterations
    moves = [
        (codes.decode(code), visits, total)
        for code, visits, total in module.search_root(search)
        if code >> 52 == seat
    ]
    return moves, done

"""Computer seats and hints, decided in worker processes, off the event loop.

A job carries the game's record (game, options, seed, actions), which the server keeps;
the worker re-creates the state from it and decides from the seat's ``Observation`` alone,
so the agent never holds the true state. Workers play on the compiled engine where the
options allow it (:func:`use_fast_engine`), the table itself on the reference. Seeds are
one-way from the deal's (:mod:`duelhall.core.seeds`), and differ per decision because a
worker keeps no agent between decisions.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from duelhall.agents.base import Observation, Script
from duelhall.agents.registry import make_agent
from duelhall.core.engines import choose, chosen
from duelhall.core.game import get_game
from duelhall.core.seeds import derive
from duelhall.core.state import GameState
from duelhall.sim.analysis import search_agent
from duelhall.sim.workers import usable_cpus

LEVELS = ("easy", "medium", "hard")
EXTRA_LEVELS = ("random",)  # not offered in the lobby; for tests and the load benchmark
HINT_SEARCH = "ismcts:1000"  # what ``play --hint`` searches with by default
HINT_MOVES = 3


@dataclass(frozen=True)
class Job:
    game: str
    options: dict[str, Any]
    seed: int
    actions: tuple[tuple[int, str], ...]
    seat: int
    level: str = "medium"
    start: dict[str, Any] | None = None  # the position the game began from (a replay's)


def rebuild(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: Any,
    start: dict[str, Any] | None = None,
) -> GameState:
    """The state a table's record leads to (actions already checked when accepted)."""
    info = get_game(game)
    state = info.new_state(seed, options) if start is None else info.load_position(start)
    for seat, text in actions:
        state.apply(state.parse_action(text, seat))
    return state


def decide(job: Job) -> list[str]:
    """The computer's actions for ``job.seat``, as notation: its choice, then the rest of the
    plan it chose with it (a search that weighs whole programmes), for as long as the plan
    goes on with nobody else to act. A worker keeps no agent between jobs, so the plan
    travels with the answer instead; the server plays the actions in turn, and asks again if
    the table changed meanwhile."""
    state = rebuild(job.game, job.options, job.seed, job.actions, job.start)
    seed = derive(job.seed, "agent", job.seat, len(job.actions))
    agent = make_agent(job.level, seed, game=get_game(job.game))
    action = agent.choose(Observation.of(state, job.seat))
    texts = [str(action)]
    script: Script | None = getattr(agent, "script", None)
    while script is not None:
        state.apply(action)
        if job.seat not in state.to_move():
            break
        obs = Observation.of(state, job.seat)
        action = script.next(obs)
        if action is None or action not in obs.legal:
            break
        texts.append(str(action))
    return texts


def hint(job: Job) -> list[tuple[str, float, float]]:
    """The search's favourite moves for ``job.seat``: (notation, share of the search,
    winning chance), best first."""
    state = rebuild(job.game, job.options, job.seed, job.actions, job.start)
    seed = derive(job.seed, "hint", job.seat, len(job.actions))
    result = search_agent(job.game, HINT_SEARCH, seed).search(Observation.of(state, job.seat))
    return [(str(m.action), result.share(m), m.value) for m in result.moves[:HINT_MOVES]]


def _worker_start(parent: int) -> None:
    # A worker must not outlive a server that is killed outright.
    from duelhall.sim.workers import _die_with

    _die_with(parent)
    use_fast_engine()


def use_fast_engine() -> str:
    """Decide on the compiled engine where the options allow it (``auto``, as the commands
    do), or quietly on the reference where it is not built: a spawned worker inherits no
    choice, and the server's log is no place for a note every worker would repeat."""
    from duelhall.games.duel52.fast import core  # the one compiled engine so far

    with contextlib.redirect_stderr(io.StringIO()):
        built = core() is not None
    choose("auto" if built else "reference")
    return chosen()


def engine_here() -> tuple[str, bool]:
    """The engine this process plays on, and whether the compiled one is loaded."""
    from duelhall.games.duel52.fast import core

    return chosen(), core() is not None


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Worker processes for decisions. Spawned, not forked: the server has threads."""
    return ProcessPoolExecutor(
        max_workers=workers or usable_cpus(),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )

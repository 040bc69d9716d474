"""Helper processes for the rollout search (``rollouts:...,workers=N``): on a machine with
idle cores, N processes play a decision's sampled worlds at once, so a budget in seconds
buys N times the worlds (Duel Fighters' hard level scored 0.83 against the heuristic with
three times its worlds, 0.74 with one; benchmarks/README.md).

Each helper keeps its own rollout search for the game, built once, and is sent for each world
what the searching seat may know and nothing more: a re-deal of its observation (a re-deal
depends only on the seat's view and the generator, so the helper re-deals exactly the worlds
the searching process would), the moves tried, and the world's seed. Helpers are shared by
every search of the process with the same game and cut-off, and started on first use; where
no process may be started (inside a ladder's worker processes, say), the search goes on alone.
A helper ends with its searching process, however that ends, and a pool one of whose helpers
was killed is let go (:func:`forget`) so the next search starts a new one.
"""

from __future__ import annotations

import copyreg
import multiprocessing
import os
import select
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from types import MappingProxyType
from typing import Any, Protocol

from duelhall.agents.base import Observation
from duelhall.core.game import GameInfo, get_game
from duelhall.core.state import GameState


class WorldPlayer(Protocol):
    """What a helper runs: the rollout search's playing out of one sampled world."""

    slowest: float

    def world(
        self,
        obs: Observation,
        legal: Sequence[Any],
        alive: Sequence[int],
        seed: int,
        deadline: float,
    ) -> dict[int, float] | None: ...


# Builds a helper's search from the game and the way it plays out (the rollout search's class).
Builder = Callable[..., WorldPlayer]


def read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


def _as_plain(mapping: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(mapping),)


# States keep their options (and Duel Fighters its cards) in read-only mappings, which
# pickle cannot send as they are: they travel as plain ones and are made read-only again.
copyreg.pickle(MappingProxyType, _as_plain)

_SEARCH: WorldPlayer | None = None  # a helper process's own search, built once


def _exit_with(searcher: int) -> None:
    """End this helper when the searching process ends, however it ends.

    A helper is a child of the forkserver, not of the search, so a search killed outright
    (a web server's worker, say) would leave it waiting for work forever: a thread waits
    on the search's process descriptor instead.
    """
    if not hasattr(os, "pidfd_open"):
        return  # not Linux: helpers end with the search's orderly exit only
    try:
        fd = os.pidfd_open(searcher)
    except ProcessLookupError:  # the search has ended already
        os._exit(1)
    except OSError:  # a kernel without process descriptors
        return

    def watch() -> None:
        select.select([fd], [], [])
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-search", daemon=True).start()


def _start(build: Builder, game: str, playouts: tuple[tuple[str, int], ...], searcher: int) -> None:
    global _SEARCH
    _exit_with(searcher)
    info: GameInfo = get_game(game)
    _SEARCH = build(info, 0, **dict(playouts))


def _play(
    stand_in: GameState,
    seat: int,
    legal: Sequence[Any],
    alive: Sequence[int],
    seed: int,
    deadline: float,
    slowest: float,
) -> dict[int, float] | None:
    assert _SEARCH is not None, "a helper process starts with its search"
    _SEARCH.slowest = slowest
    return _SEARCH.world(Observation.of_sample(stand_in, seat), legal, alive, seed, deadline)


class Helpers:
    """A pool of helper processes for one game and way of playing out."""

    def __init__(self, pool: ProcessPoolExecutor, size: int) -> None:
        self.pool = pool
        self.size = size

    def start(
        self,
        stand_in: GameState,
        seat: int,
        legal: Sequence[Any],
        alive: Sequence[int],
        seeds: Sequence[int],
        deadline: float,
        slowest: float,
    ) -> list[Future[dict[int, float] | None]]:
        """One world a seed, each played out in a helper (:meth:`RolloutAgent.world`)."""
        moves, still = list(legal), list(alive)
        return [
            self.pool.submit(_play, stand_in, seat, moves, still, seed, deadline, slowest)
            for seed in seeds
        ]


# By game, way of playing out, size and the process they belong to (a forked process
# inherits its parent's table, not its parent's helpers).
_POOLS: dict[tuple[str, tuple[tuple[str, int], ...], int, int], Helpers | None] = {}


def helpers_for(
    build: Builder, game: str, playouts: Mapping[str, int], size: int
) -> Helpers | None:
    """The process's helpers for ``game`` with playouts played as the settings ``playouts``
    say (``cutoff``, ``horizon``), each with its search made by ``build`` (picklable: a class
    or a module's function), started now if need be; ``None`` where no process may be
    started."""
    settings = tuple(sorted(playouts.items()))
    key = (game, settings, size, os.getpid())
    if key not in _POOLS:
        # Forkserver, not fork: the web server that may run the search has threads.
        context = multiprocessing.get_context("forkserver")
        pool = ProcessPoolExecutor(
            size, context, initializer=_start, initargs=(build, game, settings, os.getpid())
        )
        try:
            # Start them now, so that a process that may not have children (a daemon, as
            # a ladder's workers are) finds out here, not mid-decision.
            for future in [pool.submit(int) for _ in range(size)]:
                future.result()
        except Exception:  # whatever stops them, the search goes on alone
            pool.shutdown(wait=False, cancel_futures=True)
            _POOLS[key] = None
        else:
            _POOLS[key] = Helpers(pool, size)
    return _POOLS[key]


def forget(helpers: Helpers) -> None:
    """Let a broken pool go (one of its processes was killed): the process's next search
    starts new helpers."""
    for key, known in list(_POOLS.items()):
        if known is helpers:
            del _POOLS[key]
    helpers.pool.shutdown(wait=False, cancel_futures=True)

"""An agent's observation and sampled worlds share nothing mutable with the true game.

Agents search re-dealt copies of the game. If a copy shared a mutable object with the true
state (the options mapping, Duel 52's power table, a cached list of legal actions), an agent
that changed its copy, by mistake or on purpose, would change the real game behind the
referee's back (a Deck Duel game could end at once while its record said otherwise).
Code (functions, classes, modules) is not state and is not followed.
"""

from __future__ import annotations

import contextlib
import enum
import types
from collections.abc import Iterable, Iterator
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
import shapely

from duelhall.agents.base import Agent, Observation
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.core.state import GameState
from duelhall.core.stepping import random_step
from tests.agents.positions import positions_along

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("duel52", {}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True, "vampiric": True}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("deckduel", {}),
    ("highlander", {}),
    ("duelfighters", {"turn_limit": 4}),
]

# Shapely's geometries and trees are immutable values (Shapely 2), which Duel Fighters' scenery
# shares between worlds as it shares strings.
_ATOMS = (
    int,
    float,
    complex,
    str,
    bytes,
    bool,
    type(None),
    range,
    enum.Enum,
    shapely.Geometry,
    shapely.STRtree,
)
_CODE = (
    types.ModuleType,
    type,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
    types.MethodWrapperType,
)


def _immutable(thing: Any) -> bool:
    if isinstance(thing, (tuple, frozenset, types.MappingProxyType, types.FunctionType)):
        return True
    params = getattr(type(thing), "__dataclass_params__", None)
    return params is not None and params.frozen


def _attributes(thing: Any) -> Iterator[tuple[str, Any]]:
    names = set(getattr(thing, "__dict__", {}) or {})
    for cls in type(thing).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    for name in sorted(names - {"__dict__", "__weakref__"}):
        try:
            yield name, getattr(thing, name)
        except AttributeError:
            continue


def reachable(roots: Iterable[Any]) -> dict[int, Any]:
    """Every object reachable from ``roots`` through containers, attributes and closures."""
    seen: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        thing = stack.pop()
        if isinstance(thing, (*_ATOMS, *_CODE)) or id(thing) in seen:
            continue
        seen[id(thing)] = thing
        if isinstance(thing, types.FunctionType):
            stack.extend(cell.cell_contents for cell in thing.__closure__ or ())
        elif isinstance(thing, (dict, types.MappingProxyType)):
            stack.extend(thing.keys())
            stack.extend(thing.values())
        elif isinstance(thing, (list, tuple, set, frozenset)):
            stack.extend(thing)
        else:
            stack.extend(value for _, value in _attributes(thing))
    return seen


def _agent_side(obs: Observation, worlds: int = 2) -> list[Any]:
    """The observation, and worlds sampled from it with their legal lists and views."""
    roots: list[Any] = [obs.view, obs.legal, obs.sample]
    for k in range(worlds):
        world = obs.sample(Rng(k))
        rng = Rng(k)
        for _ in range(3 * k):  # a few steps in, so caches and stacks fill
            if world.is_over():
                break
            random_step(world, rng)
        roots.append(world)
        for seat in world.to_move():
            roots += [world.legal_actions(seat), world.view(seat)]
    return roots


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_samples_share_nothing_mutable_with_the_true_state(
    game: str, options: dict[str, Any]
) -> None:
    checked = 0
    for state, seat in positions_along(game, options, 3, every=7):
        truth = reachable([state])
        theirs = reachable(_agent_side(Observation.of(state, seat)))
        shared = [
            f"{type(thing).__name__}: {thing!r:.80}"
            for key, thing in theirs.items()
            if key in truth and not _immutable(thing)
        ]
        assert not shared, shared
        checked += 1
    assert checked > 10


def _wreck(roots: list[Any]) -> None:
    """Change everything reachable: empty every list, dict and set, and overwrite every
    attribute that can be overwritten."""
    for thing in list(reachable(roots).values()):
        if isinstance(thing, (list, dict, set)):
            thing.clear()
        elif isinstance(thing, types.MappingProxyType):
            with pytest.raises(TypeError):
                thing["vandal"] = True  # type: ignore[index]
        elif not isinstance(thing, (tuple, frozenset, types.FunctionType)):
            for name, _ in _attributes(thing):
                with contextlib.suppress(AttributeError, TypeError, FrozenInstanceError):
                    setattr(thing, name, None)


class Vandal(Agent):
    """Plays the first legal action, after wrecking its observation and its samples."""

    def choose(self, obs: Observation) -> Any:
        pick = obs.legal[0]
        _wreck(_agent_side(obs))
        return pick


class First(Agent):
    def choose(self, obs: Observation) -> Any:
        return obs.legal[0]


def _play(game: str, options: dict[str, Any], seed: int, vandal: bool) -> GameState:
    """A game where every seat takes its first legal action; with ``vandal``, seat 0 wrecks
    what it can reach before each of its first 25 decisions, and each time the true state
    must be just as it was."""
    info = get_game(game)
    state = info.new_state(seed, info.resolve_options(options))
    wrecks = 0
    while not state.is_over():
        movers = state.to_move()
        chosen = []
        for seat in movers:
            obs = Observation.of(state, seat)
            if vandal and seat == 0 and wrecks < 25:
                before = (state.to_position(), state.view(None), list(state.legal_actions(seat)))
                chosen.append(Vandal().choose(obs))
                after = (state.to_position(), state.view(None), list(state.legal_actions(seat)))
                assert after == before
                wrecks += 1
            else:
                chosen.append(First().choose(obs))
        for action in chosen:
            state.apply(action)
    return state


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_an_agent_that_wrecks_its_samples_cannot_change_the_real_game(
    game: str, options: dict[str, Any]
) -> None:
    honest = _play(game, options, 4, vandal=False)
    wrecked = _play(game, options, 4, vandal=True)
    assert wrecked.to_position() == honest.to_position()
    assert wrecked.outcome() == honest.outcome()
    # Nothing shared between games was touched either: a new game is dealt as before.
    assert (
        _play(game, options, 5, vandal=False).to_position()
        == _play(game, options, 5, vandal=False).to_position()
    )

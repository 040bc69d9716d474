"""Agents by spec, as the command line writes them.

A spec is a name, an optional budget after a colon, and optional settings after commas:

``random`` · ``heuristic`` · ``ismcts`` · ``ismcts:2000`` (simulations) ·
``ismcts:1.5s`` (seconds) · ``ismcts:800,rollout=heuristic,cutoff=20,c=0.7`` ·
``rollouts`` · ``rollouts:600`` (sampled worlds at most) · ``rollouts:2s`` · ``rollouts:600,z=2``

and the difficulty levels players pick from: ``easy``, ``medium``, ``hard``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from duelhall.agents.base import Agent
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.random_agent import RandomAgent
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo, get_game

# Difficulty levels. Budgets are in simulations, so the same seed always plays the same
# game; they were chosen so that on a 2-core laptop a medium move takes well under half a
# second and a hard move well under three (benchmarks/README.md has the measurements).
LEVELS = {
    "easy": "heuristic",
    "medium": "ismcts:300",
    "hard": "ismcts:2500",
}

ISMCTS_SETTINGS = {"rollout", "cutoff", "c", "mix"}
ROLLOUT_SETTINGS = {"z"}
SEARCHES = {"ismcts", "rollouts"}


@dataclass(frozen=True)
class AgentSpec:
    name: str
    iterations: int | None = None
    seconds: float | None = None
    settings: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        text = self.name
        if self.iterations is not None:
            text += f":{self.iterations}"
        elif self.seconds is not None:
            text += f":{self.seconds:g}s"
        for key, value in self.settings:
            text += f",{key}={value}"
        return text


def agent_names() -> list[str]:
    return ["random", "heuristic", "ismcts", "rollouts", *LEVELS]


def parse_spec(spec: str) -> AgentSpec:
    """Read an agent spec, or explain what a spec looks like."""
    text = spec.strip().lower()
    text = LEVELS.get(text, text)
    head, *extras = text.split(",")
    name, _, budget = head.partition(":")
    name = name.strip()
    if name not in {"random", "heuristic", *SEARCHES}:
        raise DuelhallError(
            f"unknown agent {spec!r}; choose one of {', '.join(agent_names())}, "
            "or a search budget like ismcts:2000, ismcts:1.5s or rollouts:600"
        )
    iterations: int | None = None
    seconds: float | None = None
    budget = budget.strip()
    if budget:
        if name not in SEARCHES:
            raise DuelhallError(
                f"{name} takes no budget; only the searches do (ismcts:2000, rollouts:600)"
            )
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if not 0 < seconds <= 3600:
                    raise ValueError
            else:
                iterations = int(budget)
                if not 1 <= iterations <= 10_000_000:
                    raise ValueError
        except ValueError:
            raise DuelhallError(
                f"bad budget {budget!r} in {spec!r}: give simulations (ismcts:2000) "
                "or seconds (ismcts:1.5s)"
            ) from None
    settings: list[tuple[str, str]] = []
    for extra in extras:
        key, eq, value = extra.partition("=")
        key, value = key.strip(), value.strip()
        if name == "rollouts" and (key not in ROLLOUT_SETTINGS or not eq or not value):
            raise DuelhallError(
                f"bad setting {extra!r} in {spec!r}; rollouts takes z=NUMBER (how many "
                "standard errors a move must gain over the heuristic's to replace it)"
            )
        if name == "rollouts":
            settings.append((key, value))
            continue
        if name != "ismcts" or key not in ISMCTS_SETTINGS or not eq or not value:
            raise DuelhallError(
                f"bad setting {extra!r} in {spec!r}; ismcts takes "
                "rollout=random|heuristic|agent, cutoff=N (0: play out to the end), c=NUMBER, "
                "mix=1 (play mixed strategies at secret simultaneous choices)"
            )
        settings.append((key, value))
    return AgentSpec(name, iterations, seconds, tuple(settings))


def _ismcts(info: GameInfo, seed: int, spec: AgentSpec) -> Agent:
    values = dict(spec.settings)
    rollout = values.get("rollout", "random")
    if rollout not in {"random", "heuristic", "agent"}:
        raise DuelhallError(f"rollout={rollout!r}: choose random, heuristic or agent")
    if rollout == "heuristic" and not info.has_hook("rollout"):
        raise DuelhallError(f"{info.title} has no heuristic rollout; use rollout=random")
    if rollout == "agent" and not info.has_hook("heuristic"):
        raise DuelhallError(f"{info.title} has no heuristic player; use rollout=random")
    try:
        cutoff = int(values["cutoff"]) if "cutoff" in values else None
        exploration = float(values.get("c", "0.7"))
    except ValueError:
        raise DuelhallError(f"cutoff takes a whole number and c a number, in {spec}") from None
    if (cutoff is not None and cutoff < 0) or exploration < 0:
        raise DuelhallError(f"cutoff and c cannot be negative, in {spec}")
    return ISMCTSAgent(
        info,
        seed,
        iterations=spec.iterations or 1000,
        seconds=spec.seconds or 0.0,
        rollout=rollout,
        cutoff=cutoff,
        exploration=exploration,
        mix=values.get("mix", "0") in {"1", "true", "yes", "on"},
    )


def _rollouts(info: GameInfo, seed: int, spec: AgentSpec) -> Agent:
    values = dict(spec.settings)
    try:
        z = float(values.get("z", "2"))
    except ValueError:
        raise DuelhallError(f"z takes a number, in {spec}") from None
    if z < 0:
        raise DuelhallError(f"z cannot be negative, in {spec}")
    return RolloutAgent(
        info, seed, samples=spec.iterations or 1000, seconds=spec.seconds or 0.0, z=z
    )


def _heuristic(info: GameInfo, seed: int, spec: AgentSpec) -> Agent:
    if not info.has_hook("heuristic"):
        raise DuelhallError(f"{info.title} has no heuristic player yet; try random or ismcts")
    factory: Callable[..., Agent] = info.hook("heuristic")
    return factory(info, seed)


def make_agent(spec: str, seed: int = 0, *, game: GameInfo | str | None = None) -> Agent:
    """Build the agent ``spec`` names, with its own seed, to play ``game``."""
    info = get_game(game) if isinstance(game, str) else game
    level = spec.strip().lower()
    if info is not None and level in info.levels:
        spec = info.levels[level]
    parsed = parse_spec(spec)
    if parsed.name == "random":
        return RandomAgent(seed)
    if info is None:
        raise DuelhallError(f"agent {spec!r} needs to know which game it plays")
    if parsed.name == "heuristic":
        return _heuristic(info, seed, parsed)
    if parsed.name == "rollouts":
        return _rollouts(info, seed, parsed)
    return _ismcts(info, seed, parsed)

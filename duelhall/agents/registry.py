"""Agents by spec, as the command line writes them.

A spec is a name, an optional budget after a colon, and optional settings after commas:

``random`` · ``heuristic`` · ``ismcts`` · ``ismcts:2000`` (simulations) ·
``ismcts:1.5s`` (seconds) · ``ismcts:800,rollout=heuristic,cutoff=20,c=0.7`` ·
``rollouts`` · ``rollouts:600`` (sampled worlds at most) · ``rollouts:2s`` · ``rollouts:600,z=2``
· ``rollouts:8,cutoff=12`` (playouts cut off after 12 decisions and evaluated)
· ``rollouts:2s,prune=1`` (moves a standard error behind the heuristic's dropped)
· ``rollouts:2s,cutoff=1,horizon=2`` (judged at the second quiet state past the cutoff)

and the difficulty levels players pick from: ``easy``, ``medium``, ``hard``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from duelhall.agents.base import Agent
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.random_agent import RandomAgent
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.engines import ENGINES
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

ISMCTS_SETTINGS = {"rollout", "cutoff", "c", "mix", "engine"}
ROLLOUT_SETTINGS = {"z", "cutoff", "prune", "workers", "horizon"}
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
            short = f"{self.seconds:g}"  # 1.5s, not 1.500000s; exact when :g would round
            text += f":{short if float(short) == self.seconds else repr(self.seconds)}s"
        for key, value in self.settings:
            text += f",{key}={value}"
        return text


def agent_names() -> list[str]:
    return ["random", "heuristic", "ismcts", "rollouts", *LEVELS]


def parse_spec(spec: str) -> AgentSpec:
    """Read an agent spec, or explain what a spec looks like.

    Every number is checked here, so a spec that would misbehave mid-game (a budget or a
    setting that is NaN, infinite, negative or absurd) is refused before any game starts.
    """
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
        bad_budget = DuelhallError(
            f"bad budget {budget!r} in {spec!r}: give simulations from 1 to "
            f"{MAX_ITERATIONS:,} (ismcts:2000) or seconds, more than 0 and at most "
            f"{MAX_SECONDS:g} (ismcts:1.5s)"
        )
        if budget.endswith("s"):
            seconds = _number(budget[:-1].strip())
            if seconds is None or not 0 < seconds <= MAX_SECONDS:
                raise bad_budget
        else:
            iterations = _whole(budget)
            if iterations is None or not 1 <= iterations <= MAX_ITERATIONS:
                raise bad_budget
    settings: list[tuple[str, str]] = []
    for extra in extras:
        key, eq, value = extra.partition("=")
        key, value = key.strip(), value.strip()
        known = ROLLOUT_SETTINGS if name == "rollouts" else ISMCTS_SETTINGS
        if name not in SEARCHES or key not in known or not eq or not value:
            raise DuelhallError(f"bad setting {extra!r} in {spec!r}; {_SETTINGS_HELP[name]}")
        if any(key == k for k, _ in settings):
            raise DuelhallError(f"{key} is set twice in {spec!r}; give each setting once")
        _check_setting(key, value, spec)
        settings.append((key, value))
    return AgentSpec(name, iterations, seconds, tuple(settings))


MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0
MAX_CUTOFF = 100_000
MAX_WORKERS = 64
MAX_HORIZON = 16
MAX_FACTOR = 1000.0  # c and z: far beyond any useful value, but finite

_SETTINGS_HELP = {
    "random": "random takes no settings",
    "heuristic": "heuristic takes no settings",
    "ismcts": "ismcts takes rollout=random|heuristic|agent, cutoff=N (0: play out to the "
    "end), c=NUMBER, mix=1 (play mixed strategies at secret simultaneous choices), "
    "engine=auto|reference|fast (which engine searches; by default the command's)",
    "rollouts": "rollouts takes z=NUMBER (how many standard errors a move must gain over "
    "the heuristic's to replace it) and cutoff=N (decisions a playout plays before the "
    "game's evaluator judges it; 0: to the end) and prune=NUMBER (stop playing out a move "
    "that many standard errors behind the heuristic's; 0: never) and horizon=N (the quiet "
    "state, past the cutoff, where a playout is judged: 1 the first, 2 the next) and "
    "workers=N (processes playing worlds at once, 1 to 64)",
}

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _whole(text: str) -> int | None:
    """A whole number written in plain ASCII digits (``int`` would also take ``1_000``,
    other scripts' digits and thousands of digits), or ``None``."""
    if not (text.isascii() and text.isdecimal()) or len(text) > 12:
        return None
    return int(text)


def _number(text: str) -> float | None:
    """A finite decimal number such as ``0.7``, ``.5`` or ``1e-3``, or ``None`` (never NaN
    or infinity, which would poison a search without an error)."""
    if not text.isascii() or "_" in text or len(text) > 40:
        return None
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


# Settings that count something: the least, the most, and what they count.
_COUNTED = {
    "horizon": (1, MAX_HORIZON, "quiet states"),  # judged at the last one reached
    "workers": (1, MAX_WORKERS, "processes"),
}


def _check_setting(key: str, value: str, spec: str) -> None:
    if key == "rollout":
        if value not in {"random", "heuristic", "agent"}:
            raise DuelhallError(f"rollout={value!r}: choose random, heuristic or agent")
    elif key == "cutoff":
        cutoff = _whole(value)
        if cutoff is None or cutoff > MAX_CUTOFF:
            raise DuelhallError(
                f"cutoff={value!r} in {spec!r}: give a whole number of actions from 0 to "
                f"{MAX_CUTOFF:,} (0: play out to the end); it cannot be negative"
            )
    elif key in _COUNTED:
        low, high, what = _COUNTED[key]
        count = _whole(value)
        if count is None or not low <= count <= high:
            raise DuelhallError(
                f"{key}={value!r} in {spec!r}: give a whole number of {what} from {low} to {high}"
            )
    elif key == "mix":
        if value not in _TRUE | _FALSE:
            raise DuelhallError(f"mix={value!r} in {spec!r}: give 1 (on) or 0 (off)")
    elif key == "engine":
        if value not in ENGINES:
            raise DuelhallError(f"engine={value!r} in {spec!r}: choose auto, reference or fast")
    else:  # c, z or prune
        number = _number(value)
        if number is None or not 0 <= number <= MAX_FACTOR:
            what = f"{key} takes"
            raise DuelhallError(
                f"{key}={value!r} in {spec!r}: {what} a number from 0 to {MAX_FACTOR:g} "
                "(it cannot be negative, infinite or nan)"
            )


def _ismcts(info: GameInfo, seed: int, spec: AgentSpec) -> Agent:
    values = dict(spec.settings)  # each value already checked by parse_spec
    rollout = values.get("rollout", "random")
    if rollout == "heuristic" and not info.has_hook("rollout"):
        raise DuelhallError(f"{info.title} has no heuristic rollout; use rollout=random")
    if rollout == "agent" and not info.has_hook("heuristic"):
        raise DuelhallError(f"{info.title} has no heuristic player; use rollout=random")
    return ISMCTSAgent(
        info,
        seed,
        iterations=spec.iterations or 1000,
        seconds=spec.seconds or 0.0,
        rollout=rollout,
        cutoff=int(values["cutoff"]) if "cutoff" in values else None,
        exploration=float(values.get("c", "0.7")),
        mix=values.get("mix", "0") in _TRUE,
        engine=values.get("engine"),
    )


def _rollouts(info: GameInfo, seed: int, spec: AgentSpec) -> Agent:
    values = dict(spec.settings)  # each value already checked by parse_spec
    cutoff = int(values.get("cutoff", "0"))
    if cutoff and not info.has_hook("evaluator"):
        raise DuelhallError(f"{info.title} has no evaluator to cut playouts off; use cutoff=0")
    return RolloutAgent(
        info,
        seed,
        samples=spec.iterations or 1000,
        seconds=spec.seconds or 0.0,
        z=float(values.get("z", "2")),
        cutoff=cutoff,
        prune=float(values.get("prune", "0")),
        workers=int(values.get("workers", "1")),
        horizon=int(values.get("horizon", "1")),
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

"""Agents by name: ``random`` and friends, as the command line writes them."""

from __future__ import annotations

from collections.abc import Callable

from duelhall.agents.base import Agent
from duelhall.agents.random_agent import RandomAgent
from duelhall.core.errors import DuelhallError

_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
}


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec such as ``random``."""
    name = spec.strip().lower()
    try:
        return _FACTORIES[name](seed)
    except KeyError:
        raise DuelhallError(
            f"unknown opponent {spec!r}; available: {', '.join(agent_names())}"
        ) from None

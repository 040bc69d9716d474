"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``scores`` gives each seat's score in seat order: 1 for a win, 0 for a loss, 0.5 each
    for a draw in two-seat games. ``reason`` is a short machine-readable code (for example
    ``"two-lanes"``); ``detail`` is a sentence for people.
    """

    winner: int | None
    scores: tuple[float, ...]
    reason: str
    detail: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def ranking(self) -> list[list[int]]:
        """Seats grouped from best to worst score; tied seats share a group."""
        groups: dict[float, list[int]] = {}
        for seat, score in enumerate(self.scores):
            groups.setdefault(score, []).append(seat)
        return [groups[score] for score in sorted(groups, reverse=True)]

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "reason": self.reason,
            "detail": self.detail,
        }

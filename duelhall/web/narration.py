"""The log each seat (and the spectators) reads, told as the terminal tells it.

Each action is worded by the game's ``ui.describe`` from the reader's own view before it,
followed by what it caused (``ui.effects``, from the reader's views before and after), so a
reader is told exactly what the terminal's ``Session`` would tell that seat (its own seat
named ``You``, as the terminal names the person playing). A secret
simultaneous choice is told only once every seat has chosen, with what the choices set off
together after the last of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from duelhall.core.state import GameState
from duelhall.web.views import Audience, names_for, plain, view_of

Views = dict[Audience, dict[str, Any]]


@dataclass
class _Round:
    """A simultaneous choice in progress: the views at its start, who has still to choose,
    and the choices made so far (each with the views just before it)."""

    start: Views
    remaining: set[int]
    chosen: list[tuple[int, Any, Views]] = field(default_factory=list)


class Narrator:
    """Keeps every reader's log; ``views`` before an action, ``tell`` after it."""

    def __init__(
        self,
        ui: ModuleType,
        names: tuple[str, ...],
        audience: tuple[Audience, ...],
        *,
        you: bool = True,
    ):
        """``you``: each seat reads its own seat as ``You`` (a player); else every seat by
        its name (a replay, watched by anyone)."""
        self.ui = ui
        self.names = names
        self.audience = audience
        self.logs: dict[Audience, list[str]] = {who: [] for who in audience}
        self._said = {who: names_for(names, who if you else None) for who in audience}
        self._round: _Round | None = None

    @property
    def in_round(self) -> bool:
        """Whether a simultaneous choice is under way (some seats have still to choose)."""
        return self._round is not None

    def views(self, state: GameState) -> Views:
        return {who: view_of(state, who) for who in self.audience}

    def tell(
        self,
        movers: tuple[int, ...],
        seat: int,
        action: Any,
        before: Views,
        after: Views,
        over: bool,
    ) -> None:
        """``seat`` took ``action`` when ``movers`` were to act, ``before`` and ``after``
        being every reader's views just before and after (``over``: it ended the game).
        The table builds each view once per change and shares it with the snapshots."""
        if self._round is None and len(movers) > 1:
            self._round = _Round(start=before, remaining=set(movers))
        if self._round is None:
            self._say(seat, action, before, after, effects=True)
            return
        self._round.chosen.append((seat, action, before))
        self._round.remaining.discard(seat)
        if self._round.remaining and not over:
            return
        done, self._round = self._round, None
        for chosen_seat, chosen, views in done.chosen:
            self._say(chosen_seat, chosen, views, None, effects=False)
        self._effects(done.chosen[-1][1], done.start, after)

    def _say(
        self, seat: int, action: Any, before: Views, after: Views | None, *, effects: bool
    ) -> None:
        for who, view in before.items():
            self.logs[who].append(
                f"{self._said[who][seat]}: {plain(self.ui.describe(action, view, who))}"
            )
        if effects and after is not None:
            self._effects(action, before, after)

    def _effects(self, action: Any, before: Views, after: Views) -> None:
        tell = getattr(self.ui, "effects", None)
        if tell is None:
            return
        for who, view in before.items():
            for line in tell(action, view, after[who], who, self._said[who]):
                text = plain(line)
                # Consequences are indented under the action; a new turn's banner is not.
                self.logs[who].append(text if text.startswith("──") else "   " + text)

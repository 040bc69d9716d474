"""One seat's way through an uploaded record, kept so that stepping does not start over.

A replay's page after ``step`` actions is the state there and the seat's log so far. The log
only ever grows (a secret choice is told late, but appended), so the log at any step is a
prefix of the log at the furthest step reached: a track keeps that log, its length after
each step, and the state every ``CHECKPOINT`` actions. A step within reach is the nearest
checkpoint at or before it played on by fewer than ``CHECKPOINT`` actions, with nothing told;
a step beyond it moves the furthest step on, telling each action once. Either way a request
applies at most as many actions as the record holds (``MAX_ACTIONS`` caps that on upload),
and stepping through a whole record costs about what replaying it once does, not its square.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.core.record import Record
from duelhall.core.state import GameState
from duelhall.web.narration import Narrator
from duelhall.web.snapshots import LOG_LINES, snapshot

CHECKPOINT = 32  # actions between kept states: a step back replays fewer than this


class ReplayTrack:
    """The pages ``seat`` reads through ``record`` (checked in full when uploaded)."""

    def __init__(
        self, info: GameInfo, ui: ModuleType, record: Record, seat: int, names: Sequence[str]
    ) -> None:
        self.info = info
        self.ui = ui
        self.record = record
        self.seat = seat
        self.names = tuple(names)
        self._state = record.initial_state()  # at the furthest step reached
        self._narrator = Narrator(ui, self.names, (seat,), you=False)  # a replay keeps names
        self._views = self._narrator.views(self._state)
        self._ends = [0]  # the log's length after each step reached
        self._kept = [self._state.clone()]  # the state after 0, CHECKPOINT, 2 CHECKPOINT... actions

    @property
    def reached(self) -> int:
        """The furthest step told so far."""
        return len(self._ends) - 1

    def _advance(self, step: int) -> None:
        """Tell the actions up to ``step``, keeping a state every ``CHECKPOINT``."""
        state, views, narrator = self._state, self._views, self._narrator
        for who, text in self.record.actions[self.reached : step]:
            action = state.parse_action(text, who)
            after = state.clone()
            after.apply(action)
            seen = narrator.views(after)
            narrator.tell(state.to_move(), who, action, views, seen, after.is_over())
            state, views = after, seen
            self._ends.append(len(narrator.logs[self.seat]))
            if self.reached % CHECKPOINT == 0:
                self._kept.append(state.clone())
        self._state, self._views = state, views

    def state_at(self, step: int) -> GameState:
        """The state after ``step`` actions (``0 <= step <= len(record.actions)``); the caller
        may change it."""
        if step >= self.reached:
            self._advance(step)
            return self._state.clone()
        state = self._kept[step // CHECKPOINT].clone()
        for who, text in self.record.actions[step - step % CHECKPOINT : step]:
            state.apply(state.parse_action(text, who))
        return state

    def page(self, step: int) -> dict[str, Any]:
        """The snapshot the seat had after ``step`` actions, with its log so far."""
        if step >= self.reached:
            self._advance(step)
            state, view = self._state, self._views[self.seat]
        else:
            state = self.state_at(step)
            view = None  # built by the snapshot, as the narrator would have
        end = self._ends[step]
        log = self._narrator.logs[self.seat][max(0, end - LOG_LINES) : end]
        out = snapshot(
            self.info, self.ui, state, self.seat, self.names, seq=step, log=log, view=view,
            you=False,
        )  # fmt: skip
        out["actions"] = []  # a replay is watched, not played
        out["steps"] = len(self.record.actions)
        out["title"] = self.info.title
        out["simultaneous"] = len(state.to_move()) > 1
        return out

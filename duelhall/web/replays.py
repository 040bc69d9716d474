"""Uploaded records, stepped through from any seat's view.

A record is untrusted input: it is read by :meth:`Record.from_json` and replayed in full
(every action checked) before it is kept. The uploader holds the whole record, so any seat's
view of it is theirs to see. Replays live in memory only, the latest few hundred.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from duelhall.cli.session import ui_for
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record, replay_steps
from duelhall.core.state import GameState
from duelhall.core.untrusted import parse_document
from duelhall.web.agents import rebuild
from duelhall.web.narration import Narrator
from duelhall.web.refusals import Refused, not_found
from duelhall.web.snapshots import snapshot
from duelhall.web.tokens import new_table_id

KEPT = 200


class Replays:
    def __init__(self) -> None:
        self._kept: OrderedDict[str, Record] = OrderedDict()

    def upload(self, raw: bytes) -> dict[str, Any]:
        try:
            record = Record.from_json(parse_document(raw, "the record", DuelhallError))
            if record.start is not None:
                raise Refused("records that begin from a position cannot be replayed here yet")
            for _ in replay_steps(record):
                pass
            seats = get_game(record.game).seat_count(record.options)
            ui_for(record.game)
        except DuelhallError as e:
            raise Refused(str(e)) from None
        replay_id = new_table_id()
        self._kept[replay_id] = record
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return {"id": replay_id, "game": record.game, "seats": seats, "steps": len(record.actions)}

    def record(self, replay_id: str) -> Record:
        record = self._kept.get(replay_id)
        if record is None:
            raise not_found("such replay (replays are kept until the server restarts)")
        return record

    def state_at(self, replay_id: str, step: int, seat: int) -> tuple[Record, GameState]:
        """The replay's record and its state after ``step`` actions; ``seat`` must exist."""
        record = self.record(replay_id)
        info = get_game(record.game)
        seats = info.seat_count(record.options)
        if not 0 <= step <= len(record.actions) or not 0 <= seat < seats:
            raise Refused(f"step is 0 to {len(record.actions)}, seat 0 to {seats - 1}")
        return record, rebuild(record.game, record.options, record.seed, record.actions[:step])

    def step(self, replay_id: str, step: int, seat: int) -> dict[str, Any]:
        """The snapshot ``seat`` had after ``step`` actions, with its log so far."""
        record, _ = self.state_at(replay_id, step, seat)
        info = get_game(record.game)
        state = info.new_state(record.seed, record.options)
        seats = info.seat_count(record.options)
        ui = ui_for(record.game)
        names = tuple(
            record.players[n][:40] if len(record.players) == seats else f"Player {n + 1}"
            for n in range(seats)
        )
        narrator = Narrator(ui, names, (seat,), you=False)  # a replay keeps the names
        views = narrator.views(state)
        for who, text in record.actions[:step]:
            action = state.parse_action(text, who)
            after = state.clone()
            after.apply(action)
            seen = narrator.views(after)
            narrator.tell(state.to_move(), who, action, views, seen, after.is_over())
            state, views = after, seen
        out = snapshot(
            info,
            ui,
            state,
            seat,
            names,
            seq=step,
            log=narrator.logs[seat],
            view=views[seat],
            you=False,
        )
        out["actions"] = []  # a replay is watched, not played
        out["steps"] = len(record.actions)
        return out

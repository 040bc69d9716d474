"""Uploaded records, kept in the database and stepped through from any seat's view.

A record is untrusted input: it is read by :meth:`Record.from_json` and replayed in full
(every action checked, at most ``MAX_ACTIONS``) before it is kept. It may start from a
position (``start``), which the game reads as untrusted too. The uploader holds the whole
record, so any seat's view of it is theirs to see; anyone with a replay's link may too.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from duelhall.cli.session import ui_for
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record, replay_steps
from duelhall.core.state import GameState
from duelhall.core.untrusted import parse_document
from duelhall.web.agents import Job
from duelhall.web.narration import Narrator
from duelhall.web.refusals import Refused, not_found
from duelhall.web.snapshots import snapshot
from duelhall.web.store.repository import Repository
from duelhall.web.tokens import new_table_id

MAX_ACTIONS = 10_000  # far beyond any game's length; each step replays the record so far
CACHED = 64  # records read back recently, kept parsed


class Replays:
    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._cached: OrderedDict[str, Record] = OrderedDict()

    async def upload(self, raw: bytes) -> dict[str, Any]:
        """Check ``raw`` (a record's JSON) in full, keep it, and say how to step through it."""
        try:
            record = Record.from_json(parse_document(raw, "the record", DuelhallError))
            if len(record.actions) > MAX_ACTIONS:
                raise Refused(f"a record holds at most {MAX_ACTIONS:,} actions to be replayed")
            for _ in replay_steps(record):
                pass
            seats = get_game(record.game).seat_count(record.options)
            ui_for(record.game)
        except DuelhallError as e:
            raise Refused(str(e).splitlines()[0]) from None
        replay_id = new_table_id()
        await asyncio.to_thread(
            self.repository.add_replay, replay_id, record.game, record.to_json()
        )
        self._keep(replay_id, record)
        return {"id": replay_id, "game": record.game, "seats": seats, "steps": len(record.actions)}

    def _keep(self, replay_id: str, record: Record) -> None:
        self._cached[replay_id] = record
        self._cached.move_to_end(replay_id)
        while len(self._cached) > CACHED:
            self._cached.popitem(last=False)

    async def record(self, replay_id: str) -> Record:
        record = self._cached.get(replay_id)
        if record is not None:
            return record
        if not 4 <= len(replay_id) <= 32:
            raise not_found("such replay")
        kept = await asyncio.to_thread(self.repository.replay, replay_id)
        if kept is None:
            raise not_found("such replay")
        record = Record.from_json(kept)  # checked when uploaded: it reads back as it was
        self._keep(replay_id, record)
        return record

    async def state_at(self, replay_id: str, step: int, seat: int) -> tuple[Record, GameState]:
        """The replay's record and its state after ``step`` actions; ``seat`` must exist."""
        record = await self.record(replay_id)
        seats = get_game(record.game).seat_count(record.options)
        if not 0 <= step <= len(record.actions) or not 0 <= seat < seats:
            raise Refused(f"step is 0 to {len(record.actions)}, seat 0 to {seats - 1}")
        state = record.initial_state()
        for who, text in record.actions[:step]:
            state.apply(state.parse_action(text, who))
        return record, state

    async def hint_job(self, replay_id: str, step: int, seat: int) -> tuple[Job, GameState]:
        """The hint search's job for ``seat`` after ``step`` actions, and the state there."""
        record, state = await self.state_at(replay_id, step, seat)
        actions = tuple(record.actions[:step])
        job = Job(record.game, record.options, record.seed, actions, seat, start=record.start)
        return job, state

    async def step(self, replay_id: str, step: int, seat: int) -> dict[str, Any]:
        """The snapshot ``seat`` had after ``step`` actions, with its log so far."""
        record, _ = await self.state_at(replay_id, step, seat)
        info = get_game(record.game)
        state = record.initial_state()
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
        out["title"] = info.title
        out["simultaneous"] = len(state.to_move()) > 1
        return out

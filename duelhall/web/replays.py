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
from duelhall.web.refusals import Refused, not_found
from duelhall.web.replay_track import ReplayTrack
from duelhall.web.store.repository import Repository
from duelhall.web.tokens import new_table_id

# Far beyond any game's length; a request replays at most the whole record (ReplayTrack).
MAX_ACTIONS = 10_000
CACHED = 64  # records read back recently, kept parsed
TRACKS = 16  # seats' ways through replays, kept to step on from (each keeps its states)


class Replays:
    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._cached: OrderedDict[str, Record] = OrderedDict()
        self._tracks: OrderedDict[tuple[str, int], ReplayTrack] = OrderedDict()

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

    async def track(self, replay_id: str, step: int, seat: int) -> ReplayTrack:
        """``seat``'s track through the replay, once ``step`` is checked to be in it."""
        record = await self.record(replay_id)
        info = get_game(record.game)
        seats = info.seat_count(record.options)
        if not 0 <= step <= len(record.actions) or not 0 <= seat < seats:
            raise Refused(f"step is 0 to {len(record.actions)}, seat 0 to {seats - 1}")
        key = (replay_id, seat)
        track = self._tracks.get(key)
        if track is None:
            names = tuple(
                record.players[n][:40] if len(record.players) == seats else f"Player {n + 1}"
                for n in range(seats)
            )
            track = ReplayTrack(info, ui_for(record.game), record, seat, names)
            self._tracks[key] = track
        self._tracks.move_to_end(key)
        while len(self._tracks) > TRACKS:
            self._tracks.popitem(last=False)
        return track

    async def hint_job(self, replay_id: str, step: int, seat: int) -> tuple[Job, GameState]:
        """The hint search's job for ``seat`` after ``step`` actions, and the state there."""
        track = await self.track(replay_id, step, seat)
        record = track.record
        actions = tuple(record.actions[:step])
        job = Job(record.game, record.options, record.seed, actions, seat, start=record.start)
        return job, track.state_at(step)

    async def step(self, replay_id: str, step: int, seat: int) -> dict[str, Any]:
        """The snapshot ``seat`` had after ``step`` actions, with its log so far."""
        return (await self.track(replay_id, step, seat)).page(step)

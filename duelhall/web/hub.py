"""Every live table, and what changes them: new tables, invitations, moves, computers.

Runs on the event loop. Database calls go to one store thread and decisions to a worker
pool, so neither stalls the loop; each move is committed before the table takes it, so
nothing is acknowledged or broadcast that a crash could lose.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from duelhall.core.errors import DuelhallError
from duelhall.core.rng import fresh_seed
from duelhall.core.state import GameState
from duelhall.web import agents
from duelhall.web.lobby import NewTable
from duelhall.web.refusals import Refused, not_found
from duelhall.web.rematches import rematch_of
from duelhall.web.store.repository import MoveData, Repository, SeatData, TableData
from duelhall.web.tables import LiveTable, rematch_seat
from duelhall.web.tokens import matches, new_table_id, new_token, token_hash
from duelhall.web.views import plain

log = logging.getLogger("duelhall.web")
T = TypeVar("T")


class Hub:
    def __init__(
        self,
        repository: Repository,
        decider: Callable[[], Executor],
        *,
        store_threads: int = 1,
        seeds: Callable[[], int] = fresh_seed,
    ):
        """``decider`` makes the executor for decisions and hints (again, should a worker
        die and break it); ``seeds`` gives each new table its deal's seed."""
        self.repository = repository
        self._seeds = seeds
        self._make_decider = decider
        self.decider = decider()
        self._store = ThreadPoolExecutor(store_threads, thread_name_prefix="duelhall-store")
        self.tables: dict[str, LiveTable] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pending: list[tuple[MoveData, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def _stored(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._store, call, *args)

    # ------------------------------------------------------------------ lifetime

    async def start(self) -> None:
        """Resume every unfinished game by replaying its moves."""
        for data in await self._stored(lambda: list(self.repository.unfinished())):
            table = LiveTable.open(data)
            self.tables[table.id] = table
            self._run_computers(table)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.decider.shutdown(wait=True, cancel_futures=True)
        self._store.shutdown(wait=True)

    # ------------------------------------------------------------------ tables

    def release(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches; it is read again if asked for."""
        if table.state.is_over() and not table.listeners and not table.thinking:
            self.tables.pop(table.id, None)
            self._locks.pop(table.id, None)

    async def _decide(self, work: Callable[[agents.Job], T], job: agents.Job) -> T:
        """``work(job)`` in the worker pool; a pool broken by a dead worker is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.decider, work, job)
        except BrokenExecutor:
            log.error("a worker process died; starting new workers")
            self.decider.shutdown(wait=False, cancel_futures=True)
            self.decider = self._make_decider()
            return await loop.run_in_executor(self.decider, work, job)

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def table(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not 4 <= len(table_id) <= 32:
            raise not_found("such table")
        data = await self._stored(self.repository.load, table_id)
        if data is None:
            raise not_found("such table")
        async with self.lock(table_id):
            if table_id not in self.tables:
                self.tables[table_id] = LiveTable.open(data)
        return self.tables[table_id]

    async def create(self, new: NewTable, base: str = "") -> dict[str, Any]:
        table_id = new_table_id()
        seats, mine, invites = [], None, {}
        people = computers = 0
        # Several computers are told apart by seat, as people are ("Computer 3 (easy) wins",
        # not one of two "Computer (easy)"); a lone one keeps the short name.
        several = sum(choice.kind == "computer" for choice in new.seats) > 1
        for number, choice in enumerate(new.seats):
            if choice.kind == "computer":
                computers += 1
                who = f"Computer {number + 1}" if several else "Computer"
                seats.append(SeatData("computer", f"{who} ({choice.level})", choice.level))
                continue
            people += 1
            if choice.token_hash is not None:  # seated already by the token they hold
                seats.append(
                    SeatData("person", f"Player {number + 1}", token_hash=choice.token_hash)
                )
                continue
            secret = new_token()
            if choice.kind == "me":
                mine = (number, secret)
                seats.append(SeatData("person", f"Player {number + 1}", token_hash=secret))
            else:
                invites[number] = secret
                seats.append(SeatData("person", f"Player {number + 1}", invite_hash=secret))
        for seat, choice in zip(seats, new.seats, strict=True):  # only hashes reach the database
            if choice.token_hash is None:
                seat.token_hash = seat.token_hash and token_hash(seat.token_hash)
            seat.invite_hash = seat.invite_hash and token_hash(seat.invite_hash)
        data = TableData(table_id, new.game, new.options, self._seeds(), seats, hints=new.hints)
        await self._stored(self.repository.create, data)
        table = LiveTable.open(data)
        self.tables[table_id] = table
        self._run_computers(table)
        return {
            "id": table_id,
            "seat": None if mine is None else mine[0],
            "token": None if mine is None else mine[1],
            "invites": {str(s): f"{base}/t/{table_id}#invite={i}" for s, i in invites.items()},
            "watch": f"{base}/t/{table_id}" if table.watchable else None,
        }

    async def join(self, table_id: str, invite: str) -> dict[str, Any]:
        table = await self.table(table_id)
        for number, seat in enumerate(table.data.seats):
            if matches(invite, seat.invite_hash):
                token = new_token()
                hashed = token_hash(token)
                claimed = await self._stored(
                    self.repository.claim_invite, table_id, number, token_hash(invite), hashed
                )
                if claimed:
                    seat.invite_hash, seat.token_hash = None, hashed
                    table.changed()
                    return {"seat": number, "token": token}
        raise Refused("that invitation is not valid here, or was already used", 403)

    async def rematch(self, table_id: str, token: str, base: str = "") -> dict[str, Any]:
        """A new table with the same game and seats, turned by one; asked again (by anyone
        seated), the same one. Every other person is seated there by their own token."""
        table = await self.table(table_id)
        seat = table.seat_of(token)
        if not table.state.is_over():
            raise Refused("a rematch can start once this game is over", 409)
        async with self.lock(table_id):
            if table.data.rematch is None:
                made = await self.create(rematch_of(table.data, seat), base)
                await self._stored(self.repository.set_rematch, table_id, made["id"])
                table.offer_rematch(made["id"])
                return made
        # Their own token holds their seat there: nothing new to send.
        new_seat = rematch_seat(seat, len(table.data.seats))
        return {"id": table.data.rematch, "seat": new_seat, "token": None, "invites": {}}

    # ------------------------------------------------------------------ moves

    async def act(self, table: LiveTable, seat: int, seq: int | None, text: str) -> None:
        """Play ``text`` for ``seat``: checked, committed, then taken and broadcast."""
        async with self.lock(table.id):
            action, after = table.check(seat, seq, text)
            move = MoveData(table.id, table.seq + 1, seat, str(action), table.result(after))
            await self._commit(move)
            table.accept(seat, action, after)
        self._run_computers(table)

    async def _commit(self, move: MoveData) -> None:
        """Returns once ``move`` is committed. Moves that arrive while a commit is under way
        are committed together next, so a slow disk sync is shared, not queued for."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((move, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._stored(self.repository.add_moves, [move for move, _ in batch])
            except (SQLAlchemyError, OSError) as e:
                log.error("moves not saved: %s", str(e).splitlines()[0] if str(e) else e)
                for _, done in batch:
                    done.set_exception(Refused("the server could not save that; try again", 503))
                continue
            for _, done in batch:
                done.set_result(None)

    def _run_computers(self, table: LiveTable) -> None:
        for seat in table.computers():
            table.thinking.add(seat)
            task = asyncio.get_running_loop().create_task(self._computer(table, seat))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _computer(self, table: LiveTable, seat: int) -> None:
        """Decide and play for a computer seat for as long as it is to act."""
        try:
            while seat in table.state.to_move():
                job = self._job(table, seat, table.data.seats[seat].level or "medium")
                for text in await self._decide(agents.decide, job):
                    try:
                        await self.act(table, seat, None, text)
                    except Refused:
                        break  # the table changed while the computer thought: think again
        except (DuelhallError, OSError, RuntimeError) as e:
            log.error("computer seat %s at table %s stopped: %s", seat, table.id, e)
        finally:
            table.thinking.discard(seat)

    def _job(self, table: LiveTable, seat: int, level: str) -> agents.Job:
        data = table.data
        return agents.Job(data.game, data.options, data.seed, tuple(data.actions), seat, level)

    async def hint(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """The search's favourite moves for ``seat``, from its own view, as ``play --hint``."""
        table.allow_hint()
        seq = table.seq
        answer = await self.search_hint(self._job(table, seat, "hint"), table.state, table.ui)
        if table.seq != seq:
            raise Refused("the table moved on while the hint was searched; ask again", 409)
        return answer

    async def search_hint(self, job: agents.Job, state: GameState, ui: Any) -> dict[str, Any]:
        """A hint for ``job.seat`` at ``state`` (which ``job``'s record leads to)."""
        if job.seat not in state.to_move():
            raise Refused("a hint is for a seat that is to act; wait for your turn", 409)
        try:
            moves = await self._decide(agents.hint, job)
        except (DuelhallError, RuntimeError, OSError) as e:
            log.error("hint at seat %s failed: %s", job.seat, e)
            raise Refused("the hint search failed; try again", 503) from None
        view = state.view(job.seat)
        legal = {str(a): a for a in state.legal_actions(job.seat)}
        return {
            "type": "hint",
            "seq": len(job.actions),
            "moves": [
                {
                    "text": text,
                    "words": plain(ui.describe(legal[text], view, job.seat)),
                    "share": round(share, 3),
                    "value": round(value, 3),
                }
                for text, share, value in moves
                if text in legal
            ],
        }

"""One browser's WebSocket: its hello, its moves and hints, and what it is sent.

Messages out go through a queue drained by one sender task, so a slow browser delays only
itself; a change queues "send the latest snapshot" (once), built when it is sent.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from duelhall.web.hub import Hub
from duelhall.web.protocol import Act, Hello, Hint, RateLimit, read_message
from duelhall.web.refusals import Refused
from duelhall.web.tables import LiveTable
from duelhall.web.views import Audience

_SNAPSHOT = "snapshot"
log = logging.getLogger("duelhall.web")


class Connection:
    def __init__(self, socket: WebSocket, hub: Hub, limit: RateLimit) -> None:
        self.socket = socket
        self.hub = hub
        self.limit = limit
        self.table: LiveTable | None = None
        self.who: Audience = None
        self.greeted = False
        self._snapshot_due = False
        self._log_sent: int | None = None  # lines of the reader's log sent since the hello
        self.outbox: asyncio.Queue[str | dict[str, Any]] = asyncio.Queue()

    def changed(self) -> None:
        # One pending snapshot at most: it is built when sent, so it shows every change made
        # until then, and a browser that reads slowly is not sent a backlog.
        if not self._snapshot_due:
            self._snapshot_due = True
            self.outbox.put_nowait(_SNAPSHOT)

    def refuse(self, message: str) -> None:
        self.outbox.put_nowait({"type": "error", "message": message})

    async def run(self, table_id: str) -> None:
        await self.socket.accept()
        sender = asyncio.get_running_loop().create_task(self._send())
        try:
            try:
                self.table = await self.hub.table(table_id)
            except Refused as e:
                self.refuse(e.message)
                await self.outbox.join()
                await self.socket.close(code=4404)
                return
            while True:
                message = await self.socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                await self._handle(message.get("text", message.get("bytes")))
        except WebSocketDisconnect:
            return
        finally:
            if self.table is not None:
                self.table.listeners.discard(self.changed)
                self.hub.release(self.table)
            sender.cancel()

    async def _handle(self, raw: str | bytes | None) -> None:
        assert self.table is not None
        try:
            if not self.limit.allow():
                raise Refused("too many messages; slow down")
            message = read_message(raw)
            if isinstance(message, Hello):
                self._hello(self.table, message)
            elif not self.greeted:
                raise Refused('say {"type": "hello", "token": ...} with your seat\'s token first')
            elif self.who is None:
                raise Refused("spectators watch; open a seat's link to play or ask for hints")
            elif isinstance(message, Act):
                await self.hub.act(self.table, self.who, message.seq, message.action)
            elif isinstance(message, Hint):
                self.outbox.put_nowait(await self.hub.hint(self.table, self.who))
        except Refused as e:
            self.refuse(e.message)

    def _hello(self, table: LiveTable, hello: Hello) -> None:
        who = None if hello.token is None else table.seat_of(hello.token)
        if who is None:
            table.snapshot_text(None)  # refuses a game that cannot be watched
        self.who, self.greeted, self._log_sent = who, True, None
        table.listeners.add(self.changed)
        self.changed()

    async def _send(self) -> None:
        while True:
            item = await self.outbox.get()
            try:
                if item == _SNAPSHOT:
                    self._snapshot_due = False
                    if self.table is not None:
                        text, self._log_sent = self.table.message(self.who, self._log_sent)
                        await self.socket.send_text(text)
                else:
                    await self.socket.send_text(json.dumps(item))
            except (WebSocketDisconnect, RuntimeError, OSError):
                return
            except Exception:
                # A bug in drawing a snapshot: say so in the server's log, drop this browser.
                log.exception("cannot send to a browser at table %s", self.table and self.table.id)
                await self.socket.close(code=1011)
                return
            finally:
                self.outbox.task_done()

"""The real app on a free loopback port, in a thread of the test process (so a test can
also read the true state it holds, to know which cards must stay hidden)."""

from __future__ import annotations

import itertools
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn


@dataclass
class LiveServer:
    url: str
    app: Any

    def table(self, table_id: str) -> Any:
        """The live table (its true state included), for the test's eyes only."""
        return self.app.state.hub.tables[table_id]

    def stalled(self) -> str | None:
        """Why a game cannot go on (a computer must act and nobody asked it), or None."""
        for table in list(self.app.state.hub.tables.values()):
            if not table.state.is_over() and table.computers():
                seats = ", ".join(str(s + 1) for s in table.computers())
                return f"table {table.id}: computer seat {seats} must act and was not asked"
        return None


@contextmanager
def live_server(folder: Path) -> Iterator[LiveServer]:
    from duelhall.web.app import create_app

    # Deals 1, 2, 3...: each test plays the same deals every run, so a failure repeats.
    app = create_app(f"sqlite:///{folder / 'duelhall.db'}", seeds=itertools.count(1).__next__)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    # Listening before uvicorn starts: the browser's first requests wait in the backlog
    # until the app is up, so nothing has to poll for it.
    listener.listen(64)
    port = listener.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", ws="auto", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listener.close()

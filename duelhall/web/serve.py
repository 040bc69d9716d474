"""Running the app with uvicorn (``duelhall serve``)."""

from __future__ import annotations

import sys

import uvicorn

from duelhall.web.app import create_app
from duelhall.web.protocol import MAX_MESSAGE


def serve(host: str, port: int, db_url: str | None) -> None:
    app = create_app(db_url)  # opens and migrates the database first: errors come early
    print(f"duelhall: serving on http://{host}:{port}  (Ctrl-C to stop)", file=sys.stderr)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE * 4,  # larger frames are dropped before they are read
        # Compressing a snapshot (about 20 KB, to 3 KB) cost 0.6 ms of the server's CPU, a
        # third of what a move costs it: the server's time is the scarcer (benchmarks/README.md).
        ws_per_message_deflate=False,
        log_level="warning",
    )

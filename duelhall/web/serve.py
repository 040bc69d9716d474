"""Running the app with uvicorn (``duelhall serve``)."""

from __future__ import annotations

import errno
import socket
import sys

import uvicorn

from duelhall.core.errors import DuelhallError
from duelhall.web.app import create_app
from duelhall.web.protocol import MAX_MESSAGE


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, or one line saying why not: uvicorn would announce the
    server first and then fail with its own log line and exit code."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise DuelhallError(
            f"--host {host}: not an address of this machine ({e.strerror}); give one like "
            "127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
        ) from None
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    # As uvicorn does: a port left by a server that just stopped may be taken at once.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise DuelhallError(
                f"port {port} on {host} is in use (another duelhall serve?); choose another "
                "--port or stop the program using it"
            ) from None
        raise DuelhallError(
            f"cannot listen on {host}:{port} ({e.strerror}); give --host an address of this "
            "machine, like 127.0.0.1, and a free --port"
        ) from None
    return sock


def serve(host: str, port: int, db_url: str | None) -> None:
    app = create_app(db_url)  # opens and migrates the database first: errors come early
    sock = listening_socket(host, port)
    print(f"duelhall: serving on http://{host}:{port}  (Ctrl-C to stop)", file=sys.stderr)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE * 4,  # larger frames are dropped before they are read
        # Compressing a snapshot (about 20 KB, to 3 KB) cost 0.6 ms of the server's CPU, a
        # third of what a move costs it: the server's time is the scarcer (benchmarks/README.md).
        ws_per_message_deflate=False,
        log_level="warning",
    )
    with sock:
        uvicorn.Server(config).run(sockets=[sock])

"""The browser client with no server: its files served from the package, the HTTP API and
the table's WebSocket answered by the test (Playwright's routing, nothing on the network)."""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, WebSocketRoute

import duelhall

STATIC = Path(duelhall.__file__).parent / "web" / "static"
ORIGIN = "http://duelhall.test"

Snapshot = dict[str, Any]
Reply = Callable[[dict[str, Any]], Snapshot | dict[str, Any] | None]


class StubSite:
    """Serves the static client and fakes the server the way docs/web.md describes it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.api: dict[tuple[str, str], Callable[[Any], tuple[int, Any]]] = {}
        self.requests: list[tuple[str, str, Any]] = []
        self.sent: list[dict[str, Any]] = []  # what the page sent over WebSocket
        self.sockets: list[WebSocketRoute] = []
        self.snapshot: Snapshot | None = None
        self.on_act: Reply | None = None
        self.on_hello: Reply | None = None  # default: answer with self.snapshot
        page.route(f"{ORIGIN}/**", self._http)
        page.route_web_socket("ws://duelhall.test/ws/**", self._socket)

    # ---- HTTP ------------------------------------------------------------------

    def answer(self, method: str, path: str, reply: Callable[[Any], tuple[int, Any]]) -> None:
        self.api[(method, path)] = reply

    def _http(self, route: Route) -> None:
        request = route.request
        path = request.url.removeprefix(ORIGIN).split("#")[0].split("?")[0]
        body = request.post_data_json if request.method == "POST" else None
        self.requests.append((request.method, path, body))
        if (request.method, path) in self.api:
            status, data = self.api[(request.method, path)](body)
            route.fulfill(status=status, content_type="application/json", body=json.dumps(data))
            return
        file = self._file(path)
        if file is None:
            route.fulfill(status=404, body="not found")
            return
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        if file.suffix == ".js":
            kind = "text/javascript"
        route.fulfill(status=200, content_type=kind, body=file.read_bytes())

    def _file(self, path: str) -> Path | None:
        if path == "/":
            return STATIC / "index.html"
        if path.startswith("/t/"):
            return STATIC / "table.html"
        if path.startswith("/static/"):
            file = (STATIC / path.removeprefix("/static/")).resolve()
            if file.is_file() and STATIC.resolve() in file.parents:
                return file
        return None

    # ---- WebSocket -------------------------------------------------------------

    def _socket(self, socket: WebSocketRoute) -> None:
        self.sockets.append(socket)
        socket.on_message(lambda text: self._received(socket, text))

    def _received(self, socket: WebSocketRoute, text: str | bytes) -> None:
        message = json.loads(text)
        self.sent.append(message)
        if message.get("type") == "hello" and self.on_hello is not None:
            socket.send(json.dumps(self.on_hello(message)))
        elif message.get("type") == "hello" and self.snapshot is not None:
            socket.send(json.dumps(self.snapshot))
        elif message.get("type") == "act" and self.on_act is not None:
            reply = self.on_act(message)
            if reply is not None:
                if reply.get("type") == "snapshot":
                    self.snapshot = reply
                socket.send(json.dumps(reply))

    def push(self, snapshot: Snapshot) -> None:
        """A new snapshot, as the server sends after every change."""
        self.snapshot = snapshot
        self.sockets[-1].send(json.dumps(snapshot))

    def drop(self) -> None:
        """The connection falls, as when the server restarts."""
        self.sockets[-1].close()

    def hellos(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "hello"]

    def acts(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "act"]

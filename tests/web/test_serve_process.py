"""``duelhall serve`` as a real process: killed outright mid-game, restarted, nothing lost."""

from __future__ import annotations

import json
import os
import signal
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from tests.web.postgres import free_port
from tests.web.serving import server


def _snapshot(ws: Any) -> Any:
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "snapshot":
            return message


def test_killed_server_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    db, port = tmp_path / "tables.db", free_port()
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[str] = []
    with server(f"sqlite:///{db}", port) as process, ExitStack() as stack:
        seats = [{"kind": "me"}, {"kind": "friend"}]
        table = httpx.post(f"{base}/api/tables", json={"game": "deckduel", "seats": seats}).json()
        invite = table["invites"]["1"].split("#invite=")[1]
        friend = httpx.post(f"{base}/api/tables/{table['id']}/join", json={"invite": invite})
        tokens = [table["token"], friend.json()["token"]]
        url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}"
        sockets = [stack.enter_context(connect(url)) for _ in tokens]
        # The client offers compression; the server declines it (it costs more CPU than
        # the rest of sending a snapshot: benchmarks/README.md).
        assert sockets[0].response is not None
        assert "Sec-WebSocket-Extensions" not in sockets[0].response.headers
        snaps = []
        for ws, token in zip(sockets, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            snaps.append(_snapshot(ws))
        while len(acknowledged) < 8:
            seat = next(s for s in (0, 1) if snaps[s]["actions"])
            action = snaps[seat]["actions"][-1]["text"]
            seq = snaps[seat]["seq"]
            sockets[seat].send(json.dumps({"type": "act", "seq": seq, "action": action}))
            snaps = [_snapshot(ws) for ws in sockets]  # both hear of every move
            assert snaps[seat]["seq"] == seq + 1
            acknowledged.append(action)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    with server(f"sqlite:///{db}", port):
        record = httpx.get(f"{base}/api/tables/{table['id']}/record")
        assert record.status_code == 403  # unfinished: the record stays hidden
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
            assert _snapshot(ws)["seq"] == len(acknowledged)
    from duelhall.web.store.database import open_engine
    from duelhall.web.store.repository import Repository

    data = Repository(open_engine(f"sqlite:///{db}")).load(table["id"])
    assert data is not None and [text for _, text in data.actions] == acknowledged

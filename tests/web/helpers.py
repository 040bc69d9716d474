"""Small steps the web tests share: create a table, join it, greet a WebSocket."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

PEOPLE = [{"kind": "me"}, {"kind": "friend"}]


def create(client: TestClient, game: str = "toy-web", seats: Any = None, **extra: Any) -> Any:
    response = client.post("/api/tables", json={"game": game, "seats": seats or PEOPLE, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def invite_of(table: Any, seat: int = 1) -> str:
    return str(table["invites"][str(seat)].split("#invite=")[1])


def join(client: TestClient, table: Any, seat: int = 1) -> str:
    response = client.post(
        f"/api/tables/{table['id']}/join", json={"invite": invite_of(table, seat)}
    )
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def hello(ws: Any, token: str | None = None) -> Any:
    ws.send_json({"type": "hello"} if token is None else {"type": "hello", "token": token})
    return ws.receive_json()


def act(ws: Any, seq: int, action: str) -> Any:
    ws.send_json({"type": "act", "seq": seq, "action": action})
    return ws.receive_json()


def play_out(ws: Any, snap: Any) -> Any:
    """Play the first listed action whenever it is this seat's turn, to the end; a choice
    refused as stale (a computer moved meanwhile) is made again from the next snapshot."""
    while snap.get("type") == "error" or not snap["status"]["over"]:
        if snap["type"] == "snapshot" and snap["actions"]:
            ws.send_json({"type": "act", "seq": snap["seq"], "action": snap["actions"][0]["text"]})
        snap = ws.receive_json()
    return snap


def finished_record(client: TestClient) -> bytes:
    """The record of a toy game played to the end against a random computer."""
    table = create(client, seats=[{"kind": "me"}, {"kind": "computer", "level": "random"}])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        play_out(ws, hello(ws, table["token"]))
    return client.get(f"/api/tables/{table['id']}/record").content

"""Every accepted move is committed before it is acknowledged; a restarted server resumes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from duelhall.web.app import create_app
from duelhall.web.store.database import open_engine
from duelhall.web.store.repository import Repository
from tests.web.conftest import make_client
from tests.web.helpers import act, create, finished_record, hello, join, play_out
from tests.web.postgres import postgres_url  # noqa: F401  (a fixture)


def _half_game(client: TestClient) -> tuple[dict[str, str], str]:
    table = create(client)
    friend = join(client, table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"])
        act(ws, 0, "pick 3")
        hello(ws, friend)
        act(ws, 1, "pick 1")
        assert act(ws, 2, "pick 2")["seq"] == 3
    return table, friend


def test_restart_resumes_every_unfinished_game(db: Path) -> None:
    with make_client(db) as client:
        table, friend = _half_game(client)
    with make_client(db) as client, client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        mine = hello(ws, table["token"])
        assert mine["seq"] == 3
        assert mine["log"] == [
            "You: pick 3",
            "Player 2: pick 1",
            "   round: 3 against 1, points [1, 0]",
        ]
        assert [a["text"] for a in mine["actions"]] == ["pick 1", "pick 2"]
        theirs = hello(ws, friend)  # the claimed seat is still the friend's
        assert theirs["seat"] == 1 and theirs["actions"] == []


def test_only_hashes_of_tokens_are_stored(db: Path) -> None:
    with make_client(db) as client:
        table, friend = _half_game(client)
    raw = b"".join(f.read_bytes() for f in db.parent.glob(db.name + "*"))
    assert table["id"].encode() in raw
    assert table["token"].encode() not in raw and friend.encode() not in raw


def test_a_computer_resumes_its_turn_after_a_restart(db: Path) -> None:
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    with make_client(db) as client:
        table = create(client, seats=seats)
    data = Repository(open_engine(f"sqlite:///{db}")).load(table["id"])
    assert data is not None and len(data.actions) <= 1
    with make_client(db) as client, client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        final = play_out(ws, hello(ws, table["token"]))
        assert final["status"]["over"] and final["seq"] == 6


def test_postgresql_keeps_and_resumes_games(postgres_url: str) -> None:  # noqa: F811
    def client() -> TestClient:
        return TestClient(create_app(postgres_url, decider=lambda: ThreadPoolExecutor(1)))

    with client() as c:
        table, _friend = _half_game(c)
        replay = c.post("/api/replays", content=finished_record(c)).json()["id"]
    with client() as c, c.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["seq"] == 3
        assert c.get(f"/api/replays/{replay}", params={"step": 6}).json()["status"]["over"]
    assert Repository(open_engine(postgres_url)).load(table["id"]) is not None

"""Hints from the seat's own view, and uploaded records stepped through from any seat."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.web.helpers import create, finished_record, hello


def test_a_hint_lists_the_searchs_favourite_legal_moves(client: TestClient) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        snap = hello(ws, table["token"])
        ws.send_json({"type": "hint"})
        answer = ws.receive_json()
    assert answer["type"] == "hint" and answer["seq"] == 0
    legal = {a["text"] for a in snap["actions"]}
    assert answer["moves"] and {m["text"] for m in answer["moves"]} <= legal
    assert all(0 <= m["share"] <= 1 and 0 <= m["value"] <= 1 for m in answer["moves"])


def test_an_uploaded_record_replays_from_each_seat(client: TestClient) -> None:
    uploaded = client.post("/api/replays", content=finished_record(client)).json()
    assert uploaded["steps"] == 6 and uploaded["seats"] == 2
    url = f"/api/replays/{uploaded['id']}"
    start = client.get(url, params={"step": 0, "seat": 1}).json()
    assert start["seq"] == 0 and start["log"] == [] and start["actions"] == []
    end = client.get(url, params={"step": 6, "seat": 0}).json()
    assert end["status"]["over"] and end["result"].startswith("final points")
    assert sum(line.startswith("   round:") for line in end["log"]) == 3
    # A replay is watched by anyone: seats keep their recorded names, none is "You".
    assert any(x.startswith("Player 1: ") for x in end["log"])
    assert not any("You" in x for x in end["log"])
    hint = client.get(f"{url}/hint", params={"step": 2, "seat": 1}).json()
    assert hint["type"] == "hint" and hint["seq"] == 2 and hint["moves"]
    over = client.get(f"{url}/hint", params={"step": 6, "seat": 1})
    assert over.status_code == 409 and "wait for your turn" in over.json()["error"]
    wrong = client.get(url, params={"step": 7, "seat": 0})
    assert wrong.status_code == 400 and "step is 0 to 6" in wrong.json()["error"]


def test_bad_records_are_refused_with_one_line(client: TestClient) -> None:
    record = json.loads(finished_record(client))
    record["actions"][0]["action"] = "pick 9"
    bad = client.post("/api/replays", content=json.dumps(record).encode())
    assert bad.status_code == 400 and "action 1" in bad.json()["error"]
    for junk in (b"\xff\xfe", b"[]", b'{"format": "duelhall-record", "version": 99}'):
        answer = client.post("/api/replays", content=junk)
        assert answer.status_code == 400 and "\n" not in answer.json()["error"]
    assert client.get("/api/replays/nothing").status_code == 404

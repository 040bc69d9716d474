"""What players asked for around the board: limits on costly requests, replays that last,
rematches offered to the other player, and the snapshot's title, seats, hints and
simultaneous flag."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.web.throttle import AddressLimit, TooMany
from tests.web.conftest import make_client
from tests.web.helpers import PEOPLE, create, finished_record, hello, join


def test_an_address_making_tables_too_fast_is_told_when_to_retry(db: Path) -> None:
    with make_client(db, http_rate=(2, 0.01)) as client:
        create(client)
        table = create(client)
        refused = client.post("/api/tables", json={"game": "toy-web", "seats": PEOPLE})
        assert refused.status_code == 429
        wait = refused.headers["retry-after"]
        assert refused.json() == {
            "error": f"too many new tables from your address; try again in {wait} s"
        }
        assert 90 <= int(wait) <= 100
        # Joins are counted apart: the friend's join still works.
        join(client, table)
        assert client.post("/api/replays", content=b"{}").status_code == 400
        assert client.post("/api/replays", content=b"{}").status_code == 429


def test_the_wait_is_until_the_address_may_ask_again() -> None:
    now = [0.0]
    limit = AddressLimit("joins", 2, 0.5, clock=lambda: now[0])
    limit.check("a")
    limit.check("a")
    limit.check("b")  # each address has its own allowance
    with pytest.raises(TooMany) as refused:
        limit.check("a")
    assert refused.value.retry_after == 2 and refused.value.status == 429
    now[0] = 1.5
    with pytest.raises(TooMany) as refused:
        limit.check("a")
    assert refused.value.retry_after == 1
    now[0] = 2.0
    limit.check("a")


def test_an_uploaded_replay_outlives_a_restart(db: Path) -> None:
    with make_client(db) as client:
        uploaded = client.post("/api/replays", content=finished_record(client)).json()
        before = client.get(f"/api/replays/{uploaded['id']}", params={"step": 6}).json()
    with make_client(db) as client:
        after = client.get(f"/api/replays/{uploaded['id']}", params={"step": 6}).json()
    assert after == before and after["status"]["over"]


def _from_a_position(seed: int = 7) -> Record:
    """A Deck Duel game that starts from a position ten actions in, played on at random."""
    info = get_game("deckduel")
    rng = random.Random(seed)
    state = info.new_state(seed, info.resolve_options())
    for _ in range(10):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    start = state.to_position()
    state = info.load_position(start)  # what a replay starts from
    actions = []
    for _ in range(8):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        actions.append((seat, str(action)))
        state.apply(action)
    return Record("deckduel", seed, dict(state.options), actions, start=start)


def test_a_record_that_starts_from_a_position_is_replayed(client: TestClient) -> None:
    record = _from_a_position()
    uploaded = client.post("/api/replays", content=json.dumps(record.to_json())).json()
    assert uploaded["steps"] == 8 and uploaded["game"] == "deckduel"
    url = f"/api/replays/{uploaded['id']}"
    first = client.get(url, params={"step": 0, "seat": 1}).json()
    last = client.get(url, params={"step": 8, "seat": 1}).json()
    assert first["log"] == [] and len(last["log"]) > 0 and first["board"] != last["board"]
    assert last["title"] == "Deck Duel Basic"


def test_untrusted_replays_are_refused_in_one_line(client: TestClient) -> None:
    record = _from_a_position().to_json()
    record["start"] = {"game": "deckduel", "nonsense": True}
    bad = client.post("/api/replays", content=json.dumps(record))
    assert bad.status_code == 400 and "\n" not in bad.json()["error"]
    long = {**record, "start": None, "actions": [{"seat": 0, "action": "x"}] * 10_001}
    del long["start"]
    too_long = client.post("/api/replays", content=json.dumps(long))
    assert too_long.json() == {"error": "a record holds at most 10,000 actions to be replayed"}
    huge = client.post("/api/replays", content=b" " * (5 * 1024 * 1024 + 1))
    assert huge.status_code == 413


def _finish(client: TestClient, table_id: str, tokens: tuple[str, ...]) -> None:
    """Both seats play their first listed choice until the game is over."""
    while True:
        for token in tokens:
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                snap = hello(ws, token)
                if snap["status"]["over"]:
                    return
                if snap["actions"]:
                    ws.send_json(
                        {"type": "act", "seq": snap["seq"], "action": snap["actions"][0]["text"]}
                    )
                    ws.receive_json()


def test_the_other_player_is_offered_the_rematch_and_takes_it(client: TestClient) -> None:
    table = create(client)
    friend = join(client, table)
    _finish(client, table["id"], (table["token"], friend))
    with (
        client.websocket_connect(f"/ws/tables/{table['id']}") as mine,
        client.websocket_connect(f"/ws/tables/{table['id']}") as theirs,
    ):
        assert "rematch" not in hello(mine, table["token"])
        assert hello(theirs, friend)["status"]["over"]
        asked = client.post(f"/api/tables/{table['id']}/rematch", json={"token": table["token"]})
        made = asked.json()
        assert made["invites"] == {} and made["seat"] == 1  # seats turn by one
        offered = theirs.receive_json()  # told in their own snapshot, and only there
        assert offered["rematch"] == {"table": made["id"], "seat": 0}
        assert mine.receive_json()["rematch"] == {"table": made["id"], "seat": 1}
    with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        assert "rematch" not in hello(watcher)  # spectators are offered nothing
    # Their own token holds their new seat: nobody else was sent anything for it.
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        assert hello(ws, friend)["seat"] == 0 and hello(ws, table["token"]) == {
            "type": "error",
            "message": "that token holds no seat at this table; open your own link",
        }
    # Asked again, by either player: the same table (and no token, they hold theirs).
    again = client.post(f"/api/tables/{table['id']}/rematch", json={"token": friend}).json()
    assert again == {"id": made["id"], "seat": 0, "token": None, "invites": {}}


def test_a_rematch_offer_survives_a_restart(db: Path) -> None:
    with make_client(db) as client:
        table = create(client)
        friend = join(client, table)
        _finish(client, table["id"], (table["token"], friend))
        made = client.post(f"/api/tables/{table['id']}/rematch", json={"token": friend}).json()
    with make_client(db) as client, client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["rematch"] == {"table": made["id"], "seat": 1}


def test_the_snapshot_names_the_table_its_seats_and_the_secret_choice(client: TestClient) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        snap = hello(ws, table["token"])
        assert snap["title"] == "Toy high card on the web" and snap["hints"] is True
        assert [s["taken"] for s in snap["seats"]] == [True, False]
        assert snap["simultaneous"] is True  # both seats choose in secret
        join(client, table)
        ws.send_json({"type": "hello", "token": table["token"]})
        assert [s["taken"] for s in ws.receive_json()["seats"]] == [True, True]


def test_a_table_made_without_hints_gives_none(client: TestClient) -> None:
    table = create(client, hints=False)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["hints"] is False
        ws.send_json({"type": "hint"})
        assert ws.receive_json() == {
            "type": "error",
            "message": "this table was created without hints",
        }
    bad = client.post("/api/tables", json={"game": "toy-web", "seats": PEOPLE, "hints": "no"})
    assert bad.status_code == 400 and '"hints" is true or false' in bad.json()["error"]

"""The HTTP and WebSocket API: what it serves, and every refusal, which changes nothing."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import make_client
from tests.web.helpers import act, create, hello, invite_of, join, play_out


def test_games_are_listed_with_their_options_and_levels(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"duel52", "deckduel", "highlander", "duelfighters", "toy-web"} <= set(games)
    duel52 = games["duel52"]
    assert duel52["levels"] == ["easy", "medium", "hard"]
    assert any(o["name"] == "players" for o in duel52["options"])
    assert games["toy-web"]["board"] is True and games["toy-web"]["watchable"] is True


def test_security_headers_forbid_inline_script(client: TestClient) -> None:
    response = client.get("/api/games")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_board_stylesheet_comes_from_the_hook(client: TestClient) -> None:
    response = client.get("/games/toy-web/board.css")
    assert response.status_code == 200 and ".toy" in response.text
    assert response.headers["content-type"].startswith("text/css")
    assert client.get("/games/nope/board.css").json() == {"error": "no such game; check the link"}


def test_a_friend_joins_once_and_both_seats_play(client: TestClient) -> None:
    table = create(client)
    friend = join(client, table)
    again = client.post(f"/api/tables/{table['id']}/join", json={"invite": invite_of(table)})
    assert again.status_code == 403 and "already used" in again.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["seat"] == 0
        assert act(ws, 0, "pick 3")["seq"] == 1
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        snap = hello(ws, friend)
        assert snap["seat"] == 1 and [a["text"] for a in snap["actions"]][-1] == "pick 3"
        after = act(ws, 1, "pick 1")
        assert after["log"] == [  # a seat reads its own moves as the terminal tells them
            "Player 1: pick 3",
            "You: pick 1",
            "   round: 3 against 1, points [1, 0]",
        ]


def test_several_computers_are_told_apart_by_seat(client: TestClient) -> None:
    """Two against two with three computers of one level: each has a name of its own, so
    the log and the result say which one ("Computer 3 (random) wins" was "Computer
    (random) & Computer (random) win"); a lone computer keeps the short name."""
    computer = {"kind": "computer", "level": "random"}
    table = create(
        client, "duel52", [{"kind": "me"}, computer, computer, computer], options={"players": 4}
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        names = hello(ws, table["token"])["names"]
    assert names == [
        "Player 1",
        "Computer 2 (random)",
        "Computer 3 (random)",
        "Computer 4 (random)",
    ]
    table = create(client, "duel52", [{"kind": "me"}, computer])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["names"] == ["Player 1", "Computer (random)"]


def test_a_secret_choice_is_not_told_until_both_are_in(client: TestClient) -> None:
    table = create(client)
    friend = join(client, table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as me:
        hello(me, table["token"])
        mine = act(me, 0, "pick 3")
    assert mine["log"] == [] and mine["actions"] == [] and mine["status"]["to_move"] == [1]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        theirs = hello(ws, friend)
        spectator = hello(ws)
    assert theirs["log"] == [] and "3" not in json.dumps(theirs["board"]).split("points")[0]
    assert spectator["log"] == [] and spectator["actions"] == []


def test_a_secret_choice_holds_though_the_other_seat_chose_meanwhile(client: TestClient) -> None:
    table = create(client)
    friend = join(client, table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"])
        act(ws, 0, "pick 3")
        hello(ws, friend)
        assert act(ws, 0, "pick 1")["seq"] == 2  # chosen on snapshot 0, in the same round
        hello(ws, table["token"])
        assert act(ws, 2, "pick 2")["seq"] == 3
        hello(ws, friend)
        assert act(ws, 2, "pick 2")["seq"] == 4
        hello(ws, table["token"])
        late = act(ws, 3, "pick 1")  # snapshot 3 was before this round began
        assert late["type"] == "error" and "snapshot 3" in late["message"]


REFUSALS = [
    ({"type": "hello", "token": "not-a-token"}, "that token holds no seat"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", 'a JSON object with a "type"'),
    ({"type": "dance"}, "unknown message type"),
    ({"type": "act", "seq": "zero", "action": "pick 1"}, '"seq" is the number'),
    ({"type": "act", "seq": 0, "action": 5}, '"action" is the text'),
    ({"type": "act", "seq": 0, "action": "pick 1"}, "hello"),
    ("x" * 5000, "message too long"),
]


@pytest.mark.parametrize(("message", "error"), REFUSALS)
def test_bad_messages_are_refused_and_change_nothing(
    client: TestClient, message: object, error: str
) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        if isinstance(message, str):
            ws.send_text(message)
        else:
            ws.send_json(message)
        answer = ws.receive_json()
        assert answer["type"] == "error" and error in answer["message"], answer
        assert "\n" not in answer["message"]
        assert hello(ws, table["token"])["seq"] == 0


@pytest.mark.parametrize(
    ("seq", "action", "token_of", "error"),
    [
        (0, "pick 4", "me", "not one of your legal actions"),
        (7, "pick 1", "me", "snapshot 7"),
        (1, "pick 1", "me", "not your turn"),  # after the first pick, only the friend is to act
        (1, "pick 1", "spectator", "spectators watch"),
    ],
)
def test_moves_refused(
    client: TestClient, seq: int, action: str, token_of: str, error: str
) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"])
        if seq == 1:
            act(ws, 0, "pick 2")
        if token_of == "spectator":
            hello(ws)
        answer = act(ws, seq, action)
        assert answer["type"] == "error" and error in answer["message"], answer
        assert hello(ws, table["token"])["seq"] == (1 if seq == 1 else 0)


def test_a_burst_of_messages_is_slowed(db: object) -> None:
    with make_client(db, rate=(3, 0)) as client:  # type: ignore[arg-type]
        table = create(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            for _ in range(3):
                hello(ws, table["token"])
            ws.send_json({"type": "hello"})
            assert ws.receive_json() == {"type": "error", "message": "too many messages; slow down"}


def test_unknown_table_over_websocket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        assert ws.receive_json() == {"type": "error", "message": "no such table; check the link"}


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"game": "chess", "seats": []}, 400, "unknown game"),
        ({"game": "toy-web", "seats": [{"kind": "me"}]}, 400, "has 2 seats"),
        ({"game": "toy-web", "seats": [{"kind": "me"}, {"kind": "me"}]}, 400, "at most one"),
        ({"game": "toy-web", "seats": [{"kind": "me"}, {"kind": "robot"}]}, 400, "each seat"),
        ({"game": "duel52", "options": {"nope": 1}, "seats": []}, 400, "has no option 'nope'"),
        ({"game": "duel52", "variant": "nope", "seats": []}, 400, "no variant"),
        (
            {"game": "toy-web", "seats": [{"kind": "me"}, {"kind": "computer", "level": "god"}]},
            400,
            "level is one of",
        ),
    ],
)
def test_bad_tables_are_refused(client: TestClient, body: object, status: int, error: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status and error in response.json()["error"], response.text


def test_bad_bodies_are_refused(client: TestClient) -> None:
    malformed = client.post("/api/tables", content=b"{nope")
    assert malformed.status_code == 400 and "not valid JSON" in malformed.json()["error"]
    huge = client.post("/api/tables", content=b" " * 20_000)
    assert huge.status_code == 413 and "too large" in huge.json()["error"]
    assert client.post("/api/tables/nosuch/join", json={"invite": "x"}).status_code == 404
    table = create(client)
    wrong = client.post(f"/api/tables/{table['id']}/join", json={"invite": "guess"})
    assert wrong.status_code == 403
    assert client.post(f"/api/tables/{table['id']}/join", json={}).status_code == 400
    assert client.get("/t/nosuchtable").status_code == 404
    assert client.get("/nowhere").json() == {"error": "no such page"}


def test_record_only_once_the_game_is_over(client: TestClient) -> None:
    table = create(client, seats=[{"kind": "me"}, {"kind": "computer", "level": "random"}])
    url = f"/api/tables/{table['id']}/record"
    refused = client.get(url)
    assert refused.status_code == 403 and "once the game is over" in refused.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        snap = play_out(ws, hello(ws, table["token"]))
        assert snap["result"].startswith("final points")
    record = client.get(url).json()
    assert record["format"] == "duelhall-record" and len(record["actions"]) == 6
    rematch = client.post(f"/api/tables/{table['id']}/rematch", json={"token": table["token"]})
    assert rematch.status_code == 200 and rematch.json()["seat"] == 1
    bad = client.post(f"/api/tables/{table['id']}/rematch", json={"token": "x"})
    assert bad.status_code == 403


def test_each_new_table_takes_its_deal_from_the_apps_seed_source(db: object) -> None:
    # A browser test's fixed sequence: the same deals every run.
    with make_client(db, seeds=iter([11, 22]).__next__) as fixed:  # type: ignore[arg-type]
        tables = [create(fixed)["id"] for _ in range(2)]
        assert [fixed.app.state.hub.tables[t].data.seed for t in tables] == [11, 22]


def test_by_default_deals_are_unforeseeable(client: TestClient) -> None:
    tables = [create(client)["id"] for _ in range(2)]
    seeds = [client.app.state.hub.tables[t].data.seed for t in tables]
    assert seeds[0] != seeds[1] and max(seeds) > 2**40  # wide, not a counter

"""A connection is sent only the log lines it has not had; a new connection gets them all.

The client appends lines whose ``log_from`` is the number of lines it holds, and starts
again from any other ``log_from``: so the lines a connection receives, put together that
way, must always be the reader's whole log (up to ``LOG_LINES``).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from duelhall.web.snapshots import LOG_LINES, with_log
from tests.web.helpers import act, create, hello, join

BODY = json.dumps({"type": "snapshot", "seq": 3})


def _sent(body: str, log: list[str], sent: int | None) -> tuple[dict[str, Any], int]:
    text, now = with_log(body, log, sent)
    return json.loads(text), now


def _shown(held: list[str], message: dict[str, Any]) -> list[str]:
    """What the client shows after ``message`` (the rule of table.js's drawLog)."""
    if message["log_from"] == len(held):
        return [*held, *message["log"]]
    return list(message["log"])


def test_a_first_message_carries_the_whole_log_and_later_ones_only_what_is_new() -> None:
    log = ["a", "b", "c"]
    first, sent = _sent(BODY, log, None)
    assert first == {"type": "snapshot", "seq": 3, "log_from": 0, "log": ["a", "b", "c"]}
    assert sent == 3
    log += ["d", "e"]
    later, sent = _sent(BODY, log, sent)
    assert (later["log_from"], later["log"], sent) == (3, ["d", "e"], 5)
    nothing, sent = _sent(BODY, log, sent)
    assert (nothing["log_from"], nothing["log"], sent) == (5, [], 5)


def test_a_long_log_is_sent_from_its_latest_lines_and_a_large_gap_starts_again() -> None:
    log = [f"line {n}" for n in range(LOG_LINES + 50)]
    first, sent = _sent(BODY, log, None)
    assert first["log_from"] == 50 and first["log"] == log[50:] and sent == len(log)
    behind = len(log)
    log += [f"more {n}" for n in range(LOG_LINES + 1)]
    caught_up, _ = _sent(BODY, log, behind)
    assert caught_up["log_from"] == len(log) - LOG_LINES
    assert caught_up["log"] == log[-LOG_LINES:]
    assert _shown(log[:behind], caught_up) == log[-LOG_LINES:]  # not appended: a restart


def _whole_log(client: TestClient, table: str, token: str | None) -> list[str]:
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        snap = hello(ws, token)
    assert snap["log_from"] == 0
    return list(snap["log"])


def test_a_seat_is_sent_each_line_once_and_what_it_puts_together_is_its_log(
    client: TestClient,
) -> None:
    table = create(client)
    friend = join(client, table)
    with (
        client.websocket_connect(f"/ws/tables/{table['id']}") as mine,
        client.websocket_connect(f"/ws/tables/{table['id']}") as theirs,
    ):
        held = {0: _shown([], hello(mine, table["token"])), 1: _shown([], hello(theirs, friend))}
        deltas = []
        for me, them in (("pick 3", "pick 1"), ("pick 1", "pick 2"), ("pick 2", "pick 3")):
            held[0] = _shown(held[0], act(mine, mine_seq := len(deltas) * 2, me))
            held[1] = _shown(held[1], theirs.receive_json())  # told that seat 0 chose
            answer = act(theirs, mine_seq + 1, them)
            deltas.append(answer)
            held[1] = _shown(held[1], answer)
            held[0] = _shown(held[0], mine.receive_json())
    assert all(d["log_from"] > 0 or d is deltas[0] for d in deltas)
    assert all(len(d["log"]) < len(held[1]) for d in deltas[1:])  # only the new lines
    assert held[0] == _whole_log(client, table["id"], table["token"])
    assert held[1] == _whole_log(client, table["id"], friend)
    assert held[0] != held[1]  # each seat reads its own log: "You" is itself
    assert "You: pick 1" in held[1] and "Player 2: pick 1" in held[0]


def test_a_reconnecting_seat_catches_up_on_the_whole_log(client: TestClient) -> None:
    table = create(client)
    friend = join(client, table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, table["token"])
        act(ws, 0, "pick 3")
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        hello(ws, friend)
        act(ws, 1, "pick 1")  # the first seat is away: its lines wait for it
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        back = hello(ws, table["token"])
        assert back["log_from"] == 0
        assert back["log"] == [
            "You: pick 3",
            "Player 2: pick 1",
            "   round: 3 against 1, points [1, 0]",
        ]
        again = hello(ws, table["token"])  # a hello again on the same connection: all again
        assert again["log_from"] == 0 and again["log"] == back["log"]

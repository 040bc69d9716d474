"""Stepping through an uploaded record: every page is the one replaying from the start gives,
in any order of steps and seats, and a step costs about one action, not the record so far."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhall.cli.session import ui_for
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.rng import Rng
from duelhall.sim.match import play_match
from duelhall.web.narration import Narrator
from duelhall.web.snapshots import snapshot

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("duel52", {}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True}),
    ("deckduel", {}),  # simultaneous secret choices, told late
    ("highlander", {}),
    ("duelfighters", {"turn_limit": 3}),
]


def _record(game: str, options: dict[str, Any], seed: int = 5) -> Record:
    info = get_game(game)
    specs = ["random"] * info.seat_count(options)
    record = play_match(info, specs, seed, options).record
    record.players = [f"Ann {n}" for n in range(len(specs))]
    return record


def pages_from_the_start(record: Record, seat: int) -> Iterator[dict[str, Any]]:
    """Each step's page as the server built it by replaying the record from the start: the
    same loop, run once, yields what each of those replays ended with."""
    info = get_game(record.game)
    ui = ui_for(record.game)
    names = tuple(record.players)
    state = record.initial_state()
    narrator = Narrator(ui, names, (seat,), you=False)
    views = narrator.views(state)
    for step in range(len(record.actions) + 1):
        out = snapshot(
            info, ui, state, seat, names, seq=step, log=narrator.logs[seat],
            view=views[seat], you=False,
        )  # fmt: skip
        out["actions"] = []
        out["steps"] = len(record.actions)
        out["title"] = info.title
        out["simultaneous"] = len(state.to_move()) > 1
        yield out
        if step == len(record.actions):
            return
        who, text = record.actions[step]
        action = state.parse_action(text, who)
        after = state.clone()
        after.apply(action)
        seen = narrator.views(after)
        narrator.tell(state.to_move(), who, action, views, seen, after.is_over())
        state, views = after, seen


def _upload(client: TestClient, record: Record) -> str:
    answer = client.post("/api/replays", content=json.dumps(record.to_json()).encode())
    assert answer.status_code == 200, answer.text
    return str(answer.json()["id"])


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_step_in_any_order_is_the_page_from_the_start(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    record = _record(game, options)
    replay_id = _upload(client, record)
    steps = len(record.actions)
    assert steps > 40, "a whole game, long enough to pass a checkpoint"
    rng = Rng(len(game))
    for seat in range(get_game(game).seat_count(options)):
        expected = list(pages_from_the_start(record, seat))
        # Jumps either way first (the end among them), then one by one back to the start.
        order = [rng.below(steps + 1) for _ in range(12)] + [steps]
        order += list(range(steps, -1, -1))
        for step in order:
            page = client.get(f"/api/replays/{replay_id}", params={"step": step, "seat": seat})
            assert page.json() == expected[step], (seat, step)


class _Counted:
    """Counts the actions the record's states apply and the actions the replays tell."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, record: Record) -> None:
        self.applied = self.told = 0
        kind = type(record.initial_state())
        apply, tell = kind.apply, Narrator.tell

        def counted_apply(state: Any, action: Any) -> None:
            self.applied += 1
            apply(state, action)

        def counted_tell(narrator: Narrator, *args: Any) -> None:
            self.told += 1
            tell(narrator, *args)

        monkeypatch.setattr(kind, "apply", counted_apply)
        monkeypatch.setattr(Narrator, "tell", counted_tell)

    def since(self) -> tuple[int, int]:
        done = (self.applied, self.told)
        self.applied = self.told = 0
        return done


def test_stepping_through_a_record_tells_each_action_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forward and back through a whole game: each action told once, each step back
    replaying fewer than a checkpoint's actions, never the record so far (which made
    stepping through a long record quadratic)."""
    record = _record("duel52", {})
    replay_id = _upload(client, record)
    steps = len(record.actions)
    assert steps > 100
    count = _Counted(monkeypatch, record)
    url = f"/api/replays/{replay_id}"
    most = 0
    for step in [*range(steps + 1), *range(steps, -1, -1)]:
        assert client.get(url, params={"step": step, "seat": 1}).status_code == 200
        applied, _ = count.since()
        most = max(most, applied)
    assert most <= 32
    count.told = 0
    for step in range(steps + 1):  # again: nothing left to tell
        client.get(url, params={"step": step, "seat": 1})
    assert count.told == 0


def test_a_request_does_at_most_the_whole_record(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap on a record's length still bounds each request: the first look at the end
    replays the record once, and looking again at the start replays nothing."""
    record = _record("duel52", {})
    replay_id = _upload(client, record)
    count = _Counted(monkeypatch, record)
    url = f"/api/replays/{replay_id}"
    client.get(url, params={"step": len(record.actions), "seat": 0})
    assert count.since() == (len(record.actions), len(record.actions))
    client.get(url, params={"step": 0, "seat": 0})
    assert count.since() == (0, 0)

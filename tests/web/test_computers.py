"""Computer seats decide in worker processes, from their own view, and the game goes on."""

from __future__ import annotations

import io
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhall.core.game import get_game
from duelhall.games.duel52.fast import core
from duelhall.games.duelfighters import HARD_REPEATABLE
from duelhall.web.agents import Job, decide, engine_here, process_pool
from duelhall.web.app import create_app
from tests.web.conftest import make_client  # noqa: F401  (registers the toy games)
from tests.web.helpers import create, hello, play_out


def test_computers_play_in_worker_processes(db: Path) -> None:
    with TestClient(create_app(f"sqlite:///{db}")) as client:  # the real process pool
        seats = [{"kind": "me"}, {"kind": "computer", "level": "easy"}]
        table = create(client, game="duel52", seats=seats)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            snap = hello(ws, table["token"])
            by_computer = 0
            while by_computer < 3 and not (snap["type"] == "snapshot" and snap["status"]["over"]):
                if snap["type"] == "snapshot" and snap["actions"]:
                    action = snap["actions"][0]["text"]
                    ws.send_json({"type": "act", "seq": snap["seq"], "action": action})
                snap = ws.receive_json()
                if snap["type"] == "snapshot":  # each snapshot brings the lines not yet sent
                    by_computer += sum(line.startswith("Computer (easy):") for line in snap["log"])
    assert by_computer >= 3


def test_workers_decide_on_the_fast_engine_where_it_is_built(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with redirect_stderr(io.StringIO()):
        built = core() is not None  # in this process, from this checkout
    with process_pool(1) as pool:
        assert pool.submit(engine_here).result() == (
            ("auto", True) if built else ("reference", False)
        )
        state = get_game("duel52").new_state(99, {})
        seat = state.to_move()[0]
        job = Job("duel52", {}, 99, (), seat, "easy")
        assert pool.submit(decide, job).result()[0] in {str(a) for a in state.legal_actions(seat)}
    assert "fast Duel 52 engine" not in capfd.readouterr().err  # quiet either way


def test_a_decision_is_the_same_for_the_same_table_and_differs_by_move() -> None:
    job = Job("deckduel", {}, 12345, (), 1, "random")
    assert decide(job) == decide(job)
    picks = {decide(Job("deckduel", {}, seed, (), 1, "random"))[0] for seed in range(12)}
    assert len(picks) > 1


def test_a_computer_that_chose_a_whole_programme_answers_with_all_of_it() -> None:
    """Duel Fighters' hard level weighs whole programmes: the worker, which keeps no agent
    between jobs, answers with the chosen programme's markers, each legal in its turn."""
    info = get_game("duelfighters")
    state = info.new_state(3, {})
    actions: list[tuple[int, str]] = []
    while state.phase != "program":
        seat = state.to_move()[0]
        text = decide(Job("duelfighters", {}, 3, tuple(actions), seat, "heuristic"))[0]
        state.apply(state.parse_action(text, seat))
        actions.append((seat, text))
    seat = state.to_move()[0]
    small_hard = HARD_REPEATABLE.replace("rollouts:24,", "rollouts:4,")
    stage = state.stage
    texts = decide(Job("duelfighters", {}, 3, tuple(actions), seat, small_hard))
    assert len(texts) > 1
    for text in texts:
        state.apply(state.parse_action(text, seat))  # refused, were any illegal
    # The programme is laid to the end of the stage (the next is searched afresh).
    assert seat not in state.to_move() or state.stage != stage


class _Dead(ThreadPoolExecutor):
    """An executor whose worker has died, as a process pool's does."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise BrokenExecutor("a worker died")


def test_a_broken_worker_pool_is_replaced(db: Path) -> None:
    made: list[ThreadPoolExecutor] = []

    def pool() -> ThreadPoolExecutor:
        made.append(_Dead(1) if not made else ThreadPoolExecutor(1))
        return made[-1]

    with TestClient(create_app(f"sqlite:///{db}", decider=pool)) as client:
        table = create(client, seats=[{"kind": "me"}, {"kind": "computer", "level": "random"}])
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            assert play_out(ws, hello(ws, table["token"]))["status"]["over"]
    assert len(made) == 2

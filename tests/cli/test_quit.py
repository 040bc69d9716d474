"""Stopping a game (q, Ctrl-C, the end of input), the seed on quitting, and the thinking
line: what the person is told, and never a traceback."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from duelhall.cli.thinking import thinking
from duelhall.core.record import load
from tests.cli.sessions import CTRL_C, EOF, make_session, scripted
from tests.cli.test_play import run


def _flat(out: io.StringIO) -> str:
    return " ".join(out.getvalue().split())


@pytest.mark.parametrize(
    ("answers", "said"),
    [
        (["1", "q"], "You stopped the game; the game is not finished."),
        (["1", CTRL_C], "Interrupted; the game is not finished."),
        (["1", EOF], "Input ended; the game is not finished."),
    ],
)
def test_every_way_of_stopping_says_the_record_was_kept(
    tmp_path: Path, answers: list[str], said: str
) -> None:
    """Issue 11: Ctrl-C did not say the record was kept, as q does."""
    path = tmp_path / "g.json"
    session, out = make_session(
        "duel52", {"first_player": "1"}, "computer", scripted(answers), record_path=path
    )
    assert session.run() == 1
    text = _flat(out)
    assert said in text
    assert f"The game so far is recorded in {path}." in text
    assert load(path).actions == session.record.actions != []


def test_ctrl_c_while_the_computer_thinks_stops_cleanly(tmp_path: Path) -> None:
    class Interrupted:
        def choose(self, observation: Any) -> Any:
            raise KeyboardInterrupt

    path = tmp_path / "g.json"
    session, out = make_session(
        "duel52", {"first_player": "2"}, "computer", scripted([]), record_path=path
    )
    session.seats[1].agent = Interrupted()  # type: ignore[assignment]
    assert session.run() == 1
    assert "Interrupted; the game is not finished." in _flat(out)


@pytest.mark.parametrize(
    ("answers", "shown"),
    [(["q", "y"], True), (["q", "Yes"], True), (["q", "n"], False), (["q"], False)],
)
def test_the_seed_is_shown_on_quitting_only_if_asked_for(answers: list[str], shown: bool) -> None:
    """Issue 11: the seed of a deal the user did not choose, offered once they are done."""
    session, out = make_session(
        "duel52", {}, "computer", scripted(answers), seed=777, secret_seed=True
    )
    session.run()
    text = _flat(out)
    assert ("Deal seed 777: play it again with --seed 777" in text) == shown


def test_ctrl_c_at_the_seed_question_is_a_no_and_no_question_once_input_ended() -> None:
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        raise KeyboardInterrupt  # at the game's prompt, then at the question

    session, out = make_session("duel52", {}, "computer", read, secret_seed=True)
    assert session.run() == 1
    assert asked[1:] == ["Show the deal's seed? [y/N] "]
    assert "Deal seed" not in out.getvalue()
    session, out = make_session("duel52", {}, "computer", scripted([], then=EOF), secret_seed=True)
    session.run()
    assert "seed" not in out.getvalue()  # nobody is left to answer


def test_play_asks_for_the_seed_only_when_it_chose_the_deal() -> None:
    code, out = run("play", "duel52", input="q\ny\n")
    head, _, tail = out.partition("Show the deal's seed? [y/N]")
    assert code == 1 and tail
    assert "Deal seed " in tail and "Deal seed " not in head
    code, out = run("play", "duel52", "--seed", "5", input="q\ny\n")
    assert "Show the deal's seed" not in out


def test_thinking_shows_the_time_on_a_terminal_and_nothing_when_piped() -> None:
    ticks = itertools.count(step=1.5)
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=60)
    with thinking(terminal, "Computer", clock=lambda: float(next(ticks))):
        pass
    shown = screen.getvalue()
    assert re.search(r"Computer is thinking\.\.\. \d+\.\d s", shown)
    assert shown.endswith("\x1b[2K")  # and erased, so the screen keeps only the move
    piped = io.StringIO()
    with thinking(Console(file=piped, width=60), "Computer", clock=lambda: 99.0):
        pass
    assert piped.getvalue() == ""


def test_a_piped_game_has_no_thinking_lines() -> None:
    code, out = run("play", "--seed", "3", input="1\n" * 2000)
    assert code == 0 and "thinking" not in out

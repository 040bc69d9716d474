"""Whatever a person types at the prompt: refused with a word and asked again, never a
traceback, and nothing changed by an answer that was refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelhall.cli.answers import command_of, number_of
from duelhall.core.errors import DuelhallError
from duelhall.core.record import Record, replay
from tests.cli.sessions import CTRL_C, EOF, MODES, full_view, make_session, scripted
from tests.cli.test_play import run


def test_a_superscript_digit_is_refused_and_the_game_goes_on() -> None:
    """Issue 11: typing ² ended the game with a traceback."""
    code, out = run("play", "--seed", "5", "--option", "first_player=1", input="²\n①\n1\nq\n")
    out = " ".join(out.split())  # as read, whatever the terminal's width
    assert "'²' is not a plain number; type the choice's number with the digits 0-9" in out
    assert "'①' is not a plain number" in out
    assert "You: play " in out  # the 1 after them was taken
    assert code == 1 and "Traceback" not in out


def test_any_scripts_decimal_digits_choose_by_number() -> None:
    assert number_of("３", 5) == 3  # full-width, as an input method types it
    assert number_of("٣", 5) == 3  # Arabic-Indic
    assert number_of("०३", 5) == 3  # Devanagari, with a leading zero
    assert number_of("play", 5) is None


def test_a_number_thousands_of_digits_long_is_not_listed() -> None:
    with pytest.raises(DuelhallError, match=r"999999\.\.\.\(5000 digits\) is not listed"):
        number_of("9" * 5000, 12)
    with pytest.raises(DuelhallError, match="0 is not listed; choose a number from 1 to 12"):
        number_of("000", 12)


def test_commands_may_be_typed_in_capitals() -> None:
    """Issue 11: Q and B were refused."""
    typed = ("Q", "QUIT", " B ", "BOARD", "Help", "？", "U", "Undo", "ｑ")
    assert [command_of(t) for t in typed] == [
        "quit",
        "quit",
        "board",
        "board",
        "help",
        "help",
        "undo",
        "undo",
        "quit",
    ]
    assert command_of("play 7H 1") is None
    code, out = run("play", "--seed", "5", "--option", "first_player=1", input="B\nH\nQ\n")
    assert "Not understood" not in out
    assert out.count("Your hand:") == 2  # the board again for B
    assert "Commands:" in out  # help for H, which lists taking back
    assert "u  undo your last action this turn, if it showed you nothing new" in out
    assert "You stopped the game" in out and code == 1


# ---------------------------------------------------------------------- the fuzz test

ODD_ANSWERS = [
    "",
    " ",
    "²",
    "٣",
    "３",
    "①",
    "Ⅻ",
    "0",
    "-1",
    "+2",
    "1.5",
    "9" * 5000,
    "\x00",
    "\x1b[2J",
    "\x1b]0;title\x07",
    "\r",
    "\t1",
    "\u202e1",
    "B",
    "?",
    "HELP",
    "U",
    "undo",
    "Q",
    "play",
    "play 7H 1",
    "play 7H ٣",
    "attack 1b 1A",
    "attack 1b ²A",
    "flip 1b",
    "flip 1B",
    "look 1A",
    "spell",
    "hero 1",
    "draft 7H",
    "fort F1 1",
    "flip F1",
    "pair 1b F2",
    "end",
    "rage",
    "flip",
    "block",
    "foresight",
    "take x",
    "draw",
    "play thrust",
]

answer = st.one_of(
    st.sampled_from(ODD_ANSWERS),
    st.integers(min_value=1, max_value=20).map(str),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.text(max_size=12),
    st.text(st.characters(categories=["Cc", "Nd", "No", "Zs", "Lu"]), max_size=6),
)


@pytest.mark.parametrize(("game", "options", "mode"), MODES)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    answers=st.lists(answer, max_size=30),
    end=st.sampled_from([EOF, CTRL_C]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_no_answer_escapes_as_an_exception_or_changes_the_game_when_refused(
    game: str, options: dict[str, Any], mode: str, answers: list[str], end: str, seed: int
) -> None:
    read = scripted(answers, then=end)
    last: list[tuple[int, str]] = []

    def watched(prompt: str) -> str:
        # Between two questions, an answer either took (or took back) an action, or changed
        # nothing at all.
        now = (len(session.record.actions), full_view(session))
        if last and last[-1][0] == now[0]:
            assert last[-1][1] == now[1], f"the game changed with no action recorded: {prompt}"
        last.append(now)
        return read(prompt)

    session, _ = make_session(game, options, mode, watched, seed=seed, secret_seed=True)
    code = session.run()
    assert code in (0, 1)
    assert (code == 0) == session.state.is_over()
    # The record (cut back by every action taken back) replays to the game as it stands.
    record: Record = session.record
    assert replay(record).view(None) == session.state.view(None)

"""Numbered choices at the terminal (issue 11: "the same choice numbering in every mode").

Within a player's turn a number keeps its meaning: choices still open keep their numbers,
new ones take new numbers, a closed choice's number is refused (saying what it was) and the
list is then numbered afresh. Every game and mode numbers alike, and the notation shown in
brackets reads back to exactly its own choice.
"""

from __future__ import annotations

import io
from collections.abc import Hashable
from typing import Any

import pytest
from rich.console import Console

from duelhall.agents.registry import make_agent
from duelhall.cli import choices
from duelhall.cli.choices import AmbiguousChoice, ChoiceList, GoneChoice, Numbering
from duelhall.cli.session import InputClosed, Seat, Session, ui_for
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.rng import Rng


def numbered(numbering: Numbering, turn: Hashable, actions: list[str]) -> ChoiceList:
    return numbering.list_for(turn, actions, str, lambda a: f"do {a}")


def test_choices_still_open_keep_their_numbers_and_new_ones_take_new_numbers() -> None:
    numbering = Numbering()
    first = numbered(numbering, (0, 5), ["a", "b", "c"])
    assert [(c.number, c.action) for c in first.choices] == [(1, "a"), (2, "b"), (3, "c")]
    second = numbered(numbering, (0, 5), ["b", "d", "c"])
    assert [(c.number, c.action) for c in second.choices] == [(2, "b"), (3, "c"), (4, "d")]
    assert second.by_number("3") == "c"


def test_a_closed_choices_number_is_refused_saying_what_it_was() -> None:
    numbering = Numbering()
    numbered(numbering, (0, 5), ["a", "b"])
    later = numbered(numbering, (0, 5), ["b"])
    with pytest.raises(GoneChoice, match="1 was to do a, which is no longer possible"):
        later.by_number("1")
    again = numbering.list_for((0, 5), ["b"], str, str, afresh=True)
    assert again.afresh and again.numbers == [1]


def test_a_choice_open_again_gets_its_old_number_back() -> None:
    numbering = Numbering()
    numbered(numbering, (0, 5), ["a", "b"])
    numbered(numbering, (0, 5), ["b"])
    assert numbered(numbering, (0, 5), ["a", "b"]).numbers == [1, 2]


def test_a_new_turn_or_a_game_without_turns_numbers_from_1() -> None:
    numbering = Numbering()
    numbered(numbering, (0, 5), ["a", "b"])
    assert numbered(numbering, (1, 6), ["b", "c"]).numbers == [1, 2]
    assert numbered(numbering, None, ["c"]).numbers == [1]
    assert numbered(numbering, None, ["c"]).numbers == [1]


def test_a_number_not_listed_names_the_numbers_that_are() -> None:
    numbering = Numbering()
    numbered(numbering, (0, 5), ["a", "b", "c"])
    listed = numbered(numbering, (0, 5), ["a", "c"])
    with pytest.raises(DuelhallError, match="choose a number from 1 to 3 among those listed"):
        listed.by_number("9")


@pytest.mark.parametrize("text", ["1", "١", "１", "01"])
def test_any_scripts_decimal_digits_are_numbers(text: str) -> None:
    listed = numbered(Numbering(), (0, 1), ["a"])
    assert listed.read(text, lambda words: []) == "a"


@pytest.mark.parametrize("text", ["²", "①"])
def test_digit_like_characters_are_refused(text: str) -> None:
    """Issue 11: ``²`` passed ``str.isdigit`` and ended the game with a traceback."""
    listed = numbered(Numbering(), (0, 1), ["a"])
    with pytest.raises(DuelhallError, match="is not a plain number"):
        listed.read(text, lambda words: [])


def test_a_number_thousands_of_digits_long_is_not_listed() -> None:
    listed = numbered(Numbering(), (0, 1), ["a"])
    with pytest.raises(DuelhallError, match=r"999999\.\.\.\(5000 digits\) is not listed"):
        listed.read("9" * 5000, lambda words: [])


def test_an_answer_fitting_several_choices_names_their_numbers() -> None:
    listed = numbered(Numbering(), (0, 1), ["a", "b", "c"])
    with pytest.raises(AmbiguousChoice) as info:
        listed.read("x", lambda words: ["c", "a"])
    assert info.value.candidates == [1, 3]


# ---------------------------------------------------------------------- every mode


MODES: dict[str, tuple[str, dict[str, Any], str]] = {
    # name: (game, options, who plays: "agent" (seat 0 a person, the rest computers),
    # "hotseat" or "solo")
    "duel": ("duel52", {}, "agent"),
    "expansion": ("duel52", {"heroes": True, "bannermen": True, "forts": True}, "agent"),
    "three players": ("duel52", {"players": 3}, "agent"),
    "two against two": ("duel52", {"players": 4}, "agent"),
    "solo": ("duel52", {"vampiric": True}, "solo"),
    "hotseat": ("duel52", {}, "hotseat"),
    "deck duel": ("deckduel", {}, "agent"),
    "highlander": ("highlander", {}, "agent"),
    "duel fighters": ("duelfighters", {"turn_limit": 3}, "agent"),
}


def play_watching_the_lists(game: str, options: dict[str, Any], who: str, seed: int) -> list:
    """Play a game from the terminal loop, answering from the choices shown (a number,
    the notation in brackets, now and then a number no longer listed); returns each
    prompt's (turn, list, answer, chosen) in order."""
    info = get_game(game)
    state = info.new_state(seed, options)
    count = len(state.view(None).get("hands", [0, 0]))
    if who == "agent":
        seats = [Seat("You")] + [
            Seat(f"C{k}", make_agent("random", seed + k, game=info)) for k in range(1, count)
        ]
    else:
        seats = [Seat(f"Player {k + 1}") for k in range(count)]
    record = Record(game=game, seed=seed, options=info.resolve_options(options))
    session = Session(
        state=state,
        seats=seats,
        record=record,
        console=Console(file=io.StringIO(), width=120),
        hotseat=who == "hotseat",
        solo=who == "solo",
    )
    rng = Rng(seed)
    seen: list[dict[str, Any]] = []
    original = session._list_choices

    def watch(seat: int, view: Any, *, afresh: bool = False) -> ChoiceList:
        listed = original(seat, view, afresh=afresh)
        now = session.state.clone()
        seen.append(
            {
                "turn": choices.turn_of(seat, view),
                "list": listed,
                "view": view,
                "parse": lambda text: now.parse_action(text, seat),
            }
        )
        return listed

    session._list_choices = watch  # type: ignore[method-assign]

    def read_line(prompt: str) -> str:
        if "Pass the terminal" in prompt:
            return ""
        if "Which player will win" in prompt:
            return "1"
        if len(seen) > 120:
            raise InputClosed
        listed = seen[-1]["list"]
        if listed.gone and rng.below(6) == 0 and not seen[-1].get("answered_gone"):
            seen[-1]["answered_gone"] = True
            return str(next(iter(listed.gone)))
        choice = listed.choices[rng.below(len(listed.choices))]
        return choice.notation if rng.below(2) else str(choice.number)

    session.read_line = read_line
    session.run()
    return seen


@pytest.mark.parametrize("mode", list(MODES))
def test_every_mode_numbers_alike(mode: str) -> None:
    game, options, who = MODES[mode]
    for seed in (1, 2):
        seen = play_watching_the_lists(game, options, who, seed)
        assert len(seen) > 5
        meaning: dict[int, tuple[str, str]] = {}
        turn: Hashable = object()
        for k, entry in enumerate(seen):
            listed = entry["list"]
            if entry["turn"] != turn or entry["turn"] is None or listed.afresh:
                # A new turn (or the list numbered afresh after a closed number): from 1.
                assert listed.numbers[0] == 1
                meaning, turn = {}, entry["turn"]
            for choice in listed.choices:
                said = (choice.notation, choice.words)
                # Within a turn a number always means the same choice.
                assert meaning.setdefault(choice.number, said) == said, (mode, k, choice)
            if entry.get("answered_gone"):
                assert seen[k + 1]["list"].afresh


@pytest.mark.parametrize("mode", list(MODES))
def test_the_notation_shown_reads_back_to_its_own_choice(mode: str) -> None:
    game, options, who = MODES[mode]
    ui = ui_for(game)
    for entry in play_watching_the_lists(game, options, who, 3)[::3]:
        listed, view = entry["list"], entry["view"]
        reader = choices.words_reader(ui, view, listed.actions, view["seat"], entry["parse"])
        for choice in listed.choices:
            assert listed.read(choice.notation, reader) == choice.action, (mode, choice)

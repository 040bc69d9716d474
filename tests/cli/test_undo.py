"""Taking back your own actions in your turn, while nothing new was shown to you."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import load
from duelhall.core.rng import Rng
from duelhall.core.state import GameState
from tests.cli.sessions import make_session, scripted
from tests.cli.test_play import run
from tests.core.toy_game import HighCardState

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("duel52", {}),
    ("duel52", {"heroes": True}),
    ("duel52", {"bannermen": True, "forts": True}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True, "vampiric": True}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("duel52", {"facedown_jack_hp": 3, "view_discard": "revealed", "facedown_nine_immune": True}),
    ("deckduel", {}),
    ("deckduel", {"foresight_discard": "revealed", "choice_order": "face-first"}),
    ("highlander", {}),
    ("duelfighters", {"turn_limit": 2}),
]


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_an_action_said_to_show_nothing_looks_the_same_in_every_re_deal(
    game: str, options: dict[str, Any]
) -> None:
    """The ``reveals`` rule: when a game says an action showed its seat nothing new, the
    seat's view after it must be the same whatever the hidden cards are (checked against
    re-deals of the position before it); and the rule must allow and refuse both."""
    info = get_game(game)
    reveals = info.hook("reveals")
    chosen = info.resolve_options(options)
    answers: set[bool] = set()
    for seed in range(6):
        state = info.new_state(seed, chosen)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            before = state.view(seat)
            samples = [state.determinize(seat, Rng(seed * 100 + k)) for k in range(3)]
            state.apply(action)
            after = state.view(seat)
            shows_nothing = reveals(before, action, after, seat) is None
            answers.add(shows_nothing)
            if shows_nothing:
                for sample in samples:
                    sample.apply(action)
                    assert sample.view(seat) == after, f"{action} showed something (seed {seed})"
    assert answers == {True, False}


def _find(
    game: str,
    options: dict[str, Any],
    wanted: Callable[[Any, str | None], bool],
    when: Callable[[GameState], bool] = lambda state: True,
) -> tuple[GameState, Any]:
    """A position where seat 1 is to move, ``when(state)`` holds, and it has an action
    ``wanted(action, reason)``."""
    info = get_game(game)
    reveals = info.hook("reveals")
    chosen = info.resolve_options(options)
    for seed in range(50):
        state = info.new_state(seed, chosen)
        rng = Rng(seed)
        while not state.is_over():
            if state.to_move() == (0,) and when(state):
                for action in state.legal_actions(0):
                    after = state.clone()
                    after.apply(action)
                    if wanted(action, reveals(state.view(0), action, after.view(0), 0)):
                        return state, action
            legal = state.legal_actions(state.to_move()[0])
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such position")


def test_u_takes_back_a_play_and_the_record_file_with_it(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, out = run(
        "play", "--seed", "5", "--option", "first_player=1", "--record", str(record),
        input="1\nu\n",
    )  # fmt: skip
    text = " ".join(out.split())
    assert "Taken back: play 2♠ face-down into lane 1" in text
    assert code == 1  # input ended
    assert load(record).actions == []  # the file was rolled back too
    # The same card can be played elsewhere instead.
    code, out = run(
        "play", "--seed", "5", "--option", "first_player=1", "--record", str(record),
        "--overwrite", input="1\nundo\n2\n",
    )  # fmt: skip
    assert load(record).actions == [(0, "play 2S 2")]


def test_several_actions_are_taken_back_last_first_then_nothing_is_left() -> None:
    state, _ = _find(
        "duel52",
        {},
        lambda action, why: why is None,
        when=lambda state: state.view(0)["actions_left"] == 3,
    )
    session, out = make_session(
        # The second 1 is refused (its choice is gone) and the list numbered afresh.
        "duel52",
        {},
        "computer",
        scripted(["1", "1", "1", "u", "u", "u", "q"]),
        state=state,
    )
    start = json.dumps(state.view(None), sort_keys=True)
    session.run()
    text = out.getvalue()
    assert text.count("Taken back:") == 2
    assert "Nothing to take back: you have taken no action this turn." in text
    assert json.dumps(session.state.view(None), sort_keys=True) == start
    assert session.record.actions == []


@pytest.mark.parametrize(
    ("game", "options", "reason"),
    [
        ("duel52", {}, "it showed you a card you had not seen"),
        ("duel52", {}, "depends on what it is"),
        ("duel52", {"players": 4}, "it showed you a card you had not seen"),
    ],
)
def test_an_action_that_showed_something_new_is_not_taken_back(
    game: str, options: dict[str, Any], reason: str
) -> None:
    state, action = _find(game, options, lambda action, why: why is not None and reason in why)
    session, out = make_session(
        game, options, "computer", scripted([str(action), "u", "q"]), state=state
    )
    session.run()
    text = " ".join(out.getvalue().split())
    assert "cannot be taken back: " in text and reason in text
    assert "Taken back" not in text
    assert session.record.actions[:1] == [(0, str(action))]


def test_actions_before_the_computer_moved_stand() -> None:
    code, out = run("play", "--seed", "5", "--option", "first_player=2", input="u\nq\n")
    assert code == 1
    assert "Nothing to take back: you have taken no action this turn." in " ".join(out.split())


def test_a_secret_choice_is_not_taken_back_while_everyone_chooses() -> None:
    session, out = make_session("deckduel", {}, "computer", scripted(["u", "q"]))
    session.run()
    assert "Nothing can be taken back while everyone chooses at once." in out.getvalue()


def test_a_game_without_a_reveals_rule_takes_nothing_back() -> None:
    from duelhall.cli.undo import Undo
    from tests.core.toy_game import INFO, Pick

    state = HighCardState(0, {})
    before = state.view(0)
    state.apply(Pick(0, 3))
    why = Undo(INFO).blocker(before, Pick(0, 3), state.view(0), 0)
    assert why == f"{INFO.title} cannot take actions back yet"


def test_hotseat_forgets_what_the_other_player_was_to_be_told_of_an_action_taken_back() -> None:
    # Player 1's first turn has two actions: play into lane 1, take it back, play into
    # lane 2 and lane 3; Player 2 hears of lanes 2 and 3 only. (The first 3 is refused:
    # it was the card just played, into lane 3; the list is then numbered afresh.)
    answers = ["", "1", "u", "2", "3", "3", "", "q"]
    session, out = make_session("duel52", {"first_player": "1"}, "hotseat", scripted(answers))
    session.run()
    told = out.getvalue().split("While Player 2 was away:")[1]
    assert "play a card face-down into lane 2" in told
    assert "into lane 1" not in told.split("Player 2's hand")[0]

"""Property tests: random legal games under every option, checked after every action.

Hypothesis draws a deal seed, a seed for the random chooser and a value for every option in
:mod:`duelhall.games.deckduel.engine.options` (a new option is covered as soon as it is declared),
then plays the game to its end, collecting every simultaneous answer from the same state
before applying any, as the terminal and the search do.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import Act
from duelhall.games.deckduel.engine.options import OPTIONS
from duelhall.games.deckduel.engine.state import (
    MAX_DAMAGE,
    MAX_HEALTH,
    MAX_RAGE,
    SUIT,
    DeckDuelState,
    card_name,
)
from tests.properties import SEEDS, examples, option_values

GAME = get_game("deckduel")
MAX_ACTIONS = 3000
"""No game may take this many decisions (random games end within about 100)."""


OPTION_VALUES = option_values(OPTIONS, turn_limit=st.sampled_from([0, 1000, 5]))


def new_game(seed: int, options: dict[str, Any]) -> DeckDuelState:
    state = GAME.new_state(seed, options)
    assert isinstance(state, DeckDuelState)
    return state


def play(
    seed: int, options: dict[str, Any], chooser: int
) -> Iterator[tuple[DeckDuelState, Act | None]]:
    """Yield ``(state, None)`` first, then ``(state, action)`` after each action."""
    state = new_game(seed, options)
    rng = Rng(chooser)
    yield state, None
    count = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "a game that is not over must have someone to move"
        chosen = []
        for seat in movers:
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} must act but has no legal action"
            chosen.append(legal[rng.below(len(legal))])
        for action in chosen:
            state.apply(action)
            count += 1
            yield state, action
        assert count < MAX_ACTIONS, "game did not end"


def check_invariants(state: DeckDuelState, before: DeckDuelState | None) -> None:
    for s in (0, 1):
        assert state.all_cards(s) == list(SUIT), f"seat {s} cards: {state.all_cards(s)}"
        assert 0 <= state.health[s] <= MAX_HEALTH
        assert 0 <= state.rage[s] <= MAX_RAGE
        assert state.actions[s] >= 0
        if state.options["action_die_limit"]:
            assert state.actions[s] <= 6
        if not state.is_over():
            assert state.health[s] >= 1
            assert state.decks[s] or state.flipped, f"seat {s} has nothing to flip"
        if state.known_top[s]:
            assert state.decks[s]
    combat = state.combat
    if combat is not None:
        assert combat.damage <= MAX_DAMAGE
        assert combat.dealt <= combat.damage
        if combat.winner is not None:
            assert combat.damage >= 1
    if before is not None:
        taken = [before.health[s] - state.health[s] for s in (0, 1)]
        assert max(taken) <= MAX_DAMAGE, f"more than 5 damage in one step: {taken}"
    if state.is_over():
        out = state.outcome()
        assert out is not None
        assert state.to_move() == () and not state.legal_actions(0)
        assert sum(out.scores) == 1.0
        if out.reason == "health":
            assert out.winner is not None and state.health[1 - out.winner] == 0
    if not state.pending and not state.is_over():
        # The rage phase: rage is cleared after any turn that was not a tie.
        last = state.combat
        if last is not None and last.winner is not None and state.choice == [None, None]:
            assert state.rage == [0, 0]


@examples(300)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_random_games_end_and_keep_invariants(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    previous: DeckDuelState | None = None
    for state, action in play(seed, options, chooser):
        check_invariants(state, previous)
        if action is not None:
            assert action.seat in (previous.to_move() if previous else ())
        previous = state.clone()
    assert previous is not None and previous.is_over()


def check_seat_view(state: DeckDuelState, seat: int) -> None:
    view = state.view(seat)
    text = json.dumps(view)  # JSON-ready
    assert "deck_order" not in text and '"seed"' not in text
    opp = 1 - seat
    theirs = view["players"][opp]
    assert theirs["top"] is None
    assert theirs["rage_choice"] is None
    hidden = [card_name(c) for c, up in state.discards[opp] if not up]
    assert theirs["discard"].count(None) == len(hidden)
    assert sorted(theirs["unseen"]) == sorted(
        card_name(c) for c in state.decks[opp] + [c for c, up in state.discards[opp] if not up]
    )


def check_determinize(state: DeckDuelState, seat: int, rng: Rng) -> None:
    view = state.view(seat)
    for _ in range(3):
        sample = state.determinize(seat, rng)
        assert sample.view(seat) == view, f"determinize changes seat {seat}'s view"
        for s in (0, 1):
            assert sample.all_cards(s) == list(SUIT)
        assert sample.legal_actions(seat) == state.legal_actions(seat)


@examples(100)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_views_hide_and_determinize_keeps_them(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0x5A5A)
    for state, _ in play(seed, options, chooser):
        for seat in (0, 1):
            check_seat_view(state, seat)
            check_determinize(state, seat, rng)


@examples(100)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_same_seed_and_actions_give_the_same_game(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    game = list(play(seed, options, chooser))
    final = game[-1][0]
    actions = [(a.seat, str(a)) for _, a in game if a is not None]
    record = Record(game="deckduel", seed=seed, options=dict(options), actions=actions)
    replayed = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    assert replayed.view(None) == final.view(None)
    assert replayed.outcome() == final.outcome()
    again = new_game(seed, options)
    for seat, text in actions:
        again.apply(again.parse_action(text, seat))
    assert again.to_position() == final.to_position()


@examples(60)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS, key=st.integers(0, 2**16))
def test_clone_and_position_are_independent_and_exact(
    seed: int, options: dict[str, Any], chooser: int, key: int
) -> None:
    rng = Rng(key)
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 4 != key % 4:
            continue
        before = state.view(None)
        loaded = GAME.load_position(json.loads(json.dumps(state.to_position())))
        assert loaded.view(None) == before
        child = state.clone()
        for seat in child.to_move():
            legal = child.legal_actions(seat)
            child.apply(legal[rng.below(len(legal))])
        child.decks[0].append(99)
        child.discards[1].append((5, False))
        child.health[0] = -4
        child.pending.append(("look", 0))
        assert state.view(None) == before, "changing a clone changed the original"


@examples(60)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_notation_round_trips(seed: int, options: dict[str, Any], chooser: int) -> None:
    for state, _ in play(seed, options, chooser):
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                assert state.parse_action(str(action), seat) == action


def test_the_invariant_checks_catch_broken_states() -> None:
    state = new_game(1, {})
    check_invariants(state, None)
    broken = state.clone()
    broken.decks[0].append(broken.decks[0][0])
    with pytest.raises(AssertionError, match="seat 0 cards"):
        check_invariants(broken, None)
    broken = state.clone()
    broken.rage[1] = 4
    with pytest.raises(AssertionError):
        check_invariants(broken, None)


def test_the_leak_checks_catch_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from duelhall.games.deckduel import view as view_module

    state = new_game(2, {})
    state.apply(Act(0, "rage"))
    check_seat_view(state, 1)
    check_determinize(state, 1, Rng(1))
    honest = view_module._player

    def leaky(st_: DeckDuelState, s: int, sees_own: bool, *, full: bool) -> dict[str, Any]:
        return honest(st_, s, True, full=full)  # shows everything to everyone

    monkeypatch.setattr(view_module, "_player", leaky)
    with pytest.raises(AssertionError):
        check_seat_view(state, 1)
    with pytest.raises(AssertionError, match="determinize changes seat 1's view"):
        check_determinize(state, 1, Rng(1))

"""Property tests: random games under every option, checked after every action.

Hypothesis draws a deal seed, a chooser seed and a value for every rules option (except
``cards``, a file path), then plays to the end with uniformly random legal actions, both
seats choosing from the same state in a clash as the protocol requires.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.options import OPTIONS
from duelhall.games.highlander.engine.state import CLASH, DRAFT, HAND_SIZE, HighlanderState
from tests.properties import SEEDS, examples, option_values

GAME = get_game("highlander")
MAX_STEPS = 2000


OPTION_VALUES = option_values(OPTIONS, cards=st.just(""), damage_limit=st.sampled_from([12, 6, 20]))


def play(seed: int, options: dict[str, Any], chooser: int) -> Iterator[HighlanderState]:
    state = GAME.new_state(seed, options)
    assert isinstance(state, HighlanderState)
    rng = Rng(chooser)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_over():
            return
        movers = state.to_move()
        picks = []
        for seat in movers:
            legal = state.legal_actions(seat)
            assert legal, "a seat to move must have a choice"
            picks.append(legal[rng.below(len(legal))])
        for action in picks:
            state.apply(action)
            yield state
    raise AssertionError("game did not end")


def check(state: HighlanderState) -> None:
    cards = state.all_cards()
    assert sorted(cards) == list(range(len(state.cards.cards))), "cards not conserved"
    assert all(len(h) <= HAND_SIZE for h in state.hands)
    for s in (0, 1):
        for c in range(len(state.cards.cards)):
            if state.public[s] >> c & 1:
                assert c in state.hands[s], "a known card left the hand without being unmarked"
        assert all(state.deck_mask >> c & 1 for c in state.deck)
        assert state.unlocked[s] <= state.character(s).unlocked_at(state.damage[s])
    if state.is_over():
        out = state.outcome()
        assert out is not None and max(state.damage) >= state.limit
        loser = 1 - out.winner  # type: ignore[operator]
        assert state.damage[loser] >= state.limit
        assert state.to_move() == ()
    else:
        assert max(state.damage) < state.limit
        if state.phase == DRAFT:
            assert len(state.hands[state.current]) < HAND_SIZE
            assert state.played == [[], []]
        else:
            assert state.phase == CLASH
            assert len(state.hands[0]) == len(state.hands[1]) >= 2
            assert len(state.played[0]) == len(state.played[1]) == HAND_SIZE - len(state.hands[0])


@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
@examples(60)
def test_property_games_end_and_cards_are_conserved(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    for state in play(seed, options, chooser):
        check(state)
    assert state.is_over()


@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
@examples(15)
def test_property_views_unchanged_under_determinize_and_positions_reload(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0x55)
    for step, state in enumerate(play(seed, options, chooser)):
        if step % 3:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            sample = state.determinize(seat, rng)
            assert sample.view(seat) == view
            assert sorted(sample.all_cards()) == sorted(state.all_cards())
            if not state.is_over():
                assert sample.legal_actions(seat) == state.legal_actions(seat)
        reloaded = GAME.load_position(state.to_position())
        assert reloaded.view(None) == state.view(None)
        assert reloaded.to_move() == state.to_move()


@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
@examples(10)
def test_property_same_seed_and_actions_give_the_same_game(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    actions: list[tuple[int, str]] = []
    state = GAME.new_state(seed, options)
    rng = Rng(chooser)
    while not state.is_over():
        picks = [(s, state.legal_actions(s)) for s in state.to_move()]
        chosen = [(s, legal[rng.below(len(legal))]) for s, legal in picks]
        for s, action in chosen:
            actions.append((s, str(action)))
            assert state.parse_action(str(action), s) == action
            state.apply(action)
    final = replay(Record(game="highlander", seed=seed, options=options, actions=actions))
    assert final.view(None) == state.view(None)
    assert final.to_position() == state.to_position()
    again = GAME.load_position(state.to_position())
    assert again.view(None) == state.view(None)

"""Property tests for the three-player game: random legal games under the options that
apply (ruling T2), checked after every action."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import max_hp
from duelhall.games.duel52.engine.options import OPTIONS, VARIANT_OPTIONS
from duelhall.games.duel52.variants.triangles.state import TriState
from tests.properties import SEEDS, examples, option_values

from .test_s4_three_player_helpers import GAME

MAX_ACTIONS = 1500

OPTION_VALUES = option_values(
    [opt for opt in OPTIONS if opt.name not in ("players", "lane_win", *VARIANT_OPTIONS)],
    variant=st.sampled_from(["standard", "long"]),
    first_player=st.sampled_from(["random", "1", "2"]),
    hero_ranks=st.just("random"),  # heroes are the two-player game's
)


def _new(seed: int, options: dict[str, Any]) -> TriState:
    state = GAME.new_state(seed, {"players": 3, **options})
    assert isinstance(state, TriState)
    return state


def _check_invariants(state: TriState) -> None:
    assert state.card_count() == 52
    everywhere = [bc.card for t in state.rows for row in t for bc in row]
    everywhere += [c for h in state.hands for c in h] + state.pile + state.removed
    everywhere += [d[0] for d in state.discard]
    assert sorted(everywhere) == list(range(52))
    jack_hp = state.options["facedown_jack_hp"]
    for t in state.rows:
        for seat, row in enumerate(t):
            pairs: dict[int, int] = {}
            for bc in row:
                assert 0 <= bc.damage < max_hp(bc, jack_hp)
                assert bc.known & (1 << seat)  # no Base cards: the owner always knows
                if bc.pair:
                    assert bc.up
                    pairs[bc.pair] = pairs.get(bc.pair, 0) + 1
            assert all(n == 2 for n in pairs.values())
    if state.result is None:
        assert state.legal_actions(), "a live game always has a legal action"
        if state.pile:
            assert state.controllers().count(None) >= 0  # control does not end the game yet


@given(SEEDS, SEEDS, OPTION_VALUES)
@examples(60)
def test_s4_three_player_random_games_conserve_cards_and_end(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    state = _new(seed, options)
    rng = Rng(chooser)
    for _ in range(MAX_ACTIONS):
        _check_invariants(state)
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    outcome = state.outcome()
    assert outcome is not None, "the game did not end"
    assert abs(sum(outcome.scores) - 1.0) < 1e-9
    if outcome.winner is not None:
        assert state.pile == []
        assert state.controllers().count(outcome.winner) >= 2


@given(SEEDS, SEEDS, OPTION_VALUES)
@examples(25)
def test_s4_three_player_views_do_not_change_under_determinize(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    state = _new(seed, options)
    rng = Rng(chooser)
    step = 0
    while not state.is_over() and step < MAX_ACTIONS:
        if step % 5 == 0:
            for seat in range(3):
                view = state.view(seat)
                sample = state.determinize(seat, rng)
                assert sample.view(seat) == view
                assert sample.card_count() == 52
                if seat == state.current:
                    assert [str(a) for a in sample.legal_actions(seat)] == [
                        str(a) for a in state.legal_actions(seat)
                    ]
                _assert_hides(view, state, seat)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1


def _assert_hides(view: dict[str, Any], state: TriState, seat: int) -> None:
    """Names of cards the seat cannot know never appear in its view."""
    text = json.dumps(view)
    for key in ("seed", "pile_order", "removed_cards"):
        assert f'"{key}"' not in text
    for other in range(3):
        if other != seat:
            assert view["hands"][other] == len(state.hands[other])
    hidden = [c for c in state.pile]
    hidden += [bc.card for t in state.rows for row in t for bc in row if not bc.known >> seat & 1]
    names = set(json.dumps(view["triangles"]).replace('"', " ").split())
    names |= {str(h) for h in view["hands"][seat]}
    for card in hidden:
        assert C.name(card) not in names


@given(SEEDS, SEEDS, OPTION_VALUES)
@examples(15)
def test_s4_three_player_same_seed_and_actions_give_the_same_game(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    state = _new(seed, options)
    rng = Rng(chooser)
    record = Record(game="duel52", seed=seed, options=GAME.resolve_options(state.options))
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        record.actions.append((action.seat, str(action)))
        state.apply(action)
    again = replay(record)
    assert again.view(None) == state.view(None)
    assert again.to_position() == state.to_position()


def test_s4_three_player_golden_deal_and_random_game() -> None:
    """Pins the deal and the engine: a change here changes every recorded game."""
    state = _new(2026, {})
    rng = Rng(7)
    played: list[str] = []
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        played.append(str(action))
        state.apply(action)
    assert state.first_player == 2
    assert played[:12] == [
        "play 2H 4",
        "play 9C 1",
        "play KH 2",
        "play 4S 4",
        "flip 42a",
        "look 11a",
        "play 3C 4",
        "play AH 2",
        "play 9D 4",
        "play 8C 4",
        "flip 21a",
        "play 3H 1",
    ]
    assert len(played) == 166
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.detail) == (0, "player 1 controls triangles 1 and 2")

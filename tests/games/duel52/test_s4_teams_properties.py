"""Property tests of the team game: random legal games under random options.

Checked after every action: the 52 cards are conserved, no seat's view holds a card it may
not know (its partner's hand and face-down cards included); every few actions: every seat's
view and legal actions survive re-dealing (determinize), notation round-trips; at the end:
the game ended and the same seed and actions give the same game.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import max_hp
from duelhall.games.duel52.engine.options import OPTIONS, VARIANT_OPTIONS
from duelhall.games.duel52.variants.teams.state import SEATS, TeamAction, TeamState, team_of
from tests.properties import SEEDS, examples, option_values

GAME = get_game("duel52")
MAX_ACTIONS = 1500

OPTION_VALUES = option_values(
    [opt for opt in OPTIONS if opt.name not in ("variant", *VARIANT_OPTIONS)],
    players=st.just(4),
    first_player=st.sampled_from(["random", "1", "2"]),
    hero_ranks=st.just("random"),  # heroes are the two-player game's
)


def _play(seed: int, chooser: int, options: dict[str, Any], check: Any) -> list[TeamAction]:
    state = GAME.new_state(seed, options)
    assert isinstance(state, TeamState)
    rng = Rng(chooser)
    actions: list[TeamAction] = []
    while not state.is_over():
        assert len(actions) < MAX_ACTIONS, "the game does not end"
        legal = state.legal_actions()
        assert legal, "a live game must offer an action"
        action = legal[rng.below(len(legal))]
        state.apply(action)
        actions.append(action)
        check(state, len(actions))
    return actions


def _check_basic(state: TeamState, n: int) -> None:
    cards = [bc.card for lane in state.rows for row in lane for bc in row]
    cards += [c for h in state.hands for c in h] + state.pile + [e[0] for e in state.discard]
    assert sorted(cards) == list(C.DECK)
    for lane in state.rows:
        for row in lane:
            for bc in row:
                assert not bc.up or bc.known == 0b1111
                assert bc.damage < max_hp(bc, state.options["facedown_jack_hp"])  # alive
    assert state.lane_winner.count(0) < 2 or state.is_over()


def _check_views(state: TeamState, n: int) -> None:
    _check_basic(state, n)
    for seat in range(SEATS):
        view = state.view(seat)
        json.dumps(view)
        assert "seed" not in view and "pile_order" not in view
        for other in range(SEATS):
            if other != seat:
                assert view["hands"][other] == len(state.hands[other])  # partner's too
        for lane, shown in zip(state.rows, view["lanes"], strict=True):
            for row, shown_row in zip(lane, shown["rows"], strict=True):
                for bc, c in zip(row, shown_row, strict=True):
                    may_know = bc.up or bool(bc.known & (1 << seat))
                    assert (c["card"] is not None) == may_know
                    if not bc.up and bc.by >= 0 and bc.by != seat and c["card"] is not None:
                        # a card a partner or opponent played is known only by a 4's look
                        assert bc.known & (1 << seat)
        for entry, shown_entry in zip(state.discard, view["discard"], strict=True):
            assert (shown_entry["card"] is not None) == (entry[1] or bool(entry[2] >> seat & 1))


def _check_determinize(state: TeamState, n: int) -> None:
    _check_views(state, n)
    if n % 5:
        return
    rng = Rng(n)
    for seat in range(SEATS):
        sample = state.determinize(seat, rng)
        assert sample.view(seat) == state.view(seat)
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert sample.card_count() == 52
    for action in state.legal_actions():
        assert state.parse_action(str(action), action.seat) == action


@examples(60)
@given(SEEDS, SEEDS, OPTION_VALUES)
def test_s4_teams_property_cards_conserved_and_games_end(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    _play(seed, chooser, options, _check_basic)


@examples(12)
@given(SEEDS, SEEDS, OPTION_VALUES)
def test_s4_teams_property_partners_never_see_each_others_hands(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    _play(seed, chooser, options, _check_views)


@examples(10)
@given(SEEDS, SEEDS, OPTION_VALUES)
def test_s4_teams_property_views_unchanged_under_determinize(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    _play(seed, chooser, options, _check_determinize)


@examples(15)
@given(SEEDS, SEEDS, OPTION_VALUES)
def test_s4_teams_property_same_seed_and_actions_same_game(
    seed: int, chooser: int, options: dict[str, Any]
) -> None:
    actions = _play(seed, chooser, options, lambda s, n: None)
    again = GAME.new_state(seed, options)
    for action in actions:
        again.apply(again.parse_action(str(action), action.seat))
    first = GAME.new_state(seed, options)
    for action in actions:
        first.apply(action)
    assert again.to_position() == first.to_position()
    out = first.outcome()
    assert out is not None
    if out.winner is not None:  # partners share their score
        assert out.scores[out.winner] == out.scores[(out.winner + 2) % 4] == 1.0
        assert all(out.scores[s] == 0.0 for s in range(4) if team_of(s) != team_of(out.winner))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["7H", "QS down", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
KEYS = ["seed", "turn", "to_move", "actions_left", "hands", "pile", "discard", "lanes"]
KEYS += ["lane_winner", "pending", "first_player", "passes"]


@examples(200)
@given(st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6), st.booleans())
def test_s4_teams_property_any_position_loads_or_is_refused_clearly(
    data: dict[str, Any], fill_lanes: bool
) -> None:
    from duelhall.core.errors import PositionError

    position: dict[str, Any] = {**data, "options": {"players": 4}}
    if fill_lanes:
        lanes = [[[f"{r}S base"], [f"{r}D base"]] for r in "KQJ"]
        position.setdefault("lanes", lanes)
    try:
        state = GAME.load_position(position)
    except PositionError:
        return
    assert isinstance(state, TeamState)
    assert state.card_count() == 52
    assert state.is_over() or state.legal_actions()

"""Second-opinion review: interactions of the rules, views and samples checked one by one.

Each test names the rulebook section or ruling (docs/rulings/duel52.md) it checks.
"""

from __future__ import annotations

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from tests.games.duel52.helpers import act, card, make, new, row

GAME = get_game("duel52")


def _swap_hidden(state: Duel52State) -> Duel52State:
    """The same position for seat 0, with two cards seat 0 cannot see exchanged."""
    other = state.clone()
    hand, pile = other.hands[1], other.pile
    hand[0], pile[0] = pile[0], hand[0]
    pile[1], pile[-1] = pile[-1], pile[1]
    return other


def test_views_determinize_depends_only_on_what_the_seat_can_see() -> None:
    # A sample is "consistent with the view and nothing more": two real states that look
    # the same to seat 0 must give seat 0 the same sample for the same random generator,
    # or an agent could undo the shuffle (its generator is its own) and read the real deal.
    state = new(seed=33, first_player="1")
    other = _swap_hidden(state)
    assert other.view(0) == state.view(0)
    assert other.to_position() != state.to_position()
    for k in range(5):
        a = state.determinize(0, Rng(k)).to_position()
        b = other.determinize(0, Rng(k)).to_position()
        assert a == b


def test_views_determinize_does_not_carry_the_real_seed() -> None:
    # The real seed re-deals the real game: base cards, hands and the whole pile in order.
    state = new(seed=12345)
    for k in range(3):
        sample = state.determinize(0, Rng(k))
        assert sample.seed != state.seed
        dealt = GAME.new_state(sample.seed, dict(state.options))
        assert isinstance(dealt, Duel52State)
        assert dealt.pile != state.pile


# Endgame lanes: lanes 2 and 3 hold one Base per side, so only lane 1 is in play.
QUIET = {2: (["7C base"], ["7D base"]), 3: (["7H base"], ["7S base"])}


def test_ruling_r18_five_in_a_chain_flips_the_base_once_a_two_has_emptied_the_pile() -> None:
    # R18/R24: whether a 5 flips the Base card is decided when that 5 resolves.
    lanes = {1: (["6H base", "5C down", "2S down", "5D down"], ["8D"]), **QUIET}
    state = make(lanes, hands=(["4C"], ["4D"]), pile=["KD"], bases=False)
    act(state, "flip 1b", "resolve 1c", "discard KD")
    assert state.pile == []
    assert card(state, "1a").up  # the second 5 came after the draw: it flipped the Base
    assert card(state, "1A").frozen  # and the Base, a 6, froze the lane

    state = make(lanes, hands=(["4C"], ["4D"]), pile=["KD"], bases=False)
    act(state, "flip 1b", "resolve 1d", "discard KD")
    assert not card(state, "1a").up  # the second 5 came first, with a card still to draw


def test_ruling_r24_queen_in_a_fives_chain_brings_a_card_the_next_five_flips() -> None:
    state = make({1: (["5C down", "QH down", "5D down"], []), 2: (["AS down"], [])}, pile_size=5)
    act(state, "flip 1b", "resolve 1c", "move 2b")
    assert row(state, 1, 0)[1:] == ["5C", "QH", "5D", "AS"]
    assert all(bc.up for bc in state.rows[0][0][1:])  # the Ace came in face-down, then flipped
    assert state.actions_left == 3  # 2 left after the flip, +1 from the Ace


def test_ruling_r4_lane_won_the_moment_a_twos_draw_empties_the_pile() -> None:
    # The loser's hand is already empty: the last card leaving the pile is the last condition.
    state = make(
        {1: (["9H", "2S down"], []), **QUIET}, hands=(["4H"], []), pile=["KD"], bases=False
    )
    act(state, "flip 1b")
    assert state.pending == [("discard",)]
    assert state.lane_winner == [0, None, None]


def test_ruling_r10_trap_springs_against_a_pair_of_tens_and_the_eight_still_retaliates() -> None:
    state = make({1: (["10C p1", "10D p1"], ["3C down", "8H"]), **QUIET}, pile=[], bases=False)
    act(state, "attack 1a+1b 1A 1B")
    trap, eight = state.rows[0][1]
    assert (trap.up, trap.damage) == (True, 0)  # two damage would have killed it face-down
    assert eight.damage == 1
    assert [bc.damage for bc in state.rows[0][0]] == [1, 1]

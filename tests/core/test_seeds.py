"""Seeds: deals from real entropy, agent and tournament seeds one-way from what they come from."""

from __future__ import annotations

from itertools import pairwise

import pytest

from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.rng import fresh_seed
from duelhall.core.seeds import AFFINE, KEYED, SEEDING, agent_seed, deal_seed, derive

DUEL52 = get_game("duel52")


def _deal_from_affine_agent_seed(seed: int, seat: int) -> int:
    """The attack the old agent seeds allowed: solve ``deal * 7919 + 104729 * (seat + 1)``
    (mod 2**32) for the deal."""
    return ((seed - 104729 * (seat + 1)) * pow(7919, -1, 1 << 32)) & 0xFFFFFFFF


def test_an_agent_cannot_re_deal_the_game_from_its_seed() -> None:
    deal = 123_456
    true_game = DUEL52.new_state(deal, {}).to_position()
    # The old scheme: the agent's seed gave the deal away.
    old = _deal_from_affine_agent_seed(agent_seed(deal, 1, AFFINE), 1)
    assert DUEL52.new_state(old, {}).to_position() == true_game
    # Now: the same attack finds another game.
    new = _deal_from_affine_agent_seed(agent_seed(deal, 1, KEYED), 1)
    assert DUEL52.new_state(new, {}).to_position() != true_game
    assert SEEDING == KEYED


def test_agent_seeds_follow_no_formula_of_the_deal() -> None:
    """Neighbouring deals give unrelated agent seeds: about half their bits differ, and no
    constant step links them (the old formula stepped by 7919 every deal)."""
    seeds = [agent_seed(deal, 0) for deal in range(2000)]
    flips = [bin(a ^ b).count("1") for a, b in pairwise(seeds)]
    assert 29 < sum(flips) / len(flips) < 34  # 63-bit seeds: 31.5 on average
    assert len({b - a for a, b in pairwise(seeds)}) == len(seeds) - 1
    assert len(set(seeds)) == len(seeds)
    assert agent_seed(5, 0) != agent_seed(5, 1)  # each seat its own stream
    assert agent_seed(5, 1) == agent_seed(5, 1)  # reproducible
    assert agent_seed(5 + (1 << 64), 1) == agent_seed(5, 1)  # the same deal, the same seed


def test_derived_seeds_depend_on_key_purpose_and_path() -> None:
    base = derive(7, "deal", 1, 0)
    assert base != derive(8, "deal", 1, 0)
    assert base != derive(7, "agent", 1, 0)
    assert base != derive(7, "deal", 1, 1) != derive(7, "deal", 0, 1)
    assert deal_seed(7, 1, 0) == base
    assert all(0 <= derive(k, "deal", k) < 1 << 63 for k in range(200))


def test_an_unknown_seeding_scheme_is_named() -> None:
    with pytest.raises(DuelhallError, match="scheme 'future-9'"):
        agent_seed(1, 0, "future-9")


def test_fresh_seeds_are_wide_and_unpredictable() -> None:
    seeds = [fresh_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert all(0 <= s < 1 << 63 for s in seeds)
    assert max(seeds).bit_length() > 56  # not 32 bits, which a loop over deals could try

"""The seeded generator: fixed outputs (records replay on any machine), ranges, shuffles."""

from __future__ import annotations

import pytest

from duelhall.core.rng import Rng, fresh_seed


def test_splitmix64_reference_outputs_for_seed_0() -> None:
    # The published SplitMix64 sequence for state 0; a change of algorithm breaks every record.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_fixed_outputs_for_seed_1() -> None:
    rng = Rng(1)
    assert [rng.next_u64() for _ in range(3)] == [
        0x910A2DEC89025CC1,
        0xBEEB8DA1658EEC67,
        0xF893A2EEFB32555E,
    ]


def test_fixed_derived_outputs() -> None:
    assert Rng(0).below(10) == 5
    rng = Rng(0)
    assert [rng.below(10) for _ in range(10)] == [5, 0, 9, 4, 7, 0, 3, 0, 9, 0]
    items = list(range(10))
    Rng(1).shuffle(items)
    assert items == [4, 2, 8, 1, 9, 3, 0, 6, 7, 5]
    assert Rng(0).random() == 0.8833108082136426


def test_seed_is_taken_modulo_two_to_the_64() -> None:
    assert Rng(2**64 + 5).next_u64() == Rng(5).next_u64()
    assert Rng(-1).next_u64() == Rng(2**64 - 1).next_u64()


def test_same_seed_same_sequence_and_different_seeds_differ() -> None:
    a, b, c = Rng(42), Rng(42), Rng(43)
    seq_a = [a.next_u64() for _ in range(100)]
    assert seq_a == [b.next_u64() for _ in range(100)]
    assert seq_a != [c.next_u64() for _ in range(100)]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 1000, 2**63 + 1])
def test_below_stays_in_range(n: int) -> None:
    rng = Rng(n)
    for _ in range(500):
        assert 0 <= rng.below(n) < n


def test_below_one_is_always_zero() -> None:
    rng = Rng(9)
    assert {rng.below(1) for _ in range(50)} == {0}


@pytest.mark.parametrize("n", [0, -1])
def test_below_rejects_empty_ranges(n: int) -> None:
    with pytest.raises(ValueError, match="between 1 and 2"):
        Rng(0).below(n)


def test_below_rejects_bounds_past_the_generator_range() -> None:
    # Beyond 2**64 no draw could be accepted: it must fail, not loop forever.
    with pytest.raises(ValueError, match="between 1 and 2"):
        Rng(0).below(2**64 + 1)
    assert Rng(0).below(2**64) == Rng(0).next_u64()


def test_below_is_roughly_uniform() -> None:
    rng = Rng(123)
    n, draws = 6, 60_000
    counts = [0] * n
    for _ in range(draws):
        counts[rng.below(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 25, counts  # 5 degrees of freedom: p < 0.0002 if truly uniform


def test_below_covers_a_large_range_without_modulo_bias() -> None:
    # With n = 3 * 2**62 a modulo-reduced generator would land in the lower third twice as
    # often as in the top third; rejection sampling keeps the thirds even.
    n = 3 * 2**62
    rng = Rng(7)
    thirds = [0, 0, 0]
    for _ in range(30_000):
        thirds[rng.below(n) * 3 // n] += 1
    assert max(thirds) - min(thirds) < 600, thirds


def test_random_is_a_float_in_unit_interval() -> None:
    rng = Rng(3)
    values = [rng.random() for _ in range(2000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_shuffle_is_a_deterministic_permutation() -> None:
    a, b = list(range(52)), list(range(52))
    Rng(11).shuffle(a)
    Rng(11).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(52))
    assert a != list(range(52))
    c = list(range(52))
    Rng(12).shuffle(c)
    assert c != a


def test_shuffle_reaches_every_order_of_three() -> None:
    seen = set()
    for seed in range(200):
        items = [0, 1, 2]
        Rng(seed).shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6


def test_shuffle_of_short_lists() -> None:
    empty: list[int] = []
    Rng(0).shuffle(empty)
    assert empty == []
    one = [5]
    Rng(0).shuffle(one)
    assert one == [5]


def test_choice_picks_members() -> None:
    rng = Rng(5)
    picks = {rng.choice("abc") for _ in range(100)}
    assert picks == {"a", "b", "c"}


def test_clone_continues_the_same_sequence_independently() -> None:
    rng = Rng(77)
    rng.next_u64()
    twin = rng.clone()
    assert [twin.next_u64() for _ in range(5)] == [rng.next_u64() for _ in range(5)]
    twin.next_u64()
    assert twin.next_u64() != rng.next_u64()


def test_fork_is_deterministic_and_advances_the_parent() -> None:
    a, b = Rng(5), Rng(5)
    fa, fb = a.fork(), b.fork()
    assert fa.next_u64() == fb.next_u64() == 0xFAD6E24671254235
    assert a.next_u64() == b.next_u64()
    parent = Rng(5)
    parent.fork()
    assert parent.next_u64() != Rng(5).next_u64()


def test_fresh_seed_fits_a_signed_64_bit_integer() -> None:
    # Wide enough that no one can try every deal (see tests/core/test_seeds.py).
    seeds = {fresh_seed() for _ in range(20)}
    assert all(0 <= s < 2**63 for s in seeds)
    assert len(seeds) > 1

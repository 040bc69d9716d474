"""Ladder statistics against values worked out by hand or from the literature."""

from __future__ import annotations

import math

import pytest

from duelhall.sim.stats import (
    bradley_terry,
    elo_ratings,
    expected_score,
    haybittle_peto,
    score_interval,
    wilson,
)


def test_wilson_interval_matches_the_textbook_value() -> None:
    # 50 of 100: 0.5 +- 0.0962 (Wilson, z = 1.96).
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_score_interval_uses_the_sample_variance() -> None:
    scores = [1.0, 0.0] * 50
    iv = score_interval(scores)
    half = 1.959963984540054 * math.sqrt((100 * 0.25 / 99) / 100)
    assert iv.mean == 0.5
    assert iv.high - iv.mean == pytest.approx(half)
    assert iv.games == 100


def test_a_larger_z_widens_the_interval_in_proportion() -> None:
    # A sequential run corrects for its many looks by asking for a larger z.
    scores = [1.0, 0.0, 1.0] * 30
    plain, strict = score_interval(scores), score_interval(scores, z=3.0)
    assert strict.mean == plain.mean
    assert strict.high - strict.mean == pytest.approx(
        (plain.high - plain.mean) * 3.0 / 1.959963984540054
    )
    assert score_interval([1.0] * 10, z=3.0).low == pytest.approx(wilson(1.0, 10, 3.0)[0])


def test_draws_narrow_the_interval() -> None:
    decisive = score_interval([1.0, 0.0] * 20)
    drawish = score_interval([1.0, 0.0] * 5 + [0.5] * 30)
    assert drawish.mean == decisive.mean
    assert drawish.high - drawish.low < decisive.high - decisive.low


def test_a_clean_sweep_is_not_certainty() -> None:
    iv = score_interval([1.0] * 10)
    assert iv.mean == 1.0 and iv.high == 1.0
    assert iv.low == pytest.approx(wilson(1.0, 10)[0])
    assert iv.low < 0.75


def test_bradley_terry_recovers_strengths_from_exact_expectations() -> None:
    true = {"a": 1.0, "b": 2.0, "c": 4.0}
    results = {}
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        n = 300
        results[(x, y)] = (n * true[x] / (true[x] + true[y]), n)
    got = bradley_terry(results, ["a", "b", "c"], prior_games=0)
    assert got["b"] / got["a"] == pytest.approx(2.0, rel=1e-6)
    assert got["c"] / got["a"] == pytest.approx(4.0, rel=1e-6)


def test_three_to_one_is_191_elo() -> None:
    strengths = bradley_terry({("x", "y"): (75.0, 100)}, ["x", "y"], prior_games=0)
    elo = elo_ratings(strengths, anchor="y")
    assert elo["y"] == 0
    assert elo["x"] == pytest.approx(400 * math.log10(3), rel=1e-6)
    assert expected_score(elo["x"], elo["y"]) == pytest.approx(0.75)


def test_the_prior_keeps_a_perfect_record_finite() -> None:
    strengths = bradley_terry({("x", "y"): (20.0, 20)}, ["x", "y"])
    elo = elo_ratings(strengths, anchor="y")
    # One virtual draw: 20.5 of 21 points, odds 41 to 1.
    assert elo["x"] == pytest.approx(400 * math.log10(41), rel=1e-6)


def test_haybittle_peto_spends_little_early_and_the_rest_on_the_last_look() -> None:
    early, last = haybittle_peto(16)
    assert early == pytest.approx(3.2905, abs=1e-3)  # two-sided 0.001
    assert last == pytest.approx(2.108, abs=1e-3)  # two-sided 0.05 - 15 * 0.001
    assert haybittle_peto(1) == pytest.approx((3.2905, 1.96), abs=1e-3)


def test_haybittle_peto_refuses_a_design_with_nothing_left_for_the_last_look() -> None:
    with pytest.raises(ValueError, match="look less often"):
        haybittle_peto(51)
    with pytest.raises(ValueError, match="at least one look"):
        haybittle_peto(0)

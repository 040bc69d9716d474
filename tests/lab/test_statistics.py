"""The lab's statistics against values worked out by hand or from tables."""

from __future__ import annotations

import math

import pytest

from duelhall.core.errors import DuelhallError
from duelhall.lab.metrics import Observed, mean_interval, measure_all
from duelhall.lab.runner import check_precision, half_width
from duelhall.lab.tasks import GameFacts
from duelhall.sim.stats import holm, p_is, p_text, two_sided_p, wilson, z_for


def test_holm_matches_the_step_down_by_hand() -> None:
    # Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> kept monotone 0.06.
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # capped at 1
    assert holm([]) == []


def test_normal_quantiles_and_p_values_match_the_tables() -> None:
    assert z_for(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_for(0.99) == pytest.approx(2.575829, abs=1e-6)
    assert two_sided_p(0.5 + 1.959964 * 0.1, 0.5, 0.1) == pytest.approx(0.05, abs=1e-6)
    assert two_sided_p(0.5, 0.5, 0.0) == 1.0


def test_wilson_interval_matches_the_published_example() -> None:
    # Newcombe (1998), 81 successes in 263 trials: 0.2553 to 0.3662.
    low, high = wilson(81 / 263, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_half_width_is_the_normal_interval_of_the_mean_with_a_pseudo_block_at_each_bound() -> None:
    values = [0.0, 1.0, 0.5, 0.5]
    padded = [*values, 0.0, 1.0]
    sd = math.sqrt(sum((v - 0.5) ** 2 for v in padded) / 5)
    assert half_width(values, 1.96) == pytest.approx(1.96 * sd / math.sqrt(6))
    # Identical blocks do not claim certainty: the pads give them a spread.
    assert half_width([0.5] * 4, 1.96) == pytest.approx(1.96 * math.sqrt(0.1 / 6))
    # Differences of scores lie in [-1, 1], and pad there.
    assert half_width([0.0] * 4, 1.96, (-1.0, 1.0)) == pytest.approx(1.96 * math.sqrt(0.4 / 6))
    low, mean, high = mean_interval([1.0, 3.0])  # sd sqrt(2), n 2: half-width 1.96
    assert (low, mean, high) == pytest.approx((2 - 1.959964, 2.0, 2 + 1.959964))


def test_a_clean_sweep_is_at_least_as_sure_as_a_near_one() -> None:
    # 20 blocks all won against 19 won and one drawn, and against 18 won and two drawn: the
    # further the mean from a half, the narrower its interval measured from a half.
    sweeps = [[1.0] * (20 - k) + [0.5] * k for k in range(4)]
    margins = [(sum(v) / 20 - 0.5) / half_width(v, 1.96) for v in sweeps]
    assert margins == sorted(margins, reverse=True)
    assert (1.0 - 0.5) / half_width([1.0] * 20, 1.96) > 4  # clearly out of line


def test_tiny_p_values_do_not_round_to_zero_and_print_as_a_bound_when_they_underflow() -> None:
    assert 0 < two_sided_p(1.0, 0.5, 0.05) < 1e-20  # z = 10: about 1.5e-23
    assert two_sided_p(1.0, 0.5, 0.05) == pytest.approx(1.5239706e-23, rel=1e-6)
    assert p_text(two_sided_p(1.0, 0.5, 0.05)) == "1.52e-23"
    assert p_text(0.0) == "< 1e-300" and p_is(0.0) == "< 1e-300"
    assert p_is(0.0312) == "= 0.0312"


@pytest.mark.parametrize("bad", [0.0, 0.001, 0.51, 2.0, float("nan"), -0.1])
def test_precision_out_of_range_is_refused(bad: float) -> None:
    with pytest.raises(DuelhallError, match="--precision"):
        check_precision(bad)


def _game(
    scores: tuple[float, ...], evals: list[tuple[float, ...]], winner: int | None
) -> GameFacts:
    return GameFacts("k", scores, winner, 10, 8, 24, tuple(evals), ((), ()))


def test_metrics_of_hand_made_games() -> None:
    # Seat 1 leads, seat 0 takes over, seat 1 again, then seat 0 wins: three lead changes;
    # the winner trailed by 0.4 and 0.2 in two rounds (drama 0.3).
    a = _game((1.0, 0.0), [(0.5, 0.5), (0.3, 0.7), (0.6, 0.4), (0.4, 0.6), (0.9, 0.1)], 0)
    b = _game((0.5, 0.5), [], None)  # a draw without evaluations
    games = [Observed(a, 0), Observed(b, 1)]
    got = {m.name: m for m in measure_all(games)}
    assert got["lead-changes"].value == 3.0 and got["lead-changes"].games == 1
    assert got["drama"].value == pytest.approx(0.3)
    assert got["drawishness"].value == 0.5
    assert got["decision-moves"].value == 0.8
    assert got["branching"].value == 3.0
    assert got["first-player"].value == pytest.approx(0.25)  # +0.5 and 0
    # First seats scored 1 and 0.5, second seats 0 and 0.5: rates 0.75 and 0.25.
    assert got["balance"].value == pytest.approx(0.5)

    def h(p: float) -> float:  # a two-seat entropy in bits
        return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))

    assert got["uncertainty"].value == pytest.approx((1 + h(0.3) + 2 * h(0.4) + h(0.9)) / 5)


def test_an_unknown_metric_is_refused_by_name() -> None:
    with pytest.raises(DuelhallError, match="unknown metric 'fun'"):
        measure_all([], ["fun"])


def test_a_designer_adds_a_metric_without_touching_the_lab() -> None:
    from duelhall.lab.metrics import METRICS, Metric, metric

    @metric
    class Comebacks(Metric):
        name = "comebacks"
        title = "Comebacks"
        help = "won from behind after the first round"

        def per_game(self, game: Observed) -> float | None:
            f = game.facts
            if f.winner is None or len(f.evals) < 2:
                return None
            return 1.0 if f.evals[1][f.winner] < max(f.evals[1]) else 0.0

    try:
        behind = _game((1.0, 0.0), [(0.5, 0.5), (0.3, 0.7), (0.9, 0.1)], 0)
        ahead = _game((0.0, 1.0), [(0.5, 0.5), (0.3, 0.7)], 1)
        (value,) = measure_all([Observed(behind, 0), Observed(ahead, 0)], ["comebacks"])
        assert value.value == 0.5 and value.games == 2
    finally:
        del METRICS["comebacks"]


def test_card_value_errors_count_a_block_as_one_cluster() -> None:
    from duelhall.lab.questions.card_value import difference

    # Two blocks. With the card: 1, 1 (block 0) and 0 (block 1); without: 0 (block 0), 1, 1
    # (block 1). Means 2/3 and 2/3. Per block: block 0 (1/3 + 1/3)/3 - (-2/3)/3 = 4/9,
    # block 1 (-2/3)/3 - (1/3 + 1/3)/3 = -4/9; variance 2/1 * 2 * (4/9)**2.
    with_ = [(0, 1.0), (0, 1.0), (1, 0.0)]
    without = [(0, 0.0), (1, 1.0), (1, 1.0)]
    diff, rate, se = difference(with_, without)
    assert diff == pytest.approx(0.0) and rate == pytest.approx(2 / 3)
    assert se == pytest.approx(math.sqrt(2 * 2 * (4 / 9) ** 2))
    # The same seats spread over six blocks are independent: a smaller error.
    spread = difference(
        [(i, s) for i, (_, s) in enumerate(with_)], [(i + 3, s) for i, (_, s) in enumerate(without)]
    )
    assert spread[2] < se

"""Statistics for matches between agents: score intervals and Bradley–Terry ratings."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054


@dataclass(frozen=True)
class ScoreInterval:
    """A mean score (1 win, 0.5 draw, 0 loss) with its 95% interval."""

    mean: float
    low: float
    high: float
    games: int


def score_interval(scores: Sequence[float], z: float = Z95) -> ScoreInterval:
    """Mean and normal-approximation interval (95% unless ``z`` says otherwise) of per-game
    scores, kept inside [0, 1].

    The per-game variance is estimated from the scores themselves, so draws narrow the
    interval as they should. With every game the same the variance is zero; the interval
    then uses the Wilson bound for that many games instead, since "always wins" after a few
    games does not mean certainty.
    """
    n = len(scores)
    if n == 0:
        return ScoreInterval(0.5, 0.0, 1.0, 0)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    if var == 0.0:
        low, high = wilson(mean, n, z)
        return ScoreInterval(mean, low, high, n)
    half = z * math.sqrt(var / n)
    return ScoreInterval(mean, max(0.0, mean - half), min(1.0, mean + half), n)


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At p = 0 or 1 one bound is exactly 0 or 1; say so rather than 0.9999999999999999.
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def bradley_terry(
    results: Mapping[tuple[str, str], tuple[float, int]],
    players: Sequence[str],
    *,
    prior_games: float = 1.0,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> dict[str, float]:
    """Bradley–Terry strengths by the minorization–maximization algorithm (Hunter 2004).

    ``results[(a, b)] = (score of a against b, games)``, draws counted as half a win each.
    ``prior_games`` adds that many virtual drawn games to every pair that met, so an agent
    that won every game gets a large but finite strength. Returns strengths normalised to a
    geometric mean of 1.
    """
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    wins = [0.0] * k
    games = [[0.0] * k for _ in range(k)]
    for (a, b), (score, n) in results.items():
        i, j = index[a], index[b]
        if n <= 0:
            continue
        wins[i] += score + prior_games / 2
        wins[j] += n - score + prior_games / 2
        games[i][j] += n + prior_games
        games[j][i] += n + prior_games
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(wins[i] / denom if denom > 0 else strength[i])
        log_mean = sum(math.log(s) for s in new) / k
        new = [s / math.exp(log_mean) for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    return {p: strength[index[p]] for p in players}


def connected(results: Mapping[tuple[str, str], tuple[float, int]], start: str) -> set[str]:
    """The players linked to ``start`` through pairs that played at least one game.

    Bradley–Terry only compares players through the games between them: a player with no
    game, or whose games never reach ``start``'s group, has no rating relative to it, and
    fitting one anyway prints a number that means nothing."""
    linked = {start}
    frontier = [start]
    while frontier:
        player = frontier.pop()
        for (a, b), (_score, n) in results.items():
            if n <= 0 or player not in (a, b):
                continue
            other = b if player == a else a
            if other not in linked:
                linked.add(other)
                frontier.append(other)
    return linked


def elo_ratings(strengths: Mapping[str, float], anchor: str | None = None) -> dict[str, float]:
    """Bradley–Terry strengths on the Elo scale (400 points: 10 to 1 odds).

    ``anchor`` is rated 0; without one the ratings average 0.
    """
    elo = {p: 400 * math.log10(s) for p, s in strengths.items()}
    shift = elo[anchor] if anchor is not None else sum(elo.values()) / max(len(elo), 1)
    return {p: r - shift for p, r in elo.items()}


def expected_score(elo_a: float, elo_b: float) -> float:
    """Expected score of a player rated ``elo_a`` against one rated ``elo_b``."""
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


def two_sided_p(estimate: float, reference: float, standard_error: float) -> float:
    """The normal test's two-sided p-value of ``estimate`` against ``reference``.

    Computed as ``erfc``, not ``1 - cdf``, which rounds to 0 below about 1e-16."""
    if standard_error <= 0:
        return 1.0 if estimate == reference else 0.0
    z = abs(estimate - reference) / standard_error
    return math.erfc(z / math.sqrt(2))


def p_text(p: float) -> str:
    """A p-value for a report: three significant digits, and a bound where it underflows."""
    return f"{p:.3g}" if p > 0 else "< 1e-300"


def p_is(p: float) -> str:
    """A p-value in a sentence: ``= 0.003``, or ``< 1e-300`` where it underflows."""
    return f"= {p:.3g}" if p > 0 else "< 1e-300"


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given (Holm 1979).

    An entry is significant at level ``alpha`` after correcting for all the comparisons when
    its adjusted value is at most ``alpha``; the family-wise error stays below ``alpha``."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for ``confidence`` (0.95 gives 1.96)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def haybittle_peto(looks: int, alpha: float = 0.05, interim: float = 0.001) -> tuple[float, float]:
    """The z at which a run that looks at its data ``looks`` times may stop early, and the z
    of its last look, so that the chance of any wrong "clear" over the run is at most
    ``alpha`` (two-sided).

    A Haybittle-Peto design: every look before the last needs an extreme result (two-sided
    ``interim``), and the last look is held to the rest of ``alpha`` by the union bound. An
    equal split over every look (Bonferroni) would hold the last look to the same extreme as
    the first: at 16 looks, z 2.96 where this asks 2.11.
    """
    if looks < 1:
        raise ValueError(f"a run takes at least one look, not {looks}")
    left = alpha - (looks - 1) * interim
    if left <= 0:
        raise ValueError(f"{looks} looks at {interim} each spend all of {alpha}: look less often")
    return z_for(1 - interim), z_for(1 - left)

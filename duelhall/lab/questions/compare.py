"""``compare``: the same batch under two option sets, side by side, with the differences.

Both sets play the same deals (block ``b`` deals the same seed in each), each deal once with
every seat first. The first seat's advantage is compared block by block (a paired
difference); every design metric is compared as a difference of means. The study stops
when the first seat's difference is known to the precision asked or is clearly not zero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.lab.metrics import measure_all
from duelhall.lab.questions.base import Ask, batch_arm, num, observed, pct
from duelhall.lab.report import figures
from duelhall.lab.report.model import Figure, Report, Section, Table
from duelhall.lab.runner import MIN_CLEAR_BLOCKS, ArmData, Study, StudyResult, half_width
from duelhall.sim.stats import Z95, p_is, two_sided_p

# A block's difference of first-seat scores, B minus A, lies between these.
DIFF_BOUNDS = (-1.0, 1.0)

A, B = "A", "B"


def paired(data: Mapping[str, ArmData]) -> list[float]:
    """B's first-seat score minus A's, block by block (same deals)."""
    return [b - a for a, b in zip(data[A].values(), data[B].values(), strict=False)]


def _stop(data: Mapping[str, ArmData], precision: float, z_look: float) -> set[str]:
    if set(data) != {A, B}:
        return set(data)
    diffs = paired(data)
    mean = sum(diffs) / len(diffs)
    if half_width(diffs, Z95, DIFF_BOUNDS) <= precision or (
        len(diffs) >= MIN_CLEAR_BLOCKS and abs(mean) > half_width(diffs, z_look, DIFF_BOUNDS)
    ):
        return {A, B}
    return set()


def describe(options: dict[str, object]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items()) or "the defaults"


class Compare:
    name = "compare"
    help = "two option sets side by side (--a NAME=VALUE, --b NAME=VALUE) with differences"

    def study(self, ask: Ask) -> Study:
        if not ask.a and not ask.b:
            raise DuelhallError(
                "compare needs two option sets: --a NAME=VALUE and/or --b NAME=VALUE, e.g. "
                "--a variant=quick --b variant=long"
            )
        if dict(ask.a) == dict(ask.b):
            raise DuelhallError("--a and --b give the same options; change one of them")
        arms = (
            batch_arm(ask, A, {**ask.options, **ask.a}),
            batch_arm(ask, B, {**ask.options, **ask.b}),
        )
        if len(arms[0].seatings) != len(arms[1].seatings):
            raise DuelhallError("--a and --b must have the same number of players")
        return Study(ask.info.name, arms, ask.seed, ask.precision, ask.max_games, stop=_stop)

    def report(self, ask: Ask, result: StudyResult) -> Report:
        data = result.data
        diffs = paired(data)
        mean = sum(diffs) / len(diffs)
        half = half_width(diffs, Z95, DIFF_BOUNDS) if len(diffs) > 1 else 1.0
        p = two_sided_p(mean, 0.0, half / Z95)
        names = {A: describe(dict(ask.a)), B: describe(dict(ask.b))}
        measured = {k: measure_all(observed(data[k]), ask.metrics or None) for k in (A, B)}
        rows: list[dict[str, Any]] = []
        for ma, mb in zip(measured[A], measured[B], strict=True):
            diff = low = high = None
            if ma.value is not None and mb.value is not None:
                diff = mb.value - ma.value
                if None not in (ma.low, ma.high, mb.low, mb.high):
                    sa = (ma.high - ma.low) / (2 * Z95)  # type: ignore[operator]
                    sb = (mb.high - mb.low) / (2 * Z95)  # type: ignore[operator]
                    h = Z95 * math.hypot(sa, sb)
                    low, high = diff - h, diff + h
            rows.append(
                {
                    "metric": ma.name,
                    "title": ma.title,
                    "a": ma.value,
                    "a_low": ma.low,
                    "a_high": ma.high,
                    "b": mb.value,
                    "b_low": mb.low,
                    "b_high": mb.high,
                    "diff": diff,
                    "low": low,
                    "high": high,
                    "clear": low is not None and high is not None and (low > 0 or high < 0),
                }
            )
        findings = [
            f"A = {names[A]}; B = {names[B]}; {len(diffs)} deals each, every seat first.",
            f"First seat's score, B minus A: {100 * mean:+.1f} points "
            f"[{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] (p {p_is(p)}).",
        ]
        findings += [
            f"{r['title']}: {num(r['a'], 3)} with A, {num(r['b'], 3)} with B "
            f"(difference {num(r['diff'], 3)} [{num(r['low'], 3)}, {num(r['high'], 3)}])."
            for r in rows
            if r["clear"]
        ]
        table = Table(
            ["metric", "A", "B", "B − A", "95% interval"],
            [
                [
                    r["title"],
                    num(r["a"], 3),
                    num(r["b"], 3),
                    num(r["diff"], 3),
                    f"{num(r['low'], 3)} – {num(r['high'], 3)}" if r["low"] is not None else "–",
                ]
                for r in rows
            ],
            {i for i, r in enumerate(rows) if r["clear"]},
        )
        shown = [r for r in rows if r["a"] is not None]
        fig = figures.panels(
            [r["title"] for r in shown],
            [
                [("A", r["a_low"], r["a"], r["a_high"]), ("B", r["b_low"], r["b"], r["b_high"])]
                for r in shown
            ],
        )
        section = Section(
            "Side by side",
            f"A: {names[A]}. B: {names[B]}. Orange rows: the interval of the difference "
            "excludes zero (not corrected for the number of metrics).",
            table,
            [Figure("metrics", "Each metric under A and B, with 95% intervals", fig, "panels")],
        )
        return Report(
            f"{ask.info.title}: {names[A]} against {names[B]}",
            self.name,
            ask.info.name,
            {},
            findings,
            [section],
            {
                "a": dict(ask.a),
                "b": dict(ask.b),
                "first_seat_difference": {
                    "mean": mean,
                    "low": mean - half,
                    "high": mean + half,
                    "p": p,
                    "deals": len(diffs),
                },
                "metrics": rows,
                "first_seat": {
                    "A": pct(sum(data[A].values()) / len(data[A].values())),
                    "B": pct(sum(data[B].values()) / len(data[B].values())),
                },
            },
        )

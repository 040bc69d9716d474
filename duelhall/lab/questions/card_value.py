"""``card-value``: what each card is worth, by the win rate of the seats that had it.

A batch of games (each deal with every seat first) is read seat by seat through the card
features of :mod:`duelhall.lab.features`: for every feature (``hand:K``, ``base:7``,
``first:Q``, ``removed:A``; Highlander's ``hand:thrust``, ``played:lunge``) the win rate of
the seats that had it against those that did not, with the difference's interval. The
differences are tested together: Holm's correction over every feature keeps chance from
flagging a card. These are associations in play by the chosen agents, not causes: a card
the agents play first when ahead looks strong for that reason too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.lab.features import READERS as GAMES_WITH_FEATURES
from duelhall.lab.metrics import Observed
from duelhall.lab.questions.base import Ask, batch_arm, pct
from duelhall.lab.report import figures
from duelhall.lab.report.model import Figure, Report, Section, Table
from duelhall.lab.runner import Arm, ArmData, Study, StudyResult, games_for
from duelhall.sim.stats import Z95, holm, p_is, p_text, two_sided_p

KIND_TITLES = {
    "hand": "In the opening hand",
    "base": "As a Base card",
    "first": "Played first",
    "removed": "Removed unseen (the first seat's rate)",
    "hero": "As the hero",
    "banner": "As a bannerman",
    "played": "Played at least once",
}
MIN_SHARE = 0.05  # features seen in fewer seats are reported but do not hold the batch up
LABEL = "card-value batch"


Seats = list[tuple[int, float]]  # (block, score) of each seat
Samples = tuple[Seats, Seats]
"""The seats with a feature, and the seats without it."""


def feature_rates(data: ArmData) -> dict[str, Samples]:
    """For each feature, the seats with it and those without, each tagged with its block."""
    blocks = [
        (b, Observed(f, s.subject))
        for b, block in enumerate(data.blocks)
        for f, s in zip(block, data.arm.seatings, strict=True)
    ]
    names = sorted({f for _, g in blocks for feats in g.facts.features for f in feats})
    rates: dict[str, Samples] = {n: ([], []) for n in names}
    for b, g in blocks:
        for seat, feats in enumerate(g.facts.features):
            score = g.facts.scores[seat]
            have = set(feats)
            for n in names:
                # ``removed`` is given to the first seat only: compare first seats alone.
                if n.startswith("removed:") and seat != g.first:
                    continue
                rates[n][0 if n in have else 1].append((b, score))
    return rates


def difference(
    with_: list[tuple[int, float]], without: list[tuple[int, float]]
) -> tuple[float, float, float]:
    """The difference of mean scores, the mean with, and the difference's standard error.

    The error is cluster-robust, a block (one deal, played with every seat first) being the
    cluster: the seats of a block share a deal and agents' seeds, so they are not independent,
    and treating them so would make intervals too narrow."""
    n1, n0 = len(with_), len(without)
    m1 = sum(s for _, s in with_) / n1
    m0 = sum(s for _, s in without) / n0
    per_block: dict[int, float] = {}
    for b, s in with_:
        per_block[b] = per_block.get(b, 0.0) + (s - m1) / n1
    for b, s in without:
        per_block[b] = per_block.get(b, 0.0) - (s - m0) / n0
    c = len(per_block)
    var = c / (c - 1) * sum(u * u for u in per_block.values()) if c > 1 else 0.0
    if var == 0.0:  # every score alike: not certainty, so a coin's spread at least
        var = 0.25 / n1 + 0.25 / n0
    return m1 - m0, m1, math.sqrt(var)


def _stop(data: Mapping[str, ArmData], precision: float, z_look: float) -> set[str]:
    done = set()
    for label, d in data.items():
        seats = sum(len(f.scores) for f in d.games())
        rates = feature_rates(d)
        common = [(w, wo) for w, wo in rates.values() if len(w) >= MIN_SHARE * seats and wo]
        if common and all(Z95 * difference(w, wo)[2] <= precision for w, wo in common):
            done.add(label)
    return done


class CardValue:
    name = "card-value"
    help = "each card's worth: win rate by rank in the opening hand, as a Base card, ..."

    def study(self, ask: Ask) -> Study:
        if ask.info.name not in GAMES_WITH_FEATURES:
            raise DuelhallError(
                f"card-value reads cards of Duel 52 and Highlander; {ask.info.title} has no "
                "card features yet"
            )
        arm = batch_arm(ask, LABEL, ask.options)
        arm = Arm(arm.label, arm.options, arm.seatings, reference=None, fair=False)
        # A difference between two groups of seats needs about four times a single rate's
        # games, and a rank is in a given hand well under half the time.
        games = ask.max_games or 8 * games_for(ask.precision)
        return Study(ask.info.name, (arm,), ask.seed, ask.precision, games, stop=_stop)

    def report(self, ask: Ask, result: StudyResult) -> Report:
        rows: list[dict[str, Any]] = []
        for name, (with_, without) in feature_rates(result.data[LABEL]).items():
            if len(with_) < 2 or len(without) < 2:
                continue
            diff, rate, se = difference(with_, without)
            kind, _, card = name.partition(":")
            rows.append(
                {
                    "feature": name,
                    "kind": kind,
                    "card": card,
                    "seats": len(with_),
                    "rate": rate,
                    "diff": diff,
                    "low": diff - Z95 * se,
                    "high": diff + Z95 * se,
                    "p": two_sided_p(diff, 0.0, se),
                }
            )
        for row, adj in zip(rows, holm([r["p"] for r in rows]), strict=True):
            row["p_holm"] = adj
            row["significant"] = adj <= 0.05
        sections = []
        order = _card_order(ask.info.name)
        for kind, title in KIND_TITLES.items():
            mine = sorted((r for r in rows if r["kind"] == kind), key=lambda r: order(r["card"]))
            if not mine:
                continue
            fig = figures.forest(
                [r["card"] for r in mine],
                [r["diff"] for r in mine],
                [r["low"] for r in mine],
                [r["high"] for r in mine],
                reference=0.0,
                marked=[r["significant"] for r in mine],
                xlabel="win rate with the card minus without it (percentage points)",
            )
            table = Table(
                ["card", "seats", "win rate with it", "difference", "95% interval", "Holm p"],
                [
                    [
                        r["card"],
                        str(r["seats"]),
                        pct(r["rate"]),
                        _points(r["diff"]),
                        f"{_points(r['low'])} – {_points(r['high'])}",
                        p_text(r["p_holm"]),
                    ]
                    for r in mine
                ],
                {i for i, r in enumerate(mine) if r["significant"]},
            )
            sections.append(
                Section(title, "", table, [Figure(f"value-{kind}", title, fig, "forest")])
            )
        flagged = sorted((r for r in rows if r["significant"]), key=lambda r: -abs(r["diff"]))
        findings = [
            f"{KIND_TITLES[r['kind']]}: {r['card']} shifts the win rate by {_points(r['diff'])} "
            f"[{_points(r['low'])}, {_points(r['high'])}] (Holm p {p_is(r['p_holm'])})."
            for r in flagged[:12]
        ] or [f"No card is out of line after correcting for {len(rows)} comparisons (Holm)."]
        if len(flagged) > 12:
            findings.append(f"…and {len(flagged) - 12} more in the tables below.")
        return Report(
            f"Card values in {ask.info.title}",
            self.name,
            ask.info.name,
            {},
            findings,
            sections,
            {"features": rows},
        )


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _card_order(game: str) -> Any:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    if game == "duel52":
        return lambda card: ranks.index(card) if card in ranks else 99
    return lambda card: card

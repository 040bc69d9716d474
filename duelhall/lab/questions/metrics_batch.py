"""``metrics``: Ludii-style design metrics of one batch of games (every seat first on each
deal), each with its 95% interval; ``--metrics NAME,...`` picks some, ``--metric-module``
adds your own (see :mod:`duelhall.lab.metrics`)."""

from __future__ import annotations

from duelhall.lab.metrics import measure_all
from duelhall.lab.questions.base import Ask, batch_arm, num, observed
from duelhall.lab.report import figures
from duelhall.lab.report.model import Figure, Report, Section, Table
from duelhall.lab.runner import Arm, Study, StudyResult

LABEL = "batch"


class Metrics:
    name = "metrics"
    help = "design metrics of a batch: balance, duration, branching, lead changes, drama, ..."

    def study(self, ask: Ask) -> Study:
        measure_all([], ask.metrics or None)  # an unknown name is refused before playing
        arm = batch_arm(ask, LABEL, ask.options)
        arm = Arm(arm.label, arm.options, arm.seatings, reference=None, fair=False)
        return Study(ask.info.name, (arm,), ask.seed, ask.precision, ask.max_games)

    def report(self, ask: Ask, result: StudyResult) -> Report:
        games = observed(result.data[LABEL])
        values = measure_all(games, ask.metrics or None)
        table = Table(
            ["metric", "value", "95% interval", "games", "what it measures"],
            [
                [
                    v.title,
                    num(v.value, 3),
                    f"{num(v.low, 3)} – {num(v.high, 3)}" if v.low is not None else "–",
                    str(v.games),
                    v.help,
                ]
                for v in values
            ],
        )
        findings = [
            f"{v.title}: {num(v.value, 3)}"
            + (f" [{num(v.low, 3)}, {num(v.high, 3)}]" if v.low is not None else "")
            + "."
            for v in values
            if v.value is not None
        ]
        missing = [v.title for v in values if v.value is None]
        if missing:
            findings.append(
                f"Not defined for these games: {', '.join(missing)} (no evaluator, or no winner)."
            )
        length = figures.histogram(
            [float(g.facts.actions) for g in games], xlabel="actions in a game"
        )
        sections = [
            Section("Metrics", "", table, []),
            Section(
                "Game length",
                "How many actions the games took.",
                None,
                [Figure("duration", "Distribution of game length", length, "histogram")],
            ),
        ]
        return Report(
            f"Design metrics of {ask.info.title}",
            self.name,
            ask.info.name,
            {},
            findings,
            sections,
            {"metrics": [v.__dict__ for v in values]},
        )

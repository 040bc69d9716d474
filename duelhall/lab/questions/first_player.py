"""``first-player``: the first seat's advantage in every variant, and every seat's share in
turn order.

One arm per named variant of the game (Duel 52 also with three players and with two teams of
two, each with the quick, standard and long decks), narrowed by ``--variant`` and
``--players``. Each deal is played once with every seat first, so the first seat's score is
a paired measure. An arm whose interval excludes the fair share (half a win in a duel, a
third with three players) after correcting for the number of arms (Holm) is flagged.
"""

from __future__ import annotations

from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo
from duelhall.lab.questions.base import Ask, batch_arm, observed, pct
from duelhall.lab.report import figures
from duelhall.lab.report.model import Figure, Report, Section, Table
from duelhall.lab.runner import Arm, Study, StudyResult, half_width
from duelhall.sim.stats import Z95, holm, p_is, p_text, score_interval, two_sided_p

PLAYER_COUNTS = {3: "three players", 4: "two teams of two"}


def variant_arms(ask: Ask, info: GameInfo | None = None) -> list[Arm]:
    """Every named variant (and player count) of ``info`` (else the question's game) the
    user did not rule out; arms of one game among several are labelled with its name."""
    several = info is not None
    info = info or ask.info
    presets = {name: dict(opts) for name, opts in info.variants.items()}
    defaults = info.resolve_options({})
    if not any(info.resolve_options(p) == defaults for p in presets.values()):
        presets = {"rules as given": {}, **presets}
    if ask.variants:
        unknown = [v for v in ask.variants if v not in presets]
        if unknown:
            raise DuelhallError(
                f"--variant {unknown[0]}: {info.title} has the variants {', '.join(presets)}"
            )
        presets = {v: presets[v] for v in ask.variants}
    counts: tuple[int, ...] = (info.seats,)
    has_players = any(o.name == "players" for o in info.options)
    if has_players and "players" not in ask.options:
        counts = ask.players or tuple(o for o in info.option("players").choices)
    elif ask.players:
        raise DuelhallError(f"--players: {info.title} has no player variants")
    arms = []
    for n in counts:
        for name, preset in presets.items():
            options = {**preset, **ask.options}
            if has_players and "players" not in ask.options:
                options["players"] = n
            if n != info.seats and not _plays(info, options):
                continue  # the expansion is a two-player game: no such variant
            label = name if n == info.seats else f"{name}, {PLAYER_COUNTS.get(n, f'{n} players')}"
            if several:
                label = f"{info.title}: {label}"
            arms.append(batch_arm(ask, label, options, info if several else None))
    if not arms:
        raise DuelhallError("no variant left to play; check --variant and --players")
    return arms


def _plays(info: GameInfo, options: dict[str, Any]) -> bool:
    try:
        info.new_state(0, info.resolve_options(options))
    except DuelhallError:
        return False
    return True


class FirstPlayer:
    name = "first-player"
    help = "the first seat's advantage in every variant (every seat in turn order)"

    def study(self, ask: Ask) -> Study:
        if ask.every_game:
            arms = [a for info in ask.every_game for a in variant_arms(ask, info)]
        else:
            arms = variant_arms(ask)
        return Study(ask.info.name, tuple(arms), ask.seed, ask.precision, ask.max_games)

    def report(self, ask: Ask, result: StudyResult) -> Report:
        rows: list[dict[str, Any]] = []
        for label, data in result.data.items():
            values = data.values()
            n = len(values)
            mean = sum(values) / n
            half = half_width(values, Z95) if n > 1 else 0.5
            fair = data.reference() or 0.5
            games = observed(data)
            seats = len(games[0].facts.scores)
            by_position = []
            for k in range(seats):
                scores = [g.facts.scores[(g.first + k) % seats] for g in games]
                by_position.append(score_interval(scores))
            rows.append(
                {
                    "variant": label,
                    "options": dict(data.arm.options),
                    "games": len(games),
                    "first_seat": mean,
                    "low": max(0.0, mean - half),
                    "high": min(1.0, mean + half),
                    "fair": fair,
                    "p": two_sided_p(mean, fair, half / Z95 if half else 0.0),
                    "by_turn_order": [
                        {"mean": s.mean, "low": s.low, "high": s.high} for s in by_position
                    ],
                }
            )
        for row, adjusted in zip(rows, holm([r["p"] for r in rows]), strict=True):
            row["p_holm"] = adjusted
            row["significant"] = adjusted <= 0.05
        findings = []
        for r in rows:
            edge = r["first_seat"] - r["fair"]
            verdict = (
                f"the first seat {'gains' if edge > 0 else 'loses'} {abs(100 * edge):.1f} points "
                f"(significant, Holm p {p_is(r['p_holm'])})"
                if r["significant"]
                else "no first-seat advantage shown at this precision"
            )
            findings.append(
                f"{r['variant']}: first seat scores {pct(r['first_seat'])} "
                f"[{pct(r['low'])}, {pct(r['high'])}] against a fair {pct(r['fair'])}; {verdict}."
            )
        table = Table(
            ["variant", "games", "first seat", "95% interval", "fair", "Holm p", "by turn order"],
            [
                [
                    r["variant"],
                    str(r["games"]),
                    pct(r["first_seat"]),
                    f"{pct(r['low'])} – {pct(r['high'])}",
                    pct(r["fair"]),
                    p_text(r["p_holm"]),
                    " · ".join(pct(s["mean"], 0) for s in r["by_turn_order"]),
                ]
                for r in rows
            ],
            {i for i, r in enumerate(rows) if r["significant"]},
        )
        fig = figures.forest(
            [r["variant"] for r in rows],
            [r["first_seat"] for r in rows],
            [r["low"] for r in rows],
            [r["high"] for r in rows],
            reference=[r["fair"] for r in rows],
            marked=[r["significant"] for r in rows],
            xlabel="first seat's score (dashed: its fair share)",
        )
        section = Section(
            "First seat's score by variant",
            "Each deal is played once with every seat first; the dashed line is the fair "
            "share. Orange: out of line after correcting for the number of variants (Holm). "
            "The last column gives every seat's score in turn order, first seat first.",
            table,
            [Figure("first-seat", "First seat's score with 95% intervals", fig, "forest")],
        )
        return Report(
            f"First-player advantage in {ask.title}",
            self.name,
            ask.game_name,
            {},
            findings,
            [section],
            {"variants": rows},
        )

"""``matchups``: side against side, as a matrix of win rates with intervals and a heat map.

- Duel 52 heroes (``--kind heroes``, the default): every pair of the heroes asked for
  (``--heroes 7,K,A``; all thirteen by default) is an arm. A block plays one deal twice with
  the heroes fixed by the ``hero_ranks`` option (ruling X31): the row's hero in seat 1 going
  first, then in seat 2 going second, so seat and tempo cancel. The diagonal is a hero
  against itself, a fair game by symmetry, and is not played.
- Duel 52 bannermen (``--kind bannermen``): bannermen are drafted, not dealt, so they are
  observed: a batch with bannermen on (first seat rotated), and the win rate of a seat by the
  pair of ranks it drafted and by each rank. These are what the agents chose to draft, not
  random assignments: read them as "a seat that drafted this".
- Highlander: The Kurgan against Connor MacLeod, each character going first on every deal.
- Duel Fighters: every pair of characters (the content's, built-in or ``--option content``),
  fixed by the ``first`` and ``second`` options. A block plays one deal twice with the row's
  character in seat 1, then in seat 2, so the seat (who deploys first) cancels. Mirror
  matches are not played.

Entries out of line (significantly away from 50%) are found with Holm's correction over
every entry tested, so a 13 x 13 matrix does not flag cells by chance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.lab.questions.base import Ask, batch_arm, checked, observed, pct
from duelhall.lab.report import figures
from duelhall.lab.report.model import Figure, Report, Section, Table
from duelhall.lab.runner import Arm, ArmData, Seating, Study, StudyResult, games_for, half_width
from duelhall.lab.seating import seat_agents
from duelhall.sim.stats import Z95, holm, p_is, p_text, score_interval, two_sided_p

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
KINDS = {
    "duel52": ("heroes", "bannermen"),
    "highlander": ("characters",),
    "duelfighters": ("characters",),
}
TITLES = {
    "heroes": "Duel 52 hero against hero",
    "bannermen": "Duel 52 bannermen pairs",
    "highlander": "Highlander: The Kurgan against Connor MacLeod",
    "duelfighters": "Duel Fighters: character against character",
}


def _kind(ask: Ask) -> str:
    kinds = KINDS.get(ask.info.name)
    if kinds is None:
        raise DuelhallError(
            f"{ask.info.title} has no sides to match up (no heroes or characters); "
            "try first-player, card-value, compare or metrics"
        )
    kind = ask.kind or kinds[0]
    if kind not in kinds:
        raise DuelhallError(f"--kind {kind}: {ask.info.title} matches up {', '.join(kinds)}")
    if ask.heroes and kind != "heroes":
        raise DuelhallError(
            f"--heroes picks Duel 52 heroes; {ask.info.title} matches up {kind} here, so "
            "leave it out"
        )
    return kind


def fighters(ask: Ask) -> dict[str, str]:
    """Duel Fighters' characters by name, each with the id its options take, in the
    content's order (the built-in five, or a ``content`` folder's)."""
    from duelhall.games.duelfighters.content import load_content

    folder = ask.info.resolve_options(ask.options)["content"]
    characters = load_content(folder or None).characters.values()
    if len(characters) < 2:
        raise DuelhallError("matchups needs at least two characters in the content")
    return {c.name: c.id for c in characters}


def hero_ranks(ask: Ask) -> list[str]:
    if not ask.heroes:
        return list(RANKS)
    out = []
    for text in ask.heroes:
        rank = text.strip().upper().replace("T", "10")
        if rank not in RANKS:
            raise DuelhallError(f"--heroes: {text!r} is not a rank; use 2-10, J, Q, K or A")
        if rank not in out:
            out.append(rank)
    if len(out) < 2:
        raise DuelhallError("--heroes needs at least two ranks, like --heroes 7,K,A")
    return sorted(out, key=RANKS.index)


class Matchups:
    name = "matchups"
    help = "side against side: Duel 52 heroes or bannermen, Highlander or Duel Fighters characters"

    def study(self, ask: Ask) -> Study:
        kind = _kind(ask)
        if kind == "heroes":
            return Study(
                ask.info.name, tuple(self._hero_arms(ask)), ask.seed, ask.precision, ask.max_games
            )
        if kind == "bannermen":
            arm = batch_arm(ask, "bannermen", {**ask.options, "bannermen": True})
            arm = Arm(arm.label, arm.options, arm.seatings, reference=None)
            # A pair of ranks is one of 78: give the batch room to see each pair often.
            games = ask.max_games or games_for(ask.precision) * 8
            # Play them all: the batch's own interval (the first seat's score) is narrow long
            # before the pairs are seen often enough, and stopping on it saw 20 games.
            return Study(ask.info.name, (arm,), ask.seed, ask.precision, games, stop=_play_on)
        if ask.info.name == "duelfighters":
            arms = tuple(self._fighter_arms(ask))
            return Study(ask.info.name, arms, ask.seed, ask.precision, ask.max_games)
        seats = 2
        seatings = tuple(
            Seating({"kurgan": str(k + 1)}, seat_agents(ask.agents, seats, k), k)
            for k in range(seats)
        )
        checked(ask.info, ask.options, "matchups")
        arm = Arm("The Kurgan v Connor MacLeod", dict(ask.options), seatings)
        return Study(ask.info.name, (arm,), ask.seed, ask.precision, ask.max_games)

    def _hero_arms(self, ask: Ask) -> list[Arm]:
        base = {**ask.options, "heroes": True, "players": 2}
        checked(ask.info, base, "matchups")
        arms = []
        for x, y in combinations(hero_ranks(ask), 2):
            agents = seat_agents(ask.agents, 2, 0)
            seatings = (
                Seating({"hero_ranks": f"{x}-{y}", "first_player": "1"}, agents, 0),
                Seating({"hero_ranks": f"{y}-{x}", "first_player": "1"}, agents, 1),
            )
            arms.append(Arm(f"{x} v {y}", base, seatings))
        return arms

    def _fighter_arms(self, ask: Ask) -> list[Arm]:
        checked(ask.info, ask.options, "matchups")
        names = fighters(ask)
        agents = seat_agents(ask.agents, 2, 0)
        arms = []
        for x, y in combinations(names, 2):
            seatings = (
                Seating({"first": names[x], "second": names[y]}, agents, 0),
                Seating({"first": names[y], "second": names[x]}, agents, 1),
            )
            arms.append(Arm(f"{x} v {y}", dict(ask.options), seatings))
        return arms

    def report(self, ask: Ask, result: StudyResult) -> Report:
        kind = _kind(ask)
        if kind == "bannermen":
            return self._bannermen_report(ask, result)
        entries = []
        for label, data in result.data.items():
            values = data.values()
            mean = sum(values) / len(values)
            half = half_width(values, Z95) if len(values) > 1 else 0.5
            x, _, y = label.partition(" v ")
            entries.append(
                {
                    "row": x,
                    "col": y,
                    "games": len(data.games()),
                    "mean": mean,
                    "low": max(0.0, mean - half),
                    "high": min(1.0, mean + half),
                    "p": two_sided_p(mean, 0.5, half / Z95),
                    "se": half / Z95,
                }
            )
        _holm(entries)
        if ask.info.name == "duelfighters":
            names = list(fighters(ask))
        elif kind == "characters":
            names = ["The Kurgan", "Connor MacLeod"]
        else:
            names = hero_ranks(ask)
        return _matrix_report(ask, self.name, kind, names, entries, result)

    def _bannermen_report(self, ask: Ask, result: StudyResult) -> Report:
        games = observed(result.data["bannermen"])
        by_pair: dict[tuple[str, str], list[float]] = {}
        by_rank: dict[str, list[float]] = {}
        for g in games:
            for seat, feats in enumerate(g.facts.features):
                banners = sorted(
                    (f.split(":", 1)[1] for f in feats if f.startswith("banner:")),
                    key=RANKS.index,
                )
                score = g.facts.scores[seat]
                for r in banners:
                    by_rank.setdefault(r, []).append(score)
                if len(banners) == 2:
                    by_pair.setdefault((banners[0], banners[1]), []).append(score)
        entries = []
        for (x, y), scores in sorted(by_pair.items()):
            s = score_interval(scores)
            se = (s.high - s.low) / (2 * Z95) if len(scores) > 1 else 0.0
            entries.append(
                {
                    "row": x,
                    "col": y,
                    "games": len(scores),
                    "mean": s.mean,
                    "low": s.low,
                    "high": s.high,
                    "p": two_sided_p(s.mean, 0.5, se) if len(scores) > 4 else 1.0,
                }
            )
        _holm(entries)
        ranks = [r for r in RANKS if r in by_rank]
        rank_rows: list[dict[str, Any]] = []
        for r in ranks:
            s = score_interval(by_rank[r])
            se = (s.high - s.low) / (2 * Z95)
            rank_rows.append(
                {
                    "rank": r,
                    "seats": s.games,
                    "mean": s.mean,
                    "low": s.low,
                    "high": s.high,
                    "p": two_sided_p(s.mean, 0.5, se),
                }
            )
        for row, adj in zip(rank_rows, holm([r["p"] for r in rank_rows]), strict=True):
            row["p_holm"] = adj
            row["significant"] = adj <= 0.05
        report = _matrix_report(ask, self.name, "bannermen", ranks, entries, result)
        fig = figures.forest(
            [f"banner {r['rank']}" for r in rank_rows],
            [r["mean"] for r in rank_rows],
            [r["low"] for r in rank_rows],
            [r["high"] for r in rank_rows],
            reference=0.5,
            marked=[r["significant"] for r in rank_rows],
            xlabel="win rate of a seat that drafted this bannerman",
        )
        report.sections.insert(
            0,
            Section(
                "Each bannerman",
                "Win rate of a seat by each rank it drafted as a bannerman (orange: out of "
                "line after Holm's correction over the ranks).",
                None,
                [Figure("bannermen-ranks", "Win rate by bannerman rank", fig, "forest")],
            ),
        )
        report.findings += [
            f"Bannerman {r['rank']}: {pct(r['mean'])} [{pct(r['low'])}, {pct(r['high'])}] "
            f"over {r['seats']} seats (Holm p {p_is(r['p_holm'])})."
            for r in rank_rows
            if r["significant"]
        ] or ["No single bannerman rank is out of line at this precision."]
        report.data["ranks"] = rank_rows
        return report


def _play_on(data: Mapping[str, ArmData], precision: float, z_look: float) -> set[str]:
    return set()


def _holm(entries: list[dict[str, Any]]) -> None:
    for e, adjusted in zip(entries, holm([e["p"] for e in entries]), strict=True):
        e["p_holm"] = adjusted
        e["significant"] = adjusted <= 0.05


def _matrix_report(
    ask: Ask,
    question: str,
    kind: str,
    names: list[str],
    entries: list[dict[str, Any]],
    result: StudyResult,
) -> Report:
    """The matrix, heat map, outliers and a side's average for hero, bannermen pair or
    character entries (``row`` beats ``col`` with rate ``mean``)."""
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    grid: list[list[float | None]] = [[None] * k for _ in range(k)]
    marks = [[False] * k for _ in range(k)]
    symmetric = kind == "bannermen"  # a pair's rate is its holder's, whichever is named first
    for e in entries:
        i, j = index[e["row"]], index[e["col"]]
        grid[i][j] = e["mean"]
        grid[j][i] = e["mean"] if symmetric else 1 - e["mean"]
        marks[i][j] = marks[j][i] = e["significant"]
    side = {"heroes": "hero", "characters": "character", "bannermen": "pair"}[kind]
    outliers = sorted((e for e in entries if e["significant"]), key=lambda e: e["p_holm"])
    findings = [
        (
            f"{_pair_name(e, kind)}: {pct(e['mean'])} [{pct(e['low'])}, {pct(e['high'])}] "
            f"over {e['games']} {'seats' if symmetric else 'games'}, Holm p {p_is(e['p_holm'])}."
        )
        for e in outliers
    ] or [
        f"No {side} matchup is out of line after correcting for {len(entries)} comparisons "
        "(Holm) at this precision."
        if len(entries) > 1
        else f"{_pair_name(e, kind)}: {pct(e['mean'])} [{pct(e['low'])}, {pct(e['high'])}] over "
        f"{e['games']} games; not shown to differ from 50% at this precision (p {p_is(e['p'])})."
        for e in entries[:1]
    ]
    averages = _side_averages(names, entries) if not symmetric and k > 2 else []
    if len(averages) > 6:
        findings.append(
            "Strongest on average: "
            + ", ".join(f"{a['side']} ({pct(a['mean'])})" for a in averages[:3])
            + "; weakest: "
            + ", ".join(f"{a['side']} ({pct(a['mean'])})" for a in averages[-3:])
            + "."
        )
    elif averages:
        findings.append(
            "By average win rate: "
            + ", ".join(f"{a['side']} ({pct(a['mean'])})" for a in averages)
            + "."
        )
    findings += [
        f"{side.capitalize()} {a['side']} is out of line against the field: {pct(a['mean'])} "
        f"[{pct(a['low'])}, {pct(a['high'])}] (Holm p {p_is(a['p_holm'])})."
        for a in averages
        if a["significant"]
    ]
    what = {"heroes": "hero", "characters": "character", "bannermen": "bannermen rank"}[kind]
    if len(entries) == 1:  # one matchup (Highlander's two characters): a line, not a map
        (e,) = entries
        fig = figures.forest(
            [_pair_name(e, kind)],
            [e["mean"]],
            [e["low"]],
            [e["high"]],
            reference=0.5,
            marked=[e["significant"]],
            xlabel=f"win rate of {e['row']}",
        )
        text = f"Win rate of {e['row']} against {e['col']}, each going first on every deal."
    else:
        fig = figures.heatmap(
            names,
            names,
            grid,
            marked=marks,
            title_x=f"against this {what}" if not symmetric else "with this bannermen rank",
            title_y=f"{what}" if not symmetric else "bannermen rank",
        )
        text = (
            "Win rate of the row against the column (percent). Outlined: out of line after "
            "Holm's correction over every entry."
            if not symmetric
            else "Win rate of a seat that drafted both ranks (percent; blank: never drafted "
            "together). Outlined: out of line after Holm's correction over every pair seen."
        )
    table = Table(
        [side, "games" if not symmetric else "seats", "win rate", "95% interval", "Holm p"],
        [
            [
                _pair_name(e, kind),
                str(e["games"]),
                pct(e["mean"]),
                f"{pct(e['low'])} – {pct(e['high'])}",
                p_text(e["p_holm"]),
            ]
            for e in sorted(entries, key=lambda e: e["p_holm"])
        ],
        {i for i, e in enumerate(sorted(entries, key=lambda e: e["p_holm"])) if e["significant"]},
    )
    sections = [
        Section(
            "Matchup" if len(entries) == 1 else "Matrix",
            text,
            table,
            [
                Figure(
                    "matrix",
                    "Win rate with its 95% interval" if len(entries) == 1 else "Win-rate matrix",
                    fig,
                    "matchups",
                )
            ],
        )
    ]
    if averages:
        plural = side + ("es" if side.endswith("o") else "s")
        field = figures.forest(
            [a["side"] for a in averages],
            [a["mean"] for a in averages],
            [a["low"] for a in averages],
            [a["high"] for a in averages],
            reference=0.5,
            marked=[a["significant"] for a in averages],
            xlabel=f"average win rate against the other {plural}",
        )
        sections.insert(
            0,
            Section(
                f"Each {side} against the field",
                f"The mean of a {side}'s matchups, each weighing the same. Orange: out of line "
                f"after Holm's correction over the {k} {plural}.",
                None,
                [Figure("field", f"Each {side} against the field", field, "forest")],
            ),
        )
    title = TITLES[ask.info.name if kind == "characters" else kind]
    return Report(
        title,
        question,
        ask.info.name,
        {},
        findings,
        sections,
        {"kind": kind, "entries": entries, "averages": averages},
    )


def _pair_name(e: dict[str, Any], kind: str) -> str:
    if kind == "bannermen":
        return f"banners {e['row']}+{e['col']}"
    if kind == "characters":
        return f"{e['row']} v {e['col']}"
    return f"hero {e['row']} v hero {e['col']}"


def _side_averages(names: list[str], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each side's mean win rate over its matchups, with an interval (matchups are played
    apart, so their variances add) and Holm's correction over the sides; best first."""
    out = []
    for n in names:
        rates, variances = [], []
        for e in entries:
            if n in (e["row"], e["col"]):
                rates.append(e["mean"] if e["row"] == n else 1 - e["mean"])
                variances.append(e["se"] ** 2)
        if not rates:
            continue
        mean = sum(rates) / len(rates)
        se = math.sqrt(sum(variances)) / len(rates)
        out.append(
            {
                "side": n,
                "mean": mean,
                "low": max(0.0, mean - Z95 * se),
                "high": min(1.0, mean + Z95 * se),
                "p": two_sided_p(mean, 0.5, se),
            }
        )
    for a, adjusted in zip(out, holm([a["p"] for a in out]), strict=True):
        a["p_holm"] = adjusted
        a["significant"] = adjusted <= 0.05
    out.sort(key=lambda a: -a["mean"])
    return out

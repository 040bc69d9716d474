"""Measure Duel Fighters' tactician (duelhall/games/duelfighters/tactician.py), the player the
hard level's search builds on for its own seat, against the heuristic player.

Each deal is played twice, the tactician taking each seat once, and the score is given by
character and by who deployed first. ``--without`` leaves out some of its rules (``hold``:
it walks in as the heuristic does; ``second``: it plays first on winning the initiative), and
``--corner`` puts its first figure down in the corner the heuristic's search candidates
offer (whether it places first or second, as ``hard`` does), so each rule's worth can be
read from the same deals. Whole games of rule-based players take about 12 ms, so 1,000
deals take under a minute on two processes.

    python benchmarks/duelfighters_tactician.py [--deals 1000] [--start 1000]
        [--without hold,second] [--corner] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from typing import Any

from duelhall.agents.base import Observation
from duelhall.core.game import get_game
from duelhall.games.duelfighters.candidates import worth_searching
from duelhall.games.duelfighters.engine.actions import Action
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic
from duelhall.games.duelfighters.planning import plan_steps
from duelhall.games.duelfighters.tactician import DuelFightersTactician
from duelhall.sim.match import play_match

RULES = ("hold", "second")


class Variant(DuelFightersTactician):
    """The tactician with some of its rules left out."""

    without: frozenset[str] = frozenset()
    corner = False

    def turn_plan(  # type: ignore[override]
        self, me: Any, them: Any, count: int, technique: bool
    ) -> list[tuple[str, ...]]:
        if "hold" in self.without:
            return plan_steps(me, them, count, technique)
        return DuelFightersTactician.turn_plan(me, them, count, technique)

    def answer(self, obs: Observation, spot: Action) -> tuple[float, float] | None:
        # Where the adversary would go is played by this player for both seats: the
        # adversary is the heuristic, which knows no corner.
        corner, self.corner = self.corner, False
        try:
            return super().answer(obs, spot)
        finally:
            self.corner = corner

    def choose(self, obs: Observation) -> Any:
        view = obs.view
        if view["phase"] == "order" and "second" in self.without:
            return DuelFightersHeuristic.choose(self, obs)
        fighters = view["fighters"]
        ours = [f for i, f in enumerate(fighters) if f.get("side", i) == obs.seat]
        first_down = not any(f["figure"] is not None for f in ours)
        if self.corner and view["phase"] == "deploy" and len(obs.legal) > 1 and first_down:
            own = super().choose(obs)
            corner = worth_searching(
                view, obs.legal, own, lambda spot: self.answer(obs, spot), obs.seat
            )
            first: Action = corner[0]
            return first
        return super().choose(obs)


def one(task: tuple[int, int, frozenset[str], bool]) -> tuple[int, float, bool]:
    """One game: the variant in seat ``seat`` of deal ``seed``; its score and whether it
    deployed first."""
    seed, seat, without, corner = task
    info = get_game("duelfighters")
    agents: list[Any] = [DuelFightersHeuristic(info, seed * 2 + s) for s in (0, 1)]
    variant = Variant(info, seed * 2 + seat)
    variant.without, variant.corner = without, corner
    agents[seat] = variant
    match = play_match(info, ["heuristic", "heuristic"], seed, agents=agents)
    first_seat = match.record.actions[0][0]
    return seat, match.scores[seat], first_seat == seat


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--start", type=int, default=1000, help="the first deal's seed")
    p.add_argument("--without", default="", help=f"rules left out: {', '.join(RULES)}")
    p.add_argument("--corner", action="store_true", help="first figure down in a corner")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    without = frozenset(w for w in args.without.split(",") if w)
    if not without <= set(RULES) or args.deals < 1 or args.jobs < 1:
        sys.exit(f"--without takes {', '.join(RULES)}; --deals and --jobs at least 1")
    deals = range(args.start, args.start + args.deals)
    tasks = [(s, seat, without, args.corner) for s in deals for seat in (0, 1)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(one, tasks, chunksize=8)
    names = get_game("duelfighters").resolve_options({})

    def mean(rows: list[tuple[int, float, bool]]) -> str:
        return f"{sum(r[1] for r in rows) / len(rows):.3f} ({len(rows)})" if rows else "-"

    print(
        f"tactician{' without ' + ','.join(sorted(without)) if without else ''}"
        f"{' in the corner' if args.corner else ''} against the heuristic"
    )
    for seat, key in ((0, "first"), (1, "second")):
        print(f"  as {names[key].title()}: {mean([r for r in results if r[0] == seat])}")
    print(f"  deploying first: {mean([r for r in results if r[2]])}")
    print(f"  deploying second: {mean([r for r in results if not r[2]])}")
    print(f"  all: {mean(results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

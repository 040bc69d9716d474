"""Grow a two-agent ladder in steps until the first agent's interval is clear of a
threshold (above or below) or a cap is reached, committing the ladder's folder after each
step so an interrupted run is kept and resumes (``duelhall ladder`` plays only what is
missing).

Looking after every step and stopping at the first clear look would make a 95% interval
wrong far more often than one time in twenty (20 games once read 0.90, clear of 0.75, in a
run that settled at 0.74). So the run follows a Haybittle-Peto design
(:func:`duelhall.sim.stats.haybittle_peto`): a look before the cap stops the run only at an
extreme result (z 3.29, two-sided 0.001), and the look at the cap is held to what is left
of 5% (z 2.11 for 16 looks), so the whole run's chance of a wrong "clear" stays under 5%.
(Runs before 2026-11-27 held every look to a Bonferroni share, z 3.02 even at the cap.) The
plain 95% interval is printed beside it. The stopping interval is also the more cautious of
the normal one and Wilson's for a share of wins, and no run stops before ``--least`` games:
after 20 games a score of 0.95 reads 0.80 - 1.00 on the normal curve but 0.62 - 0.99 by
Wilson's, since so few games say little about how much a score varies.

A run that confirms a change chosen by looking at an earlier run's games should play fresh
deals (``--seed``, the first deal's seed, passed to ``duelhall ladder``): on the same deals
the games that made the change look good would be counted again.

    python benchmarks/ladder_until_clear.py GAME CHALLENGER OPPONENT FOLDER \\
        [--threshold 0.75] [--step 20] [--cap 400] [--least 100] [--jobs 1] [--seed 0]
        [--commit]
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
from pathlib import Path

from duelhall.sim.stats import ScoreInterval, haybittle_peto, score_interval, wilson


def standing(folder: Path, opponent: str, z: float | None = None) -> ScoreInterval:
    """The challenger's score and interval (95%, or at ``z``) over the folder's games."""
    db = folder / "ladder.sqlite"
    if not db.exists():
        return score_interval([])
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT a, score_a FROM games").fetchall()
    scores = [1.0 - s if a == opponent else s for a, s in rows]
    return score_interval(scores) if z is None else score_interval(scores, z)


def looks(cap: int, step: int, least: int) -> list[int]:
    """The game counts at which the run looks at its standing: every step from ``least``
    (rounded up to a step), and the cap."""
    counts = [n for n in range(step, cap, step) if n >= least]
    return [*counts, cap]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("challenger")
    p.add_argument("opponent")
    p.add_argument("folder", type=Path)
    p.add_argument("--threshold", type=float, default=0.75)
    p.add_argument("--step", type=int, default=20)
    p.add_argument("--cap", type=int, default=400)
    p.add_argument("--least", type=int, default=100, help="games before any stop")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    p.add_argument("--commit", action="store_true", help="git-commit the folder after a step")
    args = p.parse_args()
    if not 0 <= args.seed < 2**64:
        sys.exit("--seed must be a whole number from 0 to 2**64 - 1")
    if args.step < 2 or args.step % 2:
        sys.exit("--step must be an even number of games (games come in seat-swapped pairs)")
    counts = looks(args.cap, args.step, args.least)
    try:
        early, last = haybittle_peto(len(counts))
    except ValueError as e:
        sys.exit(f"{e} (a larger --step or --least)")
    games = 0
    while games < args.cap:
        games = min(args.cap, games + args.step)
        done = standing(args.folder, args.opponent).games
        if done >= games:
            continue  # a resumed run: these games are played already
        agents = f"{args.challenger},{args.opponent}"
        cmd = [sys.executable, "-m", "duelhall", "ladder", args.game, "--agents", agents]
        cmd += ["--games", str(games), "--jobs", str(args.jobs), "--out", str(args.folder)]
        cmd += ["--seed", str(args.seed)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        s = standing(args.folder, args.opponent)
        z = last if s.games >= args.cap else early
        stop = standing(args.folder, args.opponent, z)
        low, high = wilson(stop.mean, stop.games, z)
        low, high = min(low, stop.low), max(high, stop.high)
        line = (
            f"{s.games} games: {s.mean:.3f} (95% {s.low:.3f} - {s.high:.3f}; "
            f"for stopping {low:.3f} - {high:.3f})"
        )
        print(line, flush=True)
        if args.commit:
            # A commit made meanwhile by hand may hold the index lock: skip this one then.
            subprocess.run(["git", "add", str(args.folder)], check=False)
            subprocess.run(
                [
                    "git",
                    "commit",
                    "-q",
                    "-m",
                    f"ladder {args.folder.name}: {line}",
                    "--",
                    str(args.folder),
                ],
                check=False,
            )
        if s.games in counts and (low > args.threshold or high < args.threshold):
            print("clear of", args.threshold, flush=True)
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

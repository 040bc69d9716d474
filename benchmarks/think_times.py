"""How long an agent took to decide in a ladder's games: mean, median, 90th and 99th
percentiles, the longest, and how many decisions took longer than a limit.

The ladder keeps every game's decision times (``think_a`` / ``think_b`` in ``games.jsonl``,
seconds per decision that had more than one legal move), so a run's figures come from the
run itself. Only decisions with a choice are timed; a forced move takes no thought.

    python benchmarks/think_times.py FOLDER AGENT [--over 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path


def think_times(folder: Path, agent: str) -> list[float]:
    """Every decision time of ``agent`` over the folder's games, in the order played."""
    times: list[float] = []
    with (folder / "games.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            for side in ("a", "b"):
                if game[side] == agent:
                    times += game[f"think_{side}"]
    return times


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of already sorted times."""
    rank = max(1, round(share * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", type=Path)
    p.add_argument("agent", help="the agent spec as the ladder wrote it")
    p.add_argument("--over", type=float, default=3.0, help="count decisions longer than this")
    args = p.parse_args()
    if not (args.folder / "games.jsonl").exists():
        sys.exit(f"{args.folder} holds no games.jsonl; give a ladder's folder")
    times = sorted(think_times(args.folder, args.agent))
    if not times:
        sys.exit(f"no decisions by {args.agent!r} in {args.folder}; give the spec as written")
    print(
        f"{len(times)} decisions: mean {statistics.fmean(times):.3f} s, "
        f"median {statistics.median(times):.3f} s, 90% {percentile(times, 0.9):.3f} s, "
        f"99% {percentile(times, 0.99):.3f} s, max {times[-1]:.3f} s; "
        f"{sum(t > args.over for t in times)} over {args.over:g} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

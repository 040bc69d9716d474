"""Play a ladder's deals again with the present code, and pair each result with the recorded one.

    python benchmarks/paired_rerun.py LADDER_FOLDER [--games N] [--moving first|second]
        [--jobs 2]

A change to an agent is best weighed on the deals it was seen to matter on: the same deal
(its dice, its deployment roll), played by the changed agent, against the recorded game.
Each game of the folder (in the ladder's order; at most ``--games``) is dealt again, each
seat's agent made from the record's spec and seeded as the ladder seeded it (the scheme the
folder records), and the challenger's (the ladder's first agent's) new score is set beside
its recorded one. ``--moving second`` keeps only the games in which the challenger did not
take the first action (in Duel Fighters: it deployed second), ``--moving first`` only
those it opened. Prints the new and recorded means and their paired difference with its
standard error.

A search with a budget in seconds does not replay its recorded games move for move, even
unchanged: the paired difference of an unchanged agent is noise around zero, which is what
the standard error measures.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sqlite3
import sys
from pathlib import Path

from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.seeds import AFFINE
from duelhall.sim.match import play_match


def replay_deal(task: tuple[str, str, str]) -> float:
    """The challenger's score when the record's deal is played again by the present agents."""
    text, challenger, seeding = task
    record = Record.from_json(json.loads(text))
    info = get_game(record.game)
    match = play_match(info, record.players, record.seed, record.options, seeding=seeding)
    return float(match.scores[record.players.index(challenger)])


def opened(record: Record, challenger: str) -> bool:
    """Whether the challenger took the record's first action."""
    return bool(record.actions) and record.actions[0][0] == record.players.index(challenger)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--games", type=int, default=400, help="at most this many games")
    p.add_argument("--moving", choices=("first", "second"), help="only the games it opened, or not")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    if args.games < 2 or args.jobs < 1:
        sys.exit("--games must be at least 2 and --jobs at least 1")
    if not (args.folder / "ladder.sqlite").is_file():
        sys.exit(f"{args.folder} holds no ladder.sqlite: give a ladder's --out folder")
    db = sqlite3.connect(f"file:{args.folder / 'ladder.sqlite'}?mode=ro", uri=True)
    scheme = db.execute("SELECT value FROM meta WHERE key = 'seeding'").fetchone()
    seeding = scheme[0] if scheme else AFFINE
    rows = db.execute("SELECT a, record FROM games ORDER BY a, b, idx").fetchall()
    tasks, before = [], []
    for challenger, text in rows:
        record = Record.from_json(json.loads(text))
        if args.moving is not None and opened(record, challenger) != (args.moving == "first"):
            continue
        assert record.result is not None
        tasks.append((text, challenger, seeding))
        before.append(float(record.result["scores"][record.players.index(challenger)]))
        if len(tasks) == args.games:
            break
    if len(tasks) < 2:
        sys.exit(f"{args.folder} holds fewer than two such games")
    with multiprocessing.Pool(args.jobs) as pool:
        now = pool.map(replay_deal, tasks, chunksize=1)
    diffs = [a - b for a, b in zip(now, before, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    print(
        f"{n} games: now {sum(now) / n:.3f}, recorded {sum(before) / n:.3f}, "
        f"paired difference {mean:+.3f} ± {se:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

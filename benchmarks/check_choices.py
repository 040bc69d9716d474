"""Check that the agents still make the choices a ladder recorded.

    python benchmarks/check_choices.py LADDER_FOLDER [GAMES] [DECISIONS] [OFFSET]

A change meant to make search faster, or to tidy the rules code, must not change what the
agents choose: otherwise a half-finished ladder run can no longer be resumed with the new
code, and figures measured before and after stop being comparable. This replays GAMES games
of the ladder (from OFFSET, in the ladder's order), re-creates each seat's agent with the
seed the ladder gave it (by the seeding scheme the folder records; a folder from before
schemes were recorded used the old formula, duelhall.core.seeds.AFFINE), asks it for every
decision in the same order as the ladder did and compares its answer with the recorded
action. DECISIONS caps how many multi-choice decisions are checked per game (search
decisions are slow; the first few already exercise most code).

Exits 1 at the first difference, naming the game and the step.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from pathlib import Path

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.seeds import AFFINE, agent_seed


def check_game(record: Record, decisions: int, seeding: str) -> str | None:
    """The first recorded action an agent would now choose differently, or None."""
    info = get_game(record.game)
    agents = [
        make_agent(spec, agent_seed(record.seed, i, seeding), game=info)
        for i, spec in enumerate(record.players)
    ]
    state = record.initial_state()
    step = 0
    checked = 0
    while not state.is_over() and checked < decisions:
        movers = state.to_move()
        picks = []
        for seat in movers:
            obs = Observation.of(state, seat)
            picks.append(agents[seat].choose(obs))
            checked += len(obs.legal) > 1
        for action in picks:
            seat, text = record.actions[step]
            if str(action) != text:
                return f"step {step + 1}: seat {seat} recorded {text!r}, now chooses {action}"
            state.apply(action)
            step += 1
    return None


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(argv[0])
    defaults = [10, 1000, 0]  # GAMES, DECISIONS, OFFSET
    try:
        games, decisions, offset = (int(x) for x in [*argv[1:4], *defaults[len(argv) - 1 :]])
    except ValueError:
        print("GAMES, DECISIONS and OFFSET must be whole numbers", file=sys.stderr)
        return 2
    if not (folder / "ladder.sqlite").is_file():
        print(f"{folder} holds no ladder.sqlite: give a ladder's --out folder", file=sys.stderr)
        return 2
    db = sqlite3.connect(f"file:{folder / 'ladder.sqlite'}?mode=ro", uri=True)
    # How the ladder seeded its agents; folders from before it was recorded used AFFINE.
    scheme = db.execute("SELECT value FROM meta WHERE key = 'seeding'").fetchone()
    seeding = scheme[0] if scheme else AFFINE
    rows = db.execute(
        "SELECT a, b, idx, record FROM games ORDER BY a, b, idx LIMIT ? OFFSET ?",
        (games, offset),
    ).fetchall()
    if not rows:
        print(f"{folder} holds no games from {offset} on", file=sys.stderr)
        return 1
    start = time.perf_counter()
    for a, b, idx, text in rows:
        problem = check_game(Record.from_json(json.loads(text)), decisions, seeding)
        if problem is not None:
            print(f"{a} vs {b}, game {idx}: {problem}")
            return 1
    took = time.perf_counter() - start
    print(f"{len(rows)} games: every checked choice is the recorded one ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

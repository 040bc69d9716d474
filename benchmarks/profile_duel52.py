"""Profile random Duel 52 games: where does the engine spend its time?

.venv/bin/python benchmarks/profile_duel52.py [GAMES]
"""

from __future__ import annotations

import cProfile
import pstats
import sys

from duelhall.core.game import get_game
from duelhall.core.rng import Rng


def play(games: int) -> None:
    info = get_game("duel52")
    for seed in range(games):
        state = info.new_state(seed, {})
        rng = Rng(seed + 1000)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    profiler = cProfile.Profile()
    profiler.runcall(play, games)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)

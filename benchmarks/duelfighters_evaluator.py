"""Fit Duel Fighters' position evaluation (duelhall/games/duelfighters/evaluation.py) to the
results of games, and say how well it predicts them.

Games are played between heuristic players that, at one programming or execution decision in
``--explore``, take a random legal move instead (the positions a search weighs are ones the
heuristic would not reach on its own). Every quiet position (between turns) is kept with the
game's result, from both seats' sides. A logistic regression without intercept (the facts are
differences, so the seats' chances add up to one) is fitted by Newton's method on the first
part of the games and judged on the rest (log loss and Brier score, beside the weights in the
package and a coin's 0.693). Characters and scenarios vary unless ``--default`` is given.

    python benchmarks/duelfighters_evaluator.py [--games 3000] [--explore 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

from duelhall.agents.base import Observation
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import evaluation
from duelhall.games.duelfighters.content import load_content
from duelhall.games.duelfighters.engine.state import DuelFightersState
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic

EXPLORED = ("program", "execute")


def positions(seed: int, explore: int, default: bool) -> tuple[list[list[float]], list[float]]:
    """One game's quiet positions (seat 0's facts) and its result for seat 0, repeated."""
    info = get_game("duelfighters")
    rng = Rng(seed)
    options: dict[str, object] = {}
    if not default:
        content = load_content()
        names = sorted(content.characters)
        options["first"] = names[rng.below(len(names))]
        options["second"] = names[rng.below(len(names))]
        scenarios = sorted(content.scenarios)
        options["scenario"] = scenarios[rng.below(len(scenarios))]
    state = info.new_state(seed, info.resolve_options(options))
    assert isinstance(state, DuelFightersState)
    players = [DuelFightersHeuristic(info, seed * 2 + s) for s in (0, 1)]
    seen: list[list[float]] = []
    last_turn = -1
    while not state.is_over():
        if state.turn != last_turn and evaluation.quiet(state):
            seen.append(evaluation.features(state, 0))
            last_turn = state.turn
        picks = []
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if state.phase in EXPLORED and len(legal) > 1 and rng.below(explore) == 0:
                picks.append(legal[rng.below(len(legal))])
            else:
                picks.append(players[seat].choose(Observation.of(state, seat)))
        for action in picks:
            state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return seen, [outcome.scores[0]] * len(seen)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression weights (no intercept) by Newton's method, a little ridge so that
    a fact that never varies gets no weight rather than a singular matrix."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    return float(loss), float(np.mean((p - y) ** 2))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--explore", type=int, default=8, help="one decision in N is random")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--default", action="store_true", help="Deretor against Lesdinn only")
    args = p.parse_args()
    if args.games < 10 or args.explore < 1:
        sys.exit("--games must be at least 10 and --explore at least 1")
    xs: list[list[float]] = []
    ys: list[float] = []
    split = 0
    for g in range(args.games):
        seen, result = positions(args.seed * 1_000_003 + g, args.explore, args.default)
        xs += seen + [[-v for v in row] for row in seen]
        ys += result + [1.0 - r for r in result]
        if g + 1 == args.games * 2 // 3:
            split = len(xs)
    x, y = np.array(xs), np.array(ys)
    keep = y != 0.5  # a drawn game says nothing a logistic fit can use
    train = np.zeros(len(y), dtype=bool)
    train[:split] = True
    w = fit(x[train & keep], y[train & keep])
    test = ~train & keep
    now = np.array(evaluation.WEIGHTS) * evaluation.SCALE
    print(f"{len(y)} positions from {args.games} games ({test.sum()} held out)")
    print(f"{'fact':12s} {'fitted':>8s} {'package':>8s}")
    for name, a, b in zip(evaluation.FEATURES, w, now, strict=True):
        print(f"{name:12s} {a:8.3f} {b:8.3f}")
    for label, weights in (("fitted", w), ("package", now)):
        loss, brier = scores(x[test], y[test], weights)
        print(f"{label:8s} log loss {loss:.4f}  Brier {brier:.4f}  (a coin: {math.log(2):.4f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

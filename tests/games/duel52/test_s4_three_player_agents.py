"""Computer players in the three-player game: every kind finishes games, and the heuristic
(the evaluation of duelhall/games/duel52/variants/triangles/evaluate.py) beats random players."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.duel52.variants.triangles.state import TriState
from duelhall.sim.match import play_match

from .test_s4_three_player_helpers import GAME, new, tri


def test_s4_three_player_random_heuristic_and_search_play_a_full_game() -> None:
    result = play_match(GAME, ["random", "heuristic", "ismcts:50"], 1, {"players": 3})
    assert sorted(result.scores) in ([0.0, 0.0, 1.0], [1 / 3, 1 / 3, 1 / 3])
    assert result.record.options["players"] == 3
    assert len(result.record.actions) > 20


def test_s4_three_player_heuristic_beats_two_random_players_most_of_the_time() -> None:
    wins = 0
    games = 9
    for seed in range(games):
        seat = seed % 3
        specs = ["random"] * 3
        specs[seat] = "heuristic"
        result = play_match(GAME, specs, 100 + seed, {"players": 3})
        wins += result.scores[seat] == 1.0
    assert wins >= 6  # two thirds; a random seat would win about a third


def test_s4_three_player_evaluation_prefers_holding_triangles() -> None:
    evaluate = GAME.hook("evaluator")  # the hook the agents use; it asks the state
    ahead = tri({1: (["KH"], [], []), 2: (["QH"], ["4D down"], [])}, pile=["2C"])
    assert evaluate(ahead, 0) > evaluate(ahead, 1)
    assert evaluate(ahead, 0) > 1 / 3
    total = sum(float(evaluate(ahead, s)) for s in range(3))
    assert abs(total - 1.0) < 1e-9
    won = tri({1: (["KH"], [], []), 2: (["QH"], [], [])}, pile=[])
    assert won.result is not None
    assert evaluate(won, 0) == 1.0 and evaluate(won, 1) == 0.0


def test_s4_three_player_rollout_policy_returns_legal_actions() -> None:
    rollout_action = GAME.hook("rollout")
    state = new(seed=9)
    rng = Rng(3)
    while not state.is_over():
        action = rollout_action(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
    assert isinstance(state, TriState)

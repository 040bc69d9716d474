"""The rule-based player, the evaluator and the rollout policy."""

from __future__ import annotations

from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.agents.random_agent import RandomAgent
from duelhall.agents.registry import make_agent
from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.state import DeckDuelState
from duelhall.games.deckduel.heuristic import (
    DeckDuelHeuristic,
    evaluate,
    next_flip_odds,
    rollout_action,
)
from tests.games.deckduel.helpers import GAME, make, new, rage_step, tops


def play(seed: int, agents: list[Agent]) -> int | None:
    state = new(seed)
    while not state.is_over():
        chosen = [(s, agents[s].choose(Observation.of(state, s))) for s in state.to_move()]
        for _, action in chosen:
            state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winner


def test_heuristic_beats_random_clearly() -> None:
    wins = 0
    for game in range(100):
        seat = game % 2
        agents: list[Agent] = [RandomAgent(game + 500), RandomAgent(game + 500)]
        agents[seat] = DeckDuelHeuristic(GAME, game)
        wins += play(10_000 + game, agents) == seat
    assert wins >= 65, f"the heuristic won only {wins} of 100 games against random"


def test_heuristic_is_built_by_the_agent_registry() -> None:
    agent = make_agent("heuristic", 3, game="deckduel")
    assert isinstance(agent, DeckDuelHeuristic)


def _choose(state: DeckDuelState, seat: int) -> str:
    return str(DeckDuelHeuristic(GAME, 1).choose(Observation.of(state, seat)))


def test_heuristic_rages_with_a_kept_king_on_top() -> None:
    state = make(*tops("K", "5", {"top_known": True, "actions": 2}))
    assert next_flip_odds(state.view(0), 0)[0] > 0.9
    assert _choose(state, 0) == "rage"


def test_heuristic_does_not_rage_with_a_kept_two_on_top() -> None:
    state = make(*tops("2", "5", {"top_known": True, "actions": 2}))
    assert _choose(state, 0) == "flip"


def test_heuristic_blocks_a_lethal_hit() -> None:
    state = make(*tops("3", "8", {"health": 2, "actions": 1}, {"rage": 1}))
    rage_step(state)
    assert _choose(state, 0) == "block"


def test_heuristic_takes_focus_while_its_ace_is_still_to_come() -> None:
    state = make(*tops("K A", "4", {}, {"actions": 0}))
    rage_step(state)
    assert _choose(state, 0) == "focus"


def test_heuristic_takes_an_action_when_its_ace_is_gone() -> None:
    state = make({"deck_top": ["K"], "discard": ["A"]}, {"deck_top": ["4"], "actions": 0})
    rage_step(state)
    assert _choose(state, 0) == "action"


def test_heuristic_heals_when_it_has_points() -> None:
    state = make(*tops("Q", "4", {"health": 8, "actions": 2}, {"actions": 0}))
    rage_step(state)
    assert _choose(state, 0) == "heal"


def test_heuristic_discards_a_bad_foresight_card_and_keeps_a_good_one() -> None:
    for top, answer in (("2", "discard"), ("K", "keep")):
        state = make(*tops(f"J {top}", "4", {"actions": 3}, {"actions": 0}))
        rage_step(state)
        state.apply(state.parse_action("foresight"))
        assert _choose(state, 0) == answer, top


def test_evaluate_is_a_chance_and_favours_health() -> None:
    state = make({"health": 9}, {"health": 3})
    assert 0.5 < evaluate(state, 0) <= 1.0
    assert 0.0 <= evaluate(state, 1) < 0.5
    assert abs(evaluate(state, 0) + evaluate(state, 1) - 1.0) < 1e-9
    over = make(*tops("9", "4", {}, {"health": 1, "actions": 0}))
    rage_step(over)
    assert evaluate(over, 0) == 1.0 and evaluate(over, 1) == 0.0


def test_rollout_plays_legal_actions_to_the_end() -> None:
    rng = Rng(4)
    for seed in range(20):
        state = new(seed)
        while not state.is_over():
            movers = state.to_move()
            if len(movers) == 1:
                action = rollout_action(state, rng)
                assert action in state.legal_actions(movers[0])
                state.apply(action)
            else:
                picks: list[Any] = [state.legal_actions(s)[0] for s in movers]
                for action in picks:
                    state.apply(action)
        assert state.is_over()

"""Every game registers as an OpenSpiel Python game that passes OpenSpiel's own random
simulation checks, re-deals only what a seat cannot see, and runs OpenSpiel's IS-MCTS."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from duelhall.core.game import game_names
from duelhall.interop import openspiel as duel_spiel
from tests.interop.cases import CASES, IDS

duel_spiel.register()


def test_registers_every_game_once_under_its_prefixed_name():
    names = duel_spiel.register()
    assert names == [f"duelhall_{name}" for name in game_names()]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_passes_openspiel_random_simulation_checks(name, params):
    game = pyspiel.load_game(f"duelhall_{name}", {**params, "seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _play(state, moves, rng):
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize(("name", "moves"), [("duelhall_duel52", 9), ("duelhall_deckduel", 1)])
def test_a_resample_looks_the_same_to_the_player_and_keeps_the_history_of_choices(name, moves):
    game = pyspiel.load_game(name, {"seed": 3})
    state = game.new_initial_state()
    _play(state, moves, np.random.default_rng(3))
    sampler = duel_spiel.resampler(5)
    for player in range(game.num_players()):
        for _ in range(3):
            other = sampler(state, player)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.current_player() == state.current_player()


def test_a_resample_redeals_the_cards_the_player_cannot_see():
    state = pyspiel.load_game("duelhall_duel52", {"seed": 4}).new_initial_state()
    sampler = duel_spiel.resampler(6)
    full = {str(sampler(state, 0)) for _ in range(5)}
    assert len(full) > 1


def test_a_secret_choice_waiting_for_the_others_is_known_only_to_its_chooser():
    state = pyspiel.load_game("duelhall_deckduel", {"seed": 2}).new_initial_state()
    assert state.current_player() == 0
    before = state.information_state_string(1)
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    assert state.information_state_string(1) == before
    assert "chosen:" in state.information_state_string(0)


def test_openspiel_python_ismcts_plays_duel52_with_our_redeal():
    game = pyspiel.load_game("duelhall_duel52", {"seed": 8})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1))
    bot.set_resampler(duel_spiel.resampler(9))
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 3

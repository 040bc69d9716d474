"""The Duel 52 expansion decides an attack in steps (its attacker, then each target, then
``strike`` where it could take more): every interface takes the steps one index at a time,
the mask is exact at each step, and only the chooser sees the steps it has taken."""

from __future__ import annotations

import numpy as np
import pytest

from duelhall.interop.encoding import encoding
from duelhall.interop.seating import Seating

pytest.importorskip("pettingzoo")

from duelhall.interop import pettingzoo as pz

# Twinstrike optional: a 10 may stop after one target, so "strike" is offered too.
OPTIONS = {"bannermen": True, "heroes": True, "twinstrike_optional": True}


def _parts(code, observation):
    return observation[code.view_bytes - len(code.table.parts) :]


def test_pettingzoo_takes_an_attack_step_by_step_and_shows_the_steps_to_the_chooser_only():
    environment = pz.raw_env("duel52", **OPTIONS)
    code = environment.code
    rng = np.random.default_rng(0)
    steps = strikes = 0
    for seed in (2, 4):
        environment.reset(seed=seed)
        prefix: tuple[int, ...] = ()
        while not all(environment.terminations.values()):
            agent = environment.agent_selection
            me = environment.possible_agents.index(agent)
            other = environment.possible_agents[1 - me]
            seen = environment.observe(agent)
            assert list(np.flatnonzero(_parts(code, seen["observation"]))) == sorted(
                code.table.parts.index(t) for t in prefix
            )
            open_ = np.flatnonzero(seen["action_mask"])
            strikes += code.table.end in open_
            index = int(rng.choice(open_))
            before = environment.observe(other)
            state = environment.seating.state.view(None)
            environment.step(index)
            if environment.agent_selection == agent and environment.seating.partial.get(me):
                # One step taken: nothing happened in the game, and the opponent sees nothing.
                steps += 1
                prefix = environment.seating.partial[me]
                assert environment.seating.state.view(None) == state
                after = environment.observe(other)
                assert np.array_equal(before["observation"], after["observation"])
            else:
                prefix = ()
    assert steps > 20 and strikes > 0


def test_the_mask_after_an_attacker_opens_exactly_the_targets_it_may_strike():
    code = encoding("duel52", OPTIONS)
    seating = Seating(code.new_state(2))
    rng = np.random.default_rng(2)
    checked = 0
    while (seat := seating.current()) is not None and checked < 30:
        legal = code.legal(seating.state, seat)
        for opener, action in code.choices(legal).items():
            if action is not None:
                continue
            following = [code.table.tokens(a) for a in legal if code.table.tokens(a)[0] == opener]
            assert set(code.choices(legal, (opener,))) == {t[1] for t in following}
            checked += 1
        seating.choose(seat, legal[int(rng.integers(len(legal)))])
    assert checked >= 30


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_rewards_the_whole_game_not_the_steps():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from duelhall.interop import gymnasium as gym_interop

    check_env(gym_interop.make("duel52", opponent="random", **OPTIONS), skip_render_check=True)
    env = gym_interop.make("duel52", opponent="random", **OPTIONS)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done, rewards, names = False, [], set()
    while not done:
        notation = env.legal_notation()
        assert len(notation) == int(obs["action_mask"].sum())
        names.update(" ".join(n.split()[:1] + ["X"] * (len(n.split()) - 1)) for n in notation)
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(reward)
    assert all(r == 0 for r in rewards[:-1]) and rewards[-1] in (-1.0, 0.0, 1.0)
    # The attacker first ("attack 1a", a step), then the target that completes the attack,
    # named by the whole attack's notation ("attack 1a 1B").
    assert {"attack X", "attack X X"} <= names


def test_openspiel_plays_the_steps_and_a_redeal_keeps_them_for_their_chooser_only():
    pytest.importorskip("pyspiel")
    import pyspiel

    from duelhall.interop import openspiel as duel_spiel

    duel_spiel.register()
    game = pyspiel.load_game("duelhall_duel52", {**OPTIONS, "seed": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    sampler = duel_spiel.resampler(7)
    while not state.seating.partial:
        state.apply_action(int(rng.choice(state.legal_actions())))
    me = state.current_player()
    mine = state.information_state_string(me)
    assert "deciding:attack" in mine
    assert "deciding" not in state.information_state_string(1 - me)
    for _ in range(3):
        world = sampler(state, me)
        assert world.information_state_string(me) == mine
        assert world.legal_actions() == state.legal_actions()
        assert not sampler(state, 1 - me).seating.partial  # the other seat knows no steps

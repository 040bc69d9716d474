"""The single-agent environments pass Gymnasium's own ``check_env`` and play whole games."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from duelhall.core.errors import DuelhallError
from duelhall.interop import gymnasium as gym_interop
from tests.interop.cases import CASES, IDS


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_passes_gymnasium_check_env(game, options):
    check_env(gym_interop.make(game, opponent="random", **options), skip_render_check=True)


def test_plays_a_whole_game_against_a_level_and_is_rewarded_at_the_end():
    env = gym_interop.make("duel52", opponent="easy", seat=1)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, done = 0.0, False
    while not done:
        assert np.array_equal(obs["action_mask"], env.action_masks())
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    assert total in (-1.0, 0.0, 1.0)
    assert info["outcome"]["scores"][1] == (total + 1) / 2


def test_a_bad_opponent_spec_is_refused_when_the_environment_is_made():
    with pytest.raises(DuelhallError):
        gym_interop.make("duel52", opponent="nobody-at-all")


def test_an_index_the_mask_rules_out_loses_the_episode_with_the_reason():
    env = gym_interop.make("deckduel", opponent="random")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True)
    assert "use the action mask" in info["illegal_action"]


def test_legal_notation_names_the_unmasked_indices_in_order():
    env = gym_interop.make("duel52", opponent="random")
    obs, _ = env.reset(seed=4)
    names = env.legal_notation()
    assert len(names) == int(obs["action_mask"].sum())
    assert names == [env.code.table.names[i] for i in np.flatnonzero(obs["action_mask"])]
    assert all(name.split()[0] in {"play", "discard", "stay"} for name in names)

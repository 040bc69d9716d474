"""Train a small masked policy for Duel 52 against ``random`` (PyTorch, CPU, a few minutes).

    pip install 'duelhall[rl]'
    pip install torch --index-url https://download.pytorch.org/whl/cpu   # the CPU build
    python examples/duel52_masked_policy.py [--episodes 3000] [--seed 0]

The environment is ``duelhall.interop.gymnasium.make("duel52", opponent="random")``. The policy
reads what the seat may know and nothing more: the observation tensor (the seat's view as
planes of numbers, docs/interop.md) and, for each index of the fixed action table, features
read once from what that index means (``env.code.table.names``). A small network scores every
legal index; the masked indices get no probability. It learns by REINFORCE with a running
baseline, from the end-of-game reward alone, then plays fresh seeds, drawing from its policy
(its most likely action alone plays worse: it gets stuck in one kind of move). The result is
in examples/README.md.
"""

from __future__ import annotations

import argparse
import re
import time
from typing import Any

import numpy as np
import torch
from torch import nn

from duelhall.interop import gymnasium as duel_gym

KINDS = ("play", "discard", "stay", "attack", "look", "flip", "move", "pair", "resolve")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ACTION_FEATURES = len(KINDS) + 3 + 4 + 1
VIEW_HIDDEN = 32


def action_features(notation: str) -> list[float]:
    """The action's verb, lane, the rank of a named card and how many things it names."""
    words = notation.split()
    kind = [1.0 if words[0] == k else 0.0 for k in KINDS]
    lane = [0.0, 0.0, 0.0]
    for word in words[1:]:
        if re.fullmatch(r"[1-3][a-zA-Z]|[1-3]", word):
            lane[int(word[0]) - 1] = 1.0
            break
    rank = [0.0] * 4
    card = re.search(r"\b(10|[2-9AJQK])[SHDC]\b", notation)
    if card:
        value = RANKS.index(card.group(1))
        rank = [1.0, value / 12, float(value >= 10), float(value == 0)]
    return [*kind, *lane, *rank, (len(words) - 1) / 3]


class Policy(nn.Module):
    def __init__(self, observation: int, table: list[str]) -> None:
        super().__init__()
        self.view = nn.Sequential(nn.Linear(observation, VIEW_HIDDEN), nn.Tanh())
        self.score = nn.Sequential(
            nn.Linear(VIEW_HIDDEN + ACTION_FEATURES, 64), nn.Tanh(), nn.Linear(64, 1)
        )
        # An index means the same action in every position: its features are read once.
        self.actions = torch.tensor([action_features(name) for name in table])

    def logits(self, observation: Any, mask: Any) -> torch.Tensor:
        """Scores over the whole action space, minus infinity where the mask is 0."""
        legal = torch.from_numpy(np.flatnonzero(mask))
        seen = self.view(torch.from_numpy(observation)).expand(len(legal), -1)
        scores = self.score(torch.cat([seen, self.actions[legal]], dim=1)).squeeze(-1)
        masked = torch.full((len(mask),), float("-inf"))
        masked[legal] = scores
        return masked


def play(
    env: duel_gym.DuelhallEnv, policy: Policy, seed: int, sharpen: float = 1.0
) -> tuple[float, Any]:
    obs, _ = env.reset(seed=seed)
    log_probs = []
    reward, done = 0.0, False
    while not done:
        logits = policy.logits(obs["observation"], obs["action_mask"])
        dist = torch.distributions.Categorical(logits=logits * sharpen)
        action = dist.sample()  # type: ignore[no-untyped-call]
        log_probs.append(dist.log_prob(action))  # type: ignore[no-untyped-call]
        obs, r, done, _, _ = env.step(int(action))
        reward += float(r)
    return reward, torch.stack(log_probs).sum()


def evaluate(policy: Policy, games: int, seed: int, sharpen: float = 1.0) -> float:
    """Share of games won (a draw counts half) against random, on seeds not trained on."""
    env = duel_gym.make("duel52", opponent="random")
    score = 0.0
    with torch.no_grad():
        for k in range(games):
            reward, _ = play(env, policy, seed + k, sharpen)
            score += (reward + 1) / 2
    return score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)  # tiny layers: threads cost more than they give
    torch.manual_seed(args.seed)
    env = duel_gym.make("duel52", opponent="random")
    policy = Policy(env.code.view_bytes, list(env.code.table.names))
    optimiser = torch.optim.Adam(policy.parameters(), lr=3e-3)
    held_out = 10**6  # evaluation seeds never seen in training
    start = time.time()
    before = evaluate(policy, args.eval_games, held_out)  # about random's own share
    print(f"untrained policy vs random: {before:.3f} over {args.eval_games} games")
    baseline, batch = 0.0, []
    for episode in range(args.episodes):
        reward, log_prob = play(env, policy, args.seed * 10**5 + episode)
        batch.append(-(reward - baseline) * log_prob)
        baseline = 0.95 * baseline + 0.05 * reward
        if len(batch) == args.batch:
            optimiser.zero_grad()
            torch.stack(batch).mean().backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            batch = []
        if (episode + 1) % 250 == 0:
            print(f"episode {episode + 1}: running reward {baseline:+.2f}")
    torch.manual_seed(args.seed)  # the same draws for the evaluation as before training
    after = evaluate(policy, args.eval_games, held_out)
    report("trained policy", after, args.eval_games)
    torch.manual_seed(args.seed)
    report(
        "trained, sharpened x3", evaluate(policy, args.eval_games, held_out, 3.0), args.eval_games
    )
    print(f"{time.time() - start:.0f} s in all")


def report(what: str, share: float, games: int) -> None:
    half = 1.96 * np.sqrt(share * (1 - share) / games)
    print(
        f"{what} vs random: {share:.3f} over {games} games "
        f"(95% {share - half:.3f}-{share + half:.3f})"
    )


if __name__ == "__main__":
    main()

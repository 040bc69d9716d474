"""Monte Carlo rollout search: the game's heuristic player, improved by playing each move out.

For one decision the agent re-deals what its seat cannot see (``Observation.sample``), and on
that one sampled world tries every legal move, each followed by the same playout policy (the
game's heuristic player, every seat deciding from its own view of the sampled world; the
random player for a game without one) to the end of the game. It repeats this on many
worlds and plays the move whose playouts won most: one step of policy improvement over the
heuristic (Tesauro and Galperin 1996; Bertsekas's rollout algorithms). Two things make it
work in games decided mostly by luck:

* **Common random numbers.** Every move is tried on the *same* world, cloned with its random
  generator, so the moves face the same cards and the same reshuffles, and only the
  difference the move makes separates their results. In Deck Duel most such pairs end the
  same way (the move changed nothing that mattered), and the paired difference has a small
  fraction of the variance of two independent estimates: the moves' true values differ by
  one to five points of winning chance, which independent playouts (as in ``ismcts``) cannot
  tell apart in a few hundred simulations.
* **The heuristic stays the default.** The agent leaves the heuristic's move only for one
  whose paired advantage is clear (``z`` standard errors above it), so noise seldom makes
  it play worse than the player it improves on. Decisions where the heuristic is right, or
  where nothing much is at stake, cost little: see the stopping rule below.

At a simultaneous secret choice the other seats' choices are the heuristic's, each from its
own view of the same unchanged world (so a best response to that model), applied together
with the agent's move. The search looks at its figures every ``BATCH`` worlds from
``FIRST_LOOK`` on and stops, always at the same point for the same seed, once every other
move trails the heuristic's by a standard error, or the chosen move's lead passes
``SETTLED_Z`` standard errors, or no world has told the moves apart in ``QUIET_LOOK``
worlds; so a plain decision costs a hundred or two worlds and only a close one spends the
whole budget.

Two settings make it affordable where whole playouts are dear or moves are many (Duel
Fighters): ``cutoff`` stops each playout after that many decisions and asks the game's
``evaluator`` for the seat's winning chance, and a heuristic player that offers
``candidates(obs)`` (the moves worth trying, usually its own among them; the first is the base
move when its own is not) narrows the moves tried.
With ``prune``, a move that trails the heuristic's by that many standard errors after
``PRUNE_FROM`` worlds is no longer played out, so the budget goes to the moves still in
contention, and the search ends once pruning has left one move (or one clearly ahead). A
heuristic player may also offer ``sample_world(obs, rng)``, a re-deal in which the others'
hidden choices are the ones its model would have made.

A budget in sampled worlds is deterministic under a seed; a budget in seconds is not, and it
is kept: no playout starts that the slowest one so far would not finish in time, and a world
cut short is dropped (the first world is always finished, so that there is a choice to make).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.agents.random_agent import RandomAgent
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.state import GameState

Policy = Callable[[GameState, int], Any]

# Worlds between two looks at whether the decision is settled, and the least before the first.
BATCH = 50
FIRST_LOOK = 100
# Standard errors that settle a decision early (the choice itself uses ``z``).
SETTLED_Z = 3.0
# Worlds after which moves that no world has told apart count as equal. A move worth two
# points more than the heuristic's differs from it in about one world in fifty.
QUIET_LOOK = 200
# Worlds before pruning (``prune``) may drop a move: fewer give no standard error to trust.
PRUNE_FROM = 3


def base_policy(info: GameInfo, seed: int) -> tuple[Policy, Agent]:
    """The playout policy and the agent behind it: the game's heuristic player from each
    seat's view (through its ``choose_in`` shortcut when it has one), else the random player.
    """
    if not info.has_hook("heuristic"):
        rand = RandomAgent(seed)

        def uniform(state: GameState, seat: int) -> Any:
            legal = state.legal_actions(seat)  # what RandomAgent does, with no view built
            return legal[rand.rng.below(len(legal))]

        return uniform, rand
    agent: Agent = info.hook("heuristic")(info, seed)
    fast = getattr(agent, "choose_in", None)
    if fast is not None:
        return fast, agent

    def by_view(state: GameState, seat: int) -> Any:
        return agent.choose(Observation.of_sample(state, seat))

    return by_view, agent


class Paired:
    """Running sums of one move's paired differences against the base move."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, d: float) -> None:
        self.n += 1
        self.total += d
        self.squares += d * d

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def se(self) -> float:
        if self.n < 2:
            return math.inf
        mean = self.mean
        var = max(0.0, (self.squares - self.n * mean * mean) / (self.n - 1))
        return math.sqrt(var / self.n)


class RolloutAgent(Agent):
    """Plays the heuristic's move unless paired playouts show another clearly better.

    ``samples`` (sampled worlds, at most) or ``seconds`` sets the budget; ``z`` is how many
    standard errors of the paired difference a move must beat the heuristic's by.
    """

    name = "rollouts"

    def __init__(
        self,
        info: GameInfo,
        seed: int = 0,
        *,
        samples: int = 1000,
        seconds: float = 0.0,
        z: float = 2.0,
        cutoff: int = 0,
        prune: float = 0.0,
    ) -> None:
        super().__init__(seed)
        self.info = info
        self.samples = samples
        self.seconds = seconds
        self.z = z
        # Moves trailing the base move by ``prune`` standard errors stop being played out
        # (0: every move tried is played out on every world).
        self.prune = prune
        self.policy, self.base = base_policy(info, seed ^ 0x5EED)
        # Playouts stop after ``cutoff`` decisions and ask the evaluator (0: to the end).
        self.evaluator: Callable[[GameState, int], float] | None = (
            info.hook("evaluator") if cutoff and info.has_hook("evaluator") else None
        )
        self.cutoff = cutoff if self.evaluator is not None else 0
        self.narrow: Callable[[Observation], Sequence[Any]] | None = getattr(
            self.base, "candidates", None
        )
        # A heuristic player may re-deal the others' hidden choices as it would have made
        # them (honestly: from their views of the re-deal), instead of uniformly.
        self.sampler: Callable[[Observation, Rng], GameState] | None = getattr(
            self.base, "sample_world", None
        )
        self.worlds = 0  # worlds the last decision sampled

    def base_move(self, obs: Observation) -> Any:
        """The move the search starts from and keeps unless another is clearly better."""
        if self.info.has_hook("heuristic"):
            return self.base.choose(obs)
        return obs.legal[0]  # a random first choice would only add noise

    def _playout(self, state: GameState, seat: int) -> float:
        policy = self.policy
        left = self.cutoff or -1
        while not state.is_over():
            if left == 0:
                assert self.evaluator is not None
                return self.evaluator(state, seat)
            left -= 1
            # Every seat to move decides from the same state before any choice is applied.
            picks = [policy(state, s) for s in state.to_move()]
            for action in picks:
                state.apply(action)
        outcome = state.outcome()
        assert outcome is not None
        return outcome.scores[seat]

    def evaluate(self, obs: Observation) -> tuple[Any, list[Paired]]:
        """The base move and, for each move tried (:meth:`moves`), its paired differences
        against it."""
        legal = self.moves(obs)
        seat = obs.seat
        base = self.base_move(obs)
        if base not in legal:
            base = legal[0]  # the heuristic's candidates left its own move out: start from theirs
        b = legal.index(base)
        stats = [Paired() for _ in legal]
        alive = list(range(len(legal)))  # the moves still played out (all, unless pruned)
        rng = self.rng.fork()
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds > 0 else math.inf
        limit = self.samples if self.seconds <= 0 else 1 << 62
        n = 0
        slowest = 0.0  # the longest playout yet, in seconds
        while n < limit:
            world = obs.sample(rng) if self.sampler is None else self.sampler(obs, rng)
            # The playout policy's own random draws, if it makes any, are common too.
            world_seed = rng.next_u64()
            movers = world.to_move()
            self.base.rng = Rng(world_seed)
            others = {s: self.policy(world, s) for s in movers if s != seat}
            results: dict[int, float] = {}
            for i in alive:
                # The clock is read before each playout: none starts that the slowest so
                # far would not finish in time, except in the first world, always finished
                # so that there is a choice. A world cut short is dropped whole, since a
                # move played out on it would have no base result to pair with.
                began = time.perf_counter()
                if n and began + slowest >= deadline:
                    break
                self.base.rng = Rng(world_seed)
                w = world.clone()
                for s in movers:
                    w.apply(legal[i] if s == seat else others[s])
                results[i] = self._playout(w, seat)
                slowest = max(slowest, time.perf_counter() - began)
            if len(results) < len(alive):
                break
            base_result = results[b]
            for i in alive:
                stats[i].add(results[i] - base_result)
            n += 1
            if self.prune > 0 and n >= PRUNE_FROM:
                alive = [i for i in alive if i == b or not self._trails(stats[i])]
                if self._alone(stats, alive, b):
                    break
            if n % BATCH == 0 and n >= FIRST_LOOK and self._settled(stats, b, n):
                break
            if time.perf_counter() + slowest >= deadline:
                break
        self.worlds = n
        return base, stats

    def moves(self, obs: Observation) -> Sequence[Any]:
        """The moves tried: the legal ones, or those the heuristic player deems worth it."""
        if self.narrow is None:
            return obs.legal
        return self.narrow(obs)

    def _trails(self, stat: Paired) -> bool:
        """Whether a move is behind the base move by ``prune`` standard errors (or level
        with it in every world so far): no longer worth its playouts."""
        return stat.mean + self.prune * (stat.se if stat.n >= 2 else 0.0) <= 0.0

    @staticmethod
    def _alone(stats: list[Paired], alive: Sequence[int], b: int) -> bool:
        """Whether pruning has settled the decision: only the base move is left, or one
        other whose lead over it passes ``SETTLED_Z`` standard errors."""
        if len(alive) == 1:
            return True
        return len(alive) == 2 and all(
            i == b or stats[i].mean > SETTLED_Z * stats[i].se for i in alive
        )

    def _pick(self, stats: list[Paired], b: int) -> int:
        best, best_mean = b, 0.0
        for i, stat in enumerate(stats):
            if i != b and stat.mean > best_mean and stat.mean > self.z * stat.se:
                best, best_mean = i, stat.mean
        return best

    def _settled(self, stats: list[Paired], b: int, n: int) -> bool:
        """Whether more worlds are unlikely to change the choice: every other move trails the
        heuristic's by a standard error, or the chosen move's lead over it passes
        ``SETTLED_Z`` standard errors, or ``QUIET_LOOK`` worlds have not told them apart."""
        chosen = self._pick(stats, b)
        if chosen != b:
            c = stats[chosen]
            return c.mean > SETTLED_Z * c.se
        if all(s.squares == 0 for s in stats):
            return n >= QUIET_LOOK
        return all(i == b or s.mean + s.se < 0 for i, s in enumerate(stats))

    def choose(self, obs: Observation) -> Any:
        legal = self.moves(obs)
        if len(legal) == 1:
            return legal[0]
        base, stats = self.evaluate(obs)
        return legal[self._pick(stats, legal.index(base))]

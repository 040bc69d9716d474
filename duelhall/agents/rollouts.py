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
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from duelhall.agents.base import STAND_IN_SEED, Agent, Observation, Script
from duelhall.agents.random_agent import RandomAgent
from duelhall.agents.rollout_helpers import Helpers, forget, helpers_for
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
# Worlds a move must have tied the base move in, every one, before pruning drops it: in games
# where most worlds end alike whatever the move, three ties say little (a clearly better move
# in Deck Duel tied the first three).
LEVEL_FROM = 8


def base_policy(info: GameInfo, seed: int, hook: str = "heuristic") -> tuple[Policy, Agent]:
    """The playout policy and the agent behind it: the game's heuristic player (or the player
    ``hook`` names) from each seat's view (through its ``choose_in`` shortcut when it has
    one), else the random player.
    """
    if not info.has_hook("heuristic"):
        rand = RandomAgent(seed)

        def uniform(state: GameState, seat: int) -> Any:
            legal = state.legal_actions(seat)  # what RandomAgent does, with no view built
            return legal[rand.rng.below(len(legal))]

        return uniform, rand
    agent: Agent = info.hook(hook if info.has_hook(hook) else "heuristic")(info, seed)
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

    def ahead(self, z: float) -> bool:
        """Whether the mean is above zero by ``z`` standard errors, ``z`` read as a normal
        quantile and widened to Student's t for the worlds behind it: a standard error from
        three worlds is itself a guess, and a lead of two of them is no lead at all."""
        return self.mean > student(z, self.n - 1) * self.se


def student(z: float, df: int) -> float:
    """The quantile of Student's t with ``df`` degrees of freedom at the normal quantile
    ``z``'s probability (Cornish-Fisher expansion: within 2% of the exact value from 3
    degrees of freedom on; below, somewhat short, yet already twice ``z`` or more)."""
    if df < 1:
        return math.inf
    z3, z5 = z**3, z**5
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


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
        workers: int = 1,
        horizon: int = 1,
    ) -> None:
        super().__init__(seed)
        self.info = info
        self.samples = samples
        self.seconds = seconds
        self.z = z
        # Moves trailing the base move by ``prune`` standard errors stop being played out
        # (0: every move tried is played out on every world).
        self.prune = prune
        # The searching seat's player (the game's ``searcher``, else its heuristic): its
        # move is the base move, and it plays this seat's part of every playout; the
        # heuristic plays the others', the model of an adversary.
        self.policy, self.model = base_policy(info, seed ^ 0x5EED)
        self.own_policy, self.base = (
            base_policy(info, seed ^ 0x5EED, "searcher")
            if info.has_hook("searcher")
            else (self.policy, self.model)
        )
        # Playouts stop after ``cutoff`` decisions and ask the evaluator (0: to the end).
        self.evaluator: Callable[[GameState, int], float] | None = (
            info.hook("evaluator") if cutoff and info.has_hook("evaluator") else None
        )
        self.cutoff = cutoff if self.evaluator is not None else 0
        self.quiet: Callable[[GameState], bool] | None = (
            info.hook("quiet") if self.cutoff and info.has_hook("quiet") else None
        )
        # Past the cutoff, the quiet states a playout reaches before it is judged at the last
        # (Duel Fighters: 2 judges at the end of the next turn, with its fighting played).
        self.horizon = horizon if self.quiet is not None else 1
        self.narrow: Callable[[Observation], Sequence[Any]] | None = getattr(
            self.base, "candidates", None
        )
        # A heuristic player may offer whole plans (``Script``) at a decision that starts
        # several: the search weighs them as moves, then follows the one chosen.
        self.plans: Callable[[Observation], Sequence[Script]] | None = getattr(
            self.base, "plans", None
        )
        self.script: Script | None = None  # the plan being followed
        # A heuristic player may re-deal the others' hidden choices as it would have made
        # them (honestly: from their views of the re-deal), instead of uniformly.
        self.sampler: Callable[[Observation, Rng], GameState] | None = getattr(
            self.base, "sample_world", None
        )
        self.worlds = 0  # worlds the last decision sampled
        self.slowest = 0.0  # the longest playout of the last decision, in seconds
        # Processes playing worlds at once (this one and ``workers`` - 1 helpers), the
        # helpers started now rather than in the first decision's seconds.
        self.workers = workers
        self._helpers()

    def base_move(self, obs: Observation) -> Any:
        """The move the search starts from and keeps unless another is clearly better."""
        if self.info.has_hook("heuristic"):
            return self.base.choose(obs)
        return obs.legal[0]  # a random first choice would only add noise

    def _playout(self, state: GameState, seat: int, script: Script | None = None) -> float:
        policy, own = self.policy, self.own_policy
        cutoff = left = self.cutoff
        quiet = self.quiet
        passes = self.horizon  # quiet states still to reach
        calm = False  # in a quiet state already counted
        while not state.is_over():
            if left:
                left -= 1
            elif cutoff and (quiet is None or quiet(state)):
                if not calm:
                    if passes <= 1:
                        assert self.evaluator is not None
                        return self.evaluator(state, seat)
                    passes -= 1
                    calm = True
            else:
                calm = False
            # Every seat to move decides from the same state before any choice is applied.
            picks = []
            for s in state.to_move():
                pick = None
                if script is not None and s == seat:
                    obs = Observation.of_sample(state, s)
                    pick = script.next(obs)
                    if pick is None or pick not in obs.legal:
                        script, pick = None, None  # the plan is over: the policy plays on
                if pick is None:
                    pick = own(state, s) if s == seat else policy(state, s)
                picks.append(pick)
            for action in picks:
                state.apply(action)
        outcome = state.outcome()
        assert outcome is not None
        return outcome.scores[seat]

    def evaluate(
        self, obs: Observation, tried: Sequence[Any] | None = None
    ) -> tuple[Any, list[Paired]]:
        """The base move and, for each move tried (:meth:`moves`, or ``tried``: plans, the
        first the base), its paired differences against it."""
        legal = list(self.moves(obs) if tried is None else tried)
        base = self.base_move(obs) if tried is None else legal[0]
        if base not in legal:
            base = legal[0]  # the heuristic's candidates left its own move out: start from theirs
        b = legal.index(base)
        stats = [Paired() for _ in legal]
        alive = list(range(len(legal)))  # the moves still played out (all, unless pruned)
        rng = self.rng.fork()
        deadline = time.monotonic() + self.seconds if self.seconds > 0 else math.inf
        limit = self.samples if self.seconds <= 0 else 1 << 62
        helpers = self._helpers()
        # The helper processes re-deal from a re-deal of their own: a re-deal depends on the
        # seat's view and the generator alone, so theirs are the worlds ours would be.
        stand_in = obs.sample(Rng(STAND_IN_SEED)) if helpers is not None else None
        n = 0
        self.slowest = 0.0  # the longest playout yet, in seconds
        while n < limit:
            # A round: one world here and, with helpers, one in each helper at once.
            seeds = [rng.next_u64() for _ in range(1 + (helpers.size if helpers else 0))]
            seeds = seeds[: max(1, min(len(seeds), limit - n))]
            away = []
            try:
                if helpers is not None and stand_in is not None and len(seeds) > 1:
                    away = helpers.start(
                        stand_in, obs.seat, legal, alive, seeds[1:], deadline, self.slowest
                    )
                rounds = [self.world(obs, legal, alive, seeds[0], deadline, first=n == 0)]
                rounds += [future.result() for future in away]
            except BrokenProcessPool:
                # A helper was killed (out of memory, say): its worlds are lost, this
                # decision goes on alone, and the next starts new helpers.
                assert helpers is not None
                forget(helpers)
                helpers = None
                continue
            stop = False
            for results in rounds:
                # A world cut short is dropped whole: a move played out on it would have no
                # base result to pair with.
                if results is None:
                    stop = True
                    continue
                base_result = results[b]
                for i in alive:
                    stats[i].add(results[i] - base_result)
                n += 1
            if stop:
                break
            if self.prune > 0 and n >= PRUNE_FROM:
                alive = [i for i in alive if i == b or not self._trails(stats[i])]
                if self._alone(stats, alive, b):
                    break
            looked = n >= FIRST_LOOK and n // BATCH > (n - len(rounds)) // BATCH
            if looked and self._settled(stats, b, n):
                break
            if time.monotonic() + self.slowest >= deadline:
                break
        self.worlds = n
        return base, stats

    def world(
        self,
        obs: Observation,
        legal: Sequence[Any],
        alive: Sequence[int],
        seed: int,
        deadline: float,
        *,
        first: bool = False,
    ) -> dict[int, float] | None:
        """Each move in ``alive`` played out on the one world ``seed`` draws (its result for
        the seat), or ``None`` if the clock ran out first.

        The clock is read before each playout: none starts that the slowest so far would not
        finish in time, except in the ``first`` world, always finished so that there is a
        choice."""
        seat = obs.seat
        rng = Rng(seed)
        world = obs.sample(rng) if self.sampler is None else self.sampler(obs, rng)
        # The playout policy's own random draws, if it makes any, are common too.
        world_seed = rng.next_u64()
        movers = world.to_move()
        self.base.rng = self.model.rng = Rng(world_seed)
        others = {s: self.policy(world, s) for s in movers if s != seat}
        results: dict[int, float] = {}
        for i in alive:
            began = time.monotonic()
            if not first and began + self.slowest >= deadline:
                return None
            self.base.rng = self.model.rng = Rng(world_seed)
            w = world.clone()
            script = legal[i] if isinstance(legal[i], Script) else None
            move = legal[i] if script is None else script.next(obs)
            for s in movers:
                w.apply(move if s == seat else others[s])
            results[i] = self._playout(w, seat, script)
            self.slowest = max(self.slowest, time.monotonic() - began)
        return results

    def _helpers(self) -> Helpers | None:
        """The helper processes of this search (``workers`` - 1 of them), or ``None`` to
        search here alone (one worker, or where no process may be started)."""
        if self.workers <= 1:
            return None
        playouts = {"cutoff": self.cutoff, "horizon": self.horizon}
        return helpers_for(RolloutAgent, self.info.name, playouts, self.workers - 1)

    def moves(self, obs: Observation) -> Sequence[Any]:
        """The moves tried: the legal ones, or those the heuristic player deems worth it."""
        if self.narrow is None:
            return obs.legal
        return self.narrow(obs)

    def _trails(self, stat: Paired) -> bool:
        """Whether a move is behind the base move by ``prune`` standard errors (read from
        Student's t), or level with it in every one of ``LEVEL_FROM`` worlds or more: no
        longer worth its playouts."""
        if stat.squares == 0.0:
            return stat.n >= LEVEL_FROM
        return stat.mean + student(self.prune, stat.n - 1) * stat.se <= 0.0

    @staticmethod
    def _alone(stats: list[Paired], alive: Sequence[int], b: int) -> bool:
        """Whether pruning has settled the decision: only the base move is left, or one
        other whose lead over it passes ``SETTLED_Z`` standard errors."""
        if len(alive) == 1:
            return True
        return len(alive) == 2 and all(i == b or stats[i].ahead(SETTLED_Z) for i in alive)

    def _pick(self, stats: list[Paired], b: int) -> int:
        best, best_mean = b, 0.0
        for i, stat in enumerate(stats):
            if i != b and stat.mean > best_mean and stat.ahead(self.z):
                best, best_mean = i, stat.mean
        return best

    def _settled(self, stats: list[Paired], b: int, n: int) -> bool:
        """Whether more worlds are unlikely to change the choice: every other move trails the
        heuristic's by a standard error, or the chosen move's lead over it passes
        ``SETTLED_Z`` standard errors, or ``QUIET_LOOK`` worlds have not told them apart."""
        chosen = self._pick(stats, b)
        if chosen != b:
            c = stats[chosen]
            return c.ahead(SETTLED_Z)
        if all(s.squares == 0 for s in stats):
            return n >= QUIET_LOOK
        return all(i == b or s.mean + s.se < 0 for i, s in enumerate(stats))

    def choose(self, obs: Observation) -> Any:
        if self.script is not None:
            action = self.script.next(obs)
            if action is not None and action in obs.legal:
                return action
            self.script = None
        plans = list(self.plans(obs)) if self.plans is not None else []
        if len(plans) > 1:
            _, stats = self.evaluate(obs, plans)
            chosen = plans[self._pick(stats, 0)]
            action = chosen.next(obs)
            if action is not None and action in obs.legal:
                self.script = chosen
                return action
        legal = self.moves(obs)
        if len(legal) == 1:
            return legal[0]
        base, stats = self.evaluate(obs)
        return legal[self._pick(stats, legal.index(base))]

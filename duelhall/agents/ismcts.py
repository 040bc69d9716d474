"""Information-set Monte Carlo tree search, generic over every game on the core.

Each iteration re-deals what the searching seat cannot see (``Observation.sample``), walks one
shared tree with that sampled world, adds a node, plays the rest out and backs the result up
(single-observer ISMCTS, Cowling, Powley and Whitehouse 2012). Because a fresh sample is
drawn per iteration the walk applies actions to it in place: no clones.

Two details make it honest and general:

* **Availability.** A child's exploration term counts the iterations in which its action was
  legal, not the parent's visits, since an action (an opponent's card, say) exists only in
  some samples.
* **Simultaneous choices** are decoupled: at a node where several seats choose at once, each
  seat picks from its own statistics, blind to the others' picks, and only the joint choice
  leads to a child. A seat therefore never conditions on a commitment it cannot see, which a
  sequential tree would let it do. Those picks are random, by Exp3 (Auer et al. 2002), as in
  simultaneous-move MCTS (Lanctot et al. 2013): two deterministic UCB players can cycle in
  lockstep and never find a mixed equilibrium. At such a root the agent plays the move the
  search values most (a best response to the opponent it modelled; on Highlander this scored
  0.55 against the heuristic where playing the mixed strategy scored about 0.2), or with
  ``mix`` the mixed strategy itself, drawn in proportion to the visits.

Playouts are random or use the game's ``rollout`` hook (or its heuristic player, each seat
deciding from its own view, through the player's ``choose_in(state, seat)`` shortcut when it
offers one), and may stop after ``cutoff`` actions, where the game's ``evaluator`` hook
estimates each seat's winning chance.
Rewards are the outcome's scores (1 win, 0 loss, 0.5 a two-seat draw).

Where a game is mostly luck and each decision moves the winning chance by a point or two
(Deck Duel), independent playouts cannot rank the moves in a few thousand simulations: the
search then picks among near-equal, noisy values and errs often. The rollout search
(:mod:`duelhall.agents.rollouts`) compares moves on shared samples instead.

A budget in simulations is deterministic under a seed; a budget in seconds is not (it
depends on the machine), so records of games against time-budgeted agents replay from
their actions, never from the agent.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.core import engines
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.core.state import GameState
from duelhall.core.stepping import random_step

Evaluator = Callable[[Any, int], float]
RolloutPolicy = Callable[[Any, Rng], Any]


class Edge:
    """Statistics of one action at one node, for the seat that chooses it."""

    __slots__ = ("avail", "child", "gain", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.gain = 0.0  # Exp3's importance-weighted reward sum (simultaneous choices)
        self.child: Node | None = None


class Node:
    """A point in the tree: the seat to move chose among ``edges`` (one dict per mover)."""

    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        # seat -> action -> statistics; one seat except at simultaneous choices.
        self.edges: dict[int, dict[Any, Edge]] = {}
        # Simultaneous choices only: the joint choice (in seat order) -> child.
        self.joint: dict[tuple[Any, ...], Node] | None = None


@dataclass(frozen=True)
class MoveStats:
    """What the search thinks of one of the root's moves."""

    action: Any
    visits: int
    value: float  # mean reward for the searching seat: its estimated winning chance


@dataclass(frozen=True)
class SearchResult:
    """The root's moves, most searched first, and how many iterations ran."""

    moves: tuple[MoveStats, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> MoveStats:
        return self.moves[0]

    def share(self, stats: MoveStats) -> float:
        """The part of the search spent on ``stats``' move."""
        total = sum(m.visits for m in self.moves)
        return stats.visits / total if total else 0.0

    def value_of(self, action: Any) -> float | None:
        for m in self.moves:
            if m.action == action:
                return m.value
        return None


def _select(
    edges: dict[Any, Edge], legal: Sequence[Any], rng: Rng, c: float
) -> tuple[Any, Edge, bool]:
    """UCB over the actions legal here; an untried action first. Returns (action, edge, new)."""
    untried: list[Any] = []
    best: Any = None
    best_edge: Edge | None = None
    best_score = -math.inf
    sqrt, log, get = math.sqrt, math.log, edges.get
    for action in legal:
        edge = get(action)
        # An edge never visited is untried: a simultaneous choice at the same node (in
        # another re-deal the other seat was still choosing) lays edges for every action.
        if edge is None or not edge.visits:
            untried.append(action)
            continue
        edge.avail += 1
        visits = edge.visits
        score = edge.total / visits + c * sqrt(log(edge.avail) / visits)
        if score > best_score:
            best_score, best, best_edge = score, action, edge
    if untried:
        action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        edge = get(action) or Edge()
        edges[action] = edge
        return action, edge, edge.child is None
    assert best_edge is not None
    return best, best_edge, False


EXP3_GAMMA = 0.15


def _select_mixed(
    edges: dict[Any, Edge], legal: Sequence[Any], rng: Rng
) -> tuple[Any, Edge, float]:
    """Exp3: draw an action with probability rising with its estimated reward."""
    k = len(legal)
    row = []
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = Edge()
        row.append(edge)
    if k == 1:
        return legal[0], row[0], 1.0
    eta = EXP3_GAMMA / k
    top = max(e.gain for e in row) * eta
    weights = [math.exp(e.gain * eta - top) for e in row]
    total = sum(weights)
    u = rng.random()
    acc = 0.0
    for i, w in enumerate(weights):
        p = (1 - EXP3_GAMMA) * w / total + EXP3_GAMMA / k
        acc += p
        if u < acc or i == k - 1:
            return legal[i], row[i], p
    raise AssertionError("unreachable")


class Search:
    """One search tree for one decision. ``run`` adds iterations; ``result`` reads it."""

    def __init__(
        self,
        obs: Observation,
        rng: Rng,
        *,
        seats: int,
        exploration: float = 0.7,
        evaluator: Evaluator | None = None,
        rollout: RolloutPolicy | None = None,
        cutoff: int = 0,
        rollout_agent: Agent | None = None,
    ) -> None:
        self.obs = obs
        self.rng = rng
        self.seats = seats
        self.c = exploration
        self.evaluator = evaluator
        self.rollout_policy = rollout
        self.rollout_agent = rollout_agent
        self.cutoff = cutoff if evaluator is not None else 0
        self.root = Node()
        self.root_legal = set(obs.legal)
        self.iterations = 0
        self.elapsed = 0.0

    def run(self, iterations: int = 0, seconds: float = 0.0) -> None:
        """Search for ``iterations`` more iterations, or for ``seconds`` if given."""
        start = time.perf_counter()
        if seconds > 0:
            deadline = start + seconds
            while True:
                for _ in range(8):
                    self._iterate()
                if time.perf_counter() >= deadline:
                    break
        else:
            for _ in range(iterations):
                self._iterate()
        self.elapsed += time.perf_counter() - start

    def _iterate(self) -> None:
        rng = self.rng
        state = self.obs.sample(rng)
        node: Node | None = self.root
        path: list[tuple[Edge, int, float]] = []
        at_root = True
        while node is not None and not state.is_over():
            movers = state.to_move()
            if len(movers) == 1:
                seat = movers[0]
                legal: Sequence[Any] = state.legal_actions(seat)
                if at_root and seat == self.obs.seat:
                    legal = [a for a in legal if a in self.root_legal] or legal
                edges = node.edges.get(seat)
                if edges is None:
                    edges = node.edges[seat] = {}
                action, edge, new = _select(edges, legal, rng, self.c)
                path.append((edge, seat, 0.0))
                state.apply(action)
                if new:
                    edge.child = Node()
                    break
                node = edge.child
            else:
                chosen: list[Any] = []
                for seat in movers:
                    legal = state.legal_actions(seat)
                    if at_root and seat == self.obs.seat:
                        legal = [a for a in legal if a in self.root_legal] or legal
                    edges = node.edges.get(seat)
                    if edges is None:
                        edges = node.edges[seat] = {}
                    action, edge, prob = _select_mixed(edges, legal, rng)
                    path.append((edge, seat, prob))
                    chosen.append(action)
                # Every choice is made from the same state before any is applied.
                for action in chosen:
                    state.apply(action)
                if node.joint is None:
                    node.joint = {}
                key = tuple(chosen)
                child = node.joint.get(key)
                if child is None:
                    node.joint[key] = Node()
                    break
                node = child
            at_root = False
        rewards = self._playout(state)
        for edge, seat, prob in path:
            reward = rewards[seat]
            edge.visits += 1
            edge.total += reward
            if prob:
                edge.gain += reward / prob
        self.iterations += 1

    def _playout(self, state: GameState) -> Sequence[float]:
        rng = self.rng
        policy = self.rollout_policy
        steps = 0
        cutoff = self.cutoff
        agent = self.rollout_agent
        # The agent's shortcut, if it has one: the same choice, read from the state directly
        # (reading only what the seat's view shows), with no view built.
        fast = getattr(agent, "choose_in", None)
        while not state.is_over():
            if cutoff and steps >= cutoff:
                assert self.evaluator is not None
                if self.seats == 2:
                    # Two seats: the evaluation is a winning chance, so the other's is 1 - v.
                    v = self.evaluator(state, 0)
                    return (v, 1.0 - v)
                return [self.evaluator(state, seat) for seat in range(self.seats)]
            movers = state.to_move()
            if agent is not None:
                # Each seat decides from its own view of the sampled world, all from the same
                # state, as in a real game.
                if fast is not None:
                    picks = [fast(state, seat) for seat in movers]
                else:
                    picks = [agent.choose(Observation.of_sample(state, seat)) for seat in movers]
                for action in picks:
                    state.apply(action)
            elif len(movers) == 1 and policy is not None:
                state.apply(policy(state, rng))
            else:
                random_step(state, rng)
            steps += 1
        outcome = state.outcome()
        assert outcome is not None
        return outcome.scores

    def result(self) -> SearchResult:
        """The searching seat's root moves, most visited first (then best value)."""
        edges = self.root.edges.get(self.obs.seat, {})
        tried = [(action, e.visits, e.total) for action, e in edges.items()]
        return ranked(tried, self.obs.legal, self.iterations, self.elapsed)


def ranked(
    tried: Sequence[tuple[Any, int, float]], legal: Sequence[Any], iterations: int, elapsed: float
) -> SearchResult:
    """The root's moves (``(action, visits, total reward)``, in the order first tried) that
    are legal, most visited first (then best value, then the legal list's order)."""
    allowed = set(legal)
    moves = [
        MoveStats(action, visits, total / visits if visits else 0.0)
        for action, visits, total in tried
        if action in allowed
    ]
    order = {a: i for i, a in enumerate(legal)}
    moves.sort(key=lambda m: (-m.visits, -m.value, order.get(m.action, 0)))
    return SearchResult(tuple(moves), iterations, elapsed)


class ISMCTSAgent(Agent):
    """Chooses the root move the search visited most.

    ``iterations`` or ``seconds`` sets the budget; ``rollout`` is ``"random"``,
    ``"heuristic"`` (the game's quick rollout hook) or ``"agent"`` (the game's heuristic
    player, deciding from each seat's view of the sampled world: slower, stronger);
    ``cutoff`` stops playouts after that many actions and asks the game's evaluator instead
    (0: play to the end).
    """

    name = "ismcts"

    def __init__(
        self,
        info: GameInfo,
        seed: int = 0,
        *,
        iterations: int = 1000,
        seconds: float = 0.0,
        rollout: str = "random",
        cutoff: int | None = None,
        exploration: float = 0.7,
        mix: bool = False,
        engine: str | None = None,
    ) -> None:
        super().__init__(seed)
        self.info = info
        # Which engine searches: None follows the command's choice (duelhall.core.engines).
        self.engine = engine
        self.mix = mix
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.evaluator: Evaluator | None = (
            info.hook("evaluator") if info.has_hook("evaluator") else None
        )
        self.rollout: RolloutPolicy | None = None
        self.rollout_agent: Agent | None = None
        if rollout == "heuristic" and info.has_hook("rollout"):
            self.rollout = info.hook("rollout")
        elif rollout == "agent" and info.has_hook("heuristic"):
            # The game's own heuristic player plays the playouts, each seat from its view.
            self.rollout_agent = info.hook("heuristic")(info, seed ^ 0x5EED)
        # The game's choice (Duel 52: 10 beat 20 at equal simulations, 19 of 30, and ran faster).
        default_cutoff = info.search_cutoff if self.evaluator is not None else 0
        self.cutoff = default_cutoff if cutoff is None else cutoff
        self.last: SearchResult | None = None
        self.mixed = False

    def search(self, obs: Observation) -> SearchResult:
        rng = self.rng.fork()
        # A re-deal: the options, and with them the number of seats, are public.
        world = obs.sample(Rng(0))
        compiled = self._compiled(obs, world, rng)
        if compiled is not None:
            self.last = compiled
            self.mixed = False
            return compiled
        search = Search(
            obs,
            rng,
            seats=self.info.seat_count(world.options),
            exploration=self.exploration,
            evaluator=self.evaluator,
            rollout=self.rollout,
            cutoff=self.cutoff,
            rollout_agent=self.rollout_agent,
        )
        if self.seconds > 0:
            search.run(seconds=self.seconds)
        else:
            search.run(iterations=max(self.iterations, len(obs.legal)))
        result = search.result()
        self.last = result
        self.mixed = search.root.joint is not None
        return result

    def _compiled(self, obs: Observation, world: Any, rng: Rng) -> SearchResult | None:
        """The same search run by the game's compiled engine, where it has one that can
        (random playouts only), else None."""
        if self.rollout is not None or self.rollout_agent is not None:
            return None
        if self.evaluator is None or not self.info.has_hook("compiled_search"):
            return None
        if (self.engine or engines.chosen()) == "reference":
            return None
        start = time.perf_counter()
        found = self.info.hook("compiled_search")(
            world,
            obs.seat,
            obs.legal,
            rng,
            iterations=max(self.iterations, len(obs.legal)),
            seconds=self.seconds,
            exploration=self.exploration,
            cutoff=self.cutoff,
        )
        if found is None:
            return None
        tried, iterations = found
        return ranked(tried, obs.legal, iterations, time.perf_counter() - start)

    def choose(self, obs: Observation) -> Any:
        if len(obs.legal) == 1:
            return obs.legal[0]
        result = self.search(obs)
        if not result.moves:
            return obs.legal[0]
        if self.mixed and not self.mix:
            # A secret choice played as a best response: the move worth most by the search's
            # estimate, among those it looked at seriously.
            enough = max(m.visits for m in result.moves) / 10
            return max(
                (m for m in result.moves if m.visits >= enough), key=lambda m: m.value
            ).action
        if self.mixed:
            # A secret simultaneous choice: a fixed answer could be read and exploited, so
            # play the search's mixed strategy, less the share Exp3 spent exploring.
            floor = EXP3_GAMMA * result.iterations / len(result.moves)
            weights = [max(0.0, m.visits - floor) for m in result.moves]
            total = sum(weights)
            if total > 0:
                pick = self.rng.random() * total
                for move, weight in zip(result.moves, weights, strict=True):
                    pick -= weight
                    if pick < 0:
                        return move.action
        return result.best.action

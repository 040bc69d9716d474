"""The rollout search: honest, reproducible, conservative, and fast where the game helps."""

from __future__ import annotations

import math
from typing import Any

import pytest

from duelhall.agents.base import Agent, Observation
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.registry import make_agent
from duelhall.agents.rollouts import LEVEL_FROM, QUIET_LOOK, Paired, RolloutAgent, student
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step
from duelhall.games.deckduel.engine.actions import ACTION, FOCUS, Act
from duelhall.games.deckduel.engine.state import DeckDuelState
from duelhall.games.deckduel.heuristic import DeckDuelHeuristic, heuristic_action
from duelhall.sim.match import play_match
from tests.agents.positions import some_position
from tests.core.toy_game import INFO as TOY
from tests.core.toy_game import HighCardState

DECKDUEL = get_game("deckduel")


def test_same_seed_reproduces_a_deckduel_game() -> None:
    one = play_match(DECKDUEL, ["rollouts:20", "heuristic"], seed=3)
    two = play_match(DECKDUEL, ["rollouts:20", "heuristic"], seed=3)
    assert one.record.actions == two.record.actions
    assert one.scores == two.scores


def _king_win_with_the_ace_to_come() -> DeckDuelState:
    """Player 1's King beat a 4; its Ace is still in its deck: focus is worth far more."""
    state = DECKDUEL.load_position(
        {
            "seed": 4,
            "players": [{"deck_top": ["K", "5", "A"]}, {"deck_top": ["4"], "actions": 0}],
            "options": {},
        }
    )
    assert isinstance(state, DeckDuelState)
    for seat in state.to_move():
        state.apply(Act(seat, "flip"))
    assert {a.kind for a in state.legal_actions(0)} == {FOCUS, ACTION}
    return state


class _StubbornBase(RolloutAgent):
    """A rollout search whose starting move is the worse one, to see it overruled."""

    def base_move(self, obs: Observation) -> Any:
        return next(a for a in obs.legal if a.kind == ACTION)


def test_a_clearly_better_move_replaces_the_base_move_and_settles_early() -> None:
    state = _king_win_with_the_ace_to_come()
    agent = _StubbornBase(DECKDUEL, 1, samples=1000)
    choice = agent.choose(Observation.of(state, 0))
    assert choice.kind == FOCUS
    assert agent.worlds < 1000  # settled well before the budget


def test_with_no_better_move_the_base_move_stands() -> None:
    """The toy game has no heuristic: the base move is the first legal one, and on its first
    turn every card is worth the same against random play."""
    state = HighCardState(0, {})
    for seed in range(3):
        agent = RolloutAgent(TOY, seed, samples=300)
        assert agent.choose(Observation.of(state, 0)) == state.legal_actions(0)[0]


def test_moves_that_change_nothing_stop_the_search_early() -> None:
    state = _nothing_to_choose()
    agent = RolloutAgent(DECKDUEL, 1, samples=1000)
    assert agent.choose(Observation.of(state, 0)).kind == "block"  # the heuristic's move
    assert agent.worlds == QUIET_LOOK


def _nothing_to_choose() -> DeckDuelState:
    """A hit of 3 on the last point of health kills with or without the block."""
    state = DECKDUEL.load_position(
        {
            "seed": 2,
            "players": [
                {"deck_top": ["2"], "health": 1, "actions": 1},
                {"deck_top": ["9"], "rage": 2},
            ],
            "options": {},
        }
    )
    assert isinstance(state, DeckDuelState)
    for seat in state.to_move():
        state.apply(Act(seat, "flip"))
    assert len(state.legal_actions(0)) == 2
    return state


def test_pruning_drops_a_move_level_with_the_base_and_ends_the_search_with_it() -> None:
    agent = RolloutAgent(DECKDUEL, 1, samples=1000, prune=1.0)
    assert agent.choose(Observation.of(_nothing_to_choose(), 0)).kind == "block"
    assert agent.worlds == LEVEL_FROM  # not QUIET_LOOK: the other move stopped being tried


def test_pruning_keeps_a_clearly_better_move_and_plays_it() -> None:
    pruned = _StubbornBase(DECKDUEL, 1, samples=1000, prune=1.0)
    plain = _StubbornBase(DECKDUEL, 1, samples=1000)
    for agent in (pruned, plain):
        assert agent.choose(Observation.of(_king_win_with_the_ace_to_come(), 0)).kind == FOCUS
    # Settled as soon as the better move was clearly ahead, not at the next batch's look.
    assert pruned.worlds < plain.worlds


def test_a_budget_in_seconds_too_small_for_one_world_still_decides_after_one() -> None:
    agent = RolloutAgent(DECKDUEL, 1, seconds=1e-9)
    state = _nothing_to_choose()
    assert agent.choose(Observation.of(state, 0)) in state.legal_actions(0)
    assert agent.worlds == 1  # the first world is always finished, the next never started


def test_prune_setting_reaches_the_agent() -> None:
    agent = make_agent("rollouts:300,prune=1.5", 0, game=DECKDUEL)
    assert isinstance(agent, RolloutAgent)
    assert agent.prune == 1.5
    with pytest.raises(DuelhallError, match="prune takes a number"):
        make_agent("rollouts:300,prune=-1", 0, game=DECKDUEL)


def test_a_move_must_clear_z_standard_errors_to_replace_the_base() -> None:
    agent = RolloutAgent(TOY, 0, z=2.0)
    close, clear = Paired(), Paired()
    for d in [0.0] * 90 + [1.0] * 6 + [-1.0] * 4:
        close.add(d)  # ahead by 0.02 with a standard error of about 0.03
    for d in [0.0] * 80 + [1.0] * 20:
        clear.add(d)
    base = Paired()
    assert agent._pick([base, close], 0) == 0
    assert agent._pick([base, close, clear], 0) == 2


def test_the_fast_deckduel_heuristic_makes_the_views_choices() -> None:
    agent = DeckDuelHeuristic(DECKDUEL, 0)
    rng = Rng(8)
    checked = 0
    for seed in range(40):
        options = {"focused_ace_vs_ace": "tie", "focus_lasts": "game"} if seed % 2 else {}
        state = DECKDUEL.new_state(seed, DECKDUEL.resolve_options(options))
        while not state.is_over():
            for seat in state.to_move():
                assert heuristic_action(state, seat) == agent.choose(Observation.of(state, seat))
                checked += 1
            random_step(state, rng)
    assert checked > 1000


class _ViewOnly(Agent):
    """The Deck Duel heuristic without its state shortcut."""

    def __init__(self) -> None:
        super().__init__(0)
        self.inner = DeckDuelHeuristic(DECKDUEL, 0)

    def choose(self, obs: Observation) -> Any:
        return self.inner.choose(obs)


def test_ismcts_agent_playouts_take_the_same_choices_through_the_shortcut() -> None:
    state = some_position("deckduel", 6, 9)
    seat = state.to_move()[0]
    fast = ISMCTSAgent(DECKDUEL, 3, iterations=60, rollout="agent")
    slow = ISMCTSAgent(DECKDUEL, 3, iterations=60, rollout="agent")
    slow.rollout_agent = _ViewOnly()
    a = fast.search(Observation.of(state, seat))
    b = slow.search(Observation.of(state, seat))
    assert [(m.action, m.visits, m.value) for m in a.moves] == [
        (m.action, m.visits, m.value) for m in b.moves
    ]


def test_rollouts_settings_reach_the_agent() -> None:
    agent = make_agent("rollouts:300,z=1.5", 0, game=DECKDUEL)
    assert isinstance(agent, RolloutAgent)
    assert (agent.samples, agent.z) == (300, 1.5)


def test_rollouts_cutoff_stops_a_playout_and_asks_the_evaluator() -> None:
    agent = make_agent("rollouts:30,cutoff=1", 0, game=DECKDUEL)
    assert isinstance(agent, RolloutAgent)
    assert agent.cutoff == 1
    world = DECKDUEL.new_state(5, {})
    value = agent._playout(world, 0)
    assert not world.is_over()  # one decision played, then judged
    assert value == DECKDUEL.hook("evaluator")(world, 0)


def test_rollouts_cutoff_needs_an_evaluator() -> None:
    with pytest.raises(DuelhallError, match="no evaluator"):
        make_agent("rollouts:30,cutoff=4", 0, game=TOY)


def test_a_playout_cut_off_mid_turn_plays_on_to_a_quiet_state() -> None:
    """Duel Fighters is judged between turns only: one decision into a turn's programming,
    the playout goes on through the turn's steps before the evaluator is asked."""
    info = get_game("duelfighters")
    agent = make_agent("rollouts:30,cutoff=1", 0, game=info)
    assert isinstance(agent, RolloutAgent) and agent.quiet is not None
    world = info.new_state(5, {})
    while world.phase != "program":
        world.apply(world.legal_actions(world.to_move()[0])[0])
    turn = world.turn
    value = agent._playout(world, 0)
    assert world.is_over() or (agent.quiet(world) and world.turn == turn + 1)
    assert value == info.hook("evaluator")(world, 0)


def test_a_longer_horizon_judges_a_playout_at_a_later_quiet_state() -> None:
    """``horizon=2``: past the cutoff the playout goes through one quiet state and is judged
    at the next (Duel Fighters: the end of the next turn, its fighting played)."""
    info = get_game("duelfighters")
    agent = make_agent("rollouts:30,cutoff=1,horizon=2", 0, game=info)
    assert isinstance(agent, RolloutAgent) and agent.quiet is not None
    judged = []
    for seed in range(6):
        world = info.new_state(seed, {})
        while world.phase != "program":
            world.apply(world.legal_actions(world.to_move()[0])[0])
        turn = world.turn
        value = agent._playout(world, 0)
        if not world.is_over():
            assert agent.quiet(world) and world.turn == turn + 2
            assert value == info.hook("evaluator")(world, 0)
            judged.append(seed)
    assert judged  # some duels last the two turns
    with pytest.raises(DuelhallError, match="horizon=0"):
        make_agent("rollouts:30,cutoff=1,horizon=0", 0, game=info)


@pytest.mark.parametrize(
    ("df", "exact"), [(3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (1000, 1.962)]
)
def test_the_lead_a_move_needs_widens_to_students_t_for_few_worlds(df: int, exact: float) -> None:
    """Two-sided 95% quantiles of Student's t (tables): within 2% from 3 degrees of freedom."""
    assert student(1.96, df) == pytest.approx(exact, rel=0.02)
    assert student(1.96, 2) > 2 * 1.96  # two degrees of freedom: far more than z
    assert student(1.96, 0) == math.inf


def test_a_lead_of_two_standard_errors_over_three_worlds_is_not_enough() -> None:
    stat = Paired()
    for d in (0.35, 0.05, 0.30):
        stat.add(d)
    assert stat.mean > 2 * stat.se  # a plain z test would take it
    assert not stat.ahead(2.0)
    for d in (0.22, 0.28, 0.24, 0.26, 0.25, 0.23, 0.27):
        stat.add(d)
    assert stat.ahead(2.0)


def test_without_a_searcher_the_search_builds_on_the_heuristic_for_every_seat() -> None:
    agent = make_agent("rollouts:20", 0, game=DECKDUEL)
    assert isinstance(agent, RolloutAgent)
    assert not DECKDUEL.has_hook("searcher")
    assert agent.base is agent.model and agent.own_policy is agent.policy


def test_a_playout_gives_the_searching_seat_to_its_own_player_and_the_others_to_the_model() -> None:
    """A game's ``searcher`` plays the searching seat's part; the heuristic, the model of an
    adversary, plays the rest."""
    agent = make_agent("rollouts:20", 0, game=DECKDUEL)
    assert isinstance(agent, RolloutAgent)
    asked: dict[str, set[int]] = {"own": set(), "model": set()}

    def by(who: str, policy: Any) -> Any:
        def play(state: Any, seat: int) -> Any:
            asked[who].add(seat)
            return policy(state, seat)

        return play

    agent.own_policy, agent.policy = by("own", agent.own_policy), by("model", agent.policy)
    agent._playout(DECKDUEL.new_state(5, {}), 1)
    assert asked == {"own": {1}, "model": {0}}

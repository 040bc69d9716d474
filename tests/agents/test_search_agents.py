"""The heuristic and ISMCTS agents: honest, reproducible, and better than chance."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.agents.base import Observation
from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.registry import make_agent, parse_spec
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.sim.match import play_match
from tests.agents.positions import some_position
from tests.core.toy_game import INFO as TOY
from tests.core.toy_game import HighCardState, Pick

DUEL52 = get_game("duel52")

# Seat 0 has lane 1 already; killing the last enemy card in lane 2 wins the game at once.
WIN_IN_ONE: dict[str, Any] = {
    "to_move": 0,
    "turn": 30,
    "actions_left": 3,
    "hands": [[], []],
    "lanes": [
        [["9S base up"], []],
        [["10S"], ["4D d1"]],
        [["5C"], ["KD", "JH"]],
    ],
    "lane_winner": [0, None, None],
    "pile": [],
}


def _midgame(seed: int, steps: int = 30) -> Any:
    state = DUEL52.new_state(seed, {})
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:60", "ismcts:60,rollout=heuristic"])
def test_agents_never_read_hidden_cards(spec: str) -> None:
    """Two states that differ only in what the seat cannot see get the same choice."""
    for seed in (1, 2, 3):
        state = _midgame(seed)
        seat = state.current_seat()
        other = state.determinize(seat, Rng(99))
        assert other.view(seat) == state.view(seat)
        assert other.to_position() != state.to_position()  # something hidden did change
        first = make_agent(spec, 7, game=DUEL52).choose(Observation.of(state, seat))
        second = make_agent(spec, 7, game=DUEL52).choose(Observation.of(other, seat))
        assert first == second


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:40"])
def test_same_seed_reproduces_a_game_between_agents(spec: str) -> None:
    one = play_match(DUEL52, [spec, "random"], seed=5)
    two = play_match(DUEL52, [spec, "random"], seed=5)
    assert one.record.actions == two.record.actions
    assert one.scores == two.scores


def test_heuristic_beats_random_nearly_always() -> None:
    score = 0.0
    for i in range(20):
        seats = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        result = play_match(DUEL52, seats, seed=100 + i // 2)
        score += result.scores[seats.index("heuristic")]
    assert score >= 18


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:200"])
def test_agents_take_a_game_winning_kill(spec: str) -> None:
    state = DUEL52.load_position(WIN_IN_ONE)
    action = make_agent(spec, 3, game=DUEL52).choose(Observation.of(state, 0))
    assert str(action) == "attack 2a 2A"
    state.apply(action)
    assert state.outcome() is not None and state.outcome().winner == 0  # type: ignore[union-attr]


def test_search_result_ranks_the_winning_kill_first_with_a_sure_value() -> None:
    state = DUEL52.load_position(WIN_IN_ONE)
    agent = ISMCTSAgent(DUEL52, 1, iterations=300)
    result = agent.search(Observation.of(state, 0))
    assert str(result.best.action) == "attack 2a 2A"
    assert result.best.value == pytest.approx(1.0)
    assert result.iterations == 300
    assert sum(result.share(m) for m in result.moves) == pytest.approx(1.0)


def test_simultaneous_choice_cannot_see_the_committed_opponent() -> None:
    """With the opponent already committed, the choice depends only on the seat's view."""
    choices = set()
    for committed in (1, 2, 3):
        state = HighCardState(0, {})
        state.apply(Pick(1, committed))
        agent = ISMCTSAgent(TOY, 11, iterations=200)
        choices.add(agent.choose(Observation.of(state, 0)))
    assert len(choices) == 1


def test_simultaneous_search_finds_the_value_of_a_matching_game() -> None:
    """Seat 0 (2 and 3) against seat 1 (1 and 2), seat 1 a point up, two rounds left.

    Seat 0's payoffs are 3 vs 1: 0.5, 3 vs 2: 1, 2 vs 1: 1, 2 vs 2: 0.5; the game is worth
    0.75 to seat 0 with both cards equally good. Decoupled search must find that, where a
    tree letting seat 1 see seat 0's card first would value both at 0.5.
    """
    state = HighCardState(0, {})
    state.apply(Pick(0, 1))
    state.apply(Pick(1, 3))
    agent = ISMCTSAgent(TOY, 4, iterations=600)
    result = agent.search(Observation.of(state, 0))
    assert {m.action.card for m in result.moves} == {2, 3}
    for move in result.moves:
        assert move.value == pytest.approx(0.75, abs=0.08)
        assert result.share(move) > 0.3
    assert result.iterations == 600


def test_time_budget_stops_and_reports_its_iterations() -> None:
    state = _midgame(4)
    agent = ISMCTSAgent(DUEL52, 1, seconds=0.05)
    result = agent.search(Observation.of(state, state.current_seat()))
    assert result.iterations >= 8
    assert result.best.action in state.legal_actions()


@pytest.mark.parametrize(
    ("spec", "shown"),
    [
        ("ismcts:2000", "ismcts:2000"),
        ("ISMCTS:1.5s", "ismcts:1.5s"),
        ("hard", "ismcts:2500"),
        ("easy", "heuristic"),
        ("ismcts:300,rollout=heuristic,cutoff=0", "ismcts:300,rollout=heuristic,cutoff=0"),
        ("rollouts", "rollouts"),
        ("rollouts:600,z=2.5", "rollouts:600,z=2.5"),
        ("rollouts:2s", "rollouts:2s"),
    ],
)
def test_specs_parse(spec: str, shown: str) -> None:
    assert str(parse_spec(spec)) == shown


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("grandmaster", "unknown agent"),
        ("ismcts:lots", "bad budget"),
        ("ismcts:0", "bad budget"),
        ("heuristic:100", "takes no budget"),
        ("ismcts:100,depth=3", "bad setting"),
        ("ismcts:100,rollout=smart", "choose random, heuristic or agent"),
        ("ismcts:100,c=-1", "cannot be negative"),
        ("rollouts:many", "bad budget"),
        ("rollouts:100,c=1", "rollouts takes z"),
        ("rollouts:100,z=-1", "cannot be negative"),
        ("rollouts:100,z=big", "z takes a number"),
    ],
)
def test_bad_specs_are_explained(spec: str, words: str) -> None:
    with pytest.raises(DuelhallError, match=words):
        make_agent(spec, 0, game=DUEL52)


def test_search_agents_need_a_game() -> None:
    with pytest.raises(DuelhallError, match="which game"):
        make_agent("heuristic", 0)


GAMES = ("duel52", "deckduel", "highlander", "duelfighters")


@pytest.mark.parametrize(
    ("game", "spec"),
    [
        *((game, spec) for game in GAMES for spec in ("heuristic", "ismcts:40")),
        # The rollout search plays whole games per move: small budgets keep the test quick.
        ("deckduel", "rollouts:12"),
        ("highlander", "rollouts:1"),
    ],
)
def test_every_games_agents_decide_from_the_view_alone(game: str, spec: str) -> None:
    info = get_game(game)
    checked = 0
    for seed in range(12):
        state = some_position(game, seed, 6 + 3 * seed)
        if state.is_over():
            continue
        for seat in state.to_move():
            if len(state.legal_actions(seat)) < 2:
                continue
            other = state.determinize(seat, Rng(1000 + seed))
            assert other.view(seat) == state.view(seat)
            a = make_agent(spec, 5, game=info).choose(Observation.of(state, seat))
            b = make_agent(spec, 5, game=info).choose(Observation.of(other, seat))
            assert a == b
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", ["deckduel", "highlander", "duelfighters"])
def test_every_level_plays_other_games_to_the_end(game: str) -> None:
    info = get_game(game)
    for i, level in enumerate(["easy", "ismcts:40"]):
        result = play_match(info, [level, "random"], seed=20 + i)
        assert result.record.result is not None


def test_a_game_may_set_its_own_levels() -> None:
    deckduel = get_game("deckduel")
    assert deckduel.levels["easy"] == "random"
    hard = make_agent("hard", 1, game=deckduel)
    assert isinstance(hard, RolloutAgent)
    assert hard.samples == 2000
    assert isinstance(make_agent("hard", 1, game=DUEL52), ISMCTSAgent)
    assert make_agent("hard", 1, game=DUEL52).iterations == 2500  # type: ignore[attr-defined]


def test_simultaneous_root_plays_the_best_valued_move_unless_mixing() -> None:
    state = HighCardState(0, {})
    state.apply(Pick(0, 1))
    state.apply(Pick(1, 3))
    picks = {ISMCTSAgent(TOY, s, iterations=300).choose(Observation.of(state, 0)) for s in range(6)}
    mixed = {
        ISMCTSAgent(TOY, s, iterations=300, mix=True).choose(Observation.of(state, 0))
        for s in range(12)
    }
    assert picks <= {Pick(0, 2), Pick(0, 3)}
    assert mixed == {Pick(0, 2), Pick(0, 3)}  # a mixed player uses both equally good cards

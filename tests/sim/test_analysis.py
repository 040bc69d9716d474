"""Analysis of recorded games: the search's choice and the loss of the move played."""

from __future__ import annotations

from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.sim.analysis import analyse
from tests.agents.test_search_agents import WIN_IN_ONE


def _record(actions: list[tuple[int, str]]) -> Record:
    info = get_game("duel52")
    # One action left and a wounded 10: a move that does not kill hands the opponent the
    # turn and the chance to kill the 10 and take lane 2.
    lanes = [WIN_IN_ONE["lanes"][0], [["10S d1"], ["4D d1"]], WIN_IN_ONE["lanes"][2]]
    state = info.load_position({**WIN_IN_ONE, "actions_left": 1, "lanes": lanes})
    return Record(
        game="duel52",
        seed=0,
        options=dict(state.options),
        actions=actions,
        start=state.to_position(),
    )


def test_missing_the_winning_kill_is_a_blunder() -> None:
    record = _record([(0, "attack 3a 3B")])
    (review,) = analyse(record, "ismcts:300")
    assert (review.number, review.seat, review.played) == (1, 0, "attack 3a 3B")
    assert review.best == "attack 2a 2A"
    assert review.best_value == 1.0
    assert review.played_value is not None and review.played_value < 0.8
    assert review.loss >= 0.2 and review.verdict in {"mistake", "blunder"}


def test_taking_the_winning_kill_agrees_with_the_search() -> None:
    (review,) = analyse(_record([(0, "attack 2a 2A")]), "ismcts:300")
    assert review.played == review.best and review.loss == 0 and review.verdict == ""


def test_other_seats_are_skipped_when_asked() -> None:
    assert list(analyse(_record([(0, "attack 2a 2A")]), "ismcts:50", seats={1})) == []

"""Rulebook 3.1, initiative (rulings F10, F11)."""

from __future__ import annotations

from .helpers import deployed, do, words


def _first_with(tie: bool) -> object:
    for seed in range(60):
        state = deployed(seed)
        if state.initiative.tie == tie:
            return state
    raise AssertionError("no such seed")


def test_s3_1_each_rolls_int_dice_and_4_up_succeeds() -> None:
    state = deployed(0)
    faces = state.initiative.faces
    assert [len(f) for f in faces] == [3, 3]  # Deretor and Lesdinn both have INT 3
    wins = [sum(x >= 4 for x in f) for f in faces]
    if wins[0] != wins[1]:
        assert state.initiative.winner == (0 if wins[0] > wins[1] else 1)


def test_s3_1_the_winner_chooses_player_1_or_2() -> None:
    state = _first_with(tie=False)
    winner = state.initiative.winner
    assert state.phase == "order"
    assert state.to_move() == (winner,)
    assert words(state, winner) == ["player 1", "player 2"]
    do(state, winner, "player 2")
    assert state.order == (1 - winner, winner)


def test_f10_each_reveals_one_step_per_success_of_the_other() -> None:
    state = _first_with(tie=False)
    faces = state.initiative.faces
    wins = [sum(x >= 4 for x in f) for f in faces]
    assert state.initiative.required == (wins[1], wins[0])


def test_f10_loser_option_only_the_loser_reveals() -> None:
    for seed in range(60):
        state = deployed(seed, anticipation="loser")
        if not state.initiative.tie:
            winner = state.initiative.winner
            assert state.initiative.required[winner] == 0
            return
    raise AssertionError("no seed without a tie")


def test_s3_1_a_tie_shows_both_sequences_then_one_die_each() -> None:
    state = _first_with(tie=True)
    assert state.initiative.required == (None, None)
    assert state.phase == "program" and state.stage == "anticipation"
    for seat in (0, 1):
        do(state, seat, "mark attack")
        if "end" in words(state, seat):  # Lesdinn may lengthen it (Agile)
            do(state, seat, "end")
        do(state, seat, "done")
    assert state.phase == "order"
    assert state.initiative.tie_rolls
    a, b = state.initiative.tie_rolls[-1]
    assert a != b and state.initiative.winner == (0 if a > b else 1)
    do(state, state.initiative.winner, "player 1")
    assert state.phase == "execute"

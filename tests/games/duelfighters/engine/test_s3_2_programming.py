"""Rulebook 3.2, programming (rulings F12, F13, F16): simultaneous secret choices made of
small decisions."""

from __future__ import annotations

from duelhall.core.rng import Rng

from .helpers import deployed, do, executing, place, words


def _programming(seed: int = 0) -> object:
    for s in range(seed, seed + 80):
        state = deployed(s)
        if not state.initiative.tie:
            do(state, state.initiative.winner, "player 1")
            if state.phase == "program":
                return state
    raise AssertionError("no seed")


def test_s3_2_both_seats_program_at_once() -> None:
    state = _programming()
    assert state.to_move() in ((0, 1), (0,), (1,))
    for seat in state.to_move():
        assert "mark advance" in words(state, seat)
        assert "mark attack" in words(state, seat)


def test_s3_2_a_step_is_two_half_markers_or_one_full() -> None:
    state = _programming()
    seat = state.to_move()[0]
    plan = state.board.plans[seat]
    before = len(plan.steps)
    do(state, seat, "mark advance")
    if state.phase != "program" or seat not in state.to_move():
        return
    assert len(plan.steps) == before and plan.open == ["advance"]
    assert "mark attack" not in words(state, seat)  # a full marker cannot join a half
    assert "end" in words(state, seat)
    do(state, seat, "mark turn-left")
    assert plan.steps[-1] == ("advance", "turn-left")


def test_f16_the_technique_marker_needs_a_victory_point() -> None:
    state = _programming()
    seat = state.to_move()[0]
    assert "mark technique" not in words(state, seat)
    state.board.fighters[seat].points = 1
    state.edited()
    assert "mark technique" in words(state, seat)


def test_f16_the_corner_turn_needs_its_ability() -> None:
    state = _programming()
    if 1 in state.to_move():
        assert "mark pivot-fl-left" in words(state, 1)  # Lesdinn: Flanking movement
    if 0 in state.to_move():
        assert "mark pivot-fl-left" not in words(state, 0)


def test_f13_at_most_one_step_per_available_card() -> None:
    for seed in range(80):
        state = deployed(seed)
        if state.initiative.tie:
            seat = 0
            for _ in range(10):
                if seat not in state.to_move():
                    break
                do(state, seat, "mark attack")
            assert len(state.board.plans[0].steps) == state.board.fighters[0].count("available")
            return
    raise AssertionError("no tie")


def test_s3_2_the_other_seat_sees_only_that_a_choice_is_made() -> None:
    state = _programming()
    seat = state.to_move()[0]
    do(state, seat, "mark attack")
    mine = state.view(seat)["plans"][seat]
    theirs = state.view(1 - seat)["plans"][seat]
    assert ["attack"] in mine["steps"]
    assert theirs["steps"] == []
    assert state.view(1 - seat) == state.determinize(1 - seat, Rng(5)).view(1 - seat)


def test_s3_2_fewer_anticipated_steps_than_required_means_no_more() -> None:
    for seed in range(80):
        state = deployed(seed)
        if state.initiative.tie or 0 in state.initiative.required:
            continue
        # Face to face, so an improvised attack keeps the turn open once nothing is programmed.
        place(state, 0, 400.0, 400.0, 90.0)
        place(state, 1, 400.0, 445.0, 270.0)
        state.edited()
        do(state, state.initiative.winner, "player 1")
        for seat in (0, 1):
            do(state, seat, "done")
        assert state.board.plans[0].cut and state.board.plans[1].cut
        assert state.phase == "execute" or state.phase == "program"
        assert all(len(p.steps) == 0 for p in state.board.plans)
        return
    raise AssertionError("no seed")


def test_f12_the_stage_is_shown_whole_when_both_have_finished() -> None:
    state = _programming()
    stage = state.stage
    for seat in state.to_move():
        do(state, seat, "mark attack")
        if "end" in words(state, seat):  # Lesdinn may lengthen it (Agile)
            do(state, seat, "end")
        if seat in state.to_move():
            do(state, seat, "done")
    assert state.stage != stage or state.phase != "program"
    for seat in (0, 1):
        plan = state.view(1 - seat)["plans"][seat]
        assert len(plan["steps"]) == len(state.board.plans[seat].steps)


def _tie() -> object:
    for seed in range(80):
        state = deployed(seed)
        if state.initiative.tie:
            return state
    raise AssertionError("no tie")


def test_f16_without_agile_two_half_markers_close_the_step() -> None:
    state = _tie()
    do(state, 0, "mark advance")
    do(state, 0, "mark advance")
    assert state.board.plans[0].steps == [("advance", "advance")]
    assert state.board.plans[0].open == []


def test_f14_agile_a_step_half_as_long_again_for_one_more_card() -> None:
    state = _tie()
    do(state, 1, "mark advance")
    assert "mark attack" in words(state, 1)  # a half and a full marker
    do(state, 1, "mark advance")
    assert "mark turn-left" in words(state, 1) and "end" in words(state, 1)
    do(state, 1, "mark turn-left")
    plan = state.board.plans[1]
    assert plan.steps == [("advance", "advance", "turn-left")]
    # Five cards: the long step counts two of them, so three more steps at most.
    for _ in range(3):
        do(state, 1, "mark attack")
        if "end" in words(state, 1):
            do(state, 1, "end")
    assert plan.done and len(plan.steps) == 4


def test_f14_agile_the_long_step_uses_up_two_cards() -> None:
    state = executing(
        [[("turn-left",)] * 2, [("turn-left", "turn-right", "turn-left")]],
        [(400, 100, 90), (400, 700, 270)],
        order=(1, 0),
    )
    for text in ("turn left", "turn right", "turn left"):
        do(state, 1, text)
    assert state.board.fighters[1].count("used") == 2


def test_s3_2_anticipated_steps_are_shown_before_the_secret_ones_are_laid() -> None:
    for seed in range(80):
        state = deployed(seed)
        required = state.initiative.required
        if state.initiative.tie or not all(required):
            continue
        do(state, state.initiative.winner, "player 1")
        for seat in (0, 1):
            for _ in range(required[seat] or 0):
                do(state, seat, "mark attack")
                if "end" in words(state, seat):
                    do(state, seat, "end")
        if state.phase != "program":
            continue  # every card was anticipated: nothing left to program in secret
        assert state.stage == "secret"
        for seat in (0, 1):
            theirs = state.view(1 - seat)["plans"][seat]
            assert theirs["steps"] == [["attack"]] * (required[seat] or 0)
        return
    raise AssertionError("no seed with both seats anticipating")

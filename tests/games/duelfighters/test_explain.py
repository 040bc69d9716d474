"""Why an action is refused: the words a player reads after a wrong entry."""

from __future__ import annotations

from duelhall.core.game import get_game
from duelhall.games.duelfighters.engine.actions import Action

INFO = get_game("duelfighters")


def test_a_spot_off_the_grid_is_answered_with_the_nearest_allowed_spots() -> None:
    state = INFO.new_state(0, INFO.resolve_options({}))
    seat = state.to_move()[0]
    why = state.why_illegal(Action(seat, ("deploy", "400,88", "w")))
    nearest = why.split("the nearest allowed: ")[1].split(", ")
    legal = {str(a) for a in state.legal_actions(seat)}
    assert len(nearest) == 4 and set(nearest) <= legal
    assert nearest[0] in ("deploy 425,88 w", "deploy 345,88 w")  # 25 mm off, in its facing
    assert all(n.endswith(" w") for n in nearest)


def test_an_action_of_another_phase_lists_what_is_allowed() -> None:
    state = INFO.new_state(0, INFO.resolve_options({}))
    seat = state.to_move()[0]
    why = state.why_illegal(Action(seat, ("mark", "advance")))
    assert "a figure is being deployed" in why and "allowed: deploy" in why

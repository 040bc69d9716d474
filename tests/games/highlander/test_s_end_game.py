"""END GAME: 12 damage loses; both in one clash: less damage wins, then the defender."""

from __future__ import annotations

from .helpers import clash, make


def test_end_game_twelve_damage_loses() -> None:
    state = make((["whirlwind", "lunge"], ["overhead", "bind"]), damage=(0, 9))
    clash(state, "whirlwind", "overhead")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "damage"
    assert state.damage[1] == 12
    assert state.to_move() == () and state.legal_actions(0) == []


def test_end_game_eleven_damage_does_not_lose() -> None:
    state = make((["whirlwind", "lunge", "thrust"], ["overhead", "bind", "parry"]), damage=(0, 8))
    clash(state, "whirlwind", "overhead")
    assert state.damage[1] == 11 and state.outcome() is None


def test_end_game_both_over_the_limit_less_damage_wins() -> None:
    # Seat 0 misses High Guard's bar (12); its Rising Cut strikes Cleave for 2 (13).
    state = make(
        (["rising", "lunge"], ["cleave", "bind"]),
        damage=(11, 11),
        unlocked=[0, 0],
        played=(["highguard"], ["thrust"]),
    )
    clash(state, "rising", "cleave")
    assert state.damage == [12, 13]
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "less-damage"


def test_end_game_equal_damage_the_defender_wins() -> None:
    # Both miss their follow-up bars at 11 and the clash is a plain block: 12 each.
    state = make(
        (["diagonal", "lunge"], ["crosscut", "bind"]),
        damage=(11, 11),
        unlocked=[0, 0],
        played=(["overhead"], ["rising"]),
        offence=1,
    )
    clash(state, "diagonal", "crosscut")
    assert state.history[-1].result == "block"
    assert state.damage == [12, 12]
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "defender"


def test_end_game_penalty_at_the_limit_waits_for_the_clash_by_default() -> None:
    state = make(
        (["rising", "lunge"], ["diagonal", "bind"]),
        damage=(11, 10),
        unlocked=[0, 0],
        played=(["sweep"], ["thrust"]),
    )
    # Rising Cut misses Sweep's bar (12), then meets Diagonal Slash: 4 and 5 face 2 and 1,
    # a perfect block, so the attacker takes one more.
    clash(state, "rising", "diagonal")
    assert state.history[-1].result == "perfect block"
    assert state.damage == [13, 10]
    assert state.outcome() is not None and state.outcome().winner == 1  # type: ignore[union-attr]


def test_end_game_penalty_ends_option_stops_before_the_reveal() -> None:
    state = make(
        (["rising", "lunge"], ["whirlwind", "bind"]),
        damage=(11, 10),
        unlocked=[0, 0],
        played=(["sweep"], ["thrust"]),
        options={"penalty_ends": True},
    )
    clash(state, "rising", "whirlwind")
    assert state.history[-1].result == ""
    assert state.damage == [12, 11]  # both penalties; the strike (2) never happens
    assert state.outcome() is not None and state.outcome().winner == 1  # type: ignore[union-attr]

"""Two-a-side duels at a decision that names a figure (F59, F64, F76): Deretor (0) and his
ally Hallothon (2) against Lesdinn (1) and Brock (3), for the board's tests and the browser's."""

from __future__ import annotations

from duelhall.games.duelfighters import DuelFightersState

from ..engine.helpers import do, executing

# Deretor faces north; Lesdinn and Brock stand against his front edge; Hallothon stands
# behind him, out of reach.
FRONT = [(400, 300, 90), (375, 345, 270), (400, 150, 90), (427, 345, 270)]
# Brock stands against Lesdinn's flank, so he can pass her his hammer.
BESIDE = [(400, 300, 90), (375, 345, 270), (400, 150, 90), (415, 345, 270)]


def who_plays() -> DuelFightersState:
    """Seat 0 chooses which of its two figures plays its first step (``with KEY``)."""
    turns = [[("turn-left",)], [("turn-left",)], [("turn-right",)], [("turn-right",)]]
    return executing(turns, FRONT, anticipated=(0,) * 4, characters=2)


def whom_to_strike() -> DuelFightersState:
    """Deretor attacks with Lesdinn and Brock both in reach (``attack at KEY``)."""
    return executing([[("attack",)], [], [], []], FRONT, anticipated=(0,) * 4, characters=2)


def what_to_give() -> DuelFightersState:
    """Seat 1's Brock, his Vulcan Hammer equipped, plays a skill step in contact with
    Lesdinn (``give vulcan-hammer lesdinn``)."""
    state = executing(
        [[], [], [], [("skill",)]], BESIDE, anticipated=(0,) * 4, order=(1, 0), characters=2
    )
    for card in state.board.fighters[3].cards:
        if card.id == "vulcan-hammer":
            card.state = "equipped"
    state.edited()
    do(state, 1, "with brock")
    return state

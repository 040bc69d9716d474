"""Why a Duel Fighters action is not allowed now, in words that say what is."""

from __future__ import annotations

from typing import Any

from .engine.actions import Action
from .engine.state import DEPLOY, EQUIP, EXECUTE, ORDER, OVER, PROGRAM, DuelFightersState

_NOW = {
    DEPLOY: "a figure is being deployed (deploy X,Y FACING)",
    EQUIP: "cards may be equipped before the first turn (equip CARD, or ready)",
    ORDER: "the initiative winner chooses to be player 1 or 2 (player 1, player 2)",
    PROGRAM: "steps are being programmed (mark MARKER, end, done)",
    EXECUTE: "steps are being executed",
}


def why_illegal(state: DuelFightersState, action: Any) -> str:
    if not isinstance(action, Action):
        return f"{action!r} is not a Duel Fighters action"
    if state.phase == OVER:
        return f"'{action}': the duel is over"
    seat = action.seat
    movers = state.to_move()
    if seat not in movers:
        who = ", ".join(f"seat {s}" for s in movers)
        return f"'{action}': seat {seat} is not to act now ({who} is); {_NOW[state.phase]}"
    legal = [str(a) for a in state.legal_actions(seat)]
    sample = ", ".join(legal[:8]) + (", ..." if len(legal) > 8 else "")
    return f"'{action}' is not allowed now: {_NOW[state.phase]}; allowed: {sample}"

"""Why a Duel Fighters action is not allowed now, in words that say what is."""

from __future__ import annotations

import math
from typing import Any

from .engine import actions as A
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
    aimed = _victims(action, legal) or _nearest_spots(action, legal)
    if aimed:
        return aimed
    sample = ", ".join(legal[:8]) + (", ..." if len(legal) > 8 else "")
    return f"'{action}' is not allowed now: {_NOW[state.phase]}; allowed: {sample}"


def _victims(action: Action, legal: list[str]) -> str | None:
    """A marker laid with or without the victim it must or may not name (F76, ``target``)."""
    if action.verb != A.MARK or len(action.words) < 2:
        return None
    marker = f"{A.MARK} {action.words[1]}"
    named = [w.rsplit(" ", 1)[1] for w in legal if w.startswith(f"{marker} {A.AT} ")]
    if named and A.AT not in action.words:
        return (
            f"'{action}': with target = when-programmed this marker names its victim "
            f"(F76): {marker} at {' | '.join(named)}"
        )
    if A.AT in action.words and marker in legal:
        return f"'{action}': this marker names no victim here (F76); lay it as '{marker}'"
    return None


def _nearest_spots(action: Action, legal: list[str]) -> str | None:
    """A spot off the deployment grid, or outside the band: the allowed spots nearest it
    (a list of the first few would send the player to the table's far corner)."""
    if action.verb != A.DEPLOY or len(action.words) < 2:
        return None
    try:
        x, y = (float(v) for v in action.words[1].split(","))
    except ValueError:
        return None
    facing = action.words[2] if len(action.words) > 2 else None
    at: dict[str, str] = {}  # each allowed spot, in the facing asked for where it may
    for text in legal:
        words = text.split()
        if words[0] == A.DEPLOY and (words[1] not in at or words[-1] == facing):
            at[words[1]] = text
    if not at:
        return None

    def away(spot: str) -> float:
        sx, sy = (float(v) for v in spot.split(","))
        return math.hypot(sx - x, sy - y)

    nearest = [at[spot] for spot in sorted(at, key=away)[:4]]
    return (
        f"'{action}' is not allowed now: no figure may stand there; the nearest allowed: "
        f"{', '.join(nearest)}"
    )

"""The board's words: the status line and the choice a power asks for, worded for a
player who clicks (the terminal's words name typed notation instead)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.core.wording import agrees, plural


def status_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Turn 5 · Ann to act, 2 actions left``, or the game's end."""
    if view["result"] is not None:
        return f"Turn {view['turn']} · game over"
    mover = names[view["to_move"][0]]
    pending = view["pending"]
    if pending is not None:
        doing = {"draft": "choose a bannerman", "fort": "take a fort"}.get(
            pending["choice"], "answer a power"
        )
        return f"Turn {view['turn']} · {mover} to {doing}"
    return f"Turn {view['turn']} · {mover} to act, {plural(view['actions_left'], 'action')} left"


def pending_prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """What the seat to move must pick now, inside a power, or ``""``."""
    pending = view["pending"]
    if pending is None or view["result"] is not None:
        return ""
    who = names[pending["seat"]]
    picks = agrees(who, "picks", "pick")  # the reader's own seat is You
    place = "triangle" if "triangle" in pending else "lane"
    where = pending.get("triangle") or pending.get("lane")
    choice = pending["choice"]
    if choice == "discard":
        return f"The 2 (View): {who} {picks} a hand card to discard."
    if choice == "look":
        left = pending.get("looks_left", 1)
        cards = "a face-down card" if left == 1 else f"{left} more face-down cards"
        return f"The 4 (Foresight): {who} {picks} {cards} to look at."
    if choice == "move":
        more = pending.get("moves_left", 1)
        to = f"{place} {where}" if where else "a lane"
        return (
            f"The Queen: {who} may bring {plural(more, 'card')} to {to} "
            "(pick the card, then the place), or stay."
        )
    if choice == "order":
        waiting = ", ".join(pending.get("waiting", []))
        return f"Powers waiting ({waiting}): {who} {picks} the one that resolves next."
    if choice == "draft":
        return f"The draft: {who} {picks} a hand card whose rank becomes a bannerman."
    if choice == "fort":
        return f"{who} {picks} a fort to take into lane {where}."
    return f"{who} must answer a power."

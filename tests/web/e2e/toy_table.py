"""A made-up table for the stubbed tests: a hand, three lanes, and moves shaped like the
real games' (a card then its target, two moves on the same picks, a button-only move)."""

from __future__ import annotations

from typing import Any

HAND = {"7H": ("7", "♥", "h"), "QS": ("Q", "♠", "s"), "5D": ("5", "♦", "d")}


def board(hand: tuple[str, ...] = tuple(HAND)) -> str:
    cards = "".join(
        f'<span class="card suit-{HAND[c][2]}" data-pick="hand:{c}">'
        f'<span class="rank">{HAND[c][0]}</span><span class="suit">{HAND[c][1]}</span></span>'
        for c in hand
    )
    lanes = "".join(
        f'<div class="zone" data-pick="lane:{n}" style="min-height:7rem">'
        f'<span class="zone-label">Lane {n}</span>'
        f'<div class="card-row"><span class="card back small"></span></div></div>'
        for n in (1, 2, 3)
    )
    return (
        '<div style="display:grid;gap:1rem">'
        '<div class="card-row"><span class="seat-name">Opponent</span>'
        '<span class="pile"><span class="card back small"></span>'
        '<span class="count">12</span></span></div>'
        f'<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:.6rem">{lanes}</div>'
        f'<div class="zone"><span class="zone-label">Your hand</span>'
        f'<div class="card-row">{cards}</div></div></div>'
    )


def action(text: str, words: str, *picks: str) -> dict[str, Any]:
    return {"id": text, "text": text, "words": words, "picks": list(picks)}


ACTIONS = [
    action("play 7H 1", "play 7♥ face-down into lane 1", "hand:7H", "lane:1"),
    action("play 7H 2", "play 7♥ face-down into lane 2", "hand:7H", "lane:2"),
    action("play QS 1", "play Q♠ face-down into lane 1", "hand:QS", "lane:1"),
    action("play QS 1 up", "play Q♠ face-up into lane 1", "hand:QS", "lane:1"),
    action("play 5D 3", "play 5♦ face-down into lane 3", "hand:5D", "lane:3"),
    action("pass", "pass the turn"),
]


def snapshot(seq: int = 1, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": "snapshot",
        "seq": seq,
        "game": "toy",
        "title": "Toy Duel",
        "seat": 0,
        "names": ["You", "Computer (medium)"],
        "board": board(),
        "actions": ACTIONS,
        "pick_words": "a highlighted card",
        "log": ["The cards are dealt.", "Computer (medium) plays a card face-down into lane 2."],
        "status": {"to_move": [0]},
        "hints": True,
    }
    base.update(changes)
    return base

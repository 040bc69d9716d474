"""Quick reference for three-player Duel 52 (for ``duelhall rules duel52 --players 3``).

The two-player reference (:mod:`duelhall.games.duel52.duel.reference`) can hand over to
:func:`reference_text` when ``options["players"] == 3``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def reference_text(options: Mapping[str, Any]) -> str:
    first_draw = (
        "draws, then has" if options.get("first_player_draws", True) else "does not draw; has"
    )
    lines = [
        "DUEL 52 FOR THREE PLAYERS - QUICK REFERENCE",
        "",
        "Setup",
        "  Four triangles, shared by all three players. No Base cards. Six cards to each",
        "  player; nothing is set aside; the other 34 cards are the draw pile.",
        "",
        "Turns",
        "  Players take turns in seat order from the first player (drawn at random).",
        f"  The first turn's player {first_draw} one action; the second turn two actions;",
        "  every later turn starts with a draw and has three actions. All actions must be",
        "  used while any is legal: play a card face-down into any triangle, flip one of",
        "  your cards, attack, or pair two of your face-up cards of one rank.",
        "",
        "Attacks",
        "  A card attacks any card of either opponent in its own triangle. A face-up",
        "  Jack of either opponent taunts for the whole triangle: while it stands, only",
        "  opponents' face-up Jacks may be attacked there. A 10 strikes two cards, which",
        "  may belong to two different opponents.",
        "",
        "Powers",
        "  As in the duel, with 'lane' read as 'triangle': a 6 freezes both opponents'",
        "  cards in its triangle (each until the end of its owner's next turn); a 5, 7",
        "  and King work on their owner's cards only; a Queen brings one of her owner's",
        "  cards from another triangle; a 4 shows a face-down card to its player alone.",
        "",
        "Winning",
        "  You control a triangle when you have cards in it and nobody else has any.",
        "  Once the pile is empty, the first player to control two triangles wins, at",
        "  once, even mid-turn. If one moment gives two triangles to two players, the",
        "  player to move wins if among them, else the next of them in turn order.",
        "  With the pile empty, six turns in a row without an action make a draw.",
        "",
        "Rulings: docs/rulings/duel52-three-players.md",
        "Notation: docs/notation/duel52-three-players.md (23b = triangle 2, player 3's b)",
    ]
    return "\n".join(lines)

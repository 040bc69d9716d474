"""A concise plain-text rules reference for Deck Duel (``duelhall rules deckduel``).

Written in our own words; it ends with the rulings the given options put in force
(docs/rulings/deckduel.md holds the reasoning behind each).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.reference import options_in_force, rulings_in_force
from duelhall.games.deckduel.engine.options import OPTIONS

_RULING_LINES: Mapping[tuple[str, Any], str] = {
    ("reshuffle", "all"): "an Ace gathers all of its owner's cards (deck and discard pile) "
    "and shuffles them",
    ("reshuffle", "remaining"): "an Ace shuffles only the cards left in its owner's deck; "
    "played cards wait in the discard pile until the deck runs out",
    ("empty_deck", "reshuffle"): "a deck that runs out is rebuilt from its discard pile; "
    "action points are not reset",
    ("empty_deck", "new-round"): "a deck that runs out is rebuilt from its discard pile and "
    "a new round starts (actions set to 2)",
    ("choice_order", "block-first"): "after a win the loser decides on a block first; the "
    "winner's face card comes after the damage",
    ("choice_order", "face-first"): "after a win the winner's face card comes first, then the "
    "loser decides on a block",
    ("block_floor", 0): "a block can cancel a one-point hit entirely",
    ("block_floor", 1): "a block never leaves less than 1 damage (no block on a 1-point hit)",
    ("focus_lasts", "ace"): "focus is used up by the focused Ace; the King rejoins the deck",
    ("focus_lasts", "game"): "focus lasts the whole game; the King never returns to the deck",
    ("focused_ace_vs_ace", "wins"): "a focused Ace beats an unfocused Ace",
    ("focused_ace_vs_ace", "tie"): "two Aces always tie, focused or not",
    ("foresight_discard", "hidden"): "a card discarded by foresight stays face-down",
    ("foresight_discard", "revealed"): "a card discarded by foresight is shown face-up",
    ("action_die_limit", True): "action points stop at 6 (the action die)",
    ("action_die_limit", False): "action points have no upper limit",
}


def reference_text(options: Mapping[str, Any]) -> str:
    """The Deck Duel quick reference, with the rulings that ``options`` put in force."""
    chosen = options_in_force(OPTIONS, options)
    limit = chosen["turn_limit"]
    lines = [
        "DECK DUEL BASIC - QUICK REFERENCE",
        "",
        "Setup",
        "  Each player has one suit of 13 cards (A, 2-10, J, Q, K), shuffled face-down;",
        "  player 1 plays spades, player 2 hearts. Health 10 (never above 12), 2 action",
        "  points, no rage.",
        "",
        "A turn",
        "  1. Rage, in secret: both players choose at once to rage (spend 1 action point",
        "     for +1 rage, at most once a turn, rage never above 3) or simply flip.",
        "  2. Both turn over their top card. The higher card wins; the Ace is the lowest,",
        "     unless focused (A*), when it is the highest.",
        "  3. Tie: both players' rage rises by 1, and nothing else happens.",
        "     Win: the attack is 1 damage (2 for a focused Ace) plus the winner's rage.",
        "     The loser may spend 1 action point to take 1 less (once). Both players'",
        "     rage is then cleared. At most 5 damage a turn (2 + 3 rage).",
        "  4. A winning face card offers its ability or +1 action point:",
        "       K  focus: lay the King sideways; your Ace becomes the highest card",
        "       Q  +1 health (never above 12)",
        "       J  foresight: look at your top card, then keep it there or discard it",
        "  5. An Ace (focused or not, win, loss or tie) ends its owner's turn with a",
        "     reshuffle and a new round: action points are set to 2.",
        "",
        "Winning",
        "  A player whose health falls below 1 loses at once.",
    ]
    if limit:
        lines.append(f"  Safeguard: after {limit} turns the healthier player wins (equal: draw).")
    shown = [opt for opt in OPTIONS if opt.name != "turn_limit"]  # told under Winning
    lines += ["", *rulings_in_force(shown, chosen, _RULING_LINES)]
    lines += [
        "  A computer shuffle is already random, so the opponent's cut is skipped.",
        "  (* marks a value other than the default; details in docs/rulings/deckduel.md)",
    ]
    return "\n".join(lines) + "\n"

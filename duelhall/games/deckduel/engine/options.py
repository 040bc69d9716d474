"""Deck Duel's rules options. Defaults follow the rulebook's words; each alternative is a
reading players plausibly hold (see docs/rulings/deckduel.md)."""

from __future__ import annotations

from duelhall.core.game import Option

OPTIONS: tuple[Option, ...] = (
    Option(
        "reshuffle",
        "all",
        "what an Ace reshuffles: all (every card of the player's suit: deck, discard pile and "
        "the Ace itself) or remaining (only the cards still in the deck)",
        ("all", "remaining"),
    ),
    Option(
        "empty_deck",
        "reshuffle",
        "a deck that runs out is rebuilt from its discard pile at the end of the turn; "
        "reshuffle: nothing else changes; new-round: it also starts a new round (actions set "
        "to 2), as after an Ace",
        ("reshuffle", "new-round"),
    ),
    Option(
        "choice_order",
        "block-first",
        "after a win: block-first (the loser decides whether to block, the damage is taken, "
        "then the winner picks the face card's effect) or face-first (the other way round)",
        ("block-first", "face-first"),
    ),
    Option(
        "block_floor",
        0,
        "the least damage a block can leave: 0 (a one-point hit can be blocked entirely) "
        "or 1 (some damage is always dealt)",
        (0, 1),
    ),
    Option(
        "focus_lasts",
        "ace",
        "ace: focus is used up by the focused Ace (the King goes back into the deck); game: "
        "the King stays sideways and every later Ace is focused",
        ("ace", "game"),
    ),
    Option(
        "focused_ace_vs_ace",
        "wins",
        "a focused Ace against an unfocused Ace: wins (different values) or tie (same rank)",
        ("wins", "tie"),
    ),
    Option(
        "foresight_discard",
        "hidden",
        "whether a card discarded by the Jack's foresight goes to the discard pile face-down "
        "(hidden from the opponent) or face-up",
        ("hidden", "revealed"),
    ),
    Option(
        "action_die_limit",
        True,
        "whether action points stop at 6, the most the action die shows",
    ),
    Option(
        "turn_limit",
        1000,
        "a safeguard the rulebook lacks: after this many turns the healthier player wins "
        "(equal health: a draw); 0 means no limit",
        low=0,
        high=1_000_000,
    ),
)

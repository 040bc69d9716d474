"""Highlander's rules options. Defaults follow the rulebook's words; each alternative is a
reading players plausibly hold (see docs/rulings/highlander.md)."""

from __future__ import annotations

from typing import Any

from duelhall.core.game import Option


def _pin_cards(value: Any) -> Any:
    from duelhall.games.highlander.engine.cards import pin_cards

    return pin_cards(value)


def _check_cards(value: Any) -> Any:
    from duelhall.games.highlander.engine.cards import check_card_data

    return check_card_data(value)


OPTIONS: tuple[Option, ...] = (
    Option(
        "kurgan",
        "random",
        "which player plays The Kurgan (and so starts on offence): random (from the seed, "
        "the rulebook's answer to a dispute), 1 or 2",
        ("random", "1", "2"),
    ),
    Option(
        "cards",
        "",
        "a TOML card file to play with instead of the reconstructed cards (a path, on the "
        "command line only; empty: the built-in file, see docs/highlander-cards.md); records, "
        "positions and ladders keep the file's text, never its path",
        pin=_pin_cards,
        check=_check_cards,
    ),
    Option(
        "unlock",
        "clash",
        "when reached damage thresholds unlock character abilities: clash (checked after "
        "every clash) or round (only at the end of a round)",
        ("clash", "round"),
    ),
    Option(
        "reshuffle",
        "when-needed",
        "when an empty deck is replaced by the shuffled discard pile: when-needed (when a "
        "card must be drawn) or at-once (as soon as the last card leaves the deck)",
        ("when-needed", "at-once"),
    ),
    Option(
        "penalty_ends",
        False,
        "whether a follow-up penalty that takes a player to the damage limit ends the game "
        "before the cards are revealed (default: the clash is finished first)",
    ),
    Option(
        "damage_limit",
        12,
        "damage that ends the game (the rulebook's 12; fewer makes a quicker duel)",
        low=1,
        high=99,
    ),
)

VARIANTS = {"quick": {"damage_limit": 8}}

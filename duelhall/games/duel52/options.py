"""Duel 52's rules options. Defaults follow the rulebook's words; each alternative is a
reading that players plausibly hold (see docs/rulings/duel52.md)."""

from __future__ import annotations

from duelhall.core.game import Option

REMOVED_BY_VARIANT = {"standard": 10, "quick": 16, "long": 0}

OPTIONS: tuple[Option, ...] = (
    Option(
        "variant",
        "standard",
        "standard removes 10 cards at setup, quick removes 16, long removes none",
        ("standard", "quick", "long"),
    ),
    Option(
        "first_player",
        "random",
        "who takes the first turn: random (from the seed), 1 or 2",
        ("random", "1", "2"),
    ),
    Option(
        "first_player_draws",
        True,
        "whether the first player draws at the start of the game's first turn",
    ),
    Option(
        "lane_win",
        "hand-empty",
        "hand-empty: a lane is won once the opponent has no cards in it and none left to "
        "play (empty hand, empty pile); closed: as soon as they have no cards in it, and it "
        "is then closed to them",
        ("hand-empty", "closed"),
    ),
    Option(
        "facedown_jack_hp",
        2,
        "hit points of a face-down Jack (its three hit points are part of its constant power)",
        (2, 3),
    ),
    Option(
        "twinstrike_optional",
        False,
        "whether a 10 may strike a single card when it could strike two",
    ),
    Option(
        "dead_eight_retaliates",
        True,
        "whether an 8 killed by an attack still damages its attackers",
    ),
    Option(
        "ace_attacks",
        "two",
        "two: an Ace never attacks more than twice in a turn, however often it is activated; "
        "stack: every activation of an Ace this turn grants one more attack",
        ("two", "stack"),
    ),
    Option(
        "facedown_nine_immune",
        False,
        "whether a face-down 9 ignores a 6's freeze (it is marked frozen like the others, "
        "but may still flip itself)",
    ),
    Option(
        "view_discard",
        "hidden",
        "whether the card a 2 discards from hand goes to the pile face-down or face-up",
        ("hidden", "revealed"),
    ),
)

VARIANTS = {name: {"variant": name} for name in REMOVED_BY_VARIANT}

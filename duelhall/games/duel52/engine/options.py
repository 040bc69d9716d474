"""Duel 52's rules options. Defaults follow the rulebook's words; each alternative is a
reading that players plausibly hold (see docs/rulings/duel52.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import NotationError, OptionError
from duelhall.core.game import Option
from duelhall.games.duel52.engine.cards import parse_rank, rank_name

REMOVED_BY_VARIANT = {"standard": 10, "quick": 16, "long": 0}

OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        2,
        "2: the standard duel; 3: three players over four triangles; 4: two teams of two "
        "(rulebook section 4)",
        (2, 3, 4),
    ),
    Option(
        "variant",
        "standard",
        "standard removes 10 cards at setup, quick removes 16, long removes none",
        ("standard", "quick", "long"),
    ),
    Option(
        "first_player",
        "random",
        "who takes the first turn: random (from the seed), or a player's number (1 or 2; "
        "up to 3 or 4 in the player variants)",
        ("random", "1", "2", "3", "4"),
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
    Option(
        "heroes",
        False,
        "Heroes & Bannermen expansion: each player gets a face-up hero (mage or warrior)",
    ),
    Option(
        "hero_ranks",
        "random",
        "with heroes: random (dealt from the deck) or each player's hero rank in seat order, "
        "like K-7 (player 1 the King, player 2 the 7): the topmost card of that rank is "
        "taken, for balance studies of hero against hero",
        check=lambda value: check_hero_ranks(value),
    ),
    Option(
        "bannermen",
        False,
        "Heroes & Bannermen expansion: each player drafts two bannermen whose rank gets an "
        "improved power for that player",
    ),
    Option(
        "forts",
        False,
        "Heroes & Bannermen expansion: four set-aside cards become forts, extra Base cards "
        "for the opponent of a player with three face-up cards in a lane",
    ),
    Option(
        "vampiric",
        False,
        "rulebook section 4: 3s and 4s lose their powers and are Vampiric instead (after "
        "attacking and killing, heal one hit point)",
    ),
)

EXPANSION_OPTIONS = ("heroes", "bannermen", "forts")
"""Options that put an advanced ruleset in play (actions become optional, 7s heal two)."""

VARIANT_OPTIONS = (*EXPANSION_OPTIONS, "vampiric")
"""Options that switch the engine to the expansion state (:mod:`.expansion`)."""

VARIANTS: dict[str, dict[str, object]] = {name: {"variant": name} for name in REMOVED_BY_VARIANT}
VARIANTS |= {
    "heroes": {"heroes": True},
    "bannermen": {"bannermen": True},
    "heroes-bannermen": {"heroes": True, "bannermen": True},
    "ultimate": {"heroes": True, "bannermen": True, "forts": True},
    "vampiric": {"vampiric": True},
}


def removed_count(options: Mapping[str, Any]) -> int:
    """Cards set aside at setup: the variant's count, less 2 for heroes and 4 for bannermen."""
    n = REMOVED_BY_VARIANT[str(options["variant"])]
    if options.get("heroes"):
        n -= 2
    if options.get("bannermen"):
        n -= 4
    return max(0, n)


def check_hero_ranks(value: str) -> str:
    """``random``, or two ranks joined by ``-`` (``K-7``), written the canonical way."""
    text = value.strip()
    if text.casefold() == "random":
        return "random"
    parts = text.split("-")
    try:
        if len(parts) != 2:
            raise NotationError("two ranks are needed")
        return "-".join(rank_name(parse_rank(p)) for p in parts)
    except NotationError:
        raise OptionError(
            f"option 'hero_ranks' takes random or two ranks like K-7, not {value!r}"
        ) from None


def hero_ranks(options: Mapping[str, Any]) -> tuple[int, int] | None:
    """The fixed hero rank of each seat, or None when heroes are dealt at random."""
    text = str(options.get("hero_ranks", "random"))
    if text == "random":
        return None
    first, second = (parse_rank(p) for p in text.split("-"))
    return first, second

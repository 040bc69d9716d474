"""The duel's key to its board and its ``?`` help, for the parts of the game in play.

A newcomer to the base game meets no word of the expansion: heroes, bannermen and forts,
their marks on the board and their verbs appear only in a game that has them, and then
with one line of effect text for each hero and bannerman at the table. Everything reads
a view (its ``options``, ``heroes`` and ``bannermen``), never a state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.expansion.heroes import HEROES
from duelhall.games.duel52.expansion.powers import BANNER_POWERS, VAMPIRIC_POWERS
from duelhall.games.duel52.text import cardtext

PARTS = ("heroes", "bannermen", "forts")
"""The parts of the Heroes & Bannermen expansion, as options."""


def parts_in_play(view: Mapping[str, Any] | None) -> frozenset[str]:
    """The expansion's parts this game has (none for the base game or without a view)."""
    options = view.get("options", {}) if view else {}
    return frozenset(part for part in PARTS if options.get(part))


def legend(view: Mapping[str, Any] | None = None) -> Text:
    """What the marks on the board mean (shown with the first board and with ``?``)."""
    lines = [
        [cardtext.KNOWN_FACE_DOWN, cardtext.UNKNOWN_FACE_DOWN, "base: dealt at setup"],
        [cardtext.HIT_POINTS_LEFT, cardtext.FROZEN, "=2c paired with 2c", cardtext.NO_ATTACK_LEFT],
        [cardtext.ATTACKS_LEFT, "seen: a 4 showed it to your opponent", "2a yours, 2A theirs"],
    ]
    parts = parts_in_play(view)
    if "heroes" in parts:
        lines.append(["★hero a warrior hero in play", "rushed: played by Rush Them!, no flip yet"])
    if "forts" in parts:
        lines.append(["fort an extra Base card", "F1 a fort in the pool"])
    return cardtext.legend_text(*lines)


_ANSWERS = """\
How to answer:
  a number   take that choice (for a play: the number in the card's row,
             under the lane you want)
  notation   the text in brackets: play 7H 2, flip 2b, attack 2b 2A,
             attack 2b+2c 2A, pair 2b 2c (see docs/notation/duel52.md)
  slots      lane number and letter: 2a is your first card in lane 2, 2A
             your opponent's; letters count from the Base card (a) outwards"""

_RULES = "Rules: `duelhall rules duel52`. Reading the board: docs/guide.md"

_VERBS = {
    "heroes": "hero LANE (your warrior), spell ... (your mage's spell)",
    "bannermen": "draft RANK",
    "forts": "fort F1",
}

_HEROES = """\
Heroes: a mage casts one spell a turn, free, until the pile is empty (then it is
exerted); a warrior is played once, free (hero LANE), and must be played once
the pile is empty (it is enraged)."""

_BANNERMEN = "Bannermen: your cards of a bannerman's rank have its improved power."

_FORTS = """\
Forts: when a player ends a turn with three face-up cards in a lane, the other
takes a fort there (fort F1): an extra Base card, once per lane each."""


def help_text(view: Mapping[str, Any] | None = None) -> str:
    """How a person answers at the prompt, and what the parts of the game in play do."""
    parts = parts_in_play(view)
    lines = [_ANSWERS]
    if parts:
        verbs = ["end (end the turn early)", *(_VERBS[p] for p in PARTS if p in parts)]
        lines.append(
            textwrap.fill(
                ", ".join(verbs), 78, initial_indent="  expansion  ", subsequent_indent=" " * 13
            )
        )
    lines.append(_RULES)
    if view is not None and "heroes" in parts:
        lines.append(_HEROES)
        for hero in view.get("heroes") or ():
            if hero is not None:
                lines.append(_hero_line(hero["card"]))
    if view is not None and "bannermen" in parts:
        lines.append(_BANNERMEN)
        ranks = sorted({C.rank(C.parse(c)) for row in view.get("bannermen") or () for c in row})
        lines.extend(_bannerman_line(rank) for rank in ranks)
    if "forts" in parts:
        lines.append(_FORTS)
    if view is not None and view.get("options", {}).get("vampiric"):
        lines.append(f"Vampiric 3s and 4s: {VAMPIRIC_POWERS[3].text}")
    return "\n".join(lines)


def _hero_line(card: str) -> str:
    """``  5♣ Activate: Flip one of your face-down cards; ...``: a hero in one line."""
    hero = HEROES[C.rank(C.parse(card))]
    return f"  {cardtext.pretty(card)} {hero.name}: {hero.text}"


def _bannerman_line(rank: int) -> str:
    """``   9 Ninja Master: Deals three damage to Jacks.``: an improved power in one line."""
    power = BANNER_POWERS[rank]
    return f"  {C.rank_name(rank):>2} {power.improved}: {power.text}"

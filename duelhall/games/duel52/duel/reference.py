"""A concise plain-text rules reference for Duel 52 (``duelhall rules duel52``).

The text is written in our own words and ends with the rulings in force, which follow the
options given (docs/rulings/duel52.md holds the full reasoning behind each ruling).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from duelhall.games.duel52.engine.cards import rank_name
from duelhall.games.duel52.engine.options import OPTIONS, removed_count
from duelhall.games.duel52.engine.powers import BASE_POWERS

WIDTH = 88
"""Longest line of the reference."""

# What each power does, in a sentence or two (keyed by rank); wrapped when printed.
_POWER_TEXT: Mapping[int, str] = {
    2: "Draw one card, then discard one card from your hand. Empty pile: nothing.",
    3: "If the opponent kills it while it is face-down, it turns face-up unhurt instead.",
    4: "Look at one face-down card on the board that you do not know yet.",
    5: "Flip all your other face-down cards in its lane (Base cards only once the pile is "
    "empty); you pick the order in which their powers resolve.",
    6: "Freeze every opposing card in its lane, except face-up 9s.",
    7: "Remove all damage from all your cards, in every lane.",
    8: "Constant: every card that attacks it takes one damage (9s are immune).",
    9: "Constant: cannot be frozen, takes nothing from 8s, is only ever struck alone by a "
    "10, and deals one extra damage to face-up Jacks.",
    10: "Constant: strikes two different cards for one damage each.",
    11: "Constant: three hit points face-up; while it is face-up, opposing attacks in its "
    "lane may only target Jacks.",
    12: "You may move one of your cards from another lane into her lane.",
    13: "Reactivate your face-up 2, 4, 5, 6, 7, Queens and Aces in its lane.",
    14: "Gain one action; this Ace may attack one more time this turn.",
}

# One line per option value: what the choice means at the table.
_RULING_LINES: Mapping[tuple[str, Any], str] = {
    ("variant", "standard"): "10 cards are set aside at setup",
    ("variant", "quick"): "16 cards are set aside at setup (quick game)",
    ("variant", "long"): "no cards are set aside at setup (long game)",
    ("first_player", "random"): "the seed decides who takes the first turn",
    ("first_player", "1"): "player 1 takes the first turn",
    ("first_player", "2"): "player 2 takes the first turn",
    ("first_player_draws", True): "the first player draws on the first turn too",
    ("first_player_draws", False): "the first player skips the draw on the first turn",
    ("lane_win", "hand-empty"): "a lane is won once the loser has no cards in it and none "
    "left to play; until then they may play into it again",
    ("lane_win", "closed"): "a lane is won as soon as the loser has no cards in it, and is "
    "then closed to them",
    ("facedown_jack_hp", 2): "a face-down Jack has 2 hit points, like any face-down card",
    ("facedown_jack_hp", 3): "a Jack has 3 hit points even while face-down",
    ("twinstrike_optional", False): "a single 10 must strike two cards when it can",
    ("twinstrike_optional", True): "a single 10 may strike just one card",
    ("dead_eight_retaliates", True): "an 8 killed by an attack still damages its attackers",
    ("dead_eight_retaliates", False): "an 8 killed by an attack does not damage its attackers",
    ("ace_attacks", "two"): "an Ace never attacks more than twice in a turn, even when "
    "flipped and Kinged",
    ("ace_attacks", "stack"): "each activation of an Ace adds one attack this turn "
    "(flipped and Kinged: three)",
    ("facedown_nine_immune", False): "a 6 freezes face-down 9s like any face-down card",
    ("facedown_nine_immune", True): "a face-down 9 is shown frozen like the others but may "
    "still flip itself",
    ("view_discard", "hidden"): "the 2's discard goes to the discard pile face-down",
    ("view_discard", "revealed"): "the 2's discard goes to the discard pile face-up",
    ("heroes", False): "no heroes",
    ("heroes", True): "each player has a hero (see Expansion above)",
    ("bannermen", False): "no bannermen",
    ("bannermen", True): "each player drafts two bannermen (see Expansion above)",
    ("forts", False): "no forts",
    ("forts", True): "forts are in play (see Expansion above)",
    ("vampiric", False): "3s and 4s keep their own powers",
    ("vampiric", True): "3s and 4s are Vampiric (see Expansion above)",
}


def _wrapped(head: str, text: str) -> list[str]:
    body = textwrap.wrap(text, WIDTH - len(head), break_on_hyphens=False)
    return [head + body[0], *(" " * len(head) + more for more in body[1:])]


def expansion_lines(chosen: Mapping[str, Any]) -> list[str]:
    """The expansion rules and powers in force (empty for the base game)."""
    from duelhall.games.duel52.engine.options import EXPANSION_OPTIONS
    from duelhall.games.duel52.expansion.heroes import HEROES
    from duelhall.games.duel52.expansion.powers import BANNER_POWERS

    if not any(chosen.get(name) for name in (*EXPANSION_OPTIONS, "vampiric")):
        return []
    lines = ["Expansion"]
    advanced = any(chosen.get(name) for name in EXPANSION_OPTIONS)
    if advanced:
        lines += _wrapped(
            "  ",
            "Heroes & Bannermen rules are in play: you may end your turn with actions left "
            "(end), and a 7's Heal All heals two hit points (a Jack to full, a banner Jack "
            "not). With the pile empty, three turns in a row without any action or hero act "
            "end the game in a draw.",
        )
    if chosen.get("heroes"):
        lines += _wrapped(
            "  ",
            "Heroes: each player is dealt a face-up hero before setup. A mage casts one spell "
            "a turn, free, at any point of the turn between actions, and cannot be attacked; "
            "it exerts (casts no more) once the pile is empty. A warrior is played face-up "
            "into a lane once a game, free (hero LANE), and is then a normal card; once the "
            "pile is empty it enrages and must be played before the turn ends.",
        )
        for r, h in sorted(HEROES.items()):
            lines += _wrapped(f"    {rank_name(r):>2} {h.kind:<7} {h.name:<23}", h.text)
    if chosen.get("bannermen"):
        lines += _wrapped(
            "  ",
            "Bannermen: five cards each, then player one, player two, player one, player two "
            "each name a rank from hand and take a card of it from the deck face-up (not a "
            "rank already theirs; a rank with no card left in the deck cannot be named). "
            "Then Base cards are dealt and the player who drafted second goes first. "
            "Bannermen cannot attack or be attacked. Your cards of a bannerman's rank have "
            "its improved power:",
        )
        for r, p in sorted(BANNER_POWERS.items()):
            lines += _wrapped(f"    {rank_name(r):>2} {p.improved:<23}", p.text)
    if chosen.get("forts"):
        lines += _wrapped(
            "  ",
            "Forts: four of the set-aside cards lie face-down as forts. When a player ends a "
            "turn with three or more face-up cards in a lane, the opponent takes a fort of "
            "their choice (fort F1), looks at it and adds it to their side of that lane as "
            "an extra Base card; once per lane per player. A 4 may look at a fort.",
        )
    if chosen.get("vampiric"):
        lines += _wrapped(
            "  ",
            "Vampiric: 3s and 4s have no Trap or Foresight; after a 3 or 4 attacks and kills, "
            "it heals one hit point.",
        )
    return [*lines, ""]


def _options_in_force(options: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with the given values (names the game does not know are ignored)."""
    chosen = {opt.name: opt.default for opt in OPTIONS}
    for opt in OPTIONS:
        if opt.name in options:
            chosen[opt.name] = opt.coerce(options[opt.name])
    return chosen


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def reference_text(options: Mapping[str, Any]) -> str:
    """The Duel 52 quick reference, with the rulings that ``options`` put in force."""
    players = int(options.get("players", 2))
    if players != 2:  # the player variants have references of their own
        from importlib import import_module

        variant = "triangles" if players == 3 else "teams"
        module = import_module(f"duelhall.games.duel52.variants.{variant}.reference")
        variant_text: str = module.reference_text(options)
        return variant_text
    chosen = _options_in_force(options)
    removed = removed_count(chosen)
    jack_hp = chosen["facedown_jack_hp"]
    first_draw = "draws, then has" if chosen["first_player_draws"] else "does not draw; has"
    if chosen["lane_win"] == "closed":
        lane_rule = [
            "  A lane is won as soon as the opponent has no cards left in it; it is then",
            "  closed to them for good.",
        ]
    else:
        lane_rule = [
            "  A lane is won when the opponent has no cards in it and none left to play (the",
            "  pile and their hand are empty); until then they may play cards into it again.",
        ]
    lines: list[str] = [
        "DUEL 52 - QUICK REFERENCE",
        "",
        "Setup",
        "  Each player gets one face-down Base card in each of the three lanes and five",
        f"  cards in hand; {removed} cards are set aside unseen; the rest is the draw pile.",
        "  Nobody knows a Base card until it is flipped (or a 4 looks at it).",
        "",
        "The turn",
        "  Draw one card (while the pile lasts), then take three actions, in any mix:",
        "    play    put a card from your hand face-down into a lane",
        "    flip    turn one of your face-down cards face-up; its power fires",
        "    attack  a face-up card deals 1 damage to an opposing card in its lane",
        "    pair    join two face-up cards of the same rank in one lane",
        "  You must use every action you can. A card attacks at most once a turn.",
        f"  The first player's first turn: {first_draw} only two actions.",
        f"  Cards have 2 hit points (face-up Jacks 3, face-down Jacks {jack_hp}); damage",
        "  stays on a card when it flips. Killed cards go to the discard pile; a card",
        "  killed face-down is not revealed.",
        "  Base cards cannot be flipped, attacked or moved until the pile is empty.",
        "",
        "Powers",
    ]
    power_text = dict(_POWER_TEXT)
    if chosen["ace_attacks"] == "two":
        power_text[14] += " Never more than two attacks a turn."
    for rank_, power in sorted(BASE_POWERS.items()):
        head = f"  {rank_name(rank_):>2}  {power.name:<11} {power.nickname:<21}"
        text = textwrap.wrap(power_text[rank_], WIDTH - len(head), break_on_hyphens=False)
        lines.append(head + text[0])
        lines.extend(" " * len(head) + more for more in text[1:])
    lines += [
        "  Flip powers fire when the card is flipped (by you or a 5) or reactivated by a",
        "  King. Constant powers (3, 8, 9, 10, J) work only while the card is face-up,",
        "  except the 3's trap.",
        "",
        "Pairs",
        "  A pair attacks as one, for one action: 2 damage to one card (a pair of 9s",
        "  deals 3 to a face-up Jack; a pair of 10s deals 2 to its first target and 1 to",
        "  its second). Paired cards cannot attack alone; each takes damage on its own.",
        "  No triplets. A pair breaks when one of its cards dies or is moved.",
        "",
        "Winning",
        *lane_rule,
        "  A won lane stays won, even if the winner's cards later leave it.",
        "  Win two lanes to win the game. With the pile empty, three turns in a row",
        "  without any action end the game in a draw.",
        "",
        *expansion_lines(chosen),
        "Rulings in force (change with --option NAME=VALUE)",
    ]
    width = max(len(opt.name) for opt in OPTIONS)
    value_width = max(len(_value_text(chosen[opt.name])) for opt in OPTIONS)
    for opt in OPTIONS:
        value = chosen[opt.name]
        meaning = _RULING_LINES.get((opt.name, value), opt.help)
        marker = " " if value == opt.default else "*"
        head = f"  {opt.name:<{width}} = {_value_text(value):<{value_width}} {marker} "
        text = textwrap.wrap(meaning, WIDTH - len(head), break_on_hyphens=False)
        lines.append(head + text[0])
        lines.extend(" " * len(head) + more for more in text[1:])
    lines += [
        "  (* marks a value other than the default; details in docs/rulings/duel52.md)",
    ]
    return "\n".join(lines) + "\n"

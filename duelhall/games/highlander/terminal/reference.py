"""A plain-text rules reference for Highlander (``duelhall rules highlander``).

Written in our own words; the card list and the characters come from the card file in
force (the ``cards`` option), and the rulings from the options given
(docs/rulings/highlander.md holds the reasoning behind each).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.reference import hanging, options_in_force, rulings_in_force
from duelhall.games.highlander.engine.cards import KEYWORDS, effect_text, load_cards
from duelhall.games.highlander.engine.options import OPTIONS
from duelhall.games.highlander.terminal.render import diagram, follow_diagram

_RULING_LINES: Mapping[tuple[str, Any], str] = {
    ("kurgan", "random"): "the seed decides who plays The Kurgan",
    ("kurgan", "1"): "player 1 plays The Kurgan, player 2 Connor MacLeod",
    ("kurgan", "2"): "player 2 plays The Kurgan, player 1 Connor MacLeod",
    ("unlock", "clash"): "thresholds are checked after every clash; an ability works from the "
    "next clash on",
    ("unlock", "round"): "thresholds are checked only when a round ends",
    ("reshuffle", "when-needed"): "an empty deck is replaced by the shuffled discard pile "
    "when a card must be drawn",
    ("reshuffle", "at-once"): "an empty deck is replaced by the shuffled discard pile as soon "
    "as its last card is drawn",
    ("penalty_ends", False): "a clash is always finished before the game can end",
    ("penalty_ends", True): "follow-up penalties that reach the limit end the game before the "
    "reveal",
}


def reference_text(options: Mapping[str, Any]) -> str:
    chosen = options_in_force(OPTIONS, options)
    cards = load_cards(chosen["cards"] or "")
    n = cards.positions
    limit = chosen["damage_limit"]
    lines = [
        "HIGHLANDER: THE DUEL - QUICK REFERENCE",
        "",
        "Setup",
        "  One player is Connor MacLeod, the other The Kurgan; The Kurgan takes the offence",
        "  marker. Shuffle the combat cards, turn two face-up beside the deck and deal two",
        "  to each player. Then, offence first, the players alternate: take a face-up card",
        "  (it is replaced from the deck; everyone saw what you took) or the deck's top",
        "  card, until both hold five.",
        "",
        "A clash",
        "  Both choose a card in secret. Except for your first card of a round, a card that",
        "  has none of the positions on the follow-up bar of your previous card this round",
        "  costs you 1 damage. Then the cards are revealed and meet top to top, so your",
        f"  position p faces their position {n + 1}-p.",
        "    block          some attack positions are aligned: no damage",
        "    strike         none aligned: the defender takes 1 damage per attack position",
        "                   of the offensive card",
        "    perfect block  every position of both cards aligned: the offence takes 1",
        "  A perfect block counts as a block for every ability.",
        "",
        "Rounds",
        "  When both players hold one card, the round ends: the defender takes the offence",
        "  marker, the played cards go to the discard pile, and the draft refills both",
        "  hands to five, the new offence first (an empty deck is replaced by the shuffled",
        "  discard pile). Nothing carries over: no follow-up bar, no waiting effect.",
        "  A character ability unlocks once its owner's total damage reaches its threshold,",
        "  and works from the next clash on; with the second, both work.",
        "",
        "The end",
        f"  {limit} or more damage loses. If both reach it in the same clash, the one with",
        "  less damage wins; if equal, the defending player wins.",
        "",
        f"Characters (from {cards.source})",
    ]
    for key in ("kurgan", "connor"):
        char = cards.characters[key]
        lines.append(f"  {char.name}" + (f" - {char.text}" if char.text else ""))
        for ab in char.abilities:
            words = "; ".join(effect_text(e, ability=True) for e in ab.effects)
            lines += hanging(f"    at {ab.threshold:>2} damage  {ab.name}: ", words)
    mark = "reconstructed for duelhall, not the printed cards" if cards.reconstructed else ""
    lines += [
        "",
        f"Combat cards ({len(cards.cards)}{'; ' + mark if mark else ''})",
        f"  positions 1-{n} from the owner's left; ▲ attack position, ● follow-up bar",
        f"  {'id':<10} {'name':<18} {'pos':<{n}}  {'next':<{max(n, 3)}}  effects",
    ]
    for card in cards.cards:
        effects = ", ".join(str(e) for e in card.effects)
        lines.append(
            f"  {card.id:<10} {card.name:<18} {diagram(card, n)}  "
            f"{follow_diagram(card, n):<{max(n, 3)}}  {effects}".rstrip()
        )
    used = sorted({e.keyword for card in cards.cards for e in card.effects})
    if used:
        lines += ["", "Card effects (N is the amount after the keyword)"]
        for keyword in used:
            lines += hanging(f"  {keyword:<11} ", KEYWORDS[keyword][1])
    lines += ["", *rulings_in_force(OPTIONS, chosen, _RULING_LINES)]
    lines.append(
        "  (* marks a value other than the default; details in docs/rulings/highlander.md)"
    )
    return "\n".join(lines) + "\n"

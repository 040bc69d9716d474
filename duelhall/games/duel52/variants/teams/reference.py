"""A plain-text reference for Duel 52 team play (``players=4``), in our own words.

``reference_text(options)`` gives the team game's differences first, then the standard
game's reference for everything the team game shares (powers, pairs, options in force).
``duelhall.games.duel52.duel.reference`` may call it when ``players`` is 4.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

NOT_IN_TEAMS = frozenset({"players", "variant", "heroes", "bannermen", "forts", "vampiric"})
"""Options whose standard lines do not apply: the team game fixes or refuses them."""

TEAM_LINES = (
    "DUEL 52 TEAM PLAY (2 vs 2) - WHAT IS DIFFERENT",
    "",
    "Seats and teams",
    "  Four players take turns in seat order from the first player (A, B, C, D).",
    "  A and C are one team, B and D the other: turns alternate between the teams.",
    "  Seats 1 and 3 are always partners, and seats 2 and 4.",
    "",
    "Setup",
    "  Each team has one face-down Base card in each of the three lanes (six in all).",
    "  Every player is dealt six cards; no cards are set aside; the rest is the pile.",
    "  First turns: A has 1 action, B 2, C 2, D 3; every later turn has 3.",
    "",
    "Team cards",
    "  You play onto your team's side of any lane. Once played, a card is the team's:",
    "  either partner may flip it, attack or pair with it, move it with a Queen, on",
    "  their own turn. A 5, 6, 7 or King counts every card of the team (or of the other",
    "  team, for the 6's freeze). The player whose turn it is makes every choice, and",
    "  a 2 draws into and discards from that player's own hand.",
    "",
    "Secrets",
    "  Your partner's hand is hidden from you. A face-down card is known only to the",
    "  player who played it (not to the partner) and to whoever looked at it with a 4.",
    "  Flipping a partner's unknown card may spring nothing: a face-down 3 only traps",
    "  the other team. Careful with those 3s!",
    "",
    "Winning",
    "  A team wins a lane when the other team has no cards in it and neither of its",
    "  players can play another card; two lanes win the game for both partners. A 6's",
    "  freeze lasts until the end of the next turn (the other team's). With the pile",
    "  empty, five turns in a row without any action end the game in a draw.",
    "  Details: docs/rulings/duel52-teams.md.",
    "",
    "Everything else is the standard game's:",
    "",
)


def reference_text(options: Mapping[str, Any]) -> str:
    """The team differences, then the standard reference for the shared rules."""
    from duelhall.games.duel52.duel.reference import reference_text as standard

    shared = {k: v for k, v in options.items() if k != "players"}
    lines = standard(shared).splitlines()
    # Keep the standard sections the team game shares: powers, pairs, rulings in force
    # (its setup, turn and winning sections are replaced by the lines above).
    powers = lines.index("Powers")
    winning = lines.index("Winning")
    rulings = next(i for i, line in enumerate(lines) if line.startswith("Rulings in force"))
    kept = [*lines[powers:winning], lines[rulings]]
    kept.append("  players               = 4            * team play (2 vs 2); with first_player")
    kept.append("                                       = random, A is drawn from all four seats")
    dropping = False
    for line in lines[rulings + 1 :]:
        entry = re.match(r"^  (\w+)\s+= ", line)
        if entry:
            dropping = entry.group(1) in NOT_IN_TEAMS
        elif line.startswith("  (*"):
            break
        if not dropping:
            kept.append(line)
    kept.append("  (* marks a value other than the default; team rulings in")
    kept.append("  docs/rulings/duel52-teams.md, the others in docs/rulings/duel52.md)")
    return "\n".join([*TEAM_LINES, *kept]) + "\n"

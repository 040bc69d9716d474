"""A plain-text rules reference for Duel Fighters (``duelhall rules duelfighters``), in our
own words; the characters come from the content in force and the rulings from the options
given (docs/rulings/duelfighters.md holds the reasoning behind each)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.reference import hanging, options_in_force, rulings_in_force

from ..engine.content_option import content_of
from ..engine.options import OPTIONS

SUMMARY = """\
DUEL FIGHTERS - QUICK REFERENCE

The table
  A measured table (80 x 80 cm unless the scenario says otherwise) with scenery. An action
  card (63 x 88 mm) is the measuring stick: a move goes up to its length ahead, its width
  sideways. Bases are square; front, flanks and rear are its sides.

Setup
  A roll-off decides who deploys first, within one card length of an edge; the other takes
  the opposite edge. Equipment may be equipped before the first turn.

A turn
  Initiative: each rolls INT dice, 4+ a success. The winner chooses to be player 1 or 2;
  the loser shows one step per success of the winner first (the anticipation stage).
  Programming: both lay markers at once, in secret, one step per available action card. A
  step is two half-step markers (advance, lateral left/right, turn left/right, corner turns
  for some characters) or one full-step marker (attack, technique, retreat, skill).
  Execution: one step at a time, player 1 first; each step uses up an action card. A step
  that is not obligatory may be abandoned for an improvised attack (-1 a die, no criticals).

Combat
  Attack dice = ATK, 4+ strikes; defence dice = DEF, each 4+ cancels a strike. A natural 6
  is a critical, cancelled only by a defending 6, and worth a victory point. Maximising uses
  up one more card for half the ATK in extra dice. At the flank or rear the victim rolls at
  -1; at the rear with half the defence dice. Injuries beyond CON in one attack knock a
  figure down; past half the wounds it is badly wounded and loses an action card; at zero
  wounds a CON roll keeps it fighting.

Winning
  Kill the adversary, or reach the sheet's target of victory points at level 2."""


def reference_text(options: Mapping[str, Any]) -> str:
    chosen = options_in_force(OPTIONS, options)
    content = content_of(chosen.get("content", ""))
    lines = [SUMMARY, "", "Characters"]
    for char in content.characters.values():
        mark = " (reconstructed)" if char.reconstructed else ""
        one = char.level(1)
        head = f"  {char.name}{mark}: "
        stats = (
            f"ATK {one.attack}, DEF {one.defence}, INT {one.intelligence}, "
            f"CON {one.constitution}, W {one.wounds}; " + ", ".join(a.name for a in char.abilities)
        )
        lines += hanging(head, stats)
    lines += ["", "Scenarios: " + ", ".join(content.scenarios), ""]
    lines += rulings_in_force(OPTIONS, chosen, {})
    return "\n".join(lines)

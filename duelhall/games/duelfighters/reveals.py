"""Whether a Duel Fighters action showed the seat that took it anything new (for undo).

An action can be taken back unless:

1. it ended the duel;
2. it began a turn (the initiative dice are rolled);
3. it ended a programming stage (the steps to be shown are laid open);
4. it was a step of the execution, or a choice made there (dice, the other's answer, the
   adversary's next step: the table has moved on).

Placing a figure, equipping, and laying markers while the stage goes on follow from what the
seat sees. ``tests/cli/test_undo.py`` checks the rule against re-deals of random positions.
"""

from __future__ import annotations

from typing import Any


def reveals(before: dict[str, Any], action: Any, after: dict[str, Any], seat: int) -> str | None:
    if after.get("result") is not None:
        return "the duel is over"
    if after["turn"] != before["turn"]:
        return "a turn began: the initiative dice were rolled"
    if before["phase"] == "program":
        if after["phase"] != "program" or after["stage"] != before["stage"]:
            return "the programming stage ended and its steps were shown"
        return None
    if before["phase"] in ("deploy", "equip"):
        return None
    return "the step was carried out on the table"

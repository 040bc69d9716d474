"""The action value of Duel Fighters, and the words of its notation (docs/notation/duelfighters.md).

An action is the seat that takes it and its words; ``str`` gives the notation a player types,
so the notation reader only has to find the legal action whose words match.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- verbs ---------------------------------------------------------------------------------
DEPLOY, EQUIP, READY, PLAYER = "deploy", "equip", "ready", "player"
MARK, END, DONE = "mark", "end", "done"
ADVANCE, LATERAL, TURN, PIVOT, RETREAT = "advance", "lateral", "turn", "pivot", "retreat"
ATTACK, TECHNIQUE, HOLD, IMPROVISE, PASS = "attack", "technique", "hold", "improvise", "pass"
MAXIMISE = "maximise"
CAST, THROW = "cast", "throw"
DEFEND, PROTECT, ACCEPT = "defend", "protect", "accept"
CONTACT = "contact"
WITH, AT = "with", "at"  # which character plays a side's step; whom an attack is against
GIVE = "give"  # an equipped card passed to an ally in contact (F64)

# --- programming markers (3.2, F16) --------------------------------------------------------
CORNERS = {"fl": "front-left", "fr": "front-right", "rl": "rear-left", "rr": "rear-right"}
MOVE_HALVES = ("advance", "lateral-left", "lateral-right", "turn-left", "turn-right")
PIVOTS = tuple(f"pivot-{c}-{d}" for c in CORNERS for d in ("left", "right"))
HALVES = MOVE_HALVES + PIVOTS
FULLS = ("attack", "technique", "retreat", "skill")

# --- compass facings for deployment (F69): n looks towards the second seat's edge ------------
FACINGS = {"n": 90.0, "e": 0.0, "s": 270.0, "w": 180.0}


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    words: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.words)

    @property
    def verb(self) -> str:
        return self.words[0]


def number(value: float) -> str:
    """A length in mm as the notation writes it: whole, or to a tenth."""
    text = f"{round(value, 1):.1f}"
    return text[:-2] if text.endswith(".0") else text

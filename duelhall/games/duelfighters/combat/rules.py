"""The rulings' options that change how dice and combat resolve, as one typed value.

Each field is an option of docs/rulings/duelfighters.md (the ruling is named beside it); the
engine builds one :class:`CombatRules` from the game's options and hands it to every
resolution, so the functions of this package never read options themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal, get_args

VpFrom = Literal["attack-and-defence", "attack"]
MaximiseBase = Literal["attribute", "dice"]
HalfDice = Literal["down", "up"]
Downed = Literal["flank", "rear"]
BadlyWounded = Literal["wounds", "constitution"]
CollisionHits = Literal["defended", "injuries"]
Anticipation = Literal["both", "loser"]


@dataclass(frozen=True)
class CombatRules:
    vp_from: VpFrom = "attack-and-defence"  # F4
    maximise_base: MaximiseBase = "attribute"  # F29
    half_dice: HalfDice = "down"  # F40
    downed: Downed = "flank"  # F45
    badly_wounded: BadlyWounded = "wounds"  # F47
    beat_death: bool = True  # F49
    collision_hits: CollisionHits = "defended"  # F24
    anticipation: Anticipation = "both"  # F10

    def __post_init__(self) -> None:
        # The engine checks user options with friendly errors; a bad value here is a bug, and
        # a typo'd literal would otherwise silently select the other reading.
        hints = {
            "vp_from": VpFrom,
            "maximise_base": MaximiseBase,
            "half_dice": HalfDice,
            "downed": Downed,
            "badly_wounded": BadlyWounded,
            "collision_hits": CollisionHits,
            "anticipation": Anticipation,
        }
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in hints and value not in get_args(hints[f.name]):
                allowed = ", ".join(get_args(hints[f.name]))
                raise ValueError(f"{f.name} must be one of {allowed}, not {value!r}")

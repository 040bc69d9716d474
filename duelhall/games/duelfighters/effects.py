"""The effect names Duel Fighters' data may use, the parameters each takes, and their checks.

A character's abilities and special combat techniques, and the equipment, skill and spell
cards, are data (``data/*.toml``). Whatever a data item *does* is named by one ``effect`` from
:data:`EFFECTS` plus a table of parameters, so a player can add a character or a spell by
reusing effects with other numbers, without touching the engine. The engine looks an
effect's code up by this name (``engine/fight.py``'s tables of after-hit effects,
``engine/reach.py`` and ``engine/execution.py`` for what a technique or a card does); the
loader refuses any name or parameter not listed here, so a misspelt effect is an error when
the file is loaded, not a silent no-op in the middle of a duel.

Distances in parameters are in card lengths (88 mm: ``range``, an area's ``length``) or card
widths (63 mm: a rectangle's ``width``), as the rulebook measures everything with the action
cards; angles are in degrees.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

SCHOOLS = ("dark", "water", "fire", "earth", "air", "light")
ELEMENTS = ("fire", "water", "earth", "air")
WHERE = ("ability", "technique", "card")
AREA_SHAPES = ("cone", "rectangle", "arc")


@dataclass(frozen=True)
class Area:
    """An area of effect, laid from the front of the user's base (ruling F37).

    ``cone``: apex at the middle of the front edge, ``length`` card lengths long, ``angle``
    degrees wide. ``rectangle``: ``width`` card widths across the front, ``length`` card
    lengths forward. ``arc``: the sector swept by a turn of ``angle`` degrees, ``length``
    card lengths beyond the base.
    """

    shape: str
    length: float
    width: float = 1.0
    angle: float = 90.0


# A parameter value after checking: a whole number, a flag, a word, a list of words, an area,
# or (for ``dice``) a number of dice or "X" (the character's ATK at the time).
ParamValue = int | float | bool | str | tuple[str, ...] | Area


@dataclass(frozen=True)
class Param:
    kind: str  # int, number, bool, choice, choices, dice, area
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()
    default: ParamValue | None = None


@dataclass(frozen=True)
class EffectSpec:
    where: tuple[str, ...]  # ability, technique, card: the data items that may name it
    text: str  # what the engine does with it, for the docs and `rules`
    params: Mapping[str, Param]


def _spec(where: tuple[str, ...], text: str, **params: Param) -> EffectSpec:
    return EffectSpec(where, text, MappingProxyType(params))


def _int(low: int, high: int, default: int | None = None) -> Param:
    return Param("int", low, high, default=default)


def _choice(*choices: str, default: str | None = None) -> Param:
    return Param("choice", choices=choices, default=default)


_RANGE = _choice("any", "short", "long", default="any")

# Attack parameters shared by techniques, weapons and attack spells.
_ATTACK = {
    "dice": Param("dice", 1, 20, default="X"),
    "dice_bonus": _int(-5, 9, 0),
    "range": _int(0, 20, 0),
    "element": _choice(*ELEMENTS),
    "elemental_dice": _int(0, 20, 0),
    "area": Param("area"),
    "defend_on": _int(4, 6, 4),
    "as_position": _choice("front", "flank", "rear", default="front"),
    "reroll_misses": Param("bool", default=False),
    "requires_contact": Param("bool", default=False),
}

EFFECTS: Mapping[str, EffectSpec] = MappingProxyType(
    {
        # ---------------------------------------------------------------- abilities
        "no-badly-wounded-penalty": _spec(
            ("ability",), "being badly wounded costs this character nothing"
        ),
        "push-injures": _spec(
            ("ability",),
            "pushing from contact deals the difference of the CON rolls as strikes too",
        ),
        "collision-immunity": _spec(
            ("ability",),
            "no hits from the chosen sources: colliding with objects, being charged, touching "
            "dangerous ground",
            objects=Param("bool", default=True),
            charges=Param("bool", default=True),
            dangerous=Param("bool", default=True),
        ),
        "magic": _spec(
            ("ability",),
            "may hold and cast spell cards of these schools",
            schools=Param("choices", choices=SCHOOLS),
        ),
        "agile": _spec(
            ("ability",),
            "by paying `cost`, one step may hold `half_steps` half-step markers (or a full "
            "marker and a half one)",
            cost=_choice("action-card", "victory-point", default="action-card"),
            half_steps=_int(3, 4, 3),
        ),
        "turn-about-corner": _spec(
            ("ability",), "may program the turn-and-displacement marker (turn about a corner)"
        ),
        "master-swordsman": _spec(
            ("ability",),
            "when one attack deals at least `min_injuries` injuries, the victim loses one `loses`",
            min_injuries=_int(1, 9, 2),
            loses=_choice("action-card", "victory-point", default="action-card"),
        ),
        "wall-of-swords": _spec(
            ("ability",), "may maximise defence rolls like attack rolls (half DEF extra dice)"
        ),
        "elemental-resistance": _spec(
            ("ability", "card"),
            "elemental strikes of these elements count as normal strikes",
            elements=Param("choices", choices=ELEMENTS),
        ),
        # ---------------------------------------------------------------- techniques
        "attack": _spec(
            ("technique", "card"),
            "an attack roll changed by the parameters: `dice` (a number or X, the ATK), "
            "`dice_bonus`, `range` in card lengths (0: combat distance), `element` and "
            "`elemental_dice` (how many dice deal it; 0: all), an `area`, `defend_on` (the "
            "result a defence die needs), "
            "`as_position` (the attack counts as from the flank or rear), `reroll_misses`, "
            "`requires_contact`",
            **_ATTACK,
        ),
        "stun": _spec(
            ("technique",),
            "a normal attack; each unblocked critical removes the victim's last unexecuted step",
        ),
        "sweep": _spec(
            ("technique",),
            "turn `turn` degrees; every base in the swept arc takes `strikes` automatic strikes, "
            "each cancelled only by a defence die of `defend_on` or more",
            turn=_int(45, 180, 90),
            strikes=_int(1, 9, 2),
            defend_on=_int(4, 6, 5),
            area=Param("area"),
        ),
        "parry-riposte": _spec(
            ("technique",),
            "a normal attack; until the user's next step, strikes it cancels in defence become "
            "strikes against their attacker",
        ),
        # ---------------------------------------------------------------- cards
        "modify": _spec(
            ("card",),
            "while equipped: `attack_dice` more attack dice and `defence_dice` more defence dice "
            "(negative: fewer), when the `range` condition holds",
            attack_dice=_int(-9, 9, 0),
            defence_dice=_int(-9, 9, 0),
            range=_RANGE,
        ),
        "elemental-dice": _spec(
            ("card",),
            "while equipped: `dice` of the wielder's attack dice deal `element` damage, when the "
            "`range` condition holds",
            element=_choice(*ELEMENTS),
            dice=_int(1, 9, 1),
            range=_RANGE,
        ),
        "ignore-attack": _spec(
            ("card",), "discarded after a defence roll: the attack deals no injuries at all"
        ),
        "heal": _spec(
            ("card",),
            "heal up to `amount` injuries (never more than the CON, nor past the sheet's W)",
            amount=_int(1, 9, 2),
        ),
    }
)


def check_params(
    spec: EffectSpec, raw: Any, fail: Callable[[str, str], Exception]
) -> Mapping[str, ParamValue]:
    """The parameters of one effect, checked against ``spec`` and completed with defaults.

    ``fail(field, message)`` builds the error; every message names the parameter."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise fail("params", f"must be a table like {{ range = 3 }}, not {raw!r}")
    out: dict[str, ParamValue] = {}
    for name in raw:
        if name not in spec.params:
            allowed = ", ".join(spec.params) or "none"
            raise fail(f"params.{name}", f"unknown parameter; this effect takes: {allowed}")
    for name, param in spec.params.items():

        def fail_here(message: str, name: str = name) -> Exception:
            return fail(f"params.{name}", message)

        if name in raw:
            out[name] = _value(param, raw[name], fail_here)
        elif param.default is not None:
            out[name] = param.default
        elif param.kind == "choices":
            raise fail(f"params.{name}", f"is missing; list some of: {', '.join(param.choices)}")
    return MappingProxyType(out)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _value(param: Param, value: Any, fail: Callable[[str], Exception]) -> ParamValue:
    if param.kind == "int" or (param.kind == "dice" and value != "X"):
        if not _is_int(value) or not param.low <= value <= param.high:
            extra = ' or "X" (the ATK)' if param.kind == "dice" else ""
            raise fail(
                f"must be a whole number from {param.low:g} to {param.high:g}{extra}, not {value!r}"
            )
        return int(value)
    if param.kind == "dice":
        return "X"
    if param.kind == "bool":
        if not isinstance(value, bool):
            raise fail(f"must be true or false, not {value!r}")
        return value
    if param.kind == "choice":
        if value not in param.choices:
            raise fail(f"must be one of {', '.join(param.choices)}; got {value!r}")
        return str(value)
    if param.kind == "choices":
        if (
            not isinstance(value, list)
            or not value
            or any(v not in param.choices for v in value)
            or len(set(value)) != len(value)
        ):
            raise fail(f"must list distinct words from: {', '.join(param.choices)}; got {value!r}")
        return tuple(str(v) for v in value)
    return _area(value, fail)


def _area(value: Any, fail: Callable[[str], Exception]) -> Area:
    example = '{ shape = "cone", length = 1, angle = 90 }'
    if not isinstance(value, Mapping):
        raise fail(f"must be a table like {example}, not {value!r}")
    for key in value:
        if key not in ("shape", "length", "width", "angle"):
            raise fail(f"unknown key {key!r}; an area has shape, length, width, angle")
    shape = value.get("shape")
    if shape not in AREA_SHAPES:
        raise fail(f"shape must be one of {', '.join(AREA_SHAPES)}; got {shape!r}")
    numbers: dict[str, float] = {}
    for key, low, high, default in (
        ("length", 0.25, 9, None),
        ("width", 0.25, 9, 1.0),
        ("angle", 10, 180, 90.0),
    ):
        raw = value.get(key, default)
        if raw is None:
            raise fail(f"length is missing (in card lengths, like {example})")
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw <= high:
            raise fail(f"{key} must be a number from {low} to {high}, not {raw!r}")
        numbers[key] = float(raw)
    return Area(str(shape), numbers["length"], numbers["width"], numbers["angle"])

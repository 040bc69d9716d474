"""The rules options of Duel Fighters (docs/rulings/duelfighters.md names each one's ruling).

Every option the rulings name is declared here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import OptionError
from duelhall.core.game import Option

from ..combat.rules import CombatRules
from ..content import load_content
from .content_option import check_content, pin_content

_BUILTIN = load_content()
SCENARIOS = tuple(_BUILTIN.scenarios)
CHARACTERS = tuple(_BUILTIN.characters)


def _words(value: Any) -> Any:
    """An id of the content (checked against it when the duel is set up): text, trimmed."""
    return value.strip().lower() if isinstance(value, str) else value


def _table(value: Any) -> Any:
    if isinstance(value, int) and 0 < value < 300:
        raise OptionError(
            f"option 'table' takes 0 (the scenario's size) or 300 to 3000, not {value}"
        )
    return value


OPTIONS: tuple[Option, ...] = (
    Option(
        "content",
        "",
        "a folder of your own data files (characters, equipment, spells, scenarios; F63), on "
        "the command line only; empty: the built-in data. Records keep the files' text",
        pin=pin_content,
        check=check_content,
    ),
    Option(
        "table",
        0,
        "the side of a square table in mm, 300 to 3000 (F1); 0: the scenario's own size",
        low=0,
        high=3000,
        check=_table,
    ),
    Option(
        "scenario",
        "open-field",
        f"the terrain laid out on the table (F58): {', '.join(SCENARIOS)}, or one of yours",
        check=_words,
    ),
    Option(
        "first",
        "deretor",
        f"the character of seat 0 (F8): {', '.join(CHARACTERS)}, or one of yours",
        check=_words,
    ),
    Option(
        "second",
        "lesdinn",
        f"the character of seat 1 (F8): {', '.join(CHARACTERS)}, or one of yours",
        check=_words,
    ),
    Option(
        "characters",
        1,
        "characters a side (F59): 1 to 3; the first is 'first' or 'second', the others their "
        "allies",
        low=1,
        high=3,
    ),
    Option(
        "first_allies",
        "",
        "seat 0's further characters, comma-separated (F59); empty: the data's other characters",
        check=_words,
    ),
    Option(
        "second_allies",
        "",
        "seat 1's further characters, comma-separated (F59); empty: the data's other characters",
        check=_words,
    ),
    Option(
        "deploy", "opposite", "where the second side may deploy (F57)", ("opposite", "any-edge")
    ),
    Option(
        "deploy_band", "touch", "how a base lies in the deployment band (F57)", ("touch", "whole")
    ),
    Option(
        "deploy_step",
        80,
        "spacing in mm of the candidate deployment spots along an edge (F69)",
        low=20,
        high=400,
    ),
    Option(
        "vp_from",
        "attack-and-defence",
        "rolls whose 6s earn points (F4)",
        ("attack-and-defence", "attack"),
    ),
    Option("vp_after_level_up", "keep", "points after levelling up (F6)", ("keep", "reset")),
    Option("anticipation", "both", "who reveals steps for initiative (F10)", ("both", "loser")),
    Option("move_fractions", 2, "a move goes k/N of a card, or to contact (F19)", low=1, high=8),
    Option(
        "collision_hits",
        "defended",
        "collision strikes are defended or injuries (F24)",
        ("defended", "injuries"),
    ),
    Option(
        "reveal",
        "all",
        "the secret steps are shown when both have programmed, or each as it is played (F12)",
        ("all", "step"),
    ),
    Option(
        "combat_distance",
        "any",
        "a card laid any way, or straight out in front (F26)",
        ("any", "length"),
    ),
    Option(
        "spell_cost",
        "spell-card",
        "a spell pays for its step, or a card as well (F34)",
        ("spell-card", "spell-and-card"),
    ),
    Option(
        "area_rolls",
        "each",
        "an area rolls for each figure it covers, or once for all (F37)",
        ("each", "one"),
    ),
    Option(
        "target",
        "when-executed",
        "an attack's victim is named when its step comes, or with its marker (F76)",
        ("when-executed", "when-programmed"),
    ),
    Option(
        "measure",
        "quadrant",
        "flank and rear by the diagonals, or once past the edges (F38)",
        ("quadrant", "beyond-edge"),
    ),
    Option(
        "range_measure",
        "strip",
        "a range as a strip of cards, or in card lengths (F41)",
        ("strip", "lengths"),
    ),
    Option(
        "line_of_fire",
        "cover",
        "barrels give cover, or block ranged attacks (F42)",
        ("cover", "barrels-block"),
    ),
    Option(
        "behind",
        "between",
        "cover from scenery between the bases, or touching the victim too (F53)",
        ("between", "touching"),
    ),
    Option(
        "edge",
        "wall",
        "the table's edge stops moves, or a push over it puts out (F61)",
        ("wall", "ring-out"),
    ),
    Option(
        "maximise_base", "attribute", "maximising adds half of what (F29)", ("attribute", "dice")
    ),
    Option("half_dice", "down", "rounding of halved defence dice (F40)", ("down", "up")),
    Option("downed", "flank", "a downed figure is attacked as from (F45)", ("flank", "rear")),
    Option(
        "badly_wounded", "wounds", "badly wounded past half of (F47)", ("wounds", "constitution")
    ),
    Option("beat_death", True, "a death roll at zero wounds (F49)"),
    Option("improvise_revealed", False, "revealed steps may be abandoned too (F51)"),
    Option("turn_limit", 30, "turns before the duel is judged (F62; 0: none)", low=0, high=99),
)

VARIANTS: Mapping[str, Mapping[str, Any]] = {
    "tavern": {"scenario": "tavern"},
    "forest": {"scenario": "forest"},
    "arena": {"scenario": "arena"},
    "two-a-side": {"characters": 2},
    "three-a-side": {"characters": 3},
}


def combat_rules(options: Mapping[str, Any]) -> CombatRules:
    """The combat functions' view of the options."""
    return CombatRules(
        vp_from=options["vp_from"],
        maximise_base=options["maximise_base"],
        half_dice=options["half_dice"],
        downed=options["downed"],
        badly_wounded=options["badly_wounded"],
        beat_death=bool(options["beat_death"]),
        collision_hits=options["collision_hits"],
        anticipation=options["anticipation"],
    )

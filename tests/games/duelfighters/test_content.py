"""Duel Fighters' content files: the printed numbers, the reconstructed marks, the checks on
malformed data, and a player's own folder (a new character added from a data file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from duelhall.core.errors import DuelhallError
from duelhall.games.duelfighters.content import (
    CHARACTERS,
    DATA_DIR,
    EQUIPMENT,
    FILES,
    MAX_FILE_BYTES,
    SCENARIOS,
    SPELLS,
    ContentError,
    load_content,
    parse_content,
)
from duelhall.games.duelfighters.effects import Area

BUILTIN = {name: (DATA_DIR / name).read_text(encoding="utf-8") for name in FILES}


def _parse(name: str, old: str, new: str) -> None:
    assert old in BUILTIN[name], old
    parse_content({**BUILTIN, name: BUILTIN[name].replace(old, new, 1)})


def test_content_builtin_loads_every_file() -> None:
    content = load_content()
    assert set(content.characters) == {"deretor", "lesdinn", "hallothon", "brock", "shargh"}
    assert {"tavern", "forest", "arena", "open-field"} <= set(content.scenarios)
    assert {"ashorai-swords", "vulcan-hammer", "divine-protection", "daemon-hammer"} <= set(
        content.cards
    )
    assert {c.school for c in content.cards.values() if c.kind == "spell"} == {"dark", "water"}
    assert content.character("Deretor") is content.characters["deretor"]
    assert content.scenario("open field") is content.scenarios["open-field"]


def test_content_sheet_1_1_deretor_both_levels_exact() -> None:
    deretor = load_content().characters["deretor"]
    one, two = deretor.level(1), deretor.level(2)
    assert (one.attack, one.defence, one.intelligence, one.constitution) == (5, 5, 3, 4)
    assert (one.wounds, one.action_cards, one.level_up_at) == (10, 4, 10)
    assert (two.attack, two.defence, two.intelligence, two.constitution) == (5, 5, 3, 4)
    assert (two.wounds, two.action_cards, two.win_at) == (12, 5, 12)
    assert not deretor.reconstructed and not one.reconstructed and not two.reconstructed
    names = {a.name for a in deretor.abilities_at(1)}
    assert names == {"Abyssal Being", "Lacerating Armour", "Armoured Hulk", "Dark magic"}
    assert [t.name for t in deretor.techniques_at(2)] == [
        "Stun",
        "Devastating Mace",
        "Body Smash",
    ]
    assert deretor.schools(1) == ("dark",)
    mace = deretor.techniques_at(1)[1].effect
    assert (mace.name, mace["strikes"], mace["defend_on"], mace["turn"]) == ("sweep", 2, 5, 90)
    smash = deretor.techniques_at(1)[2].effect
    assert smash["defend_on"] == 6 and smash["area"] == Area("rectangle", 1.0, 1.0, 90.0)


def test_content_sheet_1_2_lesdinn_level_1_exact_level_2_reconstructed() -> None:
    lesdinn = load_content().characters["lesdinn"]
    one = lesdinn.level(1)
    assert (one.attack, one.defence, one.intelligence, one.constitution) == (4, 3, 3, 3)
    assert (one.wounds, one.action_cards, one.level_up_at) == (8, 5, 9)
    assert not one.reconstructed
    assert lesdinn.level(2).reconstructed and lesdinn.level(2).note
    assert {a.name for a in lesdinn.abilities_at(1)} == {
        "Agile",
        "Flanking movement",
        "Master Swordsman",
        "Wall of Swords",
        "Dark and water magic",
    }
    assert [t.name for t in lesdinn.techniques_at(1)] == [
        "Invisible Thrust",
        "Double Thrust",
        "Parry and attack",
    ]
    assert lesdinn.schools(1) == ("dark", "water")
    assert lesdinn.techniques_at(1)[0].effect["as_position"] == "rear"


def test_content_examples_give_the_reconstructed_characters_their_printed_numbers() -> None:
    content = load_content()
    # 3.3.1: Hallothon has ATK 4 and Brock DEF 4; 3.3.6: the daemon hammer throws 5 dice at 4.
    assert content.characters["hallothon"].level(1).attack == 4
    assert content.characters["brock"].level(1).defence == 4
    hammer = content.cards["daemon-hammer"].effect
    assert (hammer["dice"], hammer["range"]) == (5, 4)
    assert "daemon-hammer" in content.characters["brock"].cards
    assert content.characters["shargh"].level(1).intelligence <= 2
    assert any(t.name == "Brutal Smash" for t in content.characters["shargh"].techniques_at(1))


def test_content_printed_card_texts() -> None:
    cards = load_content().cards
    swords = cards["ashorai-swords"].effect
    assert (swords.name, swords["attack_dice"], swords["defence_dice"]) == ("modify", 2, -1)
    hammer = cards["vulcan-hammer"].effect
    assert (hammer["element"], hammer["dice"], hammer["range"]) == ("fire", 2, "short")
    assert cards["divine-protection"].use == "discard"
    assert cards["divine-protection"].effect.name == "ignore-attack"


def test_content_every_unprinted_item_is_marked_reconstructed_with_a_note() -> None:
    content = load_content()
    for char in content.characters.values():
        assert char.kit_reconstructed and char.kit_note, char.id  # no sheet prints a base
        for level in char.levels:
            assert not level.reconstructed or level.note, (char.id, level.level)
        for ability in char.abilities:
            assert not ability.reconstructed or ability.note, (char.id, ability.id)
        if char.reconstructed:
            assert char.note
            assert all(lv.reconstructed for lv in char.levels), char.id
            assert all(a.reconstructed for a in char.abilities), char.id
    printed = {c.id for c in content.cards.values() if not c.reconstructed}
    assert printed == {"ashorai-swords", "vulcan-hammer", "divine-protection"}
    assert all(c.note for c in content.cards.values() if c.reconstructed)
    assert all(s.reconstructed and s.note for s in content.scenarios.values())
    assert "RECONSTRUCTED" in BUILTIN[SPELLS] and "RECONSTRUCTED" in BUILTIN[SCENARIOS]


def test_content_scenarios_lie_on_the_80_cm_table_and_use_every_terrain_kind() -> None:
    scenarios = load_content().scenarios
    kinds = set()
    for scenario in scenarios.values():
        assert (scenario.width, scenario.depth) == (800.0, 800.0)
        for piece in scenario.terrain:
            x0, y0, x1, y1 = piece.shape.bounds()
            assert 0 <= x0 < x1 <= 800 and 0 <= y0 < y1 <= 800
            kinds.add(piece.kind)
    assert kinds == {
        "hedge",
        "barrel-wall",
        "barrel",
        "tree",
        "wall",
        "rough",
        "dangerous",
        "lethal",
    }
    assert scenarios["open-field"].terrain == ()
    barrels = [p.con for p in scenarios["tavern"].terrain if p.kind == "barrel"]
    assert sorted(barrels) == [3, 3, 4]  # rulebook 4: small barrels CON 3, large ones 4


def test_content_rectangle_outline_turns_about_its_centre() -> None:
    table = next(p for p in load_content().scenarios["tavern"].terrain if p.shape.angle == 20)
    corners = table.shape.outline()
    cx = sum(x for x, _ in corners) / 4
    cy = sum(y for _, y in corners) / 4
    assert (round(cx, 6), round(cy, 6)) == table.shape.at


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (CHARACTERS, "atk = 5\n", "atk = 0\n", "character 1 ('deretor'), level 1, atk: must be"),
        (CHARACTERS, "wounds = 10\n", 'wounds = "ten"\n', "level 1, wounds: must be"),
        (CHARACTERS, "level_up_at = 10\n", "", "level 1, level_up_at: must be a whole"),
        (CHARACTERS, "win_at = 12\n", "win_at = 12\nlevel_up_at = 3\n", "level 2, level_up_at"),
        (CHARACTERS, "level = 2\n", "level = 3\n", "this one must say level = 2"),
        (CHARACTERS, 'archetype = "Abyssal Warlord"', "", "character 1 ('deretor'), archetype"),
        (CHARACTERS, 'race = "Abyssal"', 'rase = "Abyssal"', "rase: unknown field"),
        (CHARACTERS, 'id = "lesdinn"', 'id = "deretor"', "'deretor' is already used"),
        (CHARACTERS, 'id = "lesdinn"', 'id = "les dinn"', "id: 'les dinn': an id is"),
        (CHARACTERS, "base_mm = 50", "base_mm = 5", "character 1 ('deretor'), kit, base_mm"),
        (CHARACTERS, "reconstructed = false\nnote", "reconstructed = 1\nnote", "reconstructed"),
        (
            CHARACTERS,
            'cards = ["fan-of-shadows"]',
            'cards = ["sword-of-doom"]',
            "kit, cards: 'sword-of-doom' is not a card",
        ),
        (
            CHARACTERS,
            'cards = ["fan-of-shadows"]',
            'cards = ["water-lash"]',
            "'water-lash' is a water spell and Deretor knows dark",
        ),
        (
            CHARACTERS,
            'cards = ["fan-of-shadows"]',
            'cards = ["fan-of-shadows", "shadow-bolt", "night-lance", "ashorai-swords", '
            '"divine-protection"]',
            "5 cards do not fit in 4 action cards",
        ),
        (
            CHARACTERS,
            'effect = "stun"',
            'effect = "stunn"',
            "ability 5 ('stun'), effect: 'stunn' is not an effect a technique may use",
        ),
        (
            CHARACTERS,
            'effect = "push-injures"',
            'effect = "stun"',
            "'stun' is not an effect a ability may use",
        ),
        (CHARACTERS, 'id = "stun"\n', "", "ability 5, id: is missing"),
        (CHARACTERS, "strikes = 2,", "strikes = 20,", "params.strikes: must be a whole number"),
        (CHARACTERS, "strikes = 2,", "blows = 2,", "params.blows: unknown parameter"),
        (CHARACTERS, 'shape = "arc"', 'shape = "circle"', "params.area: shape must be one of"),
        (CHARACTERS, 'kind = "race"', 'kind = "racial"', "ability 1 ('abyssal-being'), kind"),
        (CHARACTERS, 'schools = ["dark"]', 'schools = ["necromancy"]', "params.schools"),
        (CHARACTERS, "levels = [2]", "levels = [3]", "levels: must list the levels"),
        (EQUIPMENT, 'kind = "equipment"', 'kind = "weapon"', "card 1 ('ashorai-swords'), kind"),
        (EQUIPMENT, 'use = "equip"', 'use = "wield"', "card 1 ('ashorai-swords'), use"),
        (EQUIPMENT, "attack_dice = 2,", "attack_dice = true,", "params.attack_dice"),
        (EQUIPMENT, 'range = "short"', 'range = "near"', "params.range: must be one of"),
        (EQUIPMENT, "dice = 5, range = 4", 'dice = "five", range = 4', 'or "X" (the ATK)'),
        (SPELLS, 'school = "dark"', 'school = "blood"', "spell 1 ('shadow-bolt'), school"),
        (SPELLS, 'school = "dark"', 'kind = "spell"', "spell 1 ('shadow-bolt'), kind: unknown"),
        (SPELLS, "angle = 90", "angle = 720", "params.area: angle must be a number"),
        (SCENARIOS, "at = [400, 740]", "at = [400, 790]", "terrain 1, shape: reaches outside"),
        (SCENARIOS, 'kind = "wall"', 'kind = "moat"', "scenario 1 ('tavern'), terrain 1, kind"),
        (SCENARIOS, "con = 4", "con = 0", "terrain 8, con: must be a whole number"),
        (SCENARIOS, "radius = 20\n", "radius = 20\nsize = [3, 3]\n", "terrain 3, shape"),
        (SCENARIOS, "at = [40, 400]", "at = [40]", "terrain 2, at: must be [x, y]"),
        (SCENARIOS, 'label = "hearth"', 'label = "hearth"\ncon = 2', "only a breakable barrel"),
        (
            SCENARIOS,
            "points = [[0, 350], [120, 370]",
            "points = [[0, 0], [100, 100], [100, 0], [0, 100]]  # ",
            "terrain 8, points: the polygon crosses itself",
        ),
        (SCENARIOS, "# Duel", "[extra]\nx = 1\n# Duel", "[extra]: unknown section"),
        (SCENARIOS, "reconstructed = true", "reconstructed = yes", "is not valid TOML"),
    ],
)
def test_content_malformed_field_is_one_line_naming_file_item_and_field(
    name: str, old: str, new: str, message: str
) -> None:
    with pytest.raises(ContentError) as info:
        _parse(name, old, new)
    text = str(info.value)
    assert message in text
    assert text.startswith(name)
    assert "\n" not in text


def test_content_player_folder_adds_a_new_character(tmp_path: Path) -> None:
    # A player adds a character by writing data only: a copy of characters.toml with one
    # more [[character]] that reuses existing effects and the built-in cards.
    new = """
[[character]]
id = "ilsa"
name = "Ilsa"
archetype = "Storm Duellist"
race = "Human"
reconstructed = true
note = "A player's own character."

[character.kit]
base_mm = 32
cards = ["tidal-surge", "divine-protection"]
reconstructed = true
note = "Small base."

[[character.level]]
level = 1
atk = 3
def = 3
int = 5
con = 3
wounds = 9
action_cards = 5
level_up_at = 8
reconstructed = true
note = "Mine."

[[character.level]]
level = 2
atk = 4
def = 3
int = 5
con = 3
wounds = 11
action_cards = 6
win_at = 10
reconstructed = true
note = "Mine."

[[character.ability]]
id = "water-magic"
name = "Water magic"
kind = "magic"
text = "Casts water spells."
effect = "magic"
params = { schools = ["water"] }
reconstructed = true
note = "Mine."

[[character.ability]]
id = "lightning-lunge"
name = "Lightning Lunge"
kind = "technique"
text = "A long lunge: an attack up to one card length away with one more die."
effect = "attack"
params = { range = 1, dice_bonus = 1 }
reconstructed = true
note = "Mine."
"""
    (tmp_path / CHARACTERS).write_text(BUILTIN[CHARACTERS] + new, encoding="utf-8")
    content = load_content(tmp_path)
    ilsa = content.characters["ilsa"]
    assert ilsa.level(1).intelligence == 5 and ilsa.base_mm == 32.0
    assert ilsa.cards == ("tidal-surge", "divine-protection")
    assert ilsa.schools(1) == ("water",)
    lunge = ilsa.techniques_at(2)[0].effect
    assert (lunge.name, lunge["range"], lunge["dice_bonus"], lunge["dice"]) == ("attack", 1, 1, "X")
    # The other files come from the built-in data, and the built-in content is untouched.
    assert set(content.scenarios) == set(load_content().scenarios)
    assert "ilsa" not in load_content().characters


def test_content_player_folder_file_replaces_the_builtin_one(tmp_path: Path) -> None:
    edited = BUILTIN[CHARACTERS].replace("atk = 4\ndef = 3\nint = 3", "atk = 6\ndef = 3\nint = 3")
    (tmp_path / CHARACTERS).write_text(edited, encoding="utf-8")
    assert load_content(tmp_path).characters["lesdinn"].level(1).attack == 6
    assert load_content().characters["lesdinn"].level(1).attack == 4


def test_content_unreadable_or_oversized_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="there is no folder"):
        load_content(tmp_path / "missing")
    (tmp_path / SPELLS).mkdir()
    with pytest.raises(ContentError, match="not a regular file"):
        load_content(tmp_path)
    (tmp_path / SPELLS).rmdir()
    (tmp_path / SPELLS).write_text("#" * (MAX_FILE_BYTES + 1), encoding="utf-8")
    with pytest.raises(ContentError, match="is larger than 256 KB"):
        load_content(tmp_path)
    (tmp_path / SPELLS).write_bytes(b"\xff\xfe[[spell]]")
    with pytest.raises(ContentError, match="not UTF-8"):
        load_content(tmp_path)
    (tmp_path / SPELLS).write_text("x = 1" + "0" * 5000, encoding="utf-8")
    with pytest.raises(ContentError, match="number too long"):
        load_content(tmp_path)


def test_content_error_is_a_duelhall_error() -> None:
    # The command line turns DuelhallError into one line and exit 1, never a traceback.
    assert issubclass(ContentError, DuelhallError)
    with pytest.raises(ContentError, match="the file is missing"):
        parse_content({CHARACTERS: BUILTIN[CHARACTERS]})
    with pytest.raises(ContentError, match=r"\[\[spell\]\]: the file lists none"):
        parse_content({**BUILTIN, SPELLS: "# nothing\n"})


def test_content_scenarios_feed_the_geometry() -> None:
    # Every terrain kind but `wall` (ruling F58) is one the geometry knows, and every piece of
    # every built-in scenario makes a valid geometry piece.
    from shapely.geometry import Point, Polygon

    from duelhall.games.duelfighters.content import TERRAIN_KINDS
    from duelhall.games.duelfighters.geometry.terrain import Piece, Terrain, TerrainKind

    assert set(TERRAIN_KINDS) - {"wall"} == {k.value for k in TerrainKind}
    for scenario in load_content().scenarios.values():
        pieces = []
        for i, piece in enumerate(scenario.terrain):
            if piece.kind == "wall":
                continue
            shape = piece.shape
            outline = (
                Point(shape.at).buffer(shape.radius)
                if shape.kind == "circle"
                else Polygon(shape.outline())
            )
            pieces.append(Piece(f"{scenario.id}-{i}", TerrainKind(piece.kind), outline))
        Terrain(tuple(pieces))

"""Duel Fighters' content: characters, action cards and scenarios, as data, and their loader.

The rulebook prints two character sheets (Deretor, levels 1 and 2; Lesdinn, level 1) and a few
card texts; everything else a duel needs (Lesdinn's second level, the characters met only in
examples, most cards, the spells, the tables) is **reconstructed**. All of it lives in four
editable TOML files in the package's ``data/`` folder, each item marked ``reconstructed``
with a ``note`` saying where it comes from (docs/duelfighters-content.md describes the
fields). The engine knows only the effect names of :mod:`.effects`.

The files are untrusted input once a player edits them: each is read only if it is a regular
file of at most :data:`MAX_FILE_BYTES`, and anything malformed is a one-line
:class:`ContentError` naming the file, the item and the field.

A player's data folder may hold any of the four files; a file it holds replaces the built-in
one, the others stay built in (:func:`load_content`). Cross-references (a character's cards,
a spell's school) are checked across the four files together.
"""

from __future__ import annotations

import math
import stat
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from shapely.geometry import Polygon

from duelhall.core.errors import DuelhallError
from duelhall.core.untrusted import read_regular_file

from .effects import EFFECTS, SCHOOLS, ParamValue, check_params

DATA_DIR = Path(__file__).parent / "data"
CHARACTERS, EQUIPMENT, SPELLS, SCENARIOS = (
    "characters.toml",
    "equipment.toml",
    "spells.toml",
    "scenarios.toml",
)
FILES = (CHARACTERS, EQUIPMENT, SPELLS, SCENARIOS)
# The built-in files are a few kilobytes each; 256 KB leaves room for long texts and detailed
# terrain while a stranger's file cannot make duelhall parse megabytes.
MAX_FILE_BYTES = 256 * 1024
MAX_ITEMS = 200  # per file
ABILITY_KINDS = ("race", "archetype", "magic", "technique")
CARD_KINDS = ("equipment", "skill", "spell")
CARD_USES = ("equip", "discard", "use-up")
TERRAIN_KINDS = ("hedge", "barrel-wall", "barrel", "tree", "wall", "rough", "dangerous", "lethal")

Fail = Callable[[str, str], Exception]


class ContentError(DuelhallError):
    """A content file that cannot be read or that describes impossible content."""


@dataclass(frozen=True)
class Effect:
    name: str
    params: Mapping[str, ParamValue]

    def __getitem__(self, key: str) -> ParamValue:
        return self.params[key]


@dataclass(frozen=True)
class Level:
    """One side of a character sheet."""

    level: int
    attack: int
    defence: int
    intelligence: int
    constitution: int
    wounds: int
    action_cards: int
    level_up_at: int  # victory points that turn the sheet to level 2 (level 1 only, else 0)
    win_at: int  # victory points that win the duel (level 2 only, else 0)
    reconstructed: bool
    note: str


@dataclass(frozen=True)
class Ability:
    """A race, archetype or magic ability, or a special combat technique (``kind``)."""

    id: str
    name: str
    kind: str
    text: str
    effect: Effect
    levels: tuple[int, ...]
    reconstructed: bool
    note: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    archetype: str
    race: str
    reconstructed: bool
    note: str
    base_mm: float  # side of the square base
    cards: tuple[str, ...]  # ids of its equipment, skill and spell cards
    kit_reconstructed: bool  # the base and the cards are not on the printed sheet
    kit_note: str
    levels: tuple[Level, Level]
    abilities: tuple[Ability, ...]
    # Each level's abilities and techniques, sorted out once: rules ask at every step.
    _at: tuple[tuple[tuple[Ability, ...], tuple[Ability, ...]], ...] = field(
        init=False, repr=False, compare=False
    )

    def level(self, n: int) -> Level:
        return self.levels[n - 1]

    def __post_init__(self) -> None:
        at = tuple(
            (
                tuple(a for a in self.abilities if n in a.levels and a.kind != "technique"),
                tuple(a for a in self.abilities if n in a.levels and a.kind == "technique"),
            )
            for n in (1, 2)
        )
        object.__setattr__(self, "_at", at)

    def abilities_at(self, level: int) -> tuple[Ability, ...]:
        return self._at[level - 1][0]

    def techniques_at(self, level: int) -> tuple[Ability, ...]:
        return self._at[level - 1][1]

    def schools(self, level: int) -> tuple[str, ...]:
        """The schools of magic whose spells the character may hold at ``level``."""
        out: list[str] = []
        for ability in self.abilities_at(level):
            schools = ability.effect["schools"] if ability.effect.name == "magic" else ()
            if isinstance(schools, tuple):
                out += [s for s in schools if s not in out]
        return tuple(out)


@dataclass(frozen=True)
class ItemCard:
    """An action card that is also equipment, a skill or a spell (rulebook 1.3)."""

    id: str
    name: str
    kind: str
    school: str  # spells only, else ""
    use: str  # what using it does to the card: equip, discard or use-up
    text: str
    effect: Effect
    reconstructed: bool
    note: str


@dataclass(frozen=True)
class Shape:
    """A terrain outline in millimetres, origin at a table corner.

    ``rect``: centre ``at``, ``size`` (width, depth), turned ``angle`` degrees anticlockwise;
    ``circle``: centre ``at`` and ``radius``; ``polygon``: its ``points``."""

    kind: str
    at: tuple[float, float] = (0.0, 0.0)
    size: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0
    radius: float = 0.0
    points: tuple[tuple[float, float], ...] = ()

    def outline(self) -> tuple[tuple[float, float], ...]:
        """The corners of a rectangle or polygon (a circle has none: use ``at`` and
        ``radius``)."""
        if self.kind == "polygon":
            return self.points
        if self.kind != "rect":
            return ()
        (x, y), (w, d) = self.at, self.size
        c, s = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
        corners = ((-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2))
        return tuple((x + u * c - v * s, y + u * s + v * c) for u, v in corners)

    def bounds(self) -> tuple[float, float, float, float]:
        if self.kind == "circle":
            (x, y), r = self.at, self.radius
            return (x - r, y - r, x + r, y + r)
        xs, ys = [p[0] for p in self.outline()], [p[1] for p in self.outline()]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Terrain:
    kind: str
    label: str
    shape: Shape
    con: int  # barrels only (rulebook 4: small 3, large 4), else 0


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    text: str
    width: float
    depth: float
    terrain: tuple[Terrain, ...]
    reconstructed: bool
    note: str


@dataclass(frozen=True)
class Content:
    """Everything the four files describe. Shared (never changed) by every game using it."""

    source: str
    characters: Mapping[str, Character]
    cards: Mapping[str, ItemCard]
    scenarios: Mapping[str, Scenario]

    def character(self, ref: str) -> Character | None:
        return _lookup(self.characters, ref)

    def card(self, ref: str) -> ItemCard | None:
        return _lookup(self.cards, ref)

    def scenario(self, ref: str) -> Scenario | None:
        return _lookup(self.scenarios, ref)


_Item = TypeVar("_Item", Character, ItemCard, Scenario)


def _lookup(items: Mapping[str, _Item], ref: str) -> _Item | None:
    key = _key(ref)
    for item in items.values():
        if _key(item.id) == key or _key(item.name) == key:
            return item
    return None


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


# ---------------------------------------------------------------------- loading

_BUILTIN: list[Content] = []


def load_content(directory: str | Path | None = None) -> Content:
    """The content in ``directory`` (a player's folder), each missing file taken from the
    built-in data; ``None`` is the built-in content alone."""
    if directory is None:
        if not _BUILTIN:
            texts = {name: (DATA_DIR / name).read_text(encoding="utf-8") for name in FILES}
            _BUILTIN.append(parse_content(texts, {n: str(DATA_DIR / n) for n in FILES}))
        return _BUILTIN[0]
    folder = content_folder(directory)
    texts, sources = {}, {}
    for name in FILES:
        path = folder / name
        if not path.exists():
            path = DATA_DIR / name
        texts[name] = read_content_file(path)
        sources[name] = str(path)
    return parse_content(texts, sources)


# How a player's data folder starts (the built-in files are the examples to edit).
STARTER = f"copy into it any of {', '.join(FILES)} from {DATA_DIR}"


def content_folder(directory: str | Path) -> Path:
    """A player's data folder, or a :class:`ContentError` saying why the path is not one and
    what to give instead."""
    folder = Path(directory).expanduser()
    files = ", ".join(FILES)
    try:
        found = folder.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise ContentError(
            f"there is no folder {folder}; check the path, or make the folder and {STARTER}"
        ) from None
    except OSError as e:  # no permission, a name too long...
        raise ContentError(
            f"cannot open the folder {folder}: {e.strerror or e}; choose another folder"
        ) from None
    if stat.S_ISDIR(found.st_mode):
        return folder
    if not stat.S_ISREG(found.st_mode):
        raise ContentError(f"{folder} is not a folder; give a folder holding some of {files}")
    if folder.name in FILES:
        raise ContentError(
            f"{folder} is a file, not a folder; give the folder that holds it: {folder.parent}"
        )
    raise ContentError(f"{folder} is a file, not a folder; give a folder holding some of {files}")


def read_content_file(path: str | Path) -> str:
    """A content file's text: a regular UTF-8 file of at most :data:`MAX_FILE_BYTES`."""
    hint = f"give a TOML file like {DATA_DIR / CHARACTERS}"
    raw = read_regular_file(path, MAX_FILE_BYTES, "content file", ContentError, hint)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(f"{path} is not UTF-8 text: {e}") from None


def parse_content(texts: Mapping[str, str], sources: Mapping[str, str] | None = None) -> Content:
    """Check the four files' texts (by file name) together and build the content."""
    sources = dict(sources or {name: name for name in FILES})
    data: dict[str, Mapping[str, Any]] = {}
    for name in FILES:
        source = sources.get(name, name)
        if name not in texts:
            raise ContentError(f"{source}: the file is missing")
        text = texts[name]
        if len(text) > MAX_FILE_BYTES:
            raise ContentError(
                f"{source}: {len(text)} characters is too long; at most {MAX_FILE_BYTES}"
            )
        try:
            data[name] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ContentError(f"{source} is not valid TOML: {e}") from None
        except ValueError:  # an integer of thousands of digits, which Python refuses to read
            raise ContentError(f"{source} holds a number too long to read") from None

    def failer(name: str) -> Callable[[str], Fail]:
        def at(where: str) -> Fail:
            return lambda field, msg: ContentError(
                f"{sources.get(name, name)}: {where}, {field}: {msg}"
            )

        return at

    cards: dict[str, ItemCard] = {}
    for name, table, kinds in ((EQUIPMENT, "card", ("equipment", "skill")), (SPELLS, "spell", ())):
        for raw, at in _items(data[name], table, sources.get(name, name), failer(name)):
            card = _card(raw, at, kinds)
            if card.id in cards:
                raise at("")("id", f"{card.id!r} is already used by another card")
            cards[card.id] = card
    characters: dict[str, Character] = {}
    for raw, at in _items(data[CHARACTERS], "character", sources[CHARACTERS], failer(CHARACTERS)):
        char = _character(raw, at, cards)
        if char.id in characters:
            raise at("")("id", f"{char.id!r} is already used by another character")
        characters[char.id] = char
    scenarios: dict[str, Scenario] = {}
    for raw, at in _items(data[SCENARIOS], "scenario", sources[SCENARIOS], failer(SCENARIOS)):
        scenario = _scenario(raw, at)
        if scenario.id in scenarios:
            raise at("")("id", f"{scenario.id!r} is already used by another scenario")
        scenarios[scenario.id] = scenario
    return Content(
        source=", ".join(sources.get(n, n) for n in FILES),
        characters=MappingProxyType(characters),
        cards=MappingProxyType(cards),
        scenarios=MappingProxyType(scenarios),
    )


def _items(
    data: Mapping[str, Any], table: str, source: str, at: Callable[[str], Fail]
) -> list[tuple[Mapping[str, Any], Callable[[str], Fail]]]:
    """The ``[[table]]`` entries of a file, each with a failer naming it by number and id."""
    for name in data:
        if name != table:
            raise ContentError(f"{source}: [{name}]: unknown section; this file holds [[{table}]]")
    raw = data.get(table)
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{source}: [[{table}]]: the file lists none")
    if len(raw) > MAX_ITEMS:
        raise ContentError(f"{source}: [[{table}]]: {len(raw)} is too many (at most {MAX_ITEMS})")
    out: list[tuple[Mapping[str, Any], Callable[[str], Fail]]] = []
    for i, item in enumerate(raw):
        label = f"{table} {i + 1}"
        if not isinstance(item, Mapping):
            raise at(label)("fields", "must be a table of fields")
        if isinstance(item.get("id"), str):
            label += f" ({item['id']!r})"

        def item_at(where: str, label: str = label) -> Fail:
            return at(f"{label}, {where}" if where else label)

        out.append((item, item_at))
    return out


# ---------------------------------------------------------------------- fields


def _fields(raw: Mapping[str, Any], names: str, fail: Fail) -> None:
    """Refuse unknown fields (a misspelt field would otherwise be silently ignored)."""
    allowed = names.split()
    for name in raw:
        if name not in allowed:
            raise fail(name, f"unknown field; allowed: {', '.join(allowed)}")


def _text(raw: Mapping[str, Any], name: str, fail: Fail, *, required: bool = True) -> str:
    value = raw.get(name)
    if value is None:
        if required:
            raise fail(name, "is missing")
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise fail(name, f"must be a non-empty string, not {value!r}")
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in value):
        raise fail(name, "holds a control character")
    return value.strip()


def _ident(raw: Mapping[str, Any], fail: Fail) -> str:
    ident = _text(raw, "id", fail)
    if not (
        ident[0].isalpha() and all(ch.isascii() and (ch.isalnum() or ch == "-") for ch in ident)
    ):
        raise fail("id", f"{ident!r}: an id is a short word of letters, digits and '-'")
    return ident.lower()


def _int(raw: Mapping[str, Any], name: str, low: int, high: int, fail: Fail) -> int:
    value = raw.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(name, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _number(raw: Any, name: str, low: float, high: float, fail: Fail) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw <= high:
        raise fail(name, f"must be a number from {low:g} to {high:g}, not {raw!r}")
    return float(raw)


def _flag(raw: Mapping[str, Any], fail: Fail) -> tuple[bool, str]:
    """The ``reconstructed`` flag (required: every item says whether it is printed) and the
    ``note`` (required when reconstructed: say what it rests on)."""
    flag = raw.get("reconstructed")
    if not isinstance(flag, bool):
        raise fail("reconstructed", f"must be true or false, not {flag!r}")
    note = _text(raw, "note", fail, required=flag)
    return flag, note


def _effect(raw: Mapping[str, Any], where: str, fail: Fail) -> Effect:
    name = _text(raw, "effect", fail)
    spec = EFFECTS.get(name)
    if spec is None or where not in spec.where:
        usable = ", ".join(n for n, s in EFFECTS.items() if where in s.where)
        raise fail("effect", f"{name!r} is not an effect a {where} may use; known: {usable}")
    return Effect(name, check_params(spec, raw.get("params"), fail))


# ---------------------------------------------------------------------- items

_CARD_FIELDS = "id name kind school use text effect params reconstructed note"


def _card(raw: Mapping[str, Any], at: Callable[[str], Fail], kinds: tuple[str, ...]) -> ItemCard:
    fail = at("")
    _fields(raw, _CARD_FIELDS if kinds else _CARD_FIELDS.replace(" kind", ""), fail)
    ident = _ident(raw, fail)
    if kinds:
        kind = _text(raw, "kind", fail)
        if kind not in kinds:
            raise fail("kind", f"must be one of {', '.join(kinds)}; got {kind!r}")
        school = ""
        if "school" in raw:
            raise fail("school", "only spells (spells.toml) have a school")
    else:
        kind = "spell"
        school = _text(raw, "school", fail)
        if school not in SCHOOLS:
            raise fail("school", f"must be one of {', '.join(SCHOOLS)}; got {school!r}")
    use = raw.get("use", "discard" if kind == "spell" else "equip")
    if use not in CARD_USES:
        raise fail("use", f"must be one of {', '.join(CARD_USES)}; got {use!r}")
    reconstructed, note = _flag(raw, fail)
    return ItemCard(
        id=ident,
        name=_text(raw, "name", fail),
        kind=kind,
        school=school,
        use=use,
        text=_text(raw, "text", fail),
        effect=_effect(raw, "card", fail),
        reconstructed=reconstructed,
        note=note,
    )


_CHARACTER_FIELDS = "id name archetype race reconstructed note kit level ability"
_LEVEL_FIELDS = "level atk def int con wounds action_cards level_up_at win_at reconstructed note"
_ABILITY_FIELDS = "id name kind text effect params levels reconstructed note"


def _character(
    raw: Mapping[str, Any], at: Callable[[str], Fail], cards: Mapping[str, ItemCard]
) -> Character:
    fail = at("")
    _fields(raw, _CHARACTER_FIELDS, fail)
    ident = _ident(raw, fail)
    reconstructed, note = _flag(raw, fail)

    raw_levels = raw.get("level")
    if not isinstance(raw_levels, list) or len(raw_levels) != 2:
        raise fail("level", "a character sheet has two sides: give [[character.level]] twice")
    levels: list[Level] = []
    for n, lv in enumerate(raw_levels, start=1):
        if not isinstance(lv, Mapping):
            raise fail(f"level {n}", "must be a table of fields")
        levels.append(_level(n, lv, at(f"level {n}")))

    kit = raw.get("kit")
    if not isinstance(kit, Mapping):
        raise fail("kit", "is missing: give [character.kit] with base_mm and cards")
    kit_fail = at("kit")
    _fields(kit, "base_mm cards reconstructed note", kit_fail)
    base = _number(kit.get("base_mm"), "base_mm", 20, 120, kit_fail)
    kit_reconstructed, kit_note = _flag(kit, kit_fail)

    raw_abilities = raw.get("ability", [])
    if not isinstance(raw_abilities, list):
        raise fail("ability", "must be a list of [[character.ability]] tables")
    abilities: list[Ability] = []
    for j, ab in enumerate(raw_abilities, start=1):
        label = f"ability {j}"
        if not isinstance(ab, Mapping):
            raise fail(label, "must be a table of fields")
        if isinstance(ab.get("id"), str):
            label += f" ({ab['id']!r})"
        ability = _ability(ab, at(label))
        if any(a.id == ability.id for a in abilities):
            raise at(label)("id", f"{ability.id!r} appears twice in this character")
        abilities.append(ability)
    char = Character(
        id=ident,
        name=_text(raw, "name", fail),
        archetype=_text(raw, "archetype", fail),
        race=_text(raw, "race", fail),
        reconstructed=reconstructed,
        note=note,
        base_mm=base,
        cards=(),
        kit_reconstructed=kit_reconstructed,
        kit_note=kit_note,
        levels=(levels[0], levels[1]),
        abilities=tuple(abilities),
    )
    return _with_cards(char, kit.get("cards", []), cards, kit_fail)


def _level(n: int, raw: Mapping[str, Any], fail: Fail) -> Level:
    _fields(raw, _LEVEL_FIELDS, fail)
    if raw.get("level") != n:
        raise fail("level", f"the sheet's sides are listed in order: this one must say level = {n}")
    if n == 1 and "win_at" in raw:
        raise fail("win_at", "level 1 wins by reaching level 2; give win_at on level 2")
    if n == 2 and "level_up_at" in raw:
        raise fail("level_up_at", "level 2 is the last; give level_up_at on level 1")
    reconstructed, note = _flag(raw, fail)
    return Level(
        level=n,
        attack=_int(raw, "atk", 1, 12, fail),
        defence=_int(raw, "def", 1, 12, fail),
        intelligence=_int(raw, "int", 1, 12, fail),
        constitution=_int(raw, "con", 1, 12, fail),
        wounds=_int(raw, "wounds", 1, 99, fail),
        action_cards=_int(raw, "action_cards", 1, 12, fail),
        level_up_at=_int(raw, "level_up_at", 1, 99, fail) if n == 1 else 0,
        win_at=_int(raw, "win_at", 1, 99, fail) if n == 2 else 0,
        reconstructed=reconstructed,
        note=note,
    )


def _ability(raw: Mapping[str, Any], fail: Fail) -> Ability:
    _fields(raw, _ABILITY_FIELDS, fail)
    kind = _text(raw, "kind", fail)
    if kind not in ABILITY_KINDS:
        raise fail("kind", f"must be one of {', '.join(ABILITY_KINDS)}; got {kind!r}")
    levels = raw.get("levels", [1, 2])
    if (
        not isinstance(levels, list)
        or not levels
        or any(v not in (1, 2) or isinstance(v, bool) for v in levels)
        or len(set(levels)) != len(levels)
    ):
        raise fail(
            "levels", f"must list the levels it works at, [1], [2] or [1, 2]; got {levels!r}"
        )
    reconstructed, note = _flag(raw, fail)
    return Ability(
        id=_ident(raw, fail),
        name=_text(raw, "name", fail),
        kind=kind,
        text=_text(raw, "text", fail),
        effect=_effect(raw, "technique" if kind == "technique" else "ability", fail),
        levels=tuple(sorted(levels)),
        reconstructed=reconstructed,
        note=note,
    )


def _with_cards(char: Character, raw: Any, cards: Mapping[str, ItemCard], fail: Fail) -> Character:
    """The character with its card ids checked: known, distinct, fitting the level 1 pile,
    and spells only of a school the character knows (rulebook 3.3.3)."""
    if not isinstance(raw, list) or any(not isinstance(c, str) for c in raw):
        raise fail("cards", f'must list card ids like ["ashorai-swords"], not {raw!r}')
    ids = tuple(c.lower() for c in raw)
    if len(set(ids)) != len(ids):
        raise fail("cards", f"lists a card twice: {raw!r}")
    room = char.level(1).action_cards
    if len(ids) > room:
        raise fail("cards", f"{len(ids)} cards do not fit in {room} action cards at level 1")
    for ident in ids:
        card = cards.get(ident)
        if card is None:
            raise fail("cards", f"{ident!r} is not a card of equipment.toml or spells.toml")
        if card.kind == "spell" and not any(card.school in char.schools(n) for n in (1, 2)):
            known = ", ".join(char.schools(1)) or "no school"
            raise fail(
                "cards",
                f"{ident!r} is a {card.school} spell and {char.name} knows {known} "
                "(give the character a magic ability with that school)",
            )
    return replace(char, cards=ids)


_SCENARIO_FIELDS = "id name text table terrain reconstructed note"
_TERRAIN_FIELDS = "kind label at size angle radius points con"


def _scenario(raw: Mapping[str, Any], at: Callable[[str], Fail]) -> Scenario:
    fail = at("")
    _fields(raw, _SCENARIO_FIELDS, fail)
    table = raw.get("table", [800, 800])
    if not isinstance(table, list) or len(table) != 2:
        raise fail(
            "table", f"must be [width, depth] in millimetres, like [800, 800]; got {table!r}"
        )
    width = _number(table[0], "table", 300, 3000, fail)
    depth = _number(table[1], "table", 300, 3000, fail)
    raw_terrain = raw.get("terrain", [])
    if not isinstance(raw_terrain, list) or len(raw_terrain) > MAX_ITEMS:
        raise fail("terrain", f"must be a list of at most {MAX_ITEMS} [[scenario.terrain]] tables")
    pieces: list[Terrain] = []
    for k, piece in enumerate(raw_terrain, start=1):
        if not isinstance(piece, Mapping):
            raise fail(f"terrain {k}", "must be a table of fields")
        pieces.append(_terrain(piece, width, depth, at(f"terrain {k}")))
    reconstructed, note = _flag(raw, fail)
    return Scenario(
        id=_ident(raw, fail),
        name=_text(raw, "name", fail),
        text=_text(raw, "text", fail, required=False),
        width=width,
        depth=depth,
        terrain=tuple(pieces),
        reconstructed=reconstructed,
        note=note,
    )


def _point(value: Any, name: str, fail: Fail) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise fail(name, f"must be [x, y] in millimetres, not {value!r}")
    return (_number(value[0], name, -1e4, 1e4, fail), _number(value[1], name, -1e4, 1e4, fail))


def _terrain(raw: Mapping[str, Any], width: float, depth: float, fail: Fail) -> Terrain:
    _fields(raw, _TERRAIN_FIELDS, fail)
    kind = _text(raw, "kind", fail)
    if kind not in TERRAIN_KINDS:
        raise fail("kind", f"must be one of {', '.join(TERRAIN_KINDS)}; got {kind!r}")
    given = [name for name in ("size", "radius", "points") if name in raw]
    if len(given) != 1:
        raise fail("shape", "give exactly one of size (a rectangle), radius (a circle), points")
    if given == ["points"]:
        pts = raw["points"]
        if not isinstance(pts, list) or not 3 <= len(pts) <= 64:
            raise fail("points", "a polygon lists 3 to 64 [x, y] corners")
        if "at" in raw or "angle" in raw:
            raise fail("points", "a polygon is placed by its points alone (no at or angle)")
        shape = Shape("polygon", points=tuple(_point(p, "points", fail) for p in pts))
        outline = Polygon(shape.points)
        if not outline.is_valid or outline.area < 1:
            raise fail(
                "points",
                "the polygon crosses itself or has no area; list its corners in order round it",
            )
    else:
        centre = _point(raw.get("at"), "at", fail)
        if given == ["radius"]:
            if "angle" in raw:
                raise fail("angle", "a circle has no angle")
            shape = Shape(
                "circle", at=centre, radius=_number(raw["radius"], "radius", 1, 1000, fail)
            )
        else:
            size = raw["size"]
            if not isinstance(size, list) or len(size) != 2:
                raise fail("size", f"must be [width, depth] in millimetres, not {size!r}")
            dims = (
                _number(size[0], "size", 1, 3000, fail),
                _number(size[1], "size", 1, 3000, fail),
            )
            angle = _number(raw.get("angle", 0), "angle", -360, 360, fail)
            shape = Shape("rect", at=centre, size=dims, angle=angle)
    x0, y0, x1, y1 = shape.bounds()
    slack = 0.5  # rounding in hand-made coordinates
    if x0 < -slack or y0 < -slack or x1 > width + slack or y1 > depth + slack:
        raise fail(
            "shape",
            f"reaches outside the {width:g} x {depth:g} mm table "
            f"(from {x0:.0f}, {y0:.0f} to {x1:.0f}, {y1:.0f})",
        )
    if kind == "barrel":
        con = _int(raw, "con", 1, 9, fail)
    elif "con" in raw:
        raise fail("con", "only a breakable barrel has a CON")
    else:
        con = 0
    return Terrain(kind=kind, label=_text(raw, "label", fail, required=False), shape=shape, con=con)

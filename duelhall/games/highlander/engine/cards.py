"""Highlander's cards: the data model, the effect keywords the engine knows, and the loader.

The rulebook describes how cards work but does not list them, so the 23 combat cards and the
two character cards are **reconstructed** in an editable file, ``data/cards.toml`` in the
package's folder (docs/highlander-cards.md explains the design). A player who owns the printed
game can copy that file, change it to match their cards and play with it through the
``cards`` option (``--option cards=PATH``). Every file is checked when it is loaded, and a
mistake is reported with the file, the card and the field at fault.

Geometry. A card's attack positions sit along its top edge, numbered 1 to N (N = 5 by
default) from the owner's left. In a clash the two cards meet top to top, so one of them is
upside down as seen by the other's owner: position ``p`` of one card lies against position
``N + 1 - p`` of the other. A card is therefore stored with a bit mask of its positions and
of their mirror images, and alignment is a single AND of two masks.

Effects are a short keyword with an optional amount (``"power 1"``, ``"flow"``). The same
keywords serve combat cards (for the clash the card is played in, or the next card of the
same round) and character abilities (for every clash once unlocked); see :data:`KEYWORDS`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from duelhall.core.errors import DuelhallError
from duelhall.core.untrusted import read_regular_file

# The card file is data, not engine code: it stays in the package's own data/ folder.
DATA_FILE = Path(__file__).parent.parent / "data" / "cards.toml"
MIN_POSITIONS = 3
MAX_POSITIONS = 9
MIN_CARDS = 12  # two face-up cards and two hands of five must fit
CHARACTER_KEYS = ("connor", "kurgan")

# keyword -> (takes an amount, what it does on a combat card, what it does as an ability)
KEYWORDS: dict[str, tuple[bool, str, str]] = {
    "power": (
        True,
        "on offence, if this card strikes: N more damage",
        "your strikes deal N more damage",
    ),
    "momentum": (
        True,
        "on offence, if this card strikes: your next card this round deals N more if it strikes",
        "each of your strikes gives your next card this round N more damage if it strikes",
    ),
    "riposte": (
        True,
        "on defence, if this card blocks (a perfect block too): the attacker takes N damage",
        "whenever you block on defence (a perfect block too), the attacker takes N damage",
    ),
    "armor": (
        True,
        "on defence, if this card is struck: take N less damage",
        "strikes against you deal N less damage",
    ),
    "precise": (
        True,
        "on defence, if this card makes a perfect block: the attacker takes N more damage",
        "your perfect blocks deal N more damage",
    ),
    "flow": (
        False,
        "playing this card never costs a follow-up penalty",
        "you never take follow-up penalties",
    ),
    "relentless": (
        False,
        "on offence, if this card is blocked (a perfect block too): your next card this round "
        "has no follow-up requirement",
        "whenever your attack is blocked, your next card this round has no follow-up requirement",
    ),
}


class CardDataError(DuelhallError):
    """A card file that cannot be read or that describes impossible cards."""


class Effect(NamedTuple):
    keyword: str
    amount: int

    def __str__(self) -> str:
        return self.keyword if not KEYWORDS[self.keyword][0] else f"{self.keyword} {self.amount}"


class Bonuses(NamedTuple):
    """The effects of a card or a set of abilities, summed by keyword (read in the hot path)."""

    power: int = 0
    momentum: int = 0
    riposte: int = 0
    armor: int = 0
    precise: int = 0
    flow: bool = False
    relentless: bool = False

    def plus(self, other: Bonuses) -> Bonuses:
        return Bonuses(
            self.power + other.power,
            self.momentum + other.momentum,
            self.riposte + other.riposte,
            self.armor + other.armor,
            self.precise + other.precise,
            self.flow or other.flow,
            self.relentless or other.relentless,
        )


NO_BONUS = Bonuses()


def bonuses_of(effects: Sequence[Effect]) -> Bonuses:
    amounts = {e.keyword: e.amount for e in effects}
    return Bonuses(
        power=amounts.get("power", 0),
        momentum=amounts.get("momentum", 0),
        riposte=amounts.get("riposte", 0),
        armor=amounts.get("armor", 0),
        precise=amounts.get("precise", 0),
        flow="flow" in amounts,
        relentless="relentless" in amounts,
    )


@dataclass(frozen=True)
class Card:
    """A combat card. ``index`` is its place in the file (also its bit in masks)."""

    index: int
    id: str
    name: str
    positions: tuple[int, ...]
    follow_up: tuple[int, ...]
    effects: tuple[Effect, ...]
    text: str
    mask: int  # bit p-1 set: an attack position at p
    mirror: int  # the positions of the mask as seen from the other card
    follow_mask: int
    bonus: Bonuses

    @property
    def attack_count(self) -> int:
        return len(self.positions)


@dataclass(frozen=True)
class Ability:
    name: str
    threshold: int
    effects: tuple[Effect, ...]
    text: str
    bonus: Bonuses


@dataclass(frozen=True)
class Character:
    key: str
    name: str
    text: str
    abilities: tuple[Ability, ...]  # by threshold, lowest first
    levels: tuple[Bonuses, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # levels[n]: the summed effects of the first n abilities (read in the hot path).
        levels = [NO_BONUS]
        for ability in self.abilities:
            levels.append(levels[-1].plus(ability.bonus))
        object.__setattr__(self, "levels", tuple(levels))

    def bonus(self, unlocked: int) -> Bonuses:
        """The summed effects of the first ``unlocked`` abilities."""
        return self.levels[unlocked]

    def unlocked_at(self, damage: int) -> int:
        return sum(1 for a in self.abilities if a.threshold <= damage)


@dataclass(frozen=True)
class CardSet:
    """Everything a card file describes. Shared (never changed) by every state using it."""

    source: str
    positions: int
    reconstructed: bool
    cards: tuple[Card, ...]
    characters: Mapping[str, Character]
    by_id: Mapping[str, int] = field(repr=False)
    all_mask: int = 0

    def card(self, ref: str) -> Card | None:
        """A card by id or name (case and spacing do not matter)."""
        index = self.by_id.get(_key(ref))
        return None if index is None else self.cards[index]

    def mirror_of(self, position: int) -> int:
        return self.positions + 1 - position


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def effect_text(effect: Effect, *, ability: bool = False) -> str:
    takes, on_card, on_character = KEYWORDS[effect.keyword]
    words = on_character if ability else on_card
    return words.replace(" N ", f" {effect.amount} ") if takes else words


# ---------------------------------------------------------------------- loading

# Card data is bounded: the reconstructed file is under 6 KB and 60 cards fill about 15, so
# 64 KB leaves room for long card texts while a record cannot make duelhall parse megabytes.
MAX_CARD_DATA = 64 * 1024
# Card sets from options, by their text; a few are kept (a game, its replay and the agents).
_INLINE_CACHE: dict[str, CardSet] = {}
_INLINE_KEPT = 16
_BUILTIN: list[CardSet] = []


def is_card_data(value: str) -> bool:
    """Whether a ``cards`` option value typed on the command line is card data itself rather
    than a file's path (a TOML card file spans many lines; a path is one)."""
    return "\n" in value


def pin_cards(value: Any) -> str:
    """The ``cards`` option's pin, for values typed on the command line: a path becomes the
    file's checked text.

    Games keep the text, not the path, so a record or a ladder made with a player's card file
    replays exactly on any machine and after the file is edited or gone. Empty stays empty:
    the built-in set.
    """
    if not isinstance(value, str):
        raise CardDataError(f"option 'cards' takes the path of a card file, not {value!r}")
    if not value or is_card_data(value):
        return check_card_data(value)
    target = Path(value).expanduser()
    text = read_card_file(target)
    _parse_text(text, str(target))
    return text


def check_card_data(value: Any) -> str:
    """The ``cards`` option's check, for values read from records, positions and ladders:
    card data itself (checked, and cached for the game about to start) or empty, never a
    path, so a file from someone else cannot make duelhall open one."""
    if not isinstance(value, str):
        raise CardDataError(f"option 'cards' holds card data (TOML text), not {value!r}")
    load_cards(value)
    return value


def read_card_file(path: str | Path) -> str:
    """A card file's text, for a path the user gave: a regular file of at most
    :data:`MAX_CARD_DATA` bytes (not a device, a pipe or a folder)."""
    hint = f"give the path of a TOML file like {DATA_FILE.name} (option cards=PATH)"
    raw = read_regular_file(path, MAX_CARD_DATA, "card file", CardDataError, hint)
    target = Path(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CardDataError(f"{target} is not valid TOML: {e}") from None


def load_cards(data: str = "") -> CardSet:
    """The card set an option value stands for: the reconstructed one shipped with duelhall
    when empty, else the card data itself (what :func:`pin_cards` makes of a file). Never
    reads a path: only :func:`pin_cards` does, for the command line."""
    if not data:
        if not _BUILTIN:
            _BUILTIN.append(_parse_text(DATA_FILE.read_text(encoding="utf-8"), str(DATA_FILE)))
        return _BUILTIN[0]
    cached = _INLINE_CACHE.get(data)
    if cached is None:
        if len(data) > MAX_CARD_DATA:
            raise CardDataError(
                f"option 'cards' holds {len(data)} characters of card data; at most "
                f"{MAX_CARD_DATA} are accepted"
            )
        if not is_card_data(data):
            raise CardDataError(
                f"option 'cards' must hold the card data itself, not a file path ({data!r}): "
                "records, positions and ladders carry the cards; a path is accepted only on "
                "the command line (--option cards=PATH)"
            )
        cached = _parse_text(data, "the card data in the options")
        if len(_INLINE_CACHE) >= _INLINE_KEPT:
            _INLINE_CACHE.pop(next(iter(_INLINE_CACHE)))
        _INLINE_CACHE[data] = cached
    return cached


def _parse_text(text: str, source: str) -> CardSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(f"{source} is not valid TOML: {e}") from None
    except ValueError:  # an integer of thousands of digits, which Python refuses to read
        raise CardDataError(
            f"{source} holds a number too long to read; card files use small numbers"
        ) from None
    return parse_cards(data, source)


def parse_cards(data: Mapping[str, Any], source: str = "<cards>") -> CardSet:
    """Check a decoded card file and build the card set; errors name the card and field."""

    def fail(where: str, message: str) -> CardDataError:
        return CardDataError(f"{source}: {where}: {message}")

    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise fail("[meta]", "must be a table")
    n = meta.get("positions", 5)
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_POSITIONS <= n <= MAX_POSITIONS:
        raise fail(
            "[meta] positions",
            f"the number of attack positions along a card's edge must be a whole number from "
            f"{MIN_POSITIONS} to {MAX_POSITIONS}, not {n!r}",
        )
    reconstructed = meta.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise fail("[meta] reconstructed", f"must be true or false, not {reconstructed!r}")
    known = {"meta", "card", "character"}
    for name in data:
        if name not in known:
            raise fail(
                f"[{name}]", "unknown section; a card file has [meta], [[card]] and [[character]]"
            )

    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise fail("[[card]]", "the file lists no combat cards (each starts with [[card]])")
    if len(raw_cards) < MIN_CARDS:
        raise fail(
            "[[card]]",
            f"{len(raw_cards)} combat cards is too few: two face-up cards and two hands of five "
            f"need at least {MIN_CARDS}",
        )
    if len(raw_cards) > 60:
        raise fail("[[card]]", f"{len(raw_cards)} combat cards is too many (at most 60)")
    cards: list[Card] = []
    by_id: dict[str, int] = {}
    for i, raw in enumerate(raw_cards):
        label = f"card {i + 1}"
        if not isinstance(raw, Mapping):
            raise fail(label, "must be a table of fields")
        if isinstance(raw.get("id"), str) and raw["id"]:
            label = f"card {i + 1} ({raw['id']!r})"
        card = _parse_card(i, raw, n, lambda field_, msg, lab=label: fail(f"{lab}, {field_}", msg))
        for ref in (card.id, card.name):
            k = _key(ref)
            if k in by_id and by_id[k] != i:
                other = cards[by_id[k]]
                raise fail(
                    f"{label}, {'id' if ref == card.id else 'name'}",
                    f"{ref!r} is already used by card {other.index + 1} ({other.id!r}); ids and "
                    "names must be unique (case, spaces and punctuation are ignored)",
                )
            by_id[k] = i
        by_id[card.id] = i  # the id as written in actions (it may hold a '-')
        cards.append(card)

    raw_chars = data.get("character")
    if not isinstance(raw_chars, list) or len(raw_chars) != 2:
        raise fail(
            "[[character]]",
            "the file must describe exactly two characters, with keys 'connor' and 'kurgan'",
        )
    characters: dict[str, Character] = {}
    for i, raw in enumerate(raw_chars):
        label = f"character {i + 1}"
        if not isinstance(raw, Mapping):
            raise fail(label, "must be a table of fields")
        if isinstance(raw.get("key"), str):
            label = f"character {i + 1} ({raw['key']!r})"
        char = _parse_character(raw, lambda field_, msg, lab=label: fail(f"{lab}, {field_}", msg))
        if char.key in characters:
            raise fail(label + ", key", f"{char.key!r} appears twice")
        characters[char.key] = char
    return CardSet(
        source=source,
        positions=n,
        reconstructed=reconstructed,
        cards=tuple(cards),
        # Read-only: one card set is shared by every game (and every search sample) using it.
        characters=MappingProxyType(characters),
        by_id=MappingProxyType(by_id),
        all_mask=(1 << len(cards)) - 1,
    )


def _fields(raw: Mapping[str, Any], allowed: set[str], fail: Any) -> None:
    for name in raw:
        if name not in allowed:
            raise fail(name, f"unknown field; allowed: {', '.join(sorted(allowed))}")


def _text(raw: Mapping[str, Any], name: str, fail: Any, *, required: bool) -> str:
    value = raw.get(name, None)
    if value is None:
        if required:
            raise fail(name, "is missing")
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise fail(name, f"must be a non-empty string, not {value!r}")
    return value.strip()


def _positions(value: Any, n: int, name: str, fail: Any, *, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise fail(name, f"must list {what} as numbers from 1 to {n}, like [2, 4]; got {value!r}")
    for p in value:
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n:
            raise fail(name, f"{p!r} is not a position; positions are whole numbers 1 to {n}")
    if len(set(value)) != len(value):
        raise fail(name, f"lists a position twice: {value!r}")
    return tuple(sorted(value))


def _effects(value: Any, name: str, fail: Any) -> tuple[Effect, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise fail(name, f'must be a list of effects like ["power 1"], not {value!r}')
    out: list[Effect] = []
    for item in value:
        words = item.split() if isinstance(item, str) else []
        if not words or words[0] not in KEYWORDS:
            known = ", ".join(KEYWORDS)
            raise fail(name, f"{item!r} is not an effect; effects are: {known}")
        takes = KEYWORDS[words[0]][0]
        if not takes:
            if len(words) != 1:
                raise fail(name, f"{words[0]!r} takes no amount ({item!r})")
            out.append(Effect(words[0], 0))
            continue
        if len(words) == 1:
            amount = 1
        elif len(words) == 2 and words[1].isdecimal() and words[1].isascii():
            amount = int(words[1])
        else:
            raise fail(name, f"{item!r}: write the keyword and a whole number, like 'power 1'")
        if not 1 <= amount <= 9:
            raise fail(name, f"{item!r}: the amount must be from 1 to 9")
        out.append(Effect(words[0], amount))
    keywords = [e.keyword for e in out]
    if len(set(keywords)) != len(keywords):
        raise fail(name, f"names an effect twice: {value!r}")
    return tuple(out)


def _mask(positions: Sequence[int]) -> int:
    m = 0
    for p in positions:
        m |= 1 << (p - 1)
    return m


def _parse_card(index: int, raw: Mapping[str, Any], n: int, fail: Any) -> Card:
    _fields(raw, {"id", "name", "positions", "follow_up", "effects", "text"}, fail)
    ident = _text(raw, "id", fail, required=True)
    if (
        not all(ch.isascii() and (ch.isalnum() or ch == "-") for ch in ident)
        or not ident[0].isalpha()
    ):
        raise fail(
            "id", f"{ident!r}: an id is a short word of letters, digits and '-', like 'thrust'"
        )
    if ident.lower() in {"draw", "take", "play"}:
        raise fail("id", f"{ident!r} is a word of the notation; choose another id")
    name = _text(raw, "name", fail, required=True)
    positions = _positions(raw.get("positions"), n, "positions", fail, what="attack positions")
    if len(positions) == n:
        raise fail(
            "positions",
            f"a card with all {n} positions could never be struck nor strike; leave one out",
        )
    follow = _positions(raw.get("follow_up"), n, "follow_up", fail, what="follow-up positions")
    effects = _effects(raw.get("effects"), "effects", fail)
    text = _text(raw, "text", fail, required=False)
    mask = _mask(positions)
    mirror = _mask([n + 1 - p for p in positions])
    return Card(
        index=index,
        id=ident.lower(),
        name=name,
        positions=positions,
        follow_up=follow,
        effects=effects,
        text=text,
        mask=mask,
        mirror=mirror,
        follow_mask=_mask(follow),
        bonus=bonuses_of(effects),
    )


def _parse_character(raw: Mapping[str, Any], fail: Any) -> Character:
    _fields(raw, {"key", "name", "text", "ability"}, fail)
    key = _text(raw, "key", fail, required=True).lower()
    if key not in CHARACTER_KEYS:
        raise fail("key", f"{key!r}: the key must be 'connor' or 'kurgan' (the rules name them)")
    name = _text(raw, "name", fail, required=True)
    text = _text(raw, "text", fail, required=False)
    raw_abilities = raw.get("ability")
    if not isinstance(raw_abilities, list) or len(raw_abilities) != 2:
        raise fail("ability", "a character has exactly two abilities ([[character.ability]])")
    abilities: list[Ability] = []
    for j, ab in enumerate(raw_abilities):
        where = f"ability {j + 1}"
        if not isinstance(ab, Mapping):
            raise fail(where, "must be a table of fields")

        def sub(field_: str, msg: str, where: str = where) -> CardDataError:
            return fail(f"{where} {field_}", msg)  # type: ignore[no-any-return]

        _fields(ab, {"name", "threshold", "effects", "text"}, sub)
        ab_name = _text(ab, "name", sub, required=True)
        threshold = ab.get("threshold")
        if isinstance(threshold, bool) or not isinstance(threshold, int) or not threshold >= 1:
            raise sub("threshold", f"must be a positive whole number of damage, not {threshold!r}")
        effects = _effects(ab.get("effects"), "effects", sub)
        if not effects:
            raise sub("effects", "an ability needs at least one effect")
        abilities.append(
            Ability(
                ab_name,
                threshold,
                effects,
                _text(ab, "text", sub, required=False),
                bonuses_of(effects),
            )
        )
    abilities.sort(key=lambda a: a.threshold)
    return Character(key=key, name=name, text=text, abilities=tuple(abilities))


def positions_text(positions: Sequence[int]) -> str:
    return " ".join(str(p) for p in positions)

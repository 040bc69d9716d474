"""A character in play: its sheet (level, injuries, points), its action cards and its figure.

Action cards (1.3, 1.4.1, F64) are slots: the character's special cards (equipment, skills,
spells, by id) and plain cards (``card``) up to the sheet's number. Each slot is available,
used up (back at the start of its owner's next turn), discarded or equipped. When a card pays
for something the engine takes a plain card first, then special cards in sheet order (F70), so
a player keeps the cards that do something for as long as it can.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..combat.injuries import Health
from ..content import Ability, Character, ItemCard, Level
from ..geometry import Figure

PLAIN = "card"
AVAILABLE, USED, DISCARDED, EQUIPPED = "available", "used", "discarded", "equipped"
CARD_STATES = (AVAILABLE, USED, DISCARDED, EQUIPPED)


@dataclass
class Card:
    id: str
    state: str = AVAILABLE


class Fighter:
    """One character's sheet and figure. Mutable; :meth:`clone` copies it by hand."""

    __slots__ = (
        "cards",
        "character",
        "defeated",
        "downed",
        "figure",
        "injuries",
        "items",
        "label",
        "level",
        "points",
    )

    def __init__(self, character: Character, items: Mapping[str, ItemCard]) -> None:
        self.character = character
        self.label = ""  # its name when the character fights twice: "Deretor 2" (F59)
        # The character's special cards, shared by clones and sampled worlds: read-only.
        self.items: Mapping[str, ItemCard] = MappingProxyType(dict(items))
        self.level = 1
        self.injuries = 0
        self.downed = False
        self.defeated = False
        self.points = 0
        self.figure: Figure | None = None
        plain = max(0, self.sheet.action_cards - len(character.cards))
        self.cards = [Card(c) for c in character.cards] + [Card(PLAIN) for _ in range(plain)]

    def clone(self) -> Fighter:
        other = Fighter.__new__(Fighter)
        other.character = self.character
        other.label = self.label
        other.items = self.items
        other.level = self.level
        other.injuries = self.injuries
        other.downed = self.downed
        other.defeated = self.defeated
        other.points = self.points
        other.figure = self.figure
        other.cards = [Card(c.id, c.state) for c in self.cards]
        return other

    # --- the sheet ------------------------------------------------------------------------

    @property
    def sheet(self) -> Level:
        return self.character.level(self.level)

    @property
    def name(self) -> str:
        return self.label or self.character.name

    def health(self) -> Health:
        return Health(
            self.sheet.wounds, self.sheet.constitution, self.injuries, self.downed, self.defeated
        )

    def set_health(self, health: Health) -> None:
        self.injuries, self.downed, self.defeated = health.injuries, health.downed, health.defeated

    def abilities(self) -> tuple[Ability, ...]:
        return self.character.abilities_at(self.level)

    def techniques(self) -> tuple[Ability, ...]:
        return self.character.techniques_at(self.level)

    def has(self, effect: str) -> bool:
        return any(a.effect.name == effect for a in self.abilities())

    def ability(self, effect: str) -> Ability | None:
        for a in self.abilities():
            if a.effect.name == effect:
                return a
        return None

    def immune(self, source: str) -> bool:
        """Collision immunity from ``objects``, ``charges`` or ``dangerous`` ground."""
        found = self.ability("collision-immunity")
        return found is not None and found.effect.params.get(source) is True

    def level_up(self) -> None:
        """Turn the sheet (F6): the new level's extra cards join the hand as available."""
        before = self.sheet.action_cards
        self.level = 2
        self.cards += [Card(PLAIN) for _ in range(max(0, self.sheet.action_cards - before))]

    # --- cards -------------------------------------------------------------------------------

    def count(self, state: str) -> int:
        return sum(c.state == state for c in self.cards)

    def equipped(self) -> list[ItemCard]:
        return [self.items[c.id] for c in self.cards if c.state == EQUIPPED and c.id in self.items]

    def _pick(self, state: str, keep: str = "") -> Card | None:
        plain = [c for c in self.cards if c.state == state and c.id == PLAIN]
        if plain:
            return plain[0]
        special = [c for c in self.cards if c.state == state and c.id != keep]
        return special[0] if special else None

    def use_card(self, keep: str = "") -> bool:
        """Use up an available card (F70's order), never the card ``keep`` (about to be
        equipped); False when none is available."""
        card = self._pick(AVAILABLE, keep)
        if card is None:
            return False
        card.state = USED
        return True

    def discard(self, state: str) -> bool:
        card = self._pick(state)
        if card is None:
            return False
        card.state = DISCARDED
        return True

    def equip(self, item: str) -> None:
        for c in self.cards:
            if c.id == item and c.state == AVAILABLE:
                c.state = EQUIPPED
                return
        raise ValueError(f"{self.name} has no available {item} to equip")

    def give(self, item: str, other: Fighter) -> None:
        """Pass an equipped card to an ally (F64): it stays equipped, now beside the other's
        sheet."""
        card = next(c for c in self.cards if c.id == item and c.state == EQUIPPED)
        self.cards.remove(card)
        other.cards.append(Card(item, EQUIPPED))
        other.items = MappingProxyType({**other.items, item: self.items[item]})
        if item not in self.character.cards:  # a card passed on again: it knows only its own
            self.items = MappingProxyType({k: v for k, v in self.items.items() if k != item})

    def may_receive(self) -> bool:
        """Whether the character may take another equipped card: fewer equipped than its
        sheet's action cards (F64's card limit)."""
        return self.count(EQUIPPED) < self.sheet.action_cards

    def equippable(self) -> list[str]:
        return [
            c.id
            for c in self.cards
            if c.state == AVAILABLE and c.id in self.items and self.items[c.id].use == "equip"
        ]

    def _own_cards(self, kind: str) -> list[ItemCard]:
        """Available special cards used for their own effect, not equipped: spells
        (``spell``), or equipment with an attack of its own (``thrown``)."""
        out: list[ItemCard] = []
        for c in self.cards:
            item = self.items.get(c.id)
            if item is None or c.state != AVAILABLE or item.use == "equip" or item in out:
                continue
            spell = item.kind == "spell"
            if spell == (kind == "spell") and (spell or item.effect.name == "attack"):
                out.append(item)
        return out

    def available_with(self, effect: str) -> str:
        """The id of an available special card with ``effect`` (Divine Protection's
        ``ignore-attack``), or ""."""
        for c in self.cards:
            item = self.items.get(c.id)
            if c.state == AVAILABLE and item is not None and item.effect.name == effect:
                return c.id
        return ""

    def castable(self) -> list[ItemCard]:
        """Spells to cast with a skill step (F17, F34)."""
        return self._own_cards("spell")

    def throwable(self) -> list[ItemCard]:
        """Cards thrown from the hand with an attack step (the daemon hammer, F35)."""
        return self._own_cards("thrown")

    def holds(self, item: str) -> bool:
        """Whether the card ``item`` is available."""
        return any(c.id == item and c.state == AVAILABLE for c in self.cards)

    def spend(self, item: str) -> None:
        """A card used for its own effect: discarded or used up, as its data says."""
        for c in self.cards:
            if c.id == item and c.state == AVAILABLE:
                c.state = DISCARDED if self.items[item].use == "discard" else USED
                return
        raise ValueError(f"{self.name} has no available {item}")

    def refresh(self) -> None:
        """A new turn: used-up cards come back (1.4.1)."""
        for c in self.cards:
            if c.state == USED:
                c.state = AVAILABLE

    def dice_bonus(self, contact: bool) -> tuple[int, int, str, int]:
        """Equipment's extra attack and defence dice, and its element and elemental dice,
        as the range conditions stand (F35, F43)."""
        attack = defence = elemental = 0
        element = ""
        for item in self.equipped():
            params = item.effect.params
            reach = params.get("range", "any")
            if (reach == "short" and not contact) or (reach == "long" and contact):
                continue
            if item.effect.name == "modify":
                attack += int(params.get("attack_dice", 0))  # type: ignore[arg-type]
                defence += int(params.get("defence_dice", 0))  # type: ignore[arg-type]
            elif item.effect.name == "elemental-dice":
                element = str(params["element"])
                elemental += int(params.get("dice", 1))  # type: ignore[arg-type]
        return attack, defence, element, elemental

"""Cards on the table, and the action values that refer to them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.cards import JACK, rank
from duelhall.games.duel52.engine.lane_slots import lane_slot

ALL_SEATS = 0b11
"""Knowledge mask meaning both seats know a card (every face-up card)."""

# A board reference: (lane, owning seat, index in that seat's row of the lane).
Ref = tuple[int, int, int]


class BoardCard:
    """A card in a lane. Mutable; :meth:`copy` is what a state clone uses."""

    __slots__ = (
        "attacks",
        "base",
        "bonus",
        "card",
        "damage",
        "frozen",
        "known",
        "pair",
        "rank",
        "up",
    )

    def __init__(
        self,
        card: int,
        *,
        up: bool = False,
        base: int = False,
        damage: int = 0,
        frozen: bool = False,
        known: int = 0,
        pair: int = 0,
        attacks: int = 0,
        bonus: int = 0,
    ) -> None:
        self.card = card
        self.rank = rank(card)  # stored, not computed: legal-move generation reads it a lot
        self.up = up
        self.base = base  # truthy for a Base card (the expansion's forts use 2)
        self.damage = damage
        self.frozen = frozen
        self.known = known  # bitmask of seats that know this card's identity
        self.pair = pair  # 0, or an id shared with the one other card of its pair
        self.attacks = attacks  # attacks made this turn
        self.bonus = bonus  # extra attacks granted this turn (Ace)

    def copy(self) -> BoardCard:
        # Names its class rather than type(self): measurably faster, and this runs for every
        # card of every clone in search. A subclass with more fields writes its own copy.
        new = BoardCard.__new__(BoardCard)
        new.card = self.card
        new.rank = self.rank
        new.up = self.up
        new.base = self.base
        new.damage = self.damage
        new.frozen = self.frozen
        new.known = self.known
        new.pair = self.pair
        new.attacks = self.attacks
        new.bonus = self.bonus
        return new

    def set_card(self, card: int) -> None:
        """Give this place another identity (used when hidden cards are re-dealt)."""
        self.card = card
        self.rank = rank(card)

    def is_up(self, r: int) -> bool:
        """Face-up and of rank ``r``: constant powers only work face-up."""
        return self.up and self.rank == r

    def __repr__(self) -> str:
        from duelhall.games.duel52.engine.cards import name

        flags = "".join(
            f
            for f, on in (
                ("^", self.up),
                ("b", self.base),
                ("*", self.frozen),
                (f"p{self.pair}", bool(self.pair)),
            )
            if on
        )
        return f"<{name(self.card)}{flags} d{self.damage}>"


def row_letters(vacated: int, count: int) -> list[str]:
    """The letters of a row's ``count`` cards when the letters in the bitmask ``vacated``
    (bit 0 is ``a``) belong to cards that left the row this turn.

    A card keeps its letter while it stays in its row for the rest of the turn: a letter
    that falls free is skipped, not handed to the next card, so the cards behind a dead one
    keep theirs and a card arriving later takes a fresh one. Letters close up again when a
    new turn starts (:meth:`Table.vacate` and ``_start_turn``).
    """
    letters: list[str] = []
    bit = 0
    while len(letters) < count:
        if not vacated >> bit & 1:
            letters.append(chr(ord("a") + bit))
        bit += 1
    return letters


def letter_bit(vacated: int, index: int) -> int:
    """The bit (0 for ``a``) of the letter the card at ``index`` of a row holds."""
    bit = -1
    while index >= 0:
        bit += 1
        if not vacated >> bit & 1:
            index -= 1
    return bit


def max_hp(bc: BoardCard, facedown_jack_hp: int) -> int:
    if bc.rank == JACK:
        return 3 if bc.up else facedown_jack_hp
    return 2


class Kind:
    """Action kinds. Main actions cost an action; the others answer a pending choice."""

    PLAY = "play"
    FLIP = "flip"
    ATTACK = "attack"
    PAIR = "pair"
    DISCARD = "discard"  # the 2: which hand card to discard
    LOOK = "look"  # the 4: which face-down card to look at
    MOVE = "move"  # the Queen: which ally card to bring to her lane
    STAY = "stay"  # the Queen: move nothing
    RESOLVE = "resolve"  # a 5 or King: which waiting power resolves next
    # Heroes & Bannermen expansion (see expansion/state.py):
    SPELL = "spell"  # a mage hero's spell (free, once a turn)
    HERO = "hero"  # play the warrior hero into a lane (free, once a game)
    END = "end"  # end the turn early (any expansion ruleset makes actions optional)
    DRAFT = "draft"  # the bannermen draft: which rank from hand
    FORT = "fort"  # which fort to take into a lane


KIND_ORDER = {
    kind: i
    for i, kind in enumerate(
        (
            Kind.PLAY,
            Kind.FLIP,
            Kind.ATTACK,
            Kind.PAIR,
            Kind.DISCARD,
            Kind.LOOK,
            Kind.MOVE,
            Kind.STAY,
            Kind.RESOLVE,
            Kind.SPELL,
            Kind.HERO,
            Kind.DRAFT,
            Kind.FORT,
            Kind.END,
        )
    )
}
"""Where each kind of action comes in a list of choices shown to a person."""

MAIN_KINDS = frozenset({Kind.PLAY, Kind.FLIP, Kind.ATTACK, Kind.PAIR})
FREE_KINDS = frozenset({Kind.SPELL, Kind.HERO, Kind.END})
"""Expansion decisions taken between actions that cost no action."""

FORT_LANE = 3
"""Pseudo-lane of a :data:`Ref` naming a fort not yet placed: ``(FORT_LANE, -1, k)``."""


class Duel52Action(NamedTuple):
    """One decision. ``slots`` are the actor's own cards, ``targets`` anyone's.

    ``str(action)`` is its notation from the actor's point of view (:func:`format_action`,
    below: writing an action needs no state, as python-chess's ``Move.uci()``; reading it,
    which does, is :mod:`duelhall.games.duel52.duel.notation`).
    """

    seat: int
    kind: str
    card: int = -1
    lane: int = -1
    slots: tuple[Ref, ...] = ()
    targets: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        return format_action(self)


# ---------------------------------------------------------------------- writing actions

EXPANSION_KINDS = (Kind.END, Kind.HERO, Kind.DRAFT, Kind.FORT, Kind.SPELL)
"""The expansion's own actions, written (and read) by words of their own."""


def write_action(
    kind: str,
    card: int,
    place: int,
    slots: Sequence[Ref],
    targets: Sequence[Ref],
    slot_name: Callable[[Ref], str],
) -> str:
    """The notation of a shared action; ``slot_name`` names a board card."""
    if kind == Kind.PLAY:
        return f"play {C.name(card)} {place + 1}"
    if kind == Kind.DISCARD:
        return f"discard {C.name(card)}"
    if kind == Kind.STAY:
        return "stay"
    if kind == Kind.ATTACK:
        who = "+".join(slot_name(r) for r in slots)
        return f"attack {who} " + " ".join(slot_name(r) for r in targets)
    if kind == Kind.LOOK:
        return f"look {slot_name(targets[0])}"
    return f"{kind} " + " ".join(slot_name(r) for r in slots)


def slot_name(ref: Ref, seat: int) -> str:
    """The slot of records: lane and place (``2b``, ``2B``), or a fort (``F1``)."""
    lane, owner, index = ref
    if lane == FORT_LANE:
        return f"F{index + 1}"
    return lane_slot(lane, index, own=owner == seat)


def format_action(a: Duel52Action, name: Callable[[Ref], str] | None = None) -> str:
    """The notation of ``a``; ``name`` names its board cards (by default as records do,
    counting places: :func:`slot_name` from the acting seat's side)."""
    if name is None:
        name = partial(_record_slot, a.seat)
    if a.kind in EXPANSION_KINDS:
        return _format_expansion(a, name)
    return write_action(a.kind, a.card, a.lane, a.slots, a.targets, name)


def _record_slot(seat: int, ref: Ref) -> str:
    return slot_name(ref, seat)


def _format_expansion(a: Duel52Action, name: Callable[[Ref], str]) -> str:
    if a.kind == Kind.END:
        return "end"
    if a.kind == Kind.HERO:
        return f"hero {a.lane + 1}"
    if a.kind == Kind.DRAFT:
        return f"draft {C.rank_name(C.rank(a.card))}"
    if a.kind == Kind.FORT:
        return f"fort {name(a.targets[0])}"
    words = ["spell"]
    if a.card >= 0:
        words.append(C.name(a.card))
    words += [name(r) for r in (*a.slots, *a.targets)]
    if a.lane >= 0:
        words.append(str(a.lane + 1))
    return " ".join(words)


# Actions are immutable values, so the common ones are made once and shared: legal-move
# generation then hands out existing objects instead of building thousands per game.
PLAYS: list[list[tuple[Duel52Action, ...]]] = [
    [tuple(Duel52Action(s, Kind.PLAY, card=c, lane=lane) for lane in range(3)) for c in range(52)]
    for s in (0, 1)
]
"""``PLAYS[seat][card][lane]``: playing ``card`` face-down into ``lane``."""

FLIPS: list[list[list[Duel52Action]]] = [
    [[Duel52Action(s, Kind.FLIP, slots=((lane, s, i),)) for i in range(52)] for lane in range(3)]
    for s in (0, 1)
]
"""``FLIPS[seat][lane][i]``: flipping the card at that place."""

_ATTACKS: list[list[list[list[Duel52Action] | None]]] = [
    [[None] * 52 for _ in range(3)] for _ in (0, 1)
]


def attacks_from(seat: int, lane: int, i: int) -> list[Duel52Action]:
    """Single-card, single-target attacks by card ``i``: ``attacks_from(...)[j]`` hits ``j``."""
    row = _ATTACKS[seat][lane][i]
    if row is None:
        src = ((lane, seat, i),)
        row = [
            Duel52Action(seat, Kind.ATTACK, slots=src, targets=((lane, 1 - seat, j),))
            for j in range(52)
        ]
        _ATTACKS[seat][lane][i] = row
    return row


_TWINSTRIKES: dict[tuple[int, tuple[Ref, ...], int, int], Duel52Action] = {}


def twinstrike(seat: int, attackers: tuple[Ref, ...], x: int, y: int) -> Duel52Action:
    """The attack of ``attackers`` (a 10 or a pair of 10s) on opposing places ``x``, ``y``."""
    key = (seat, attackers, x, y)
    action = _TWINSTRIKES.get(key)
    if action is None:
        lane = attackers[0][0]
        targets = ((lane, 1 - seat, x), (lane, 1 - seat, y))
        action = Duel52Action(seat, Kind.ATTACK, slots=attackers, targets=targets)
        _TWINSTRIKES[key] = action
    return action

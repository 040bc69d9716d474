"""Duel 52's action table, for the duel, its expansion, three players and two teams.

Every action is written from its actor's side: a board card is its place (lane or triangle),
whose row it is relative to the actor (0 the actor's own, or its team's; 1, 2 the players
after it in turn order, or the other team) and its position in that row. An attack is keyed
by its first attacking card (a paired card attacks only with its partner, so the partner
adds nothing) and its targets: the first target (which a pair of 10s hits twice), then the
others in board order. Rows longer than the bound below have no index (a clear error);
random play stays well inside them (docs/interop.md).

With the expansion an attack is decided in steps rather than as one entry: every target
set of up to three cards made the table 230,825 entries, nearly all attacks; the attacker,
then each target, take 181 (:func:`_attack_steps`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from duelhall.core.game import GameInfo
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import FORT_LANE, Kind
from duelhall.games.duel52.engine.lane_slots import lane_slot
from duelhall.interop.tables.base import ActionTable, Entries, TableError

# Longest row given an index, by player count: random play reaches 13, 10 and 18 (a team's
# row holds both partners' cards); a learning policy stacking one lane reached 17 in the duel.
ROWS = {2: 20, 3: 14, 4: 24}
FORTS = 4
_FORT = -1  # the place of a fort in a key (forts are not on the board)

Ref = tuple[int, int, int]


@dataclass(frozen=True)
class _Shape:
    players: int
    places: int
    sides: int  # rows of a place, the actor's first
    rows: int
    targets: int  # most targets of one attack
    expansion: bool
    forts: bool

    def relative(self, owner: int, seat: int) -> int:
        if self.players == 3:
            return (owner - seat) % 3
        mine = seat & 1 if self.players == 4 else seat
        return 0 if owner == mine else 1

    def slot(self, ref: Ref) -> str:
        place, side, index = ref
        if place == _FORT:
            return f"F{index + 1}"
        if self.players == 3:
            letter = chr(ord("a") + index)
            return f"{place + 1}{letter}" if side == 0 else f"{place + 1}{letter.upper()}+{side}"
        return lane_slot(place, index, own=side == 0)

    def refs(self) -> list[Ref]:
        """Every board card (and fort) any seat may name."""
        board = [
            (p, s, i)
            for p in range(self.places)
            for s in range(self.sides)
            for i in range(self.rows)
        ]
        return board + [(_FORT, 0, i) for i in range(FORTS if self.forts else 0)]

    def own(self) -> list[Ref]:
        return [(p, 0, i) for p in range(self.places) for i in range(self.rows)]


def _shape(options: Mapping[str, Any]) -> _Shape:
    players = int(options.get("players", 2))
    bannermen = bool(options.get("bannermen", False))
    forts = bool(options.get("forts", False))
    expansion = bannermen or forts or bool(options.get("heroes", False))
    return _Shape(
        players=players,
        places=4 if players == 3 else 3,
        sides=3 if players == 3 else 2,
        rows=ROWS[players],
        targets=3 if bannermen else 2,
        expansion=expansion,
        forts=forts,
    )


def duel52_table(info: GameInfo, options: Mapping[str, Any]) -> ActionTable:
    shape = _shape(options)
    e = Entries()
    deck = range(52)
    for card in deck:
        for place in range(shape.places):
            e.add((Kind.PLAY, card, place), f"play {C.name(card)} {place + 1}")
    for ref in shape.own():
        e.add((Kind.FLIP, ref), f"flip {shape.slot(ref)}")
    parts = _attack_steps(shape, e) if shape.expansion else _attacks(shape, e)
    for place in range(shape.places):
        for i, j in combinations(range(shape.rows), 2):
            a, b = (place, 0, i), (place, 0, j)
            e.add((Kind.PAIR, a, b), f"pair {shape.slot(a)} {shape.slot(b)}")
    for card in deck:
        e.add((Kind.DISCARD, card), f"discard {C.name(card)}")
    for ref in shape.refs():
        e.add((Kind.LOOK, ref), f"look {shape.slot(ref)}")
    for ref in shape.own():
        e.add((Kind.MOVE, ref), f"move {shape.slot(ref)}")
    e.add((Kind.STAY,), "stay")
    for ref in shape.own():
        e.add((Kind.RESOLVE, ref), f"resolve {shape.slot(ref)}")
    if shape.expansion:
        _expansion(shape, e)
    if not parts:
        return e.table(info.name, lambda action: _key(shape, action))
    return e.table(
        info.name,
        lambda action: _key(shape, action),
        split=_attack_parts,
        part_keys=parts,
        end_key=_STRIKE,
    )


def _attacks(shape: _Shape, e: Entries) -> tuple[Hashable, ...]:
    """An attack as one entry: its attacker and every target set (no steps)."""
    for attacker in shape.own():
        place = attacker[0]
        victims = [(place, s, i) for s in range(1, shape.sides) for i in range(shape.rows)]
        for first in victims:
            rest = [v for v in victims if v != first]
            for n in range(shape.targets):
                for others in combinations(rest, n):
                    targets = (first, *others)
                    words = " ".join(shape.slot(t) for t in targets)
                    e.add(
                        (Kind.ATTACK, attacker, targets), f"attack {shape.slot(attacker)} {words}"
                    )
    return ()


_STRIKE = (Kind.ATTACK, "strike")


def _attack_steps(shape: _Shape, e: Entries) -> tuple[Hashable, ...]:
    """An attack decided in steps: its attacker, its first target (which a pair hits twice),
    then each other target in board order, then ``strike`` where it could take more. Returns
    the entries of the steps."""
    parts: list[Hashable] = []
    for attacker in shape.own():
        parts.append((Kind.ATTACK, "by", attacker))
        e.add(parts[-1], f"attack {shape.slot(attacker)}")
    victims = [
        (place, side, i)
        for place in range(shape.places)
        for side in range(1, shape.sides)
        for i in range(shape.rows)
    ]
    for word in ("hit", "also"):
        for victim in victims:
            parts.append((Kind.ATTACK, word, victim))
            e.add(parts[-1], f"{word} {shape.slot(victim)}")
    e.add(_STRIKE, "strike")
    return tuple(parts)


def _attack_parts(key: Hashable) -> tuple[Hashable, ...]:
    """The steps of an attack's entry (the entry of every other action is one step)."""
    if not (isinstance(key, tuple) and key[0] == Kind.ATTACK):
        return (key,)
    _, attacker, (first, *others) = key
    return (
        (Kind.ATTACK, "by", attacker),
        (Kind.ATTACK, "hit", first),
        *((Kind.ATTACK, "also", other) for other in others),
    )


def _expansion(shape: _Shape, e: Entries) -> None:
    e.add((Kind.END,), "end")
    for place in range(shape.places):
        e.add((Kind.HERO, place), f"hero {place + 1}")
    for rank in C.RANK_NAMES:  # a draft names a rank: the bannermen are a rank's cards
        e.add((Kind.DRAFT, rank), f"draft {C.rank_name(rank)}")
    for i in range(FORTS if shape.forts else 0):
        e.add((Kind.FORT, i), f"fort F{i + 1}")
    e.add((Kind.SPELL,), "spell")
    for card in range(52):
        for place in range(shape.places):
            e.add((Kind.SPELL, "card", card, place), f"spell {C.name(card)} {place + 1}")
    for ref in shape.refs():
        e.add((Kind.SPELL, "at", ref), f"spell {shape.slot(ref)}")
    for ref in shape.own():
        e.add((Kind.SPELL, "own", ref), f"spell {shape.slot(ref)}")
    for ref in shape.own():
        for place in range(shape.places):
            e.add((Kind.SPELL, "move", ref, place), f"spell {shape.slot(ref)} {place + 1}")


def _key(shape: _Shape, action: Any) -> Hashable:
    """The entry of a Duel 52 action (``Duel52Action``, ``TriAction`` or ``TeamAction``)."""
    seat, kind = action.seat, action.kind

    def ref(r: Ref) -> Ref:
        place, owner, index = r
        if place == FORT_LANE and owner == -1:
            return (_FORT, 0, index)
        if index >= shape.rows:
            raise TableError(
                f"duel52: {action} names place {index + 1} of a row, past the {shape.rows} "
                "the action table indexes; raise ROWS in duelhall/interop/tables/duel52.py"
            )
        return (place, shape.relative(owner, seat), index)

    slots = tuple(ref(r) for r in action.slots)
    targets = tuple(ref(r) for r in action.targets)
    if kind == Kind.PLAY:
        return (kind, action.card, action.lane)
    if kind == Kind.DISCARD:
        return (kind, action.card)
    if kind == Kind.DRAFT:
        return (kind, C.rank(action.card))
    if kind in (Kind.FLIP, Kind.MOVE, Kind.RESOLVE):
        return (kind, slots[0])
    if kind == Kind.ATTACK:
        return (kind, slots[0], (targets[0], *sorted(targets[1:])))
    if kind == Kind.PAIR:
        first, second = sorted(slots)
        return (kind, first, second)
    if kind == Kind.LOOK:
        return (kind, targets[0])
    if kind == Kind.HERO:
        return (kind, action.lane)
    if kind == Kind.FORT:
        return (kind, targets[0][2])
    if kind == Kind.SPELL:
        return _spell_key(action, slots, targets)
    return (kind,)  # stay, end


def _spell_key(action: Any, slots: tuple[Ref, ...], targets: tuple[Ref, ...]) -> Hashable:
    if action.card >= 0:
        return (Kind.SPELL, "card", action.card, action.lane)
    if targets:
        return (Kind.SPELL, "at", targets[0])
    if slots and action.lane >= 0:
        return (Kind.SPELL, "move", slots[0], action.lane)
    if slots:
        return (Kind.SPELL, "own", slots[0])
    return (Kind.SPELL,)

"""Three-player Duel 52 notation (docs/notation/duel52-three-players.md).

A board card is named absolutely: triangle (1-4), player (1-3), then its place in that
player's row of the triangle as a letter: ``23b`` is player 3's second card in triangle 2.
Every seat writes and reads the same names, so a record reads the same from any chair.
When parsing, a player's own card may be written without the player: ``2b`` is "my ``b``
in triangle 2". Letters are case-insensitive.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import Kind

if TYPE_CHECKING:
    from duelhall.games.duel52.triangles import Ref, TriAction, TriState

_SLOT = re.compile(r"^([1-4])([1-3])?([a-zA-Z])$")

USAGE = (
    "actions: play CARD TRIANGLE | flip SLOT | attack SLOT[+SLOT] TARGET [TARGET] | "
    "pair SLOT SLOT | discard CARD | look SLOT | move SLOT | stay | resolve SLOT  "
    "(SLOT is triangle, player and letter: 23b is player 3's second card in triangle 2; "
    "your own cards may drop the player: 2b)"
)

_EXAMPLES = {
    "play": "7H 3",
    "discard": "7H",
    "stay": "",
    "flip": "31b",
    "resolve": "31b",
    "move": "11a",
    "look": "32a",
    "pair": "31a 31b",
    "attack": "31a 32b  (or 31a+31b 32b, or 31a 32b 33a for a 10)",
}


def slot_name(ref: Ref) -> str:
    tri, owner, index = ref
    return f"{tri + 1}{owner + 1}{chr(ord('a') + index)}"


def format_action(a: TriAction) -> str:
    kind = a.kind
    if kind == Kind.PLAY:
        return f"play {C.name(a.card)} {a.tri + 1}"
    if kind == Kind.DISCARD:
        return f"discard {C.name(a.card)}"
    if kind == Kind.STAY:
        return "stay"
    if kind == Kind.ATTACK:
        who = "+".join(slot_name(r) for r in a.slots)
        return f"attack {who} " + " ".join(slot_name(r) for r in a.targets)
    if kind == Kind.LOOK:
        return f"look {slot_name(a.targets[0])}"
    return f"{kind} " + " ".join(slot_name(r) for r in a.slots)


def parse_slot(text: str, seat: int) -> Ref:
    m = _SLOT.match(text.strip())
    if not m:
        raise NotationError(
            f"{text!r} is not a board card; write triangle, player and letter, like 23b for "
            "player 3's second card in triangle 2 (or 2b for your own)"
        )
    tri = int(m.group(1)) - 1
    owner = int(m.group(2)) - 1 if m.group(2) else seat
    return (tri, owner, ord(m.group(3).lower()) - ord("a"))


def parse_action(state: TriState, text: str, seat: int) -> TriAction:
    """Read notation; a paired card named alone as an attacker stands for its pair."""
    from duelhall.games.duel52.triangles import TriAction

    A = TriAction
    words = text.strip().split()
    if not words:
        raise NotationError("empty action; " + USAGE)
    verb, args = words[0].lower(), words[1:]

    def need(n: int, form: str) -> None:
        if len(args) != n:
            raise NotationError(f"'{verb}' takes {form}, like: {verb} {_EXAMPLES[verb]}")

    if verb == Kind.PLAY:
        need(2, "a card and a triangle")
        if args[1] not in {"1", "2", "3", "4"}:
            raise NotationError(f"triangle must be 1, 2, 3 or 4, not {args[1]!r}")
        return A(seat, Kind.PLAY, card=C.parse(args[0]), tri=int(args[1]) - 1)
    if verb == Kind.DISCARD:
        need(1, "a card from your hand")
        return A(seat, Kind.DISCARD, card=C.parse(args[0]))
    if verb == Kind.STAY:
        need(0, "nothing")
        return A(seat, Kind.STAY, tri=_queen_triangle(state))
    if verb in (Kind.FLIP, Kind.RESOLVE):
        need(1, "one of your cards")
        return A(seat, verb, slots=(parse_slot(args[0], seat),))
    if verb == Kind.MOVE:
        need(1, "one of your cards in another triangle")
        return A(seat, Kind.MOVE, tri=_queen_triangle(state), slots=(parse_slot(args[0], seat),))
    if verb == Kind.LOOK:
        need(1, "a face-down card")
        return A(seat, Kind.LOOK, targets=(parse_slot(args[0], seat),))
    if verb == Kind.PAIR:
        need(2, "two of your cards")
        return A(seat, Kind.PAIR, slots=tuple(sorted(parse_slot(x, seat) for x in args)))
    if verb == Kind.ATTACK:
        if len(args) not in (2, 3):
            raise NotationError(
                f"'attack' takes an attacker and one or two targets, like: "
                f"attack {_EXAMPLES['attack']}"
            )
        attackers = tuple(sorted(parse_slot(x, seat) for x in args[0].split("+")))
        if len(attackers) == 1:
            attackers = _with_partner(state, attackers[0])
        targets = tuple(parse_slot(x, seat) for x in args[1:])
        if len(attackers) == 1:
            targets = tuple(sorted(targets))  # a single 10's strikes have no order
        return A(seat, Kind.ATTACK, slots=attackers, targets=targets)
    raise NotationError(f"unknown action {verb!r}; " + USAGE)


def _queen_triangle(state: TriState) -> int:
    top = state.pending[-1] if state.pending else None
    return int(top[1]) if top is not None and top[0] == "move" else -1


def _with_partner(state: TriState, ref: Ref) -> tuple[Ref, ...]:
    tri, owner, index = ref
    row = state.rows[tri][owner]
    if index >= len(row) or not row[index].pair:
        return (ref,)
    mate = [i for i, bc in enumerate(row) if bc.pair == row[index].pair and i != index]
    return tuple(sorted([ref, (tri, owner, mate[0])])) if mate else (ref,)

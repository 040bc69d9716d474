"""Notation of the team game (docs/notation/duel52-teams.md).

The words are the two-player game's, written from the acting seat's side of the table: a
board card is its lane (1-3) and a letter for its place in a team's row of that lane, lower
case for the acting seat's own team (``2a``, usually the team's Base card), upper case for
the other team (``2A``). A partner's cards are the acting seat's own team's, so they are
lower case too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import Kind
from duelhall.games.duel52.teams import Ref, TeamAction, team_of

if TYPE_CHECKING:
    from duelhall.games.duel52.teams import TeamState

_SLOT = re.compile(r"^([1-3])([a-zA-Z])$")

USAGE = (
    "actions: play CARD LANE | flip SLOT | attack SLOT[+SLOT] TARGET [TARGET] | "
    "pair SLOT SLOT | discard CARD | look SLOT | move SLOT | stay | resolve SLOT  "
    "(SLOT is lane and letter: 2a your team's, 2A the other team's)"
)

_EXAMPLES = {
    "play": "7H 2",
    "discard": "7H",
    "stay": "",
    "flip": "2b",
    "resolve": "2b",
    "move": "1c",
    "look": "3A",
    "pair": "2b 2c",
    "attack": "2b 2A  (or 2b+2c 2A, or 2b 2A 2B for a 10)",
}


def slot_name(ref: Ref, seat: int) -> str:
    """``2a`` for the acting seat's team's cards, ``2A`` for the other team's."""
    lane, side, index = ref
    letter = chr(ord("a") + index)
    return f"{lane + 1}{letter if side == team_of(seat) else letter.upper()}"


def format_action(a: TeamAction) -> str:
    s = a.seat
    kind = a.kind
    if kind == Kind.PLAY:
        return f"play {C.name(a.card)} {a.lane + 1}"
    if kind == Kind.DISCARD:
        return f"discard {C.name(a.card)}"
    if kind == Kind.STAY:
        return "stay"
    if kind == Kind.ATTACK:
        who = "+".join(slot_name(r, s) for r in a.slots)
        return f"attack {who} " + " ".join(slot_name(r, s) for r in a.targets)
    if kind == Kind.LOOK:
        return f"look {slot_name(a.targets[0], s)}"
    return f"{kind} " + " ".join(slot_name(r, s) for r in a.slots)


def parse_slot(text: str, seat: int) -> Ref:
    m = _SLOT.match(text.strip())
    if not m:
        raise NotationError(
            f"{text!r} is not a board card; write its lane and letter, like 2a for your "
            "team's first card in lane 2 or 2A for the other team's"
        )
    lane = int(m.group(1)) - 1
    letter = m.group(2)
    side = team_of(seat) if letter.islower() else 1 - team_of(seat)
    return (lane, side, ord(letter.lower()) - ord("a"))


def parse_action(state: TeamState, text: str, seat: int) -> TeamAction:
    """Read notation; a paired card named alone as an attacker stands for its pair."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action; " + USAGE)
    verb, args = words[0].lower(), words[1:]
    A = TeamAction

    def need(n: int, form: str) -> None:
        if len(args) != n:
            raise NotationError(f"'{verb}' takes {form}, like: {verb} {_EXAMPLES[verb]}")

    if verb == Kind.PLAY:
        need(2, "a card and a lane")
        if args[1] not in {"1", "2", "3"}:
            raise NotationError(f"lane must be 1, 2 or 3, not {args[1]!r}")
        return A(seat, Kind.PLAY, card=C.parse(args[0]), lane=int(args[1]) - 1)
    if verb == Kind.DISCARD:
        need(1, "a card from your hand")
        return A(seat, Kind.DISCARD, card=C.parse(args[0]))
    if verb == Kind.STAY:
        need(0, "nothing")
        return A(seat, Kind.STAY, lane=_queen_lane(state))
    if verb in (Kind.FLIP, Kind.RESOLVE):
        need(1, "one of your team's cards")
        return A(seat, verb, slots=(parse_slot(args[0], seat),))
    if verb == Kind.MOVE:
        need(1, "one of your team's cards in another lane")
        return A(seat, Kind.MOVE, lane=_queen_lane(state), slots=(parse_slot(args[0], seat),))
    if verb == Kind.LOOK:
        need(1, "a face-down card")
        return A(seat, Kind.LOOK, targets=(parse_slot(args[0], seat),))
    if verb == Kind.PAIR:
        need(2, "two of your team's cards")
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
            targets = tuple(sorted(targets))  # a single 10: the order means nothing
        return A(seat, Kind.ATTACK, slots=attackers, targets=targets)
    raise NotationError(f"unknown action {verb!r}; " + USAGE)


def _queen_lane(state: TeamState) -> int:
    top = state.pending[-1] if state.pending else None
    return int(top[1]) if top is not None and top[0] == "move" else -1


def _with_partner(state: TeamState, ref: Ref) -> tuple[Ref, ...]:
    lane, side, index = ref
    row = state.rows[lane][side] if 0 <= lane < len(state.rows) else []
    if index >= len(row) or not row[index].pair:
        return (ref,)
    mate = [i for i, bc in enumerate(row) if bc.pair == row[index].pair and i != index]
    return tuple(sorted([ref, (lane, side, mate[0])])) if mate else (ref,)

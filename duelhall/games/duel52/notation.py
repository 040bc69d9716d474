"""Duel 52 action notation (documented in docs/notation/duel52.md).

Notation is written from the acting player's side of the table. A board card is its lane
(1-3) and its place in that player's row of the lane as a letter: lower case for your own
cards (``2a`` is your first card in lane 2, usually your Base card), upper case for your
opponent's (``2A``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import FORT_LANE, Duel52Action, Kind, Ref

if TYPE_CHECKING:
    from duelhall.games.duel52.state import Duel52State

_SLOT = re.compile(r"^([1-3])([a-zA-Z])$")
_FORT = re.compile(r"^[fF]([1-9])$")

USAGE = (
    "actions: play CARD LANE | flip SLOT | attack SLOT[+SLOT] TARGET [TARGET] | "
    "pair SLOT SLOT | discard CARD | look SLOT | move SLOT | stay | resolve SLOT | "
    "expansion: spell [ARGS] | hero LANE | end | draft RANK | fort F1  "
    "(SLOT is lane and letter: 2a yours, 2A your opponent's; F1 is the first fort)"
)


def slot_name(ref: Ref, seat: int) -> str:
    lane, owner, index = ref
    if lane == FORT_LANE:
        return f"F{index + 1}"
    letter = chr(ord("a") + index)
    return f"{lane + 1}{letter if owner == seat else letter.upper()}"


def format_action(a: Duel52Action) -> str:
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
    if kind in (Kind.END, Kind.HERO, Kind.DRAFT, Kind.FORT, Kind.SPELL):
        return _format_expansion(a)
    return f"{kind} " + " ".join(slot_name(r, s) for r in a.slots)


def _format_expansion(a: Duel52Action) -> str:
    s = a.seat
    if a.kind == Kind.END:
        return "end"
    if a.kind == Kind.HERO:
        return f"hero {a.lane + 1}"
    if a.kind == Kind.DRAFT:
        return f"draft {C.rank_name(C.rank(a.card))}"
    if a.kind == Kind.FORT:
        return f"fort {slot_name(a.targets[0], s)}"
    words = ["spell"]
    if a.card >= 0:
        words.append(C.name(a.card))
    words += [slot_name(r, s) for r in (*a.slots, *a.targets)]
    if a.lane >= 0:
        words.append(str(a.lane + 1))
    return " ".join(words)


def parse_slot(text: str, seat: int) -> Ref:
    f = _FORT.match(text.strip())
    if f:
        return (FORT_LANE, -1, int(f.group(1)) - 1)
    m = _SLOT.match(text.strip())
    if not m:
        raise NotationError(
            f"{text!r} is not a board card; write its lane and letter, like 2a for your first "
            "card in lane 2 or 2A for your opponent's"
        )
    lane = int(m.group(1)) - 1
    letter = m.group(2)
    owner = seat if letter.islower() else 1 - seat
    return (lane, owner, ord(letter.lower()) - ord("a"))


def parse_action(state: Duel52State, text: str, seat: int) -> Duel52Action:
    """Read notation; a paired card named alone as an attacker stands for its pair."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action; " + USAGE)
    verb, args = words[0].lower(), words[1:]
    A = Duel52Action

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
        lane = _queen_lane(state)
        return A(seat, Kind.STAY, lane=lane)
    if verb in (Kind.FLIP, Kind.RESOLVE):
        need(1, "one of your cards")
        return A(seat, verb, slots=(parse_slot(args[0], seat),))
    if verb == Kind.MOVE:
        need(1, "one of your cards in another lane")
        lane = _queen_lane(state)
        return A(seat, Kind.MOVE, lane=lane, slots=(parse_slot(args[0], seat),))
    if verb == Kind.LOOK:
        need(1, "a face-down card or a fort")
        return A(seat, Kind.LOOK, targets=(parse_slot(args[0], seat),))
    if verb in (Kind.END, Kind.HERO, Kind.DRAFT, Kind.FORT, Kind.SPELL):
        return _parse_expansion(state, verb, args, seat)
    if verb == Kind.PAIR:
        need(2, "two of your cards")
        return A(seat, Kind.PAIR, slots=tuple(sorted(parse_slot(x, seat) for x in args)))
    if verb == Kind.ATTACK:
        if len(args) not in (2, 3, 4):
            raise NotationError(
                f"'attack' takes an attacker and one or two targets, like: "
                f"attack {_EXAMPLES['attack']}"
            )
        attackers = tuple(sorted(parse_slot(x, seat) for x in args[0].split("+")))
        if len(attackers) == 1:
            attackers = _with_partner(state, attackers[0])
        targets = tuple(parse_slot(x, seat) for x in args[1:])
        if len(attackers) == 1:
            # A single 10 deals one damage to each target, so their order means nothing:
            # accept either order and use the canonical (board) one.
            targets = tuple(sorted(targets))
        elif len(targets) > 2:
            # A pair of banner 10s: two damage to the first target, one to each other.
            targets = (targets[0], *sorted(targets[1:]))
        return A(seat, Kind.ATTACK, slots=attackers, targets=targets)
    raise NotationError(f"unknown action {verb!r}; " + USAGE)


def _parse_expansion(state: Duel52State, verb: str, args: list[str], seat: int) -> Duel52Action:
    A = Duel52Action
    if verb == Kind.END:
        if args:
            raise NotationError("'end' takes nothing: it ends your turn")
        return A(seat, Kind.END)
    if verb == Kind.HERO:
        if len(args) != 1 or args[0] not in {"1", "2", "3"}:
            raise NotationError("'hero' takes a lane, like: hero 2")
        heroes = getattr(state, "heroes", None)
        if heroes is None or heroes[seat] < 0:
            raise NotationError("you have no hero (play with --option heroes=true)")
        return A(seat, Kind.HERO, card=heroes[seat], lane=int(args[0]) - 1)
    if verb == Kind.DRAFT:
        if len(args) != 1:
            raise NotationError("'draft' takes a rank from your hand, like: draft 7")
        word = args[0]
        r = C.rank(C.parse(word)) if len(word) > 1 and word[-1].upper() in C.SUITS else None
        if r is None:
            r = C.parse_rank(word)
        cards = sorted(c for c in state.hands[seat] if C.rank(c) == r)
        if not cards:
            raise NotationError(f"you hold no {C.rank_name(r)} to choose as a bannerman")
        return A(seat, Kind.DRAFT, card=cards[0])
    if verb == Kind.FORT:
        if len(args) != 1:
            raise NotationError("'fort' takes a fort, like: fort F1")
        ref = parse_slot(args[0], seat)
        if ref[0] != FORT_LANE:
            raise NotationError(f"{args[0]!r} is not a fort; forts are F1, F2, F3, F4")
        top = state.pending[-1] if state.pending else None
        lane = top[1] if top is not None and top[0] == "fort" else -1
        return A(seat, Kind.FORT, lane=lane, targets=(ref,))
    return _parse_spell(state, args, seat)


def _parse_spell(state: Duel52State, args: list[str], seat: int) -> Duel52Action:
    """A spell's words depend on the hero: see docs/notation/duel52.md."""
    A = Duel52Action
    heroes = getattr(state, "heroes", None)
    hero = C.rank(heroes[seat]) if heroes is not None and heroes[seat] >= 0 else 0
    forms = {
        2: ("spell", 0),
        3: ("spell CARD LANE", 2),
        4: ("spell SLOT", 1),
        5: ("spell SLOT", 1),
        6: ("spell SLOT", 1),
        7: ("spell SLOT", 1),
        C.QUEEN: ("spell SLOT LANE", 2),
        C.KING: ("spell SLOT", 1),
    }
    if hero not in forms:
        raise NotationError("only a mage hero casts spells (play with --option heroes=true)")
    form, n = forms[hero]
    if len(args) != n:
        raise NotationError(f"your hero's spell is written '{form}'")
    if hero == 2:
        return A(seat, Kind.SPELL)
    if n == 2 and args[1] not in {"1", "2", "3"}:
        raise NotationError(f"lane must be 1, 2 or 3, not {args[1]!r}")
    if hero == 3:
        return A(seat, Kind.SPELL, card=C.parse(args[0]), lane=int(args[1]) - 1)
    ref = parse_slot(args[0], seat)
    if hero == C.QUEEN:
        return A(seat, Kind.SPELL, slots=(ref,), lane=int(args[1]) - 1)
    if hero in (4, 6):
        return A(seat, Kind.SPELL, targets=(ref,))
    return A(seat, Kind.SPELL, slots=(ref,))


def _queen_lane(state: Duel52State) -> int:
    """The lane of the Queen whose move is being asked, or -1 when none is."""
    top = state.pending[-1] if state.pending else None
    return top[1] if top is not None and top[0] == "move" else -1


def _with_partner(state: Duel52State, ref: Ref) -> tuple[Ref, ...]:
    lane, owner, index = ref
    row = state.rows[lane][owner] if 0 <= lane < len(state.rows) else []
    if index >= len(row) or not row[index].pair:
        return (ref,)
    mate = [i for i, bc in enumerate(row) if bc.pair == row[index].pair and i != index]
    return tuple(sorted([ref, (lane, owner, mate[0])])) if mate else (ref,)


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
    "end": "",
    "hero": "2",
    "draft": "7",
    "fort": "F1",
    "spell": "2b",
}

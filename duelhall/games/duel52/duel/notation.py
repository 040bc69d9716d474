"""Duel 52 action notation (documented in docs/notation/duel52.md).

Notation is written from the acting player's side of the table. A board card is its lane
(1-3) and its place in that player's row of the lane as a letter: lower case for your own
cards (``2a`` is your first card in lane 2, usually your Base card), upper case for your
opponent's (``2A``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from duelhall.core.errors import NotationError
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import lane_slots
from duelhall.games.duel52.engine.board import EXPANSION_KINDS, FORT_LANE, Duel52Action, Kind, Ref
from duelhall.games.duel52.engine.lane_slots import read_lane_slot, view_lane_label
from duelhall.games.duel52.engine.verbs import TableWords, read_action, verbs_usage

if TYPE_CHECKING:
    from duelhall.games.duel52.duel.state import Duel52State

_FORT = re.compile(r"^[fF]([1-9])$")

_VERBS = verbs_usage("LANE")
_SLOTS = "SLOT is lane and letter: 2a yours, 2A your opponent's"

USAGE = (
    f"{_VERBS} | expansion: spell [ARGS] | hero LANE | end | draft RANK | fort F1  "
    f"({_SLOTS}; F1 is the first fort)"
)
BASE_USAGE = f"{_VERBS}  ({_SLOTS})"
"""The verbs of the base game alone: its errors name no expansion word."""

_EXAMPLES = {
    **lane_slots.EXAMPLES,
    "end": "",
    "hero": "2",
    "draft": "7",
    "fort": "F1",
    "spell": "2b",
}

WORDS = TableWords(
    place="lane",
    places=3,
    yours="your",
    look_at="a face-down card or a fort",
    attack_words=4,
    examples=_EXAMPLES,
    usage=USAGE,
)
BASE_WORDS = replace(WORDS, look_at="a face-down card", usage=BASE_USAGE)


def board_label(view: Mapping[str, Any], ref: Ref, seat: int) -> str:
    """The slot as ``seat`` sees it on the board of ``view``: the card's letter there,
    which stays put through a turn (``slot_name`` counts places, as records do)."""
    if ref[0] == FORT_LANE:
        return f"F{ref[2] + 1}"
    return view_lane_label(view, ref, own=ref[1] == seat)


def parse_slot(text: str, seat: int) -> Ref:
    f = _FORT.match(text.strip())
    if f:
        return (FORT_LANE, -1, int(f.group(1)) - 1)
    lane, own, index = read_lane_slot(text, "your", "your opponent's")
    return (lane, seat if own else 1 - seat, index)


class Heroes(Protocol):
    """What the expansion's state tells the reader (:mod:`~duelhall.games.duel52.expansion
    .notation` passes it): whether its words are in play, and each player's hero."""

    @property
    def advanced(self) -> bool: ...

    @property
    def heroes(self) -> Sequence[int]: ...


def parse_action(state: Duel52State, text: str, seat: int, x: Heroes | None = None) -> Duel52Action:
    """Read notation; a paired card named alone as an attacker stands for its pair.
    ``x``: the expansion's part of the state, when it is in play. The base game knows the
    expansion's verbs only to say they belong to it."""
    advanced = x is not None and x.advanced
    words = WORDS if advanced else BASE_WORDS
    verb, args = words.split(text)
    if verb in EXPANSION_KINDS:
        if not advanced and verb != Kind.END:  # 'end' is refused by the rules: they say why
            # Read further, 'draft 7H' was refused as having no 7 to choose as a bannerman.
            raise NotationError(
                f"{verb!r} is a word of the Heroes & Bannermen expansion, which this game "
                f"does not use; {BASE_USAGE}"
            )
        return _parse_expansion(state, verb, args, seat, x)
    action: Duel52Action = read_action(state, verb, args, seat, words, parse_slot, Duel52Action)
    return action


def _parse_expansion(
    state: Duel52State, verb: str, args: list[str], seat: int, x: Heroes | None
) -> Duel52Action:
    A = Duel52Action
    if verb == Kind.END:
        if args:
            raise NotationError("'end' takes nothing: it ends your turn")
        return A(seat, Kind.END)
    if verb == Kind.HERO:
        if len(args) != 1 or args[0] not in {"1", "2", "3"}:
            raise NotationError("'hero' takes a lane, like: hero 2")
        hero = _hero(x, seat)
        if hero < 0:
            raise NotationError("you have no hero (play with --option heroes=true)")
        return A(seat, Kind.HERO, card=hero, lane=int(args[0]) - 1)
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
    hero = _hero(x, seat)
    return _parse_spell(args, seat, C.rank(hero) if hero >= 0 else 0)


def _hero(x: Heroes | None, seat: int) -> int:
    """The card of ``seat``'s hero, or -1."""
    return x.heroes[seat] if x is not None else -1


def _parse_spell(args: list[str], seat: int, hero: int) -> Duel52Action:
    """A spell's words depend on the hero (its rank, 0 for none): see
    docs/notation/duel52.md."""
    A = Duel52Action
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
    lane = WORDS.place_number(args[1]) if n == 2 else -1
    if hero == 3:
        return A(seat, Kind.SPELL, card=C.parse(args[0]), lane=lane)
    ref = parse_slot(args[0], seat)
    if hero == C.QUEEN:
        return A(seat, Kind.SPELL, slots=(ref,), lane=lane)
    if hero in (4, 6):
        return A(seat, Kind.SPELL, targets=(ref,))
    return A(seat, Kind.SPELL, slots=(ref,))

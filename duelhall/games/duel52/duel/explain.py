"""Why an action is not legal, in words a player can act on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import (
    FREE_KINDS,
    MAIN_KINDS,
    BoardCard,
    Duel52Action,
    Kind,
    Ref,
    slot_name,
)
from duelhall.games.duel52.engine.lane_slots import lane_label

if TYPE_CHECKING:
    from duelhall.games.duel52.duel.state import Duel52State

_CHOICE_WORDS = {
    "discard": "choose a card to discard for the 2 (discard CARD)",
    "look": "choose a face-down card for the 4 to look at (look SLOT)",
    "move": "choose a card for the Queen to move (move SLOT) or stay",
    "order": "choose which waiting power resolves next (resolve SLOT)",
    "draft": "choose a bannerman: a rank from your hand (draft RANK)",
    "fort": "choose a fort to take into the lane (fort F1)",
}


class Expansion(Protocol):
    """What the expansion's state adds to the reasons (:mod:`~duelhall.games.duel52.expansion
    .explain` passes it): its words, heroes and forts."""

    @property
    def advanced(self) -> bool: ...

    @property
    def heroes(self) -> Sequence[int]: ...

    @property
    def hero_played(self) -> Sequence[bool]: ...

    @property
    def spell_used(self) -> bool: ...

    @property
    def forts(self) -> Sequence[BoardCard]: ...


def why_illegal(state: Duel52State, a: Duel52Action, x: Expansion | None = None) -> str:
    """Why ``a`` is refused; ``x``: the expansion's part of the state, when it is in play."""
    text = _describe(a)
    if state.result is not None:
        return f"{text}: the game is over"
    if a.seat != state.current:
        return f"{text}: it is player {state.current + 1}'s turn"
    if state.pending:
        what = state.pending[-1][0]
        if a.kind in MAIN_KINDS or a.kind not in _answers(what):
            return f"{text}: first {_CHOICE_WORDS[what]}"
    elif a.kind in FREE_KINDS:
        return f"{text}: {_free_reason(state, a, x)}"
    elif a.kind not in MAIN_KINDS:
        return f"{text}: there is no pending choice to answer; play, flip, attack or pair"
    reason = _specific(state, a, len(x.forts) if x is not None else 0)
    return f"{text}: {reason}"


def _answers(what: str) -> set[str]:
    return {
        "discard": {Kind.DISCARD},
        "look": {Kind.LOOK},
        "move": {Kind.MOVE, Kind.STAY},
        "order": {Kind.RESOLVE},
        "draft": {Kind.DRAFT},
        "fort": {Kind.FORT},
    }[what]


def _free_reason(state: Duel52State, a: Duel52Action, x: Expansion | None) -> str:
    """Why a spell, a hero play or ending the turn is refused."""
    if a.kind == Kind.END:
        if x is None or not x.advanced:
            return "actions are not optional here: use every action (expansion rules only)"
        return "your warrior hero is enraged: play it into a lane (hero LANE) first"
    if x is None or x.heroes[a.seat] < 0:
        return "you have no hero (play with --option heroes=true)"
    heroes = x.heroes
    if a.kind == Kind.HERO:
        if x.hero_played[a.seat]:
            hero = heroes[a.seat]
            if any(bc.card == hero for lane in state.rows for bc in lane[a.seat]):
                return "your warrior hero is already in play (once a game)"
            return "your warrior hero was played and has died (once a game)"
        if a.card != heroes[a.seat] or C.rank(a.card) not in (8, 9, 10, 11, 14):
            return "only a warrior hero (8, 9, 10, J, A) is played into a lane"
        return f"you may not play a card into lane {a.lane + 1} now"
    if not state.pile:
        return "your mage is exerted: the draw pile is empty"
    if x.spell_used:
        return "your mage has already cast its spell this turn"
    return "your hero's spell cannot do that now (see docs/notation/duel52.md)"


def _describe(a: Duel52Action) -> str:
    try:
        return f"'{a}'"
    except (IndexError, KeyError, ValueError):
        return f"'{a.kind}'"


def _exists(state: Duel52State, ref: Ref) -> bool:
    lane, seat, i = ref
    return 0 <= lane < len(state.rows) and seat in (0, 1) and 0 <= i < len(state.rows[lane][seat])


def _specific(state: Duel52State, a: Duel52Action, forts: int) -> str:
    """``forts``: how many forts are left in the pool."""
    me = a.seat
    for ref in (*a.slots, *a.targets):
        if ref[0] == 3:  # a fort in the pool
            if ref[2] >= forts:
                return f"there is no fort {slot_name(ref, me)}"
            continue
        if not _exists(state, ref):
            return f"there is no card at {slot_name(ref, me)}"
    if a.kind in (Kind.PLAY, Kind.DISCARD) and a.card not in state.hands[me]:
        return f"{C.name(a.card)} is not in your hand"
    if a.kind == Kind.PLAY:
        if state.lane_winner[a.lane] == 1 - me:
            return f"lane {a.lane + 1} is lost to you; you may not play cards into it"
        return "you cannot play that card there"
    for ref in a.slots:
        if ref[0] == 3:  # only a 4's look and the fort choice name a fort in the pool
            return f"{slot_name(ref, me)} is a fort waiting in the pool, not a card of yours"
        if ref[1] != me:
            lane, owner, index = ref
            shown = lane_label(lane, state.letters(lane, owner)[index], own=False)
            return f"{shown} is not your card"
    if a.kind == Kind.FLIP:
        bc = state.at(a.slots[0])
        if bc.up:
            return "that card is already face-up"
        if bc.frozen:
            return "that card is frozen and cannot flip itself this turn"
        if bc.base and state.pile:
            return "Base cards can only be flipped once the draw pile is empty"
    if a.kind == Kind.PAIR:
        x, y = (state.at(r) for r in a.slots)
        if a.slots[0][0] != a.slots[1][0]:
            return "paired cards must be in the same lane"
        if not (x.up and y.up):
            return "both cards must be face-up to pair"
        if x.rank != y.rank:
            return "paired cards must have the same rank"
        if x.pair or y.pair:
            return "a card can be in only one pair (no triplets or quads)"
    if a.kind == Kind.ATTACK:
        return _attack_reason(state, a)
    if a.kind == Kind.LOOK:
        t = state.at(a.targets[0])
        if t.up:
            return "the 4 looks only at face-down cards"
        if t.known & (1 << me):
            return "you already know that card; look at one you do not know"
    if a.kind == Kind.MOVE:
        top = state.pending[-1]
        ref = a.slots[0]
        if a.lane != top[1] or ref[0] == top[1]:
            return f"the Queen brings a card from another lane to hers (lane {top[1] + 1})"
        if state.at(ref).base and state.pile:
            return "Base cards can only be moved once the draw pile is empty"
    if a.kind == Kind.RESOLVE:
        return "that card's power is not waiting to resolve"
    if a.kind == Kind.DRAFT:
        return "that rank is already your bannerman, or no card of it is left in the deck"
    return "the rules do not allow it now"


def _attack_reason(state: Duel52State, a: Duel52Action) -> str:
    me = a.seat
    lane = a.slots[0][0]
    for ref in a.slots:
        bc = state.at(ref)
        if not bc.up:
            return "face-down cards cannot attack; flip it first"
        if bc.frozen:
            return "that card is frozen this turn"
        if bc.attacks >= state.attack_allowance(bc, me):
            return "that card has already attacked this turn"
        if bc.pair and len(a.slots) == 1:
            return "a paired card must attack together with its pair"
    if len(a.slots) == 2:
        x, y = (state.at(r) for r in a.slots)
        if not x.pair or x.pair != y.pair or a.slots[0][0] != a.slots[1][0]:
            return "only the two cards of a pair attack together; pair them first"
    for ref in a.targets:
        if ref[0] != lane:
            return "cards can only attack cards in their own lane"
        if ref[1] == me:
            return "you cannot attack your own cards"
        t = state.at(ref)
        if t.base and state.pile:
            return "Base cards can only be attacked once the draw pile is empty"
    opp_row = state.rows[lane][1 - me]
    if any(t.is_up(11) for t in opp_row) and not all(state.at(r).is_up(11) for r in a.targets):
        return "a face-up Jack in that lane has to die before anything else there can be attacked"
    if state.at(a.slots[0]).rank == 10:
        if len(a.targets) == 2 and any(state.at(r).is_up(9) for r in a.targets):
            return "a 10 cannot strike a 9 together with another card"
        if len(a.targets) == 1:
            return "a 10 must strike two cards when two can be struck"
        if len(a.slots) == 1 and a.targets[0] > a.targets[1]:
            return "name a single 10's two targets in board order, like attack 2b 2A 2B"
        if a.targets[0] == a.targets[1]:
            return "a 10 strikes two different cards"
    elif len(a.targets) != 1:
        return "only a 10 strikes two cards"
    return "the rules do not allow that attack now"

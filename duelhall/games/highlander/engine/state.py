"""Highlander game state: setup and draft, secret simultaneous clashes, rounds and the end.

Seats are 0 and 1 (players 1 and 2 on screen). Cards are numbered by their place in the card
file (:mod:`duelhall.games.highlander.engine.cards`); every card exists once, so a card number is
also a bit in the masks below. The deck's top card is the end of ``deck``.

A game runs in two phases:

- ``draft``: ``current`` takes a face-up card (``take ID``, replaced from the deck) or the
  top card of the deck (``draw``); the players alternate, the offensive player first,
  until both hold five cards.
- ``clash``: both players choose a card in secret (``play ID``), in either order; the clash
  resolves when the second choice arrives. ``to_move()`` lists the seats still to choose.
  A round ends when both hold one card, and a draft refills the hands.

What a seat's opponent knows about its hand (cards it took face-up) is kept in ``public``;
``deck_mask`` holds the cards that formed the current deck when it was last shuffled, which
is what lets :func:`~duelhall.games.highlander.view.determinize` re-deal honestly after the
discard pile has been reshuffled into a new deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from duelhall.core.errors import IllegalActionError, OptionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.core.state import sole_seat
from duelhall.core.wiring import Wired
from duelhall.games.highlander.engine.actions import DRAW, PLAY, TAKE, HighlanderAction
from duelhall.games.highlander.engine.cards import (
    NO_BONUS,
    Bonuses,
    Card,
    CardSet,
    Character,
    load_cards,
)

HAND_SIZE = 5
FACE_UP = 2
STARTING_HAND = 2

DRAFT = "draft"
CLASH = "clash"
OVER = "over"

BLOCK = "block"
PERFECT = "perfect block"
STRIKE = "strike"


A = HighlanderAction


class Clash(NamedTuple):
    """What one clash did, all of it public once the cards are revealed."""

    round: int
    number: int  # clash number within the round, from 1
    offence: int  # the offensive seat
    cards: tuple[int, int]  # card played by seat 0, seat 1
    penalties: tuple[int, int]  # follow-up penalty damage taken by seat 0, seat 1
    result: str  # BLOCK, PERFECT or STRIKE ("" if the game ended on penalties)
    damage: tuple[int, int]  # damage from the clash itself (not penalties), by seat
    notes: tuple[str, ...]  # effects that applied, in words


def _bit_count(mask: int) -> int:
    return mask.bit_count()


class _Tables(NamedTuple):
    """Action objects for one card set, built once and shared by every game using it (and by
    agents' samples), so the tables are tuples: nothing can change them."""

    play: tuple[tuple[A, ...], tuple[A, ...]]
    take: tuple[tuple[A, ...], tuple[A, ...]]
    draw: tuple[A, A]

    @classmethod
    def of(cls, cards: CardSet) -> _Tables:
        play = tuple(tuple(A(s, PLAY, c.id) for c in cards.cards) for s in (0, 1))
        take = tuple(tuple(A(s, TAKE, c.id) for c in cards.cards) for s in (0, 1))
        return cls((play[0], play[1]), (take[0], take[1]), (A(0, DRAW), A(1, DRAW)))


_TABLES: dict[int, tuple[CardSet, _Tables]] = {}


def tables(cards: CardSet) -> _Tables:
    entry = _TABLES.get(id(cards))
    if entry is None or entry[0] is not cards:  # the card set is kept, so ids stay unique
        entry = _TABLES[id(cards)] = (cards, _Tables.of(cards))
    return entry[1]


class HighlanderState(Wired):
    """A Highlander game in progress. See :mod:`duelhall.core.state` for the protocol."""

    info: GameInfo

    __slots__ = (
        "_legal",
        "_t",
        "cards",
        "chosen",
        "clash_no",
        "current",
        "damage",
        "deck",
        "deck_mask",
        "discard",
        "faceup",
        "free_next",
        "hands",
        "history",
        "kurgan",
        "limit",
        "next_power",
        "offence",
        "options",
        "phase",
        "played",
        "public",
        "reshuffles",
        "result",
        "rng",
        "round",
        "seed",
        "unlocked",
    )

    # ------------------------------------------------------------------ construction

    def __init__(self, options: Mapping[str, Any], seed: int, cards: CardSet | None = None) -> None:
        """An empty table; use :meth:`new_game` or a position loader to fill it."""
        # Read-only, and shared by every clone and re-deal: an agent's sample cannot change
        # the rules of the true game.
        self.options: Mapping[str, Any] = MappingProxyType(dict(options))
        self.seed = seed
        self.rng = Rng(seed)
        data = self.options.get("cards") or ""
        if not isinstance(data, str):
            raise OptionError(f"option 'cards' holds card data (TOML text), not {data!r}")
        self.cards = cards if cards is not None else load_cards(data)
        self._t = tables(self.cards)
        limit = self.options.get("damage_limit", 12)
        if not isinstance(limit, int) or not 1 <= limit <= 99:
            raise OptionError(
                f"option 'damage_limit' takes a whole number from 1 to 99, not {limit!r}"
            )
        self.limit: int = limit
        self.kurgan = 0  # the seat playing The Kurgan; the other plays Connor MacLeod
        self.offence = 0
        self.phase = DRAFT
        self.current = 0  # the seat to pick in the draft
        self.round = 1
        self.clash_no = 0  # clashes resolved this round
        self.deck: list[int] = []
        self.deck_mask = self.cards.all_mask
        self.reshuffles = 0
        self.faceup: list[int] = [-1] * FACE_UP  # -1: an empty place
        self.hands: list[list[int]] = [[], []]
        self.public = [0, 0]  # cards in each hand that the other seat saw taken face-up
        self.chosen = [-1, -1]  # secret choices this clash
        self.played: list[list[int]] = [[], []]  # this round, in order
        self.discard: list[int] = []
        self.damage = [0, 0]
        self.unlocked = [0, 0]  # how many of each seat's character abilities are unlocked
        self.next_power = [0, 0]  # momentum waiting for each seat's next card this round
        self.free_next = [False, False]  # relentless: next card has no follow-up requirement
        self.history: list[Clash] = []
        self.result: Outcome | None = None
        self._legal: list[A] | None = None

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        rng = state.rng
        choice = state.options.get("kurgan", "random")
        state.kurgan = rng.below(2) if choice == "random" else int(choice) - 1
        state.offence = state.current = state.kurgan  # The Kurgan starts on offence
        deck = list(range(len(state.cards.cards)))
        rng.shuffle(deck)
        state.deck = deck
        for place in range(FACE_UP):
            state.faceup[place] = deck.pop()
        for _ in range(STARTING_HAND):
            for seat in (state.offence, 1 - state.offence):
                state.hands[seat].append(deck.pop())
        state._legal = None
        return state

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.cards = self.cards
        new._t = self._t
        new.limit = self.limit
        new.kurgan = self.kurgan
        new.offence = self.offence
        new.phase = self.phase
        new.current = self.current
        new.round = self.round
        new.clash_no = self.clash_no
        new.deck = self.deck[:]
        new.deck_mask = self.deck_mask
        new.reshuffles = self.reshuffles
        new.faceup = self.faceup[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.public = self.public[:]
        new.chosen = self.chosen[:]
        new.played = [self.played[0][:], self.played[1][:]]
        new.discard = self.discard[:]
        new.damage = self.damage[:]
        new.unlocked = self.unlocked[:]
        new.next_power = self.next_power[:]
        new.free_next = self.free_next[:]
        new.history = self.history[:]  # entries are immutable
        new.result = self.result
        new._legal = self._legal  # never mutated in place
        return new

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> tuple[int, ...]:
        if self.phase == DRAFT:
            return (self.current,)
        if self.phase == CLASH:
            c = self.chosen
            if c[0] < 0:
                return (0, 1) if c[1] < 0 else (0,)
            return (1,) if c[1] < 0 else ()
        return ()

    def outcome(self) -> Outcome | None:
        return self.result

    def is_over(self) -> bool:
        return self.result is not None

    def current_seat(self) -> int:
        return sole_seat(self.to_move(), "both players choose a card now; say which seat acts")

    def legal_actions(self, seat: int | None = None) -> list[A]:
        phase = self.phase
        if phase == CLASH:
            if seat is None:
                return [a for s in self.to_move() for a in self._plays(s)]
            return self._plays(seat) if self.chosen[seat] < 0 else []
        if phase != DRAFT or (seat is not None and seat != self.current):
            return []
        if self._legal is None:
            me = self.current
            takes = self._t.take[me]
            out = [takes[c] for c in self.faceup if c >= 0]
            if self.deck or self.discard:
                out.append(self._t.draw[me])
            self._legal = out
        return self._legal

    def _plays(self, seat: int) -> list[A]:
        plays = self._t.play[seat]
        return [plays[c] for c in sorted(self.hands[seat])]

    def apply(self, action: A) -> None:
        seat = action.seat
        if self.phase == CLASH and action.verb == PLAY and seat in (0, 1):
            index = self.cards.by_id.get(action.card, -1)
            if self.chosen[seat] < 0 and index in self.hands[seat]:
                self.chosen[seat] = index
                if self.chosen[1 - seat] >= 0:
                    self._resolve()
                return
        elif self.phase == DRAFT and action in self.legal_actions(seat):
            self._legal = None
            self._pick(action)
            return
        raise IllegalActionError(self.why_illegal(action))

    # ------------------------------------------------------------------ draft

    def _draw_from_deck(self) -> int:
        """The top card of the deck, the discard pile reshuffled first if the deck is empty."""
        if not self.deck:
            if not self.discard:
                return -1
            self._reshuffle()
        card = self.deck.pop()
        if not self.deck and self.discard and self.options.get("reshuffle") == "at-once":
            self._reshuffle()
        return card

    def _reshuffle(self) -> None:
        """The discard pile becomes the deck, shuffled; its contents are public."""
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        mask = 0
        for c in self.deck:
            mask |= 1 << c
        self.deck_mask = mask
        self.reshuffles += 1

    def _pick(self, action: A) -> None:
        me = action.seat
        if action.verb == TAKE:
            card = self.cards.by_id[action.card]
            place = self.faceup.index(card)
            self.hands[me].append(card)
            self.public[me] |= 1 << card
            self.faceup[place] = self._draw_from_deck()
        else:
            self.hands[me].append(self._draw_from_deck())
        self._next_picker()

    def _next_picker(self) -> None:
        me = self.current
        other = 1 - me
        if len(self.hands[other]) < HAND_SIZE:
            self.current = other
        elif len(self.hands[me]) < HAND_SIZE:
            self.current = me
        else:
            self.phase = CLASH
            self.current = self.offence
        self._legal = None

    # ------------------------------------------------------------------ clash

    def bonus(self, seat: int) -> Bonuses:
        """The effects of ``seat``'s unlocked character abilities."""
        n = self.unlocked[seat]
        if not n:
            return NO_BONUS
        return self.character(seat).levels[n]

    def character(self, seat: int) -> Character:
        return self.cards.characters["kurgan" if seat == self.kurgan else "connor"]

    def required(self, seat: int) -> int:
        """Positions the seat's next card must include (a mask), or 0 if it is free."""
        played = self.played[seat]
        if not played or self.free_next[seat]:
            return 0
        return self.cards.cards[played[-1]].follow_mask

    def penalty(self, seat: int, card: Card) -> int:
        """The follow-up penalty ``seat`` would take for playing ``card`` now (0 or 1)."""
        need = self.required(seat)
        if not need or card.mask & need or card.bonus.flow or self.bonus(seat).flow:
            return 0
        return 1

    def _resolve(self) -> None:
        cards = self.cards.cards
        o = self.offence
        d = 1 - o
        chosen = (self.chosen[0], self.chosen[1])
        pens = (self.penalty(0, cards[chosen[0]]), self.penalty(1, cards[chosen[1]]))
        self.damage[0] += pens[0]
        self.damage[1] += pens[1]
        notes: list[str] = []
        for s in (0, 1):
            hand = self.hands[s]
            hand.remove(chosen[s])
            self.public[s] &= ~(1 << chosen[s])
            self.played[s].append(chosen[s])
        self.chosen = [-1, -1]
        self.clash_no += 1
        if self.options.get("penalty_ends") and max(self.damage) >= self.limit:
            self.history.append(
                Clash(self.round, self.clash_no, o, chosen, pens, "", (0, 0), ("penalty",))
            )
            self._finish(d)
            return
        co, cd = cards[chosen[o]], cards[chosen[d]]
        unlocked = self.unlocked
        bo = co.bonus.plus(self.bonus(o)) if unlocked[o] else co.bonus
        bd = cd.bonus.plus(self.bonus(d)) if unlocked[d] else cd.bonus
        hurt = [0, 0]
        power_waiting = self.next_power[o]
        self.next_power = [0, 0]
        self.free_next = [False, False]
        if co.mask & cd.mirror:
            perfect = co.mask == cd.mirror
            result = PERFECT if perfect else BLOCK
            if perfect:
                hurt[o] += 1
                if bd.precise:
                    hurt[o] += bd.precise
                    notes.append(f"precise {bd.precise}")
            if bd.riposte:
                hurt[o] += bd.riposte
                notes.append(f"riposte {bd.riposte}")
            if bo.relentless:
                self.free_next[o] = True
                notes.append("relentless")
        else:
            result = STRIKE
            amount = _bit_count(co.mask)
            if bo.power:
                amount += bo.power
                notes.append(f"power {bo.power}")
            if power_waiting:
                amount += power_waiting
                notes.append(f"momentum {power_waiting}")
            if bd.armor:
                amount = max(0, amount - bd.armor)
                notes.append(f"armor {bd.armor}")
            hurt[d] += amount
            if bo.momentum:
                self.next_power[o] = bo.momentum
                notes.append(f"momentum waiting {bo.momentum}")
        self.damage[0] += hurt[0]
        self.damage[1] += hurt[1]
        self.history.append(
            Clash(
                self.round, self.clash_no, o, chosen, pens, result, (hurt[0], hurt[1]), tuple(notes)
            )
        )
        if max(self.damage) >= self.limit:
            self._finish(d)
            return
        if self.options.get("unlock", "clash") == "clash":
            self._unlock()
        if len(self.hands[0]) <= 1 and len(self.hands[1]) <= 1:
            self._end_round()

    def _unlock(self) -> None:
        for s in (0, 1):
            if self.unlocked[s] >= 2:
                continue
            reached = self.character(s).unlocked_at(self.damage[s])
            if reached > self.unlocked[s]:
                self.unlocked[s] = reached

    def _end_round(self) -> None:
        self.offence = 1 - self.offence  # the defender takes the offence marker
        for s in (self.offence, 1 - self.offence):
            self.discard.extend(self.played[s])
        self.played = [[], []]
        self.next_power = [0, 0]
        self.free_next = [False, False]
        if not self.deck and self.options.get("reshuffle") == "at-once":
            self._reshuffle()
        if self.options.get("unlock", "clash") == "round":
            self._unlock()
        self.round += 1
        self.clash_no = 0
        self.phase = DRAFT
        self.current = self.offence
        self._legal = None
        if len(self.hands[0]) >= HAND_SIZE and len(self.hands[1]) >= HAND_SIZE:
            self.phase = CLASH

    def _finish(self, defender: int) -> None:
        a, b = self.damage
        limit = self.limit
        if a >= limit and b >= limit:
            if a != b:
                winner = 0 if a < b else 1
                reason = "less-damage"
                detail = (
                    f"both players reached {limit} damage in the same clash; player "
                    f"{winner + 1} took less ({min(a, b)} against {max(a, b)})"
                )
            else:
                winner = defender
                reason = "defender"
                detail = (
                    f"both players reached {limit} damage in the same clash with {a} each; "
                    f"the defending player, player {winner + 1}, wins"
                )
        else:
            winner = 0 if b >= limit else 1
            reason = "damage"
            detail = f"player {2 - winner} took {max(a, b)} damage"
        self.result = Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), reason, detail)
        self.phase = OVER
        self._legal = []

    # ------------------------------------------------------------------ queries

    def all_cards(self) -> list[int]:
        """Every card in every zone (each card exactly once in a consistent state)."""
        return (
            self.deck
            + [c for c in self.faceup if c >= 0]
            + self.hands[0]
            + self.hands[1]
            + self.played[0]
            + self.played[1]
            + self.discard
        )

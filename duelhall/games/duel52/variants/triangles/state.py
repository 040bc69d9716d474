"""Duel 52 for three players over four triangles (rulebook section 4, "Three Player").

Seats are 0, 1 and 2 (players 1-3 on screen); they take turns in seat order, starting with
``first_player``. Triangles are 0..3. Each triangle holds one row of
:class:`~duelhall.games.duel52.engine.board.BoardCard` per seat; there are no Base cards, so every
card on the board was played by its owner, who therefore always knows it. A card's
``known`` mask has one bit per seat (``0b111``: everybody, as for a face-up card).

Every card power is the two-player one (the activation functions of
:mod:`duelhall.games.duel52.engine.powers` are reused as they are) with "lane" read as
"triangle" and "the opponent" as "both opponents"; so is everything else a card does, in
:class:`~duelhall.games.duel52.engine.table.Table`, whose code calls triangles lanes. This module
adds the deal, the legal-action generator (targets of both opponents) and the control
rule. The differences, and every point the rulebook leaves open, are the rulings T1-T25 of
docs/rulings/duel52-three-players.md.

Winning: once the draw pile is empty, the first player to control two triangles (they have
cards there and nobody else does) wins, checked after every action and every answered
choice. With the pile empty, six turns in a row without an action end the game in a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Self

from duelhall.core.errors import OptionError
from duelhall.core.outcome import Outcome
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard, Kind, write_action
from duelhall.games.duel52.engine.cards import JACK
from duelhall.games.duel52.engine.table import Table

SEATS = 3
TRIANGLES = 4
HAND_SIZE = 6
ALL_SEATS = 0b111
STALEMATE_PASSES = 6
"""Turns in a row without an action, with the pile empty, that end the game in a draw."""

# A board reference: (triangle, owning seat, index in that seat's row of the triangle).
Ref = tuple[int, int, int]
# Pending entries are the two-player ones (see table.py), with triangles for lanes.

FIRST_TURN_ACTIONS = (1, 2)
"""Actions on the game's first and second turns; every later turn has three."""


class TriAction(NamedTuple):
    """One decision in the three-player game. ``slots`` are the actor's cards, ``targets``
    anyone's; ``tri`` is a triangle (plays, and the Queen's triangle for move/stay).

    ``str(action)`` is its notation (docs/notation/duel52-three-players.md), which names
    every board card absolutely (triangle, player, letter), so it reads the same for all.
    """

    seat: int
    kind: str
    card: int = -1
    tri: int = -1
    slots: tuple[Ref, ...] = ()
    targets: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        return format_action(self)

    @property
    def lane(self) -> int:
        """The triangle, under the name the shared rules (table.py) use for it."""
        return self.tri


# Writing an action needs no state, so it lives beside the action type (reading it, which
# does, is :mod:`duelhall.games.duel52.variants.triangles.notation`).


def slot_name(ref: Ref) -> str:
    tri, owner, index = ref
    return tri_label(tri, owner, chr(ord("a") + index))


def tri_label(tri: int, owner: int, letter: str) -> str:
    """``23c``: the card lettered ``c`` (in a view) of player 3's row in triangle 2."""
    return f"{tri + 1}{owner + 1}{letter}"


def format_action(a: TriAction, name: Callable[[Ref], str] = slot_name) -> str:
    """The notation of ``a``; ``name`` names its board cards (by default as records do)."""
    return write_action(a.kind, a.card, a.tri, a.slots, a.targets, name)


A = TriAction
MAIN_KINDS = frozenset({Kind.PLAY, Kind.FLIP, Kind.ATTACK, Kind.PAIR})

PLAYS: list[list[tuple[TriAction, ...]]] = [
    [tuple(A(s, Kind.PLAY, card=c, tri=t) for t in range(TRIANGLES)) for c in range(52)]
    for s in range(SEATS)
]
"""``PLAYS[seat][card]``: playing ``card`` face-down into each triangle."""

FLIPS: list[list[list[TriAction]]] = [
    [[A(s, Kind.FLIP, slots=((t, s, i),)) for i in range(52)] for t in range(TRIANGLES)]
    for s in range(SEATS)
]

# Options of the two-player game that have no meaning here, and their only accepted values.
_FIXED = {
    "lane_win": (
        "hand-empty",
        "triangles are never won or closed: control is checked as it stands (ruling T9)",
    ),
    "heroes": (False, "the Heroes & Bannermen expansion is for two players"),
    "bannermen": (False, "the Heroes & Bannermen expansion is for two players"),
    "forts": (False, "the Heroes & Bannermen expansion is for two players"),
    "vampiric": (False, "Vampiric 3s and 4s belong to the single-player variant"),
}


def check_options(options: Mapping[str, Any]) -> None:
    """Refuse options the three-player game cannot honour, saying why (ruling T2)."""
    if options.get("variant") == "quick":
        raise OptionError(
            "variant=quick removes cards, but the three-player game removes none; use "
            "variant=standard (or long, which means the same here)"
        )
    for name, (value, why) in _FIXED.items():
        if name in options and options[name] != value:
            raise OptionError(f"{name}={options[name]} is not available with players=3: {why}")


class TriState(Table[BoardCard, TriAction]):
    """A three-player Duel 52 game in progress (see :mod:`duelhall.core.state`).

    ``removed`` (cards out of the game) is empty in a real deal (ruling T1); positions may
    set some aside."""

    SEATS = SEATS
    SIDES = SEATS
    LANES = TRIANGLES
    ALL_SEATS = ALL_SEATS
    OPENING_ACTIONS = FIRST_TURN_ACTIONS
    STALEMATE_PASSES = STALEMATE_PASSES
    DRAW_SCORES = (1 / 3, 1 / 3, 1 / 3)
    STALEMATE_DETAIL = "two full rounds without an action: nobody can win, a draw"
    action_type = TriAction

    __slots__ = ()

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        check_options(options)
        state = cls(options, seed)
        deck = list(C.DECK)
        state.rng.shuffle(deck)
        for _ in range(HAND_SIZE):
            for seat in range(SEATS):
                state.hands[seat].append(deck.pop())
        state.pile = deck
        state._begin(state.options.get("first_player", "random"))
        return state

    # ------------------------------------------------------------------ queries

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % SEATS

    def controller(self, tri: int) -> int | None:
        """The seat that controls ``tri``: the only one with cards there (ruling T10)."""
        owner: int | None = None
        for seat, row in enumerate(self.rows[tri]):
            if row:
                if owner is not None:
                    return None
                owner = seat
        return owner

    def controllers(self) -> list[int | None]:
        return [self.controller(t) for t in range(TRIANGLES)]

    # ------------------------------------------------------------------ legal actions

    def _main_actions(self) -> list[TriAction]:
        me = self.current
        out: list[TriAction] = []
        plays = PLAYS[me]
        for card in self.hands[me]:
            out.extend(plays[card])
        cap_two = self.options["ace_attacks"] == "two"
        nine_immune = self.options["facedown_nine_immune"]
        for tri in range(TRIANGLES):
            rows = self.rows[tri]
            mine = rows[me]
            if not mine:
                continue
            flips = FLIPS[me][tri]
            ready: list[int] = []
            ranks_seen = 0
            for i, bc in enumerate(mine):
                if not bc.up:
                    if not bc.frozen or (nine_immune and bc.rank == 9):
                        out.append(flips[i])
                    continue
                if not bc.pair:
                    bit = 1 << bc.rank
                    if ranks_seen & bit:
                        for j in range(i):
                            other = mine[j]
                            if other.up and not other.pair and other.rank == bc.rank:
                                out.append(A(me, Kind.PAIR, slots=((tri, me, j), (tri, me, i))))
                    ranks_seen |= bit
                if not bc.frozen and (
                    not bc.attacks
                    or bc.attacks < (min(2, 1 + bc.bonus) if cap_two else 1 + bc.bonus)
                ):
                    ready.append(i)
            if not ready:
                continue
            eligible = self._eligible_targets(tri, me)
            if not eligible:
                continue
            for i in ready:
                bc = mine[i]
                src: tuple[Ref, ...] = ((tri, me, i),)
                if bc.pair:
                    j = next(k for k, o in enumerate(mine) if o.pair == bc.pair and k != i)
                    if j < i or j not in ready:
                        continue  # listed once, from its first card, when both can attack
                    src = ((tri, me, i), (tri, me, j))
                if bc.rank == 10:
                    self._twinstrikes(out, src, eligible)
                else:
                    out.extend(A(me, Kind.ATTACK, slots=src, targets=(t,)) for t in eligible)
        return out

    def _eligible_targets(self, tri: int, me: int) -> list[Ref]:
        """Cards ``me`` may attack in ``tri``: any opponent's, or only face-up Jacks while an
        opponent's face-up Jack stands there (a Jack taunts for the whole triangle, T15)."""
        eligible: list[Ref] = []
        jacks: list[Ref] = []
        for seat, row in enumerate(self.rows[tri]):
            if seat == me:
                continue
            for j, t in enumerate(row):
                eligible.append((tri, seat, j))
                if t.up and t.rank == JACK:
                    jacks.append((tri, seat, j))
        return jacks or eligible

    def _twinstrikes(
        self, out: list[TriAction], attackers: tuple[Ref, ...], eligible: list[Ref]
    ) -> None:
        """Two different cards, of one opponent or of both (T16); a face-up 9 only alone."""
        me = self.current
        nimble = [r for r in eligible if self.at(r).is_up(9)]
        others = [r for r in eligible if not self.at(r).is_up(9)]
        for r in nimble:
            out.append(A(me, Kind.ATTACK, slots=attackers, targets=(r,)))
        if self.options["twinstrike_optional"] or len(others) == 1:
            for r in others:
                out.append(A(me, Kind.ATTACK, slots=attackers, targets=(r,)))
        ordered = len(attackers) == 2  # a pair of 10s deals 2 to its first target
        for x in others:
            for y in others:
                if x != y and (ordered or x < y):
                    out.append(A(me, Kind.ATTACK, slots=attackers, targets=(x, y)))

    # ------------------------------------------------------------------ effects

    def _play(self, card: int, tri: int) -> None:
        self._spend_action()
        self.hands[self.current].remove(card)
        self.rows[tri][self.current].append(BoardCard(card, known=1 << self.current))

    # ------------------------------------------------------------------ winning

    def _auto_resolve(self) -> bool:
        """As in every game, but control is checked after each power resolved on its own
        too (T11): a win there stops the rest."""
        if not super()._auto_resolve():
            return False
        self._check_lanes()
        return self.result is None

    def _check_lanes(self) -> None:
        """Once the pile is empty, a player controlling two triangles wins at once (T11);
        if one moment gives it to several, the player to move wins, else the next in turn.
        (Named for the shared turn loop, which calls triangles lanes.)"""
        if self.pile or self.result is not None:
            return
        held = self.controllers()
        seat = self.current
        for _ in range(SEATS):
            tris = [t for t, c in enumerate(held) if c == seat]
            if len(tris) >= 2:
                scores = tuple(1.0 if s == seat else 0.0 for s in range(SEATS))
                words = " and ".join(str(t + 1) for t in tris)
                self.result = Outcome(
                    seat,
                    scores,
                    "two-triangles",
                    f"player {seat + 1} controls triangles {words}",
                )
                return
            seat = self.next_seat(seat)

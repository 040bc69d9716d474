"""Duel 52 for two players: the deal, legal actions and the lane rule.

Seats are 0 and 1 (shown to people as players 1 and 2). Lanes are 0..2. Each lane holds one
row of :class:`BoardCard` per seat; a row's first card is normally its Base card. The draw
pile's top card is the end of ``pile``.

What every player count shares (playing out an action, the power verbs, pending choices,
attacks, deaths, the turn loop) is :class:`~duelhall.games.duel52.engine.table.Table`, along with
the list of pending entries; this module adds the two-player deal, the legal-action
generator (the hottest code in search, so written out here) and winning lanes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import (
    ALL_SEATS,
    FLIPS,
    PLAYS,
    BoardCard,
    Duel52Action,
    Kind,
    Ref,
    attacks_from,
    twinstrike,
)
from duelhall.games.duel52.engine.options import REMOVED_BY_VARIANT
from duelhall.games.duel52.engine.table import Table, attackable

A = Duel52Action
LANES = 3
HAND_SIZE = 5


class Duel52State(Table[BoardCard, Duel52Action]):
    """A Duel 52 game in progress. See :mod:`duelhall.core.state` for the protocol."""

    info: GameInfo

    SEATS = 2
    SIDES = 2
    LANES = LANES
    ALL_SEATS = ALL_SEATS
    OPENING_ACTIONS = (2,)
    STALEMATE_PASSES = 3
    DRAW_SCORES = (0.5, 0.5)
    STALEMATE_DETAIL = "neither player can act any more: a draw"
    action_type = Duel52Action

    __slots__ = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        deck = list(C.DECK)
        state.rng.shuffle(deck)
        for lane in range(LANES):
            for seat in (0, 1):
                state.rows[lane][seat].append(BoardCard(deck.pop(), base=True))
        for _ in range(HAND_SIZE):
            for seat in (0, 1):
                state.hands[seat].append(deck.pop())
        removed = REMOVED_BY_VARIANT[state.options["variant"]]
        state.removed = [deck.pop() for _ in range(removed)]
        state.pile = deck
        state._begin(state.options["first_player"])
        return state

    # ------------------------------------------------------------------ queries

    def card_counts(self) -> int:
        """How many cards are in all zones together (52 in a consistent state)."""
        return self.card_count()

    # ------------------------------------------------------------------ legal actions

    def _main_actions(self) -> list[A]:
        # The hottest function in search and simulation: common actions come from shared
        # tables (see board.py) and card fields are read directly.
        me = self.current
        opp = 1 - me
        pile_empty = not self.pile
        out: list[A] = []
        plays = PLAYS[me]
        winners = self.lane_winner
        if opp not in winners:
            for card in self.hands[me]:
                out.extend(plays[card])
        else:
            open_lanes = [lane for lane in range(LANES) if winners[lane] != opp]
            for card in self.hands[me]:
                by_lane = plays[card]
                out.extend(by_lane[lane] for lane in open_lanes)
        cap_two = self.options["ace_attacks"] == "two"
        nine_immune = self.options["facedown_nine_immune"]
        for lane in range(LANES):
            mine, theirs = self.rows[lane][me], self.rows[lane][opp]
            flips = FLIPS[me][lane]
            ready: list[int] = []  # face-up cards that may still attack this turn
            ranks_seen = 0  # bit r set: a face-up unpaired card of rank r came earlier
            for i, bc in enumerate(mine):
                if not bc.up:
                    # Under the literal-9 option a frozen face-down 9 may still flip itself,
                    # but only when its owner knows it is a 9 (never an unseen Base card).
                    if (
                        not bc.frozen or (nine_immune and bc.rank == 9 and bc.known >> me & 1)
                    ) and (pile_empty or not bc.base):
                        out.append(flips[i])
                    continue
                if not bc.pair:
                    bit = 1 << bc.rank
                    if ranks_seen & bit:
                        self._pairs_with(out, lane, i)
                    ranks_seen |= bit
                if not bc.frozen and (
                    not bc.attacks
                    or bc.attacks < (min(2, 1 + bc.bonus) if cap_two else 1 + bc.bonus)
                ):
                    ready.append(i)
            if not ready or not theirs:
                continue
            eligible = attackable(theirs, pile_empty)
            if not eligible:
                continue
            first, last = eligible[0], eligible[-1] + 1
            contiguous = last - first == len(eligible)
            for i in ready:
                bc = mine[i]
                if bc.pair:
                    self._pair_attacks(out, lane, i, ready, eligible)
                elif bc.rank == 10:
                    self._twinstrikes(out, ((lane, me, i),), eligible)
                elif contiguous:
                    out.extend(attacks_from(me, lane, i)[first:last])
                else:
                    row = attacks_from(me, lane, i)
                    out.extend([row[j] for j in eligible])
        return out

    def _pairs_with(self, out: list[A], lane: int, i: int) -> None:
        """Pair actions joining card ``i`` with an earlier face-up unpaired card of its rank."""
        me = self.current
        mine = self.rows[lane][me]
        r = mine[i].rank
        for j in range(i):
            other = mine[j]
            if other.up and not other.pair and other.rank == r:
                out.append(A(me, Kind.PAIR, slots=((lane, me, j), (lane, me, i))))

    def _pair_attacks(
        self, out: list[A], lane: int, i: int, ready: list[int], eligible: list[int]
    ) -> None:
        me = self.current
        mine = self.rows[lane][me]
        pair = mine[i].pair
        j = next(k for k, o in enumerate(mine) if o.pair == pair and k != i)
        if j < i or j not in ready:
            return  # listed once, from its first card, and only when both can attack
        attackers = ((lane, me, i), (lane, me, j))
        if mine[i].rank == 10:
            self._twinstrikes(out, attackers, eligible)
            return
        opp = 1 - me
        for t in eligible:
            out.append(A(me, Kind.ATTACK, slots=attackers, targets=((lane, opp, t),)))

    def _twinstrikes(self, out: list[A], attackers: tuple[Ref, ...], eligible: list[int]) -> None:
        """A 10 strikes two cards, never a face-up 9 together with another card."""
        me = self.current
        opp = 1 - me
        lane = attackers[0][0]
        theirs = self.rows[lane][opp]
        nimble = [j for j in eligible if theirs[j].is_up(9)]
        others = [j for j in eligible if not theirs[j].is_up(9)]
        for j in nimble:
            out.append(A(me, Kind.ATTACK, slots=attackers, targets=((lane, opp, j),)))
        if self.options["twinstrike_optional"] or len(others) == 1:
            for j in others:
                out.append(A(me, Kind.ATTACK, slots=attackers, targets=((lane, opp, j),)))
        ordered = len(attackers) == 2  # a pair of 10s deals 2 to its first target
        for x in others:
            for y in others:
                if x != y and (ordered or x < y):
                    out.append(twinstrike(me, attackers, x, y))

    # ------------------------------------------------------------------ effects

    def _play(self, card: int, lane: int) -> None:
        self._spend_action()
        self.hands[self.current].remove(card)
        self.rows[lane][self.current].append(BoardCard(card, known=1 << self.current))

    # ------------------------------------------------------------------ winning

    def _check_lanes(self) -> None:
        winners = self.lane_winner
        rows = self.rows
        for lane in range(LANES):
            if winners[lane] is not None:
                continue
            ours, theirs = rows[lane]
            if not ours:
                if not theirs:
                    continue  # the lane is empty on both sides
                seat = 1
            elif theirs:
                continue  # both sides still hold cards
            else:
                seat = 0
            if self.options["lane_win"] == "hand-empty" and self._can_still_play(1 - seat):
                continue  # the loser can still play cards into it
            winners[lane] = seat
        if winners.count(None) > 1:
            return  # nobody can hold two lanes yet
        for seat in (0, 1):
            if winners.count(seat) >= 2:
                self.result = Outcome(
                    seat,
                    (1.0, 0.0) if seat == 0 else (0.0, 1.0),
                    "two-lanes",
                    f"player {seat + 1} won two lanes",
                )
                return

    def _can_still_play(self, seat: int) -> bool:
        """Whether ``seat`` may yet put a card into a lane (the hand-empty lane rule)."""
        return bool(self.pile or self.hands[seat])

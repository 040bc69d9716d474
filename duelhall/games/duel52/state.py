"""Duel 52 game state: setup, turn flow, legal actions and their effects.

Seats are 0 and 1 (shown to people as players 1 and 2). Lanes are 0..2. Each lane holds one
row of :class:`BoardCard` per seat; a row's first card is normally its Base card. The draw
pile's top card is the end of ``pile``.

Choices made inside a power (the 2's discard, the 4's look, the Queen's move, the order in
which a 5's or King's powers resolve) are pending entries on ``pending``, a stack: while it
is not empty the seat to move answers its top entry instead of taking a main action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Self

from duelhall.core.errors import IllegalActionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import (
    ALL_SEATS,
    FLIPS,
    PLAYS,
    BoardCard,
    Duel52Action,
    Kind,
    Ref,
    attacks_from,
    max_hp,
    twinstrike,
)
from duelhall.games.duel52.cards import ACE, JACK, rank
from duelhall.games.duel52.options import REMOVED_BY_VARIANT
from duelhall.games.duel52.powers import BASE_POWERS, Power

A = Duel52Action
LANES = 3
HAND_SIZE = 5
# Ranks whose power a King can reactivate: every flip power except the King's own.
EMPOWERABLE = frozenset({2, 4, 5, 6, 7, 12, ACE})

# Pending entries (immutable tuples so clones can share them):
#   ("discard",)                 the 2: discard a card from hand
#   ("look",)                    the 4: look at a face-down card
#   ("move", lane)               the Queen in ``lane``: bring an ally card, or stay
#   ("order", lane, cards)       powers waiting to resolve, by card, in ``lane``
Pending = tuple[Any, ...]


def _by_index_descending(ref: Ref) -> int:
    return -ref[2]


class Duel52State:
    """A Duel 52 game in progress. See :mod:`duelhall.core.state` for the protocol."""

    info: GameInfo

    __slots__ = (
        "_legal",
        "_next_pair",
        "actions_left",
        "actions_taken",
        "current",
        "discard",
        "first_player",
        "hands",
        "lane_winner",
        "options",
        "passes",
        "pending",
        "pile",
        "powers",
        "removed",
        "result",
        "rng",
        "rows",
        "seed",
        "turn",
    )

    # ------------------------------------------------------------------ construction

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        """An empty table; use :meth:`new_game` or a position loader to fill it."""
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = Rng(seed)
        self.powers: Mapping[int, Power] = BASE_POWERS
        self.rows: list[list[list[BoardCard]]] = [[[], []] for _ in range(LANES)]
        self.hands: list[list[int]] = [[], []]
        self.pile: list[int] = []
        self.removed: list[int] = []
        # (card, face-up, knowledge mask, killed on the board rather than discarded from hand)
        self.discard: list[tuple[int, bool, int, bool]] = []
        self.lane_winner: list[int | None] = [None] * LANES
        self.pending: list[Pending] = []
        self.current = 0
        self.first_player = 0
        self.turn = 1
        self.actions_left = 0
        self.actions_taken = 0
        self.passes = 0
        self.result: Outcome | None = None
        self._next_pair = 1
        self._legal: list[A] | None = None

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
        first = state.options["first_player"]
        state.first_player = state.rng.below(2) if first == "random" else int(first) - 1
        state.current = state.first_player
        state._start_turn()
        state._settle()
        return state

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.powers = self.powers
        new.rows = [[[bc.copy() for bc in row] for row in lane] for lane in self.rows]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.pile = self.pile[:]
        new.removed = self.removed[:]
        new.discard = self.discard[:]
        new.lane_winner = self.lane_winner[:]
        new.pending = self.pending[:]
        new.current = self.current
        new.first_player = self.first_player
        new.turn = self.turn
        new.actions_left = self.actions_left
        new.actions_taken = self.actions_taken
        new.passes = self.passes
        new.result = self.result
        new._next_pair = self._next_pair
        new._legal = self._legal  # never mutated in place, so sharing is safe
        return new

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.current,)

    def outcome(self) -> Outcome | None:
        return self.result

    def is_over(self) -> bool:
        return self.result is not None

    def current_seat(self) -> int:
        return self.current

    def legal_actions(self, seat: int | None = None) -> list[A]:
        if self.result is not None or (seat is not None and seat != self.current):
            return []
        if self._legal is None:
            self._legal = self._pending_choices() if self.pending else self._main_actions()
        return self._legal

    def apply(self, action: A) -> None:
        if action not in self.legal_actions():
            from duelhall.games.duel52.explain import why_illegal

            raise IllegalActionError(why_illegal(self, action))
        self._legal = None
        kind = action.kind
        if kind == Kind.PLAY:
            self._play(action.card, action.lane)
        elif kind == Kind.FLIP:
            self._spend_action()
            bc = self.at(action.slots[0])
            self.turn_face_up(bc)
            self.activate(self.current, action.slots[0][0], bc)
        elif kind == Kind.ATTACK:
            self._attack(action.slots, action.targets)
        elif kind == Kind.PAIR:
            self._spend_action()
            a, b = (self.at(ref) for ref in action.slots)
            a.pair = b.pair = self._next_pair
            self._next_pair += 1
        else:
            self._answer(action)
        self._settle()

    # ------------------------------------------------------------------ queries

    def at(self, ref: Ref) -> BoardCard:
        return self.rows[ref[0]][ref[1]][ref[2]]

    @property
    def pile_empty(self) -> bool:
        return not self.pile

    def own_facedown(self, seat: int, lane: int) -> list[BoardCard]:
        return [bc for bc in self.rows[lane][seat] if not bc.up]

    def can_flip_by_power(self, bc: BoardCard) -> bool:
        """A 5 flips played cards, and Base cards too once the pile is empty."""
        return not bc.base or not self.pile

    def empowerable(self, seat: int, lane: int) -> list[BoardCard]:
        return [bc for bc in self.rows[lane][seat] if bc.up and bc.rank in EMPOWERABLE]

    def attack_allowance(self, bc: BoardCard, owner: int | None = None) -> int:
        """Attacks ``bc`` may make this turn (``owner`` matters only with bannermen)."""
        allowed = 1 + bc.bonus
        return min(allowed, 2) if self.options["ace_attacks"] == "two" else allowed

    def lanes_won(self, seat: int) -> int:
        return self.lane_winner.count(seat)

    # ------------------------------------------------------------------ power verbs

    def draw(self, seat: int) -> None:
        if self.pile:
            self.hands[seat].append(self.pile.pop())

    def turn_face_up(self, bc: BoardCard) -> None:
        bc.up = True
        bc.known = ALL_SEATS
        if bc.rank == 9:
            bc.frozen = False  # a face-up 9 cannot be frozen

    def activate(self, seat: int, lane: int, bc: BoardCard) -> None:
        effect = self.powers[bc.rank].activate
        if effect is not None:
            effect(self, seat, lane, bc)

    def activate_in_chosen_order(self, seat: int, lane: int, cards: Iterable[BoardCard]) -> None:
        waiting = tuple(bc.card for bc in cards if self.powers[bc.rank].activate is not None)
        if waiting:
            self.pending.append(("order", lane, waiting))

    def ask_discard(self, seat: int) -> None:
        self.pending.append(("discard",))

    def ask_look(self, seat: int) -> None:
        if self._look_targets(seat):
            self.pending.append(("look",))

    def ask_move(self, seat: int, lane: int) -> None:
        if self._move_candidates(seat, lane):
            self.pending.append(("move", lane))

    def freeze_enemies(self, seat: int, lane: int) -> None:
        for bc in self.rows[lane][1 - seat]:
            if not bc.is_up(9):
                bc.frozen = True

    def heal_all(self, seat: int) -> None:
        for lane in self.rows:
            for bc in lane[seat]:
                bc.damage = 0

    def grant_action(self, bc: BoardCard) -> None:
        self.actions_left += 1
        bc.bonus += 1

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
            eligible = []
            jacks = []
            for j, t in enumerate(theirs):
                if pile_empty or not t.base:
                    eligible.append(j)
                    if t.up and t.rank == JACK:
                        jacks.append(j)
            if jacks:
                eligible = jacks  # a face-up Jack taunts: only Jacks may be attacked
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

    def _look_targets(self, seat: int) -> list[Ref]:
        """Face-down cards on the board whose identity ``seat`` does not know yet."""
        bit = 1 << seat
        return [
            (lane, s, i)
            for lane in range(LANES)
            for s in (0, 1)
            for i, bc in enumerate(self.rows[lane][s])
            if not bc.up and not bc.known & bit
        ]

    def _move_candidates(self, seat: int, lane: int) -> list[Ref]:
        pile_empty = not self.pile
        return [
            (other, seat, i)
            for other in range(LANES)
            if other != lane
            for i, bc in enumerate(self.rows[other][seat])
            if pile_empty or not bc.base
        ]

    def _pending_choices(self) -> list[A]:
        me = self.current
        top = self.pending[-1]
        what = top[0]
        if what == "discard":
            return [A(me, Kind.DISCARD, card=c) for c in self.hands[me]]
        if what == "look":
            return [A(me, Kind.LOOK, targets=(ref,)) for ref in self._look_targets(me)]
        if what == "move":
            lane = top[1]
            moves = [
                A(me, Kind.MOVE, lane=lane, slots=(r,)) for r in self._move_candidates(me, lane)
            ]
            return [*moves, A(me, Kind.STAY, lane=lane)]
        lane, waiting = top[1], top[2]
        row = self.rows[lane][me]
        return [
            A(me, Kind.RESOLVE, slots=((lane, me, i),))
            for i, bc in enumerate(row)
            if bc.card in waiting
        ]

    # ------------------------------------------------------------------ effects

    def _spend_action(self) -> None:
        self.actions_left -= 1
        self.actions_taken += 1

    def _play(self, card: int, lane: int) -> None:
        self._spend_action()
        self.hands[self.current].remove(card)
        self.rows[lane][self.current].append(BoardCard(card, known=1 << self.current))

    def _attack(self, slots: tuple[Ref, ...], targets: tuple[Ref, ...]) -> None:
        self._spend_action()
        attackers = [self.at(r) for r in slots]
        hit = [self.at(r) for r in targets]
        lead = attackers[0]
        paired = len(attackers) == 2
        damage: list[int]
        if lead.rank == 10:
            damage = [2, 1][: len(hit)] if paired else [1] * len(hit)
        else:
            amount = 2 if paired else 1
            if lead.rank == 9 and hit[0].is_up(JACK):
                amount += 1
            damage = [amount]
        retaliation = 0
        for bc, amount in zip(hit, damage, strict=True):
            if bc.is_up(8):
                dies = bc.damage + amount >= max_hp(bc, self.options["facedown_jack_hp"])
                if not dies or self.options["dead_eight_retaliates"]:
                    retaliation += 1
            bc.damage += amount
        for bc in attackers:
            bc.attacks += 1
            if bc.rank != 9:
                bc.damage += retaliation
        self._bury(targets, by_opponent=True)
        self._bury(slots, by_opponent=False)

    def _bury(self, refs: tuple[Ref, ...], *, by_opponent: bool) -> None:
        """Remove the cards at ``refs`` that have taken lethal damage (highest index first)."""
        jack_hp = self.options["facedown_jack_hp"]
        if len(refs) > 1:
            refs = tuple(sorted(refs, key=_by_index_descending))
        for lane, seat, i in refs:
            row = self.rows[lane][seat]
            bc = row[i]
            if bc.damage < max_hp(bc, jack_hp):
                continue
            if by_opponent and not bc.up and bc.rank == 3:
                # Trap: killed face-down, it returns face-up as a fresh live card.
                self.turn_face_up(bc)
                bc.damage = 0
                continue
            self._lift(lane, seat, i)
            self.discard.append((bc.card, bc.up, ALL_SEATS if bc.up else bc.known, True))

    def _answer(self, action: A) -> None:
        me = self.current
        top = self.pending.pop()
        kind = action.kind
        if kind == Kind.DISCARD:
            self.hands[me].remove(action.card)
            public = self.options["view_discard"] == "revealed"
            self.discard.append((action.card, public, ALL_SEATS if public else 1 << me, False))
        elif kind == Kind.LOOK:
            self.at(action.targets[0]).known |= 1 << me
        elif kind == Kind.MOVE:
            lane, seat, i = action.slots[0]
            self.rows[action.lane][seat].append(self._lift(lane, seat, i))
        elif kind == Kind.RESOLVE:
            self._resolve_next(top[1], top[2], self.at(action.slots[0]))
        # Kind.STAY: the Queen moves nothing; popping the entry was all.

    def _auto_resolve(self) -> bool:
        """Resolve a waiting power when the order cannot matter; True if it did."""
        top = self.pending[-1]
        if top[0] != "order":
            return False
        lane, waiting = top[1], top[2]
        if len({rank(c) for c in waiting}) > 1:
            return False
        self.pending.pop()
        for bc in self.rows[lane][self.current]:
            if bc.card == waiting[0]:
                self._resolve_next(lane, waiting, bc)
                break
        return True

    def _resolve_next(self, lane: int, waiting: tuple[int, ...], bc: BoardCard) -> None:
        """Fire ``bc``'s waiting power; the others wait beneath whatever it asks."""
        rest = tuple(c for c in waiting if c != bc.card)
        if rest:
            self.pending.append(("order", lane, rest))
        self.activate(self.current, lane, bc)

    def _lift(self, lane: int, seat: int, i: int) -> BoardCard:
        """Take a card out of its row (it dies or moves); a pair it was in breaks."""
        bc = self.rows[lane][seat].pop(i)
        if bc.pair:
            for other in self.rows[lane][seat]:
                if other.pair == bc.pair:
                    other.pair = 0
            bc.pair = 0
        return bc

    # ------------------------------------------------------------------ turn flow

    def _settle(self) -> None:
        """Run everything that needs no decision until someone must decide or the game ends."""
        while True:
            while self.pending and self._auto_resolve():
                pass
            self._check_lanes()
            if self.result is not None:
                self._legal = []
                return
            if self.pending:
                return
            if self.actions_left > 0:
                self._legal = self._main_actions()
                if self._legal:
                    return
            self._end_turn()
            if self.result is not None:
                self._legal = []
                return
            self._start_turn()

    def _start_turn(self) -> None:
        me = self.current
        for lane in self.rows:
            for bc in lane[me]:
                bc.attacks = 0
                bc.bonus = 0
        first_turn = self.turn == 1
        if not first_turn or self.options["first_player_draws"]:
            self.draw(me)
        self.actions_left = 2 if first_turn else 3
        self.actions_taken = 0
        self._legal = None

    def _end_turn(self) -> None:
        me = self.current
        for lane in self.rows:
            for bc in lane[me]:
                # Freezes last until the end of the frozen side's turn; attack counts are
                # cleared now (not only when the next turn starts) so views show them fresh.
                bc.frozen = False
                bc.attacks = 0
                bc.bonus = 0
        self.passes = self.passes + 1 if self.actions_taken == 0 else 0
        if not self.pile and self.passes >= 3:
            # Three turns in a row without an action and nothing left to draw: the last
            # pass saw every freeze expired, so nothing can ever change again.
            self.result = Outcome(
                None, (0.5, 0.5), "stalemate", "neither player can act any more: a draw"
            )
            return
        self.current = 1 - me
        self.turn += 1
        self.actions_left = 0

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

    # ------------------------------------------------------------------ delegated

    def view(self, seat: int | None) -> dict[str, Any]:
        from duelhall.games.duel52.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        from duelhall.games.duel52.view import determinize

        return determinize(self, seat, rng)  # type: ignore[return-value]

    def parse_action(self, text: str, seat: int | None = None) -> A:
        from duelhall.games.duel52.notation import parse_action

        return parse_action(self, text, self.current if seat is None else seat)

    def to_position(self) -> dict[str, Any]:
        from duelhall.games.duel52.position import to_position

        return to_position(self)

    def card_counts(self) -> int:
        """How many cards are in all zones together (52 in a consistent state)."""
        board = sum(len(row) for lane in self.rows for row in lane)
        return (
            board
            + len(self.hands[0])
            + len(self.hands[1])
            + len(self.pile)
            + len(self.removed)
            + len(self.discard)
        )

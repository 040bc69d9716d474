"""Duel 52 team play, two against two (rulebook section 4, "Team play: 2 vs 2").

Seats 0-3 take turns in cyclic order starting from the first player (the rulebook's A, B,
C, D); partners sit opposite, so seats 0 and 2 form team 0 and seats 1 and 3 team 1 and
turns alternate between the teams. The table is the standard two-sided board: each lane
holds one row of cards per *team* (a team's "side"), and every card on a side belongs to
the whole team: either partner may flip, pair, attack with or move it on their own turn.
Hands are per seat and private, even from the partner.

Knowledge is per seat: a board card's ``known`` mask has one bit per seat (4 bits). A card
a seat played is known to that seat only (not to its partner), a 4's look adds the looker's
bit, a face-up card is known to all. Rulings are in docs/rulings/duel52-teams.md, notation
and the position format in docs/notation/duel52-teams.md.

The power semantics are the base game's (:data:`~duelhall.games.duel52.powers.BASE_POWERS`):
this state offers the same verbs a power calls (``draw``, ``own_facedown``,
``freeze_enemies``, ...) with "the owner" read as "the acting seat's team" for board cards
and "the acting seat" for hands and knowledge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Self, cast

from duelhall.core.errors import IllegalActionError, OptionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import BoardCard, Kind, max_hp
from duelhall.games.duel52.cards import ACE, JACK, rank
from duelhall.games.duel52.powers import BASE_POWERS, Power

SEATS = 4
TEAMS = 2
LANES = 3
HAND_SIZE = 6
ALL_SEATS = 0b1111
"""Knowledge mask of a card every seat knows (every face-up card)."""
FIRST_ROUND_ACTIONS = (1, 2, 2, 3)
"""Actions of the first four turns of the game (A, B, C, D), then three each."""
STALEMATE_PASSES = SEATS + 1
"""Turns in a row without an action, with the pile empty, that end the game in a draw."""
EMPOWERABLE = frozenset({2, 4, 5, 6, 7, 12, ACE})
UNSUPPORTED = ("heroes", "bannermen", "forts", "vampiric")

# A board reference: (lane, side (team), index in that side's row of the lane).
Ref = tuple[int, int, int]
Pending = tuple[Any, ...]


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def team_seats(team: int) -> tuple[int, int]:
    return (team, team + 2)


class TeamCard(BoardCard):
    """A board card that also remembers who played it (``by``: a seat, -1 for a Base card).

    Who put a card down is seen by everyone at the table, so ``by`` is public."""

    __slots__ = ("by",)

    def __init__(self, card: int, *, by: int = -1, **kw: Any) -> None:
        super().__init__(card, **kw)
        self.by = by

    def copy(self) -> TeamCard:
        new = TeamCard.__new__(TeamCard)
        new.card = self.card
        new.rank = self.rank
        new.up = self.up
        new.base = self.base
        new.damage = self.damage
        new.frozen = self.frozen
        new.known = self.known
        new.pair = self.pair
        new.attacks = self.attacks
        new.bonus = self.bonus
        new.by = self.by
        return new


class TeamAction(NamedTuple):
    """One decision of the team game.

    ``seat`` is the acting seat (0-3). Board references are ``(lane, side, index)`` where
    ``side`` is a team; ``slots`` are the acting team's cards, ``targets`` anyone's.
    ``str(action)`` is its notation from the acting seat's point of view (lower-case
    letters for its own team's cards, upper-case for the other team's).
    """

    seat: int
    kind: str
    card: int = -1
    lane: int = -1
    slots: tuple[Ref, ...] = ()
    targets: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        from duelhall.games.duel52.teams_notation import format_action

        return format_action(self)

    def sort_key(self) -> tuple[Any, ...]:
        """Order for menus: plays, flips, pairs, attacks, then answers to a power."""
        order = (Kind.PLAY, Kind.FLIP, Kind.PAIR, Kind.ATTACK)
        group = order.index(self.kind) if self.kind in order else len(order)
        return (group, self.lane, self.slots, self.targets, self.card)


A = TeamAction

_PLAYS: dict[tuple[int, int, int], TeamAction] = {}
_FLIPS: dict[tuple[int, int, int], TeamAction] = {}
_ATTACKS: dict[tuple[int, tuple[Ref, ...], tuple[Ref, ...]], TeamAction] = {}


def _play_action(seat: int, card: int, lane: int) -> TeamAction:
    key = (seat, card, lane)
    a = _PLAYS.get(key)
    if a is None:
        a = _PLAYS[key] = A(seat, Kind.PLAY, card=card, lane=lane)
    return a


def _flip_action(seat: int, lane: int, i: int) -> TeamAction:
    key = (seat, lane, i)
    a = _FLIPS.get(key)
    if a is None:
        a = _FLIPS[key] = A(seat, Kind.FLIP, slots=((lane, team_of(seat), i),))
    return a


def _attack_action(seat: int, slots: tuple[Ref, ...], targets: tuple[Ref, ...]) -> TeamAction:
    key = (seat, slots, targets)
    a = _ATTACKS.get(key)
    if a is None:
        a = _ATTACKS[key] = A(seat, Kind.ATTACK, slots=slots, targets=targets)
    return a


def _by_index_descending(ref: Ref) -> int:
    return -ref[2]


def check_options(options: Mapping[str, Any]) -> None:
    """Reject options that do not apply to the team game, saying why."""
    for name in UNSUPPORTED:
        if options.get(name):
            raise OptionError(
                f"option {name} is not available in the team game (players=4); "
                "play it with players=2"
            )
    if options.get("variant", "standard") != "standard":
        raise OptionError(
            f"variant={options['variant']}: the team game always deals the whole deck "
            "(no cards are removed), so the quick and long variants do not apply; "
            "leave variant at standard"
        )


class TeamState:
    """A two-against-two Duel 52 game. See :mod:`duelhall.core.state` for the protocol."""

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
        "result",
        "rng",
        "rows",
        "seed",
        "turn",
    )

    # ------------------------------------------------------------------ construction

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = Rng(seed)
        self.powers: Mapping[int, Power] = BASE_POWERS
        self.rows: list[list[list[TeamCard]]] = [[[], []] for _ in range(LANES)]
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.pile: list[int] = []
        # (card, face-up, knowledge mask, killed on the board rather than discarded from hand)
        self.discard: list[tuple[int, bool, int, bool]] = []
        self.lane_winner: list[int | None] = [None] * LANES  # a team
        self.pending: list[Pending] = []
        self.current = 0
        self.first_player = 0
        self.turn = 1
        self.actions_left = 0
        self.actions_taken = 0
        self.passes = 0
        self.result: Outcome | None = None
        self._next_pair = 1
        self._legal: list[TeamAction] | None = None

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        check_options(options)
        state = cls(options, seed)
        deck = list(C.DECK)
        state.rng.shuffle(deck)
        for lane in range(LANES):
            for side in range(TEAMS):
                state.rows[lane][side].append(TeamCard(deck.pop(), base=True))
        for _ in range(HAND_SIZE):
            for seat in range(SEATS):
                state.hands[seat].append(deck.pop())
        state.pile = deck
        first = state.options.get("first_player", "random")
        state.first_player = state.rng.below(SEATS) if first == "random" else int(first) - 1
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
        new.hands = [h[:] for h in self.hands]
        new.pile = self.pile[:]
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
        new._legal = self._legal  # never mutated in place
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

    def legal_actions(self, seat: int | None = None) -> list[TeamAction]:
        if self.result is not None or (seat is not None and seat != self.current):
            return []
        if self._legal is None:
            self._legal = self._pending_choices() if self.pending else self._main_actions()
        return self._legal

    def apply(self, action: TeamAction) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
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

    def _why_illegal(self, action: Any) -> str:
        from duelhall.games.duel52.teams_explain import why_illegal

        return why_illegal(self, action)

    # ------------------------------------------------------------------ queries

    def at(self, ref: Ref) -> TeamCard:
        return self.rows[ref[0]][ref[1]][ref[2]]

    @property
    def pile_empty(self) -> bool:
        return not self.pile

    def lanes_won(self, team: int) -> int:
        return self.lane_winner.count(team)

    def attack_allowance(self, bc: BoardCard) -> int:
        allowed = 1 + bc.bonus
        return min(allowed, 2) if self.options["ace_attacks"] == "two" else allowed

    def card_count(self) -> int:
        """How many cards are in all zones together (52 in a consistent state)."""
        board = sum(len(row) for lane in self.rows for row in lane)
        return board + sum(len(h) for h in self.hands) + len(self.pile) + len(self.discard)

    # ------------------------------------------------------------------ power verbs
    # Called by the effects of BASE_POWERS with ``seat`` = the acting seat.

    def draw(self, seat: int) -> None:
        if self.pile:
            self.hands[seat].append(self.pile.pop())

    def turn_face_up(self, bc: BoardCard) -> None:
        bc.up = True
        bc.known = ALL_SEATS
        if bc.rank == 9:
            bc.frozen = False

    def activate(self, seat: int, lane: int, bc: BoardCard) -> None:
        effect = self.powers[bc.rank].activate
        if effect is not None:
            effect(cast(Any, self), seat, lane, bc)

    def own_facedown(self, seat: int, lane: int) -> list[TeamCard]:
        return [bc for bc in self.rows[lane][team_of(seat)] if not bc.up]

    def can_flip_by_power(self, bc: BoardCard) -> bool:
        return not bc.base or not self.pile

    def empowerable(self, seat: int, lane: int) -> list[TeamCard]:
        return [bc for bc in self.rows[lane][team_of(seat)] if bc.up and bc.rank in EMPOWERABLE]

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
        for bc in self.rows[lane][1 - team_of(seat)]:
            if not bc.is_up(9):
                bc.frozen = True

    def heal_all(self, seat: int) -> None:
        side = team_of(seat)
        for lane in self.rows:
            for bc in lane[side]:
                bc.damage = 0

    def grant_action(self, bc: BoardCard) -> None:
        self.actions_left += 1
        bc.bonus += 1

    # ------------------------------------------------------------------ legal actions

    def _main_actions(self) -> list[TeamAction]:
        me = self.current
        side = team_of(me)
        opp = 1 - side
        pile_empty = not self.pile
        out: list[TeamAction] = []
        open_lanes = [lane for lane in range(LANES) if self.lane_winner[lane] != opp]
        for card in self.hands[me]:
            for lane in open_lanes:
                out.append(_play_action(me, card, lane))
        cap_two = self.options["ace_attacks"] == "two"
        nine_immune = self.options["facedown_nine_immune"]
        my_bit = 1 << me
        for lane in range(LANES):
            mine, theirs = self.rows[lane][side], self.rows[lane][opp]
            ready: list[int] = []
            ranks_seen = 0
            for i, bc in enumerate(mine):
                if not bc.up:
                    if (not bc.frozen or (nine_immune and bc.rank == 9 and bc.known & my_bit)) and (
                        pile_empty or not bc.base
                    ):
                        out.append(_flip_action(me, lane, i))
                    continue
                if not bc.pair:
                    bit = 1 << bc.rank
                    if ranks_seen & bit:
                        for j in range(i):
                            other = mine[j]
                            if other.up and not other.pair and other.rank == bc.rank:
                                out.append(
                                    A(me, Kind.PAIR, slots=((lane, side, j), (lane, side, i)))
                                )
                    ranks_seen |= bit
                if not bc.frozen and bc.attacks < (
                    min(2, 1 + bc.bonus) if cap_two else 1 + bc.bonus
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
                eligible = jacks
            if not eligible:
                continue
            for i in ready:
                bc = mine[i]
                if bc.pair:
                    k = next(k for k, o in enumerate(mine) if o.pair == bc.pair and k != i)
                    if k < i or k not in ready:
                        continue  # listed once, from its first card, when both can attack
                    attackers: tuple[Ref, ...] = ((lane, side, i), (lane, side, k))
                else:
                    attackers = ((lane, side, i),)
                if bc.rank == 10:
                    self._twinstrikes(out, attackers, eligible)
                else:
                    for j in eligible:
                        out.append(_attack_action(me, attackers, ((lane, opp, j),)))
        return out

    def _twinstrikes(
        self, out: list[TeamAction], attackers: tuple[Ref, ...], eligible: list[int]
    ) -> None:
        """A 10 strikes two cards, never a face-up 9 together with another card."""
        me = self.current
        opp = 1 - team_of(me)
        lane = attackers[0][0]
        theirs = self.rows[lane][opp]
        nimble = [j for j in eligible if theirs[j].is_up(9)]
        others = [j for j in eligible if not theirs[j].is_up(9)]
        for j in nimble:
            out.append(_attack_action(me, attackers, ((lane, opp, j),)))
        if self.options["twinstrike_optional"] or len(others) == 1:
            for j in others:
                out.append(_attack_action(me, attackers, ((lane, opp, j),)))
        ordered = len(attackers) == 2  # a pair of 10s deals 2 to its first target
        for x in others:
            for y in others:
                if x != y and (ordered or x < y):
                    out.append(_attack_action(me, attackers, ((lane, opp, x), (lane, opp, y))))

    def _look_targets(self, seat: int) -> list[Ref]:
        """Face-down cards on the board whose identity ``seat`` does not know yet."""
        bit = 1 << seat
        return [
            (lane, s, i)
            for lane in range(LANES)
            for s in range(TEAMS)
            for i, bc in enumerate(self.rows[lane][s])
            if not bc.up and not bc.known & bit
        ]

    def _move_candidates(self, seat: int, lane: int) -> list[Ref]:
        pile_empty = not self.pile
        side = team_of(seat)
        return [
            (other, side, i)
            for other in range(LANES)
            if other != lane
            for i, bc in enumerate(self.rows[other][side])
            if pile_empty or not bc.base
        ]

    def _pending_choices(self) -> list[TeamAction]:
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
        side = team_of(me)
        return [
            A(me, Kind.RESOLVE, slots=((lane, side, i),))
            for i, bc in enumerate(self.rows[lane][side])
            if bc.card in waiting
        ]

    # ------------------------------------------------------------------ effects

    def _spend_action(self) -> None:
        self.actions_left -= 1
        self.actions_taken += 1

    def _play(self, card: int, lane: int) -> None:
        me = self.current
        self._spend_action()
        self.hands[me].remove(card)
        self.rows[lane][team_of(me)].append(TeamCard(card, known=1 << me, by=me))

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
        jack_hp = self.options["facedown_jack_hp"]
        if len(refs) > 1:
            refs = tuple(sorted(refs, key=_by_index_descending))
        for lane, side, i in refs:
            bc = self.rows[lane][side][i]
            if bc.damage < max_hp(bc, jack_hp):
                continue
            if by_opponent and not bc.up and bc.rank == 3:
                # Trap: killed face-down by the other team, it returns face-up and unhurt.
                self.turn_face_up(bc)
                bc.damage = 0
                continue
            self._lift(lane, side, i)
            self.discard.append((bc.card, bc.up, ALL_SEATS if bc.up else bc.known, True))

    def _answer(self, action: TeamAction) -> None:
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
            lane, side, i = action.slots[0]
            self.rows[action.lane][side].append(self._lift(lane, side, i))
        elif kind == Kind.RESOLVE:
            self._resolve_next(top[1], top[2], self.at(action.slots[0]))

    def _auto_resolve(self) -> bool:
        top = self.pending[-1]
        if top[0] != "order":
            return False
        lane, waiting = top[1], top[2]
        if len({rank(c) for c in waiting}) > 1:
            return False
        self.pending.pop()
        for bc in self.rows[lane][team_of(self.current)]:
            if bc.card == waiting[0]:
                self._resolve_next(lane, waiting, bc)
                break
        return True

    def _resolve_next(self, lane: int, waiting: tuple[int, ...], bc: BoardCard) -> None:
        rest = tuple(c for c in waiting if c != bc.card)
        if rest:
            self.pending.append(("order", lane, rest))
        self.activate(self.current, lane, bc)

    def _lift(self, lane: int, side: int, i: int) -> TeamCard:
        bc = self.rows[lane][side].pop(i)
        if bc.pair:
            for other in self.rows[lane][side]:
                if other.pair == bc.pair:
                    other.pair = 0
            bc.pair = 0
        return bc

    # ------------------------------------------------------------------ turn flow

    def _settle(self) -> None:
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
            for bc in lane[team_of(me)]:
                bc.attacks = 0
                bc.bonus = 0
        first_turn = self.turn == 1
        if not first_turn or self.options["first_player_draws"]:
            self.draw(me)
        self.actions_left = (
            FIRST_ROUND_ACTIONS[self.turn - 1] if self.turn <= len(FIRST_ROUND_ACTIONS) else 3
        )
        self.actions_taken = 0
        self._legal = None

    def _end_turn(self) -> None:
        me = self.current
        for lane in self.rows:
            for bc in lane[team_of(me)]:
                # A freeze lasts until the end of the frozen team's next turn.
                bc.frozen = False
                bc.attacks = 0
                bc.bonus = 0
        self.passes = self.passes + 1 if self.actions_taken == 0 else 0
        if not self.pile and self.passes >= STALEMATE_PASSES:
            self.result = Outcome(
                None,
                (0.5,) * SEATS,
                "stalemate",
                "no player can act any more: a draw",
            )
            return
        self.current = (me + 1) % SEATS
        self.turn += 1
        self.actions_left = 0

    def _check_lanes(self) -> None:
        winners = self.lane_winner
        for lane in range(LANES):
            if winners[lane] is not None:
                continue
            ours, theirs = self.rows[lane]
            if bool(ours) == bool(theirs):
                continue
            side = 0 if ours else 1
            if self.options["lane_win"] == "hand-empty" and (
                self.pile or any(self.hands[s] for s in team_seats(1 - side))
            ):
                continue  # the losing team can still play cards into it
            winners[lane] = side
        for side in range(TEAMS):
            if winners.count(side) >= 2:
                seats = team_seats(side)
                self.result = Outcome(
                    seats[0],
                    tuple(1.0 if team_of(s) == side else 0.0 for s in range(SEATS)),
                    "two-lanes",
                    f"the team of players {seats[0] + 1} and {seats[1] + 1} won two lanes",
                    {"team": side, "seats": list(seats)},
                )
                return

    # ------------------------------------------------------------------ delegated

    def view(self, seat: int | None) -> dict[str, Any]:
        from duelhall.games.duel52.teams_view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        from duelhall.games.duel52.teams_view import determinize

        return determinize(self, seat, rng)  # type: ignore[return-value]

    def parse_action(self, text: str, seat: int | None = None) -> TeamAction:
        from duelhall.games.duel52.teams_notation import parse_action

        return parse_action(self, text, self.current if seat is None else seat)

    def to_position(self) -> dict[str, Any]:
        from duelhall.games.duel52.teams_position import to_position

        return to_position(self)

    def evaluate_for(self, seat: int) -> float:
        """``seat``'s team's chance of winning, estimated without search."""
        from duelhall.games.duel52.teams_eval import evaluate_for

        return evaluate_for(self, seat)

    def rollout_action(self, rng: Rng) -> TeamAction:
        from duelhall.games.duel52.teams_eval import rollout_action

        return rollout_action(self, rng)


def new_game(seed: int, options: Mapping[str, Any]) -> TeamState:
    """A new team game (``duelhall.games.duel52`` calls this for ``players=4``)."""
    return TeamState.new_game(seed, options)


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TeamState:
    """A team game from a position (docs/notation/duel52-teams.md)."""
    from duelhall.games.duel52.teams_position import load_position as load

    return load(info, data)

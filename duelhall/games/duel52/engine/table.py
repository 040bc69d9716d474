"""The Duel 52 table: the rules every player count shares, written once.

Duel 52 comes in three shapes: two players (:mod:`~duelhall.games.duel52.duel.state`),
two against two (:mod:`~duelhall.games.duel52.variants.teams.state`) and three players over
four triangles (:mod:`~duelhall.games.duel52.variants.triangles.state`). They deal, seat and
win differently, but a card behaves the same in all of them: it is played face-down,
flipped, paired, attacks with the same damage and retaliation, dies (or springs its Trap)
the same way, and its power calls the same verbs. That common part is :class:`Table`. A
variant subclasses it and says only what differs:

- the seats: ``SEATS``, ``SIDES`` and :meth:`Table.side_of` (whose row of a lane a seat's
  cards are in: its own, or its team's);
- the deal (``new_game``), how a card is played (``_play``), which actions are legal
  (``_main_actions``, written out per variant: it is the hottest code in search) and how
  the game is won (``_check_lanes``);
- a few numbers: ``OPENING_ACTIONS``, ``STALEMATE_PASSES`` and the draw that ends in.

Words used here: a *lane* is a place cards fight over (a triangle in the three-player game);
a lane holds one row of cards per *side* (a seat, or a team in the team game); a board
reference :data:`~duelhall.games.duel52.engine.board.Ref` is ``(lane, side, index in the row)``.

Choices made inside a power (the 2's discard, the 4's look, the Queen's move, the order in
which a 5's or King's powers resolve) are entries on ``pending``, a stack: while it is not
empty the seat to move answers its top entry instead of taking a main action. Entries are
immutable tuples, so clones share them:

- ``("discard",)``: the 2, discard a card from hand;
- ``("look",)``: the 4, look at a face-down card;
- ``("move", lane)``: the Queen in ``lane``, bring an ally card or stay;
- ``("order", lane, cards)``: powers waiting to resolve, by card, in ``lane`` (``-1``: in any
  of the seat's lanes, for the expansion's banner 5 and King).

Board cards carry a letter for people to point at (``2c``): its place in its row, except
that within a turn a card that leaves a row gives up its letter for good, so the cards
behind it keep theirs (``vacated``, see :func:`~duelhall.games.duel52.engine.board.row_letters`).
Who left where is seen by everyone, so the letters are public. The notation written into
records still counts places (``Ref`` indexes), as it always has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from duelhall.core.errors import IllegalActionError
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.core.wiring import Wired
from duelhall.games.duel52.engine.board import BoardCard, Kind, Ref, letter_bit, max_hp, row_letters
from duelhall.games.duel52.engine.cards import JACK, rank
from duelhall.games.duel52.engine.powers import BASE_POWERS, EMPOWERABLE, Power

Pending = tuple[Any, ...]


class TableAction(Protocol):
    """What the shared rules read of an action. Each variant has its own NamedTuple with
    these fields in this order (the three-player one calls its lane ``tri``)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def card(self) -> int: ...

    @property
    def lane(self) -> int: ...

    @property
    def slots(self) -> tuple[Ref, ...]: ...

    @property
    def targets(self) -> tuple[Ref, ...]: ...


CardT = TypeVar("CardT", bound=BoardCard)
ActionT = TypeVar("ActionT", bound=TableAction)


def by_index_descending(ref: Ref) -> int:
    """Sort key: burying from the end of a row keeps the other indexes valid."""
    return -ref[2]


def attackable(theirs: Sequence[BoardCard], pile_empty: bool) -> list[int]:
    """The places in an opponent's row that may be attacked: Base cards only once the pile
    is empty, and only face-up Jacks while one stands there (a Jack taunts)."""
    eligible = []
    jacks = []
    for j, t in enumerate(theirs):
        if pile_empty or not t.base:
            eligible.append(j)
            if t.up and t.rank == JACK:
                jacks.append(j)
    return jacks or eligible


class Table(Wired, Generic[CardT, ActionT]):
    """A Duel 52 game in progress, whatever the number of players; see the module notes.

    Subclasses set the class constants below and implement ``_main_actions``, ``_play`` and
    ``_check_lanes``. What describes a state (``view``, ``determinize``, ``parse_action``,
    ``to_position``, ``why_illegal``) is not written here or in a subclass: the game
    package wires it (:class:`~duelhall.core.wiring.Wired`), so no state module imports the
    modules that describe it.
    """

    SEATS: ClassVar[int]
    SIDES: ClassVar[int]
    """Rows in each lane: one per seat, or one per team."""
    LANES: ClassVar[int]
    ALL_SEATS: ClassVar[int]
    """Knowledge mask meaning every seat knows a card (every face-up card)."""
    OPENING_ACTIONS: ClassVar[tuple[int, ...]]
    """Actions of the game's first turns, in turn order; every later turn has three."""
    STALEMATE_PASSES: ClassVar[int]
    """Turns in a row without an action, with the pile empty, that end the game in a draw."""
    DRAW_SCORES: ClassVar[tuple[float, ...]]
    NO_VACATED: ClassVar[tuple[tuple[int, ...], ...]]
    """No letter given up, in every row: the board of a new turn (set from the shape)."""
    STALEMATE_DETAIL: ClassVar[str]

    action_type: Callable[[int, str, int, int, tuple[Ref, ...], tuple[Ref, ...]], ActionT]
    """The variant's action class (set as a class attribute)."""

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
        "vacated",
    )

    # ------------------------------------------------------------------ construction

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        """An empty table; use ``new_game`` or a position loader to fill it."""
        # Read-only, and shared by every clone and re-deal: an agent's sample cannot change
        # the rules of the true game.
        self.options: Mapping[str, Any] = MappingProxyType(dict(options))
        self.seed = seed
        self.rng = Rng(seed)
        self.powers: Mapping[int, Power[Self]] = BASE_POWERS
        self.rows: list[list[list[CardT]]] = [
            [[] for _ in range(self.SIDES)] for _ in range(self.LANES)
        ]
        self.hands: list[list[int]] = [[] for _ in range(self.SEATS)]
        self.pile: list[int] = []  # top card last
        self.removed: list[int] = []  # set aside, out of the game
        # (card, face-up, knowledge mask, killed on the board rather than discarded from hand)
        self.discard: list[tuple[int, bool, int, bool]] = []
        # The side that has won each lane for good, else None. The three-player game never
        # closes a triangle (control is checked as it stands, ruling T9): all None there.
        self.lane_winner: list[int | None] = [None] * self.LANES
        self.pending: list[Pending] = []
        self.current = 0
        self.first_player = 0
        self.turn = 1
        self.actions_left = 0
        self.actions_taken = 0
        self.passes = 0
        self.result: Outcome | None = None
        self._next_pair = 1
        self._legal: list[ActionT] | None = None
        # Per lane and side, a bitmask of the letters given up this turn (bit 0: ``a``).
        # Replaced, never changed in place, so clones share it.
        self.vacated = self.NO_VACATED

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "LANES" in vars(cls) or "SIDES" in vars(cls):
            cls.NO_VACATED = tuple((0,) * cls.SIDES for _ in range(cls.LANES))

    def no_vacated(self) -> tuple[tuple[int, ...], ...]:
        """No letter given up: the board of a new turn."""
        return self.NO_VACATED

    def _begin(self, first: Any) -> None:
        """After the deal: ``first`` ("random", or a player number from 1) takes turn one."""
        self.first_player = self.rng.below(self.SEATS) if first == "random" else int(first) - 1
        self.current = self.first_player
        self._start_turn()
        self._settle()

    def clone(self) -> Self:
        """A copy for search, by hand (no deepcopy); variants add their own fields."""
        cls = type(self)
        new = cls.__new__(cls)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.powers = self.powers
        # Every card class's copy returns its own class (mypy sees BoardCard.copy's type).
        new.rows = [[[bc.copy() for bc in row] for row in lane] for lane in self.rows]  # type: ignore[misc]
        new.hands = [hand[:] for hand in self.hands]
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
        new.vacated = self.vacated  # likewise
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

    def legal_actions(self, seat: int | None = None) -> list[ActionT]:
        if self.result is not None or (seat is not None and seat != self.current):
            return []
        if self._legal is None:
            self._legal = self._pending_choices() if self.pending else self._main_actions()
        return self._legal

    def apply(self, action: ActionT) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
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

    # ------------------------------------------------------------------ variant hooks

    def side_of(self, seat: int) -> int:
        """The side (row of every lane) whose cards ``seat`` plays and commands."""
        return seat

    def _main_actions(self) -> list[ActionT]:
        """Plays, flips, pairs and attacks open to the seat to move."""
        raise NotImplementedError

    def _play(self, card: int, lane: int) -> None:
        """The seat to move plays ``card`` from hand face-down into ``lane`` (an action)."""
        raise NotImplementedError

    def _check_lanes(self) -> None:
        """End the game if someone has won (checked after every step)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ queries

    def at(self, ref: Ref) -> CardT:
        return self.rows[ref[0]][ref[1]][ref[2]]

    @property
    def pile_empty(self) -> bool:
        return not self.pile

    def own_facedown(self, seat: int, lane: int) -> list[CardT]:
        return [bc for bc in self.rows[lane][self.side_of(seat)] if not bc.up]

    def can_flip_by_power(self, bc: BoardCard) -> bool:
        """A 5 flips played cards, and Base cards too once the pile is empty."""
        return not bc.base or not self.pile

    def empowerable(self, seat: int, lane: int) -> list[CardT]:
        side = self.side_of(seat)
        return [bc for bc in self.rows[lane][side] if bc.up and bc.rank in EMPOWERABLE]

    def attack_allowance(self, bc: BoardCard, owner: int | None = None) -> int:
        """Attacks ``bc`` may make this turn (``owner`` matters only with bannermen)."""
        allowed = 1 + bc.bonus
        return min(allowed, 2) if self.options["ace_attacks"] == "two" else allowed

    def letters(self, lane: int, side: int) -> list[str]:
        """The letters people name the cards of a row by, in row order (see the module
        notes): ``a``, ``b``... with the letters of cards that left this turn skipped."""
        return row_letters(self.vacated[lane][side], len(self.rows[lane][side]))

    def vacate(self, lane: int, side: int, index: int) -> None:
        """The card at ``index`` is leaving its row: its letter is not given out again
        this turn."""
        mask = self.vacated[lane][side] | 1 << letter_bit(self.vacated[lane][side], index)
        sides = self.vacated[lane]
        row = (*sides[:side], mask, *sides[side + 1 :])
        self.vacated = (*self.vacated[:lane], row, *self.vacated[lane + 1 :])

    def lanes_won(self, side: int) -> int:
        return self.lane_winner.count(side)

    def actions_for_turn(self, turn: int) -> int:
        opening = self.OPENING_ACTIONS
        return opening[turn - 1] if 0 < turn <= len(opening) else 3

    def card_count(self) -> int:
        """How many cards are in all zones together (52 in a consistent state)."""
        board = sum(len(row) for lane in self.rows for row in lane)
        zones = len(self.pile) + len(self.removed) + len(self.discard)
        return board + sum(len(hand) for hand in self.hands) + zones

    # ------------------------------------------------------------------ power verbs
    # What the effects in powers.py call; ``seat`` is the seat whose card's power it is.

    def draw(self, seat: int) -> None:
        if self.pile:
            self.hands[seat].append(self.pile.pop())

    def turn_face_up(self, bc: BoardCard) -> None:
        bc.up = True
        bc.known = self.ALL_SEATS
        if bc.rank == 9:
            bc.frozen = False  # a face-up 9 cannot be frozen

    def activate(self: Self, seat: int, lane: int, bc: BoardCard) -> None:
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
        """Freeze every other side's cards in ``lane`` (a face-up 9 is immune)."""
        side = self.side_of(seat)
        for other, row in enumerate(self.rows[lane]):
            if other != side:
                for bc in row:
                    if not bc.is_up(9):
                        bc.frozen = True

    def heal_all(self, seat: int) -> None:
        side = self.side_of(seat)
        for lane in self.rows:
            for bc in lane[side]:
                bc.damage = 0

    def grant_action(self, bc: BoardCard) -> None:
        self.actions_left += 1
        bc.bonus += 1

    # ------------------------------------------------------------------ pending choices

    def _look_targets(self, seat: int) -> list[Ref]:
        """Face-down cards on the board whose identity ``seat`` does not know yet."""
        bit = 1 << seat
        return [
            (lane, side, i)
            for lane, sides in enumerate(self.rows)
            for side, row in enumerate(sides)
            for i, bc in enumerate(row)
            if not bc.up and not bc.known & bit
        ]

    def _move_candidates(self, seat: int, lane: int) -> list[Ref]:
        """Ally cards in other lanes a Queen in ``lane`` may bring (no Base card while the
        pile lasts)."""
        pile_empty = not self.pile
        side = self.side_of(seat)
        return [
            (other, side, i)
            for other, sides in enumerate(self.rows)
            if other != lane
            for i, bc in enumerate(sides[side])
            if pile_empty or not bc.base
        ]

    def _choice(
        self,
        kind: str,
        *,
        card: int = -1,
        lane: int = -1,
        slots: tuple[Ref, ...] = (),
        targets: tuple[Ref, ...] = (),
    ) -> ActionT:
        """An action of the seat to move, in the variant's action class."""
        return self.action_type(self.current, kind, card, lane, slots, targets)

    def _pending_choices(self) -> list[ActionT]:
        me = self.current
        top = self.pending[-1]
        what = top[0]
        if what == "discard":
            return [self._choice(Kind.DISCARD, card=c) for c in self.hands[me]]
        if what == "look":
            return [self._choice(Kind.LOOK, targets=(ref,)) for ref in self._look_targets(me)]
        if what == "move":
            lane = top[1]
            moves = [
                self._choice(Kind.MOVE, lane=lane, slots=(ref,))
                for ref in self._move_candidates(me, lane)
            ]
            return [*moves, self._choice(Kind.STAY, lane=lane)]
        lane, waiting = top[1], top[2]
        side = self.side_of(me)
        return [
            self._choice(Kind.RESOLVE, slots=((at, side, i),))
            for at in (range(len(self.rows)) if lane < 0 else (lane,))
            for i, bc in enumerate(self.rows[at][side])
            if bc.card in waiting
        ]

    def _answer(self, action: ActionT) -> None:
        me = self.current
        top = self.pending.pop()
        kind = action.kind
        if kind == Kind.DISCARD:
            self.hands[me].remove(action.card)
            public = self.options["view_discard"] == "revealed"
            known = self.ALL_SEATS if public else 1 << me
            self.discard.append((action.card, public, known, False))
        elif kind == Kind.LOOK:
            self.at(action.targets[0]).known |= 1 << me
        elif kind == Kind.MOVE:
            lane, side, i = action.slots[0]
            self.rows[action.lane][side].append(self._lift(lane, side, i))
        elif kind == Kind.RESOLVE:
            ref = action.slots[0]
            self._resolve_next(top[1], top[2], ref[0], self.at(ref))
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
        side = self.side_of(self.current)
        for at in range(len(self.rows)) if lane < 0 else (lane,):
            for bc in self.rows[at][side]:
                if bc.card == waiting[0]:
                    self._resolve_next(lane, waiting, at, bc)
                    return True
        return True

    def _resolve_next(self, lane: int, waiting: tuple[int, ...], at: int, bc: BoardCard) -> None:
        """Fire ``bc``'s waiting power (it is in lane ``at``); the others wait beneath
        whatever it asks."""
        rest = tuple(c for c in waiting if c != bc.card)
        if rest:
            self.pending.append(("order", lane, rest))
        self.activate(self.current, at, bc)

    # ------------------------------------------------------------------ effects

    def _spend_action(self) -> None:
        self.actions_left -= 1
        self.actions_taken += 1

    def _attack(self, slots: tuple[Ref, ...], targets: tuple[Ref, ...]) -> None:
        """Damage, then retaliation, then the dead are buried (the struck cards first)."""
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
            refs = tuple(sorted(refs, key=by_index_descending))
        for lane, side, i in refs:
            bc = self.rows[lane][side][i]
            if bc.damage < max_hp(bc, jack_hp):
                continue
            if by_opponent and not bc.up and bc.rank == 3:
                # Trap: killed face-down, it returns face-up as a fresh live card.
                self.turn_face_up(bc)
                bc.damage = 0
                continue
            self._kill(lane, side, i)

    def _kill(self, lane: int, side: int, i: int) -> None:
        """A dead card goes to the discard pile; a face-down one stays unseen by those who
        did not know it."""
        bc = self._lift(lane, side, i)
        self.discard.append((bc.card, bc.up, self.ALL_SEATS if bc.up else bc.known, True))

    def _lift(self, lane: int, side: int, i: int) -> CardT:
        """Take a card out of its row (it dies or moves); a pair it was in breaks."""
        self.vacate(lane, side, i)
        bc = self.rows[lane][side].pop(i)
        if bc.pair:
            for other in self.rows[lane][side]:
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
        side = self.side_of(me)
        self.vacated = self.NO_VACATED  # letters close up for the new turn
        for lane in self.rows:
            for bc in lane[side]:
                bc.attacks = 0
                bc.bonus = 0
        if self.turn != 1 or self.options["first_player_draws"]:
            self.draw(me)
        self.actions_left = self.actions_for_turn(self.turn)
        self.actions_taken = 0
        self._legal = None

    def _end_turn(self) -> None:
        me = self.current
        side = self.side_of(me)
        for lane in self.rows:
            for bc in lane[side]:
                # Freezes last until the end of the frozen side's turn; attack counts are
                # cleared now (not only when the next turn starts) so views show them fresh.
                bc.frozen = False
                bc.attacks = 0
                bc.bonus = 0
        self.passes = self.passes + 1 if self.actions_taken == 0 else 0
        if not self.pile and self.passes >= self.STALEMATE_PASSES:
            # A round of turns without an action and nothing left to draw: every freeze
            # has expired meanwhile, so nothing can ever change again.
            self.result = Outcome(None, self.DRAW_SCORES, "stalemate", self.STALEMATE_DETAIL)
            return
        self.current = (me + 1) % self.SEATS
        self.turn += 1
        self.actions_left = 0

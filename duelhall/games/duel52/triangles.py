"""Duel 52 for three players over four triangles (rulebook section 4, "Three Player").

Seats are 0, 1 and 2 (players 1-3 on screen); they take turns in seat order, starting with
``first_player``. Triangles are 0..3. Each triangle holds one row of
:class:`~duelhall.games.duel52.board.BoardCard` per seat; there are no Base cards, so every
card on the board was played by its owner, who therefore always knows it. A card's
``known`` mask has one bit per seat (``0b111``: everybody, as for a face-up card).

Every card power is the two-player one (the activation functions of
:mod:`duelhall.games.duel52.powers` are reused as they are) with "lane" read as
"triangle" and "the opponent" as "both opponents"; the verbs they call (``freeze_enemies``,
``ask_look``...) are implemented here for three seats. The differences, and every point the
rulebook leaves open, are the rulings T1-T25 of docs/rulings/duel52-three-players.md.

Winning: once the draw pile is empty, the first player to control two triangles (they have
cards there and nobody else does) wins, checked after every action and every answered
choice. With the pile empty, six turns in a row without an action end the game in a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Self, cast

from duelhall.core.errors import IllegalActionError, OptionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import BoardCard, Kind, max_hp
from duelhall.games.duel52.cards import ACE, JACK, rank
from duelhall.games.duel52.powers import BASE_POWERS

if TYPE_CHECKING:
    from duelhall.games.duel52.state import Duel52State

SEATS = 3
TRIANGLES = 4
HAND_SIZE = 6
ALL_SEATS = 0b111
STALEMATE_PASSES = 6
"""Turns in a row without an action, with the pile empty, that end the game in a draw."""
EMPOWERABLE = frozenset({2, 4, 5, 6, 7, 12, ACE})

# A board reference: (triangle, owning seat, index in that seat's row of the triangle).
Ref = tuple[int, int, int]
Pending = tuple[Any, ...]
# Pending entries (immutable so clones share them):
#   ("discard",)               the 2: discard a card from hand
#   ("look",)                  the 4: look at a face-down card
#   ("move", tri)              the Queen in ``tri``: bring an ally card, or stay
#   ("order", tri, cards)      powers waiting to resolve, by card, in ``tri``

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
        from duelhall.games.duel52.triangles_notation import format_action

        return format_action(self)

    def sort_key(self) -> tuple[int, int, int, int, str]:
        """Order for listing choices: plays card by card, then the rest by kind."""
        if self.kind == Kind.PLAY:
            return (0, C.rank(self.card), C.suit(self.card), self.tri, "")
        r = C.rank(self.card) if self.card >= 0 else 0
        return (_KIND_ORDER[self.kind], self.tri, r, 0, str(self))


_KIND_ORDER = {
    Kind.PLAY: 0,
    Kind.FLIP: 1,
    Kind.ATTACK: 2,
    Kind.PAIR: 3,
    Kind.DISCARD: 4,
    Kind.LOOK: 5,
    Kind.MOVE: 6,
    Kind.STAY: 7,
    Kind.RESOLVE: 8,
}

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


class TriState:
    """A three-player Duel 52 game in progress (see :mod:`duelhall.core.state`)."""

    __slots__ = (
        "_legal",
        "_next_pair",
        "actions_left",
        "actions_taken",
        "current",
        "discard",
        "first_player",
        "hands",
        "options",
        "passes",
        "pending",
        "pile",
        "removed",
        "result",
        "rng",
        "rows",
        "seed",
        "turn",
    )

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = Rng(seed)
        self.rows: list[list[list[BoardCard]]] = [
            [[] for _ in range(SEATS)] for _ in range(TRIANGLES)
        ]
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.pile: list[int] = []  # top card last
        # Cards out of the game: none in a real deal (ruling T1); positions may set some aside.
        self.removed: list[int] = []
        # (card, face-up, knowledge mask, killed on the board rather than discarded from hand)
        self.discard: list[tuple[int, bool, int, bool]] = []
        self.pending: list[Pending] = []
        self.current = 0
        self.first_player = 0
        self.turn = 1
        self.actions_left = 0
        self.actions_taken = 0
        self.passes = 0
        self.result: Outcome | None = None
        self._next_pair = 1
        self._legal: list[TriAction] | None = None

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
        new.rows = [[[bc.copy() for bc in row] for row in tri] for tri in self.rows]
        new.hands = [h[:] for h in self.hands]
        new.pile = self.pile[:]
        new.removed = self.removed[:]
        new.discard = self.discard[:]
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

    def legal_actions(self, seat: int | None = None) -> list[TriAction]:
        if self.result is not None or (seat is not None and seat != self.current):
            return []
        if self._legal is None:
            self._legal = self._pending_choices() if self.pending else self._main_actions()
        return self._legal

    def apply(self, action: TriAction) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self._legal = None
        kind = action.kind
        if kind == Kind.PLAY:
            self._spend_action()
            self.hands[self.current].remove(action.card)
            self.rows[action.tri][self.current].append(
                BoardCard(action.card, known=1 << self.current)
            )
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
        if self.result is not None:
            return "the game is over"
        if not isinstance(action, TriAction):
            return f"{action!r} is not a three-player Duel 52 action"
        if action.seat != self.current:
            return f"it is player {self.current + 1}'s turn, not player {action.seat + 1}'s"
        if self.pending:
            what = self.pending[-1][0]
            return f"'{action}' is not possible now: first answer the waiting {what} choice"
        if action.kind not in MAIN_KINDS:
            return f"'{action}' answers a power's question, and none is waiting"
        return f"'{action}' is not one of your legal actions now"

    # ------------------------------------------------------------------ queries

    def at(self, ref: Ref) -> BoardCard:
        return self.rows[ref[0]][ref[1]][ref[2]]

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

    def own_facedown(self, seat: int, tri: int) -> list[BoardCard]:
        return [bc for bc in self.rows[tri][seat] if not bc.up]

    def can_flip_by_power(self, bc: BoardCard) -> bool:
        return True  # no Base cards in this game

    def empowerable(self, seat: int, tri: int) -> list[BoardCard]:
        return [bc for bc in self.rows[tri][seat] if bc.up and bc.rank in EMPOWERABLE]

    def attack_allowance(self, bc: BoardCard) -> int:
        allowed = 1 + bc.bonus
        return min(allowed, 2) if self.options["ace_attacks"] == "two" else allowed

    def card_count(self) -> int:
        board = sum(len(row) for tri in self.rows for row in tri)
        zones = len(self.pile) + len(self.discard) + len(self.removed)
        return board + sum(len(h) for h in self.hands) + zones

    # ------------------------------------------------------------------ power verbs
    # The two-player power functions (powers.BASE_POWERS) call these by name.

    def draw(self, seat: int) -> None:
        if self.pile:
            self.hands[seat].append(self.pile.pop())

    def turn_face_up(self, bc: BoardCard) -> None:
        bc.up = True
        bc.known = ALL_SEATS
        if bc.rank == 9:
            bc.frozen = False

    def activate(self, seat: int, tri: int, bc: BoardCard) -> None:
        effect = BASE_POWERS[bc.rank].activate
        if effect is not None:
            effect(cast("Duel52State", self), seat, tri, bc)

    def activate_in_chosen_order(self, seat: int, tri: int, cards: Iterable[BoardCard]) -> None:
        waiting = tuple(bc.card for bc in cards if BASE_POWERS[bc.rank].activate is not None)
        if waiting:
            self.pending.append(("order", tri, waiting))

    def ask_discard(self, seat: int) -> None:
        self.pending.append(("discard",))

    def ask_look(self, seat: int) -> None:
        if self._look_targets(seat):
            self.pending.append(("look",))

    def ask_move(self, seat: int, tri: int) -> None:
        if self._move_candidates(seat, tri):
            self.pending.append(("move", tri))

    def freeze_enemies(self, seat: int, tri: int) -> None:
        """A 6 freezes the cards of both opponents in its triangle (ruling T17)."""
        for other, row in enumerate(self.rows[tri]):
            if other == seat:
                continue
            for bc in row:
                if not bc.is_up(9):
                    bc.frozen = True

    def heal_all(self, seat: int) -> None:
        for tri in self.rows:
            for bc in tri[seat]:
                bc.damage = 0

    def grant_action(self, bc: BoardCard) -> None:
        self.actions_left += 1
        bc.bonus += 1

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

    def _look_targets(self, seat: int) -> list[Ref]:
        bit = 1 << seat
        return [
            (tri, s, i)
            for tri in range(TRIANGLES)
            for s in range(SEATS)
            for i, bc in enumerate(self.rows[tri][s])
            if not bc.up and not bc.known & bit
        ]

    def _move_candidates(self, seat: int, tri: int) -> list[Ref]:
        return [
            (other, seat, i)
            for other in range(TRIANGLES)
            if other != tri
            for i in range(len(self.rows[other][seat]))
        ]

    def _pending_choices(self) -> list[TriAction]:
        me = self.current
        top = self.pending[-1]
        what = top[0]
        if what == "discard":
            return [A(me, Kind.DISCARD, card=c) for c in self.hands[me]]
        if what == "look":
            return [A(me, Kind.LOOK, targets=(ref,)) for ref in self._look_targets(me)]
        if what == "move":
            tri = top[1]
            moves = [A(me, Kind.MOVE, tri=tri, slots=(r,)) for r in self._move_candidates(me, tri)]
            return [*moves, A(me, Kind.STAY, tri=tri)]
        tri, waiting = top[1], top[2]
        return [
            A(me, Kind.RESOLVE, slots=((tri, me, i),))
            for i, bc in enumerate(self.rows[tri][me])
            if bc.card in waiting
        ]

    # ------------------------------------------------------------------ effects

    def _spend_action(self) -> None:
        self.actions_left -= 1
        self.actions_taken += 1

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
        jack_hp = self.options["facedown_jack_hp"]
        retaliation = 0
        for bc, amount in zip(hit, damage, strict=True):
            if bc.is_up(8):
                dies = bc.damage + amount >= max_hp(bc, jack_hp)
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
        for tri, seat, i in sorted(refs, key=lambda r: -r[2]):
            bc = self.rows[tri][seat][i]
            if bc.damage < max_hp(bc, jack_hp):
                continue
            if by_opponent and not bc.up and bc.rank == 3:
                self.turn_face_up(bc)  # Trap
                bc.damage = 0
                continue
            self._lift(tri, seat, i)
            self.discard.append((bc.card, bc.up, ALL_SEATS if bc.up else bc.known, True))

    def _lift(self, tri: int, seat: int, i: int) -> BoardCard:
        bc = self.rows[tri][seat].pop(i)
        if bc.pair:
            for other in self.rows[tri][seat]:
                if other.pair == bc.pair:
                    other.pair = 0
            bc.pair = 0
        return bc

    def _answer(self, action: TriAction) -> None:
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
            tri, seat, i = action.slots[0]
            self.rows[action.tri][seat].append(self._lift(tri, seat, i))
        elif kind == Kind.RESOLVE:
            self._resolve_next(top[1], top[2], self.at(action.slots[0]))

    def _auto_resolve(self) -> bool:
        top = self.pending[-1]
        if top[0] != "order":
            return False
        tri, waiting = top[1], top[2]
        if len({rank(c) for c in waiting}) > 1:
            return False
        self.pending.pop()
        for bc in self.rows[tri][self.current]:
            if bc.card == waiting[0]:
                self._resolve_next(tri, waiting, bc)
                break
        return True

    def _resolve_next(self, tri: int, waiting: tuple[int, ...], bc: BoardCard) -> None:
        rest = tuple(c for c in waiting if c != bc.card)
        if rest:
            self.pending.append(("order", tri, rest))
        self.activate(self.current, tri, bc)

    # ------------------------------------------------------------------ turn flow

    def _settle(self) -> None:
        while True:
            while self.pending and self._auto_resolve():
                self._check_control()
                if self.result is not None:
                    break
            self._check_control()
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

    def actions_for_turn(self, turn: int) -> int:
        return FIRST_TURN_ACTIONS[turn - 1] if turn <= len(FIRST_TURN_ACTIONS) else 3

    def _start_turn(self) -> None:
        me = self.current
        for tri in self.rows:
            for bc in tri[me]:
                bc.attacks = 0
                bc.bonus = 0
        if self.turn != 1 or self.options["first_player_draws"]:
            self.draw(me)
        self.actions_left = self.actions_for_turn(self.turn)
        self.actions_taken = 0
        self._legal = None

    def _end_turn(self) -> None:
        me = self.current
        for tri in self.rows:
            for bc in tri[me]:
                bc.frozen = False  # a freeze lasts to the end of its owner's next turn
                bc.attacks = 0
                bc.bonus = 0
        self.passes = self.passes + 1 if self.actions_taken == 0 else 0
        if not self.pile and self.passes >= STALEMATE_PASSES:
            self.result = Outcome(
                None,
                (1 / 3, 1 / 3, 1 / 3),
                "stalemate",
                "two full rounds without an action: nobody can win, a draw",
            )
            return
        self.current = self.next_seat(me)
        self.turn += 1
        self.actions_left = 0

    def _check_control(self) -> None:
        """Once the pile is empty, a player controlling two triangles wins at once (T11);
        if one moment gives it to several, the player to move wins, else the next in turn."""
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

    # ------------------------------------------------------------------ agents

    def evaluate_for(self, seat: int) -> float:
        from duelhall.games.duel52.triangles_eval import evaluate

        return evaluate(self, seat)

    def rollout_action(self, rng: Rng) -> TriAction:
        legal = self.legal_actions()
        if len(legal) > 1 and rng.below(4) != 0:
            attacks = [a for a in legal if a.kind == Kind.ATTACK]
            if attacks:
                return attacks[rng.below(len(attacks))]
        return legal[rng.below(len(legal))]

    # ------------------------------------------------------------------ delegated

    def view(self, seat: int | None) -> dict[str, Any]:
        from duelhall.games.duel52.triangles_view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        from duelhall.games.duel52.triangles_view import determinize

        return determinize(self, seat, rng)  # type: ignore[return-value]

    def parse_action(self, text: str, seat: int | None = None) -> TriAction:
        from duelhall.games.duel52.triangles_notation import parse_action

        return parse_action(self, text, self.current if seat is None else seat)

    def to_position(self) -> dict[str, Any]:
        from duelhall.games.duel52.triangles_position import to_position

        return to_position(self)


def new_game(seed: int, options: Mapping[str, Any]) -> TriState:
    """A fresh three-player deal (called by the ``duel52`` game for ``players=3``)."""
    return TriState.new_game(seed, options)


def load_position(info: GameInfo, data: Mapping[str, Any]) -> TriState:
    """A three-player position (docs/notation/duel52-three-players.md, "Positions")."""
    from duelhall.games.duel52.triangles_position import load_position as load

    return load(info, data)

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

The power semantics are the base game's (:data:`~duelhall.games.duel52.engine.powers.BASE_POWERS`),
and so is everything a card does (:class:`~duelhall.games.duel52.engine.table.Table`): the shared
verbs read "the owner" as "the acting seat's team" for board cards (:meth:`TeamState.side_of`)
and "the acting seat" for hands and knowledge. This module adds the deal, the team turn
order, the legal-action generator and the team lane rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, NamedTuple, Self

from duelhall.core.errors import OptionError
from duelhall.core.outcome import Outcome
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard, Kind, write_action
from duelhall.games.duel52.engine.lane_slots import lane_slot
from duelhall.games.duel52.engine.table import Table, attackable

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
UNSUPPORTED = ("heroes", "bannermen", "forts", "vampiric")

# A board reference: (lane, side (team), index in that side's row of the lane).
Ref = tuple[int, int, int]


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
        # Written out like BoardCard.copy, which cannot serve here (see there why).
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
        return format_action(self)


# Writing an action needs no state, so it lives beside the action type (reading it, which
# does, is :mod:`duelhall.games.duel52.variants.teams.notation`).


def slot_name(ref: Ref, seat: int) -> str:
    """``2a`` for the acting seat's team's cards, ``2A`` for the other team's (the slot of
    records, which counts places)."""
    lane, side, index = ref
    return lane_slot(lane, index, own=side == team_of(seat))


def format_action(a: TeamAction, name: Callable[[Ref], str] | None = None) -> str:
    """The notation of ``a``; ``name`` names its board cards (by default as records do)."""
    if name is None:
        name = partial(_record_slot, a.seat)
    return write_action(a.kind, a.card, a.lane, a.slots, a.targets, name)


def _record_slot(seat: int, ref: Ref) -> str:
    return slot_name(ref, seat)


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


class TeamState(Table[TeamCard, TeamAction]):
    """A two-against-two Duel 52 game. See :mod:`duelhall.core.state` for the protocol."""

    SEATS = SEATS
    SIDES = TEAMS
    LANES = LANES
    ALL_SEATS = ALL_SEATS
    OPENING_ACTIONS = FIRST_ROUND_ACTIONS
    STALEMATE_PASSES = STALEMATE_PASSES
    DRAW_SCORES = (0.5,) * SEATS
    STALEMATE_DETAIL = "no player can act any more: a draw"
    action_type = TeamAction

    __slots__ = ()

    # ------------------------------------------------------------------ construction

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
        state._begin(state.options.get("first_player", "random"))
        return state

    # ------------------------------------------------------------------ queries

    def side_of(self, seat: int) -> int:
        """A seat plays its team's cards."""
        return team_of(seat)

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
            eligible = attackable(theirs, pile_empty)
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

    # ------------------------------------------------------------------ effects

    def _play(self, card: int, lane: int) -> None:
        me = self.current
        self._spend_action()
        self.hands[me].remove(card)
        self.rows[lane][team_of(me)].append(TeamCard(card, known=1 << me, by=me))

    # ------------------------------------------------------------------ winning

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

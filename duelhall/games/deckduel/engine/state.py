"""Deck Duel Basic game state: setup, the turn (rage, flip, combat), face cards, reshuffles.

Seats are 0 and 1 (players 1 and 2 on screen). Each seat owns a 13-card suit; a card is its
rank, 1 (Ace) to 13 (King), and a deck's top card is the end of its list.

A turn has three parts:

1. **Rage**, a simultaneous secret choice: both seats answer ``rage`` (spend one action
   point for one rage) or ``flip`` (spend nothing). ``to_move()`` lists the seats still to
   answer; an early answer stays hidden from the other seat until both are in.
2. **The flip**, automatic: both top cards are turned over and compared.
3. **Combat**, ordinary one-seat decisions on the ``pending`` stack: the loser's ``block``
   (or ``take``), the winner's face-card effect, the Jack's ``keep`` or ``discard``.
   Automatic steps (``hit``: damage with no block to decide) sit on the same stack.

When the stack empties the turn ends: flipped cards go to the discard piles, Aces reshuffle,
empty decks are rebuilt, and the next turn's rage choice begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from duelhall.core.errors import IllegalActionError
from duelhall.core.game import GameInfo
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.core.state import sole_seat
from duelhall.core.wiring import Wired
from duelhall.games.deckduel.engine.actions import (
    ACTION,
    BLOCK,
    DISCARD,
    FLIP,
    FOCUS,
    FORESIGHT,
    HEAL,
    KEEP,
    RAGE,
    TAKE,
    Act,
)

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SUIT = tuple(range(1, 14))
FOCUSED_ACE = 14  # the value of a focused Ace
START_HEALTH = 10
MAX_HEALTH = 12
START_ACTIONS = 2
MAX_RAGE = 3
DIE_ACTIONS = 6  # the most an action die shows
MAX_DAMAGE = 5

_NAMES = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}


def card_name(card: int) -> str:
    return _NAMES.get(card, str(card))


def value(card: int, focused: bool) -> int:
    """A card's combat value: the Ace is 1, or 14 once focused."""
    return FOCUSED_ACE if card == ACE and focused else card


# Shared legal lists (indexed by seat), so legal_actions allocates nothing. Tuples: every
# game and every agent's sample hands out the same ones, so none may be changed.
_RAGE_OR_FLIP = tuple((Act(s, RAGE), Act(s, FLIP)) for s in (0, 1))
_FLIP_ONLY = tuple((Act(s, FLIP),) for s in (0, 1))
_BLOCK = tuple((Act(s, BLOCK), Act(s, TAKE)) for s in (0, 1))
_FACE = tuple(
    MappingProxyType(
        {
            KING: (Act(s, FOCUS), Act(s, ACTION)),
            QUEEN: (Act(s, HEAL), Act(s, ACTION)),
            JACK: (Act(s, FORESIGHT), Act(s, ACTION)),
        }
    )
    for s in (0, 1)
)
_ACTION_ONLY = tuple((Act(s, ACTION),) for s in (0, 1))
_LOOK = tuple((Act(s, KEEP), Act(s, DISCARD)) for s in (0, 1))
_NONE: tuple[Act, ...] = ()

# Pending entries (immutable tuples, shared by clones):
#   ("block", loser, damage)   the loser may spend an action to take one less damage
#   ("hit", loser, damage)     damage with nothing to decide (resolved automatically)
#   ("face", winner, rank)     the winning face card's choice: ability or +1 action
#   ("look", winner)           the Jack's foresight: keep or discard the top card
Pending = tuple[Any, ...]


class Combat(NamedTuple):
    """What happened in one turn, all of it public once the cards are turned over."""

    turn: int
    cards: tuple[int, int]
    focused: tuple[bool, bool]  # whether each flipped card counted as a focused Ace
    spent: tuple[bool, bool]  # rage bought this turn
    rage: tuple[int, int]  # rage in play when the cards were compared
    winner: int | None  # None: a tie
    damage: int = 0  # the winner's attack before any block
    blocked: bool = False
    dealt: int = 0
    landed: bool = False  # whether the damage has been taken (the block decided)
    effect: str = ""  # the face card's choice: focus, heal, foresight or action
    look: str = ""  # foresight's answer: keep or discard
    reshuffled: tuple[bool, bool] = (False, False)
    new_round: tuple[bool, bool] = (False, False)


class DeckDuelState(Wired):
    """A Deck Duel game in progress. See :mod:`duelhall.core.state` for the protocol."""

    info: GameInfo

    __slots__ = (
        "actions",
        "choice",
        "combat",
        "decks",
        "discards",
        "focus",
        "health",
        "known_top",
        "options",
        "pending",
        "rage",
        "result",
        "rng",
        "rounds",
        "seed",
        "turn",
    )

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        """An empty table; use :meth:`new_game` or a position loader to fill it."""
        # Read-only, and shared by every clone and re-deal: an agent's sample cannot change
        # the rules of the true game.
        self.options: Mapping[str, Any] = MappingProxyType(dict(options))
        self.seed = seed
        self.rng = Rng(seed)
        self.decks: list[list[int]] = [[], []]
        # Each seat's discard pile, oldest first: (card, face-up). Flipped cards are face-up;
        # a card discarded by foresight is face-down unless the option reveals it.
        self.discards: list[list[tuple[int, bool]]] = [[], []]
        self.health = [START_HEALTH, START_HEALTH]
        self.actions = [START_ACTIONS, START_ACTIONS]
        self.rage = [0, 0]
        self.focus = [False, False]  # focus held: the King lies sideways, out of the deck
        self.known_top = [False, False]  # the owner kept its top card after foresight
        self.rounds = [1, 1]
        self.choice: list[bool | None] = [None, None]  # this turn's secret rage answers
        self.pending: list[Pending] = []
        self.combat: Combat | None = None  # this turn's combat, or the last one
        self.turn = 1
        self.result: Outcome | None = None

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        for seat in (0, 1):
            deck = list(SUIT)
            state.rng.shuffle(deck)
            state.decks[seat] = deck
        return state

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.health = self.health[:]
        new.actions = self.actions[:]
        new.rage = self.rage[:]
        new.focus = self.focus[:]
        new.known_top = self.known_top[:]
        new.rounds = self.rounds[:]
        new.choice = self.choice[:]
        new.pending = self.pending[:]
        new.combat = self.combat
        new.turn = self.turn
        new.result = self.result
        return new

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        if self.pending:
            return (self.pending[-1][1],)
        a, b = self.choice
        if a is None:
            return (0, 1) if b is None else (0,)
        return (1,) if b is None else ()

    def current_seat(self) -> int:
        both = "both players choose at once now (rage or flip); say which seat acts"
        return sole_seat(self.to_move(), both)

    def outcome(self) -> Outcome | None:
        return self.result

    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self, seat: int | None = None) -> tuple[Act, ...]:
        if self.result is not None:
            return _NONE
        if self.pending:
            top = self.pending[-1]
            me = top[1]
            if seat is not None and seat != me:
                return _NONE
            what = top[0]
            if what == "block":
                return _BLOCK[me]
            if what == "face":
                if top[2] == JACK and not self.decks[me]:
                    return _ACTION_ONLY[me]  # nothing to look at
                return _FACE[me][top[2]]
            if what == "look":
                return _LOOK[me]
            return _NONE  # "hit" never waits on the stack
        if seat is None:
            movers = self.to_move()
            if len(movers) != 1:
                return _NONE  # a simultaneous choice: ask seat by seat
            seat = movers[0]
        if self.choice[seat] is not None:
            return _NONE
        if self.actions[seat] >= 1 and self.rage[seat] < MAX_RAGE:
            return _RAGE_OR_FLIP[seat]
        return _FLIP_ONLY[seat]

    def apply(self, action: Act) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalActionError(self.why_illegal(action))
        if not self.pending:
            self.choice[action.seat] = action.kind == RAGE
            if self.choice[0] is not None and self.choice[1] is not None:
                self._flip()
        else:
            self._answer(action)
        self._settle()

    # ------------------------------------------------------------------ the turn

    def _flip(self) -> None:
        """Both answers are in: buy rage, turn over the top cards, compare them."""
        spent = (bool(self.choice[0]), bool(self.choice[1]))
        for s in (0, 1):
            if spent[s]:
                self.actions[s] -= 1
                self.rage[s] = min(MAX_RAGE, self.rage[s] + 1)
        c0 = self.decks[0].pop()
        c1 = self.decks[1].pop()
        self.known_top[0] = self.known_top[1] = False
        f0 = c0 == ACE and self.focus[0]
        f1 = c1 == ACE and self.focus[1]
        v0, v1 = value(c0, f0), value(c1, f1)
        if c0 == c1 == ACE and self.options["focused_ace_vs_ace"] == "tie":
            v0 = v1
        rage = (self.rage[0], self.rage[1])
        if v0 == v1:
            self.combat = Combat(self.turn, (c0, c1), (f0, f1), spent, rage, None)
            for s in (0, 1):
                self.rage[s] = min(MAX_RAGE, self.rage[s] + 1)
            return
        winner = 0 if v0 > v1 else 1
        loser = 1 - winner
        card = c0 if winner == 0 else c1
        focused = f0 if winner == 0 else f1
        damage = (2 if focused else 1) + self.rage[winner]
        self.rage[winner] = 0  # the rage die leaves the table with the attack
        self.combat = Combat(self.turn, (c0, c1), (f0, f1), spent, rage, winner, damage)
        floor = self.options["block_floor"]
        can_block = self.actions[loser] >= 1 and damage - 1 >= floor
        hit: Pending = ("block" if can_block else "hit", loser, damage)
        face: Pending | None = ("face", winner, card) if card >= JACK else None
        if self.options["choice_order"] == "face-first":
            self.pending.append(hit)
            if face is not None:
                self.pending.append(face)
        else:
            if face is not None:
                self.pending.append(face)
            self.pending.append(hit)

    def _answer(self, action: Act) -> None:
        top = self.pending.pop()
        me = action.seat
        kind = action.kind
        combat = self.combat
        assert combat is not None
        if top[0] == "block":
            self._take_damage(me, top[2], blocked=kind == BLOCK)
        elif top[0] == "face":
            self.combat = combat._replace(effect=kind)
            if kind == ACTION:
                self._gain_action(me)
            elif kind == HEAL:
                self.health[me] = min(MAX_HEALTH, self.health[me] + 1)
            elif kind == FOCUS:
                self.focus[me] = True  # the King is laid sideways at the end of the turn
            else:
                self.pending.append(("look", me))
        else:  # the Jack's look
            self.combat = combat._replace(look=kind)
            if kind == KEEP:
                self.known_top[me] = True
            else:
                card = self.decks[me].pop()
                public = self.options["foresight_discard"] == "revealed"
                self.discards[me].append((card, public))

    def _gain_action(self, seat: int) -> None:
        limit = DIE_ACTIONS if self.options["action_die_limit"] else 1 << 30
        self.actions[seat] = min(limit, self.actions[seat] + 1)

    def _take_damage(self, seat: int, damage: int, *, blocked: bool) -> None:
        if blocked:
            self.actions[seat] -= 1
            damage -= 1
        self.health[seat] = max(0, self.health[seat] - damage)
        self.rage[seat] = 0  # the loser's rage is removed too
        assert self.combat is not None
        self.combat = self.combat._replace(blocked=blocked, dealt=damage, landed=True)
        if self.health[seat] < 1:
            winner = 1 - seat
            self.pending.clear()
            self.result = Outcome(
                winner,
                (1.0, 0.0) if winner == 0 else (0.0, 1.0),
                "health",
                f"player {seat + 1}'s health fell below 1",
            )

    def _settle(self) -> None:
        """Run the automatic steps until someone must decide or the game ends."""
        while self.result is None:
            if self.pending:
                top = self.pending[-1]
                if top[0] == "hit":
                    self.pending.pop()
                    self._take_damage(top[1], top[2], blocked=False)
                    continue
                if len(self.legal_actions(top[1])) == 1:
                    self._answer(self.legal_actions(top[1])[0])  # a forced choice
                    continue
                return
            if self.choice[0] is None or self.choice[1] is None:
                return
            self._end_turn()

    def _end_turn(self) -> None:
        combat = self.combat
        assert combat is not None
        tie = combat.winner is None
        reshuffled = [False, False]
        new_round = [False, False]
        for s in (0, 1):
            card = combat.cards[s]
            if card == KING and self.focus[s]:
                pass  # laid sideways for focus: out of the deck while focus lasts
            elif card == ACE:
                if combat.focused[s] and self.options["focus_lasts"] == "ace":
                    self.focus[s] = False
                    self.discards[s].append((KING, True))  # the King rejoins the suit
                self.discards[s].append((ACE, True))
                self._reshuffle(s, everything=self.options["reshuffle"] == "all")
                reshuffled[s] = new_round[s] = True
            else:
                self.discards[s].append((card, True))
            if not self.decks[s]:
                self._reshuffle(s, everything=True)
                reshuffled[s] = True
                if self.options["empty_deck"] == "new-round":
                    new_round[s] = True
            if new_round[s]:
                self.actions[s] = START_ACTIONS
                self.rounds[s] += 1
            if not tie:
                self.rage[s] = 0
        self.combat = combat._replace(
            reshuffled=(reshuffled[0], reshuffled[1]), new_round=(new_round[0], new_round[1])
        )
        self.choice = [None, None]
        self.turn += 1
        limit = self.options["turn_limit"]
        if limit and self.turn > limit:
            h0, h1 = self.health
            if h0 == h1:
                self.result = Outcome(
                    None, (0.5, 0.5), "turn-limit", f"{limit} turns played, health equal"
                )
            else:
                w = 0 if h0 > h1 else 1
                self.result = Outcome(
                    w,
                    (1.0, 0.0) if w == 0 else (0.0, 1.0),
                    "turn-limit",
                    f"{limit} turns played; player {w + 1} has more health",
                )

    def _reshuffle(self, seat: int, *, everything: bool) -> None:
        deck = self.decks[seat]
        if everything:
            deck.extend(card for card, _ in self.discards[seat])
            self.discards[seat] = []
        self.rng.shuffle(deck)
        self.known_top[seat] = False

    # ------------------------------------------------------------------ queries

    @property
    def flipped(self) -> bool:
        """Whether this turn's cards are on the table (both rage answers are in)."""
        return self.choice[0] is not None and self.choice[1] is not None

    def all_cards(self, seat: int) -> list[int]:
        """Every card of ``seat``'s suit wherever it lies (13 in a consistent state)."""
        cards = self.decks[seat] + [c for c, _ in self.discards[seat]]
        on_table = self.flipped and self.combat is not None
        if on_table:
            assert self.combat is not None
            cards.append(self.combat.cards[seat])
        if self.focus[seat] and not (on_table and cards[-1] == KING):
            cards.append(KING)  # lying sideways
        return sorted(cards)

"""The thirteen card powers, one table, each effect written the way the card reads.

A power with ``activate`` fires when its card is flipped (by its owner's action or by a 5)
and when a King empowers it. Constant powers (3, 8, 9, 10, Jack) have no activation: the
attack and damage rules in :mod:`duelhall.games.duel52.state` consult them while the card is
face-up. The expansion's improved powers will replace entries of this table rather than add
branches to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from duelhall.games.duel52.board import BoardCard
from duelhall.games.duel52.cards import ACE, JACK, KING, QUEEN

if TYPE_CHECKING:
    from duelhall.games.duel52.state import Duel52State

Effect = Callable[["Duel52State", int, int, BoardCard], None]
"""``effect(state, seat, lane, card)``: the card's owner, the lane it is in, the card."""


@dataclass(frozen=True, slots=True)
class Power:
    rank: int
    name: str
    nickname: str
    text: str
    activate: Effect | None = None

    @property
    def constant(self) -> bool:
        return self.activate is None


def view(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    if state.pile:
        state.draw(seat)
        state.ask_discard(seat)


def foresight(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.ask_look(seat)


def flip_all(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    flipped = [bc for bc in state.own_facedown(seat, lane) if state.can_flip_by_power(bc)]
    for bc in flipped:
        state.turn_face_up(bc)
    state.activate_in_chosen_order(seat, lane, flipped)


def freeze(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.freeze_enemies(seat, lane)


def heal(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.heal_all(seat)


def move(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.ask_move(seat, lane)


def empower(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.activate_in_chosen_order(seat, lane, state.empowerable(seat, lane))


def action(state: Duel52State, seat: int, lane: int, card: BoardCard) -> None:
    state.grant_action(card)


BASE_POWERS: Mapping[int, Power] = {
    p.rank: p
    for p in (
        Power(2, "View", "The Recruiter", "Draw a card, then discard a card from hand.", view),
        Power(3, "Trap", "It's a Trap!", "Killed face-down: returns to play face-up, unhurt."),
        Power(4, "Foresight", "Information is Power", "Look at a face-down card.", foresight),
        Power(
            5, "Flip", "A Call to Arms", "Flip your other face-down cards in its lane.", flip_all
        ),
        Power(6, "Freeze", "The Frost Mage", "Freeze enemy cards in its lane.", freeze),
        Power(7, "Heal", "The Life Mage", "Heal all your damaged cards.", heal),
        Power(8, "Retaliate", "The Spiked Soldier", "Attackers take one damage."),
        Power(9, "Nimble", "The Ninja", "Counters 6, 8, 10 and Jacks."),
        Power(10, "Twinstrike", "The Brawler", "Strikes two cards at once."),
        Power(JACK, "Taunt", "The Protector", "Must be killed first; three hit points."),
        Power(QUEEN, "Move", "To My Side!", "May bring an ally card to her lane.", move),
        Power(KING, "Empower", "Be Strong!", "Reactivate your cards' powers in lane.", empower),
        Power(ACE, "Action", "The Assassin", "Gain an action; may attack twice.", action),
    )
}

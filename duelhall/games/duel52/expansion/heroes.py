"""The thirteen heroes of the Heroes & Bannermen expansion, one table.

A hero is a card dealt face-up to a player before setup. Mages (2-7, Queen, King) cast one
spell a turn, free, until the draw pile empties (they then *exert*). Warriors (8, 9, 10,
Jack, Ace) are played once a game, free and face-up, into a lane, where they are ordinary
cards with their rank's power (and their owner's banner improvement); once the pile is empty
an unplayed warrior *enrages* and must be played.

Each mage entry lists its spells as legal actions (``spells(state, seat)``) and applies one
(``cast(state, action)``); the notation of a spell is ``spell`` plus what it names (see
docs/notation/duel52.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from duelhall.games.duel52.engine.board import BoardCard, Duel52Action, Kind
from duelhall.games.duel52.engine.cards import ACE, JACK, KING, QUEEN

if TYPE_CHECKING:
    from duelhall.games.duel52.expansion.state import Duel52XState

A = Duel52Action
MAGE, WARRIOR = "mage", "warrior"

Spells = Callable[["Duel52XState", int], list[Duel52Action]]
Cast = Callable[["Duel52XState", Duel52Action], None]


@dataclass(frozen=True, slots=True)
class Hero:
    rank: int
    kind: str
    name: str
    text: str
    spells: Spells | None = None
    cast: Cast | None = None

    @property
    def mage(self) -> bool:
        return self.kind == MAGE


# ---------------------------------------------------------------------- the spells


def _recruit_spells(state: Duel52XState, seat: int) -> list[A]:
    return [A(seat, Kind.SPELL)]


def _recruit(state: Duel52XState, a: A) -> None:
    state.draw(a.seat)
    state.ask_discard(a.seat)


def _rush_spells(state: Duel52XState, seat: int) -> list[A]:
    lanes = state.open_lanes(seat)
    return [A(seat, Kind.SPELL, card=c, lane=lane) for c in state.hands[seat] for lane in lanes]


def _rush(state: Duel52XState, a: A) -> None:
    state.play_from_hand(a.seat, a.card, a.lane)
    state.rushed = a.card  # not flipped this turn, by an action or by a 5


def _look_spells(state: Duel52XState, seat: int) -> list[A]:
    return [A(seat, Kind.SPELL, targets=(ref,)) for ref in state._look_targets(seat)]


def _look(state: Duel52XState, a: A) -> None:
    state.at(a.targets[0]).known |= 1 << a.seat


def _activate_spells(state: Duel52XState, seat: int) -> list[A]:
    return [
        A(seat, Kind.SPELL, slots=((lane, seat, i),))
        for lane in range(len(state.rows))
        for i, bc in enumerate(state.rows[lane][seat])
        if not bc.up and state.can_flip_by_power(bc)
    ]


def _activate(state: Duel52XState, a: A) -> None:
    ref = a.slots[0]
    bc = state.at(ref)
    state.turn_face_up(bc)
    state.weary = bc.card  # its power fires, but it may not attack this turn
    state.activate(a.seat, ref[0], bc)


def _frost_spells(state: Duel52XState, seat: int) -> list[A]:
    opp = 1 - seat
    table = state.tables[opp]
    pile_empty = not state.pile
    return [
        A(seat, Kind.SPELL, targets=((lane, opp, i),))
        for lane in range(len(state.rows))
        for i, bc in enumerate(state.rows[lane][opp])
        if not bc.frozen and not (bc.up and table[bc.rank].nimble) and (pile_empty or not bc.base)
    ]


def _frost(state: Duel52XState, a: A) -> None:
    state.at(a.targets[0]).frozen = True


def _life_spells(state: Duel52XState, seat: int) -> list[A]:
    return [
        A(seat, Kind.SPELL, slots=((lane, seat, i),))
        for lane in range(len(state.rows))
        for i, bc in enumerate(state.rows[lane][seat])
        if bc.damage
    ]


def _life(state: Duel52XState, a: A) -> None:
    state.at(a.slots[0]).damage -= 1


def _manipulate_spells(state: Duel52XState, seat: int) -> list[A]:
    pile_empty = not state.pile
    lanes = [lane for lane in range(len(state.rows)) if state.lane_winner[lane] != 1 - seat]
    return [
        A(seat, Kind.SPELL, lane=to, slots=((lane, seat, i),))
        for lane in range(len(state.rows))
        for i, bc in enumerate(state.rows[lane][seat])
        if pile_empty or not bc.base
        for to in lanes
        if to != lane
    ]


def _manipulate(state: Duel52XState, a: A) -> None:
    lane, seat, i = a.slots[0]
    state.rows[a.lane][seat].append(state._lift(lane, seat, i))


def _inspire_spells(state: Duel52XState, seat: int) -> list[A]:
    table = state.tables[seat]
    return [
        A(seat, Kind.SPELL, slots=((lane, seat, i),))
        for lane in range(len(state.rows))
        for i, bc in enumerate(state.rows[lane][seat])
        if bc.up and table[bc.rank].activate is not None
    ]


def _inspire(state: Duel52XState, a: A) -> None:
    ref = a.slots[0]
    state.activate(a.seat, ref[0], state.at(ref))


HEROES: Mapping[int, Hero] = {
    h.rank: h
    for h in (
        Hero(
            2,
            MAGE,
            "Master Recruiter",
            "Draw a card, then discard a card from hand.",
            _recruit_spells,
            _recruit,
        ),
        Hero(
            3,
            MAGE,
            "Rush Them!",
            "Play a card face-down; it cannot be flipped this turn.",
            _rush_spells,
            _rush,
        ),
        Hero(
            4,
            MAGE,
            "Information is Power",
            "Look at a face-down card (Base cards and forts too).",
            _look_spells,
            _look,
        ),
        Hero(
            5,
            MAGE,
            "Activate",
            "Flip one of your face-down cards; it cannot attack this turn.",
            _activate_spells,
            _activate,
        ),
        Hero(
            6,
            MAGE,
            "The Frost Mage",
            "Freeze one opposing card (not a 9) for their next turn.",
            _frost_spells,
            _frost,
        ),
        Hero(
            7,
            MAGE,
            "The Life Mage",
            "Heal one of your damaged cards one hit point.",
            _life_spells,
            _life,
        ),
        Hero(8, WARRIOR, "The Spiked Soldier", "An 8 played face-up once a game."),
        Hero(9, WARRIOR, "The Ninja", "A 9 played face-up once a game."),
        Hero(10, WARRIOR, "The Brawler", "A 10 played face-up once a game."),
        Hero(JACK, WARRIOR, "The Protector", "A Jack played face-up once a game."),
        Hero(
            QUEEN,
            MAGE,
            "Queen Manipulator",
            "Move one of your cards to another lane, damage and all.",
            _manipulate_spells,
            _manipulate,
        ),
        Hero(
            KING,
            MAGE,
            "Continuing Inspiration",
            "Reactivate the power of one of your face-up cards.",
            _inspire_spells,
            _inspire,
        ),
        Hero(ACE, WARRIOR, "The Assassin", "An Ace played face-up once a game: gain an action."),
    )
}


def new_hero_card(card: int) -> BoardCard:
    """A warrior entering play: face-up, known to everyone."""
    return BoardCard(card, up=True, known=0b11)

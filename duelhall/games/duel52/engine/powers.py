"""The thirteen card powers, one table, each effect written the way the card reads.

A power with ``activate`` fires when its card is flipped (by its owner's action or by a 5)
and when a King empowers it. An effect talks to the game only through the verbs of
:class:`~duelhall.games.duel52.engine.table.Table` (``draw``, ``ask_discard``,
``freeze_enemies``...), so the same effects serve two, three and four players. Constant
powers (3, 8, 9, 10, Jack) have no activation: the attack and damage rules in
:mod:`duelhall.games.duel52.engine.table` consult them while the card is face-up.

The constant powers are also written as data (``retaliate``, ``nimble``, ``strikes``...): the
base engine's hot path tests ranks directly for speed, while the expansion engine
(:mod:`duelhall.games.duel52.expansion.state`) reads these fields from a per-player table. The
expansion's entries that replace base ones (improved powers, Heal All, Vampiric) live with
its state in :mod:`duelhall.games.duel52.expansion.powers`, never as branches here.

A :class:`Power` is generic in the state its effects need: the base effects ask only for a
:class:`~duelhall.games.duel52.engine.table.Table`, the expansion's for its own state. Since an
effect that takes any table also takes the expansion's state, ``Power`` is contravariant in
that type, so the base entries serve in the expansion's tables unchanged and no effect casts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from duelhall.games.duel52.engine.board import BoardCard, Ref
from duelhall.games.duel52.engine.cards import ACE, JACK, KING, QUEEN

if TYPE_CHECKING:
    from duelhall.games.duel52.engine.table import Table

    State: TypeAlias = Table[Any, Any]

S = TypeVar("S", contravariant=True)
"""The state a power's effects act on."""

Effect = Callable[[S, int, int, BoardCard], None]
"""``effect(state, seat, lane, card)``: the card's owner, the lane it is in, the card."""

KilledFaceDown = Callable[[S, int, int, BoardCard, tuple[Ref, ...]], bool]
"""``hook(state, owner, lane, card, attackers)``: a face-down card of this rank was killed
by the opponent; return True if it stays in play (the card's damage is already lethal)."""


@dataclass(frozen=True, slots=True)
class Power(Generic[S]):
    rank: int
    name: str
    nickname: str
    text: str
    activate: Effect[S] | None = None
    retaliate: int = 0  # damage dealt to each card that attacks it (face-up)
    nimble: bool = False  # ignores retaliation and freezes; struck alone by a multi-strike
    jack_damage: int = 0  # extra damage dealt to a face-up Jack
    strikes: int = 1  # cards struck by one attack
    past_taunt: bool = False  # its strikes ignore a taunting Jack
    taunt: bool = False  # face-up, opposing attacks in its lane must target taunters
    hp: int = 2  # hit points face-up
    extra_actions: int = 0  # actions (and attacks for this card) gained on activation
    killed_face_down: KilledFaceDown[S] | None = None
    vampiric: bool = False  # heals one hit point after attacking and killing
    improved: str = ""  # the bannerman name when this entry is an improved power

    @property
    def constant(self) -> bool:
        return self.activate is None

    @property
    def attack_cap(self) -> int:
        """Most attacks a turn under ``ace_attacks=two``: one, plus what activation grants."""
        return 1 + self.extra_actions


def view(state: State, seat: int, lane: int, card: BoardCard) -> None:
    if state.pile:
        state.draw(seat)
        state.ask_discard(seat)


def foresight(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.ask_look(seat)


def flip_all(state: State, seat: int, lane: int, card: BoardCard) -> None:
    flipped = [bc for bc in state.own_facedown(seat, lane) if state.can_flip_by_power(bc)]
    for bc in flipped:
        state.turn_face_up(bc)
    state.activate_in_chosen_order(seat, lane, flipped)


def freeze(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.freeze_enemies(seat, lane)


def heal(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.heal_all(seat)


def move(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.ask_move(seat, lane)


def empower(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.activate_in_chosen_order(seat, lane, state.empowerable(seat, lane))


def action(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.grant_action(card)


def trap(state: State, seat: int, lane: int, card: BoardCard, by: tuple[Ref, ...]) -> bool:
    state.turn_face_up(card)
    card.damage = 0
    return True


_ENTRIES: tuple[Power[State], ...] = (
    Power(2, "View", "The Recruiter", "Draw a card, then discard a card from hand.", view),
    Power(
        3,
        "Trap",
        "It's a Trap!",
        "Killed face-down: returns to play face-up, unhurt.",
        killed_face_down=trap,
    ),
    Power(4, "Foresight", "Information is Power", "Look at a face-down card.", foresight),
    Power(5, "Flip", "A Call to Arms", "Flip your other face-down cards in its lane.", flip_all),
    Power(6, "Freeze", "The Frost Mage", "Freeze enemy cards in its lane.", freeze),
    Power(7, "Heal", "The Life Mage", "Heal all your damaged cards.", heal),
    Power(8, "Retaliate", "The Spiked Soldier", "Attackers take one damage.", retaliate=1),
    Power(9, "Nimble", "The Ninja", "Counters 6, 8, 10 and Jacks.", nimble=True, jack_damage=1),
    Power(10, "Twinstrike", "The Brawler", "Strikes two cards at once.", strikes=2),
    Power(
        JACK,
        "Taunt",
        "The Protector",
        "Must be killed first; three hit points.",
        taunt=True,
        hp=3,
    ),
    Power(QUEEN, "Move", "To My Side!", "May bring an ally card to her lane.", move),
    Power(KING, "Empower", "Be Strong!", "Reactivate your cards' powers in lane.", empower),
    Power(
        ACE,
        "Action",
        "The Assassin",
        "Gain an action; may attack twice.",
        action,
        extra_actions=1,
    ),
)
# Every table is read-only: tables are shared by all games and by the samples agents search,
# so none of them may change another's powers.
BASE_POWERS: Mapping[int, Power[State]] = MappingProxyType({p.rank: p for p in _ENTRIES})


EMPOWERABLE = frozenset({2, 4, 5, 6, 7, QUEEN, ACE})
"""Ranks whose power a King can reactivate: every flip power except the King's own."""

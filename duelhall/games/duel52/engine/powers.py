"""The thirteen card powers, one table, each effect written the way the card reads.

A power with ``activate`` fires when its card is flipped (by its owner's action or by a 5)
and when a King empowers it. An effect talks to the game only through the verbs of
:class:`~duelhall.games.duel52.engine.table.Table` (``draw``, ``ask_discard``,
``freeze_enemies``...), so the same effects serve two, three and four players. Constant
powers (3, 8, 9, 10, Jack) have no activation: the attack and damage rules in
:mod:`duelhall.games.duel52.engine.table` consult them while the card is face-up.

The constant powers are also written as data (``retaliate``, ``nimble``, ``strikes``...): the
base engine's hot path tests ranks directly for speed, while the expansion engine
(:mod:`duelhall.games.duel52.expansion.state`) reads these fields from a per-player table built by
:func:`power_table`. The Heroes & Bannermen improved powers (``BANNER_POWERS``), the
expansion note's Heal All (``NOTE_POWERS``) and the Vampiric 3s and 4s (``VAMPIRIC_POWERS``)
are entries that replace base ones, never branches in the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from duelhall.games.duel52.engine.board import BoardCard, Ref
from duelhall.games.duel52.engine.cards import ACE, JACK, KING, QUEEN

if TYPE_CHECKING:
    from duelhall.games.duel52.engine.table import Table
    from duelhall.games.duel52.expansion.state import Duel52XState

    State: TypeAlias = Table[Any, Any]

Effect = Callable[["State", int, int, BoardCard], None]
"""``effect(state, seat, lane, card)``: the card's owner, the lane it is in, the card."""

KilledFaceDown = Callable[["State", int, int, BoardCard, tuple[Ref, ...]], bool]
"""``hook(state, owner, lane, card, attackers)``: a face-down card of this rank was killed
by the opponent; return True if it stays in play (the card's damage is already lethal)."""


@dataclass(frozen=True, slots=True)
class Power:
    rank: int
    name: str
    nickname: str
    text: str
    activate: Effect | None = None
    retaliate: int = 0  # damage dealt to each card that attacks it (face-up)
    nimble: bool = False  # ignores retaliation and freezes; struck alone by a multi-strike
    jack_damage: int = 0  # extra damage dealt to a face-up Jack
    strikes: int = 1  # cards struck by one attack
    past_taunt: bool = False  # its strikes ignore a taunting Jack
    taunt: bool = False  # face-up, opposing attacks in its lane must target taunters
    hp: int = 2  # hit points face-up
    extra_actions: int = 0  # actions (and attacks for this card) gained on activation
    killed_face_down: KilledFaceDown | None = None
    vampiric: bool = False  # heals one hit point after attacking and killing
    improved: str = ""  # the bannerman name when this entry is an improved power

    @property
    def constant(self) -> bool:
        return self.activate is None

    @property
    def attack_cap(self) -> int:
        """Most attacks a turn under ``ace_attacks=two``: one, plus what activation grants."""
        return 1 + self.extra_actions


def _x(state: State) -> Duel52XState:
    """The expansion state (only expansion tables hold effects that need it)."""
    return cast("Duel52XState", state)


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


BASE_POWERS: Mapping[int, Power] = {
    p.rank: p
    for p in (
        Power(2, "View", "The Recruiter", "Draw a card, then discard a card from hand.", view),
        Power(
            3,
            "Trap",
            "It's a Trap!",
            "Killed face-down: returns to play face-up, unhurt.",
            killed_face_down=trap,
        ),
        Power(4, "Foresight", "Information is Power", "Look at a face-down card.", foresight),
        Power(
            5, "Flip", "A Call to Arms", "Flip your other face-down cards in its lane.", flip_all
        ),
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
}
# Every table is read-only: tables are shared by all games and by the samples agents search,
# so none of them may change another's powers.
BASE_POWERS = MappingProxyType(dict(BASE_POWERS))


EMPOWERABLE = frozenset({2, 4, 5, 6, 7, QUEEN, ACE})
"""Ranks whose power a King can reactivate: every flip power except the King's own."""


# ---------------------------------------------------------------------- the expansion


def heal_two(state: State, seat: int, lane: int, card: BoardCard) -> None:
    _x(state).heal_all_by(seat, 2)


NOTE_POWERS: Mapping[int, Power] = {
    7: replace(BASE_POWERS[7], text="Heal all your cards two hit points.", activate=heal_two),
}
NOTE_POWERS = MappingProxyType(dict(NOTE_POWERS))
"""Expansion notes: with any advanced ruleset in play, Heal All heals two hit points."""


def vampiric_3_4(rank: int) -> Power:
    return Power(rank, "Vampiric", "Vampiric", "After attacking and killing, heal one hit point.")


VAMPIRIC_POWERS: Mapping[int, Power] = {r: replace(vampiric_3_4(r), vampiric=True) for r in (3, 4)}
VAMPIRIC_POWERS = MappingProxyType(dict(VAMPIRIC_POWERS))
"""Rulebook section 4 (single player): 3s and 4s are Vampiric instead of their powers."""


def drafter(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.draw(seat)  # no discard; an empty pile gives nothing


def boom(state: State, seat: int, lane: int, card: BoardCard, by: tuple[Ref, ...]) -> bool:
    for ref in by:
        state.at(ref).damage += 2
    state.turn_face_up(card)
    card.damage = 0
    return True


def all_seeing(state: State, seat: int, lane: int, card: BoardCard) -> None:
    x = _x(state)
    x.reveal_hand(1 - seat, seat)
    x.ask_looks(seat, 2)


def frenzy(state: State, seat: int, lane: int, card: BoardCard) -> None:
    x = _x(state)
    flipped: list[BoardCard] = []
    for other in range(len(state.rows)):
        flipped += [bc for bc in state.own_facedown(seat, other) if state.can_flip_by_power(bc)]
    for bc in flipped:
        state.turn_face_up(bc)
    x.activate_anywhere(seat, flipped)


def time_stop(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.freeze_enemies(seat, lane)
    _x(state).stop_lane(1 - seat, lane)


def both_to_my_side(state: State, seat: int, lane: int, card: BoardCard) -> None:
    _x(state).ask_moves(seat, lane, 2)


def revolutionary(state: State, seat: int, lane: int, card: BoardCard) -> None:
    x = _x(state)
    cards = [bc for other in range(len(state.rows)) for bc in state.empowerable(seat, other)]
    x.activate_anywhere(seat, cards)


def master_action(state: State, seat: int, lane: int, card: BoardCard) -> None:
    state.grant_action(card)
    state.grant_action(card)


def life_teacher(effect: Effect | None) -> Effect:
    """A banner 7 teaches 2s to heal: the 2's own power, then two hit points to every card."""

    def both(state: State, seat: int, lane: int, card: BoardCard) -> None:
        _x(state).heal_all_by(seat, 2)
        if effect is not None:
            effect(state, seat, lane, card)

    return both


_B = BASE_POWERS
BANNER_POWERS: Mapping[int, Power] = {
    p.rank: p
    for p in (
        replace(_B[2], text="Draw a card; no discard.", activate=drafter, improved="The Drafter"),
        replace(
            _B[3],
            text="Killed face-down: its killer takes 2 damage; it returns face-up.",
            killed_face_down=boom,
            improved="Boom!",
        ),
        replace(
            _B[4],
            text="Look at two face-down cards; see the opponent's hand.",
            activate=all_seeing,
            improved="All Seeing",
        ),
        replace(
            _B[5],
            text="Flip all your face-down cards in every lane.",
            activate=frenzy,
            improved="Frenzy!",
        ),
        replace(
            _B[6],
            text="Freeze enemy cards in lane; no new enemy cards there next turn.",
            activate=time_stop,
            improved="Time Stop",
        ),
        # A banner 7 changes the 2s, not the 7s: the 7 keeps the expansion's Heal All (two
        # hit points), so a banner Jack (four) is not healed to full (ruling X29).
        replace(NOTE_POWERS[7], text="Your 2s also heal two hit points.", improved="Life Teacher"),
        replace(_B[8], text="Your 4s also retaliate.", improved="Spiked Teacher"),
        replace(_B[9], text="Deals three damage to Jacks.", jack_damage=2, improved="Ninja Master"),
        replace(
            _B[10],
            text="Strikes three cards, past a Jack.",
            strikes=3,
            past_taunt=True,
            improved="Whirlwind!",
        ),
        replace(_B[JACK], text="Four hit points.", hp=4, improved="Champion Protector"),
        replace(
            _B[QUEEN],
            text="May bring two ally cards from one other lane.",
            activate=both_to_my_side,
            improved="Both to My Side!",
        ),
        replace(
            _B[KING],
            text="Reactivate your cards' powers in every lane.",
            activate=revolutionary,
            improved="Revolutionary Leader",
        ),
        replace(
            _B[ACE],
            text="Gain two actions; may attack three times.",
            activate=master_action,
            extra_actions=2,
            improved="Master Assassin",
        ),
    )
}
BANNER_POWERS = MappingProxyType(dict(BANNER_POWERS))
"""Improved powers of cards matching the player's bannermen."""


TEACHES: Mapping[int, int] = {7: 2, 8: 4}
"""The two teachers: a banner 7 improves its owner's 2s, a banner 8 their 4s."""


def power_table(
    banners: Collection[int] = (), *, vampiric: bool = False, advanced: bool = False
) -> Mapping[int, Power]:
    """One player's powers: base entries, replaced by the expansion's where they apply.

    Order matters: a bannerman improves a rank; Vampiric then replaces the 3 and 4 outright
    (an improved Trap or Foresight is still a Trap or Foresight, which Vampiric cards lack);
    last, the two teachers change other ranks (a banner 7 teaches 2s to heal, a banner 8
    teaches 4s to retaliate), whatever those ranks have become.
    """
    table = dict(BASE_POWERS)
    if advanced:
        table.update(NOTE_POWERS)
    for r in banners:
        table[r] = BANNER_POWERS[r]
    if vampiric:
        table.update(VAMPIRIC_POWERS)
    if 7 in banners:
        two = table[TEACHES[7]]
        table[TEACHES[7]] = replace(
            two, text=two.text + " Heals two hit points.", activate=life_teacher(two.activate)
        )
    if 8 in banners:
        four = table[TEACHES[8]]
        table[TEACHES[8]] = replace(
            four, text=four.text + " Attackers take one damage.", retaliate=1
        )
    return MappingProxyType(table)

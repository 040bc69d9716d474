"""The expansion's powers: entries that replace base ones in a player's table.

The Heroes & Bannermen improved powers (``BANNER_POWERS``), the expansion note's Heal All
(``NOTE_POWERS``), the two teachers (a banner 7 or 8 changes another rank) and the Vampiric
3s and 4s of rulebook section 4 (``VAMPIRIC_POWERS``). Their effects use verbs only the
expansion's state has (``heal_all_by``, ``ask_looks``, ``stop_lane``...), so they are typed
against :class:`~duelhall.games.duel52.expansion.state.Duel52XState`; a base entry, whose
effects take any table, is a ``Power[Duel52XState]`` as it stands (``Power`` is
contravariant in its state), so an improved power is the base entry with a few fields
replaced, checked field by field.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeAlias

from duelhall.games.duel52.engine.board import BoardCard, Ref
from duelhall.games.duel52.engine.cards import ACE, JACK, KING, QUEEN
from duelhall.games.duel52.engine.powers import BASE_POWERS, Effect, Power

if TYPE_CHECKING:
    from duelhall.games.duel52.expansion.state import Duel52XState

XPower: TypeAlias = "Power[Duel52XState]"
XTable: TypeAlias = "Mapping[int, XPower]"

_B: XTable = BASE_POWERS
"""The base entries, seen as entries of an expansion table."""


def heal_two(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.heal_all_by(seat, 2)


NOTE_POWERS: XTable = MappingProxyType(
    {7: replace(_B[7], text="Heal all your cards two hit points.", activate=heal_two)}
)
"""Expansion notes: with any advanced ruleset in play, Heal All heals two hit points."""


VAMPIRIC_POWERS: XTable = MappingProxyType(
    {
        r: Power(
            r,
            "Vampiric",
            "Vampiric",
            "After attacking and killing, heal one hit point.",
            vampiric=True,
        )
        for r in (3, 4)
    }
)
"""Rulebook section 4 (single player): 3s and 4s are Vampiric instead of their powers."""


def drafter(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.draw(seat)  # no discard; an empty pile gives nothing


def boom(state: Duel52XState, seat: int, lane: int, card: BoardCard, by: tuple[Ref, ...]) -> bool:
    for ref in by:
        state.at(ref).damage += 2
    state.turn_face_up(card)
    card.damage = 0
    return True


def all_seeing(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.reveal_hand(1 - seat, seat)
    state.ask_looks(seat, 2)


def frenzy(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    flipped: list[BoardCard] = []
    for other in range(len(state.rows)):
        flipped += [bc for bc in state.own_facedown(seat, other) if state.can_flip_by_power(bc)]
    for bc in flipped:
        state.turn_face_up(bc)
    state.activate_anywhere(seat, flipped)


def time_stop(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.freeze_enemies(seat, lane)
    state.stop_lane(1 - seat, lane)


def both_to_my_side(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.ask_moves(seat, lane, 2)


def revolutionary(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    cards = [bc for other in range(len(state.rows)) for bc in state.empowerable(seat, other)]
    state.activate_anywhere(seat, cards)


def master_action(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
    state.grant_action(card)
    state.grant_action(card)


def life_teacher(effect: Effect[Duel52XState] | None) -> Effect[Duel52XState]:
    """A banner 7 teaches 2s to heal: the 2's own power, then two hit points to every card."""

    def both(state: Duel52XState, seat: int, lane: int, card: BoardCard) -> None:
        state.heal_all_by(seat, 2)
        if effect is not None:
            effect(state, seat, lane, card)

    return both


BANNER_POWERS: XTable = MappingProxyType(
    {
        p.rank: p
        for p in (
            replace(
                _B[2], text="Draw a card; no discard.", activate=drafter, improved="The Drafter"
            ),
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
            # A banner 7 changes the 2s, not the 7s: the 7 keeps the expansion's Heal All
            # (two hit points), so a banner Jack (four) is not healed to full (ruling X29).
            replace(
                NOTE_POWERS[7], text="Your 2s also heal two hit points.", improved="Life Teacher"
            ),
            replace(_B[8], text="Your 4s also retaliate.", improved="Spiked Teacher"),
            replace(
                _B[9], text="Deals three damage to Jacks.", jack_damage=2, improved="Ninja Master"
            ),
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
)
"""Improved powers of cards matching the player's bannermen."""


TEACHES: Mapping[int, int] = {7: 2, 8: 4}
"""The two teachers: a banner 7 improves its owner's 2s, a banner 8 their 4s."""


def power_table(
    banners: Collection[int] = (), *, vampiric: bool = False, advanced: bool = False
) -> XTable:
    """One player's powers: base entries, replaced by the expansion's where they apply.

    Order matters: a bannerman improves a rank; Vampiric then replaces the 3 and 4 outright
    (an improved Trap or Foresight is still a Trap or Foresight, which Vampiric cards lack);
    last, the two teachers change other ranks (a banner 7 teaches 2s to heal, a banner 8
    teaches 4s to retaliate), whatever those ranks have become.
    """
    table = dict(_B)
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

"""Highlander's tensor, from the seat's side (mine first); its size follows the card file
(the ``cards`` option): 322 float32 numbers in 0..1 with the built-in 23 cards.

Cards are indexed in id order, as in the action table. Sections, in order (sizes from
:func:`layout`):

- ``scalars``: whether the seat is to act; the phase (draft, clash, over); round / 10 and
  clash / 8 (capped); I am on offence; I play The Kurgan; the deck / cards; the discard
  / cards; reshuffles / 5 (capped); then per side (mine, theirs): damage / the limit, hand
  size / 5, has chosen this clash, momentum waiting / 3 (capped), relentless waiting;
- ``abilities``: per side, each of its character's two abilities unlocked;
- ``required``: per side, the attack positions its next card must include (1 to the card
  file's positions);
- ``cards``: each card x 10 places, 1 where the seat knows the card lies: my hand, my hand
  and known to them (taken face-up), their hand (taken face-up, so known to me), face-up
  beside the deck, the discard, played by me this round, played by them this round, in the
  deck at its last shuffle, unseen (the deck or their hidden hand: where, the seat cannot
  tell), my secret choice;
- ``clash``: the last revealed clash: there is one; it was this round; I was on offence;
  the card each side played (one-hot over the cards, mine then theirs); per side the
  follow-up penalty / 3 and the damage / 6 (capped); the result (block, perfect block,
  strike, none: the game ended on penalties).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duelhall.games.highlander.engine.state import BLOCK as BLOCKED
from duelhall.games.highlander.engine.state import HAND_SIZE, PERFECT, STRIKE
from duelhall.interop.tensors.layout import Planes, Tensor, Vector, marks, one_hot, scaled

PHASES = ("draft", "clash", "over")
PLACES = 10
RESULTS = (BLOCKED, PERFECT, STRIKE, "")
SIDE_SCALARS = 5


def layout(cards: int, positions: int) -> dict[str, int]:
    return {
        "scalars": 11 + 2 * SIDE_SCALARS,
        "abilities": 2 * 2,
        "required": 2 * positions,
        "cards": cards * PLACES,
        "clash": 3 + 2 * cards + 2 * 2 + len(RESULTS),
    }


def highlander_tensor(cards: Sequence[str], positions: int) -> Tensor:
    """The tensor for a card file whose card ids are ``cards`` (in id order)."""
    index = {card: i for i, card in enumerate(sorted(cards))}
    shape = layout(len(index), positions)

    def build(view: Mapping[str, Any]) -> Vector:
        me = int(view["seat"])
        sides = (me, 1 - me)
        out = Planes(shape)
        total = len(index)
        scalars = [
            float(me in view["to_move"]),
            *one_hot(view["phase"], PHASES),
            scaled(view["round"], 10),
            scaled(view["clash"], 8),
            float(view["offence"] == me),
            float(view["kurgan"] == me),
            scaled(view["deck"], total),
            scaled(len(view["discard"]), total),
            scaled(view["reshuffles"], 5),
        ]
        for s in sides:
            scalars += [
                scaled(view["damage"][s], view["limit"]),
                scaled(view["hand_sizes"][s], HAND_SIZE),
                float(view["committed"][s]),
                scaled(view["momentum"][s], 3),
                float(view["relentless"][s]),
            ]
        out.put("scalars", scalars)
        out.put(
            "abilities",
            [
                float(ability["unlocked"])
                for s in sides
                for ability in view["characters"][s]["abilities"]
            ],
        )
        required: list[float] = []
        for s in sides:
            required += marks(positions, (p - 1 for p in view["required"][s] or ()))
        out.put("required", required)
        zones = (
            view["hands"][me],
            view["revealed"][me],
            view["revealed"][1 - me],
            view["faceup"],
            view["discard"],
            view["played"][me],
            view["played"][1 - me],
            view["deck_cards"],
            view["unseen"],
            [view["chosen"][me]],
        )
        planes = [0.0] * (total * PLACES)
        for place, zone in enumerate(zones):
            for card in zone:
                if card is not None:
                    planes[index[card] * PLACES + place] = 1.0
        out.put("cards", planes)
        out.put("clash", _last_clash(view, sides, index))
        return out.done()

    return Tensor(shape, build)


def _last_clash(
    view: Mapping[str, Any], sides: tuple[int, int], index: Mapping[str, int]
) -> list[float]:
    if not view["clashes"]:
        return [0.0] * (3 + 2 * len(index) + 2 * 2 + len(RESULTS))
    clash = view["clashes"][-1]
    played: list[float] = []
    for s in sides:
        played += marks(len(index), [index[clash["cards"][s]]])
    return [
        1.0,
        float(clash["round"] == view["round"]),
        float(clash["offence"] == sides[0]),
        *played,
        *(scaled(clash["penalties"][s], 3) for s in sides),
        *(scaled(clash["damage"][s], 6) for s in sides),
        *one_hot(clash["result"], RESULTS),
    ]

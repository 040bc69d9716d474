"""Action codes of the compiled engine (core.h) as the reference's actions, both ways.

A code packs the kind, card, lane, slots, targets and seat of a
:class:`~duelhall.games.duel52.engine.board.Duel52Action`; decoded actions are kept, so a
code names one shared action object, as the reference's tables of actions do.
"""

from __future__ import annotations

from duelhall.games.duel52.engine.board import Duel52Action, Kind, Ref

KINDS = (
    Kind.PLAY,
    Kind.FLIP,
    Kind.ATTACK,
    Kind.PAIR,
    Kind.DISCARD,
    Kind.LOOK,
    Kind.MOVE,
    Kind.STAY,
    Kind.RESOLVE,
)
_KIND_CODE = {kind: k for k, kind in enumerate(KINDS)}

_ACTIONS: dict[int, Duel52Action] = {}
_CODES: dict[Duel52Action, int] = {}


def _ref(bits: int) -> Ref:
    return (bits >> 7, bits >> 6 & 1, bits & 63)


def _bits(ref: Ref) -> int:
    lane, side, index = ref
    return lane << 7 | side << 6 | index


def decode(code: int) -> Duel52Action:
    """The action a code names."""
    action = _ACTIONS.get(code)
    if action is None:
        slots = tuple(_ref(code >> (16 + 9 * k) & 511) for k in range(code >> 12 & 3))
        targets = tuple(_ref(code >> (34 + 9 * k) & 511) for k in range(code >> 14 & 3))
        action = Duel52Action(
            code >> 52,
            KINDS[code & 15],
            (code >> 4 & 63) - 1,
            (code >> 10 & 3) - 1,
            slots,
            targets,
        )
        _ACTIONS[code] = action
        _CODES[action] = code
    return action


def decode_all(codes: list[int]) -> list[Duel52Action]:
    get = _ACTIONS.get
    return [get(c) or decode(c) for c in codes]


def encode(action: Duel52Action) -> int | None:
    """The code of ``action``, or None when no code can name it (it is then not legal)."""
    code = _CODES.get(action)
    if code is not None:
        return code
    try:
        kind = _KIND_CODE[action.kind]
        refs = (*action.slots, *action.targets)
        if (
            len(action.slots) > 2
            or len(action.targets) > 2
            or not -1 <= action.card < 52
            or not -1 <= action.lane < 3
            or action.seat not in (0, 1)
            or not all(0 <= r[0] < 3 and r[1] in (0, 1) and 0 <= r[2] < 64 for r in refs)
        ):
            return None
    except (KeyError, TypeError, IndexError):
        return None
    code = kind | (action.card + 1) << 4 | (action.lane + 1) << 10
    code |= len(action.slots) << 12 | len(action.targets) << 14 | action.seat << 52
    for k, ref in enumerate(action.slots):
        code |= _bits(ref) << (16 + 9 * k)
    for k, ref in enumerate(action.targets):
        code |= _bits(ref) << (34 + 9 * k)
    return code

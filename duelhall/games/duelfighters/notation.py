"""Reading Duel Fighters' action notation (docs/notation/duelfighters.md).

An action is a few words: ``deploy 120,40 n``, ``equip ashorai-swords``, ``ready``,
``player 1``, ``mark advance``, ``mark attack``, ``end``, ``done``, ``advance 44``,
``lateral left contact``, ``turn right``, ``pivot fl left``, ``retreat 88``, ``attack``,
``attack maximise``, ``technique stun``, ``technique devastating-mace left``, ``hold``,
``cast water-lash``, ``throw daemon-hammer``, ``improvise``, ``improvise maximise``, ``pass``.
With several characters a side (F59, F76): ``with hallothon`` names the character playing a
side's step, and an attack names its victim last: ``attack maximise at brock``; with
``target`` = ``when-programmed`` the attack, technique and retreat markers name it as they
are laid: ``mark attack at brock``.
Case and extra spaces do not matter; lengths may be written with any number of decimals
(``advance 44.0``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.core.errors import NotationError

from .engine import actions as A
from .engine.actions import Action, number

if TYPE_CHECKING:
    from .engine.state import DuelFightersState

USAGE = (
    "actions: deploy X,Y n|e|s|w, equip CARD, ready, player 1|2, mark MARKER, end, done, "
    "advance|retreat MM|contact, lateral left|right MM|contact, turn left|right, "
    "pivot fl|fr|rl|rr left|right, attack [maximise], technique ID [left|right], hold, "
    "cast CARD [maximise], throw CARD [maximise], defend [maximise], protect, accept, "
    "improvise [maximise], pass; with several a side: with CHARACTER, give CARD CHARACTER, "
    "and an attack (or a marker laid with its victim) ending at CHARACTER"
)
_ARGS = {
    A.DEPLOY: 2,
    A.EQUIP: 1,
    A.READY: 0,
    A.PLAYER: 1,
    A.MARK: 1,
    A.END: 0,
    A.DONE: 0,
    "advance": 1,
    "retreat": 1,
    "lateral": 2,
    A.TURN: 1,
    A.PIVOT: 2,
    A.HOLD: 0,
    A.PASS: 0,
    A.PROTECT: 0,
    A.ACCEPT: 0,
    A.WITH: 1,
    A.GIVE: 2,
}
_OPTIONAL = {
    A.ATTACK: (0, 1),
    A.IMPROVISE: (0, 1),
    A.TECHNIQUE: (1, 2),
    A.CAST: (1, 2),
    A.THROW: (1, 2),
    A.DEFEND: (0, 1),
}


def _length(word: str) -> str:
    if word == A.CONTACT:
        return word
    try:
        value = float(word)
    except ValueError:
        raise NotationError(f"{word!r} is not a length in mm (or 'contact')") from None
    if not 0.0 <= value <= 10000.0:
        raise NotationError(f"{word!r} is not a length on the table")
    return number(value)


def _spot(word: str) -> str:
    parts = word.split(",")
    if len(parts) != 2:
        raise NotationError(f"{word!r} is not a spot; write it as X,Y in mm, like 120,40")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise NotationError(f"{word!r} is not a spot; write it as X,Y in mm, like 120,40") from None
    if not (0.0 <= x <= 10000.0 and 0.0 <= y <= 10000.0):
        raise NotationError(f"{word!r} is not a spot on the table")
    return f"{number(x)},{number(y)}"


def parse_action(state: DuelFightersState, text: str, seat: int | None) -> Action:
    if seat is None:
        seat = state.current_seat()
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action; " + USAGE)
    verb, args = words[0], words[1:]
    victim: list[str] = []
    aimed = verb == A.MARK or (verb in _OPTIONAL and verb != A.DEFEND)
    if aimed and len(args) >= 2 and args[-2] == A.AT:
        victim, args = args[-2:], args[:-2]  # the victim an attack or its marker names (F76)
    if verb in _OPTIONAL:
        low, high = _OPTIONAL[verb]
        if not low <= len(args) <= high:
            raise NotationError(f"'{verb}' takes {low} to {high} words after it; " + USAGE)
    elif verb in _ARGS:
        if len(args) != _ARGS[verb]:
            raise NotationError(f"'{verb}' takes {_ARGS[verb]} word(s) after it; " + USAGE)
    else:
        raise NotationError(f"unknown action {words[0]!r}; " + USAGE)
    if verb == A.DEPLOY:
        if args[1] not in A.FACINGS:
            raise NotationError(f"{args[1]!r} is not a facing; use n, e, s or w")
        args = [_spot(args[0]), args[1]]
    elif verb in ("advance", "retreat"):
        args = [_length(args[0])]
    elif verb == "lateral":
        args = [args[0], _length(args[1])]
    return Action(seat, (verb, *args, *victim))

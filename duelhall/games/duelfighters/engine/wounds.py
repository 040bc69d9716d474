"""Injuries reaching a sheet, and strikes that are not attacks (collisions, barrels, trees).

Shared by :mod:`.movement` and :mod:`.fight`: both end in :func:`injure`, which applies the
combat package's :func:`~..combat.injuries.take_injuries` and carries out what it reports.
"""

from __future__ import annotations

from ..combat.attack import DefenceSpec
from ..combat.hazards import defend_hits
from ..combat.injuries import is_badly_wounded, take_injuries
from .board import Board


def defence_spec(board: Board, seat: int, contact: bool, cover: int = 0) -> DefenceSpec:
    """The defender's dice: DEF with equipment (F35), cover (F53) and resistances (F36)."""
    f = board.fighters[seat]
    _, defence, _, _ = f.dice_bonus(contact)
    resists: tuple[str, ...] = ()
    found = f.ability("elemental-resistance")
    if found is not None:
        elements = found.effect.params.get("elements", ())
        resists = elements if isinstance(elements, tuple) else ()
    dice = max(0, f.sheet.defence + defence)
    return DefenceSpec(dice, f.sheet.defence, cover=cover, resists=resists)


def badly_wounded(board: Board, seat: int) -> bool:
    return is_badly_wounded(board.fighters[seat].health(), board.rules)


def injure(board: Board, seat: int, injuries: int, *, hit: bool = True) -> None:
    """``injuries`` from one hit (or from dangerous ground: ``hit`` False, F44)."""
    f = board.fighters[seat]
    if injuries <= 0 or f.defeated:
        return
    out = take_injuries(
        board.rng,
        f.health(),
        injuries,
        board.rules,
        hit=hit,
        no_badly_wounded_penalty=f.has("no-badly-wounded-penalty"),
    )
    f.set_health(out.after)
    board.say(
        f"{f.name} takes {injuries} injur{'y' if injuries == 1 else 'ies'} "
        f"({f.injuries}/{f.sheet.wounds})"
    )
    if out.knocked_down:
        board.say(f"{f.name} is knocked down")
    if out.badly_wounded:
        board.say(f"{f.name} is badly wounded")
    if out.loses_card:
        board.lose_card(seat, "badly wounded")
    if out.death_roll is not None:
        roll = out.death_roll
        verdict = "falls" if out.after.defeated else "fights on"
        board.say(f"{f.name} rolls {roll.face} + {roll.excess} against death and {verdict}")
    if out.after.defeated:
        board.fell(seat, "killed")


def strikes_taken(board: Board, seat: int, strikes: int, *, always_defended: bool = False) -> None:
    """Strikes from a collision, a barrel or a tree, defended as the options say (F24, F67)."""
    if strikes <= 0 or board.over:
        return
    spec = defence_spec(board, seat, contact=True)
    out = defend_hits(board.rng, strikes, spec, board.rules, always_defended=always_defended)
    name = board.fighters[seat].name
    board.say(f"{name} takes {strikes} strike{'s' * (strikes != 1)}, {len(out.landed)} land")
    injure(board, seat, out.injuries)

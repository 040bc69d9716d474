"""Deck Duel's table drawn as HTML for the browser (the GameInfo ``web`` hook, docs/web.md).

Drawn from a view alone, like the terminal: a seat's board from ``state.view(seat)``, a
spectator's from ``state.public_view()``. The viewer's side is at the bottom (player 1's for
a spectator), the other seat's at the top, the turn's two cards between them.

Pick ids name places, never a hidden card: ``rage:S`` (seat S's rage track: answer rage),
``deck:S`` (its deck: flip without rage), ``hit:S`` (the attack coming at S: block or take,
a menu), ``table:S`` (S's winning face card: its ability or +1 action, a menu) and ``top:S``
(the top card S looks at after foresight: keep or discard, a menu).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from duelhall.core import boardfiles
from duelhall.core.wording import YOU, agrees, verb
from duelhall.games.deckduel.engine.actions import FLIP, RAGE, Act
from duelhall.games.deckduel.terminal import render

SUITS = render.SUITS
MAX_HEALTH = 12
MAX_RAGE = 3
DIE = 6
ABILITY = {"K": "focus", "Q": "+1 health", "J": "foresight"}

PACKAGE = __name__.rpartition(".")[0]  # where templates/ and board.css live


def stylesheet() -> str:
    return boardfiles.stylesheet(PACKAGE)


def action_picks(action: Act, view: dict[str, Any], seat: int | None) -> tuple[str, ...]:
    """What a player clicks for ``action``: see the module's docstring for the ids."""
    me = action.seat
    kind = action.kind
    if kind == RAGE:
        return (f"rage:{me}",)
    if kind == FLIP:
        return (f"deck:{me}",)
    pending = view["pending"] or {}
    if pending.get("choice") == "block":
        return (f"hit:{me}",)
    if pending.get("choice") == "face":
        return (f"table:{me}",)
    if pending.get("choice") == "look":
        return (f"top:{me}",)
    raise ValueError(f"{action} is not a choice now")  # a view without this pending choice


def _pips(on: int, total: int) -> list[bool]:
    return [k < on for k in range(max(total, on))]


def _side(view: dict[str, Any], s: int, seat: int | None, said: Sequence[str]) -> dict[str, Any]:
    p = view["players"][s]
    die_limit = view["options"].get("action_die_limit", True)
    hidden_discards = sum(1 for c in p["discard"] if c is None)
    mine = s == seat
    if view["phase"] == "rage" and view["result"] is None:
        if mine and p["decided"]:
            status = f"you chose {'rage' if p['rage_choice'] else 'flip'}"
        elif p["decided"]:
            status = "has chosen, in secret"
        else:
            status = "choosing…"
    else:
        status = ""
    return {
        "seat": s,
        "name": said[s],
        "suit": SUITS[s],
        "mine": mine,
        "picks": mine,
        "health": p["health"],
        "health_pips": _pips(p["health"], MAX_HEALTH),
        "actions": p["actions"],
        "action_pips": _pips(p["actions"], DIE if die_limit else max(DIE, p["actions"])),
        "rage": p["rage"],
        "rage_pips": _pips(p["rage"], MAX_RAGE),
        "round": p["round"],
        "deck": p["deck"],
        "top": p["top"],
        "top_known": p["top_known"] and not p["top"],
        "discard": p["discard"],
        "hidden_discards": hidden_discards,
        "unseen": p["unseen"],
        "sideways": p["sideways"],
        "decided": p["decided"],
        "status": status,
    }


def _can_rage(p: dict[str, Any]) -> bool:
    return bool(p["actions"] >= 1 and p["rage"] < MAX_RAGE)


def _prompt(view: dict[str, Any], seat: int | None, said: Sequence[str]) -> str:
    """What happens now, in a sentence."""
    if view["result"] is not None:
        return render.result_text(view, (said[0], said[1])).plain
    pending = view["pending"]
    if pending is None:
        waiting = [said[s] for s in view["to_move"]]
        if seat is not None and seat not in view["to_move"]:
            return f"Waiting for the opponent ({waiting[0]} is choosing in secret)"
        if seat is not None and not _can_rage(view["players"][seat]):
            why = "no action point" if view["players"][seat]["actions"] < 1 else "rage at 3"
            return f"Flip when ready ({why}: no rage this turn)"
        if len(waiting) == 2:
            return "Both choose in secret: rage or flip"
        return f"{verb(waiting[0], 'chooses', 'choose')} in secret: rage or flip"
    who = said[pending["seat"]]
    what = pending["choice"]
    if what == "block":
        d = pending["damage"]
        block = agrees(who, "blocks", "block")
        return f"{verb(who, 'takes', 'take')} {d} damage, or {block} one for 1 action point"
    if what == "face":
        return (
            f"{verb(who, 'picks', 'pick')} the face card's gift: "
            f"{ABILITY[pending['card']]} or +1 action point"
        )
    discards = agrees(who, "discards", "discard")
    return f"Foresight: {verb(who, 'keeps', 'keep')} the top card or {discards} it"


def _arena(view: dict[str, Any], seat: int | None, said: Sequence[str]) -> dict[str, Any]:
    combat = view["combat"]
    live = combat is not None and view["phase"] != "rage"
    pending = view["pending"] or {}
    out: dict[str, Any] = {"live": live, "cards": [None, None], "winner": None, "hit": None}
    if combat is not None and live:
        out["cards"] = [
            {
                "rank": combat["cards"][s],
                "focused": combat["focused"][s],
                "raged": combat["spent"][s],
            }
            for s in (0, 1)
        ]
        out["winner"] = combat["winner"]
        if combat["winner"] is not None and not combat["landed"]:
            loser = 1 - combat["winner"]
            out["hit"] = {"seat": loser, "damage": combat["damage"], "name": said[loser]}
    out["hit_pick"] = pending.get("choice") == "block" and pending.get("seat") == seat
    out["face_pick"] = pending.get("choice") == "face" and pending.get("seat") == seat
    out["story"] = [line.plain for line in render.story(view, said)]
    out["story_title"] = "This turn" if live else "Last turn"
    return out


def board_html(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> Markup:
    """The table for ``seat`` (None: a spectator) drawn from ``view``; names are escaped."""
    if seat is None and not view.get("public"):
        # The full view would show every hand: a spectator is drawn from the public view.
        raise ValueError("a spectator's board is drawn from state.public_view()")
    said = list(names)
    if seat is not None:
        said[seat] = YOU
    bottom = 0 if seat is None else seat
    sides = [_side(view, s, seat, said) for s in (0, 1)]
    pending = view["pending"] or {}
    return boardfiles.render(
        PACKAGE,
        "board.html",
        view=view,
        seat=seat,
        top=sides[1 - bottom],
        bottom=sides[bottom],
        arena=_arena(view, seat, said),
        prompt=_prompt(view, seat, said),
        looking=pending.get("choice") == "look" and pending.get("seat") == seat,
        over=view["result"] is not None,
        suits=SUITS,
    )

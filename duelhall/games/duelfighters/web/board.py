"""Duel Fighters drawn as HTML for the browser (the GameInfo ``web`` hook, docs/web.md).

Drawn from a view alone, like the terminal: the table is the picture of ``picture/`` (the
same SVG as ``--svg``), inline, with the sheets beside it. Pick ids: ``spot:X,Y`` (a
deployment spot, drawn on the table) then ``facing:F`` (n, e, s or w) to deploy, and
``marker:NAME`` (a programming marker of the palette) to lay a marker. With several
characters a side (F59), ``fig:KEY`` is a figure, clicked on the table or by its name beside
it: the one that plays the side's step (``with KEY``) or the adversary an attack strikes
(``... at KEY``, F76); ``gift:CARD:KEY`` is a button that passes a card to an ally (``give
CARD KEY``, F64): see :mod:`.figure_choices`. Every other choice is a button. Only the
seat's own markers and the spots every seat sees are drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from duelhall.core import boardfiles
from duelhall.core.wording import YOU

from ..content import load_content
from ..engine import actions as A
from ..engine.actions import Action
from ..picture.scene import caption_of, picture
from ..picture.svg import CAPTION_BAND, MARGIN
from ..sides import acting_for, crowded, fighters_of, side_of
from ..terminal.render import (
    card_groups,
    marker_words,
    result_text,
    step_words,
)
from .figure_choices import choosing_figures, figure_choices, figure_pick, gift_pick, on_table

PACKAGE = __name__.rpartition(".")[0]
FACING_WORDS = {"n": "↑ north", "e": "→ east", "s": "↓ south", "w": "← west"}
SPOT_RADIUS = 9.0


def stylesheet() -> str:
    return boardfiles.stylesheet(PACKAGE)


def action_picks(action: Action, view: Mapping[str, Any], seat: int | None) -> tuple[str, ...]:
    """What a player clicks for ``action``: see the module's docstring for the ids."""
    if action.verb == A.DEPLOY:
        return (f"spot:{action.words[1]}", f"facing:{action.words[2]}")
    if action.verb == A.MARK:
        return (f"marker:{action.words[1]}",)
    if action.verb == A.WITH:
        return (figure_pick(action.words[1]),)
    if action.verb == A.GIVE:
        return (gift_pick(action.words[1], action.words[2]),)
    if A.AT in action.words:
        return (figure_pick(action.words[action.words.index(A.AT) + 1]),)
    return ()


def pick_words(view: Mapping[str, Any], seat: int | None) -> str:
    """What the seat clicks now, as the move panel's "Click ..." goes on: no cards here."""
    if view["phase"] == "deploy":
        return "a highlighted spot on the table, then a facing"
    if view["phase"] == "program":
        return "a highlighted marker"
    return "a highlighted figure, on the table or by its name"


def _table(view: Mapping[str, Any], said: Sequence[str], deploying: bool, figures: bool) -> Markup:
    """The picture, inline, with the deployment spots laid on it when they may be picked,
    and the figures still fighting clickable when a step may name one."""
    keys = [str(view["fighters"][i]["key"]) for i in on_table(view)] if figures else []
    svg = picture(view, said, {key: figure_pick(key) for key in keys})
    svg = svg[svg.index("<svg") :]
    if deploying:
        depth = view["table"][1]
        top = MARGIN + (CAPTION_BAND if caption_of(view, said) else 0.0)
        dots = []
        for spot in view["spots"]:
            x, y = (float(v) for v in spot.split(","))
            dots.append(
                f'<circle class="df-spot" cx="{MARGIN + x:.1f}" cy="{top + depth - y:.1f}" '
                f'r="{SPOT_RADIUS}" data-pick="spot:{escape(spot)}"><title>{escape(spot)}'
                "</title></circle>"
            )
        end = svg.rindex("</svg>")
        svg = svg[:end] + '<g class="df-spots">' + "".join(dots) + "</g>" + svg[end:]
    return Markup(svg)


def _sheet(view: Mapping[str, Any], index: int, said: Sequence[str]) -> dict[str, Any]:
    f = view["fighters"][index]
    plan = view["plans"][index]
    s = side_of(view, index)
    executing = view["phase"] == "execute"
    steps = [
        {
            "n": i + 1,
            "words": step_words(step),
            "done": executing and i < plan["next"],
            "next": executing and i == plan["next"],
        }
        for i, step in enumerate(plan["steps"])
    ]
    # Injuries past the last wound (the blow that brings the death roll) leave none, not fewer.
    left = max(0, f["wounds"] - f["injuries"])
    return {
        "seat": s,
        "name": said[s],
        "character": f["name"],
        "level": f["level"],
        "left": left,
        "wounds": f["wounds"],
        "track": [k < left for k in range(f["wounds"])],
        "points": f["points"],
        "goal": f"wins at {f['win_at']}" if f["win_at"] else f"level up at {f['level_up_at']}",
        "stats": [
            ("ATK", f["attack"]),
            ("DEF", f["defence"]),
            ("INT", f["intelligence"]),
            ("CON", f["constitution"]),
        ],
        "flags": ["defeated"]
        if f.get("defeated")
        else [w for k, w in (("downed", "down"), ("badly_wounded", "badly wounded")) if f[k]],
        "cards": [{"state": st, "cards": what} for st, _, what in card_groups(f)],
        "steps": steps,
        "open": step_words(plan["open"]) if plan.get("open") else "",
        "face_down": plan["face_down"],
        "secret": plan["face_down"] is None and view["phase"] == "program" and not plan["done"],
        "cut": plan["cut"],
    }


def _markers(view: Mapping[str, Any], seat: int) -> list[dict[str, str]]:
    """The palette: every marker the character being programmed could lay (corner turns only
    for a character that has them, when its content is known)."""
    character = load_content().character(view["fighters"][acting_for(view, seat)]["character"])
    corners = character is None or any(
        a.effect.name == "turn-about-corner" for a in character.abilities
    )
    names = [*A.MOVE_HALVES, *(A.PIVOTS if corners else ()), *A.FULLS]
    return [
        {"pick": f"marker:{m}", "words": marker_words(m), "full": str(m in A.FULLS)} for m in names
    ]


def _prompt(view: Mapping[str, Any], seat: int | None, said: Sequence[str]) -> str:
    if view["result"] is not None:
        return result_text(view, said).plain
    movers = view["to_move"]
    phase = view["phase"]
    if seat is not None and seat not in movers:
        return "Waiting for the adversary"
    if phase == "deploy":
        return f"{said[movers[0]]}: pick a spot on the table, then a facing"
    if phase == "program" and seat is None:
        return f"{' and '.join(said[m] for m in movers)}: laying markers in secret"
    if phase == "program" and seat is not None and crowded(view):
        name = view["fighters"][acting_for(view, seat)]["name"]
        return f"Lay {name}'s markers in secret: two half-steps or one full step a step"
    if phase == "program":
        return "Lay your markers in secret: two half-steps or one full step a step"
    waiting = view.get("pending") is None and view.get("acting") is None
    if phase == "execute" and crowded(view) and waiting:
        return f"{said[movers[0]]}: choose who plays the side's next step"
    if phase == "execute" and crowded(view) and view.get("acting") is not None:
        return f"{said[movers[0]]}: carry out {view['fighters'][view['acting']]['name']}'s step"
    if phase == "execute":
        return f"{said[movers[0]]}: carry out the next step"
    return f"{said[movers[0]]} to choose"


def board_html(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> Markup:
    """The duel for ``seat`` (None: a spectator, from the public view); names are escaped."""
    said = list(names)
    if seat is not None:
        said[seat] = YOU
    acting = seat is not None and seat in view["to_move"] and view["result"] is None
    deploying = acting and view["phase"] == "deploy"
    programming = acting and view["phase"] == "program"
    bottom = 0 if seat is None else seat
    pending = view["pending"]
    choosing = choosing_figures(view, seat)
    return boardfiles.render(
        PACKAGE,
        "board.html",
        table=_table(view, said, deploying, choosing),
        sheets=[_sheet(view, i, said) for s in (bottom, 1 - bottom) for i in fighters_of(view, s)],
        prompt=_prompt(view, seat, said),
        deploying=deploying,
        facings=[{"pick": f"facing:{k}", "words": w} for k, w in FACING_WORDS.items()],
        markers=_markers(view, seat) if programming and seat is not None else [],
        choices=figure_choices(view, seat) if choosing and seat is not None else None,
        attack=None
        if pending is None
        else {
            "who": said[side_of(view, pending["attacker"])],
            "dice": " ".join(map(str, pending["attack_faces"])),
        },
        log=[line for line in view["log"] if line][-8:],
        turn=view["turn"],
    )

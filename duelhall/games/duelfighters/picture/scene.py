"""A view of a duel as a picture's scene: what :func:`.svg.render` draws, built from a seat's
view alone (the referee's, a seat's or a spectator's), so a picture never shows more than
the view it was made from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shapely.geometry import Polygon

from ..geometry import Figure
from ..sides import characters_of, fighters_of, side_of
from .figures import DEFEATED, DOWN, STANDING, FigureMark
from .svg import Scene, TerrainMark, render


def condition_of(fighter: Mapping[str, Any]) -> str:
    """Whether a view's fighter stands, is down or is defeated (defeat outweighs a fall)."""
    if fighter.get("defeated"):
        return DEFEATED
    return DOWN if fighter.get("downed") else STANDING


def scene_of(
    view: Mapping[str, Any], caption: str = "", picks: Mapping[str, str] | None = None
) -> Scene:
    """The table as ``view`` shows it: the scenery (smashed barrels gone) and the figures
    with their wounds left, victory points and condition; ``picks`` gives the figures a
    board may click by their key (the view's ``key``) the id they are clicked by."""
    picks = picks or {}
    broken = set(view["broken"])
    terrain = [
        TerrainMark(piece["kind"], Polygon(piece["points"]), piece["label"])
        for piece in view["terrain"]
        if piece["key"] not in broken
    ]
    figures = []
    for index, fighter in enumerate(view["fighters"]):
        base = fighter["figure"]
        if base is None:
            continue
        figures.append(
            FigureMark(
                Figure(base["x"], base["y"], base["facing"], base["side"]),
                fighter["name"],
                side_of(view, index),
                max(0, fighter["wounds"] - fighter["injuries"]),
                fighter["wounds"],
                fighter["points"],
                condition_of(fighter),
                bool(fighter.get("badly_wounded")) and not fighter.get("defeated"),
                picks.get(str(fighter.get("key")), ""),
            )
        )
    width, depth = view["table"]
    return Scene(width, depth, tuple(terrain), tuple(figures), caption=caption)


def caption_of(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """A picture's caption: the turn, the phase and who plays whom."""
    parts = []
    for side, name in enumerate(names[:2]):
        chars = characters_of(view, side)
        parts.append(chars if name == chars else f"{name} ({chars})")
    who = " vs ".join(parts)
    when = f"Turn {view['turn']}" if view["turn"] else "Deployment"
    result = view.get("result")
    if result is not None:
        winner = result.get("winner")
        if winner is None:
            when += " · drawn"
        else:
            won = characters_of(view, winner)
            when += f" · {won} win{'s' * (len(fighters_of(view, winner)) == 1)}"
    return f"{when} · {who}"


def picture(
    view: Mapping[str, Any],
    names: Sequence[str] = ("Player 1", "Player 2"),
    picks: Mapping[str, str] | None = None,
) -> str:
    """The ``svg`` hook: the table as ``view`` shows it, as an SVG document (``picks``: as
    for :func:`scene_of`)."""
    return render(scene_of(view, caption_of(view, names), picks))

"""The figures a Duel Fighters step may name, for the web board (F59, F64, F76): their pick
ids (``fig:KEY``, ``gift:CARD:KEY``) and the buttons drawn beside the table, from a view alone.

The board sees the view, not the legal actions: it offers every figure that could be named
(the side's own to play the step; the adversaries to strike; each equipped card to each
ally), and the client marks those the step can use, from the seat's own actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..sides import crowded, side_of
from ..terminal.render import card_name


def figure_pick(key: str) -> str:
    """The pick id of the figure a notation word names."""
    return f"fig:{key}"


def gift_pick(card: str, ally: str) -> str:
    """The pick id of passing ``card`` to the ally keyed ``ally``: one button says both."""
    return f"gift:{card}:{ally}"


def choosing_figures(view: Mapping[str, Any], seat: int | None) -> bool:
    """Whether the seat plays a step of a duel of several characters a side, where its
    choices may name a figure (who plays, whom to strike, to whom to give)."""
    return (
        seat is not None
        and seat in view["to_move"]
        and view["result"] is None
        and view["phase"] == "execute"
        and view["pending"] is None
        and crowded(view)
    )


def on_table(view: Mapping[str, Any]) -> list[int]:
    """The fighters still in the duel with a figure on the table."""
    return [
        i
        for i, f in enumerate(view["fighters"])
        if f["figure"] is not None and not f.get("defeated")
    ]


def _who(view: Mapping[str, Any], index: int) -> dict[str, Any]:
    """A figure's button: its name, seat colour and wounds left, picked by its key."""
    f = view["fighters"][index]
    left = max(0, f["wounds"] - f["injuries"])
    return {
        "pick": figure_pick(str(f["key"])),
        "name": f["name"],
        "seat": side_of(view, index),
        "state": f"W {left}/{f['wounds']}" + (" · down" if f["downed"] else ""),
    }


def figure_choices(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The figures beside the table a step may name: with none acting yet, the side's own;
    else the adversaries it may strike, and the acting one's equipped cards with the allies
    it may pass them to."""
    standing = on_table(view)
    mine = [i for i in standing if side_of(view, i) == seat]
    acting = view["acting"]
    if acting is None:
        return {"players": [_who(view, i) for i in mine], "foes": [], "gifts": []}
    f = view["fighters"][acting]
    items = sorted({ident for ident, st in f["cards"] if st == "equipped" and ident != "card"})
    allies = [i for i in mine if i != acting]
    gifts = [
        {
            "pick": gift_pick(item, str(view["fighters"][i]["key"])),
            "card": card_name(item, f.get("names")),
            "ally": _who(view, i),
        }
        for item in items
        for i in allies
    ]
    foes = [_who(view, i) for i in standing if side_of(view, i) != seat]
    return {"players": [], "foes": foes, "gifts": gifts}

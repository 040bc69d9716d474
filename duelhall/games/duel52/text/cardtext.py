"""Cards as terminal text, drawn alike in every Duel 52 table mode.

A card in hand or face-up is its rank and suit symbol (``7♥``, red for hearts and
diamonds). A face-down board card is ``(7♥)`` when the watching seat knows it and ``▒▒▒``
when it does not. Marks after a board card: ``♥1/2`` hit points left, ``❄`` frozen,
``attacked`` (no attack left this turn) and ``⚔2`` (attacks left). The legend entries for
those marks are here too, next to the code that draws them.

Everything reads the card dicts of a view (``state.view(seat)``), never a state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.powers import BASE_POWERS
from duelhall.games.duel52.expansion.powers import TEACHES, power_table

RED_SUITS = "DH"

POWER_NAMES: Mapping[int, str] = {rank: p.name for rank, p in BASE_POWERS.items()}
"""The base game's name of each rank's power (``7``: ``Heal``)."""


def card_text(name: str | None, *, dim: bool = False) -> Text:
    """A card name with its suit symbol, red for hearts and diamonds (``None``: unknown)."""
    if name is None:
        return Text("▒▒▒", style="bright_black")
    pretty_name = C.pretty(C.parse(name))
    style = "red" if name[-1] in RED_SUITS else "bold"
    if dim:
        style += " dim"
    return Text(pretty_name, style=style)


def cards_text(names: Sequence[str]) -> Text:
    """Cards side by side, one space apart (an empty text for no cards)."""
    out = Text()
    for k, name in enumerate(names):
        if k:
            out.append(" ")
        out.append_text(card_text(name))
    return out


def pretty(name: str) -> str:
    """``7♥`` for ``7H``."""
    return C.pretty(C.parse(name))


def power_text(name: str, powers: Mapping[int, str] = POWER_NAMES) -> str:
    """The card and its power's name: ``7♥, Heal`` (``powers``: names by rank, as the
    card's owner has them; see :func:`power_names`)."""
    return f"{pretty(name)}, {powers[C.rank(C.parse(name))]}"


def power_names(view: Mapping[str, Any], seat: int) -> dict[int, str]:
    """The names of ``seat``'s powers by rank, as its bannermen and the options make them:
    an improved power by its own name (``9``: ``Ninja Master``), a teacher's pupil with the
    teacher's (``2``: ``View + Life Teacher``), ``Vampiric`` 3s and 4s in solo play."""
    drafted = view.get("bannermen")
    banners = {C.rank(C.parse(c)) for c in drafted[seat]} if drafted else set()
    options = view.get("options", {})
    vampiric = bool(options.get("vampiric"))
    table = power_table(banners, vampiric=vampiric, advanced=bool(view.get("optional_actions")))
    names = {
        rank: p.improved if p.improved and rank not in TEACHES else p.name
        for rank, p in table.items()
    }
    for teacher, pupil in TEACHES.items():
        if teacher in banners:
            names[pupil] += f" + {table[teacher].improved}"
    return names


def hidden_card_text(name: str | None) -> Text:
    """A face-down card: ``(7♥)`` dimmed when the watcher knows it, ``▒▒▒`` when not."""
    if name is None:
        return card_text(None)
    out = Text("(")
    out.append_text(card_text(name, dim=True))
    out.append(")")
    return out


def face_text(card: dict[str, Any]) -> Text:
    """A board card (a view's card dict) as the watcher sees it, without marks."""
    if card["up"]:
        return card_text(card["card"])
    return hidden_card_text(card["card"])


def wound_marks(card: dict[str, Any]) -> Text:
    """`` ♥1/2`` for a damaged card (``-1`` when its hit points are hidden), `` ❄`` frozen."""
    marks = Text()
    hp = card["hp"]
    if card["damage"]:
        left = f"{hp - card['damage']}/{hp}" if hp is not None else f"-{card['damage']}"
        marks.append(f" ♥{left}", style="yellow")
    if card["frozen"]:
        marks.append(" ❄", style="bright_blue")
    return marks


def attack_marks(card: dict[str, Any], *, acting: bool) -> Text:
    """On the acting side's face-up cards: `` attacked`` when spent, `` ⚔2`` for two left."""
    marks = Text()
    if acting and card["up"] and "attacks_left" in card:
        if card["attacks_left"] == 0:
            marks.append(" attacked", style="bright_black")
        elif card["attacks_left"] > 1:
            marks.append(f" ⚔{card['attacks_left']}", style="bright_black")
    return marks


def card_column(cells: Sequence[Text], empty: str) -> Text:
    """One row of a place drawn as a column of cells, one a line; ``empty`` when none."""
    out = Text()
    for i, cell in enumerate(cells):
        if i:
            out.append("\n")
        out.append_text(cell)
    if not cells:
        out.append(empty, style="bright_black")
    return out


def partners(pairs: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each paired card's index to its partner's, from a view's ``pairs`` of one row."""
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    return mate


def named(card: dict[str, Any], where: str) -> str:
    """A board card in words: ``2b (7♥)``, ``2b (face-down 7♥)``, ``2b (face-down)``."""
    if card["card"] is None:
        return f"{where} (face-down)"
    shown = pretty(card["card"])
    return f"{where} ({shown})" if card["up"] else f"{where} (face-down {shown})"


# Legend entries for the marks above; each mode's legend adds its own.
KNOWN_FACE_DOWN = "(7♥) face-down, you know it"
UNKNOWN_FACE_DOWN = "▒▒▒ face-down, unknown"
HIT_POINTS_LEFT = "♥1/2 hit points left"
FROZEN = "❄ frozen"
NO_ATTACK_LEFT = "attacked: no attack left"
ATTACKS_LEFT = "⚔2 attacks left"


LEGEND_WIDTH = 80


def legend_text(*lines: Sequence[str]) -> Text:
    """A legend: each line's entries three spaces apart, dimmed. A line too wide for an
    80-column terminal breaks between entries, never inside one."""
    out: list[str] = []
    for line in lines:
        current = ""
        for entry in line:
            joined = f"{current}   {entry}" if current else entry
            if current and len(joined) > LEGEND_WIDTH:
                out.append(current)
                joined = entry
            current = joined
        out.append(current)
    return Text("\n".join(out), style="bright_black")

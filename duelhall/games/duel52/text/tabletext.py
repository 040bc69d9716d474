"""The lines around the board, drawn alike in every Duel 52 table mode.

The turn header, a hand, the discard, the pile order of a full view, the end of the game
and the numbered list of choices (with the plays laid out as a grid of hand cards by
places). The board itself differs between modes (lanes of two sides, triangles of three
rows) and is drawn by each mode's renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from duelhall.core.wording import owner_label, plural
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.text.actionwords import POWER_QUESTIONS
from duelhall.games.duel52.text.cardtext import card_text, cards_text


def header_text(
    view: dict[str, Any], names: Sequence[str], empty_pile: str, *, style: str = ""
) -> Text:
    """``Turn 5 · You to act, 2 actions left · pile 20 · discard 3`` (on two lines when
    it does not fit in :data:`WIDTH` columns).

    ``empty_pile`` says what an empty pile means in this mode; ``style`` is the whole
    line's (the player variants draw it bold throughout).
    """
    parts = [Text(f"Turn {view['turn']}", style="bold")]
    if view["result"] is None:
        mover = names[view["to_move"][0]]
        choice = view["pending"]["choice"] if view["pending"] is not None else None
        if choice == "draft":
            parts.append(Text(f"{mover} to choose a bannerman", style="bold green"))
        elif choice == "fort":
            parts.append(Text(f"{mover} to take a fort", style="bold green"))
        elif choice is not None:
            parts.append(Text(f"{mover} to answer a power", style="bold green"))
        else:
            left = plural(view["actions_left"], "action")
            parts.append(Text(f"{mover} to act, {left} left", style="bold green"))
    else:
        parts.append(Text("game over", style="bold"))
    if view["pile"]:
        parts.append(Text(f"pile {view['pile']}"))
    else:
        parts.append(Text(empty_pile, style="magenta"))
    parts.append(Text(f"discard {len(view['discard'])}"))
    header = Text(style=style)
    for k, line in enumerate(packed(parts, " · ")):
        if k:
            header.append("\n")
        header.append_text(line)
    return header


WIDTH = 80
"""The terminal the board is drawn for: 80 columns (and, for the duel, 24 lines)."""


def board_table() -> Table:
    """The board's grid, compact for an 80x24 terminal: no frame around it, a rule under
    the places' names and between the sides, ``│`` between places. The first column is
    for the sides' names."""
    table = Table(
        box=box.MINIMAL,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        header_style="bold",
        expand=False,
    )
    table.add_column("", style="bold", no_wrap=True)
    return table


def packed(parts: Sequence[Text], gap: str = "   ", indent: int = 0) -> list[Text]:
    """``parts`` side by side, ``gap`` apart, in as few lines of :data:`WIDTH` columns as
    they fit in; a part is never split, and lines after the first start ``indent`` in."""
    lines: list[Text] = []
    for part in parts:
        if lines and len(lines[-1].plain) + len(gap) + len(part.plain) <= WIDTH:
            lines[-1].append(gap)
            lines[-1].append_text(part)
        else:
            line = Text(" " * indent) if lines else Text()
            line.append_text(part)
            lines.append(line)
    return lines


def zone_lines(
    view: dict[str, Any],
    names: Sequence[str],
    seats: Sequence[int],
    roles: Mapping[int, str] | None = None,
    *,
    count_unseen: bool = False,
    side_by_side: bool = False,
) -> list[Text]:
    """The hands of ``seats`` in that order (``roles``: words after an owner's name; with
    ``side_by_side``, on one line where they fit), the discard (``count_unseen``: with a
    count of the cards discarded unseen) and, in a full view, the pile."""
    roles = roles or {}
    lines = [_hand_line(names[s], view["hands"][s], roles.get(s, "")) for s in seats]
    if side_by_side:
        lines = packed(lines)
    if view["discard"]:
        line = _discard_line(view["discard"])
        unseen = sum(1 for e in view["discard"] if e["card"] is None)
        if count_unseen and unseen:
            line.append(f"  (▒ {plural(unseen, 'card')} discarded face-down)", "bright_black")
        lines.append(line)
    if view["seat"] is None:
        lines.append(_pile_line(view))
    return lines


def _hand_line(name: str, hand: list[str] | int, role: str = "") -> Text:
    """``Your hand: 7♥ 9♠`` for a hand the view shows, ``Computer's hand: 5 cards, hidden``
    for one it only counts. ``role`` follows the owner (`` (partner)``)."""
    line = Text(f"{owner_label(name)}{role} hand: ", style="bold")
    if isinstance(hand, list):
        line.append_text(cards_text(hand))
        if not hand:
            line.append("empty", style="bright_black")
    elif hand:
        line.append(f"{plural(hand, 'card')}, hidden", style="bright_black")
    else:
        line.append("empty", style="bright_black")
    return line


def _discard_line(discard: list[dict[str, Any]]) -> Text:
    """``Discard: 7♥ (5♣) ▒``: face-up, seen face-down (dimmed) and unseen cards, oldest
    first."""
    line = Text("Discard: ", style="bold")
    for k, entry in enumerate(discard):
        if k:
            line.append(" ")
        if entry["card"] is None:
            line.append("▒", style="bright_black")
        else:
            line.append_text(card_text(entry["card"], dim=not entry["up"]))
    return line


def _pile_line(view: dict[str, Any]) -> Text:
    """The pile, top card first: only a full view (a replay's) holds it."""
    pile = " ".join(view.get("pile_order", [])[::-1])
    return Text(f"Pile (top first): {pile or '(empty)'}", style="bright_black")


def pending_lines(
    view: dict[str, Any], names: Sequence[str], own_words: Callable[[dict[str, Any], str], str]
) -> list[Text]:
    """The choice a power asks of the seat to move, if any: a 2's or a 4's are worded alike
    in every mode, the others by ``own_words(pending, who)``."""
    pending = view["pending"]
    if pending is None:
        return []
    who = names[pending["seat"]]
    if pending["choice"] == "look" and "looks_left" in pending:
        # The expansion's banner 4 (All Seeing) asks for more than one look.
        n = pending["looks_left"]
        more = f"{n} more face-down cards" if n > 1 else "one more face-down card"
        return [Text(f"{who} must choose {more} to look at (All Seeing).", style="bold yellow")]
    question = POWER_QUESTIONS.get(pending["choice"])
    words = question.format(who=who) if question else own_words(pending, who)
    return [Text(words, style="bold yellow")]


def result_line(result: dict[str, Any] | None, win_words: Callable[[int], str]) -> Text:
    """The end of the game: ``win_words(winner)`` for a win, else the draw and its cause."""
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    return Text(win_words(result["winner"]), style="bold green")


# ---------------------------------------------------------------------- the choices


@dataclass(frozen=True)
class PlayGrid:
    """How a mode heads the grid of plays: one row a hand card, one column a place."""

    column: str
    """The heading of a place's column before its number: ``lane`` or ``tri``."""
    width: int
    """Characters a column takes."""
    hint: str
    """The notation shown after the headings, like ``[play CARD LANE]``."""
    place_of: Callable[[Any], int]
    """The place (0-based) a play goes to."""
    places: int
    """How many places there are."""


LANE_GRID = PlayGrid("lane", 10, "[play CARD LANE]", attrgetter("lane"), 3)
"""The grid of plays of the lane games (the duel and the team game)."""


def numbered_line(number: int, width: int, words: str, notation: object) -> Text:
    """``  3) flip 2b (face-down)   [flip 2b]``: a choice, its words and its notation."""
    line = Text(f"  {number:>{width}}) ", style="cyan")
    line.append(words)
    line.append(f"   [{notation}]", style="bright_black")
    return line


def choice_lines(
    legal: Sequence[Any],
    grid: PlayGrid,
    describe: Callable[[Any], str],
    numbers: Sequence[int] | None = None,
    notation: Callable[[Any], str] = str,
) -> list[Text]:
    """The numbered choices; plays are a grid of hand cards by places, one line a card.

    ``numbers`` are the choices' numbers (1, 2, 3... when not given); ``notation`` writes
    an action as the person would type it."""
    numbered = list(zip(numbers or range(1, len(legal) + 1), legal, strict=True))
    width = len(str(max((n for n, _ in numbered), default=1)))
    lines: list[Text] = []
    plays: dict[int, dict[int, int]] = {}
    for number, action in numbered:
        if action.kind == Kind.PLAY:
            plays.setdefault(action.card, {})[grid.place_of(action)] = number
    if plays:
        head = Text("  play face-down into:".ljust(24), style="bold")
        for place in range(grid.places):
            head.append(f"{grid.column} {place + 1}".ljust(grid.width))
        head.append(grid.hint, style="bright_black")
        lines.append(head)
        for card, by_place in plays.items():
            line = Text("    ")
            line.append_text(card_text(C.name(card)))
            line.append(" " * (20 - len(C.pretty(card))))
            for place in range(grid.places):
                cell = f"{by_place[place]})" if place in by_place else "-"
                line.append(cell.rjust(width + 1).ljust(grid.width), style="cyan")
            lines.append(line)
    for number, action in numbered:
        if action.kind != Kind.PLAY:
            lines.append(numbered_line(number, width, describe(action), notation(action)))
    return lines

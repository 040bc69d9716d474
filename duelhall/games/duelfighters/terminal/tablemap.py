"""The table as a scaled character map: terrain by kind, each figure's base in its seat's
letter with an arrow in front of it for its facing. Drawn from a view alone."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from shapely.geometry import Point, Polygon

from ..geometry import Figure

COLUMNS = 40
"""Map width in characters; a row covers twice a column's millimetres, as a terminal cell is
about twice as tall as it is wide."""

TERRAIN_CHARS: Mapping[str, tuple[str, str, str]] = {
    "hedge": ("%", "green", "hedge, low wall"),
    "barrel-wall": ("=", "yellow", "barrel wall"),
    "barrel": ("o", "bright_yellow", "barrel"),
    "tree": ("T", "green4", "tree, column"),
    "wall": ("#", "white", "wall"),
    "rough": (":", "khaki3", "rough"),
    "dangerous": ("!", "magenta", "dangerous"),
    "lethal": ("X", "red", "lethal"),
}
SEAT_STYLES = ("bold bright_blue", "bold dark_orange")
EMPTY = "·"
ARROWS = ((0, ">"), (45, "/"), (90, "^"), (135, "\\"), (180, "<"), (225, "/"), (270, "v"))


def arrow(facing: float) -> str:
    """The character pointing nearest to ``facing`` (degrees, 0 east, 90 north)."""
    angle = facing % 360
    best = min((*ARROWS, (360, ">")), key=lambda pair: abs(pair[0] - angle))
    return best[1]


def seat_letter(view: Mapping[str, Any], seat: int) -> str:
    """A figure's letter: its name's initial, lower case for the second seat if both agree."""
    letters = [f["name"][:1].upper() or str(s + 1) for s, f in enumerate(view["fighters"])]
    if letters[0] == letters[1]:
        letters = ["A", "B"]
    return letters[seat]


def table_map(view: Mapping[str, Any], columns: int = COLUMNS) -> list[Text]:
    """The table, north (the second seat's edge) at the top, framed, one Text per row."""
    width, depth = view["table"]
    cell = width / columns
    rows = max(1, round(depth / (2 * cell)))
    high = depth / rows
    grid: list[list[tuple[str, str]]] = [
        [(EMPTY, "bright_black") for _ in range(columns)] for _ in range(rows)
    ]
    broken = set(view["broken"])
    letters = {seat_letter(view, s) for s in (0, 1)}

    def centre(col: int, row: int) -> Point:
        return Point((col + 0.5) * cell, depth - (row + 0.5) * high)

    def paint(shape: Polygon, char: str, style: str) -> None:
        x0, y0, x1, y1 = shape.bounds
        for row in range(rows):
            for col in range(columns):
                p = centre(col, row)
                if x0 <= p.x <= x1 and y0 <= p.y <= y1 and shape.contains(p):
                    grid[row][col] = (char, style)

    for piece in view["terrain"]:
        if piece["key"] in broken or piece["kind"] not in TERRAIN_CHARS:
            continue
        char, style, _ = TERRAIN_CHARS[piece["kind"]]
        paint(Polygon(piece["points"]), char, style)
    for seat, fighter in enumerate(view["fighters"]):
        base = fighter["figure"]
        if base is None:
            continue
        figure = Figure(base["x"], base["y"], base["facing"], base["side"])
        letter = seat_letter(view, seat)
        style = SEAT_STYLES[seat] + (" reverse" if fighter["downed"] else "")
        paint(figure.polygon, letter, style)
        # The base always shows, however small beside a cell.
        col, row = _cell(base["x"], base["y"], cell, high, columns, rows, depth)
        grid[row][col] = (letter, style)
        reach = base["side"] / 2 + max(cell, high) * 0.75
        angle = math.radians(base["facing"])
        ax, ay = base["x"] + reach * math.cos(angle), base["y"] + reach * math.sin(angle)
        if 0 <= ax < width and 0 <= ay < depth:
            col, row = _cell(ax, ay, cell, high, columns, rows, depth)
            if grid[row][col][0] not in letters:
                grid[row][col] = (arrow(base["facing"]), SEAT_STYLES[seat])
    lines = [Text("┌" + "─" * columns + "┐", style="bright_black")]
    for cells in grid:
        line = Text("│", style="bright_black")
        for char, style in cells:
            line.append(char, style=style)
        line.append("│", style="bright_black")
        lines.append(line)
    lines.append(Text("└" + "─" * columns + "┘", style="bright_black"))
    return lines


def _cell(
    x: float, y: float, cell: float, high: float, columns: int, rows: int, depth: float
) -> tuple[int, int]:
    col = min(columns - 1, max(0, int(x / cell)))
    row = min(rows - 1, max(0, int((depth - y) / high)))
    return col, row


def map_legend(view: Mapping[str, Any], names: Sequence[str], columns: int = COLUMNS) -> Text:
    """What the map's characters mean: the figures, then each terrain kind on this table."""
    width = view["table"][0]
    line = Text("")
    for seat, fighter in enumerate(view["fighters"]):
        line.append(seat_letter(view, seat), style=SEAT_STYLES[seat])
        line.append(f" {names[seat]} ({fighter['name']})   ")
    line.append("> ^ < v facing", style="bright_black")
    kinds = {p["kind"] for p in view["terrain"] if p["key"] not in set(view["broken"])}
    if kinds:
        line.append("\n")
    for kind, (char, style, words) in TERRAIN_CHARS.items():
        if kind in kinds:
            line.append(char, style=style)
            line.append(f" {words}  ", style="bright_black")
    line.append(f"\none column {width / columns:.0f} mm, one row {2 * width / columns:.0f} mm")
    line.append("; north (n) is up", style="bright_black")
    return line

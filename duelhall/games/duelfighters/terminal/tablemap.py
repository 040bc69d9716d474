"""The table as a scaled character map: terrain by kind, each figure's base in its seat's
letter with an arrow in front of it for its facing. A downed figure's letter is lower case
(reversed, its arrow dimmed), a defeated one's base is ``†`` with no arrow. Drawn from a view
alone."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from shapely.geometry import Point, Polygon

from ..geometry import Figure
from ..sides import by_side, side_of

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
FALLEN = "†"
ARROWS = ((0, ">"), (45, "/"), (90, "^"), (135, "\\"), (180, "<"), (225, "/"), (270, "v"))


def arrow(facing: float) -> str:
    """The character pointing nearest to ``facing`` (degrees, 0 east, 90 north)."""
    angle = facing % 360
    best = min((*ARROWS, (360, ">")), key=lambda pair: abs(pair[0] - angle))
    return best[1]


def figure_letter(view: Mapping[str, Any], index: int) -> str:
    """The letter of the view's fighter ``index``: its name's initial, or, when two figures
    would share one, A, B, C... in the view's order."""
    letters = [f["name"][:1].upper() or str(s + 1) for s, f in enumerate(view["fighters"])]
    if len(set(letters)) < len(letters):
        letters = [chr(ord("A") + i) for i in range(len(letters))]
    return letters[index]


def figure_glyph(view: Mapping[str, Any], index: int) -> str:
    """The character a figure's base is drawn in: its letter, lower case while it is down,
    ``†`` once it is defeated."""
    fighter = view["fighters"][index]
    if fighter.get("defeated"):
        return FALLEN
    letter = figure_letter(view, index)
    return letter.lower() if fighter.get("downed") else letter


def plight_words(fighter: Mapping[str, Any]) -> str:
    """What has befallen a figure, for the legend ("" when nothing has)."""
    if fighter.get("defeated"):
        return "defeated"
    parts = [w for k, w in (("downed", "down"), ("badly_wounded", "badly wounded")) if fighter[k]]
    return ", ".join(parts)


def table_map(view: Mapping[str, Any], columns: int = COLUMNS) -> list[Text]:
    """The table, north (the second seat's edge) at the top, framed, one Text per row."""
    width, depth = view["table"]
    cell = width / columns
    rows = max(1, round(depth / (2 * cell)))
    high = depth / rows
    grid: list[list[tuple[str, str]]] = [
        [(EMPTY, "bright_black") for _ in range(columns)] for _ in range(rows)
    ]
    frame: dict[tuple[int, int], tuple[str, str]] = {}
    broken = set(view["broken"])
    letters = {figure_glyph(view, i) for i in range(len(view["fighters"]))}

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
    for index, fighter in enumerate(view["fighters"]):
        base = fighter["figure"]
        if base is None:
            continue
        figure = Figure(base["x"], base["y"], base["facing"], base["side"])
        letter = figure_glyph(view, index)
        seat = side_of(view, index)
        if fighter.get("defeated"):
            style = "bright_black"
        else:
            style = SEAT_STYLES[seat] + (" reverse" if fighter["downed"] else "")
        paint(figure.polygon, letter, style)
        # The base always shows, however small beside a cell.
        col, row = _cell(base["x"], base["y"], cell, high, columns, rows, depth)
        grid[row][col] = (letter, style)
        if fighter.get("defeated"):
            continue  # the fallen face nowhere
        # A downed figure faces nowhere until it stands: its arrow is dimmed.
        pointer = "bright_black" if fighter["downed"] else SEAT_STYLES[seat]
        reach = base["side"] / 2 + max(cell, high) * 0.75
        angle = math.radians(base["facing"])
        ax, ay = base["x"] + reach * math.cos(angle), base["y"] + reach * math.sin(angle)
        # Facing the edge, the arrow's cell is off the table: it goes on the frame instead,
        # which is exactly where the figure looks.
        col = min(columns, max(-1, math.floor(ax / cell)))
        row = min(rows, max(-1, math.floor((depth - ay) / high)))
        if _on_grid(row, col, rows, columns) and grid[row][col][0] not in letters:
            grid[row][col] = (arrow(base["facing"]), pointer)
        elif not _on_grid(row, col, rows, columns):
            frame[(row, col)] = (arrow(base["facing"]), pointer)
    return _framed(grid, frame, rows, columns)


def _on_grid(row: int, col: int, rows: int, columns: int) -> bool:
    return 0 <= row < rows and 0 <= col < columns


def _framed(
    grid: list[list[tuple[str, str]]],
    frame: Mapping[tuple[int, int], tuple[str, str]],
    rows: int,
    columns: int,
) -> list[Text]:
    """The grid inside its frame; ``frame`` holds the frame cells an arrow replaces, keyed by
    (row, column) with -1 and ``rows``/``columns`` for the frame's own rows and columns."""

    def border(row: int, col: int, char: str) -> tuple[str, str]:
        return frame.get((row, col), (char, "bright_black"))

    def line_of(cells: list[tuple[str, str]]) -> Text:
        line = Text("")
        for char, style in cells:
            line.append(char, style=style)
        return line

    top = [border(-1, c, "─") for c in range(columns)]
    bottom = [border(rows, c, "─") for c in range(columns)]
    lines = [line_of([border(-1, -1, "┌"), *top, border(-1, columns, "┐")])]
    for row, cells in enumerate(grid):
        lines.append(line_of([border(row, -1, "│"), *cells, border(row, columns, "│")]))
    lines.append(line_of([border(rows, -1, "└"), *bottom, border(rows, columns, "┘")]))
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
    for index in by_side(view):
        fighter = view["fighters"][index]
        seat = side_of(view, index)
        line.append(figure_glyph(view, index), style=SEAT_STYLES[seat])
        plight = plight_words(fighter)
        if plight:
            line.append(f" {names[seat]} ({fighter['name']}, ")
            line.append(plight, style="bold red")
            line.append(")   ")
        else:
            line.append(f" {names[seat]} ({fighter['name']})   ")
    line.append("> ^ < v facing", style="bright_black")
    fallen = [f for f in view["fighters"] if f["figure"] is not None]
    if any(f["downed"] and not f.get("defeated") for f in fallen):
        line.append("   lower case: down", style="bright_black")
    if any(f.get("defeated") for f in fallen):
        line.append(f"   {FALLEN} defeated", style="bright_black")
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

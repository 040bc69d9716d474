"""The figures of the table picture: each base in its seat's colour with its front edge and a
chevron for its facing, and what has befallen it, told at a glance and in words.

A standing figure is solid. A downed one lies hatched, its facing dimmed (it faces nowhere
until it stands up) and tagged DOWN. A defeated one is greyed and crossed out but left where it
fell, since its base still stands in the way. Badly wounded is written under the name. The
label's last line says each of these in words, so print in grey and colour-blind readers lose
nothing.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry import Figure
from .elements import HALO, INK, el, halo_text, num

SEAT_COLOURS = ("#0072b2", "#d55e00")  # Okabe-Ito blue and vermillion: a colour-blind-safe pair
ALERT = "#b03a2e"  # the web sheet's flag red, for what went wrong for a figure
FALLEN = "#7d7d7d"
SOFT_INK = "#5e6266"

STANDING, DOWN, DEFEATED = "standing", "down", "defeated"
CONDITIONS = (STANDING, DOWN, DEFEATED)
DEFEATED_SWATCH = "legend-defeated"
"""The class of the legend's defeated swatch, which the legend crosses out as the base is."""


@dataclass(frozen=True)
class FigureMark:
    """A figure to draw: its base, a label, its seat (0 or 1, which picks the colour), the
    wounds left (of ``max_wounds``) and victory points shown under the label when given, its
    condition (standing, down or defeated), whether it is badly wounded, and ``pick``, the id a
    board may click it by (``data-pick``; empty: none)."""

    figure: Figure
    label: str
    seat: int
    wounds: int | None = None
    max_wounds: int | None = None
    points: int | None = None
    condition: str = STANDING
    badly_wounded: bool = False
    pick: str = ""

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise ValueError(f"a duel has seats 0 and 1, not {self.seat}")
        if self.condition not in CONDITIONS:
            raise ValueError(f"a figure is {', '.join(CONDITIONS)}, not {self.condition!r}")

    def status(self) -> str:
        parts = []
        if self.wounds is not None:
            total = "" if self.max_wounds is None else f"/{self.max_wounds}"
            parts.append(f"W {self.wounds}{total}")
        if self.points is not None:
            parts.append(f"VP {self.points}")
        return "  ".join(parts)

    def plight(self) -> str:
        """What has befallen the figure, in words ("" when nothing has)."""
        if self.condition == DEFEATED:
            return "defeated"
        parts = ["down"] if self.condition == DOWN else []
        if self.badly_wounded:
            parts.append("badly wounded")
        return " · ".join(parts)


def patterns(defs: ET.Element, marks: Sequence[FigureMark]) -> None:
    """The hatching of a downed base, in the colour of each seat with a figure down."""
    for seat, colour in enumerate(SEAT_COLOURS):
        if not any(m.seat == seat and m.condition == DOWN for m in marks):
            continue
        tile = el(
            defs,
            "pattern",
            id=f"down-{seat}",
            patternUnits="userSpaceOnUse",
            width="7",
            height="7",
            patternTransform="rotate(45)",
        )
        el(tile, "rect", width="7", height="7", fill=HALO)
        el(tile, "rect", width="3.5", height="7", fill=colour, fill_opacity="0.75")


def legend_entries(marks: Sequence[FigureMark]) -> list[tuple[str, dict[str, str]]]:
    """The legend's keys to the conditions some figure is in."""
    out: list[tuple[str, dict[str, str]]] = []
    downed = [m for m in marks if m.condition == DOWN]
    if downed:
        colour = SEAT_COLOURS[downed[0].seat]
        hatch = {"fill": f"url(#down-{downed[0].seat})", "stroke": colour}
        out.append(("down: hatched", {**hatch, "stroke-dasharray": "4 2"}))
    if any(m.condition == DEFEATED for m in marks):
        grey = {"fill": FALLEN, "fill-opacity": "0.35", "stroke": FALLEN}
        out.append(("defeated: crossed out", {**grey, "class": DEFEATED_SWATCH}))
    return out


def cross(parent: ET.Element, left: float, top: float, width: float, height: float) -> None:
    """The cross that strikes out a defeated figure's base (and its legend swatch)."""
    right, bottom = left + width, top + height
    el(
        parent,
        "path",
        {"class": "struck"},
        d=f"M{num(left)},{num(top)} L{num(right)},{num(bottom)} "
        f"M{num(right)},{num(top)} L{num(left)},{num(bottom)}",
        stroke=INK,
        stroke_width="3",
        stroke_linecap="round",
        stroke_opacity="0.85",
    )


Box = tuple[float, float, float, float]
"""A rectangle of the picture: left, top, right, bottom."""


def draw(
    bases: ET.Element,
    labels: ET.Element,
    mark: FigureMark,
    at: tuple[float, float],
    span: tuple[float, float],
    room: tuple[float, float],
    taken: list[Box],
) -> None:
    """One figure: its base at ``at`` (picture units), its label under the base's lowest point
    on the picture (``span``: its top and bottom), else above it, else further off, the first
    place within ``room`` (the highest and lowest a label may reach) that overlaps nothing
    ``taken`` (the bases, and the labels already placed, to which its own is added)."""
    f = mark.figure
    h = f.half
    colour = SEAT_COLOURS[mark.seat]
    attrib = {"class": f"base {mark.condition}", "data-seat": str(mark.seat)}
    if mark.pick:
        attrib["data-pick"] = mark.pick
    # Drawn in the base's own frame, front towards +x; SVG turns clockwise on screen, so the
    # counter-clockwise facing is negated.
    base = el(
        bases,
        "g",
        attrib,
        transform=f"translate({num(at[0])} {num(at[1])}) rotate({num(-f.facing)})",
    )
    plight = mark.plight()
    el(base, "title").text = f"{mark.label} ({plight})" if plight else mark.label
    if mark.pick:
        # Drawn by the board's CSS when the figure may be clicked, picked or previewed.
        ring = num(-h - 5)
        el(
            base,
            "rect",
            {"class": "pick-ring"},
            x=ring,
            y=ring,
            width=num(f.side + 10),
            height=num(f.side + 10),
            rx="4",
            fill="none",
        )
    square = {"x": num(-h), "y": num(-h), "width": num(f.side), "height": num(f.side)}
    if mark.condition == DEFEATED:
        el(
            base,
            "rect",
            square,
            fill=FALLEN,
            fill_opacity="0.35",
            stroke=FALLEN,
            stroke_width="1.5",
        )
        cross(base, -h + 3, -h + 3, f.side - 6, f.side - 6)
    else:
        down = mark.condition == DOWN
        look = (
            {"fill": f"url(#down-{mark.seat})", "stroke": colour, "stroke-dasharray": "5 3"}
            if down
            else {"fill": colour, "fill-opacity": "0.9", "stroke": HALO}
        )
        el(base, "rect", {**square, **look}, stroke_width="2" if down else "1.5")
        # A downed figure faces nowhere until it stands: its facing is dimmed, not gone.
        facing = el(base, "g", {"class": "facing"}, opacity="0.3" if down else "1")
        el(
            facing,
            "path",
            {"class": "front"},
            d=f"M{num(h - 2)},{num(-h + 1)} L{num(h - 2)},{num(h - 1)}",
            stroke=INK,
            stroke_width="4",
            stroke_linecap="round",
        )
        el(
            facing,
            "path",
            {"class": "chevron"},
            d=(
                f"M{num(-0.3 * h)},{num(-0.5 * h)} L{num(0.45 * h)},0 "
                f"L{num(-0.3 * h)},{num(0.5 * h)} L{num(-0.1 * h)},0 Z"
            ),
            fill=INK if down else HALO,
            fill_opacity="0.95",
        )
    if mark.condition == DOWN:
        _tag(labels, at, "DOWN")
    _label(labels, mark, at[0], span, room, taken)


def _tag(labels: ET.Element, at: tuple[float, float], words: str) -> None:
    """A small upright tag over the middle of a base, read whichever way the base faces."""
    width, height = 7.0 * len(words) + 8, 12.0
    tag = el(labels, "g", {"class": "tag"})
    el(
        tag,
        "rect",
        x=num(at[0] - width / 2),
        y=num(at[1] - height / 2),
        width=num(width),
        height=num(height),
        rx="3",
        fill=ALERT,
        stroke=HALO,
        stroke_width="1",
    )
    el(
        tag,
        "text",
        x=num(at[0]),
        y=num(at[1] + 3.5),
        font_size="9",
        font_weight="bold",
        text_anchor="middle",
        fill=HALO,
    ).text = words


def _label(
    labels: ET.Element,
    mark: FigureMark,
    x: float,
    span: tuple[float, float],
    room: tuple[float, float],
    taken: list[Box],
) -> None:
    lines: list[tuple[str, float, dict[str, str]]] = [
        (
            mark.label,
            13,
            {"font_weight": "bold", "fill": SOFT_INK if mark.condition == DEFEATED else INK},
        )
    ]
    status = mark.status()
    if status:
        lines.append((status, 10.5, {}))
    plight = mark.plight()
    if plight:
        lines.append((plight, 10.5, {"font_weight": "bold", "fill": ALERT}))
    # A rough extent of the text: a bold character is about 0.62 of its size wide.
    half = max(len(words) * size * 0.31 for words, size, _ in lines)
    drop = 12 * (len(lines) - 1)  # from the first line's baseline to the last's

    def box(first: float) -> Box:
        return (x - half, first - 11, x + half, first + drop + 3)

    def free(first: float) -> bool:
        left, top, right, bottom = box(first)
        inside = room[0] <= top and bottom <= room[1]
        return inside and not any(
            left < r and x0 < right and top < b and t < bottom for x0, t, r, b in taken
        )

    top, bottom = span
    below, above = bottom + 16, top - 6 - drop
    step = drop + 16
    tries = [below, above, *(y for k in (1, 2, 3) for y in (below + k * step, above - k * step))]
    # Crowded past every try, it goes where it always went: under the base, or over it at the
    # bottom edge.
    fallback = below if below + drop <= room[1] else above
    first = next((y for y in tries if free(y)), fallback)
    taken.append(box(first))
    for i, (words, size, attrs) in enumerate(lines):
        halo_text(labels, x, first + 12 * i, words, size, **attrs)

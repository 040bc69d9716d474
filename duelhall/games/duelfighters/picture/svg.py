"""The table picture: one position of a Duel Fighters duel drawn as an SVG document.

:func:`render` is a pure function of a :class:`Scene` (the table, its terrain, the figures, the
cards laid to measure the last step, area-of-effect templates and a caption); the CLI, replays
and the web app all draw with it. The picture is in millimetres (the viewBox is the table plus
a margin) and meant to read at about 800 px wide.

Table coordinates put seat 0 on y = 0 (docs/duelfighters-geometry.md); the picture flips y so
that seat 0 sits at the bottom, as a player at that edge sees the table. Labels come from data
files a player may edit, so the document is built with ElementTree, which escapes every text
and attribute.

Colours are the Okabe-Ito set (told apart with every common colour-vision deficiency), and each
terrain kind also has its own pattern, so the kinds stay distinct in grey print as well.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from ..content import Scenario
from ..geometry import TABLE_SIDE, Table
from . import figures
from .elements import INK, el, halo_text, num, text
from .figures import DEFEATED, SEAT_COLOURS, FigureMark

SVG_NS = "http://www.w3.org/2000/svg"
PIXEL_WIDTH = 800
"""The width the document asks to be shown at; the drawing scales to any size."""

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
MARGIN = 40.0  # mm around the table: room for the seats' names and labels near the edge
CAPTION_BAND = 34.0
CAPTION_SIZE = 17.0
LEGEND_ROW = 24.0
LEGEND_ITEM = 205.0
GRID_STEP = 100.0  # the rulebook measures in cards, but a 10 cm grid lets a reader judge size

TABLE_FILL = "#f5efe2"
GRID_INK = "#8c7b5a"
CARD_FILL = "#ffffff"
TEMPLATE_FILL = "#56b4e9"
TEMPLATE_INK = "#1f6f99"


@dataclass(frozen=True)
class _Style:
    name: str  # for the legend
    fill: str
    ink: str  # lines of the pattern and the outline
    pattern: str  # a tile drawn by _patterns
    text: str  # colour of a label written on the piece


_STYLES: dict[str, _Style] = {
    "hedge": _Style("hedge, shrub, low wall", "#009e73", "#00583f", "diagonal", "#ffffff"),
    "barrel-wall": _Style("barrel wall", "#e69f00", "#7a4f00", "staves", INK),
    "barrel": _Style("breakable barrel", "#f0e442", "#8a7f00", "rings", INK),
    "tree": _Style("tree, column, statue", "#2e5e3e", "#b9dcc4", "dots", "#ffffff"),
    "wall": _Style("wall (impassable)", "#5a5a5a", "#2b2b2b", "bricks", "#ffffff"),
    "rough": _Style("rough ground", "#cdb88f", "#7d6a45", "stipple", INK),
    "dangerous": _Style("dangerous ground", "#cc79a7", "#7a2f5b", "back-diagonal", INK),
    "lethal": _Style("lethal ground", "#1f1f1f", "#cc79a7", "crosses", "#ffffff"),
}
# Every kind in content.TERRAIN_KINDS needs a style here (the picture tests check each).


@dataclass(frozen=True)
class TerrainMark:
    """A piece of scenery to draw: its kind (one of the content's terrain kinds), its footprint
    in table millimetres and an optional label (written on it when it fits)."""

    kind: str
    shape: Polygon
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind not in _STYLES:
            raise ValueError(f"unknown terrain kind {self.kind!r}; known: {', '.join(_STYLES)}")


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows. ``cards`` are the measuring cards laid for the last step
    and ``templates`` areas of effect, both polygons in table millimetres."""

    width: float = TABLE_SIDE
    depth: float = TABLE_SIDE
    terrain: Sequence[TerrainMark] = ()
    figures: Sequence[FigureMark] = ()
    cards: Sequence[Polygon] = ()
    templates: Sequence[Polygon] = ()
    caption: str = ""


def scenario_terrain(scenario: Scenario) -> tuple[TerrainMark, ...]:
    """The terrain of a scenario from the data files, ready to draw."""
    marks = []
    for piece in scenario.terrain:
        shape = piece.shape
        if shape.kind == "circle":
            outline = ShapelyPoint(shape.at).buffer(shape.radius, quad_segs=16)
        else:
            outline = Polygon(shape.outline())
        marks.append(TerrainMark(piece.kind, outline, piece.label))
    return tuple(marks)


# --- drawing ---------------------------------------------------------------------------------


class _Canvas:
    """Maps table millimetres to picture units (y flipped) and builds elements."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.left = MARGIN
        self.top = MARGIN + (CAPTION_BAND if scene.caption else 0.0)

    def x(self, x: float) -> float:
        return self.left + x

    def y(self, y: float) -> float:
        return self.top + self.scene.depth - y

    def path(self, shape: Polygon) -> str:
        rings = [shape.exterior, *shape.interiors]
        parts = []
        for ring in rings:
            pts = list(ring.coords)[:-1]
            parts.append(
                "M" + " L".join(f"{num(self.x(px))},{num(self.y(py))}" for px, py in pts) + " Z"
            )
        return " ".join(parts)


def _patterns(defs: ET.Element) -> None:
    """One tile per terrain kind: the kind's colour under its own pattern of lines or dots."""
    for kind, style in _STYLES.items():
        tile = el(
            defs,
            "pattern",
            id=f"terrain-{kind}",
            patternUnits="userSpaceOnUse",
            width="10",
            height="10",
        )
        el(tile, "rect", width="10", height="10", fill=style.fill)
        ink = {"stroke": style.ink, "stroke_width": "1.6", "fill": "none"}
        if style.pattern == "diagonal":
            el(tile, "path", d="M-1,11 L11,-1 M-6,6 L6,-6 M4,16 L16,4", **ink)
        elif style.pattern == "back-diagonal":
            el(tile, "path", d="M-1,-1 L11,11 M4,-6 L16,6 M-6,4 L6,16", **ink)
        elif style.pattern == "staves":
            el(tile, "path", d="M2.5,0 L2.5,10 M7.5,0 L7.5,10", **ink)
        elif style.pattern == "rings":
            el(tile, "circle", cx="5", cy="5", r="3", **ink)
        elif style.pattern == "dots":
            el(tile, "circle", cx="5", cy="5", r="1.8", fill=style.ink)
        elif style.pattern == "bricks":
            el(tile, "path", d="M0,0.5 L10,0.5 M0,5.5 L10,5.5 M2,0.5 L2,5.5 M7,5.5 L7,10", **ink)
        elif style.pattern == "stipple":
            el(tile, "circle", cx="2.5", cy="2.5", r="1", fill=style.ink)
            el(tile, "circle", cx="7.5", cy="7.5", r="1", fill=style.ink)
        else:  # crosses
            el(tile, "path", d="M2,2 L8,8 M8,2 L2,8", **ink)


def _table(root: ET.Element, c: _Canvas) -> None:
    scene = c.scene
    group = el(root, "g", {"class": "table"})
    el(
        group,
        "rect",
        x=num(c.x(0)),
        y=num(c.y(scene.depth)),
        width=num(scene.width),
        height=num(scene.depth),
        fill=TABLE_FILL,
    )
    table = Table(scene.width, scene.depth)
    for seat in (0, 1):
        band = table.deployment_zone(seat)
        el(
            group,
            "path",
            {"class": "deployment"},
            d=c.path(band),
            fill=SEAT_COLOURS[seat],
            fill_opacity="0.07",
        )
        # The band's inner edge, where a first character must reach.
        inner = band.bounds[3] if seat == 0 else band.bounds[1]
        el(
            group,
            "line",
            x1=num(c.x(0)),
            x2=num(c.x(scene.width)),
            y1=num(c.y(inner)),
            y2=num(c.y(inner)),
            stroke=SEAT_COLOURS[seat],
            stroke_width="1",
            stroke_dasharray="6 4",
            stroke_opacity="0.6",
        )
    grid = []
    for i in range(1, math.ceil(scene.width / GRID_STEP)):
        gx = c.x(i * GRID_STEP)
        grid.append(f"M{num(gx)},{num(c.y(0))} L{num(gx)},{num(c.y(scene.depth))}")
    for i in range(1, math.ceil(scene.depth / GRID_STEP)):
        gy = c.y(i * GRID_STEP)
        grid.append(f"M{num(c.x(0))},{num(gy)} L{num(c.x(scene.width))},{num(gy)}")
    if grid:
        el(
            group,
            "path",
            {"class": "grid"},
            d=" ".join(grid),
            stroke=GRID_INK,
            stroke_width="0.6",
            stroke_opacity="0.35",
            fill="none",
        )


def _terrain(root: ET.Element, c: _Canvas) -> None:
    group = el(root, "g", {"class": "terrain"})
    for mark in c.scene.terrain:
        style = _STYLES[mark.kind]
        el(
            group,
            "path",
            {"class": f"piece {mark.kind}", "data-kind": mark.kind},
            d=c.path(mark.shape),
            fill=f"url(#terrain-{mark.kind})",
            stroke=style.ink,
            stroke_width="1.5",
            fill_rule="evenodd",
        )
    labels = el(root, "g", {"class": "terrain-labels"})
    size = 11.0
    for mark in c.scene.terrain:
        if not mark.label:
            continue
        minx, miny, maxx, maxy = mark.shape.bounds
        # A rough width of the text; a label that would spill over its piece is left out.
        if len(mark.label) * size * 0.6 > maxx - minx - 4 or maxy - miny < size + 4:
            continue
        spot = mark.shape.centroid
        if not mark.shape.contains(spot):
            spot = mark.shape.representative_point()
        style = _STYLES[mark.kind]
        # A halo of the piece's own colour keeps the text clear of the pattern under it.
        halo_text(
            labels,
            c.x(spot.x),
            c.y(spot.y) + size * 0.35,
            mark.label,
            size,
            style.fill,
            font_style="italic",
            fill=style.text,
        )


_TEMPLATE_LOOK = {
    "fill": TEMPLATE_FILL,
    "fill-opacity": "0.35",
    "stroke": TEMPLATE_INK,
    "stroke-width": "1.5",
    "stroke-dasharray": "5 3",
}
_CARD_LOOK = {
    "fill": CARD_FILL,
    "fill-opacity": "0.55",
    "stroke": "#444444",
    "stroke-width": "1.2",
    "stroke-linejoin": "round",
}


def _overlays(root: ET.Element, c: _Canvas) -> None:
    """Templates, then the cards over them (a card is a real object laid on the table)."""
    for name, shapes, look in (
        ("template", c.scene.templates, _TEMPLATE_LOOK),
        ("card", c.scene.cards, _CARD_LOOK),
    ):
        if not shapes:
            continue
        group = el(root, "g", {"class": f"{name}s"})
        for shape in shapes:
            el(group, "path", {"class": name, "d": c.path(shape), **look})


def _figures(root: ET.Element, c: _Canvas) -> None:
    bases = el(root, "g", {"class": "figures"})
    # Labels are words over the table, not things to pick: a click on a downed figure's DOWN
    # goes to its base, which the browser's board lets a player pick.
    labels = el(root, "g", {"class": "figure-labels", "pointer-events": "none"})
    # Labels keep off every base and each other (figures in contact crowd them).
    taken: list[figures.Box] = []
    for mark in c.scene.figures:
        minx, miny, maxx, maxy = mark.figure.polygon.bounds
        taken.append((c.x(minx), c.y(maxy), c.x(maxx), c.y(miny)))
    room = (c.y(c.scene.depth) - 12, c.y(0) + MARGIN - 4)
    # The fallen first: a standing figure is drawn over a defeated one it stands against.
    for mark in sorted(c.scene.figures, key=lambda m: m.condition != DEFEATED):
        f = mark.figure
        _, miny, _, maxy = f.polygon.bounds
        span = (c.y(maxy), c.y(miny))
        figures.draw(bases, labels, mark, (c.x(f.x), c.y(f.y)), span, room, taken)


def _legend(root: ET.Element, c: _Canvas) -> float:
    """The key under the table; returns the height it takes."""
    scene = c.scene
    entries: list[tuple[str, dict[str, str]]] = []
    # Named by the figure, not by its seat number: which edge a seat deploys on is rolled, so
    # a seat number tells a player nothing the picture can show.
    for mark in sorted(scene.figures, key=lambda m: m.seat):
        entries.append((f"{mark.label}, front edge dark", {"fill": SEAT_COLOURS[mark.seat]}))
    entries += figures.legend_entries(scene.figures)
    kinds = [k for k in _STYLES if any(m.kind == k for m in scene.terrain)]
    for kind in kinds:
        style = _STYLES[kind]
        entries.append(
            (style.name, {"fill": f"url(#terrain-{kind})", "stroke": style.ink, "data-kind": kind})
        )
    if scene.cards:
        entries.append(("measuring card (88 x 63)", {"fill": CARD_FILL, "stroke": "#444444"}))
    if scene.templates:
        entries.append(
            (
                "area of effect",
                {"fill": TEMPLATE_FILL, "fill-opacity": "0.5", "stroke": TEMPLATE_INK},
            )
        )
    entries.append(("grid: 10 cm", {"fill": TABLE_FILL, "stroke": GRID_INK}))
    group = el(root, "g", {"class": "legend"})
    per_row = max(1, int((scene.width + MARGIN) // LEGEND_ITEM))
    top = c.y(0) + MARGIN + 6
    for i, (name, swatch) in enumerate(entries):
        x = c.x(0) + (i % per_row) * LEGEND_ITEM
        y = top + (i // per_row) * LEGEND_ROW
        item = el(group, "g", {"class": "legend-item"})
        el(
            item,
            "rect",
            {"x": num(x), "y": num(y), "width": "22", "height": "14", **swatch},
        )
        if swatch.get("class") == figures.DEFEATED_SWATCH:
            figures.cross(item, x + 4, y + 2, 14, 10)
        text(item, x + 28, y + 11.5, name, 12, fill=INK)
    rows = math.ceil(len(entries) / per_row)
    return 6 + rows * LEGEND_ROW


def render(scene: Scene) -> str:
    """The picture of ``scene`` as a standalone SVG document."""
    c = _Canvas(scene)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "font-family": FONT,
        },
    )
    defs = el(root, "defs")
    _patterns(defs)
    figures.patterns(defs, scene.figures)
    el(root, "rect", width="100%", height="100%", fill="#ffffff")
    if scene.caption:
        # A long caption over a small table is set smaller rather than cut off at the edge
        # (a bold character is about 0.6 of its size wide).
        size = min(CAPTION_SIZE, (scene.width + MARGIN - 8) / (0.6 * len(scene.caption)))
        text(
            root,
            c.x(0),
            MARGIN + 6,
            scene.caption,
            size,
            {"class": "caption"},
            font_weight="bold",
            fill=INK,
        )
    _table(root, c)
    _terrain(root, c)
    _overlays(root, c)
    _figures(root, c)
    legend = _legend(root, c)
    el(
        root,
        "rect",
        {"class": "table-edge"},
        x=num(c.x(0)),
        y=num(c.y(scene.depth)),
        width=num(scene.width),
        height=num(scene.depth),
        fill="none",
        stroke="#6b5a3c",
        stroke_width="2.5",
    )
    width = scene.width + 2 * MARGIN
    height = c.y(0) + MARGIN + legend + 8
    root.set("viewBox", f"0 0 {num(width)} {num(height)}")
    root.set("width", str(PIXEL_WIDTH))
    root.set("height", str(round(PIXEL_WIDTH * height / width)))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

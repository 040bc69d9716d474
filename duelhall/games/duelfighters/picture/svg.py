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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from ..content import Scenario
from ..geometry import TABLE_SIDE, Figure, Table

SVG_NS = "http://www.w3.org/2000/svg"
PIXEL_WIDTH = 800
"""The width the document asks to be shown at; the drawing scales to any size."""

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
MARGIN = 40.0  # mm around the table: room for the seats' names and labels near the edge
CAPTION_BAND = 34.0
LEGEND_ROW = 24.0
LEGEND_ITEM = 205.0
GRID_STEP = 100.0  # the rulebook measures in cards, but a 10 cm grid lets a reader judge size

TABLE_FILL = "#f5efe2"
GRID_INK = "#8c7b5a"
INK = "#1d1d1d"
HALO = "#ffffff"
SEAT_COLOURS = ("#0072b2", "#d55e00")  # Okabe-Ito blue and vermillion: a colour-blind-safe pair
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
class FigureMark:
    """A figure to draw: its base, a label, its seat (0 or 1, which picks the colour), and the
    wounds left (of ``max_wounds``) and victory points shown under the label when given."""

    figure: Figure
    label: str
    seat: int
    wounds: int | None = None
    max_wounds: int | None = None
    points: int | None = None

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise ValueError(f"a duel has seats 0 and 1, not {self.seat}")

    def status(self) -> str:
        parts = []
        if self.wounds is not None:
            total = "" if self.max_wounds is None else f"/{self.max_wounds}"
            parts.append(f"W {self.wounds}{total}")
        if self.points is not None:
            parts.append(f"VP {self.points}")
        return "  ".join(parts)


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


def _n(value: float) -> str:
    """A coordinate for the document: a tenth of a millimetre is finer than any screen."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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
                "M" + " L".join(f"{_n(self.x(px))},{_n(self.y(py))}" for px, py in pts) + " Z"
            )
        return " ".join(parts)


def _el(
    parent: ET.Element, tag: str, attrib: Mapping[str, str] | None = None, /, **attrs: str
) -> ET.Element:
    """A child element; keyword names with ``_`` stand for SVG's ``-`` (``stroke_width``),
    and ``attrib`` holds names Python cannot spell (``class``, ``data-seat``)."""
    merged = dict(attrib or {})
    merged.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return ET.SubElement(parent, tag, merged)


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    size: float,
    attrib: Mapping[str, str] | None = None,
    /,
    **attrs: str,
) -> None:
    element = _el(
        parent,
        "text",
        attrib,
        x=_n(x),
        y=_n(y),
        font_size=_n(size),
        **attrs,
    )
    element.text = text


def _halo_text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    size: float,
    halo: str = HALO,
    /,
    **attrs: str,
) -> None:
    """Centred text over a halo, readable over terrain and the grid. The halo is a second,
    stroked copy underneath rather than ``paint-order``, which not every renderer knows."""
    attrs = {"text_anchor": "middle", "fill": INK, **attrs}
    under = {**attrs, "fill": halo}
    _text(
        parent,
        x,
        y,
        text,
        size,
        {"class": "halo"},
        stroke=halo,
        stroke_width="3",
        stroke_linejoin="round",
        **under,
    )
    _text(parent, x, y, text, size, **attrs)


def _patterns(defs: ET.Element) -> None:
    """One tile per terrain kind: the kind's colour under its own pattern of lines or dots."""
    for kind, style in _STYLES.items():
        tile = _el(
            defs,
            "pattern",
            id=f"terrain-{kind}",
            patternUnits="userSpaceOnUse",
            width="10",
            height="10",
        )
        _el(tile, "rect", width="10", height="10", fill=style.fill)
        ink = {"stroke": style.ink, "stroke_width": "1.6", "fill": "none"}
        if style.pattern == "diagonal":
            _el(tile, "path", d="M-1,11 L11,-1 M-6,6 L6,-6 M4,16 L16,4", **ink)
        elif style.pattern == "back-diagonal":
            _el(tile, "path", d="M-1,-1 L11,11 M4,-6 L16,6 M-6,4 L6,16", **ink)
        elif style.pattern == "staves":
            _el(tile, "path", d="M2.5,0 L2.5,10 M7.5,0 L7.5,10", **ink)
        elif style.pattern == "rings":
            _el(tile, "circle", cx="5", cy="5", r="3", **ink)
        elif style.pattern == "dots":
            _el(tile, "circle", cx="5", cy="5", r="1.8", fill=style.ink)
        elif style.pattern == "bricks":
            _el(tile, "path", d="M0,0.5 L10,0.5 M0,5.5 L10,5.5 M2,0.5 L2,5.5 M7,5.5 L7,10", **ink)
        elif style.pattern == "stipple":
            _el(tile, "circle", cx="2.5", cy="2.5", r="1", fill=style.ink)
            _el(tile, "circle", cx="7.5", cy="7.5", r="1", fill=style.ink)
        else:  # crosses
            _el(tile, "path", d="M2,2 L8,8 M8,2 L2,8", **ink)


def _table(root: ET.Element, c: _Canvas) -> None:
    scene = c.scene
    group = _el(root, "g", {"class": "table"})
    _el(
        group,
        "rect",
        x=_n(c.x(0)),
        y=_n(c.y(scene.depth)),
        width=_n(scene.width),
        height=_n(scene.depth),
        fill=TABLE_FILL,
    )
    table = Table(scene.width, scene.depth)
    for seat in (0, 1):
        band = table.deployment_zone(seat)
        _el(
            group,
            "path",
            {"class": "deployment"},
            d=c.path(band),
            fill=SEAT_COLOURS[seat],
            fill_opacity="0.07",
        )
        # The band's inner edge, where a first character must reach.
        inner = band.bounds[3] if seat == 0 else band.bounds[1]
        _el(
            group,
            "line",
            x1=_n(c.x(0)),
            x2=_n(c.x(scene.width)),
            y1=_n(c.y(inner)),
            y2=_n(c.y(inner)),
            stroke=SEAT_COLOURS[seat],
            stroke_width="1",
            stroke_dasharray="6 4",
            stroke_opacity="0.6",
        )
    grid = []
    for i in range(1, math.ceil(scene.width / GRID_STEP)):
        gx = c.x(i * GRID_STEP)
        grid.append(f"M{_n(gx)},{_n(c.y(0))} L{_n(gx)},{_n(c.y(scene.depth))}")
    for i in range(1, math.ceil(scene.depth / GRID_STEP)):
        gy = c.y(i * GRID_STEP)
        grid.append(f"M{_n(c.x(0))},{_n(gy)} L{_n(c.x(scene.width))},{_n(gy)}")
    if grid:
        _el(
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
    group = _el(root, "g", {"class": "terrain"})
    for mark in c.scene.terrain:
        style = _STYLES[mark.kind]
        _el(
            group,
            "path",
            {"class": f"piece {mark.kind}", "data-kind": mark.kind},
            d=c.path(mark.shape),
            fill=f"url(#terrain-{mark.kind})",
            stroke=style.ink,
            stroke_width="1.5",
            fill_rule="evenodd",
        )
    labels = _el(root, "g", {"class": "terrain-labels"})
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
        _halo_text(
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
        group = _el(root, "g", {"class": f"{name}s"})
        for shape in shapes:
            _el(group, "path", {"class": name, "d": c.path(shape), **look})


def _figures(root: ET.Element, c: _Canvas) -> None:
    bases = _el(root, "g", {"class": "figures"})
    labels = _el(root, "g", {"class": "figure-labels"})
    for mark in c.scene.figures:
        f = mark.figure
        h = f.half
        colour = SEAT_COLOURS[mark.seat]
        # Drawn in the base's own frame, front towards +x; SVG turns clockwise on screen, so
        # the counter-clockwise facing is negated.
        base = _el(
            bases,
            "g",
            {"class": "base", "data-seat": str(mark.seat)},
            transform=f"translate({_n(c.x(f.x))} {_n(c.y(f.y))}) rotate({_n(-f.facing)})",
        )
        _el(
            base,
            "rect",
            x=_n(-h),
            y=_n(-h),
            width=_n(f.side),
            height=_n(f.side),
            fill=colour,
            fill_opacity="0.9",
            stroke=HALO,
            stroke_width="1.5",
        )
        _el(
            base,
            "path",
            {"class": "front"},
            d=f"M{_n(h - 2)},{_n(-h + 1)} L{_n(h - 2)},{_n(h - 1)}",
            stroke=INK,
            stroke_width="4",
            stroke_linecap="round",
        )
        _el(
            base,
            "path",
            {"class": "chevron"},
            d=(
                f"M{_n(-0.3 * h)},{_n(-0.5 * h)} L{_n(0.45 * h)},0 "
                f"L{_n(-0.3 * h)},{_n(0.5 * h)} L{_n(-0.1 * h)},0 Z"
            ),
            fill=HALO,
            fill_opacity="0.95",
        )
        _, miny, _, maxy = f.polygon.bounds
        status = mark.status()
        lines = 2 if status else 1
        below = c.y(miny) + 16
        # Near the bottom edge the label goes above the base instead, to stay on the picture.
        if below + 12 * (lines - 1) > c.y(0) + MARGIN - 4:
            below = c.y(maxy) - 6 - 12 * (lines - 1)
        _halo_text(labels, c.x(f.x), below, mark.label, 13, font_weight="bold")
        if status:
            _halo_text(labels, c.x(f.x), below + 12, status, 10.5)


def _legend(root: ET.Element, c: _Canvas) -> float:
    """The key under the table; returns the height it takes."""
    scene = c.scene
    entries: list[tuple[str, dict[str, str]]] = []
    # Named by the figure, not by its seat number: which edge a seat deploys on is rolled, so
    # a seat number tells a player nothing the picture can show.
    for mark in sorted(scene.figures, key=lambda m: m.seat):
        entries.append((f"{mark.label}, front edge dark", {"fill": SEAT_COLOURS[mark.seat]}))
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
    group = _el(root, "g", {"class": "legend"})
    per_row = max(1, int((scene.width + MARGIN) // LEGEND_ITEM))
    top = c.y(0) + MARGIN + 6
    for i, (name, swatch) in enumerate(entries):
        x = c.x(0) + (i % per_row) * LEGEND_ITEM
        y = top + (i // per_row) * LEGEND_ROW
        item = _el(group, "g", {"class": "legend-item"})
        _el(
            item,
            "rect",
            {"x": _n(x), "y": _n(y), "width": "22", "height": "14", **swatch},
        )
        if name.startswith("seat"):
            _el(
                item,
                "path",
                d=f"M{_n(x)},{_n(y + 1)} L{_n(x + 22)},{_n(y + 1)}",
                stroke=INK,
                stroke_width="3",
            )
        _text(item, x + 28, y + 11.5, name, 12, fill=INK)
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
    defs = _el(root, "defs")
    _patterns(defs)
    _el(root, "rect", width="100%", height="100%", fill="#ffffff")
    if scene.caption:
        _text(
            root,
            c.x(0),
            MARGIN + 6,
            scene.caption,
            17,
            font_weight="bold",
            fill=INK,
        )
    _table(root, c)
    _terrain(root, c)
    _overlays(root, c)
    _figures(root, c)
    legend = _legend(root, c)
    _el(
        root,
        "rect",
        {"class": "table-edge"},
        x=_n(c.x(0)),
        y=_n(c.y(scene.depth)),
        width=_n(scene.width),
        height=_n(scene.depth),
        fill="none",
        stroke="#6b5a3c",
        stroke_width="2.5",
    )
    width = scene.width + 2 * MARGIN
    height = c.y(0) + MARGIN + legend + 8
    root.set("viewBox", f"0 0 {_n(width)} {_n(height)}")
    root.set("width", str(PIXEL_WIDTH))
    root.set("height", str(round(PIXEL_WIDTH * height / width)))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

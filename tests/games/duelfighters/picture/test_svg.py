"""The table picture (issue 13, "Seeing it"): an SVG a browser or converter can read, with
every figure, terrain kind, measuring card and template where the table puts them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from shapely.geometry import box

from duelhall.games.duelfighters.content import TERRAIN_KINDS, load_content
from duelhall.games.duelfighters.geometry import (
    Figure,
    combat_card,
    cone_template,
    rectangle_template,
)
from duelhall.games.duelfighters.picture import (
    FigureMark,
    Scene,
    TerrainMark,
    render,
    scenario_terrain,
)
from duelhall.games.duelfighters.picture.svg import CAPTION_SIZE, MARGIN

SVG = "{http://www.w3.org/2000/svg}"
TRANSFORM = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\) rotate\(([-\d.]+)\)")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode())
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def test_picture_has_one_base_per_figure_at_its_place_and_facing() -> None:
    figures = [
        FigureMark(Figure(100, 50, 90, 50), "Deretor", 0),
        FigureMark(Figure(300, 700, 270, 40), "Lesdinn", 1),
        FigureMark(Figure(500, 420, 30, 40), "Brock", 0),
    ]
    root = parse(render(Scene(800, 800, figures=figures)))
    bases = with_class(root, "base")
    assert len(bases) == 3
    for mark, base in zip(figures, bases, strict=True):
        found = TRANSFORM.fullmatch(base.get("transform", ""))
        assert found is not None
        x, y, turn = (float(v) for v in found.groups())
        f = mark.figure
        # Table mm plus the margin, y flipped so that seat 0 (y = 0) is at the bottom.
        assert x == pytest.approx(MARGIN + f.x)
        assert y == pytest.approx(MARGIN + 800 - f.y)
        # SVG turns clockwise on screen, the table counter-clockwise.
        assert turn == pytest.approx(-f.facing)
        assert base.get("data-seat") == str(mark.seat)
        # The square is drawn in the base's own frame, its front edge at +x.
        square = base.find(f"{SVG}rect")
        assert square is not None
        assert float(square.get("width", "0")) == pytest.approx(f.side)
        assert with_class(base, "front")
    assert {"Deretor", "Lesdinn", "Brock"} <= set(texts(root))


def test_picture_puts_seat_0_at_the_bottom() -> None:
    near = FigureMark(Figure(400, 60, 90, 40), "near", 0)
    far = FigureMark(Figure(400, 740, 270, 40), "far", 1)
    root = parse(render(Scene(figures=[near, far])))
    ys = []
    for base in with_class(root, "base"):
        found = TRANSFORM.fullmatch(base.get("transform", ""))
        assert found is not None
        ys.append(float(found.group(2)))
    assert ys[0] > ys[1]


def test_picture_escapes_labels_from_data_files() -> None:
    label = '<b>&"'
    scene = Scene(
        figures=[FigureMark(Figure(400, 400, 90, 40), label, 0)],
        terrain=[TerrainMark("hedge", box(100, 100, 400, 200), label)],
        caption=label,
    )
    svg = render(scene)
    assert "<b>" not in svg
    root = parse(svg)
    # Caption, figure label (with its halo) and the terrain label all come back intact.
    assert texts(root).count(label) >= 4
    assert not list(root.iter(f"{SVG}b"))


@pytest.mark.parametrize("kind", TERRAIN_KINDS)
def test_picture_draws_each_terrain_kind_with_its_legend_entry(kind: str) -> None:
    root = parse(render(Scene(terrain=[TerrainMark(kind, box(200, 300, 320, 360))])))
    pieces = with_class(root, "piece")
    assert [p.get("data-kind") for p in pieces] == [kind]
    assert pieces[0].get("fill") == f"url(#terrain-{kind})"
    patterns = {p.get("id") for p in root.iter(f"{SVG}pattern")}
    assert f"terrain-{kind}" in patterns
    legend = with_class(root, "legend")[0]
    swatches = [r for r in legend.iter(f"{SVG}rect") if r.get("data-kind")]
    assert [s.get("data-kind") for s in swatches] == [kind]
    assert swatches[0].get("fill") == f"url(#terrain-{kind})"


def test_picture_gives_every_terrain_kind_its_own_fill() -> None:
    root = parse(render(Scene()))
    tiles = {p.get("id"): ET.tostring(p) for p in root.iter(f"{SVG}pattern")}
    assert len(tiles) == len(TERRAIN_KINDS)
    assert len(set(tiles.values())) == len(TERRAIN_KINDS)


def test_picture_lays_cards_and_templates_and_their_legend() -> None:
    a, b = Figure(400, 300, 90, 50), Figure(420, 420, 270, 40)
    card = combat_card(a, b)
    assert card is not None
    scene = Scene(
        figures=[FigureMark(a, "a", 0), FigureMark(b, "b", 1)],
        cards=[card, rectangle_template(a)],
        templates=[cone_template(b)],
    )
    root = parse(render(scene))
    assert len(with_class(root, "card")) == 2
    assert len(with_class(root, "template")) == 1
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "measuring card" in legend and "area of effect" in legend
    # Without them, neither is drawn nor keyed.
    bare = parse(render(Scene(figures=scene.figures)))
    assert not with_class(bare, "card") and not with_class(bare, "template")
    assert "measuring card" not in " ".join(texts(bare))


def test_picture_shows_wounds_and_victory_points() -> None:
    mark = FigureMark(Figure(400, 400, 90, 50), "Deretor", 0, wounds=7, max_wounds=10, points=2)
    assert "W 7/10  VP 2" in texts(parse(render(Scene(figures=[mark]))))


def test_picture_renders_every_built_in_scenario() -> None:
    content = load_content()
    assert content.scenarios
    for scenario in content.scenarios.values():
        terrain = scenario_terrain(scenario)
        assert len(terrain) == len(scenario.terrain)
        scene = Scene(scenario.width, scenario.depth, terrain, caption=scenario.name)
        root = parse(render(scene))
        drawn = [p.get("data-kind") for p in with_class(root, "piece")]
        assert drawn == [t.kind for t in scenario.terrain]
        assert scenario.name in texts(root)
        width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
        assert width == pytest.approx(scenario.width + 2 * MARGIN)
        assert height > scenario.depth + 2 * MARGIN


def test_picture_rejects_an_unknown_terrain_kind_and_seat() -> None:
    with pytest.raises(ValueError, match="unknown terrain kind 'lava'"):
        TerrainMark("lava", box(0, 0, 10, 10))
    with pytest.raises(ValueError, match="seats 0 and 1"):
        FigureMark(Figure(0, 0, 0, 40), "x", 2)


def test_picture_keeps_the_labels_of_crowded_figures_off_each_other_and_the_bases() -> None:
    # Two figures side by side against the front of a third (F59: several a side).
    figures = [
        FigureMark(Figure(400, 300, 90, 50), "Deretor", 0, 10, 10, 0),
        FigureMark(Figure(375, 345, 270, 40), "Lesdinn", 1, 8, 8, 0),
        FigureMark(Figure(415, 345, 270, 40), "Brock", 1, 10, 10, 0),
    ]
    root = parse(render(Scene(800, 800, figures=figures)))
    labels = with_class(root, "figure-labels")[0]
    names = {
        e.text: (float(e.get("x", "0")), float(e.get("y", "0")))
        for e in labels.iter(f"{SVG}text")
        if e.get("class") != "halo" and e.text in {"Deretor", "Lesdinn", "Brock"}
    }
    assert len(names) == 3
    spots = list(names.values())
    for i, (x1, y1) in enumerate(spots):
        for x2, y2 in spots[i + 1 :]:
            assert abs(x1 - x2) > 60 or abs(y1 - y2) >= 24  # name and wounds line clear
    for mark in figures:  # and no name sits on a base
        x, y = names[mark.label]
        for other in figures:
            minx, miny, maxx, maxy = other.figure.polygon.bounds
            inside_x = MARGIN + minx - 20 < x < MARGIN + maxx + 20
            assert not (inside_x and MARGIN + 800 - maxy < y < MARGIN + 800 - miny + 11)


def test_picture_sets_a_long_caption_smaller_to_keep_it_on_a_small_table() -> None:
    caption = "Turn 1 · You (Deretor and Hallothon) vs Computer (easy) (Lesdinn and Brock)"
    for width, whole in ((800, True), (400, False)):
        root = parse(render(Scene(width, width, caption=caption)))
        said = with_class(root, "caption")[0]
        size = float(said.get("font-size", "0"))
        assert (size == CAPTION_SIZE) is whole
        # Its rough width stays inside the picture.
        assert MARGIN + len(caption) * size * 0.6 <= width + 2 * MARGIN


def test_a_downed_figures_tag_lets_a_click_through_to_its_base() -> None:
    """The DOWN tag is drawn over the base; in the browser a click on it must pick the base."""
    down = FigureMark(Figure(400, 300, 90, 50), "Deretor", 0, condition="down", pick="fig:d")
    root = parse(render(Scene(800, 800, figures=[down])))
    assert "DOWN" in texts(root)
    labels = with_class(root, "figure-labels")
    assert labels and all(group.get("pointer-events") == "none" for group in labels)
    assert with_class(root, "base")[0].get("data-pick") == "fig:d"

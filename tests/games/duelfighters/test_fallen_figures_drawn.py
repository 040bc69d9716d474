"""Rule 1.2.1 (injuries): a figure knocked down, badly wounded or defeated looks so at a glance
in the picture, the terminal map and its legend, and the web board's sheet; a standing one is
drawn as before. Built from a seat's view, like every drawing."""

from __future__ import annotations

from typing import Any

from duelhall.games.duelfighters.picture import render, scene_of
from duelhall.games.duelfighters.picture.figures import DEFEATED, DOWN, STANDING
from duelhall.games.duelfighters.terminal.tablemap import FALLEN, map_legend, table_map
from duelhall.games.duelfighters.web import board

from .engine.helpers import executing
from .picture.test_svg import SVG, parse, texts, with_class

NAMES = ("You", "Computer")
# Deretor stands, Lesdinn is down, Hallothon badly wounded, Brock defeated.
SPOTS = [(400, 300, 90), (300, 500, 270), (200, 150, 45), (600, 450, 180)]


def fallen_view() -> dict[str, Any]:
    state = executing([[], [], [], []], SPOTS, anticipated=(0,) * 4, characters=2)
    b = state.board
    b.fighters[1].downed = True
    b.fighters[2].injuries = 6
    b.fighters[3].defeated = True
    b.fighters[3].injuries = 9
    state.edited()
    view = state.view(0)
    flags = [(f["downed"], f["badly_wounded"], f["defeated"]) for f in view["fighters"]]
    assert flags[:3] == [(False, False, False), (True, False, False), (False, True, False)]
    assert flags[3][2]
    return view


def _base(root: Any, condition: str) -> Any:
    """The first base drawn in ``condition``."""
    found = [b for b in with_class(root, "base") if condition in b.get("class", "").split()]
    assert found, condition
    return found[0]


def test_s1_2_1_each_figure_in_the_picture_says_how_it_stands() -> None:
    view = fallen_view()
    marks = {m.label: m for m in scene_of(view).figures}
    assert marks["Deretor"].condition == STANDING and not marks["Deretor"].badly_wounded
    assert marks["Lesdinn"].condition == DOWN
    assert marks["Hallothon"].badly_wounded and marks["Hallothon"].condition == STANDING
    # Defeat outweighs the rest: Brock, badly wounded when he fell, is just defeated.
    assert marks["Brock"].condition == DEFEATED and not marks["Brock"].badly_wounded
    words = texts(parse(render(scene_of(view))))
    for said in ("down", "badly wounded", "defeated"):
        assert said in words


def test_s1_2_1_a_downed_base_lies_hatched_with_its_facing_dimmed_and_a_tag() -> None:
    root = parse(render(scene_of(fallen_view())))
    down = _base(root, DOWN)
    square = down.find(f"{SVG}rect")
    assert square is not None and square.get("fill") == "url(#down-1)"
    assert {p.get("id") for p in root.iter(f"{SVG}pattern")} >= {"down-1"}
    facing = with_class(down, "facing")
    assert facing and facing[0].get("opacity") == "0.3"
    assert "DOWN" in texts(with_class(root, "figure-labels")[0])
    standing = _base(root, STANDING)
    assert with_class(standing, "facing")[0].get("opacity") == "1"
    assert not with_class(standing, "struck")


def test_s1_2_1_a_defeated_base_is_greyed_crossed_out_and_faces_nowhere() -> None:
    root = parse(render(scene_of(fallen_view())))
    fallen = _base(root, DEFEATED)
    assert with_class(fallen, "struck")
    assert not with_class(fallen, "front") and not with_class(fallen, "chevron")
    # Drawn first, so a figure standing against it is drawn over it.
    assert with_class(root, "base")[0] is fallen
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "defeated: crossed out" in legend and "down: hatched" in legend


def test_s1_2_1_a_table_of_standing_figures_keys_no_condition() -> None:
    view = fallen_view()
    for fighter in view["fighters"]:
        fighter |= {"downed": False, "badly_wounded": False, "defeated": False}
    root = parse(render(scene_of(view)))
    assert not with_class(root, "tag") and not with_class(root, "struck")
    assert not [p for p in root.iter(f"{SVG}pattern") if p.get("id", "").startswith("down")]
    legend = " ".join(texts(with_class(root, "legend")[0]))
    assert "down" not in legend and "defeated" not in legend


def test_s1_2_1_the_map_writes_a_downed_figure_in_lower_case_and_the_fallen_as_a_cross() -> None:
    view = fallen_view()
    rows = "\n".join(line.plain for line in table_map(view))
    assert "D" in rows and "H" in rows  # standing, whether wounded or not
    assert "l" in rows and "L" not in rows
    assert FALLEN in rows and "B" not in rows
    # Brock faces west (180): a defeated figure shows no facing arrow; the others do.
    assert "<" not in rows and "v" in rows and "^" in rows
    legend = map_legend(view, NAMES).plain
    assert "l Computer (Lesdinn, down)" in legend
    assert f"{FALLEN} Computer (Brock, defeated)" in legend
    assert "H You (Hallothon, badly wounded)" in legend
    assert "lower case: down" in legend and f"{FALLEN} defeated" in legend


def test_s1_2_1_the_web_sheets_flag_each_condition() -> None:
    page = str(board.board_html(fallen_view(), 0, NAMES))
    for said in ("down", "badly wounded", "defeated"):
        assert f'<span class="df-flag">{said}</span>' in page
    assert 'class="base defeated"' in page  # the same picture as --svg

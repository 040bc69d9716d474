"""Rule 2.3 (F59), what is drawn: a view with several characters a side (each fighter naming
its ``side``) draws every figure in the terminal map, its legend and sheets, the picture and
the web board, coloured by side; a one-character view draws as before."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console

from duelhall.games.duelfighters.picture import scene_of
from duelhall.games.duelfighters.picture.scene import caption_of, picture
from duelhall.games.duelfighters.sides import characters_of, crowded, fighters_of, side_of
from duelhall.games.duelfighters.terminal import render
from duelhall.games.duelfighters.terminal.tablemap import figure_letter, map_legend, table_map
from duelhall.games.duelfighters.web import board

from .engine.helpers import deployed, place

NAMES = ("You", "Computer")


def _text(renderable: Any) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def two_a_side() -> dict[str, Any]:
    """A one-character view grown to two a side: Brock beside Deretor, Shargh beside Lesdinn
    (the list keeps seat 0's first character, seat 1's, then the allies)."""
    state = deployed(0)
    place(state, 0, 200, 100, 90.0)
    place(state, 1, 200, 700, 270.0)
    view = copy.deepcopy(state.view(0))
    for ally, of, x in (("Brock", 0, 400), ("Shargh", 1, 400)):
        fighter = copy.deepcopy(view["fighters"][of])
        fighter |= {"name": ally, "character": ally.lower(), "side": of}
        fighter["figure"] = {**fighter["figure"], "x": x}
        view["fighters"].append(fighter)
        view["plans"].append(copy.deepcopy(view["plans"][of]))
    return view


def test_s2_3_sides_are_read_from_the_view_and_default_to_one_a_side() -> None:
    view = two_a_side()
    assert [side_of(view, i) for i in range(4)] == [0, 1, 0, 1]
    assert fighters_of(view, 1) == [1, 3]
    assert characters_of(view, 0) == "Deretor and Brock" and crowded(view)
    single = deployed(0).view(None)
    assert [f["side"] for f in single["fighters"]] == [0, 1] and not crowded(single)
    for fighter in single["fighters"]:
        del fighter["side"]  # an older view
    assert fighters_of(single, 1) == [1] and characters_of(single, 1) == "Lesdinn"


def test_s2_3_the_terminal_map_and_legend_show_every_figure_by_its_letter() -> None:
    view = two_a_side()
    rows = "\n".join(line.plain for line in table_map(view))
    for letter in "DLBS":
        assert letter in rows
    legend = map_legend(view, NAMES).plain
    assert "D You (Deretor)   B You (Brock)   L Computer (Lesdinn)   S Computer" in legend
    sheets = _text(render.render_view(view, NAMES))
    heads = [sheets.index(f"{who} L1") for who in ("Deretor", "Brock", "Lesdinn", "Shargh")]
    assert heads == sorted(heads)  # a side's characters together


def test_s2_3_figures_sharing_an_initial_get_letters_in_order() -> None:
    view = two_a_side()
    view["fighters"][2]["name"] = "Dhal"  # D like Deretor
    assert [figure_letter(view, i) for i in range(4)] == ["A", "B", "C", "D"]


def test_s2_3_the_picture_draws_each_base_in_its_sides_colour() -> None:
    view = two_a_side()
    assert [m.seat for m in scene_of(view).figures] == [0, 1, 0, 1]
    svg = picture(view, NAMES)
    assert svg.count('data-seat="0"') == 2 and svg.count('data-seat="1"') == 2
    assert caption_of(view, NAMES).endswith(
        "You (Deretor and Brock) vs Computer (Lesdinn and Shargh)"
    )


def test_s2_3_the_web_board_has_a_sheet_for_each_figure_its_side_first() -> None:
    view = two_a_side()
    page = str(board.board_html(view, 1, NAMES))
    assert page.count("df-sheet df-seat") == 4
    sheets = page[page.index("df-sheet df-seat") :]
    order = [sheets.index(name) for name in ("Lesdinn", "Shargh", "Deretor", "Brock")]
    assert order == sorted(order)  # the seat's own characters first, each side in order


def test_s2_3_a_duel_won_by_a_side_names_its_characters() -> None:
    view = two_a_side()
    detail = "the other side has no one left fighting"
    view["result"] = {"winner": 1, "scores": [0.0, 1.0], "reason": "killed", "detail": detail}
    assert render.result_text(view, NAMES).plain == (
        f"Computer wins as Lesdinn and Shargh ({detail})."
    )
    assert "Lesdinn and Shargh win" in caption_of(view, NAMES)

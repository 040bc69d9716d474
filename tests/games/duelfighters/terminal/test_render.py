"""The terminal of Duel Fighters: the table map, sheets, words for actions and their effects,
all drawn from views (a seat's, or the public one)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from duelhall.core.rng import Rng
from duelhall.games.duelfighters import DuelFightersState
from duelhall.games.duelfighters.engine import actions as A
from duelhall.games.duelfighters.engine.actions import Action
from duelhall.games.duelfighters.terminal import reference, render
from duelhall.games.duelfighters.terminal.tablemap import table_map

from ..engine.helpers import deployed, new, place, programming
from ..engine.test_properties import _keen

NAMES = ("You", "Computer")


def text_of(renderable: Any) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _played(seed: int, steps: int) -> list[tuple[Any, dict[str, Any], DuelFightersState]]:
    """(action, public view before, state after) for a keen game of ``steps`` actions."""
    # Any edge: the second figure deploys near the first, so six turns see blows struck.
    state = new(seed, scenario="arena", turn_limit=6, deploy="any-edge")
    rng = Rng(seed)
    out = []
    while not state.is_over() and len(out) < steps:
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        action = _keen(state, seat, rng)
        before = state.public_view()
        state.apply(action)
        out.append((action, before, state.clone()))
    return out


def test_map_draws_each_figure_where_it_stands_and_its_facing() -> None:
    state = deployed(0)
    place(state, 0, 100, 100, 0.0)  # south-west corner, facing east
    place(state, 1, 700, 700, 270.0)  # north-east corner, facing south
    rows = [line.plain for line in table_map(state.view(0))][1:-1]
    assert "D" in rows[-3] and "D" not in rows[0]
    assert rows[-3].index("D") < 10
    assert "L" in rows[2] and rows[2].index("L") > 25
    assert ">" in rows[-3]  # Deretor looks east
    assert any("v" in row for row in rows[2:5])  # Lesdinn looks south


def test_map_shows_the_facing_on_the_frame_when_a_figure_faces_the_edge() -> None:
    state = deployed(0)
    place(state, 0, 785, 400, 0.0)  # against the east edge, facing it
    place(state, 1, 400, 15, 270.0)  # against the south edge, facing it
    lines = [line.plain for line in table_map(state.view(0))]
    east = [line for line in lines if "D" in line]
    assert any(line.endswith("D>") for line in east)  # on the frame's right side
    assert lines[-1][0] == "└" and "v" in lines[-1]
    assert lines[-2][lines[-1].index("v")] == "L"  # just below Lesdinn
    place(state, 0, 15, 785, 135.0)  # the north-west corner, facing out of it
    corner = [line.plain for line in table_map(state.view(0))]
    assert corner[0][0] == "\\"


def test_board_shows_both_sheets_and_the_legend_names_the_terrain() -> None:
    state = deployed(0, scenario="tavern")
    shown = text_of(render.render_view(state.view(0), NAMES))
    assert "You Deretor L1" in shown and "Computer Lesdinn L1" in shown
    assert "W ■■■■■■■■■■ 10/10" in shown
    assert "available 4" in shown
    assert "o barrel" in shown and "one column 20 mm" in shown


def test_cards_and_techniques_go_by_their_printed_names() -> None:
    state = deployed(0)
    shown = text_of(render.render_view(state.view(0), NAMES))
    assert "Fan of Shadows" in shown and "Fan Of Shadows" not in shown
    view = state.view(None)
    assert view["fighters"][1]["names"]["ashorai-swords"] == "Ashorai Swords"
    cast = Action(0, (A.CAST, "fan-of-shadows"))
    assert render.describe(cast, view, 1) == "cast Fan of Shadows"


def test_a_seat_never_sees_the_others_secret_markers() -> None:
    state = programming()
    for seat in (0, 1):
        mine = text_of(render.render_view(state.view(seat), NAMES))
        other = state.determinize(seat, Rng(9))
        assert mine == text_of(render.render_view(other.view(seat), NAMES))
    action = state.parse_action("mark advance", 1)
    assert render.describe(action, state.view(0), 0) == "lay a programming marker in secret"
    assert "advance" in render.describe(action, state.view(1), 1)
    # A spectator (no seat) knows no more than the other seat.
    assert render.describe(action, state.view(None), None) == "lay a programming marker in secret"


def test_effects_tell_the_dice_strikes_and_injuries_from_public_views() -> None:
    told: list[str] = []
    for action, before, after in _played(7, 3000):
        for line in render.effects(action, before, after.public_view(), None, NAMES):
            told.append(line.plain)
        assert render.describe(action, before, None)
    words = " ".join(told)
    assert "strike" in words
    assert "defends with" in words
    assert "injur" in words
    assert "knocked down" in words


def test_effects_keep_what_the_last_step_of_a_turn_caused() -> None:
    """The new turn's log follows the old one's, so the last step's lines are still told
    ahead of the new turn's banner."""
    told_first = []
    for action, before, after in _played(7, 3000):
        view = after.public_view()
        if view["turn"] > before["turn"] > 0:
            lines = [line.plain for line in render.effects(action, before, view, None, NAMES)]
            told_first.append(lines.index(f"Turn {view['turn']}") > 0)
    assert any(told_first)


def test_result_and_sort_key_and_help() -> None:
    *_, (_, _, last) = _played(4, 5000)
    assert last.is_over()
    assert render.result_text(last.public_view(), NAMES).plain
    legal = last.legal_actions(0) or new(0).legal_actions(new(0).to_move()[0])
    assert sorted(legal, key=render.sort_key)
    assert "notation" in render.help_text()


def test_deployment_lists_a_dozen_spots_and_says_how_to_type_any() -> None:
    state = new(0)
    seat = state.to_move()[0]
    legal = sorted(state.legal_actions(seat), key=render.sort_key)
    lines = [line.plain for line in render.choice_lines(legal, state.view(seat), seat)]
    assert len(lines) == render.DEPLOY_SHOWN + 1
    assert "type `deploy X,Y F`" in lines[-1]


def test_rules_reference_names_the_characters_and_rulings() -> None:
    text = reference.reference_text({})
    assert "Deretor" in text and "Lesdinn" in text
    assert "turn_limit" in text


def test_wounds_past_the_last_show_none_left_not_fewer() -> None:
    from duelhall.games.duelfighters.terminal.render import _bar

    assert _bar(-1, 10).plain == "□" * 10 + " 0/10"

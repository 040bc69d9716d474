"""The Duel Fighters web board: the table drawn with the picture's renderer from a view
alone, nothing hidden on it, every deployment and marker reachable by clicks (the rest by
buttons), names escaped, every CSS rule under the board's root class."""

from __future__ import annotations

from typing import Any

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import DuelFightersState
from duelhall.games.duelfighters.web import board
from tests.web_boards import assert_namespaced, check_boards, pick_ids

from ..engine.helpers import new
from ..engine.test_properties import _keen
from .decisions import what_to_give, who_plays, whom_to_strike

NAMES = ("Ann", "Bob")


def html(state: DuelFightersState, seat: int | None, names: tuple[str, str] = NAMES) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return str(board.board_html(view, seat, names))


def check_page(state: DuelFightersState, seat: int | None, page: str) -> None:
    assert "<svg" in page and 'class="df sheet"' in page
    for fighter in state.board.fighters:
        assert fighter.name in page
    if seat is not None and "you" not in page.lower():
        raise AssertionError("a seat's board names it as you")


def check_picks(state: DuelFightersState, seat: int) -> None:
    view = state.view(seat)
    drawn = pick_ids(html(state, seat))
    for action in state.legal_actions(seat):
        picks = board.action_picks(action, view, seat)
        assert set(picks) <= drawn, (str(action), picks)


def positions(seed: int, every: int, **options: Any) -> list[DuelFightersState]:
    state = new(seed, **{"scenario": "tavern", "turn_limit": 3, **options})
    rng = Rng(seed)
    out = [state.clone()]
    step = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        state.apply(_keen(state, seat, rng))
        step += 1
        if step % every == 0 or state.is_over():
            out.append(state.clone())
    return out


def test_the_game_declares_the_web_hook() -> None:
    assert get_game("duelfighters").web == "duelhall.games.duelfighters.web.board"


def test_boards_are_drawn_from_the_view_alone_and_offer_every_pick() -> None:
    rng = Rng(5)
    for seed in (1, 2):
        for state in positions(seed, every=5):
            check_boards(state, board, NAMES, rng, check_page, check_picks)


def test_deployment_spots_are_drawn_on_the_table_with_the_facings() -> None:
    state = new(0)
    seat = state.to_move()[0]
    page = html(state, seat)
    legal = state.legal_actions(seat)
    spots = {f"spot:{a.words[1]}" for a in legal}
    assert spots <= pick_ids(page)
    assert {"facing:n", "facing:e", "facing:s", "facing:w"} <= pick_ids(page)
    other = html(state, 1 - seat)
    assert "data-pick" not in other  # not the other's turn to place


def test_marker_palette_is_offered_only_while_programming() -> None:
    state = new(2)
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    page = html(state, 0)
    assert "marker:advance" in pick_ids(page) and "marker:attack" in pick_ids(page)
    # Deretor has no corner turns: they are not offered.
    assert not any(p.startswith("marker:pivot") for p in pick_ids(page))
    view = state.view(0)
    for action in state.legal_actions(0):
        if action.verb in ("end", "done"):
            assert board.action_picks(action, view, 0) == ()


def test_a_spectator_is_told_who_programs_not_asked_to() -> None:
    state = new(2)
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    watching = html(state, None)
    assert "Ann and Bob: laying markers in secret" in watching
    assert "Lay your markers" not in watching and "marker:" not in watching
    assert "Lay your markers" in html(state, 0)


def test_names_are_escaped() -> None:
    state = new(1)
    page = html(state, None, ("<b>Ann</b>", 'Bob "x" & co'))
    assert "<b>Ann</b>" not in page
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_stylesheet_stays_under_the_board() -> None:
    assert_namespaced(board.stylesheet(), ".df")


def test_wounds_past_the_last_show_none_left_not_fewer() -> None:
    state = new()
    view = state.view(0)
    fighter = view["fighters"][0]
    fighter["injuries"] = fighter["wounds"] + 1
    sheet = board._sheet(view, 0, NAMES)
    assert sheet["left"] == 0
    assert not any(sheet["track"])


def test_f59_two_a_side_boards_offer_every_figure_named_from_the_view_alone() -> None:
    rng = Rng(7)
    named: set[str] = set()
    # Deployed on any edge the sides start close, so a three-turn duel reaches attacks.
    duel = positions(3, every=3, characters=2, scenario="open-field", table=400, deploy="any-edge")
    for state in duel:
        check_boards(state, board, NAMES, rng, check_page, check_picks)
        for seat in state.to_move():
            view = state.view(seat)
            for action in state.legal_actions(seat):
                named |= {action.verb for p in board.action_picks(action, view, seat) if p}
    # The duel met each kind of choice that names a figure.
    assert {"with", "attack"} <= named


def test_f59_f64_f76_figure_picks_and_the_names_beside_the_table() -> None:
    at = whom_to_strike()
    view = at.view(0)
    picks = {str(a): board.action_picks(a, view, 0) for a in at.legal_actions(0)}
    assert picks["attack at brock"] == ("fig:brock",)
    assert picks["improvise maximise at lesdinn"] == ("fig:lesdinn",)
    assert picks["hold"] == ()
    page = html(at, 0)
    assert {"fig:deretor", "fig:lesdinn", "fig:hallothon", "fig:brock"} <= pick_ids(page)
    assert 'aria-label="Whom to strike"' in page and "Who plays" not in page
    assert "You: carry out Deretor&#39;s step" in page
    # Nothing to name for the seat waiting, nor for a spectator.
    assert "fig:" not in html(at, 1) and "fig:" not in html(at, None)
    who = who_plays()
    view = who.view(0)
    assert [board.action_picks(a, view, 0) for a in who.legal_actions(0)] == [
        ("fig:deretor",),
        ("fig:hallothon",),
    ]
    assert 'aria-label="Who plays the step"' in html(who, 0)
    give = what_to_give()
    gift = give.parse_action("give vulcan-hammer lesdinn", 1)
    assert board.action_picks(gift, give.view(1), 1) == ("gift:vulcan-hammer:lesdinn",)
    page = html(give, 1)
    assert 'data-pick="gift:vulcan-hammer:lesdinn"' in page and "Vulcan Hammer" in page

"""The browser's table (duelhall.games.deckduel.web.board): drawn from a view alone, every
choice reachable by its picks, names escaped, nothing hidden on the page."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import FLIP, RAGE, Act
from duelhall.games.deckduel.engine.state import DeckDuelState
from duelhall.games.deckduel.web import board
from tests.games.deckduel.helpers import act, make, new, rage_step, tops
from tests.games.deckduel.test_properties import OPTION_VALUES, play
from tests.properties import SEEDS, examples
from tests.web_boards import assert_namespaced, check_boards, pick_ids

NAMES = ("Ann", "Bob")
SUIT_WORDS = ("spades", "hearts")
# Answers offered as a menu on one place: the same picks on purpose.
MENUS = [{"block", "take"}, {"keep", "discard"}] + [
    {ability, "action"} for ability in ("focus", "heal", "foresight")
]


def html(state: DeckDuelState, seat: int | None) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return str(board.board_html(view, seat, NAMES))


def faces(page: str, owner: int) -> set[str]:
    """The cards of ``owner``'s suit drawn face up (their spoken names)."""
    return set(re.findall(rf'aria-label="(\w+)(?: \(focused Ace\))? of {SUIT_WORDS[owner]}"', page))


def placed(state: DeckDuelState, seat: int | None, owner: int) -> set[str]:
    """The cards of ``owner``'s suit whose place ``seat`` (None: anyone) knows."""
    view = state.view(seat) if seat is not None else state.public_view()
    p = view["players"][owner]
    known = {c for c in p["discard"] if c is not None}
    known |= {c for c in (p["table"], p["sideways"], p["top"]) if c}
    combat = view["combat"]
    if combat is not None and view["phase"] != "rage":
        known.add(combat["cards"][owner])
    return known


def check_page(state: DeckDuelState, seat: int | None, page: str) -> None:
    for owner in (0, 1):
        assert faces(page, owner) <= placed(state, seat, owner)


def check_picks(state: DeckDuelState, seat: int) -> None:
    view = state.view(seat)
    page = str(board.board_html(view, seat, NAMES))
    drawn = set(pick_ids(page))
    groups: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for action in state.legal_actions(seat):
        picks = board.action_picks(action, view, seat)
        assert picks, f"{action} has no picks"  # nothing here is a pass: every answer has a place
        assert set(picks) <= drawn, f"{action}: {picks} not on the board"
        groups[picks].add(action.kind)
    for picks, kinds in groups.items():
        assert len(kinds) == 1 or kinds in MENUS, f"{sorted(kinds)} share the picks {picks}"


@examples(25)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_board_is_drawn_from_the_view_alone_and_offers_every_choice(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0x3C)
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 3 == 0 or state.is_over():
            check_boards(state, board, NAMES, rng, check_page, check_picks)


def test_board_shows_a_secret_rage_answer_only_as_chosen() -> None:
    raged, flipped = new(5), new(5)
    raged.apply(Act(0, RAGE))
    flipped.apply(Act(0, FLIP))
    for seat in (1, None):
        assert html(raged, seat) == html(flipped, seat)
    assert "has chosen, in secret" in html(raged, 1)
    assert "Waiting for the opponent" in html(raged, 0) and "you chose rage" in html(raged, 0)
    assert "✓ chosen" in html(raged, 1) and "choosing…" in html(raged, 1)


def test_board_hides_the_foresight_card_from_the_opponent() -> None:
    state = make(*tops("J 9 3", "4 2 5", {}, {"actions": 0}))
    rage_step(state)
    act(state, "foresight")
    assert "9" in faces(html(state, 0), 0)  # the seat looking sees it, as a pick
    assert 'data-pick="top:0"' in html(state, 0)
    assert "9" not in faces(html(state, 1), 0) and "9" not in faces(html(state, None), 0)
    act(state, "discard")
    for seat in (1, None):
        page = html(state, seat)
        assert "9" not in faces(page, 0) and "a card discarded face down" in page
    assert "9" in faces(html(state, 0), 0)


def test_board_escapes_names() -> None:
    state = get_game("deckduel").new_state(2, {})
    for seat in (1, None):  # seat 0 is "You" on its own board
        view = state.view(seat) if seat is not None else state.public_view()
        page = str(board.board_html(view, seat, ("<script>alert(1)</script>", "Bob & Co")))
        assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert ("Bob &amp; Co" in page) == (seat is None)


def test_picks_name_the_place_of_each_answer() -> None:
    state = make(*tops("K 9", "4 2"))
    view = state.view(0)
    assert board.action_picks(Act(0, RAGE), view, 0) == ("rage:0",)
    assert board.action_picks(Act(0, FLIP), view, 0) == ("deck:0",)
    rage_step(state)
    view = state.view(1)
    assert {board.action_picks(a, view, 1) for a in state.legal_actions(1)} == {("hit:1",)}


def test_a_spectator_board_needs_the_public_view() -> None:
    state = new(3)
    with pytest.raises(ValueError, match="public_view"):
        board.board_html(state.view(None), None, NAMES)


def test_stylesheet_is_namespaced() -> None:
    assert_namespaced(board.stylesheet(), ".dd")

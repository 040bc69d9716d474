"""The browser's duel (duelhall.games.highlander.web.board): drawn from a view alone, every
choice reachable by its picks, names escaped, no hidden card on the page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given

from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.engine.state import HighlanderState
from duelhall.games.highlander.web import board
from tests.games.highlander.helpers import make, new
from tests.games.highlander.test_properties import OPTION_VALUES, play
from tests.properties import SEEDS, examples
from tests.web_boards import assert_namespaced, check_boards, pick_ids

NAMES = ("Ann", "Bob")


def html(state: HighlanderState, seat: int | None) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return str(board.board_html(view, seat, NAMES))


def hidden_from(state: HighlanderState, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) cannot place: the deck and the hidden part
    of every hand but its own."""
    cards = state.cards.cards
    hidden = {c for c in state.deck}
    for s in (0, 1):
        if s != seat:
            hidden |= {c for c in state.hands[s] if not state.public[s] >> c & 1}
    return {cards[c].id for c in hidden}


def drawn_cards(page: str) -> set[str]:
    """The names of the cards drawn face up on the page."""
    return set(
        re.findall(
            r'<article class="hl-card[^"]*"\s+(?:data-pick="[^"]*" )?aria-label="([^"]+)"', page
        )
    )


def check_page(state: HighlanderState, seat: int | None, page: str) -> None:
    cards = state.cards
    hidden = hidden_from(state, seat)
    names = {cards.cards[cards.by_id[i]].name for i in hidden}
    assert not drawn_cards(page) & names, "a hidden card is drawn"
    for ident in hidden:
        assert f':{ident}"' not in page, f"a pick names hidden {ident}"
    # A card's name may still be written where past clashes or the discard pile name it;
    # none that is hidden and never seen appears at all.
    seen = {cid for c in state.view(None)["clashes"] for cid in c["cards"]}
    for ident in hidden - seen:
        assert cards.cards[cards.by_id[ident]].name not in page, ident


def check_picks(state: HighlanderState, seat: int) -> None:
    view = state.view(seat)
    page = str(board.board_html(view, seat, NAMES))
    drawn = set(pick_ids(page))
    picks = [board.action_picks(a, view, seat) for a in state.legal_actions(seat)]
    assert all(picks) and len(set(picks)) == len(picks), "every action its own place"
    assert {p for ids in picks for p in ids} <= drawn


@examples(15)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_board_is_drawn_from_the_view_alone_and_offers_every_choice(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    rng = Rng(chooser ^ 0xC3)
    for step, state in enumerate(play(seed, options, chooser)):
        if step % 3 == 0 or state.is_over():
            check_boards(state, board, NAMES, rng, check_page, check_picks)


def test_board_shows_a_secret_choice_only_as_chosen() -> None:
    hands = (["thrust", "parry", "lunge"], ["bind", "sweep", "fleche"])
    one, other = make(hands), make(hands)
    one.apply(HighlanderAction(0, "play", "thrust"))
    other.apply(HighlanderAction(0, "play", "lunge"))
    for seat in (1, None):
        assert html(one, seat) == html(other, seat)
    assert "has chosen, in secret" in html(one, 1)
    mine = html(one, 0)
    assert "waiting for the opponent" in mine and "your secret choice" in mine
    assert 'data-pick="hand:' not in mine  # chosen: nothing left to pick


def test_board_explains_card_words_on_hover() -> None:
    page = html(make((["thrust", "parry"], ["bind", "sweep"])), 0)
    assert 'title="on offence, if this card strikes: 1 more damage"' in page
    assert "power 1" in page and "riposte 1" in page


def test_board_escapes_names() -> None:
    state = new(3)
    page = str(board.board_html(state.public_view(), None, ("<script>x</script>", "A & B")))
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert "A &amp; B" in page


def test_picks_name_the_face_up_cards_the_deck_and_the_own_hand() -> None:
    state = new(3, kurgan="1")
    view = state.view(0)
    picks = {board.action_picks(a, view, 0) for a in state.legal_actions(0)}
    faceup = {("faceup:" + c,) for c in view["faceup"] if c}
    assert picks == faceup | {("deck",)}
    state = make((["thrust", "parry"], ["bind", "sweep"]))
    view = state.view(1)
    assert {board.action_picks(a, view, 1) for a in state.legal_actions(1)} == {
        ("hand:bind",),
        ("hand:sweep",),
    }


def test_a_spectator_board_needs_the_public_view() -> None:
    state = new(3)
    with pytest.raises(ValueError, match="public_view"):
        board.board_html(state.view(None), None, NAMES)


def test_stylesheet_is_namespaced() -> None:
    assert_namespaced(board.stylesheet(), ".hl")

"""The Duel 52 web board: drawn from the view alone, leaking nothing, every legal action
reachable by clicks (or a button), every CSS rule under the board's root class."""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.web import board, picks
from duelhall.games.duel52.web.model import SUIT_WORDS
from duelhall.games.duel52.web.prompts import pending_prompt
from tests.games.duel52.web.games import MODES, NAMES, hidden_cards, positions, seats

PICK = re.compile(r'data-pick="([^"]+)"')


def html_for(state: Any, seat: int | None, names: tuple[str, ...] = NAMES) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return str(board.board_html(view, seat, names))


def traces(name: str) -> list[str]:
    """Every way the board could show card ``name`` (a card's place label, ``3D``, may
    read like a card's name, so the name alone is looked for only as a whole value)."""
    rank = C.RANK_NAMES[C.rank(C.parse(name))]
    symbol = C.SUIT_SYMBOLS[C.SUITS.index(name[-1])]
    return [
        f"hand:{name}",
        f"<b>{rank}</b><i>{symbol}</i>",
        f"{rank} of {SUIT_WORDS[name[-1]]}",
        f'"{name}"',
    ]


def test_the_game_declares_the_web_hook() -> None:
    assert get_game("duel52").web == "duelhall.games.duel52.web.board"


@pytest.mark.parametrize("mode", sorted(MODES))
def test_board_is_built_from_the_seats_view_alone(mode: str) -> None:
    options = MODES[mode]
    for seed in range(2):
        for step, (state, _) in enumerate(positions(options, seed, every=4)):
            for seat in range(seats(options)):
                sample = state.determinize(seat, Rng(step * 11 + seat))
                assert html_for(sample, seat) == html_for(state, seat)
                # The spectator's board, from the public view, is the same for every re-deal.
                assert html_for(sample, None) == html_for(state, None)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_board_shows_no_card_the_seat_cannot_see(mode: str) -> None:
    options = MODES[mode]
    for state, _ in positions(options, 7, every=5):
        for seat in (*range(seats(options)), None):
            view = state.view(seat) if seat is not None else state.public_view()
            html = html_for(state, seat)
            for name in hidden_cards(state, view):
                for trace in traces(name):
                    assert trace not in html, (seat, name, trace)


def test_board_draws_the_cards_the_seat_sees() -> None:
    state, _ = next(positions(MODES["duel"], 1))
    view = state.view(0)
    html = html_for(state, 0)
    for name in view["hands"][0]:
        assert f'data-pick="hand:{name}"' in html
        assert traces(name)[1] in html


def test_names_are_escaped() -> None:
    hostile = ('<script>alert("x")</script>', "Bob & <b>Co</b>", "Cy", "Di")
    for mode in ("duel", "ultimate", "three-players", "teams"):
        state, _ = next(positions(MODES[mode], 0))
        for seat in (0, None):
            html = html_for(state, seat, hostile)
            assert "<script>" not in html and "<b>Co</b>" not in html
            assert "&lt;script&gt;" in html


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (self.open[-5:], tag)
        self.open.pop()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_board_html_is_balanced_under_one_root(mode: str) -> None:
    for state, _ in positions(MODES[mode], 4, every=25):
        html = html_for(state, 0)
        assert html.startswith('<div class="d52 ')
        parser = _Balance()
        parser.feed(html)
        assert parser.open == []


# Actions that share their clicks: none so far. The client shows a small menu for such a
# set; a new kind of action that shares clicks must be added here on purpose.
SHARED_PICKS: frozenset[frozenset[str]] = frozenset()


def _menu_is_intended(short: Any, long: Any) -> bool:
    """The one way one action's clicks begin another's: a 10 that may strike a single
    card (``twinstrike_optional``) offered in a menu where it could strike two."""
    return (
        short.kind == long.kind == Kind.ATTACK
        and short.slots == long.slots
        and len(short.targets) == 1
        and len(long.targets) == 2
    )


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_legal_action_is_clicked_or_a_button(mode: str) -> None:
    options = MODES[mode]
    menus = 0
    for seed in range(3):
        for state, _ in positions(options, seed):
            if state.is_over():
                break
            seat = state.current
            view = state.view(seat)
            on_board = set(PICK.findall(html_for(state, seat)))
            by_picks: dict[tuple[str, ...], list[Any]] = defaultdict(list)
            for action in state.legal_actions():
                clicks = board.action_picks(action, view, seat)
                if not clicks:
                    assert action.kind in picks.BUTTON_KINDS, action
                    continue
                assert set(clicks) <= on_board, (action, clicks)
                by_picks[clicks].append(action)
            for actions in by_picks.values():
                if len(actions) > 1:
                    assert frozenset(a.kind for a in actions) in SHARED_PICKS, actions
            # Where one action's clicks begin another's, the client asks in a menu.
            for a, shorter in by_picks.items():
                for b, longer in by_picks.items():
                    if len(a) < len(b) and b[: len(a)] == a:
                        assert all(_menu_is_intended(x, y) for x in shorter for y in longer)
                        menus += 1
    if MODES[mode].get("twinstrike_optional") and mode.startswith("duel"):
        assert menus, "a 10 striking one card or two was expected in these games"


def test_picks_name_cards_then_targets_then_places() -> None:
    seen: dict[str, tuple[str, ...]] = {}
    for mode in ("duel", "ultimate", "three-players", "teams"):
        for seed in range(3):
            for state, action in positions(MODES[mode], seed):
                if action is None:
                    break
                clicks = board.action_picks(action, state.view(action.seat), action.seat)
                seen.setdefault(f"{mode}:{action.kind}", clicks)
    assert re.fullmatch(r"\('hand:\w+', 'lane:[123]'\)", str(seen["duel:play"]))
    assert re.fullmatch(r"\('hand:\w+', 'tri:[1-4]'\)", str(seen["three-players:play"]))
    flip = seen["duel:flip"]
    assert len(flip) == 1 and flip[0].startswith("row:")
    attack = seen["teams:attack"]
    assert all(p.startswith("row:") for p in attack)
    assert seen["ultimate:draft"][0].startswith("hand:")


def test_stylesheet_rules_all_sit_under_the_root_class() -> None:
    css = re.sub(r"/\*.*?\*/", "", board.stylesheet(), flags=re.S)
    selectors = re.findall(r"([^{}]+)\{", css)
    assert selectors
    for group in selectors:
        group = group.strip()
        if group.startswith("@media"):
            continue
        for selector in group.split(","):
            assert selector.strip().startswith(".d52"), selector


def test_a_power_asks_you_in_your_own_words() -> None:
    view = {"result": None, "pending": {"choice": "discard", "seat": 0}}
    assert pending_prompt(view, ("You", "Bo")) == "The 2 (View): You pick a hand card to discard."
    assert pending_prompt(view, ("Al", "You")) == "The 2 (View): Al picks a hand card to discard."

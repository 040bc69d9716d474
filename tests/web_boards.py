"""Checks every game's browser board shares (the GameInfo ``web`` hook, docs/web.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from duelhall.core.rng import Rng


def pick_ids(page: str) -> set[str]:
    """The ``data-pick`` ids drawn on a board."""
    return set(re.findall(r'data-pick="([^"]+)"', page))


def assert_namespaced(css: str, root: str) -> None:
    """Every selector of ``css`` starts with the game's root class, so the board's style
    cannot reach the rest of the page."""
    rules = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.findall(r"(?:^|})\s*([^{}@]+?)\s*{", rules)
    assert selectors
    for group in selectors:
        for selector in group.split(","):
            assert selector.strip().startswith(root), selector


def check_boards(
    state: Any,
    board: Any,
    names: tuple[str, str],
    rng: Rng,
    check_page: Callable[[Any, int | None, str], None],
    check_picks: Callable[[Any, int], None],
) -> None:
    """The boards of both seats and of a spectator: each equal to the one drawn from a
    re-deal for that seat (so nothing hidden reaches it), each passing ``check_page``, a
    spectator's without picks, and every choice of a seat to move reachable
    (``check_picks``)."""
    for seat in (0, 1):
        page = str(board.board_html(state.view(seat), seat, names))
        sample = state.determinize(seat, rng)
        assert str(board.board_html(sample.view(seat), seat, names)) == page
        check_page(state, seat, page)
        if seat in state.to_move():
            check_picks(state, seat)
    public = str(board.board_html(state.public_view(), None, names))
    sample = state.determinize(rng.below(2), rng)
    assert str(board.board_html(sample.public_view(), None, names)) == public
    assert "data-pick" not in public
    check_page(state, None, public)

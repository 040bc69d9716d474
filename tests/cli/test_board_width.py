"""Every mode's board fits an 80-column terminal, and the duel's board and prompt 24 lines.

Boards are drawn for many positions of random games of every mode: the two-player duel,
the expansion with heroes, bannermen and forts, three players, two against two, Deck Duel
and Highlander. Drawn 80 columns wide, no line may be longer, and nothing may be lost:
every word of the board drawn on an unbounded terminal is still there, whole (a table
squeezed below its columns' widths would cut them, a word folded inside a cell would
split).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from duelhall.cli.session import ui_for
from duelhall.core.game import get_game
from duelhall.core.rng import Rng

MODES: dict[str, tuple[str, dict[str, Any], tuple[str, ...]]] = {
    "duel": ("duel52", {}, ("You", "Computer")),
    "expansion": (
        "duel52",
        {"heroes": True, "bannermen": True, "forts": True},
        ("You", "Computer"),
    ),
    "three players": ("duel52", {"players": 3}, ("You", "Computer 1", "Computer 2")),
    "two against two": (
        "duel52",
        {"players": 4},
        ("You", "Computer 1", "Computer 2", "Computer 3"),
    ),
    "deckduel": ("deckduel", {}, ("You", "Computer")),
    "highlander": ("highlander", {}, ("You", "Computer")),
    "duelfighters": ("duelfighters", {"turn_limit": 3}, ("You", "Computer")),
}

BOX = set("│─┼┃━╋┏┓┗┛┣┫┳┻┡┩╇└┘├┤┬┴┌┐")


def positions(game: str, options: dict[str, Any], games: int, every: int) -> Iterator[Any]:
    """Views of random games, every ``every`` decisions, from the seat to move and from
    the referee's seat (the fullest board)."""
    info = get_game(game)
    for seed in range(games):
        state = info.new_state(seed, options)
        rng = Rng(seed)
        step = 0
        while not state.is_over():
            movers = state.to_move()
            if step % every == 0:
                yield state.view(movers[0])
            step += 1
            for seat in movers:
                legal = state.legal_actions(seat)
                state.apply(legal[rng.below(len(legal))])
        yield state.view(None)


def drawn(renderable: Any, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable, crop=False)  # a line too long shows, rather than being cut
    return console.export_text()


def words(text: str) -> Counter[str]:
    return Counter(w for w in text.split() if not set(w) <= BOX)


@pytest.mark.parametrize("mode", list(MODES))
def test_every_modes_board_fits_eighty_columns_and_loses_nothing(mode: str) -> None:
    game, options, names = MODES[mode]
    ui = ui_for(game)
    checked = 0
    for view in positions(game, options, games=4, every=5):
        narrow = drawn(ui.render_view(view, names), 80)
        too_long = [line for line in narrow.splitlines() if len(line.rstrip()) > 80]
        assert not too_long, (mode, too_long)
        assert "…" not in narrow, narrow
        wide = drawn(ui.render_view(view, names), 400)
        lost = words(wide) - words(narrow)
        assert not lost, (mode, sorted(lost), narrow)
        checked += 1
    assert checked >= 15


def test_the_duels_board_and_prompt_fit_twenty_four_lines_nearly_always() -> None:
    """The duel's board (and the prompt line under it) fits an 80x24 terminal in nearly
    every position of random games; only a lane piled very high needs more."""
    ui = ui_for("duel52")
    heights = [
        len(drawn(ui.render_view(view, ("You", "Computer")), 80).splitlines()) + 1
        for view in positions("duel52", {}, games=6, every=1)
    ]
    fits = sum(1 for h in heights if h <= 24) / len(heights)
    assert fits >= 0.97, (fits, max(heights))

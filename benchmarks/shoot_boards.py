"""Screenshot every game's web board inside the game page's frame, to look at them.

    python benchmarks/shoot_boards.py [OUT_FOLDER] [CASE...]

Each case is a random position of one game (or mode) seen from seat 0 (a spectator for
``*-watch``), drawn by the game's ``web`` hook with base.css, table.css and the board's
CSS, as the game page shows it. Saves ``CASE-1280.png`` and ``CASE-375.png`` in
OUT_FOLDER (default /tmp/boards). Needs Playwright and /usr/bin/chromium.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from duelhall.cli.session import ui_for
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.web.boards import board_html, stylesheet
from duelhall.web.views import names_for, view_of

STATIC = Path(__file__).resolve().parent.parent / "duelhall" / "web" / "static"
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
CASES: dict[str, tuple[str, dict[str, Any], int, int | None]] = {
    "duel52": ("duel52", {}, 40, 0),
    "duel52-watch": ("duel52", {}, 40, None),
    "duel52-teams": ("duel52", {"players": 4}, 60, 0),
    "duel52-three": ("duel52", {"players": 3}, 60, 0),
    "deckduel": ("deckduel", {}, 14, 0),
    "highlander": ("highlander", {}, 12, 0),
    "duelfighters": ("duelfighters", {}, 30, 0),
    "duelfighters-two": ("duelfighters", {"characters": 2}, 40, 0),
    "duelfighters-three": ("duelfighters", {"characters": 3, "scenario": "tavern"}, 300, 0),
}


def position(game: str, options: dict[str, Any], steps: int, seed: int = 3) -> Any:
    info = get_game(game)
    state = info.new_state(seed, info.resolve_options(options))
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))])
    return state


def page(game: str, state: Any, seat: int | None) -> str:
    info = get_game(game)
    seats = info.seat_count(state.options)
    names = names_for(tuple(f"Player {n + 1}" for n in range(seats)), seat)
    board = board_html(info, ui_for(game), view_of(state, seat), seat, names)
    css = "".join((STATIC / f).read_text(encoding="utf-8") for f in ("base.css", "table.css")) + (
        stylesheet(info) or ""
    )
    return (
        f"<!doctype html><meta charset=utf-8><title>{info.title}</title><style>{css}</style>"
        '<body class="table-page"><main class="table-layout"><section class="felt">'
        f'<p class="status">Your turn</p><div class="board">{board}</div></section>'
        "</main></body>"
    )


def shoot(pages: Iterator[tuple[str, str]], out: Path) -> None:
    """Save each ``(name, html)`` page as ``name.html`` and its screenshots at 1280 and
    375 px wide (``name-1280.png``, ``name-375.png``) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, html in pages:
            (out / f"{name}.html").write_text(html, encoding="utf-8")
            for width in (1280, 375):
                tab = browser.new_page(viewport={"width": width, "height": 800})
                tab.set_content(html)
                tab.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)
                tab.close()
            print(out / name)
        browser.close()


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("/tmp/boards")
    only = set(argv[1:])
    shoot(
        (
            (name, page(game, position(game, options, steps), seat))
            for name, (game, options, steps, seat) in CASES.items()
            if not only or name in only
        ),
        out,
    )


if __name__ == "__main__":
    main(sys.argv[1:])

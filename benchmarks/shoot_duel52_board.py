"""Screenshot the Duel 52 web board, to look at it: every mode, a few positions each.

    python benchmarks/shoot_duel52_board.py [OUT_FOLDER] [CASE...]

Renders ``board_html`` and ``stylesheet`` as standalone pages (``CASE.html``) and saves
headless Chromium screenshots at 1280 and 375 px wide (``CASE-1280.png``,
``CASE-375.png``) in OUT_FOLDER (default /tmp/duel52-board). Cases: random mid-game and
late positions of the duel, its expansion, three players and two teams, a spectator's
view, each choice inside a power (2, 4, Queen, order, draft, fort) and the
docs/examples positions. Needs Playwright and /usr/bin/chromium.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from shoot_boards import shoot  # benchmarks/, beside this script

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.web import board

GAME = get_game("duel52")
NAMES = ("Ann <script>", "Bob", "Cy", "Di")
EXPANSION = {"heroes": True, "bannermen": True, "forts": True}


def played(options: dict[str, Any], seed: int, steps: int) -> Any:
    state = GAME.new_state(seed, options)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def asking(options: dict[str, Any], choice: str) -> Any:
    """The first position of a random game where the seat to move answers ``choice``."""
    for seed in range(40):
        state = GAME.new_state(seed, options)
        rng = Rng(seed)
        while not state.is_over():
            pending = state.view(state.current)["pending"]
            if pending and pending["choice"] == choice and (choice != "move" or state.turn > 8):
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise SystemExit(f"no position asks for {choice}")


def cases() -> dict[str, tuple[Any, int | None]]:
    out: dict[str, tuple[Any, int | None]] = {
        "duel-mid": (played({}, 3, 40), 0),
        "duel-late": (played({}, 4, 90), 1),
        "duel-over": (played({}, 5, 999), 0),
        "duel-spectator": (played({}, 3, 40), None),
        "expansion": (played(EXPANSION, 2, 50), 0),
        "expansion-spectator": (played(EXPANSION, 2, 50), None),
        "three-players": (played({"players": 3}, 1, 60), 0),
        "teams": (played({"players": 4}, 1, 60), 0),
    }
    for choice in ("discard", "look", "move", "order"):
        state = asking({}, choice)
        out[f"asks-{choice}"] = (state, state.current)
    for choice in ("draft", "fort"):
        state = asking(EXPANSION, choice)
        out[f"asks-{choice}"] = (state, state.current)
    state = asking({"players": 3}, "move")
    out["three-players-queen"] = (state, state.current)
    for path in sorted(Path("docs/examples").glob("duel52-*.json")):
        out[path.stem] = (GAME.load_position(json.loads(path.read_text())), 0)
    return out


def page(state: Any, seat: int | None) -> str:
    view = state.view(seat) if seat is not None else state.public_view()
    return (
        "<!doctype html><meta charset=utf-8><title>Duel 52 board</title>"
        f"<style>body{{margin:0;background:#fbf7ee}}{board.stylesheet()}</style>"
        f"{board.board_html(view, seat, NAMES)}"
    )


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("/tmp/duel52-board")
    only = set(argv[1:])
    chosen = ((n, c) for n, c in cases().items() if not only or n in only)
    shoot(((name, page(state, seat)) for name, (state, seat) in chosen), out)


if __name__ == "__main__":
    main(sys.argv[1:])

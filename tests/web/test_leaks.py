"""What a seat is sent is built from its view alone; a spectator sees only what is public.

At states along random games (secret choices applied one at a time, so the states between
them are visited too), a seat's snapshot built from the true state equals the one built from
a re-deal for that seat, and the spectators' snapshot is the same whoever it is re-dealt for.
``DUELHALL_FUZZ=N`` plays N games of each variant instead of the few the suite plays.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import tests.web.toy_web  # noqa: F401  (registers the toy game with a board)
from duelhall.cli.session import ui_for
from duelhall.core.game import game_names, get_game
from duelhall.core.rng import Rng
from duelhall.core.state import GameState
from duelhall.web.snapshots import snapshot
from duelhall.web.views import has_public_view

GAMES = int(os.environ.get("DUELHALL_FUZZ", "3"))
EVERY = {"duel52": 11, "toy-web": 1}  # how often a state is checked, by game (default 5)


def _variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name in game_names():
        info = get_game(name)
        if not info.has_hook("ui") or name == "toy-highcard":
            continue
        out.append((name, {}))
        out.extend((name, dict(preset)) for preset in info.variants.values())
        players = [o for o in info.options if o.name == "players"]
        out.extend((name, {"players": n}) for o in players for n in o.choices if n != o.default)
    return out


def _states(game: str, options: dict[str, Any], games: int, every: int) -> Iterator[GameState]:
    info = get_game(game)
    for seed in range(games):
        state = info.new_state(seed * 7919 + 1, info.resolve_options(options))
        rng = Rng(seed)
        step = 0
        while True:
            if step % every == 0:
                yield state
            if state.is_over():
                break
            movers = state.to_move()
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))])
            step += 1


@pytest.mark.parametrize(("game", "options"), _variants())
def test_snapshots_hold_nothing_a_re_deal_would_change(game: str, options: dict[str, Any]) -> None:
    info, ui = get_game(game), ui_for(game)
    names = tuple(f"Player {n + 1}" for n in range(info.seat_count(options)))
    checked = 0
    watchable = has_public_view(info.new_state(1, info.resolve_options(options)))
    for n, state in enumerate(_states(game, options, GAMES, every=EVERY.get(game, 5))):
        for seat in range(len(names)):
            redealt = state.determinize(seat, Rng(n * 31 + seat))
            for who in (seat, None) if watchable else (seat,):
                ours = snapshot(info, ui, state, who, names, seq=n, log=())
                assert snapshot(info, ui, redealt, who, names, seq=n, log=()) == ours
            checked += 1
    assert checked > 20

"""Every module path a game declares as a string resolves: the paths are only imported when
used, so a moved module would otherwise fail the first person who asks for it."""

from __future__ import annotations

import dataclasses
import importlib

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.game import GameInfo, game_names, get_game

HOOKS = [f.name for f in dataclasses.fields(GameInfo) if f.type == "str" and f.default == ""]


def test_the_hook_fields_are_found() -> None:
    assert {"ui", "reference", "heuristic", "evaluator", "rollout"} <= set(HOOKS)


@pytest.mark.parametrize("game", game_names())
def test_every_declared_hook_imports(game: str) -> None:
    info = get_game(game)
    for name in HOOKS:
        if name != "summary" and info.has_hook(name):
            assert info.hook(name) is not None, name


def test_duel52s_terminal_modes_import() -> None:
    from duelhall.games.duel52.terminal.ui import MODES

    for path in MODES.values():
        importlib.import_module(path)


@pytest.mark.parametrize(("players", "title"), [(2, "DUEL 52"), (3, "THREE"), (4, "TEAM")])
def test_rules_reference_for_every_player_count(players: int, title: str) -> None:
    result = CliRunner().invoke(cli, ["rules", "duel52", "--option", f"players={players}"])
    assert result.exit_code == 0, result.output
    assert title in result.output.splitlines()[0]

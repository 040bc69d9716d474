"""Ruling F63: playing with one's own data files. A character added in a data file plays
without touching the engine; a changed file changes the game; the files' text, never their
path, is what a game keeps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from duelhall.core.errors import OptionError
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.content import CHARACTERS, DATA_DIR
from tests.command_line import run

from .helpers import random_game

BUILT_IN = (DATA_DIR / CHARACTERS).read_text(encoding="utf-8")


def _lesdinn_block() -> str:
    start = BUILT_IN.index('[[character]]\nid = "lesdinn"')
    return BUILT_IN[start : BUILT_IN.index("[[character]]", start + 1)]


def _folder(tmp_path: Path, text: str) -> Path:
    (tmp_path / CHARACTERS).write_text(text, encoding="utf-8")
    return tmp_path


def _state(folder: Path, seed: int = 0, **options: str) -> DuelFightersState:
    resolved = INFO.resolve_options({"content": str(folder), **options}, command_line=True)
    state = INFO.new_state(seed, resolved)
    assert isinstance(state, DuelFightersState)
    return state


def test_f63_a_character_added_in_a_data_file_plays(tmp_path: Path) -> None:
    vexa = (
        _lesdinn_block()
        .replace('id = "lesdinn"', 'id = "vexa"', 1)
        .replace('name = "Lesdinn"', 'name = "Vexa"', 1)
        .replace("atk = 4", "atk = 6")
    )
    folder = _folder(tmp_path, BUILT_IN + "\n" + vexa)
    state = _state(folder, second="vexa")
    vexa_sheet = state.board.fighters[1]
    assert vexa_sheet.name == "Vexa" and vexa_sheet.sheet.attack == 6
    assert vexa_sheet.has("wall-of-swords")  # the abilities are data: effects found by name
    assert random_game(state, Rng(4)) > 0
    assert state.outcome() is not None


def test_f63_a_changed_data_file_changes_the_game(tmp_path: Path) -> None:
    changed = BUILT_IN.replace("atk = 5\ndef = 5", "atk = 7\ndef = 5", 1)
    assert changed != BUILT_IN
    state = _state(_folder(tmp_path, changed))
    assert state.board.fighters[0].sheet.attack == 7


def test_f63_the_game_keeps_the_files_text_and_replays_without_them(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / CHARACTERS).write_text(BUILT_IN.replace("atk = 5", "atk = 6", 1), encoding="utf-8")
    state = _state(folder, seed=3)
    kept = state.options["content"]
    assert str(folder) not in kept and "atk = 6" in kept
    record = Record(game="duelfighters", seed=3, options=dict(state.options), players=["a", "b"])
    rng = Rng(3)
    for _ in range(40):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        record.actions.append((seat, str(action)))
        state.apply(action)
    shutil.rmtree(folder)
    assert replay(record).view(None) == state.view(None)


def test_f63_a_broken_file_is_one_line_naming_it(tmp_path: Path) -> None:
    folder = _folder(tmp_path, BUILT_IN.replace("atk = 5", "atk = -5", 1))
    with pytest.raises(OptionError) as caught:
        _state(folder)
    message = str(caught.value)
    assert "\n" not in message and "characters.toml" in message and "atk" in message


def test_f63_an_unknown_character_names_the_known_ones() -> None:
    with pytest.raises(OptionError) as caught:
        INFO.new_state(0, {"second": "nobody"})
    assert "lesdinn" in str(caught.value)


def test_f63_kept_data_is_never_opened_as_a_path(tmp_path: Path) -> None:
    folder = _folder(tmp_path, BUILT_IN)
    with pytest.raises(OptionError):
        INFO.resolve_options({"content": str(folder)})  # not from the command line


def _refusal(*args: str) -> str:
    code, output = run("play", "duelfighters", *args)
    assert code == 1
    assert output.count("\n") == 1 and "Traceback" not in output
    return output


def test_f63_a_folder_that_does_not_exist_is_named_as_missing(tmp_path: Path) -> None:
    missing = tmp_path / "mine"
    message = _refusal("--option", f"content={missing}")
    assert f"there is no folder {missing}; check the path" in message
    assert str(DATA_DIR) in message  # where the files to start from are


def test_f63_a_file_given_for_the_folder_is_named_as_a_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not data", encoding="utf-8")
    message = _refusal("--option", f"content={notes}")
    assert f"{notes} is a file, not a folder; give a folder holding some of" in message
    # One of the data files itself: the folder wanted is the one that holds it.
    folder = _folder(tmp_path, BUILT_IN)
    message = _refusal("--option", f"content={folder / CHARACTERS}")
    assert f"is a file, not a folder; give the folder that holds it: {folder}" in message


def test_f63_a_folder_without_data_files_says_how_to_start_one(tmp_path: Path) -> None:
    message = _refusal("--option", f"content={tmp_path}")
    assert f"{tmp_path} holds none of the data files; copy into it any of" in message

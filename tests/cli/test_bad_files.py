"""Bad record and position files, each found by fuzzing or by hand (issue 11): the command
says in one line what is wrong and how to fix it, exits non-zero, and shows no traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from duelhall.cli.main import cli
from duelhall.core.untrusted import MAX_FILE_BYTES
from tests.fuzzing import played


def refused(result: Result, *words: str) -> str:
    """The one error line of a command that refused its input."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("duelhall: error: ")
    for word in words:
        assert word in lines[0]
    return lines[0]


def replay_file(path: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["replay", str(path), *args])


def play_from(path: Path, game: str = "duel52") -> Result:
    argv = ["play", game, "--position", str(path), "--opponent", "random"]
    return CliRunner().invoke(cli, argv, input="q\n")


def a_record(**changes: Any) -> dict[str, Any]:
    """A short Duel 52 record: seat 1 plays twice, then seat 0 plays, flips and discards."""
    _, record = played("duel52", {}, 3, 6)
    data = record.to_json()
    data.update(changes)
    return data


def a_position(**changes: Any) -> dict[str, Any]:
    state, _ = played("duel52", {"heroes": True, "bannermen": True}, 5, 30)
    data: dict[str, Any] = state.to_position()
    data.update(changes)
    return data


def write(tmp_path: Path, data: Any, name: str = "file.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------------- the file itself


@pytest.mark.parametrize("command", [replay_file, play_from])
def test_deeply_nested_json_is_refused(tmp_path: Path, command: Any) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    refused(command(path), "nested more than 32 levels deep")
    path.write_text("[" * 40 + "]" * 40, encoding="utf-8")  # parses, but deeper than any file
    refused(command(path), "nested more than 32 levels deep")


@pytest.mark.parametrize("command", [replay_file, play_from])
def test_bytes_that_are_not_utf8_are_refused(tmp_path: Path, command: Any) -> None:
    path = tmp_path / "latin.json"
    text = json.dumps(a_record(players=["Zoë", "b"]), ensure_ascii=False)
    path.write_bytes(text.encode("latin-1"))
    refused(command(path), "is not UTF-8 text", "save it as UTF-8")


@pytest.mark.parametrize("command", [replay_file, play_from])
def test_a_number_of_5000_digits_is_refused(tmp_path: Path, command: Any) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(a_record()).replace('"seed": 3', '"seed": ' + "7" * 5000))
    refused(command(path), "a whole number of 5,000 digits", "at most 40")


@pytest.mark.parametrize("command", [replay_file, play_from])
def test_a_file_larger_than_the_cap_is_refused(tmp_path: Path, command: Any) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"junk": "x" * MAX_FILE_BYTES}), encoding="utf-8")
    refused(command(path), "is larger than 5 MB", "right file")


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(a_record()).encode("utf-8"))
    result = replay_file(path, "--view", "1")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("seat", [5, -1])
def test_an_action_by_a_seat_outside_the_game_is_refused(tmp_path: Path, seat: int) -> None:
    # A negative seat used to replay nothing and exit 0; a large one crashed.
    data = a_record()
    data["actions"][2]["seat"] = seat
    line = refused(replay_file(write(tmp_path, data)), f"action 3 ('play 2H 1' by seat {seat})")
    assert f"it is seat 0 to act, not seat {seat}" in line


def test_an_illegal_slot_is_refused_before_it_is_described(tmp_path: Path) -> None:
    # Describing "flip 1z" (no such card) used to crash the replay.
    data = a_record()
    data["actions"][3]["action"] = "flip 1z"
    refused(replay_file(write(tmp_path, data)), "action 4 ('flip 1z' by seat 0) does not apply")
    refused(replay_file(write(tmp_path, data), "--view", "1"), "action 4")


@pytest.mark.parametrize("result", ["draw", [0], 1])
def test_a_result_that_is_not_an_object_is_refused(tmp_path: Path, result: Any) -> None:
    refused(replay_file(write(tmp_path, a_record(result=result))), "'result' must be an object")


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_outside_64_bits_is_refused_as_in_positions(tmp_path: Path, seed: int) -> None:
    # Taken modulo 2**64, it used to replay another seed's deal and fail at a later action.
    path = write(tmp_path, a_record(seed=seed))
    refused(replay_file(path), "'seed' must be between 0 and 18446744073709551615")


def test_a_lone_surrogate_in_a_players_name_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, a_record(players=["Ann\ud800", "Bob"]))
    refused(replay_file(path), "players[0]", "U+D800 (half of a surrogate pair)")


def test_control_characters_in_a_name_are_refused(tmp_path: Path) -> None:
    # An escape sequence in a name would drive the terminal of whoever replays the game.
    path = write(tmp_path, a_record(players=["\x1b[2JAnn", "Bob"]))
    refused(replay_file(path), "players[0]", "U+001B (a control character)")


def test_a_nul_byte_in_an_option_is_refused(tmp_path: Path) -> None:
    _, record = played("highlander", {}, 1, 4)
    data = record.to_json()
    data["options"]["cards"] = "cards.toml\x00.txt"
    refused(replay_file(write(tmp_path, data)), "options.cards", "U+0000")


def test_a_position_given_to_replay_names_the_command_that_takes_it(tmp_path: Path) -> None:
    path = write(tmp_path, a_position())
    refused(
        replay_file(path),
        "is a position, not a duelhall record",
        f"duelhall play duel52 --position {path}",
    )


def test_a_malformed_action_entry_is_refused(tmp_path: Path) -> None:
    data = a_record()
    data["actions"][1] = ["play", "AD", 1]
    refused(replay_file(write(tmp_path, data)), "action 2 must be an object like")


def test_options_that_differ_from_the_start_position_are_refused(tmp_path: Path) -> None:
    state, _ = played("duel52", {"players": 4}, 2, 5)
    data = a_record(start=state.to_position(), actions=[])
    refused(replay_file(write(tmp_path, data)), "options differ from those of its start")


# ---------------------------------------------------------------------- positions


def test_a_record_given_to_play_names_the_command_that_takes_it(tmp_path: Path) -> None:
    # A record used to play an empty board and declare a winner.
    path = write(tmp_path, a_record())
    refused(play_from(path), "is a game record, not a position", f"duelhall replay {path}")


def test_another_games_position_names_its_game(tmp_path: Path) -> None:
    state, _ = played("deckduel", {}, 1, 3)
    path = write(tmp_path, state.to_position())
    refused(play_from(path), f"duelhall play deckduel --position {path}")


@pytest.mark.parametrize("seat", [2, -1, True])
def test_a_seat_outside_the_game_in_a_position_is_refused(tmp_path: Path, seat: Any) -> None:
    refused(play_from(write(tmp_path, a_position(to_move=seat))), "'to_move' is a seat: 0 or 1")


def test_hands_shown_must_list_both_hands(tmp_path: Path) -> None:
    data = a_position()
    data["expansion"]["hands_shown"] = [[]]
    refused(play_from(write(tmp_path, data)), "expansion 'hands_shown' must be a list of 2")


def test_a_position_result_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    refused(play_from(write(tmp_path, a_position(result="draw"))), "'result' is an object")


def test_a_nul_byte_in_a_position_option_is_refused(tmp_path: Path) -> None:
    data = a_position()
    data["options"]["variant"] = "standard\x00"
    refused(play_from(write(tmp_path, data)), "options.variant", "U+0000")


def test_a_lone_surrogate_in_a_position_is_refused(tmp_path: Path) -> None:
    data = a_position()
    data["hands"][0].append("7\udc80")
    refused(play_from(write(tmp_path, data)), "hands[0]", "U+DC80")


def test_an_unknown_key_in_a_position_is_refused(tmp_path: Path) -> None:
    # A misspelt key used to be ignored, so the position was not the one meant.
    refused(play_from(write(tmp_path, a_position(hand=[[], []]))), "unknown key 'hand'")


def test_a_long_unknown_key_or_result_is_quoted_cut_short(tmp_path: Path) -> None:
    # Untrusted values were quoted whole: a megabyte key made a megabyte "one-line" error.
    line = refused(play_from(write(tmp_path, a_position(**{"k" * 100_000: 1}))), "unknown key")
    assert len(line) < 500
    _, record = played("deckduel", {}, 3, 10_000)
    data = record.to_json()
    data["result"] = {**data["result"], "reason": "x" * 100_000}
    line = refused(replay_file(write(tmp_path, data), "--no-step"), "result has reason 'xxx")
    assert len(line) < 500


def test_long_bad_words_in_a_position_or_record_are_quoted_cut_short(tmp_path: Path) -> None:
    data = a_position()
    data["lanes"][0][0][0] = "8S base " + "x" * 100_000
    line = refused(play_from(write(tmp_path, data)), "unknown word 'xxx")
    assert len(line) < 500
    line = refused(replay_file(write(tmp_path, a_record(version="9" * 100_000))), "version '999")
    assert len(line) < 500


def test_a_broken_record_is_refused_before_any_of_it_is_shown(tmp_path: Path) -> None:
    data = a_record()
    data["actions"][4]["action"] = "dance"
    result = replay_file(write(tmp_path, data))
    refused(result, "action 5 ('dance' by seat 0) does not apply")
    assert result.stdout == ""


@pytest.mark.parametrize("command", [replay_file, play_from])
def test_a_pipe_or_a_device_is_refused_without_reading_it(tmp_path: Path, command: Any) -> None:
    # Opening a pipe for reading used to wait for a writer forever; /dev/zero never ends.
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    refused(command(pipe), "not a regular file")
    refused(command(Path("/dev/zero")), "not a regular file")


def test_a_record_s_long_player_name_is_cut_in_the_replay(tmp_path: Path) -> None:
    """A name of a hundred thousand characters filled the terminal; the web cuts at 40."""
    path = write(tmp_path, a_record(players=["x" * 100_000, "Bo"]))
    result = replay_file(path, "--no-step", "--view", "full")
    assert result.exit_code == 0, result.output
    assert f"Player 1: {'x' * 39}…, Player 2: Bo" in result.output
    assert "x" * 41 not in result.output

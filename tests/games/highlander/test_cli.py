"""The ``duelhall`` command with Highlander, as a person or a script uses it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from duelhall.core.record import load, replay
from tests.command_line import run_unwrapped as run

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "highlander-midgame.json"


def test_cli_piped_input_plays_to_the_end_and_records(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(
        "play",
        "highlander",
        "--seed",
        "3",
        "--opponent",
        "random",
        "--record",
        str(record),
        input="1\n" * 400,
    )
    assert code == 0, out[-2000:]
    assert "There can be only one" in out
    assert "Strike!" in out or "Block" in out
    saved = json.loads(record.read_text())
    final = replay(load(record))
    assert saved["result"] == final.outcome().to_json()  # type: ignore[union-attr]


def test_cli_replay_from_a_seat_hides_the_other_hand(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run(
        "play",
        "highlander",
        "--seed",
        "4",
        "--opponent",
        "random",
        "--record",
        str(record),
        input="1\n" * 400,
    )
    code, out = run("replay", str(record), "--view", "1", "--no-step")
    assert code == 0, out[-2000:]
    assert "choose a card in secret" in out
    assert "Deck (top first)" not in out  # the deck order is never shown to a seat
    assert re.search(r"Player 2's hand: \d cards?", out)
    code, out = run("replay", str(record), "--view", "full", "--no-step")
    assert "Deck (top first)" in out


def test_cli_hotseat_passes_the_terminal() -> None:
    code, out = run("play", "highlander", "--hotseat", "--seed", "2", input="1\n\n" * 800)
    assert code == 0, out[-2000:]
    assert "Pass the terminal to Player 2" in out


def test_cli_rules_prints_the_procedure_and_the_card_list() -> None:
    code, out = run("rules", "highlander")
    assert code == 0
    assert "perfect block" in out and "Overhead Cut" in out and "reconstructed" in out
    assert "The Quickening" in out


def test_cli_rules_with_a_players_card_file(tmp_path: Path) -> None:
    from duelhall.games.highlander.engine.cards import DATA_FILE

    path = tmp_path / "mine.toml"
    path.write_text(DATA_FILE.read_text().replace('name = "Thrust"', 'name = "Stab"'))
    code, out = run("rules", "highlander", "--option", f"cards={path}")
    assert code == 0 and "Stab" in out


def test_cli_bad_card_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[card]]\nid = 3\n")
    code, out = run("play", "highlander", "--option", f"cards={path}")
    assert code == 1
    assert "duelhall: error:" in out and "combat cards is too few" in out


def test_cli_position_starts_mid_game() -> None:
    code, out = run(
        "play",
        "highlander",
        "--position",
        str(EXAMPLE),
        "--opponent",
        "heuristic",
        input="1\n" * 400,
    )
    assert code == 0, out[-2000:]
    assert "Round 3" in out


def test_cli_illegal_and_unknown_input_is_refused_and_asked_again() -> None:
    code, out = run(
        "play",
        "highlander",
        "--seed",
        "3",
        "--option",
        "kurgan=1",
        "--opponent",
        "random",
        input="play thrust\ntake nothing\n99\n",
    )
    assert "Not allowed" in out or "Not understood" in out
    assert "choose a number from 1 to" in out
    assert code == 1


def test_cli_bench_runs() -> None:
    code, out = run("bench", "highlander", "--seconds", "0.2")
    assert code == 0 and "clone + apply" in out


def test_cli_card_file_is_named_briefly_in_the_header(tmp_path: Path) -> None:
    from duelhall.games.highlander.engine.cards import DATA_FILE

    path = tmp_path / "mine.toml"
    path.write_text(DATA_FILE.read_text())
    _, out = run(
        "play", "highlander", "--opponent", "random", "--option", f"cards={path}", input="q\n"
    )
    assert "You stopped the game" in out, out[-2000:]
    lines = len(DATA_FILE.read_text().splitlines())
    assert f"cards=<data of {lines} lines>" in out
    assert "RECONSTRUCTED" not in out  # the file's text is summarised, not printed


# ---------------------------------------------------------------------- card data, not paths


def _record_with_cards(tmp_path: Path, cards: str) -> Path:
    record = tmp_path / "game.json"
    data = {
        "format": "duelhall-record",
        "version": 1,
        "game": "highlander",
        "seed": 3,
        "options": {"cards": cards},
        "actions": [],
    }
    record.write_text(json.dumps(data), encoding="utf-8")
    return record


def test_cli_a_record_naming_a_card_file_is_refused_without_opening_it(tmp_path: Path) -> None:
    """A record carries card data, never a path: a record naming /dev/zero would exhaust the
    memory, /dev/stdin would read the terminal. Even a good card file is not read."""
    from duelhall.games.highlander.engine.cards import DATA_FILE

    good = tmp_path / "mine.toml"
    good.write_text(DATA_FILE.read_text())
    for path in ("/dev/zero", "/dev/stdin", str(good)):
        code, out = run("replay", str(_record_with_cards(tmp_path, path)), "--no-step")
        assert code == 1, out
        assert "duelhall: error:" in out
        assert "must hold the card data itself, not a file path" in out
        assert "only on the command line" in out


def test_cli_a_position_naming_a_card_file_is_refused(tmp_path: Path) -> None:
    position = json.loads(EXAMPLE.read_text())
    position["options"] = {"cards": "/dev/zero"}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    code, out = run("play", "highlander", "--position", str(path), input="q\n")
    assert code == 1
    assert "not a file path ('/dev/zero')" in out


def test_cli_a_record_carrying_its_cards_replays(tmp_path: Path) -> None:
    from duelhall.games.highlander.engine.cards import DATA_FILE

    mine = DATA_FILE.read_text().replace('name = "Thrust"', 'name = "Stab"')
    code, out = run("replay", str(_record_with_cards(tmp_path, mine)), "--no-step")
    assert code == 0, out
    assert "Stab" in out  # the record's own card named in the deck


def test_cli_card_data_is_bounded_in_records_and_on_the_command_line(tmp_path: Path) -> None:
    from duelhall.games.highlander.engine.cards import DATA_FILE, MAX_CARD_DATA

    huge = DATA_FILE.read_text() + "# padding\n" * (MAX_CARD_DATA // 10)
    code, out = run("replay", str(_record_with_cards(tmp_path, huge)), "--no-step")
    assert code == 1 and f"at most {MAX_CARD_DATA} are accepted" in out
    path = tmp_path / "huge.toml"
    path.write_text(huge)
    code, out = run("play", "highlander", "--option", f"cards={path}", input="q\n")
    assert code == 1 and "is larger than 64 KB" in out
    # A device is not a card file, even when the user names it.
    code, out = run("play", "highlander", "--option", "cards=/dev/zero", input="q\n")
    assert code == 1 and "not a regular file" in out


def test_cli_a_ladder_takes_card_data_not_paths(tmp_path: Path) -> None:
    from duelhall.core.errors import DuelhallError
    from duelhall.sim.ladder import LadderConfig, check_config

    config = LadderConfig("highlander", ("random", "heuristic"), 2, options={"cards": "/dev/zero"})
    with pytest.raises(DuelhallError, match="not a file path"):
        check_config(config)

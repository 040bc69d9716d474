"""The ``duelhall`` command playing Deck Duel, as a person or a script uses it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from duelhall.core.record import load, replay
from tests.command_line import run

EXAMPLE = str(Path(__file__).parents[3] / "docs" / "examples" / "deckduel-midgame.json")


def test_cli_piped_input_plays_a_whole_game_and_records_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "deckduel", "--seed", "3", "--record", str(record), input="1\n" * 500)
    assert code == 0, out[-2000:]
    assert "the duel, " in out  # "You win the duel, 8 health to 0."
    assert "beats" in out and "Attack:" in out  # the flip and its damage are told
    final = replay(load(record))
    saved = json.loads(record.read_text())
    assert final.outcome() is not None
    assert saved["result"] == final.outcome().to_json()  # type: ignore[union-attr]


def test_cli_words_are_accepted_and_bad_ones_explained() -> None:
    code, out = run("play", "deckduel", "--seed", "3", input="block\nfoo\nflip\n")
    assert "Not allowed: 'block': first choose rage or flip" in out
    assert "unknown decision 'foo'" in out
    assert code == 1  # input ran out before the end


def test_cli_hotseat_keeps_the_first_answer_secret() -> None:
    code, out = run("play", "deckduel", "--hotseat", "--seed", "4", input="1\n\n" * 600)
    assert code == 0, out[-2000:]
    assert "Pass the terminal to Player 2" in out
    first_turn = out.split("Pass the terminal to Player 2", 1)[1].split("your choice", 1)[0]
    # Both answers are collected from the same state: player 2 learns nothing of player 1's.
    assert "Player 1: rage" not in first_turn and "Player 1: flip" not in first_turn
    assert "You chose" not in first_turn and "(raged)" not in first_turn
    assert "Player 1: rage" in out  # told once both have answered


def test_cli_replay_from_a_seat_hides_deck_orders(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run("play", "deckduel", "--seed", "6", "--record", str(record), input="1\n" * 500)
    code, out = run("replay", str(record), "--view", "1", "--no-step")
    assert code == 0, out
    assert "deck, top first" not in out
    assert "the duel, " in out  # "You win the duel, 8 health to 0."
    code, full = run("replay", str(record), "--view", "full", "--no-step", "--to", "4")
    assert code == 0 and "deck, top first" in full


def test_cli_rules_prints_the_rulings_in_force() -> None:
    code, out = run("rules", "deckduel", "--option", "choice_order=face-first")
    assert code == 0
    assert "DECK DUEL BASIC" in out
    assert re.search(r"choice_order += face-first +\*", out)


def test_cli_bench_runs() -> None:
    code, out = run("bench", "deckduel", "--seconds", "0.1")
    assert code == 0, out
    assert "full random games" in out and "clone + apply" in out


def test_cli_position_file_starts_the_game_there(tmp_path: Path) -> None:
    record = tmp_path / "p.json"
    code, out = run(
        "play", "deckduel", "--position", EXAMPLE, "--record", str(record), input="1\n" * 300
    )
    assert code == 0, out[-2000:]
    assert "turn 9" in out
    saved = load(record)
    assert saved.start is not None and replay(saved).outcome() is not None


def test_cli_heuristic_opponent_plays_to_the_end() -> None:
    code, out = run("play", "deckduel", "--seed", "8", "--opponent", "heuristic", input="2\n" * 500)
    assert code == 0, out[-2000:]


def test_cli_bad_option_names_the_choices() -> None:
    code, out = run("play", "deckduel", "--option", "reshuffle=sometimes")
    assert code == 1
    assert "takes one of all, remaining" in out

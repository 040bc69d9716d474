"""Replaying the record of a game still in play keeps the play command's promise: nothing
hidden is shown unless the user asks for it, and then only after a warning."""

from __future__ import annotations

import json
import re
from pathlib import Path

from duelhall.core.record import load
from tests.cli.test_play import run


def _unfinished(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "g.json"
    code, _ = run("play", "--record", str(path), *args, input="1\n1\nq\n")
    assert code == 1 and load(path).result is None
    return path


def _flat(out: str) -> str:
    return " ".join(out.split())


def test_an_unfinished_game_replays_through_its_players_eyes_by_default(tmp_path: Path) -> None:
    """Issue 11: replay FILE of an unfinished record showed the opponent's hand and the pile."""
    path = _unfinished(tmp_path, "--seat", "2")
    seed = load(path).seed
    code, out = run("replay", str(path), "--no-step")
    assert code == 0
    text = _flat(out)
    assert "This game is not finished: shown through Player 2's eyes" in text
    assert "seen through Player 2's view" in text
    assert "Pile (top first)" not in out and str(seed) not in out
    assert re.search(r"Player 1's hand: \d cards, hidden", text)


def test_asking_for_more_than_your_own_eyes_warns_first(tmp_path: Path) -> None:
    path = _unfinished(tmp_path)
    seed = load(path).seed
    code, out = run("replay", str(path), "--no-step", "--view", "full")
    assert code == 0
    text = _flat(out)
    warning = (
        "Warning: this game is not finished, and --view full shows every hidden card "
        "(and the seed): not for Player 1's eyes until it ends."
    )
    assert text.startswith(warning)
    assert f"seed {seed}" in text and "Pile (top first)" in out
    code, out = run("replay", str(path), "--no-step", "--view", "2")
    assert _flat(out).startswith(
        "Warning: this game is not finished, and --view 2 shows Player 2's hidden cards"
    )
    code, out = run("replay", str(path), "--no-step", "--view", "1")
    assert "Warning" not in out and "not finished: shown through" not in out


def test_a_finished_game_replays_in_full_without_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "--seed", "3", "--record", str(path), input="1\n" * 2000)
    code, out = run("replay", str(path), "--no-step", "--to", "3")
    assert code == 0
    assert "seen through the full state" in out and "Warning" not in out


def test_an_unfinished_hotseat_game_asks_whose_eyes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "--hotseat", "--seed", "2", "--record", str(path), input="\n1\nq\n")
    code, out = run("replay", str(path), "--no-step")
    assert code == 1
    assert "several people play it: choose whose eyes with --view N" in _flat(out)
    code, out = run("replay", str(path), "--no-step", "--view", "2")
    assert code == 0 and "Warning" not in out


def test_the_play_screen_says_what_the_record_holds(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = run("play", "--record", str(path), input="q\n")
    assert code == 1
    text = _flat(out)
    assert f"{path} holds the seed (it shows every hidden card): until the game ends, " in text
    assert "`duelhall replay` shows it only through your eyes." in text
    assert str(json.loads(path.read_text())["seed"]) not in out.split("Show the deal")[0]


def test_a_bad_analysis_search_is_refused_before_the_unfinished_note(tmp_path: Path) -> None:
    """One line: the note on whose eyes an unfinished game is shown through came first."""
    path = _unfinished(tmp_path)
    code, out = run("replay", str(path), "--analyse", "--analyse-with", "random")
    assert code == 1
    assert out.strip().splitlines() == [
        "duelhall: error: analysis needs a search agent such as ismcts:1000, not 'random'"
    ]

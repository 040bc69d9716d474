"""``duelhall play duelfighters`` and ``replay`` as a person or a script uses them, with
pictures of every step."""

from __future__ import annotations

from pathlib import Path

from duelhall.core.record import load, replay
from tests.command_line import run_unwrapped as run


def test_hotseat_duel_plays_to_its_end_with_a_picture_each_step(tmp_path: Path) -> None:
    record = tmp_path / "duel.json"
    pictures = tmp_path / "svg"
    code, out = run(
        "play", "duelfighters", "--hotseat", "--seed", "5", "--option", "turn_limit=3",
        "--record", str(record), "--svg", str(pictures),
        input="1\n" * 3000,
    )  # fmt: skip
    assert code == 0, out[-2000:]
    assert "No winner" in out or "wins as" in out
    game = load(record)
    assert replay(game).is_over()
    files = sorted(p.name for p in pictures.iterdir())
    assert files[0] == "step-0000.svg"
    assert len(files) == len(game.actions) + 1
    assert "<svg" in (pictures / files[-1]).read_text()
    code, out = run("replay", str(record), "--no-step", "--svg", str(tmp_path / "again"))
    assert code == 0, out[-2000:]
    again = sorted(p.name for p in (tmp_path / "again").iterdir())
    assert again == files
    assert (tmp_path / "again" / files[-1]).read_text() == (pictures / files[-1]).read_text()


def test_against_the_computer_plays_to_the_end() -> None:
    code, out = run(
        "play", "duelfighters", "--seed", "2", "--opponent", "random",
        "--option", "turn_limit=2", input="1\n" * 2000,
    )  # fmt: skip
    assert code == 0, out[-2000:]
    # The computer's markers are told unnamed while secret, and shown once the stage ends.
    assert "Computer: lay a programming marker in secret" in out
    assert "Computer: lay the marker" not in out
    assert "Computer's steps shown" in out
    assert "Turn 2" in out


def test_svg_into_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out = run("play", "duelfighters", "--svg", str(blocker), input="q\n")
    assert code != 0
    assert "--svg" in out and "Traceback" not in out


def test_svg_for_a_game_without_pictures_is_refused(tmp_path: Path) -> None:
    code, out = run("play", "highlander", "--svg", str(tmp_path), input="q\n")
    assert code != 0
    assert "has no pictures" in out


def test_a_step_taken_back_leaves_no_stale_picture(tmp_path: Path) -> None:
    pictures = tmp_path / "svg"
    # Place, then take it back (u), then stop: only the first picture is left.
    code, out = run(
        "play", "duelfighters", "--hotseat", "--seed", "5", "--svg", str(pictures),
        input="\n1\nu\nq\n",
    )  # fmt: skip
    assert code == 1  # stopped before the end
    assert "Taken back" in out, out[-1500:]
    assert sorted(p.name for p in pictures.iterdir()) == ["step-0000.svg"]

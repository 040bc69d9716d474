"""Studies resume where they stopped, reuse what the store holds, and give the same games
whatever plays them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from duelhall.core.errors import DuelhallError
from duelhall.lab.backends import ProcessBackend
from duelhall.lab.store import BalanceStore
from tests.lab.helpers import Interrupting, facts_of, run, small_study


def test_an_interrupted_study_resumes_to_the_same_result(tmp_path: Path) -> None:
    study = small_study()
    whole = run(study, tmp_path / "whole")
    with pytest.raises(KeyboardInterrupt):
        run(study, tmp_path / "cut", Interrupting(7))
    with BalanceStore(tmp_path / "cut") as store:
        assert store.count() == 7  # every game that finished was kept
    resumed = run(study, tmp_path / "cut")
    assert facts_of(resumed) == facts_of(whole)
    assert resumed.reused == 7 and resumed.played == whole.played - 7


def test_asking_again_replays_nothing(tmp_path: Path) -> None:
    study = small_study()
    first = run(study, tmp_path)
    again = run(study, tmp_path)
    assert again.played == 0 and again.reused == first.played
    assert facts_of(again) == facts_of(first)


def test_one_and_two_worker_processes_give_identical_games(tmp_path: Path) -> None:
    study = small_study("deckduel", max_games=16)
    one = run(study, tmp_path / "one", ProcessBackend(1))
    two = run(study, tmp_path / "two", ProcessBackend(2))
    assert facts_of(one) == facts_of(two)
    assert len(facts_of(one)) == 16


def test_deals_are_paired_and_seats_rotated(tmp_path: Path) -> None:
    result = run(small_study(max_games=8), tmp_path)
    data = result.data["batch"]
    # Each block: the same deal with The Kurgan (and so the first move) in each seat.
    assert [s.options for s in data.arm.seatings] == [{"kurgan": "1"}, {"kurgan": "2"}]
    assert [s.subject for s in data.arm.seatings] == [0, 1]
    assert len(data.blocks) == 4 and all(len(b) == 2 for b in data.blocks)


def test_a_broken_store_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "balance.sqlite").write_bytes(b"not a database at all, just bytes" * 40)
    with pytest.raises(DuelhallError, match="is not a balance store") as e:
        BalanceStore(tmp_path)
    assert "\n" not in str(e.value)


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "balance.sqlite")
    db.execute("CREATE TABLE games (a TEXT)")
    db.commit()
    db.close()
    with pytest.raises(DuelhallError, match="not a balance store"):
        BalanceStore(tmp_path)


def test_a_store_with_a_damaged_game_says_so(tmp_path: Path) -> None:
    run(small_study(max_games=8), tmp_path)
    db = sqlite3.connect(tmp_path / "balance.sqlite")
    db.execute("UPDATE games SET facts = '{\"scores\": 3}'")
    db.commit()
    db.close()
    with pytest.raises(DuelhallError, match="damaged game"):
        run(small_study(max_games=8), tmp_path)


def test_a_study_that_stored_nothing_leaves_no_folder(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "study"
    with pytest.raises(KeyboardInterrupt):
        run(small_study(), folder, Interrupting(0))
    assert not (tmp_path / "new").exists()


def test_a_clear_answer_stops_before_the_precision_is_reached(tmp_path: Path) -> None:
    from duelhall.lab.questions.base import batch_arm
    from duelhall.lab.runner import MIN_CLEAR_BLOCKS, Study
    from tests.lab.helpers import ask

    # Random against the heuristic in the first seat: a lopsided matchup, clear at once.
    a = ask("deckduel", agents=("heuristic", "random"))
    arm = batch_arm(a, "lopsided", {})
    study = Study("deckduel", (arm,), 1, 0.01, None)
    result = run(study, tmp_path)
    assert result.stopped_early == ["lopsided"]
    assert len(result.data["lopsided"].blocks) < study.max_blocks(arm)
    # Clear from the first look, but a streak of a few blocks is not trusted to stop on.
    assert len(result.data["lopsided"].blocks) >= MIN_CLEAR_BLOCKS


def test_a_task_is_named_by_its_changes_from_the_defaults() -> None:
    from duelhall.lab.tasks import make_task

    plain = make_task("duel52", {}, ("random", "random"), 5)
    spelled = make_task(
        "duel52", {"variant": "standard", "hero_ranks": "random"}, ("random",) * 2, 5
    )
    assert plain.key == spelled.key and plain.options == ()
    quick = make_task("duel52", {"variant": "QUICK"}, ("random", "random"), 5)
    assert quick.options == (("variant", "quick"),) and quick.key != plain.key


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("127.0.0.1:6379", True),
        ("localhost:6379", True),
        ("[::1]:6379", True),
        ("10.0.0.5:6379", False),
        ("head.example:6379", False),
    ],
)
def test_a_cluster_on_loopback_is_joined_on_loopback(address: str, loopback: bool) -> None:
    from duelhall.lab.backends import _on_loopback

    assert _on_loopback(address) is loopback

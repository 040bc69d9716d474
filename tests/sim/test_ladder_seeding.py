"""A ladder seeds its agents one-way from each deal, and says which way in its folder: old
folders keep the scheme they were played with, so resuming and checking them still works."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from pathlib import Path

import pytest

from duelhall.core.record import Record
from duelhall.core.seeds import AFFINE, KEYED
from duelhall.sim.ladder import LadderConfig, run_ladder

ROOT = Path(__file__).parents[2]
_SPEC = importlib.util.spec_from_file_location(
    "check_choices", ROOT / "benchmarks" / "check_choices.py"
)
assert _SPEC is not None and _SPEC.loader is not None
check_choices = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(check_choices)

CONFIG = LadderConfig("deckduel", ("random", "rollouts:8"), games=4, seed=3)


def _records(folder: Path) -> list[Record]:
    db = sqlite3.connect(folder / "ladder.sqlite")
    rows = db.execute("SELECT record FROM games ORDER BY a, b, idx").fetchall()
    db.close()
    return [Record.from_json(json.loads(text)) for (text,) in rows]


def _seeding(folder: Path) -> str | None:
    db = sqlite3.connect(folder / "ladder.sqlite")
    row = db.execute("SELECT value FROM meta WHERE key = 'seeding'").fetchone()
    db.close()
    return None if row is None else str(row[0])


def _same_choices(folder: Path, scheme: str) -> bool:
    return all(check_choices.check_game(r, 1000, scheme) is None for r in _records(folder))


def test_a_new_ladder_records_the_keyed_scheme_and_its_choices_check_out(tmp_path: Path) -> None:
    run_ladder(CONFIG, tmp_path).close()
    assert _seeding(tmp_path) == KEYED
    assert _same_choices(tmp_path, KEYED)
    assert not _same_choices(tmp_path, AFFINE)  # the scheme matters: random agents differ
    assert check_choices.main([str(tmp_path), "4"]) == 0


def test_a_ladder_from_before_schemes_resumes_and_checks_with_its_old_scheme(
    tmp_path: Path,
) -> None:
    old = LadderConfig(CONFIG.game, CONFIG.agents, 2, CONFIG.seed, seeding=AFFINE)
    run_ladder(old, tmp_path).close()
    db = sqlite3.connect(tmp_path / "ladder.sqlite")
    with db:  # as a folder made before the scheme was recorded
        db.execute("DELETE FROM meta WHERE key = 'seeding'")
    db.close()
    run_ladder(CONFIG, tmp_path).close()  # resumed by today's command, to four games
    assert _seeding(tmp_path) is None
    assert len(_records(tmp_path)) == 4
    assert _same_choices(tmp_path, AFFINE)  # the new games too
    assert check_choices.main([str(tmp_path), "4"]) == 0


@pytest.mark.parametrize("folder", ["deckduel-hard-heuristic", "duel52-hard-heuristic"])
def test_the_committed_ladders_still_check_out(folder: str) -> None:
    # Their first decisions only: the hard agents search for seconds a decision.
    assert check_choices.main([str(ROOT / "benchmarks" / "ladders" / folder), "1", "2"]) == 0

"""Duel Fighters in the lab: every character against every other, both seats on each deal,
and its seat advantage measured with the characters swapped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from duelhall.core.game import get_game
from duelhall.games.duelfighters.engine.content_option import content_of
from duelhall.games.duelfighters.engine.lineup import lineup
from duelhall.lab.questions.first_player import FirstPlayer
from duelhall.lab.questions.matchups import Matchups
from tests.command_line import run
from tests.lab.helpers import ask

CHARACTERS = ("deretor", "lesdinn", "hallothon", "brock", "shargh")


def test_matchups_pit_every_pair_of_characters_in_both_seats() -> None:
    study = Matchups().study(ask("duelfighters"))
    assert len(study.arms) == 10  # five characters, mirrors not played
    arm = next(a for a in study.arms if a.label == "Deretor v Shargh")
    first, second = arm.seatings
    assert first.options == {"first": "deretor", "second": "shargh"} and first.subject == 0
    assert second.options == {"first": "shargh", "second": "deretor"} and second.subject == 1
    pairs = {frozenset(s.options.values()) for a in study.arms for s in a.seatings}
    assert len(pairs) == 10 and set().union(*pairs) == set(CHARACTERS)


def test_first_player_swaps_the_characters_and_measures_seat_one() -> None:
    study = FirstPlayer().study(ask("duelfighters", variants=("arena",)))
    (arm,) = study.arms
    assert [s.options for s in arm.seatings] == [{}, {"first": "lesdinn", "second": "deretor"}]
    assert [s.subject for s in arm.seatings] == [0, 0]


@pytest.mark.parametrize("variant", ["two-a-side", "three-a-side"])
def test_f59_first_player_seats_each_whole_side_in_the_other_seat(variant: str) -> None:
    # The allies by default go to the seats in turn, so swapping only the first characters
    # left each seat its own allies and measured them as a seat advantage.
    study = FirstPlayer().study(ask("duelfighters", variants=(variant,)))
    (arm,) = study.arms
    options = get_game("duelfighters").resolve_options(arm.options)
    one, two = (lineup(content_of(""), {**options, **s.options}) for s in arm.seatings)
    assert two[0::2] == one[1::2] and two[1::2] == one[0::2]
    assert set(one[0::2]) != set(one[1::2])  # the sides differ, so the swap is seen


def test_the_matchups_report_names_the_characters(tmp_path: Path) -> None:
    args = ["balance", "duelfighters", "matchups", "--agents", "random", "--max-games", "2"]
    code, output = run(*args, "--jobs", "1", "--out", str(tmp_path))
    assert code == 0, output
    summary = json.loads((tmp_path / "matchups.json").read_text())
    entries = summary["result"]["entries"]
    assert len(entries) == 10 and summary["games"] == 20
    assert {e["row"] for e in entries} | {e["col"] for e in entries} == {
        c.capitalize() for c in CHARACTERS
    }
    page = (tmp_path / "matchups.html").read_text()
    assert "Duel Fighters: character against character" in page and "Deretor v Lesdinn" in page
    assert (tmp_path / "figures" / "matchups-matrix.png").exists()

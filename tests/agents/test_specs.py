"""Agent specs: every number is checked when the spec is read, never mid-game."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duelhall.agents.ismcts import ISMCTSAgent
from duelhall.agents.registry import (
    MAX_CUTOFF,
    MAX_FACTOR,
    MAX_ITERATIONS,
    MAX_SECONDS,
    make_agent,
    parse_spec,
)
from duelhall.agents.rollouts import RolloutAgent
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game

DUEL52 = get_game("duel52")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:nan", "bad budget"),
        ("ismcts:nans", "bad budget"),
        ("ismcts:inf s", "bad budget"),
        ("ismcts:-5", "bad budget"),
        ("ismcts:-1s", "bad budget"),
        ("rollouts:1e999", "bad budget"),
        ("rollouts:1e999s", "bad budget"),
        ("ismcts:1_000", "bad budget"),
        ("ismcts:" + "9" * 5000, "bad budget"),
        ("ismcts:١٠٠", "bad budget"),  # Arabic-Indic digits, which int() would take
        ("ismcts:100,c=nan", "c takes a number"),
        ("ismcts:100,c=inf", "cannot be negative, infinite or nan"),
        ("ismcts:100,c=-0.5", "cannot be negative"),
        ("ismcts:100,c=1e999", "c takes a number"),
        ("rollouts:100,z=nan", "z takes a number"),
        ("rollouts:100,z=-inf", "z takes a number"),
        ("ismcts:100,cutoff=-1", "cannot be negative"),
        ("ismcts:100,cutoff=1.5", "whole number"),
        ("ismcts:100,cutoff=99999999999", "whole number"),
        ("ismcts:100,mix=maybe", r"give 1 \(on\) or 0 \(off\)"),
        ("rollouts:100,workers=0", "whole number of processes from 1 to 64"),
        ("rollouts:100,workers=2.5", "whole number of processes"),
        ("rollouts:100,horizon=0", "whole number of quiet states from 1 to 16"),
        ("rollouts:100,horizon=17", "whole number of quiet states"),
        ("ismcts:100,c=1,c=2", "set twice"),
        ("heuristic,c=1", "heuristic takes no settings"),
    ],
)
def test_bad_numbers_are_refused_when_the_spec_is_read(spec: str, words: str) -> None:
    # parse_spec alone is what the ladder and the tournament check before playing.
    with pytest.raises(DuelhallError, match=words):
        parse_spec(spec)
    with pytest.raises(DuelhallError, match=words):
        make_agent(spec, 0, game=DUEL52)


def test_good_settings_reach_the_agent() -> None:
    agent = make_agent("ismcts:50,c=1e-1,cutoff=0,mix=on", 0, game=DUEL52)
    assert isinstance(agent, ISMCTSAgent)
    rollouts = make_agent("rollouts:3,z=.5", 0, game=DUEL52)
    assert isinstance(rollouts, RolloutAgent)
    assert rollouts.horizon == 1


SPEC_PIECES = st.sampled_from(
    [
        "random",
        "heuristic",
        "ismcts",
        "rollouts",
        "easy",
        "hard",
        ":",
        ",",
        "=",
        "s",
        " ",
        "c",
        "z",
        "mix",
        "cutoff",
        "rollout",
        "agent",
        "nan",
        "inf",
        "-",
        ".",
        "e",
        "1e999",
        "0",
        "1",
        "7",
        "2500",
        "3600",
        "10000001",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(SPEC_PIECES, max_size=10).map("".join), st.text(max_size=30)))
def test_any_spec_is_read_into_sane_numbers_or_refused(text: str) -> None:
    try:
        spec = parse_spec(text)
    except DuelhallError:
        return
    if spec.iterations is not None:
        assert 1 <= spec.iterations <= MAX_ITERATIONS
    if spec.seconds is not None:
        assert 0 < spec.seconds <= MAX_SECONDS
    for key, value in spec.settings:
        if key in ("c", "z"):
            assert math.isfinite(float(value)) and 0 <= float(value) <= MAX_FACTOR
        if key == "cutoff":
            assert 0 <= int(value) <= MAX_CUTOFF
    assert parse_spec(str(spec)) == spec  # what a ladder stores reads back the same
    try:
        make_agent(text, 0, game=DUEL52)
    except DuelhallError as e:  # only a game's missing hook may still refuse it
        assert "has no" in str(e)


def test_a_spec_writes_its_seconds_exactly() -> None:
    # A ladder stores str(spec); a rounded budget would be a different agent on resume.
    spec = parse_spec("ismcts:0.1234567s")
    assert str(spec) == "ismcts:0.1234567s"
    assert str(parse_spec("rollouts:2s")) == "rollouts:2s"

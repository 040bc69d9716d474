"""``--engine auto|reference|fast`` on the commands that play (docs/architecture.md, the
compiled Duel 52 engine)."""

from __future__ import annotations

import pytest

from duelhall.core import engines
from duelhall.games.duel52.fast import core
from tests.command_line import run, run_unwrapped

needs_fast = pytest.mark.skipif(core() is None, reason="the fast engine is not built here")


@needs_fast
def test_bench_measures_both_engines_in_one_run_and_compares_them() -> None:
    code, out = run(
        "bench", "duel52", "--seconds", "0.1", "--engine", "reference", "--engine", "fast"
    )
    assert code == 0
    assert "engine reference (Duel52State)" in out and "engine fast (FastDuel52State)" in out
    assert "random actions/s: fast is" in out


@needs_fast
def test_bench_times_agents_on_each_engine() -> None:
    code, out = run(
        "bench", "duel52", "--agent", "ismcts:20", "--positions", "2", "--engine", "reference",
        "--engine", "fast",
    )  # fmt: skip
    assert code == 0 and out.count("simulations/s") == 2


def test_an_engine_the_game_lacks_is_refused_in_one_line() -> None:
    code, out = run_unwrapped("bench", "highlander", "--engine", "fast")
    assert code == 1 and "Highlander: The Duel has no fast engine" in out
    code, out = run_unwrapped("play", "duel52", "--engine", "fast", "--players", "3")
    assert code == 1 and "the fast engine plays base two-player Duel 52 only" in out


@needs_fast
@pytest.mark.parametrize("agent", [[], ["--agent", "random"]])
def test_options_the_fast_engine_cannot_play_are_refused_before_any_figure(
    agent: list[str],
) -> None:
    """One line, not the benchmark's heading and then the error."""
    code, out = run_unwrapped(
        "bench", "duel52", "--engine", "fast", "--option", "players=4", "--seconds", "0.1", *agent
    )
    assert code == 1
    assert out.strip().splitlines() == [
        "duelhall: error: the fast engine plays base two-player Duel 52 only (no expansion, no "
        "3 or 4 players); use --engine auto or reference"
    ]


def test_a_command_leaves_the_library_on_its_own_choice() -> None:
    assert engines.chosen() == engines.AUTO  # the library's default
    with engines.using("reference"):
        run("bench", "duel52", "--seconds", "0.1", "--engine", "auto")
        assert engines.chosen() == "reference"

"""``duelhall play`` seeds the computer one-way from the deal, never by a formula of it."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

import duelhall.agents.registry as registry
from duelhall.cli.main import cli
from duelhall.core.seeds import agent_seed


@pytest.mark.parametrize("seat", ["1", "2"])
def test_play_seeds_the_computer_one_way_from_the_deal(
    monkeypatch: pytest.MonkeyPatch, seat: str
) -> None:
    made: list[int] = []
    real = registry.make_agent

    def spy(spec: str, seed: int, **kw: Any) -> Any:
        made.append(seed)
        return real(spec, seed, **kw)

    monkeypatch.setattr(registry, "make_agent", spy)
    args = ["play", "--seed", "7", "--opponent", "random", "--seat", seat]
    CliRunner().invoke(cli, args, input="q\n")
    computer = 2 - int(seat)  # the other seat
    assert made == [agent_seed(7, computer)]
    assert made[0] not in (7 + 1 + computer, 7)  # no longer the deal's seed plus one

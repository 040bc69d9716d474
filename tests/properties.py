"""What every game's property tests draw from: seeds, a value for each rules option, and
Hypothesis settings for games that take a while to play."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from duelhall.core.game import Option

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def examples(n: int) -> settings:
    """Hypothesis settings for ``n`` whole games: no deadline, since a game is slow."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def option_values(
    options: Iterable[Option], **special: st.SearchStrategy[Any]
) -> st.SearchStrategy[dict[str, Any]]:
    """A value for each of ``options``, in their order: the ``special`` strategy where one is
    given, else true or false, or one of the declared choices. A new option with neither
    fails the test until it gets a strategy, so no option goes untested unnoticed."""

    def strategy(opt: Option) -> st.SearchStrategy[Any]:
        if opt.name in special:
            return special[opt.name]
        if isinstance(opt.default, bool):
            return st.booleans()
        if opt.choices:
            return st.sampled_from(opt.choices)
        raise AssertionError(f"option {opt.name!r} has no strategy; add one to this test")

    return st.fixed_dictionaries({opt.name: strategy(opt) for opt in options})

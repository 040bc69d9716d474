"""Duel 52's ``hero_ranks`` option (ruling X31), which the hero matchups are played with."""

from __future__ import annotations

import pytest

from duelhall.core.errors import OptionError
from duelhall.core.game import get_game
from duelhall.games.duel52.engine import cards as C

GAME = get_game("duel52")


def test_x31_each_seat_gets_the_hero_rank_asked_for() -> None:
    for seed in range(20):
        state = GAME.new_state(seed, {"heroes": True, "hero_ranks": "k-7"})
        assert [C.rank(h) for h in state.heroes] == [13, 7]
        twins = GAME.new_state(seed, {"heroes": True, "hero_ranks": "A-A"})
        assert [C.rank(h) for h in twins.heroes] == [14, 14]
        assert twins.heroes[0] != twins.heroes[1]


def test_x31_the_rest_of_the_setup_is_dealt_from_what_remains() -> None:
    state = GAME.new_state(4, {"heroes": True, "hero_ranks": "Q-2"})
    seen = [*state.heroes, *state.pile, *state.removed, *(c for h in state.hands for c in h)]
    seen += [bc.card for lane in state.rows for row in lane for bc in row]
    assert sorted(seen) == list(range(52))


def test_x31_random_keeps_the_rulebooks_deal() -> None:
    plain = GAME.new_state(9, {"heroes": True})
    same = GAME.new_state(9, {"heroes": True, "hero_ranks": "random"})
    assert plain.heroes == same.heroes and plain.hands == same.hands


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"heroes": True, "hero_ranks": "Z-7"}, "takes random or two ranks"),
        ({"heroes": True, "hero_ranks": "K"}, "takes random or two ranks"),
        ({"hero_ranks": "K-7"}, "add --option heroes=true"),
        ({"heroes": True, "players": 3, "hero_ranks": "K-7"}, "two-player game"),
    ],
)
def test_x31_fixed_heroes_without_heroes_or_with_bad_ranks_are_refused(
    options: dict[str, object], says: str
) -> None:
    with pytest.raises(OptionError, match=says):
        GAME.new_state(1, options)

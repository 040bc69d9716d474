"""An observation holds what its seat may know, and samples exactly as the true state would."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import NoChoiceError
from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.core.state import GameState
from tests.agents.positions import positions_along
from tests.core.toy_game import INFO as TOY

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("duel52", {}),
    ("duel52", {"heroes": True}),
    ("duel52", {"bannermen": True, "forts": True}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("deckduel", {}),
    ("highlander", {}),
    ("duelfighters", {"turn_limit": 4}),
]


def _positions(game: str, options: dict[str, Any], games: int) -> list[tuple[GameState, int]]:
    return positions_along(game, options, games)


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_a_re_deal_depends_on_the_view_alone(game: str, options: dict[str, Any]) -> None:
    """Two states a seat cannot tell apart re-deal alike under the same generator: a sample
    tells nothing about where the hidden cards really are."""
    positions = _positions(game, options, 8)
    assert len(positions) > 40
    for n, (state, seat) in enumerate(positions):
        look_alike = state.determinize(seat, Rng(1000 + n))
        assert look_alike.view(seat) == state.view(seat)
        for k in (1, 2):
            ours = state.determinize(seat, Rng(k)).to_position()
            assert ours == look_alike.determinize(seat, Rng(k)).to_position()


@pytest.mark.parametrize(("game", "options"), VARIANTS[:1] + VARIANTS[5:])
def test_an_observation_samples_what_the_true_state_would(
    game: str, options: dict[str, Any]
) -> None:
    for state, seat in _positions(game, options, 3)[:30]:
        obs = Observation.of(state, seat)
        assert obs.view == state.view(seat)
        assert obs.legal == list(state.legal_actions(seat))
        for k in (3, 4):
            assert obs.sample(Rng(k)).to_position() == state.determinize(seat, Rng(k)).to_position()


def test_an_observation_keeps_no_reference_to_the_true_state() -> None:
    info = get_game("duel52")
    state = info.new_state(7, info.resolve_options({}))
    obs = Observation.of(state, 0)
    closure = obs.sample.__closure__ or ()
    held = [cell.cell_contents for cell in closure]
    assert all(thing is not state for thing in held)
    stand_in = next(thing for thing in held if isinstance(thing, type(state)))
    # The stand-in is a re-deal: the opponent's hand and the pile are not the true ones.
    assert stand_in.view(0) == state.view(0)
    # (On the library's default engine the states are compiled ones: read their reference.)
    ref = [getattr(s, "to_reference", lambda s=s: s)() for s in (stand_in, state)]
    assert (ref[0].hands[1], ref[0].pile) != (ref[1].hands[1], ref[1].pile)


def test_a_game_whose_re_deal_keeps_nothing_hidden_still_samples() -> None:
    state = TOY.new_state(3, {})
    obs = Observation.of(state, 0)
    assert obs.sample(Rng(1)).view(0) == state.view(0)


@pytest.mark.parametrize("game", ["duel52", "highlander", "duelfighters"])
@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:20"])
def test_an_agent_asked_for_a_seat_with_nothing_to_do_says_so(game: str, spec: str) -> None:
    """Asking for a seat that is not to act is a caller's mistake: one clear error naming the
    seat, not an IndexError from deep inside the agent (the lookahead agent's ``legal[0]``)."""
    info = get_game(game)
    state = info.new_state(1, {})
    idle = next(s for s in range(info.seats) if s not in state.to_move())
    with pytest.raises(NoChoiceError, match=f"seat {idle} has no legal action"):
        make_agent(spec, 1, game=info).choose(Observation.of(state, idle))


def test_an_agent_is_not_asked_after_the_game_is_over() -> None:
    state = get_game("duel52").new_state(2, {})
    rng = Rng(3)
    while not state.is_over():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.below(len(legal))])
    with pytest.raises(NoChoiceError, match="a game that is not over"):
        Observation.of(state, 0)

"""The PettingZoo environments pass PettingZoo's own conformance checks, and observe only
what their seat may know."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from duelhall.core.rng import Rng
from duelhall.interop import pettingzoo as pz
from duelhall.interop.encoding import encoding
from duelhall.interop.seating import Seating
from tests.interop.cases import CASES, IDS


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_passes_pettingzoo_api_and_seed_tests(game, options):
    api_test(pz.env(game, **options), num_cycles=60)
    seed_test(lambda: pz.env(game, **options), num_cycles=60)


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_observation_is_the_same_for_every_redeal_the_seat_cannot_tell_apart(game, options):
    code = encoding(game, options)
    seating = Seating(code.new_state(7))
    rng = np.random.default_rng(7)
    for _ in range(40):
        seat = seating.current()
        if seat is None:
            break
        state = seating.state
        for looker in range(code.seats):
            other = state.determinize(looker, Rng(11))
            assert np.array_equal(
                code.observe(state.view(looker)), code.observe(other.view(looker))
            )
            assert [str(a) for a in code.legal(state, seat)] == [
                str(a) for a in code.legal(other, seat)
            ] or looker != seat
        legal = code.legal(state, seat)
        seating.choose(seat, legal[int(rng.integers(len(legal)))])


def test_a_later_seat_observes_nothing_of_an_earlier_secret_choice():
    environment = pz.raw_env("deckduel")
    environment.reset(seed=3)
    assert environment.seating is not None
    assert environment.seating.state.to_move() == (0, 1)  # the opening rage choice is secret
    before = environment.observe("player_1")
    mask = before["action_mask"]
    environment.step(int(np.flatnonzero(environment.observe("player_0")["action_mask"])[-1]))
    assert environment.agent_selection == "player_1"
    after = environment.observe("player_1")
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(mask, after["action_mask"])


def test_an_illegal_index_is_refused_in_one_line_naming_the_legal_ones():
    environment = pz.raw_env("duel52")
    environment.reset(seed=1)
    with pytest.raises(Exception, match="not legal here; the legal indices are"):
        environment.step(511)

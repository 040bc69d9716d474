"""Duel Fighters' observation tensor: fixed length for an option set, in 0..1, built from the
seat's view alone, and different wherever the visible facts differ."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from duelhall.core.rng import Rng
from duelhall.games.duelfighters.content import TERRAIN_KINDS
from duelhall.interop.encoding import EncodingError, encoding
from duelhall.interop.seating import Seating
from duelhall.interop.tensors.duelfighters import MARKERS, STEP_FEATURES, Layout, layout

OPTION_SETS = [
    {},
    {"scenario": "tavern", "first": "brock", "second": "hallothon"},
    {"scenario": "forest", "reveal": "step", "first": "lesdinn", "second": "shargh"},
    {"scenario": "arena", "characters": 2},
]
OPTION_IDS = ["open-field", "tavern", "forest-reveal-step", "arena-two-a-side"]


def _layout(code) -> Layout:
    return layout(code.options)


def _positions(code, seed, steps=10_000):
    """Every position of a random game: (state, seat to choose)."""
    seating = Seating(code.new_state(seed))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        seat = seating.current()
        if seat is None:
            yield seating.state, None
            return
        yield seating.state, seat
        legal = code.legal(seating.state, seat)
        seating.choose(seat, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_the_tensor_keeps_its_length_and_unit_range_over_whole_games(options):
    code = encoding("duelfighters", options)
    assert code.tensor and code.view_bytes == _layout(code).size
    for seed in (1, 2):
        phases = set()
        for state, _ in _positions(code, seed):
            for seat in (0, 1):
                view = state.view(seat)
                phases.add(view["phase"])
                tensor = code.observe(view)
                assert tensor.shape == (code.view_bytes,) and tensor.dtype == np.float32
                assert tensor.min() >= 0.0 and tensor.max() <= 1.0
        assert {"deploy", "program", "execute", "over"} <= phases  # a whole game


def test_the_length_is_set_by_the_options_not_by_the_deal_or_the_characters():
    sizes = {encoding("duelfighters", o).view_bytes for o in OPTION_SETS[:3]}
    assert len(sizes) == 1  # one a side: scenarios and characters keep the length
    two = encoding("duelfighters", {"characters": 2}).view_bytes
    three = encoding("duelfighters", {"characters": 3}).view_bytes
    assert sizes.pop() < two < three


@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
def test_the_tensor_of_any_redeal_is_the_tensor_of_the_true_state(options):
    """F60, F12: a re-deal changes only what the seat cannot see (the other side's secret
    steps and the dice to come), so the seat's tensor cannot tell them apart."""
    code = encoding("duelfighters", options)
    checked = 0
    for seed in (3, 4):
        for n, (state, _) in enumerate(_positions(code, seed, 400)):
            for seat in (0, 1):
                mine = code.observe(state.view(seat))
                for k in range(2):
                    other = state.determinize(seat, Rng(seed * 1000 + n * 2 + k))
                    assert np.array_equal(mine, code.observe(other.view(seat)))
                    checked += 1
    assert checked > 1000


def test_the_secret_steps_of_the_other_side_change_the_world_but_not_the_tensor():
    """The leak test can fail: a re-deal differs where the seat is blind (the other side's
    secret steps, which that side's own tensor shows), and the seat's tensor stays put."""
    code = encoding("duelfighters")
    for state, _ in _positions(code, 5):
        if state.phase == "program" and state.stage == "secret" and state.board.plans[1].done:
            for r in range(8):
                world = state.determinize(0, Rng(r))
                if world.board.plans[1].steps != state.board.plans[1].steps:
                    assert np.array_equal(code.observe(state.view(0)), code.observe(world.view(0)))
                    assert not np.array_equal(
                        code.observe(state.view(1)), code.observe(world.view(1))
                    )
                    return
    pytest.fail("no secret programme to re-deal in this game")


def _mid_game_view(code, seat=0):
    for state, _ in _positions(code, 6):
        if state.phase == "execute" and state.board.plans[1].shown >= 1:
            return state.view(seat)
    pytest.fail("no execution phase with a shown step")


def _changed(view, change):
    other = copy.deepcopy(view)
    change(other)
    return other


def _set_marker(v):
    step = v["plans"][1]["steps"][0]
    v["plans"][1]["steps"][0] = ["retreat"] if step != ["retreat"] else ["skill"]


VISIBLE_FACTS = {
    "a figure's place": lambda v: v["fighters"][1]["figure"].update(
        x=v["fighters"][1]["figure"]["x"] + 40
    ),
    "a figure's facing": lambda v: v["fighters"][0]["figure"].update(
        facing=v["fighters"][0]["figure"]["facing"] + 90
    ),
    "injuries": lambda v: v["fighters"][1].update(injuries=v["fighters"][1]["injuries"] + 1),
    "downed": lambda v: v["fighters"][0].update(downed=not v["fighters"][0]["downed"]),
    "victory points": lambda v: v["fighters"][0].update(points=v["fighters"][0]["points"] + 1),
    "level": lambda v: v["fighters"][1].update(level=2),
    "a card used up": lambda v: v["fighters"][0]["cards"][-1].__setitem__(1, "used"),
    "a special card's state": lambda v: v["fighters"][1]["cards"][0].__setitem__(1, "discarded"),
    "the other side's revealed step": _set_marker,
    "the step being executed": lambda v: v["plans"][0].update(next=v["plans"][0]["next"] + 1),
    "whose step it is": lambda v: v.update(current=1 - v["current"]),
    "the phase": lambda v: v.update(phase="over"),
    "hazard": lambda v: v["hazard"].__setitem__(1, not v["hazard"][1]),
    "initiative dice": lambda v: v["initiative"]["faces"][0].__setitem__(
        0, 7 - v["initiative"]["faces"][0][0]
    ),
}


@pytest.mark.parametrize("fact", VISIBLE_FACTS)
def test_a_different_visible_fact_gives_a_different_tensor(fact):
    code = encoding("duelfighters")
    view = _mid_game_view(code)
    assert not np.array_equal(code.observe(view), code.observe(_changed(view, VISIBLE_FACTS[fact])))


def test_the_figures_are_written_from_the_seats_side_with_their_place_and_facing():
    code = encoding("duelfighters")
    lay = _layout(code)
    for seat in (0, 1):
        view = _mid_game_view(code, seat)
        tensor = code.observe(view)
        width, depth = view["table"]
        for n, fighter in enumerate((seat, 1 - seat)):
            g = view["fighters"][fighter]["figure"]
            on, x, y, cos, sin, _ = tensor[lay.figure(n, "place")]
            assert on == 1.0
            assert x == pytest.approx(g["x"] / width) and y == pytest.approx(g["y"] / depth)
            turn = math.radians(g["facing"])
            assert (2 * cos - 1, 2 * sin - 1) == pytest.approx(
                (math.cos(turn), math.sin(turn)), abs=1e-6
            )


def test_revealed_steps_are_one_hot_over_the_markers():
    code = encoding("duelfighters")
    lay = _layout(code)
    view = _mid_game_view(code)
    rows = code.observe(view)[lay.figure(1, "steps")].reshape(lay.steps, STEP_FEATURES)
    for s, step in enumerate(view["plans"][1]["steps"]):
        assert rows[s, 0] == 1.0  # known
        marks = rows[s, 5:].reshape(-1, len(MARKERS))
        assert [MARKERS[int(i)] for i in np.flatnonzero(marks.sum(axis=0))] == sorted(
            set(step), key=MARKERS.index
        )


def test_terrain_planes_cover_the_scenarios_pieces_and_drop_broken_barrels():
    code = encoding("duelfighters", {"scenario": "tavern"})
    lay = _layout(code)
    view = code.new_state(1).view(0)
    planes = code.observe(view)[lay.section("terrain")].reshape(-1, 16, 16)
    kinds = {piece["kind"] for piece in view["terrain"]}
    assert planes[:-1].sum() > 0 and planes[-1].sum() == 0
    # The bar counter (a wall, x 200-600, y 710-770) in 50 mm cells: rows 14 and 15.
    wall = planes[TERRAIN_KINDS.index("wall")]
    assert wall[14, 4:12] == pytest.approx([0.75] * 8) and wall[13].sum() == 0
    assert wall[:, :4].sum() == 0 and wall[:, 12:].sum() == 0
    barrel = next(p["key"] for p in view["terrain"] if p["kind"] == "barrel")
    broken = code.observe(_changed(view, lambda v: v.update(broken=[barrel])))
    after = broken[lay.section("terrain")].reshape(-1, 16, 16)
    barrels = TERRAIN_KINDS.index("barrel")
    assert after[-1].sum() > 0 and after[barrels].sum() < planes[barrels].sum()
    assert len(kinds) > 3


def test_a_programme_past_the_tensors_bound_is_a_clear_error():
    code = encoding("duelfighters")
    view = _mid_game_view(code)
    long = _changed(view, lambda v: v["plans"][0].update(steps=[["skill"]] * 40))
    with pytest.raises(EncodingError, match="raise the bound in duelhall/interop/tensors"):
        code.observe(long)


CONFORMANCE = {"scenario": "tavern", "reveal": "step", "first": "brock", "second": "hallothon"}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_tensor_passes_pettingzoo_gymnasium_and_openspiel_checks_on_terrain():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    import pyspiel
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from duelhall.interop import gymnasium as gym_interop
    from duelhall.interop import openspiel as duel_spiel
    from duelhall.interop import pettingzoo as pz

    api_test(pz.env("duelfighters", **CONFORMANCE), num_cycles=60)
    seed_test(lambda: pz.env("duelfighters", **CONFORMANCE), num_cycles=60)
    env = gym_interop.make("duelfighters", opponent="random", **CONFORMANCE)
    assert env.observation_space["observation"].dtype == np.float32
    check_env(env, skip_render_check=True)
    duel_spiel.register()
    game = pyspiel.load_game("duelhall_duelfighters", {**CONFORMANCE, "seed": 2})
    code = encoding("duelfighters", CONFORMANCE)
    assert game.observation_tensor_size() == code.view_bytes
    # A whole random_sim_test of this game takes a minute; the default game runs it
    # (test_openspiel.py). Here: OpenSpiel's tensors are the tensor, for both players.
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(30):
        for player in (0, 1):
            view = state.seating.state.view(player)
            assert state.observation_tensor(player) == pytest.approx(code.observe(view))
        state.apply_action(int(rng.choice(state.legal_actions())))

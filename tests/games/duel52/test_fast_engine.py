"""Differential tests: the compiled Duel 52 engine against the reference rules.

Seeded random games are played through both, action by action, under every base rules
option: the same seat to move, the same legal actions in the same order with the same
notation, the same outcome; at sampled points the same position and views, and a position
loaded into both plays on alike. Any divergence fails. ``DUELHALL_DIFF_GAMES=N`` plays N
games per option set instead of the default.
"""

from __future__ import annotations

import os
import shutil
import sysconfig

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core import engines
from duelhall.core.errors import DuelhallError, IllegalActionError, OptionError
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step
from duelhall.games.duel52 import INFO
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.board import Duel52Action, Kind
from duelhall.games.duel52.fast import core
from duelhall.games.duel52.fast.state import FastDuel52State
from tests import fuzzing as F

CORE = core()
_CC = str(sysconfig.get_config_var("CC") or "cc").split()[0]
# Skipped only where it could not have been built: with a compiler it must be there.
pytestmark = pytest.mark.skipif(
    CORE is None and shutil.which(_CC) is None, reason="no C compiler: the fast engine is not built"
)

GAMES = int(os.environ.get("DUELHALL_DIFF_GAMES", "110"))

# Each base rules option's every alternative, then all of them at once.
OPTION_SETS = [
    {},
    {"variant": "quick"},
    {"variant": "long"},
    {"first_player": "1"},
    {"first_player": "2", "first_player_draws": False},
    {"lane_win": "closed"},
    {"facedown_jack_hp": 3},
    {"twinstrike_optional": True},
    {"dead_eight_retaliates": False},
    {"ace_attacks": "stack"},
    {"facedown_nine_immune": True},
    {"view_discard": "revealed"},
    {
        "variant": "long",
        "first_player_draws": False,
        "lane_win": "closed",
        "facedown_jack_hp": 3,
        "twinstrike_optional": True,
        "dead_eight_retaliates": False,
        "ace_attacks": "stack",
        "facedown_nine_immune": True,
        "view_discard": "revealed",
    },
]


def _pair(seed: int, options: dict[str, object]) -> tuple[Duel52State, FastDuel52State]:
    resolved = INFO.resolve_options(options)
    assert CORE is not None
    return Duel52State.new_game(seed, resolved), FastDuel52State.new_game(CORE, seed, resolved)


def _same_position(ref: Duel52State, fast: FastDuel52State) -> None:
    assert fast.to_position() == ref.to_position()
    for seat in (None, 0, 1):
        assert fast.view(seat) == ref.view(seat)
    assert fast.public_view() == ref.public_view()


def _play_both(ref: Duel52State, fast: FastDuel52State, rng: Rng, *, check_every: int) -> int:
    """Play on at random through both engines; the actions taken."""
    steps = 0
    while True:
        assert fast.to_move() == ref.to_move()
        assert fast.outcome() == ref.outcome()
        if ref.is_over():
            _same_position(ref, fast)
            return steps
        legal = ref.legal_actions()
        assert fast.legal_actions() == list(legal)
        assert [str(a) for a in fast.legal_actions()] == [str(a) for a in legal]
        if steps % check_every == 0:
            _same_position(ref, fast)
        action = legal[rng.below(len(legal))]
        ref.apply(action)
        fast.apply(action)
        steps += 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o)) or "defaults")
def test_rulebook_sections_1_to_3_seeded_games_match_the_reference(options):
    actions = 0
    for seed in range(GAMES):
        ref, fast = _pair(seed, options)
        actions += _play_both(ref, fast, Rng(seed ^ 0x5EED), check_every=17)
    assert actions > GAMES * 40  # whole games were played, not a few steps


@pytest.mark.parametrize("options", OPTION_SETS[::3], ids=lambda o: ",".join(map(str, o)) or "d")
def test_positions_loaded_into_both_engines_play_on_alike(options):
    for seed in range(GAMES // 4):
        ref, _ = _pair(seed, options)
        rng = Rng(seed)
        for _ in range(rng.below(150)):
            if ref.is_over():
                break
            random_step(ref, rng)
        data = ref.to_position()
        with engines.using("reference"):
            loaded_ref = INFO.load_position(data)
        with engines.using("fast"):
            loaded_fast = INFO.load_position(data)
        assert isinstance(loaded_ref, Duel52State)
        assert isinstance(loaded_fast, FastDuel52State)
        _play_both(loaded_ref, loaded_fast, Rng(seed + 1), check_every=5)


@pytest.mark.parametrize("options", OPTION_SETS[::4], ids=lambda o: ",".join(map(str, o)) or "d")
def test_compiled_playouts_draw_as_random_steps_do(options):
    assert CORE is not None
    for seed in range(GAMES):
        ref, fast = _pair(seed, options)
        ref_rng, fast_rng = Rng(seed * 7), Rng(seed * 7)
        for _ in range(seed % 30):  # some games start their playout mid-game
            if not ref.is_over():
                random_step(ref, ref_rng)
                random_step(fast, fast_rng)
        actions = 0
        while not ref.is_over():
            actions += random_step(ref, ref_rng)
        assert fast.playout(fast_rng) == actions
        assert fast_rng.next_u64() == ref_rng.next_u64()
        assert fast.to_position() == ref.to_position()
        assert fast.outcome() == ref.outcome()


def test_the_bench_loop_gives_the_same_games_in_c_and_in_python():
    assert CORE is not None
    from duelhall.games.duel52.fast.convert import option_bytes

    rng = Rng(3)
    actions = 0
    for game in range(40):
        state = INFO.new_state(100 + game, {})
        while not state.is_over():
            actions += random_step(state, rng)
    options = option_bytes(INFO.resolve_options({}))
    assert CORE.random_games(options, 100, 40, 3) == (actions, rng._state)


def test_an_illegal_action_is_refused_with_the_reference_reason():
    ref, fast = _pair(5, {})
    wrong = Duel52Action(1 - ref.current, Kind.PLAY, card=ref.hands[ref.current][0], lane=0)
    with pytest.raises(IllegalActionError) as from_ref:
        ref.apply(wrong)
    with pytest.raises(IllegalActionError) as from_fast:
        fast.apply(wrong)
    assert str(from_fast.value) == str(from_ref.value)
    assert fast.parse_action(str(ref.legal_actions()[0])) == ref.legal_actions()[0]


def test_a_fast_state_redeals_only_what_its_seat_cannot_see():
    _, fast = _pair(9, {})
    rng = Rng(1)
    for _ in range(40):
        random_step(fast, rng)
    for seat in (0, 1):
        sample = fast.determinize(seat, Rng(seat))
        assert type(sample) is FastDuel52State  # never silently a reference state
        assert sample.view(seat) == fast.view(seat)
        assert list(sample.legal_actions(seat)) == fast.legal_actions(seat)
        # The same re-deal, seed and all, as the reference's from the same generator.
        assert (
            sample.to_position() == fast.to_reference().determinize(seat, Rng(seat)).to_position()
        )


@pytest.mark.parametrize("spec", ["easy", "heuristic", "medium"])
def test_the_library_levels_choose_alike_on_both_engines(spec):
    """Searches sample worlds on the state's own engine and judge them with the C evaluator
    there: the same choices as on the reference, only faster."""
    from duelhall.agents.base import Observation
    from duelhall.agents.registry import make_agent

    chosen = {}
    for engine in ("reference", "auto"):
        with engines.using(engine):
            state = INFO.new_state(3, {})
            agents = [make_agent(spec, 5 + seat, game=INFO) for seat in (0, 1)]
            actions = []
            for _ in range(30):
                if state.is_over():
                    break
                seat = state.to_move()[0]
                action = agents[seat].choose(Observation.of(state, seat))
                actions.append(str(action))
                state.apply(action)
            chosen[engine] = (type(state).__name__, actions)
    assert chosen["auto"][0] == "FastDuel52State"
    assert chosen["auto"][1] == chosen["reference"][1]


def test_auto_plays_the_base_game_fast_and_the_rest_on_the_reference():
    with engines.using("auto"):
        assert isinstance(INFO.new_state(1, {}), FastDuel52State)
        assert isinstance(INFO.new_state(1, {"heroes": True}), Duel52State)
        assert not isinstance(INFO.new_state(1, {"players": 4}), FastDuel52State)
    with engines.using("reference"):
        assert type(INFO.new_state(1, {})) is Duel52State
    with engines.using("fast"), pytest.raises(OptionError, match="base two-player"):
        INFO.new_state(1, {"vampiric": True})


@pytest.mark.parametrize("spec", ["ismcts:300", "ismcts:150,cutoff=0", "ismcts:200,c=1.2"])
def test_compiled_ismcts_chooses_as_the_reference_search(spec):
    from duelhall.agents.base import Observation
    from duelhall.agents.registry import make_agent
    from duelhall.bench import agent_positions

    options = {"facedown_jack_hp": 3, "view_discard": "revealed"} if "c=" in spec else {}
    for i, state in enumerate(agent_positions(INFO, 8, 11, options)):
        seat = state.to_move()[0]
        searched = {}
        for engine in ("reference", "fast"):
            with engines.using(engine):
                agent = make_agent(spec, 40 + i, game=INFO)
                choice = agent.choose(Observation.of(state, seat))
                assert agent.last is not None
                moves = [(m.action, m.visits, m.value) for m in agent.last.moves]
                searched[engine] = (choice, moves, agent.last.iterations)
        assert searched["fast"] == searched["reference"]


def test_compiled_redeals_and_evaluations_match_the_reference():
    assert CORE is not None
    from duelhall.games.duel52.duel.evaluate import evaluate
    from duelhall.games.duel52.fast.convert import to_reference

    for options in ({}, {"facedown_jack_hp": 3}):
        for seed in range(GAMES // 4):
            _, fast = _pair(seed, options)
            rng = Rng(seed)
            while not fast.is_over():
                random_step(fast, rng)
                if rng.below(6) or fast.is_over():
                    continue
                ref = fast.to_reference()
                for seat in (0, 1):
                    assert CORE.evaluate(fast._buf, seat) == evaluate(ref, seat)
                    ref_rng = Rng(seed + seat)
                    sample = ref.determinize(seat, ref_rng)
                    buf, fast_rng = CORE.redeal(fast._buf, seat, seed + seat)
                    redealt = to_reference(buf, fast.options, sample.seed)
                    assert redealt.to_position() == sample.to_position()
                    assert fast_rng == ref_rng._state


@F.fuzz_settings(150)
@given(data=st.data())
def test_a_damaged_position_plays_alike_on_both_engines_or_is_refused(data):
    docs = [p for p in F.positions()["duel52"] if _base_game(p)]
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="position"), F.all_keys(docs))
    try:
        with engines.using("reference"):
            ref = INFO.load_position(doc)
    except DuelhallError:
        return
    with engines.using("fast"):
        if not isinstance(ref, Duel52State) or type(ref) is not Duel52State:
            return  # the expansion's or a variant's: the reference's alone
        fast = INFO.load_position(doc)
    if isinstance(fast, FastDuel52State):  # else too big for the compiled tables
        _play_both(ref, fast, Rng(data.draw(st.integers(0, 99))), check_every=3)


def _base_game(position: dict[str, object]) -> bool:
    options = position.get("options") or {}
    assert isinstance(options, dict)
    return INFO.resolve_options(options)["players"] == 2 and not any(
        options.get(name) for name in ("heroes", "bannermen", "forts", "vampiric")
    )


def test_an_ismcts_spec_may_name_the_engine_that_searches(monkeypatch):
    from duelhall.agents.base import Observation
    from duelhall.agents.registry import make_agent
    from duelhall.bench import agent_positions
    from duelhall.games.duel52.fast import ismcts

    searched = []
    monkeypatch.setattr(ismcts, "core", lambda: searched.append(1) or CORE)
    state = agent_positions(INFO, 1, 3)[0]
    obs = Observation.of(state, state.to_move()[0])
    with engines.using("reference"):
        fast = make_agent("ismcts:50,engine=fast", 1, game=INFO).choose(obs)
        assert len(searched) == 1
    with engines.using("fast"):
        ref = make_agent("ismcts:50,engine=reference", 1, game=INFO).choose(obs)
        assert len(searched) == 1
    assert fast == ref
    with pytest.raises(DuelhallError, match="choose auto, reference or fast"):
        make_agent("ismcts:50,engine=quick", 1, game=INFO)

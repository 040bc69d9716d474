"""Ruling F76 with ``target`` = ``when-programmed``: the victim of an attack, a technique or a
retreat is named with its marker, hidden exactly as the step is, and the only one the step
may strike (or move away from) when it comes."""

from __future__ import annotations

import pytest

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import PositionError
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.engine.actions import Action
from duelhall.games.duelfighters.position import load_position, to_position
from duelhall.games.duelfighters.terminal import render

from .helpers import deployed, do, executing, new, words
from .test_properties import _keen

NAMING = {"characters": 2, "target": "when-programmed"}
# Deretor (0) faces north at the middle; Lesdinn (1) and Brock (3) stand against its front
# edge, one each side of the middle; Hallothon (2), its ally, stands behind it.
FRONT_OF_DERETOR = [(400, 300, 90), (375, 345, 270), (400, 150, 90), (427, 345, 270)]
# As above, but Brock stands far off to the east, out of Deretor's reach.
BROCK_AWAY = [(400, 300, 90), (375, 345, 270), (400, 150, 90), (700, 300, 180)]


def _programming(seed: int = 2, **options: object) -> DuelFightersState:
    state = deployed(seed, **{**NAMING, **options})
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    return state


def _executing(
    steps: list[list[tuple[str, ...]]],
    figures: list[tuple[int, int, int]],
    anticipated: tuple[int, ...] = (0, 0, 0, 0),
    **options: object,
) -> DuelFightersState:
    return executing(steps, figures, anticipated=anticipated, **{**NAMING, **options})


def _named(state: DuelFightersState, fighter: int, *aims: str) -> DuelFightersState:
    """Name the victims of ``fighter``'s steps, as if laid with them."""
    state.board.plans[fighter].aims = list(aims)
    state.edited()
    state.settle()
    return state


def test_f76_markers_name_each_standing_adversary_when_programmed() -> None:
    state = _programming()
    seat = state.to_move()[0]
    me = state.programming(seat)
    assert me is not None
    foes = [state.board.keys[i] for i in state.board.foes(me)]
    found = words(state, seat)
    for marker in ("attack", "retreat"):
        assert f"mark {marker}" not in found
        assert all(f"mark {marker} at {key}" in found for key in foes)
    assert "mark skill" in found and "mark advance" in found  # the others name no one
    assert not any(w.endswith(f"at {state.board.keys[me]}") for w in found)
    by_default = _programming(target="when-executed")
    assert "mark attack" in words(by_default, by_default.to_move()[0])


def test_f76_with_one_adversary_the_option_changes_nothing() -> None:
    lines = []
    for target in ("when-executed", "when-programmed"):
        state = new(11, target=target, scenario="arena")
        rng = Rng(5)
        told = []
        while not state.is_over() and len(told) < 2500:
            seat = state.to_move()[rng.below(len(state.to_move()))]
            action = _keen(state, seat, rng)
            told.append((str(action), sorted(str(a) for a in state.legal_actions(seat))))
            state.apply(action)
            for s in (0, 1):
                assert all(" at " not in " ".join(p) for p in state.view(s)["plans"][0]["steps"])
        lines.append((told, state.board.log))
    assert any(a.startswith("mark attack") for a, _ in lines[0][0])
    assert lines[0] == lines[1]


def test_f76_the_named_victim_is_hidden_until_its_step_is_shown() -> None:
    state = _programming()
    seat = state.to_move()[0]
    me = state.programming(seat)
    assert me is not None
    victim = state.board.keys[state.board.foes(me)[-1]]
    do(state, seat, f"mark attack at {victim}")
    mine = state.view(seat)["plans"][me]
    assert [f"attack at {victim}"] in mine["steps"] or mine["open"] == [f"attack at {victim}"]
    theirs = state.view(1 - seat)
    assert theirs["plans"][me]["steps"] == [] and "open" not in theirs["plans"][me]
    assert victim not in str(theirs["plans"])
    other = state.determinize(1 - seat, Rng(3))
    assert state.view(1 - seat) == other.view(1 - seat)
    described = render.describe(Action(seat, ("mark", "attack", "at", victim)), theirs, 1 - seat)
    assert described == "lay a programming marker in secret"
    # Once both have finished the stage, the step is shown with its victim (F12).
    while state.phase == "program":
        mover = state.to_move()[0]
        do(state, mover, "done" if "done" in words(state, mover) else words(state, mover)[-1])
    shown = state.view(1 - seat)["plans"][me]["steps"]
    assert [f"attack at {victim}"] in shown


def test_f76_secret_steps_with_reveal_step_keep_their_victims_face_down() -> None:
    state = _executing(
        [[("advance",), ("attack",)], [("turn-left",)], [("turn-left",)], [("turn-left",)]],
        FRONT_OF_DERETOR,
        reveal="step",
    )
    for plan in state.board.plans:
        plan.shown = 0
    _named(state, 0, "", "brock")
    assert ["attack at brock"] in state.view(0)["plans"][0]["steps"]
    assert state.view(1)["plans"][0]["steps"] == []
    for seed in range(5):
        assert state.view(1) == state.determinize(1, Rng(seed)).view(1)
    assert "attack at brock" in str(state.view(None)["plans"][0])


def test_f76_the_attack_strikes_only_the_victim_named_with_the_marker() -> None:
    free = _executing([[("attack",)], [], [], []], FRONT_OF_DERETOR)
    assert {"attack at lesdinn", "attack at brock"} <= set(words(free, 0))  # unnamed: either
    state = _named(_executing([[("attack",)], [], [], []], FRONT_OF_DERETOR), 0, "brock")
    found = words(state, 0)
    assert "attack at brock" in found and "attack maximise at brock" in found
    assert not any(w.endswith("at lesdinn") for w in found if w.startswith("attack"))
    before = state.board.fighters[1].injuries
    do(state, 0, "attack at brock")
    assert state.board.fighters[1].injuries == before


def test_f76_a_named_victim_out_of_reach_leaves_only_hold_or_an_improvised_attack() -> None:
    state = _named(_executing([[("attack",)], [], [], []], BROCK_AWAY), 0, "brock")
    found = words(state, 0)
    assert not any(w.startswith("attack") for w in found)
    assert "hold" in found
    assert "improvise at lesdinn" in found  # a step not shown in anticipation may give way
    obligatory = _named(
        _executing([[("attack",)], [], [], []], BROCK_AWAY, anticipated=(1, 0, 0, 0)),
        0,
        "brock",
    )
    assert words(obligatory, 0) == ["hold"]
    do(obligatory, 0, "hold")
    assert obligatory.board.plans[0].next == 1


def test_f76_a_fallen_named_victim_leaves_the_step_without_a_victim() -> None:
    state = _named(_executing([[("attack",)], [], [], []], FRONT_OF_DERETOR), 0, "brock")
    state.board.fighters[3].defeated = True
    state.edited()
    found = words(state, 0)
    assert not any(w.startswith("attack") for w in found)
    assert "hold" in found


def test_f76_a_named_technique_strikes_the_named_victim_only() -> None:
    state = _executing([[("technique",)], [], [], []], FRONT_OF_DERETOR)
    state.board.fighters[0].points = 2
    _named(state, 0, "lesdinn")
    found = words(state, 0)
    aimed = [w for w in found if w.startswith(("technique", "attack")) and " at " in w]
    assert aimed and all(w.endswith("at lesdinn") for w in aimed)


def test_f76_a_named_retreat_moves_away_from_that_adversary() -> None:
    # Lesdinn stands south-west of Deretor, Brock south-east: the retreats differ.
    figures = [(400, 400, 90), (300, 300, 45), (400, 700, 90), (500, 300, 135)]
    moved = {}
    for key in ("lesdinn", "brock"):
        state = _named(_executing([[("retreat",)], [], [], []], figures), 0, key)
        do(state, 0, "retreat 44")
        f = state.board.figure(0)
        moved[key] = (f.x - 400, f.y - 400)
    assert moved["lesdinn"][0] > 0 and moved["brock"][0] < 0  # away from the one named
    state = _named(_executing([[("retreat",)], [], [], []], figures), 0, "brock")
    state.board.fighters[3].defeated = True
    do(state, 0, "retreat 44")
    assert state.board.figure(0).x > 400  # Brock fallen: away from the nearest, Lesdinn


def test_f76_notation_reads_a_marker_with_its_victim() -> None:
    state = _programming()
    seat = state.to_move()[0]
    action = state.parse_action("  Mark ATTACK at  Brock ", seat)
    assert action.words == ("mark", "attack", "at", "brock")
    assert state.parse_action(str(action), seat) == action


def test_f76_positions_keep_the_named_victims() -> None:
    state = _executing([[("advance",), ("attack",)], [("turn-left",)], [], []], FRONT_OF_DERETOR)
    _named(state, 0, "", "lesdinn")
    data = to_position(state)
    assert data["plans"][0]["steps"] == [["advance"], ["attack at lesdinn"]]
    again = load_position(INFO, data)
    assert again.board.plans[0].aims == ["", "lesdinn"]
    assert to_position(again) == data
    data["options"]["target"] = "when-executed"
    with pytest.raises(PositionError, match="names a victim: only with option target"):
        load_position(INFO, data)
    data["options"]["target"] = "when-programmed"
    data["plans"][0]["steps"][1] = ["attack at hallothon"]
    with pytest.raises(PositionError, match="victim is one of lesdinn, brock"):
        load_position(INFO, data)


def test_f76_a_whole_two_a_side_duel_under_the_option_plays_to_its_end() -> None:
    state = new(21, **NAMING)
    rng = Rng(21)
    record = Record("duelfighters", 21, dict(NAMING), [])
    named = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        action = _keen(state, seat, rng)
        named += action.verb == "mark" and " at " in str(action)
        record.actions.append((seat, str(action)))
        state.apply(action)
        if len(record.actions) % 25 == 0:  # what a seat sees equals its re-deal (F60)
            for s in (0, 1):
                assert state.view(s) == state.determinize(s, Rng(len(record.actions))).view(s)
        assert len(record.actions) < 6000
    assert named > 0
    assert replay(record).view(None) == state.view(None)  # same seed, same actions


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:30", "rollouts:2,cutoff=6"])
def test_f76_the_computer_players_name_their_victims(spec: str) -> None:
    """The heuristic (names the nearest), the easy level's search and the hard level's
    rollouts over the heuristic's candidates (fewer worlds here) all program under it."""
    state = _programming()
    laid = []
    while state.phase == "program":
        seat = state.to_move()[0]
        agent = make_agent(spec, 1, game=INFO)
        action = agent.choose(Observation.of(state, seat))
        laid.append(str(action))
        state.apply(action)
    assert laid
    heuristic = [a for a in laid if a.startswith("mark attack")]
    assert all(" at " in a for a in heuristic)


def test_f76_heuristic_duels_under_the_option_end() -> None:
    from duelhall.core.game import get_game
    from duelhall.sim.match import play_match

    r = play_match(get_game("duelfighters"), ["heuristic", "heuristic"], 4, NAMING)
    assert r.record.result is not None
    assert any(a.startswith("mark attack at ") for _, a in r.record.actions)
    assert any(a.startswith("attack") for _, a in r.record.actions)


def test_f76_a_marker_without_its_victim_is_explained() -> None:
    state = _programming()
    seat = state.to_move()[0]
    me = state.programming(seat)
    assert me is not None
    foes = " | ".join(state.board.keys[i] for i in state.board.foes(me))
    why = state.why_illegal(Action(seat, ("mark", "attack")))
    assert why == (
        "'mark attack': with target = when-programmed this marker names its victim (F76): "
        f"mark attack at {foes}"
    )
    plain = _programming(target="when-executed")
    seat = plain.to_move()[0]
    why = plain.why_illegal(Action(seat, ("mark", "attack", "at", "brock")))
    assert (
        why
        == "'mark attack at brock': this marker names no victim here (F76); lay it as 'mark attack'"
    )

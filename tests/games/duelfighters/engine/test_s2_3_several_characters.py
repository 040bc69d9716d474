"""Rulebook 2.3, several characters a side (rulings F57, F59, F76): who fights, deployment,
initiative, programming, execution, victims, collisions and the end of the duel."""

from __future__ import annotations

import pytest

from duelhall.agents.base import Observation
from duelhall.agents.registry import make_agent
from duelhall.core.errors import OptionError
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.engine.deployment import ALLY_GAP
from duelhall.games.duelfighters.engine.wounds import injure

from .helpers import deployed, do, executing, new, random_game, words

TWO = {"characters": 2}
# Deretor (0) faces north at the middle; Lesdinn (1) and Brock (3) stand against its front
# edge, one each side of the middle; Hallothon (2), its ally, stands behind it.
FRONT_OF_DERETOR = [(400, 300, 90), (375, 345, 270), (400, 150, 90), (427, 345, 270)]


def test_s2_3_f59_fighters_list_the_first_characters_then_the_allies() -> None:
    one = new(0)
    assert one.board.sides == (0, 1)
    state = new(0, **TWO)
    b = state.board
    assert [f.character.id for f in b.fighters] == ["deretor", "lesdinn", "hallothon", "brock"]
    assert b.sides == (0, 1, 0, 1)
    assert b.side_name(0) == "Deretor and Hallothon"
    chosen = new(0, characters=3, first_allies="shargh, brock", second_allies="hallothon")
    ids = [f.character.id for f in chosen.board.fighters]
    assert ids == ["deretor", "lesdinn", "shargh", "hallothon", "brock", "deretor"]
    assert chosen.board.keys[5] == "deretor-2" and chosen.board.fighters[5].name == "Deretor 2"


def test_s2_3_f59_allies_that_do_not_fit_or_exist_are_one_line_errors() -> None:
    with pytest.raises(OptionError, match="lists 2 allies but 'characters' = 2"):
        new(0, characters=2, first_allies="brock,shargh")
    with pytest.raises(OptionError, match="no character 'nobody'"):
        new(0, characters=2, second_allies="nobody")


def test_s2_3_f57_the_sides_take_turns_and_allies_go_near_their_first() -> None:
    state = new(1, **TWO)
    placed = []
    while state.phase in ("deploy", "equip"):
        seat = state.to_move()[0]
        if state.phase == "deploy":
            placed.append(state.placing)
            assert state.board.sides[state.placing] == seat
        ready = state.parse_action("ready", seat) if state.phase == "equip" else None
        state.apply(ready or state.legal_actions(seat)[-1])
    first = placed[0]
    assert placed == [first, 1 - first, first + 2, 3 - first]
    b = state.board
    for ally in (2, 3):
        lead = b.figure(b.sides[ally])
        assert b.figure(ally).polygon.distance(lead.polygon) <= ALLY_GAP + 1e-6


def test_s2_3_f59_each_character_rolls_against_the_other_sides_best() -> None:
    for seed in range(6):
        state = deployed(seed, **TWO)
        init = state.initiative
        assert len(init.faces) == 4
        best = [max(sum(d >= 4 for d in init.faces[i]) for i in (s, s + 2)) for s in (0, 1)]
        if best[0] == best[1]:
            assert init.tie and init.required == (None,) * 4
        else:
            assert init.required == (best[1], best[0], best[1], best[0])


def test_s2_3_f59_each_character_programs_its_own_sequence_in_turn() -> None:
    state = deployed(2, **TWO)
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    seat = state.to_move()[0]
    first, ally = state.board.of_side(seat)
    while state.programming(seat) == first:
        state.apply(state.parse_action("done", seat))
    if state.phase == "program" and seat in state.to_move():
        assert state.programming(seat) == ally
        assert state.board.plans[first].done and not state.board.plans[ally].done


def test_s2_3_f59_sides_alternate_and_a_side_chooses_who_plays() -> None:
    state = executing(
        [[("turn-left",)], [("turn-left",)], [("turn-right",)], [("turn-right",)]],
        FRONT_OF_DERETOR,
        anticipated=(0, 0, 0, 0),
        **TWO,
    )
    assert state.to_move() == (0,)
    assert words(state, 0) == ["with deretor", "with hallothon"]
    do(state, 0, "with hallothon")
    do(state, 0, "turn right")
    assert state.to_move() == (1,) and words(state, 1) == ["with lesdinn", "with brock"]
    do(state, 1, "with brock")
    do(state, 1, "turn right")
    assert state.to_move() == (0,) and state.acting == 0  # the one left plays: no question
    assert "Hallothon: turn right" in state.board.log


def test_s2_3_f76_the_attack_names_its_victim_among_those_it_reaches() -> None:
    state = executing(
        [[("attack",)], [], [], []], FRONT_OF_DERETOR, anticipated=(0, 0, 0, 0), **TWO
    )
    found = words(state, 0)
    assert "attack at lesdinn" in found and "attack at brock" in found
    assert not any(w.endswith("at hallothon") for w in found)  # an ally is no victim
    before = [f.injuries for f in state.board.fighters]
    for _ in range(20):
        trial = state.clone()
        trial.board.rng = Rng(_)
        do(trial, 0, "attack at brock")
        after = [f.injuries for f in trial.board.fighters]
        assert after[1] == before[1] and after[2] == before[2]
        if after[3] > before[3]:
            break
    else:
        pytest.fail("twenty attacks at Brock never hurt him")


def test_s2_3_f76_an_ally_is_a_base_a_move_runs_into() -> None:
    behind = [*FRONT_OF_DERETOR[:2], (400, 200, 90), FRONT_OF_DERETOR[3]]
    state = executing([[], [], [("advance",)], []], behind, anticipated=(0, 0, 0, 0), **TWO)
    do(state, 0, "with hallothon")  # Deretor, with no step, could still improvise
    assert "advance contact" in words(state, 0)
    do(state, 0, "advance 88")
    assert any("Hallothon charges Deretor" in line for line in state.board.log)
    b = state.board
    assert b.figure(2).polygon.intersection(b.figure(0).polygon).area < 1e-6


def test_s2_3_f59_the_duel_ends_when_a_side_has_no_one_left() -> None:
    state = executing([[], [], [], []], FRONT_OF_DERETOR, anticipated=(0, 0, 0, 0), **TWO)
    b = state.board
    b.fighters[1].injuries = b.fighters[1].sheet.wounds - 1
    injure(b, 1, 5)
    if not b.fighters[1].defeated:
        pytest.skip("the death roll saved Lesdinn with this seed")
    assert not b.over  # Brock fights on
    assert 1 not in b.foes(0) and b.adversary(0) == 3
    b.fighters[3].defeated = True
    b.fell(3, "killed")
    assert b.winner == 0 and b.reason == "killed"


def _play(state: DuelFightersState, seed: int, agent: str) -> list[str]:
    agents = [make_agent(agent, seed + s, game=INFO) for s in (0, 1)]
    rng = Rng(seed)
    n = 0
    while not state.is_over():
        seat = state.to_move()[rng.below(len(state.to_move()))]
        if n % 40 == 0:  # the leak test, and positions that read back
            for s in (0, 1):
                assert state.determinize(s, Rng(n)).view(s) == state.view(s)
            assert INFO.load_position(state.to_position()).to_position() == state.to_position()
        state.apply(agents[seat].choose(Observation.of(state, seat)))
        n += 1
        assert n < 8000
    return list(state.board.log)


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("characters", [2, 3])
def test_s2_3_f59_seeded_full_duels_end_and_replay_the_same(agent: str, characters: int) -> None:
    options = {"characters": characters, "turn_limit": 8, "scenario": "tavern"}
    first = _play(INFO.new_state(5, options), 5, agent)  # type: ignore[arg-type]
    again = _play(INFO.new_state(5, options), 5, agent)  # type: ignore[arg-type]
    assert first == again


def test_s2_3_f59_random_duels_of_every_size_end() -> None:
    for characters in (2, 3):
        for seed in range(3):
            state = new(seed, characters=characters, turn_limit=6)
            random_game(state, Rng(seed), limit=20000)
            assert state.outcome() is not None


def _answer_defences(state: DuelFightersState) -> None:
    while state.board.pending is not None:
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0])


@pytest.mark.parametrize("rolls", ["each", "one"])
def test_s2_3_f37_an_area_strikes_every_figure_it_covers(rolls: str) -> None:
    state = executing(
        [[("skill",)], [], [], []],
        FRONT_OF_DERETOR,
        anticipated=(0, 0, 0, 0),
        area_rolls=rolls,
        **TWO,
    )
    found = words(state, 0)
    assert "cast fan-of-shadows" in found  # an area names no victim (F76)
    assert not any(w.startswith("cast fan-of-shadows") and " at " in w for w in found)
    do(state, 0, "cast fan-of-shadows", defend=None)
    _answer_defences(state)
    log = state.board.log
    assert any(line.startswith("Lesdinn defends") for line in log)
    assert any(line.startswith("Brock defends") for line in log)
    assert not any(line.startswith("Hallothon defends") for line in log)  # behind the caster
    rolled = [line for line in log if line.startswith("Deretor: Fan of Shadows")]
    assert len(rolled) == (2 if rolls == "each" else 1)
    assert (rolls == "one") == any("Brock is in the area too" in line for line in log)


def test_s2_3_f64_an_equipped_card_passes_to_an_ally_in_contact() -> None:
    figures = [*FRONT_OF_DERETOR[:3], (415, 345, 270)]  # Brock beside Lesdinn, touching
    state = executing(
        [[], [("skill",)], [], []], figures, order=(1, 0), anticipated=(0, 0, 0, 0), **TWO
    )
    lesdinn, brock = state.board.fighters[1], state.board.fighters[3]
    lesdinn.equip("ashorai-swords")
    state.edited()
    do(state, 1, "with lesdinn")
    assert "give ashorai-swords brock" in words(state, 1)
    do(state, 1, "give ashorai-swords brock")
    assert "Lesdinn passes Ashorai Swords to Brock" in state.board.log
    assert [i.id for i in brock.equipped()] == ["ashorai-swords"]
    assert not any(c.id == "ashorai-swords" for c in lesdinn.cards)
    written = state.to_position()
    assert INFO.load_position(written).to_position() == written
    far = executing([[], [("skill",)], [], []], FRONT_OF_DERETOR, anticipated=(0, 0, 0, 0), **TWO)
    far.board.fighters[1].equip("ashorai-swords")
    far.edited()
    far.order, far.current = (1, 0), 1
    far.settle()
    if far.acting is None:
        do(far, 1, "with lesdinn")
    assert not any(w.startswith("give") for w in words(far, 1))  # Brock is not in contact


def test_s2_3_f64_a_card_passed_on_again_reads_back_as_a_position() -> None:
    state = new(0, characters=3)
    lesdinn, brock, third = (state.board.fighters[i] for i in (1, 3, 5))
    lesdinn.equip("ashorai-swords")
    lesdinn.give("ashorai-swords", brock)
    brock.give("ashorai-swords", third)
    assert "ashorai-swords" not in brock.items and "ashorai-swords" in third.items
    assert "ashorai-swords" in lesdinn.items  # its own card, known to its sheet still
    written = state.to_position()
    assert INFO.load_position(written).to_position() == written

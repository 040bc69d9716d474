"""Rulebook 3.3.3 to 3.3.6 and 4 in play: spells, thrown weapons, elemental damage, areas,
walls, barrels and Parry and attack (rulings F26, F32, F34 to F37, F41, F42, F54, F58)."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters.content import load_content
from duelhall.games.duelfighters.engine.fight import cast_heal
from duelhall.games.duelfighters.engine.reach import can_attack, walled_off

from ..combat.scripted import Dice
from .helpers import do, executing, one_piece, words

WAIT = [("turn-left",)]


def test_s3_3_3_a_spell_pays_for_its_own_step_and_is_discarded() -> None:
    # Lesdinn 150 mm from Deretor: beyond combat distance, within Water Lash's 2 cards.
    dice = Dice(4, 4, 1, 1, 1, 1, 1)  # two water strikes; Deretor's five dice all fail
    state = executing(
        [WAIT, [("skill",)]], [(400, 300, 90), (400, 495, 270)], dice=dice, order=(1, 0)
    )
    assert "cast water-lash" in words(state, 1)
    assert "attack" not in words(state, 1)
    do(state, 1, "cast water-lash")
    assert dice.spent
    lesdinn = state.board.fighters[1]
    assert [c.state for c in lesdinn.cards if c.id == "water-lash"] == ["discarded"]
    assert lesdinn.count("used") == 0
    assert state.board.fighters[0].injuries == 4  # elemental strikes deal double


def test_s3_3_5_out_of_range_no_spell() -> None:
    state = executing([WAIT, [("skill",)]], [(400, 300, 90), (400, 560, 270)], order=(1, 0))
    assert not any(w.startswith("cast") for w in words(state, 1))


def test_s3_3_3_a_cone_strikes_a_figure_in_front() -> None:
    dice = Dice(4, 4, 4, 1, 1, 1)  # Fan of Shadows: 3 dice; Lesdinn's 3 defence dice fail
    state = executing([[("skill",)], WAIT], [(400, 300, 90), (400, 370, 270)], dice=dice)
    do(state, 0, "cast fan-of-shadows")
    assert state.board.fighters[1].injuries == 3
    state = executing([[("skill",)], WAIT], [(400, 300, 90), (400, 230, 90)])
    assert not any(w.startswith("cast") for w in words(state, 0))  # behind him: not in it


def test_f35_the_daemon_hammer_is_thrown_with_an_attack_step() -> None:
    dice = Dice(4, 4, 4, 4, 4, 1, 1, 1)  # five dice thrown; Lesdinn's three fail
    state = executing(
        [[("attack",)], WAIT], [(400, 200, 90), (400, 500, 270)], dice=dice, first="brock"
    )
    assert "throw daemon-hammer" in words(state, 0)
    do(state, 0, "throw daemon-hammer")
    brock = state.board.fighters[0]
    assert [c.state for c in brock.cards if c.id == "daemon-hammer"] == ["discarded"]
    assert state.board.fighters[1].injuries == 5


def test_f32_parry_and_attack_turns_parried_strikes_back() -> None:
    dice = Dice(1, 1, 1, 1, 1, 1, 1, 1, 1)  # Lesdinn's four dice miss; Deretor rolls five
    state = executing(
        [[("attack",)], [("technique",)]],
        [(400, 300, 90), (400, 345, 270)],
        dice=dice,
        order=(1, 0),
    )
    state.board.fighters[1].points = 1
    state.edited()
    do(state, 1, "technique parry-and-attack")
    assert state.board.riposte[1]
    # Deretor attacks: 4 4 1 1 1 two strikes; Lesdinn cancels both with 4 4 1; the two come
    # back at Deretor, who defends them with five dice, all failing.
    state.board.rng = Dice(4, 4, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1)
    do(state, 0, "attack")
    assert state.board.fighters[1].injuries == 0
    assert state.board.fighters[0].injuries == 2


def test_f26_a_wall_between_forbids_an_attack() -> None:
    state = executing([[("attack",)], WAIT], [(400, 370, 90), (400, 430, 270)])
    assert can_attack(state.board, 0)
    state.board.field = one_piece("wall")
    assert walled_off(state.board, state.board.figure(0), state.board.figure(1))
    assert not can_attack(state.board, 0)


@pytest.mark.parametrize(
    ("faces", "broken"), [((4, 4, 4, 1, 1, 1, 1), True), ((1, 1, 1, 4, 4, 4, 4, 1, 1, 1), False)]
)
def test_s4_a_barrel_breaks_or_stops_the_mover(faces: tuple[int, ...], broken: bool) -> None:
    # The tavern's large barrel (CON 4) at (640, 110), radius 30; Lesdinn (CON 3) runs in.
    dice = Dice(*faces)
    state = executing(
        [WAIT, [("advance",)]],
        [(100, 700, 270), (640, 50, 90)],
        dice=dice,
        order=(1, 0),
        scenario="tavern",
    )
    do(state, 1, "advance 88")
    assert dice.spent
    assert bool(state.board.broken) is broken
    lesdinn = state.board.fighters[1]
    if broken:
        assert state.board.figure(1).y == pytest.approx(138)
    else:
        assert state.board.figure(1).y == pytest.approx(60)
        assert lesdinn.injuries == 4


def test_f9_a_healing_spell_restores_at_most_its_amount_and_the_con() -> None:
    state = executing([WAIT, WAIT], [(400, 100, 90), (400, 700, 270)])
    lesdinn = state.board.fighters[1]
    lesdinn.injuries = 5
    cast_heal(state.board, 1, load_content().cards["healing-waters"])
    assert lesdinn.injuries == 3  # Healing Waters: 2, within his CON of 3


def test_f70_the_thrown_card_never_pays_for_its_own_step() -> None:
    dice = Dice(1, 1, 1, 1, 1, 1, 1, 1)
    state = executing(
        [[("attack",)], WAIT], [(400, 200, 90), (400, 500, 270)], dice=dice, first="brock"
    )
    brock = state.board.fighters[0]
    for card in brock.cards:
        if card.id == "card":
            card.state = "discarded"
    do(state, 0, "throw daemon-hammer")
    states = {c.id: c.state for c in brock.cards if c.id != "card"}
    assert states == {"vulcan-hammer": "used", "daemon-hammer": "discarded"}

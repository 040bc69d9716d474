"""3.2.2 Collisions: what a move runs into, in order, and pushing the loser along."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from duelhall.games.duelfighters.geometry import (
    CARD_LENGTH,
    Blocker,
    Contact,
    Figure,
    contacts,
    in_contact,
    push,
)
from duelhall.games.duelfighters.geometry.shapes import overlap

MOVER = Figure(100.0, 100.0, 90.0, 40.0)


def test_collisions_every_blocker_along_the_path_in_order() -> None:
    barrel = Blocker("barrel", box(90.0, 130.0, 110.0, 150.0))
    enemy = Blocker.of("enemy", Figure(105.0, 200.0, 270.0, 40.0))
    aside = Blocker.of("aside", Figure(200.0, 150.0, 270.0, 40.0))
    met = contacts(MOVER, 90.0, CARD_LENGTH, [enemy, aside, barrel])
    assert met == [Contact(10.0, "barrel"), Contact(60.0, "enemy")]


def test_collisions_a_base_grazing_the_path_is_not_met() -> None:
    grazing = Blocker.of("g", Figure(150.0, 160.0, 0.0, 60.0))  # left side at x = 120
    assert contacts(MOVER, 90.0, CARD_LENGTH, [grazing]) == []


def test_collisions_a_corner_clipping_the_path_is_met() -> None:
    # Turned 45 degrees, centre 148 east: its west corner reaches x = 148 - 28.28 = 119.72,
    # 0.28 mm inside the mover's path.
    clip = Blocker.of("c", Figure(148.0, 160.0, 45.0, 40.0))
    met = contacts(MOVER, 90.0, CARD_LENGTH, [clip])
    assert [c.key for c in met] == ["c"]
    assert met[0].distance == pytest.approx(40.0, abs=0.3)


def test_collisions_pushing_moves_the_loser_by_the_rest_of_the_move() -> None:
    enemy = Figure(100.0, 200.0, 270.0, 40.0)  # met after 60 mm
    mover, pushed = push(MOVER, 90.0, CARD_LENGTH, enemy)
    assert mover.y == pytest.approx(188.0)
    assert pushed.y == pytest.approx(228.0)  # shoved the remaining 28 mm
    assert pushed.facing == enemy.facing
    assert in_contact(mover, pushed) and not overlap(mover.polygon, pushed.polygon)


def test_collisions_pushing_from_contact_moves_it_the_whole_way() -> None:
    enemy = Figure(100.0, 140.0, 270.0, 40.0)
    mover, pushed = push(MOVER, 90.0, CARD_LENGTH, enemy)
    assert pushed.y == pytest.approx(228.0)
    assert in_contact(mover, pushed)


def test_collisions_pushing_something_not_in_the_way_leaves_it() -> None:
    aside = Figure(300.0, 100.0, 0.0, 40.0)
    _, pushed = push(MOVER, 90.0, CARD_LENGTH, aside)
    assert pushed == aside

"""4. Notes about the terrain: each kind's geometry, cover and lines of sight."""

from __future__ import annotations

import pytest
from shapely.geometry import Polygon, box

from duelhall.games.duelfighters.geometry import (
    CARD_LENGTH,
    Figure,
    Piece,
    Stop,
    Terrain,
    TerrainKind,
    first_contact,
    slide_sweep,
)
from duelhall.games.duelfighters.geometry.motion import crossing_distance

K = TerrainKind
MOVER = Figure(100.0, 100.0, 90.0, 40.0)


def terrain(*pieces: tuple[str, TerrainKind, Polygon]) -> Terrain:
    return Terrain(tuple(Piece(k, kind, shape) for k, kind, shape in pieces))


@pytest.mark.parametrize("kind", [K.HEDGE, K.BARREL_WALL, K.BARREL, K.TREE])
def test_terrain_blocking_kinds_stop_a_move_adjacent(kind: TerrainKind) -> None:
    t = terrain(("x", kind, box(80.0, 150.0, 120.0, 170.0)))
    assert first_contact(MOVER, 90.0, CARD_LENGTH, t.blockers()) == Stop(30.0, "x")


@pytest.mark.parametrize("kind", [K.ROUGH, K.DANGEROUS, K.LETHAL])
def test_terrain_ground_kinds_do_not_stop_a_move(kind: TerrainKind) -> None:
    t = terrain(("x", kind, box(80.0, 150.0, 120.0, 170.0)))
    assert first_contact(MOVER, 90.0, CARD_LENGTH, t.blockers()) == Stop(CARD_LENGTH, None)


def test_terrain_hedge_crossed_from_contact_ends_on_the_far_side() -> None:
    hedge = box(0.0, 120.0, 300.0, 130.0)  # touching the mover's front
    assert crossing_distance(MOVER, 90.0, hedge, CARD_LENGTH) == pytest.approx(50.0)


@pytest.mark.parametrize("kind", [K.ROUGH, K.DANGEROUS, K.LETHAL])
def test_terrain_standing_in_ground_when_the_base_touches_it(kind: TerrainKind) -> None:
    t = terrain(("x", kind, box(120.0, 0.0, 200.0, 300.0)))  # its edge on the base's right side
    assert t.standing_in(MOVER) == {kind}
    assert t.standing_in(MOVER.moved(180.0, 1.0)) == frozenset()  # 1 mm away: not in it


def test_terrain_rough_ground_about_to_be_entered_by_a_move() -> None:
    t = terrain(("stream", K.ROUGH, box(0.0, 170.0, 300.0, 200.0)))
    assert [p.key for p in t.touching(slide_sweep(MOVER, 90.0, CARD_LENGTH))] == ["stream"]
    assert t.touching(slide_sweep(MOVER, 90.0, 20.0)) == []


def test_terrain_dangerous_ground_crossed_on_the_way() -> None:
    # Passing over a strip of dangerous ground counts even if the move ends beyond it.
    t = terrain(("embers", K.DANGEROUS, box(0.0, 140.0, 300.0, 145.0)))
    assert t.standing_in(MOVER.moved(90.0, CARD_LENGTH)) == frozenset()
    swept = slide_sweep(MOVER, 90.0, CARD_LENGTH)
    assert [p.kind for p in t.touching(swept, [K.DANGEROUS, K.LETHAL])] == [K.DANGEROUS]


def test_terrain_lethal_ground_touched_by_a_corner() -> None:
    lava = Polygon([(120.0, 120.0), (150.0, 120.0), (150.0, 150.0)])  # a point on the corner
    assert terrain(("lava", K.LETHAL, lava)).standing_in(MOVER) == {K.LETHAL}


def test_cover_behind_a_hedge_in_melee() -> None:
    attacker = Figure(100.0, 200.0, 270.0, 40.0)
    t = terrain(
        ("hedge", K.HEDGE, box(60.0, 140.0, 140.0, 150.0)),
        ("tree", K.TREE, box(90.0, 160.0, 110.0, 170.0)),
    )
    assert [p.key for p in t.cover(attacker, MOVER, ranged=False)] == ["hedge"]
    assert [p.key for p in t.cover(attacker, MOVER, ranged=True)] == ["hedge", "tree"]


def test_cover_hedge_behind_the_target_gives_none() -> None:
    attacker = Figure(100.0, 200.0, 270.0, 40.0)
    t = terrain(("hedge", K.HEDGE, box(60.0, 50.0, 140.0, 80.0)))  # touching the target's rear
    assert t.cover(attacker, MOVER, ranged=False) == []


def test_cover_hedge_beside_both_gives_none() -> None:
    attacker = Figure(100.0, 200.0, 270.0, 40.0)
    t = terrain(("hedge", K.HEDGE, box(130.0, 60.0, 150.0, 240.0)))
    assert t.cover(attacker, MOVER, ranged=False) == []


def test_line_of_sight_blocked_by_a_tree_across_the_whole_gap() -> None:
    archer = Figure(100.0, 400.0, 270.0, 40.0)
    t = terrain(("oak", K.TREE, box(50.0, 250.0, 150.0, 270.0)))
    sight = t.sight(archer, MOVER)
    assert not sight.clear
    assert sight.blocked_by == ("oak",)


def test_line_of_sight_past_the_barrels_after_a_side_step() -> None:
    # The rulebook's example: a side step lets a thrown hammer pass the barrels covering the
    # target. The barrels cover the lines straight ahead but not those from further east.
    barrels = terrain(("barrels", K.BARREL_WALL, box(70.0, 140.0, 130.0, 150.0)))
    thrower = Figure(100.0, 400.0, 270.0, 40.0)
    assert barrels.sight(thrower, MOVER).blocked_by == ("barrels",)
    stepped = Figure(240.0, 400.0, 270.0, 40.0)
    sight = barrels.sight(stepped, MOVER)
    assert sight.clear and sight.blocked_by == ()


def test_line_of_sight_two_pieces_each_partial() -> None:
    archer = Figure(100.0, 400.0, 270.0, 40.0)
    t = terrain(
        ("west", K.TREE, box(40.0, 250.0, 101.0, 270.0)),
        ("east", K.TREE, box(99.0, 250.0, 160.0, 270.0)),
    )
    sight = t.sight(archer, MOVER)
    assert sight.blocked_by == ()  # neither alone blocks every line...
    assert not sight.clear  # ...but together they do


def test_terrain_pieces_need_distinct_keys_and_an_area() -> None:
    with pytest.raises(ValueError, match="distinct keys"):
        terrain(("a", K.TREE, box(0, 0, 1, 1)), ("a", K.TREE, box(5, 5, 6, 6)))
    with pytest.raises(ValueError, match="with an area"):
        Piece("flat", K.HEDGE, Polygon([(0, 0), (1, 0), (2, 0)]))

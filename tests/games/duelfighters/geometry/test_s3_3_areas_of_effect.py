"""3.3.3 Magic, areas of effect (cone and rectangle), and the sweeps of the techniques that lay
a card in front (Body Smash) or turn through an arc (Devastating Mace)."""

from __future__ import annotations

import math

import pytest

from duelhall.games.duelfighters.geometry import (
    CARD_LENGTH,
    Figure,
    cone_template,
    rectangle_template,
    sweep_template,
    touched,
)

CASTER = Figure(100.0, 100.0, 90.0, 40.0)  # front side y = 120, x from 80 to 120


def test_area_rectangle_is_a_card_ahead_of_the_front() -> None:
    rect = rectangle_template(CASTER)
    assert rect.bounds == pytest.approx((68.5, 120.0, 131.5, 208.0))
    figures = [
        ("ahead", Figure(100.0, 220.0, 270.0, 40.0)),  # near side at 200: inside
        ("edge", Figure(100.0, 228.0, 270.0, 40.0)),  # near side at 208: touching the far edge
        ("beyond", Figure(100.0, 229.0, 270.0, 40.0)),
        ("aside", Figure(152.0, 160.0, 270.0, 40.0)),  # near side at 132: 0.5 mm off
        ("further", Figure(152.1, 160.0, 270.0, 40.0)),
        ("behind", Figure(100.0, 50.0, 270.0, 40.0)),
    ]
    assert touched(rect, figures) == ["ahead", "edge", "aside"]


def test_area_rectangle_follows_the_facing() -> None:
    rect = rectangle_template(CASTER.turned(-90.0), length=100.0, width=20.0)
    assert rect.bounds == pytest.approx((120.0, 90.0, 220.0, 110.0))


def test_area_cone_opens_from_the_front() -> None:
    cone = cone_template(CASTER, length=CARD_LENGTH, angle=60.0)
    apex = (100.0, 120.0)
    assert cone.area == pytest.approx(math.pi * 88.0**2 / 6.0, rel=0.01)
    figures = [
        ("straight", Figure(100.0, 120.0 + 88.0 + 20.0 - 1.0, 0.0, 40.0)),  # 1 mm into the tip
        ("too-far", Figure(100.0, 120.0 + 88.0 + 20.0 + 1.0, 0.0, 40.0)),
        # Centre on the 30 degree edge line 60 mm out, turned to lie along it: half in.
        (
            "edge",
            Figure(
                apex[0] + 60.0 * math.cos(math.radians(60.0)),
                apex[1] + 60.0 * math.sin(math.radians(60.0)),
                60.0,
                10.0,
            ),
        ),
        # Beside the caster, level with the front: outside the 60 degree opening.
        ("beside", Figure(170.0, 125.0, 0.0, 10.0)),
    ]
    assert touched(cone, figures) == ["straight", "edge"]


def test_area_cone_rejects_an_impossible_opening() -> None:
    with pytest.raises(ValueError, match="between 0 and 360"):
        cone_template(CASTER, angle=0.0)


def test_area_sweep_of_a_quarter_turn_reaching_a_card_beyond_the_base() -> None:
    sweep = sweep_template(CASTER, reach=CARD_LENGTH, turn=-90.0)  # from north round to east
    r = 20.0 + 88.0
    assert sweep.area == pytest.approx(math.pi * r * r / 4.0, rel=0.01)
    figures = [
        ("north-east", Figure(100.0 + 60.0, 100.0 + 60.0, 0.0, 20.0)),
        ("east", Figure(100.0 + r + 11.0, 100.0, 0.0, 20.0)),  # near side 1 mm beyond the arc
        ("west", Figure(40.0, 100.0, 0.0, 20.0)),
    ]
    assert touched(sweep, figures) == ["north-east"]

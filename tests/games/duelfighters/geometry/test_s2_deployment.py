"""2. Game setup: the table, and deploying within a card length of one's edge, allies within
two card lengths of the first."""

from __future__ import annotations

import pytest

from duelhall.games.duelfighters.geometry import Figure, Table, may_deploy_ally


def test_setup_table_is_80_by_80_cm_unless_chosen() -> None:
    assert Table().polygon.bounds == (0.0, 0.0, 800.0, 800.0)
    assert Table(600.0, 900.0).polygon.bounds == (0.0, 0.0, 600.0, 900.0)
    with pytest.raises(ValueError, match="positive size"):
        Table(0.0, 800.0)


def test_setup_home_facing_looks_across_the_table() -> None:
    assert Table().home_facing(0) == 90.0
    assert Table().home_facing(1) == 270.0


@pytest.mark.parametrize(
    ("y", "allowed"), [(20.0, True), (108.0, True), (108.5, True), (108.6, False), (300.0, False)]
)
def test_deployment_base_within_a_card_length_of_the_first_seats_edge(
    y: float, allowed: bool
) -> None:
    # A 40 mm base centred at y: its near side is y - 20 from the edge.
    assert Table().may_deploy(0, Figure(400.0, y, 90.0, 40.0)) is allowed


def test_deployment_second_seat_measures_from_the_far_edge() -> None:
    table = Table()
    assert table.may_deploy(1, Figure(400.0, 780.0, 270.0, 40.0))
    assert table.may_deploy(1, Figure(400.0, 800.0 - 108.0, 270.0, 40.0))
    assert not table.may_deploy(1, Figure(400.0, 800.0 - 110.0, 270.0, 40.0))
    assert not table.may_deploy(1, Figure(400.0, 20.0, 270.0, 40.0))


def test_deployment_whole_base_reading_is_stricter() -> None:
    table = Table()
    assert table.may_deploy(0, Figure(400.0, 68.0, 90.0, 40.0), whole_base=True)
    assert not table.may_deploy(0, Figure(400.0, 69.0, 90.0, 40.0), whole_base=True)
    assert table.may_deploy(0, Figure(400.0, 69.0, 90.0, 40.0))


def test_deployment_base_must_be_on_the_table() -> None:
    assert not Table().may_deploy(0, Figure(10.0, 50.0, 90.0, 40.0))  # hangs over the side
    assert Table().may_deploy(0, Figure(20.0, 20.0, 90.0, 40.0))  # in the corner


def test_deployment_allies_within_two_card_lengths_of_the_first() -> None:
    first = Figure(400.0, 50.0, 90.0, 40.0)
    assert may_deploy_ally(first, Figure(400.0 + 40.0 + 176.0, 50.0, 90.0, 40.0))
    assert not may_deploy_ally(first, Figure(400.0 + 40.0 + 177.0, 50.0, 90.0, 40.0))

"""A duel's view as a picture (issue 13, "Seeing it"): the scene is built from a view alone,
so a seat's picture shows what that seat may know, and smashed barrels are gone."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.picture import render, scene_of

from .test_svg import parse, with_class


def _played(scenario: str, steps: int) -> object:
    state = INFO.new_state(2, {"scenario": scenario})
    rng = Rng(2)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    return state


def test_a_views_picture_has_its_figures_and_scenery() -> None:
    state = _played("tavern", 60)
    view = state.view(0)
    root = parse(render(scene_of(view, caption="turn")))
    assert len(with_class(root, "base")) == 2
    assert len(with_class(root, "piece")) == len(view["terrain"])
    assert parse(render(scene_of(state.public_view())))  # a spectator's picture too


def test_a_smashed_barrel_is_not_drawn() -> None:
    state = _played("tavern", 60)
    view = state.view(None)
    barrel = next(p["key"] for p in view["terrain"] if p["kind"] == "barrel")
    view["broken"] = [barrel]
    scene = scene_of(view)
    assert len(scene.terrain) == len(view["terrain"]) - 1


def test_before_deployment_no_figure_is_drawn() -> None:
    state = INFO.new_state(0, {})
    assert scene_of(state.view(0)).figures == ()

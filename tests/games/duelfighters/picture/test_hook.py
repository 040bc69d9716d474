"""The ``svg`` hook (``play --svg``, ``replay --svg``): a picture drawn from a view alone."""

from __future__ import annotations

from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO
from duelhall.games.duelfighters.picture.scene import caption_of

from ..engine.helpers import programming

NAMES = ("Ann", "Bob")


def test_picture_is_the_same_from_a_redeal_and_names_turn_and_fighters() -> None:
    draw = INFO.hook("svg")
    state = programming()
    for seat in (0, 1):
        page = draw(state.view(seat), NAMES)
        assert page == draw(state.determinize(seat, Rng(seat)).view(seat), NAMES)
        assert "Turn 1" in page and "Ann (Deretor)" in page and "Bob (Lesdinn)" in page


def test_caption_of_a_finished_duel_names_the_winner_briefly() -> None:
    view = programming().public_view()
    view["result"] = {"winner": 1, "reason": "killed", "detail": "a long sentence"}
    assert caption_of(view, NAMES) == "Turn 1 · Lesdinn wins · Ann (Deretor) vs Bob (Lesdinn)"

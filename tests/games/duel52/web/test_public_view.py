"""The spectator's view (``public_view``) of every Duel 52 mode, and the log told from it."""

from __future__ import annotations

import pytest

from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.terminal import ui
from tests.games.duel52.web.games import (
    MODES,
    NAMES,
    hidden_cards,
    positions,
    pretty_cards,
    seats,
    visible_cards,
)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_public_view_is_what_every_seat_may_know(mode: str) -> None:
    options = MODES[mode]
    for seed in range(2):
        for step, (state, _) in enumerate(positions(options, seed, every=3)):
            public = state.public_view()
            assert public["seat"] is None
            for seat in range(seats(options)):
                # Nothing a re-deal for any seat could change, so nothing only one seat knows.
                sample = state.determinize(seat, Rng(step * 7 + seat))
                assert sample.public_view() == public
                # Nothing the seat itself cannot see.
                assert visible_cards(public) <= visible_cards(state.view(seat))


@pytest.mark.parametrize("mode", sorted(MODES))
def test_public_view_shows_face_up_cards_and_hides_hands(mode: str) -> None:
    options = MODES[mode]
    for state, _ in positions(options, 5, every=10):
        public = state.public_view()
        assert all(isinstance(n, int) for n in public["hands"])
        places = public.get("lanes") or public["triangles"]
        for place in places:
            for row in place["rows"]:
                for card in row:
                    assert (card["card"] is not None) == card["up"]
        assert "seed" not in public and "pile_order" not in public
        assert public.get("hands_shown", [[], []]) == [[], []]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_spectators_log_is_third_person_and_names_no_hidden_card(mode: str) -> None:
    options = MODES[mode]
    names = NAMES[: seats(options)]
    for seed in range(2):
        for state, action in positions(options, seed):
            if action is None:
                break
            before = state.public_view()
            said = ui.describe(action, before, None)
            after_state = state.clone()
            after_state.apply(action)
            after = after_state.public_view()
            lines = [str(line) for line in ui.effects(action, before, after, None, names)]
            shown = {C.pretty(C.parse(n)) for n in visible_cards(before) | visible_cards(after)}
            for text in (said, *lines):
                assert pretty_cards(text) <= shown, text
                assert " you " not in f" {text.lower()} ", text


def test_spectators_log_names_the_actors_rows_lower_case() -> None:
    for state, action in positions(MODES["duel"], 3):
        if action is not None and action.kind == Kind.ATTACK:
            said = ui.describe(action, state.public_view(), None)
            own = said.split(" with ")[1]
            assert own[1].islower(), said
            assert said == ui.describe(action, state.view(action.seat), action.seat)
            return
    pytest.fail("no attack in the game")


def test_public_view_hides_a_face_down_card_both_duel_players_know() -> None:
    for seed in range(6):
        for state, _ in positions(MODES["duel"], seed):
            full, public = state.view(None), state.public_view()
            for lane, place in enumerate(full["lanes"]):
                for side, row in enumerate(place["rows"]):
                    for i, card in enumerate(row):
                        if not card["up"] and len(card["seen_by"]) == 2:
                            assert public["lanes"][lane]["rows"][side][i]["card"] is None
                            assert state.view(0)["lanes"][lane]["rows"][side][i]["card"]
                            return
    pytest.fail("no face-down card known to both players in these games")


def test_hidden_cards_are_listed_for_the_public_view() -> None:
    state, _ = next(positions(MODES["duel"], 0))
    assert len(hidden_cards(state, state.public_view())) >= 40

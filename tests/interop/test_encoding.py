"""Action indices: a fixed table per game and options, each index one action for good."""

from __future__ import annotations

import re

import numpy as np
import pytest

from duelhall.interop.encoding import EncodingError, encoding
from duelhall.interop.seating import Seating
from duelhall.interop.tables import TableError
from tests.interop.cases import CASES, IDS


def _random_play(code, seed, steps):
    """(legal actions, mask) at each of ``steps`` random choices."""
    seating = Seating(code.new_state(seed))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        seat = seating.current()
        if seat is None:
            return
        legal = code.legal(seating.state, seat)
        yield legal, code.mask(legal)
        seating.choose(seat, legal[int(rng.integers(len(legal)))])


# Several figures a side add notation (with, at, give) and ally spots (F57, F59, F64, F76);
# their table is large (every ally spot), so only the encoding tests run them.
TEAMS = [("duelfighters", {"characters": 2}), ("duelfighters", {"characters": 3})]
TEAM_IDS = ["duelfighters-characters=2", "duelfighters-characters=3"]


def _walk(code, legal, tokens):
    """Take an action's indices one by one as an agent would: each open in the mask; the
    action once complete (``end`` after the last where it could go on)."""
    prefix = ()
    for token in tokens:
        assert code.mask(legal, prefix)[token] == 1
        found = code.action_at(token, legal, prefix)
        if found is not None:
            assert len(prefix) == len(tokens) - 1
            return found
        prefix = (*prefix, token)
    assert code.mask(legal, prefix)[code.table.end] == 1
    return code.action_at(code.table.end, legal, prefix)


@pytest.mark.parametrize(("game", "options"), CASES + TEAMS, ids=IDS + TEAM_IDS)
def test_index_to_action_to_index_round_trips_over_random_play(game, options):
    code = encoding(game, options)
    for seed in (1, 2):
        for legal, mask in _random_play(code, seed, 150):
            sequences = [code.table.tokens(a) for a in legal]
            assert len(set(sequences)) == len(sequences)  # no two legal actions share indices
            assert sequences == sorted(sequences)
            assert list(np.flatnonzero(mask)) == sorted({tokens[0] for tokens in sequences})
            assert [_walk(code, legal, tokens) for tokens in sequences] == legal
            if not code.table.parts:
                assert [code.action_at(t, legal) for (t,) in sequences] == legal


@pytest.mark.parametrize(
    ("game", "options"), [c for c in CASES + TEAMS if c[1].get("players", 2) == 2], ids=str
)
def test_every_index_names_the_same_notation_in_every_position(game, options):
    """Two-seat notation is written from the actor's side, so a table entry is a notation
    (a pair's attack named by its first card, as the notation allows); an attack decided in
    steps is its steps' names in order."""
    code = encoding(game, options)
    for seed in (3, 4):
        for legal, _ in _random_play(code, seed, 150):
            for action in legal:
                written = re.sub(r"\+\w+", "", str(action))
                names = [code.table.names[t] for t in code.table.tokens(action)]
                steps = [n.removeprefix("hit ").removeprefix("also ") for n in names]
                assert " ".join(steps) == written


def test_duel52_tables_grow_with_the_options_but_not_with_the_deal():
    base, expansion = encoding("duel52"), encoding("duel52", {"bannermen": True})
    assert encoding("duel52", {"variant": "long"}).actions == base.actions
    assert base.table.names[0] == "play 2C 1" and "end" in expansion.table.names
    assert "attack 1a 1A 1B" in base.table.names and not base.table.parts


def test_the_expansion_decides_an_attack_in_steps_in_a_table_a_hundred_times_smaller():
    """Every target set of up to three cards, one entry each, made 230,825 entries."""
    full = encoding("duel52", {"heroes": True, "bannermen": True, "forts": True})
    assert full.actions == 1806 and encoding("duel52").actions == 25079
    names = full.table.names
    assert {"attack 1a", "hit 1A", "also 1C", "strike"} <= set(names)
    assert not any(n.startswith("attack ") and len(n.split()) > 2 for n in names)
    assert len(full.table.parts) == 180  # attacker, first target, further targets: 60 each


def test_an_action_past_the_table_bounds_is_a_clear_error():
    code = encoding("duel52")
    state = code.new_state(1)
    action = state.legal_actions(state.to_move()[0])[0]
    far = action._replace(kind="flip", card=-1, lane=-1, slots=((0, action.seat, 40),))
    with pytest.raises(TableError, match=r"raise ROWS in duelhall/interop/tables/duel52\.py"):
        code.index(far)


def test_an_index_that_is_not_legal_names_the_legal_ones():
    code = encoding("highlander")
    state = code.new_state(1)
    legal = code.legal(state, state.to_move()[0])
    with pytest.raises(EncodingError, match="the legal indices are"):
        code.action_at(code.actions - 1, legal)


def test_the_duel52_tensor_places_the_seats_own_hand_and_stays_in_unit_range():
    from duelhall.games.duel52.engine import cards as C
    from duelhall.interop.tensors.duel52 import LAYOUT, PLACES

    code = encoding("duel52", {"heroes": True, "bannermen": True, "forts": True})
    assert code.tensor and code.view_bytes == sum(LAYOUT.values()) + len(code.table.parts)
    start = LAYOUT["scalars"] + LAYOUT["pending"]
    seating = Seating(code.new_state(5))
    view = seating.state.view(0)
    tensor = code.observe(view)
    assert tensor.min() >= 0.0 and tensor.max() <= 1.0
    planes = tensor[start : start + LAYOUT["cards"]].reshape(52, PLACES)
    assert {C.name(int(c)) for c in np.flatnonzero(planes[:, 0])} == set(view["hands"][0])

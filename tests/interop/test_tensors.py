"""The compact observation tensors: a fixed shape per game and options, numbers in 0..1,
built from the seat's view alone (the same for every re-deal the seat cannot tell apart),
and different wherever the seat can see a difference that matters."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import numpy as np
import pytest

from duelhall.core.rng import Rng
from duelhall.interop.encoding import EncodingError, encoding
from duelhall.interop.seating import Seating
from duelhall.interop.tensors.duel52_board import board, slot
from duelhall.interop.tensors.layout import TensorOverflow

TENSOR_CASES = [
    ("deckduel", {}),
    ("deckduel", {"foresight_discard": "revealed"}),
    ("highlander", {}),
    ("highlander", {"kurgan": "2", "damage_limit": 8}),
    ("duel52", {}),
    ("duel52", {"facedown_jack_hp": 3, "variant": "long"}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True}),
    ("duel52", {"heroes": True, "vampiric": True}),
]
TENSOR_IDS = [
    f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in TENSOR_CASES
]


def _positions(code, seed, steps=400):
    """Each state of a seeded random game, up to ``steps`` choices (and its end)."""
    seating = Seating(code.new_state(seed))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        yield seating.state
        seat = seating.current()
        if seat is None:
            return
        legal = code.legal(seating.state, seat)
        seating.choose(seat, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(("game", "options"), TENSOR_CASES, ids=TENSOR_IDS)
def test_a_fixed_shape_in_unit_range_the_same_for_every_redeal_the_seat_cannot_tell_apart(
    game, options
):
    _check_whole_games(encoding(game, options))


def _check_whole_games(code):
    assert code.tensor and code.dtype is np.float32
    positions = 0
    for seed in (1, 2):
        for n, state in enumerate(_positions(code, seed)):
            positions += 1
            for seat in range(code.seats):
                tensor = code.observe(state.view(seat))
                assert tensor.shape == (code.view_bytes,) and tensor.dtype == np.float32
                assert tensor.min() >= 0.0 and tensor.max() <= 1.0
                redeal = state.determinize(seat, Rng(1000 * seed + n))
                assert np.array_equal(tensor, code.observe(redeal.view(seat)))
    assert positions > 60  # whole games, not a few opening moves


def test_the_highlander_tensor_follows_the_card_file():
    from duelhall.games.highlander.engine.cards import DATA_FILE

    text = DATA_FILE.read_text(encoding="utf-8").replace("positions = 5", "positions = 7", 1)
    text += '\n[[card]]\nid = "jab"\nname = "Jab"\npositions = [7]\nfollow_up = [1]\n'
    code = encoding("highlander", {"cards": text})
    assert code.view_bytes == 12 * 24 + 2 * 7 + 36
    _check_whole_games(code)


def _view(game, options, seed=4, steps=30, seat=0):
    code = encoding(game, options)
    state = list(_positions(code, seed, steps))[-1]
    return code, state.view(seat)


def _changes(code, view, change):
    other = copy.deepcopy(view)
    change(other)
    return not np.array_equal(code.observe(view), code.observe(other))


def _unknown(view, known):
    """A Duel 52 card name the seat does not see anywhere in ``known``."""
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    return next(f"{r}{s}" for r in ranks for s in "CDHS" if f"{r}{s}" not in known)


def _swap_hand_card(view, seat=0):
    hand = view["hands"][seat]
    hand[0] = _unknown(view, set(hand) | {e["card"] for e in view["discard"]})


def test_deckduel_tells_apart_health_rage_the_public_discard_and_a_known_top_card():
    code, view = _view("deckduel", {}, steps=12)
    assert view["result"] is None
    them = 1 - view["seat"]
    facts = [
        lambda v: v["players"][0].update(health=v["players"][0]["health"] + 1),
        lambda v: v["players"][them].update(rage=1 - min(v["players"][them]["rage"], 1)),
        lambda v: v["players"][them]["discard"].append("Q"),
        lambda v: v["players"][0].update(top="7", top_known=True),
        lambda v: v["players"][0].update(rage_choice=True),
        lambda v: v.update(combat=None),
    ]
    assert all(_changes(code, view, fact) for fact in facts)


def test_highlander_tells_apart_the_hand_damage_the_discard_and_the_cards_in_play():
    code, view = _view("highlander", {}, steps=12)
    me, them = view["seat"], 1 - view["seat"]
    spare = view["unseen"][0]
    facts = [
        lambda v: v["hands"][me].__setitem__(0, spare),
        lambda v: v["damage"].__setitem__(them, v["damage"][them] + 1),
        lambda v: v["discard"].append(spare),
        lambda v: v["played"][them].append(spare),
        lambda v: v["faceup"].__setitem__(0, spare),
        lambda v: v["revealed"][them].append(spare),
    ]
    assert view["hands"][me] and all(_changes(code, view, fact) for fact in facts)


def _first_card(view, rows):
    return next(bc for row in rows for bc in row if bc["card"] is not None)


def test_duel52_tells_apart_the_hand_the_discard_a_lane_won_and_the_opponents_cards():
    code, view = _view("duel52", {}, steps=40)
    them = 1 - view["seat"]
    theirs = [lane["rows"][them] for lane in view["lanes"]]
    assert any(bc["card"] for row in theirs for bc in row)
    facts = [
        _swap_hand_card,
        lambda v: v["discard"].append({"card": "KD", "up": True, "from": "hand"}),
        lambda v: v["lanes"][1].update(winner=them),
        lambda v: _first_card(v, [lane["rows"][them] for lane in v["lanes"]]).update(card="9S"),
        lambda v: v["hand_sizes"].__setitem__(them, v["hand_sizes"][them] + 1),
    ]
    assert all(_changes(code, view, fact) for fact in facts)


def test_the_expansion_tells_apart_heroes_bannermen_shown_hand_cards_and_stopped_lanes():
    code, view = _view("duel52", {"heroes": True, "bannermen": True, "forts": True}, steps=40)
    me, them = view["seat"], 1 - view["seat"]
    assert view["heroes"][them] is not None
    facts = [
        _swap_hand_card,
        lambda v: v["heroes"][them].update(exerted=not v["heroes"][them]["exerted"]),
        lambda v: v["bannermen"][them].append("5D"),
        lambda v: v["hands_shown"][them].append("5D"),
        lambda v: v["hands_shown"][me].append(v["hands"][me][0]),
        lambda v: v["stopped_lanes"][them].append(2),
        lambda v: v["forts"].append({"card": "6C"}),
    ]
    assert all(_changes(code, view, fact) for fact in facts)


def test_three_players_tell_apart_each_players_cards_and_who_controls_a_triangle():
    code, view = _view("duel52", {"players": 3}, steps=40)
    me = view["seat"]
    after = [(me + 1) % 3, (me + 2) % 3]
    facts = [
        _swap_hand_card,
        lambda v: v["discard"].append({"card": "KD", "up": True, "from": "hand"}),
        lambda v: v["triangles"][0].update(controller=after[0]),
        lambda v: v["triangles"][0].update(controller=after[1]),
        lambda v: v["hand_sizes"].__setitem__(after[1], v["hand_sizes"][after[1]] + 1),
    ]
    assert all(_changes(code, view, fact) for fact in facts)
    # The same card in the next player's row and in the one after is not the same fact.
    one, two = copy.deepcopy(view), copy.deepcopy(view)
    card = {"card": "9S", "up": True, "damage": 0, "hp": 2, "frozen": False, "paired": False}
    card |= {"seen_by": [], "attacks_left": 1, "letter": "z"}
    one["triangles"][3]["rows"][after[0]].append(card)
    two["triangles"][3]["rows"][after[1]].append(card)
    assert not np.array_equal(code.observe(one), code.observe(two))


def test_teams_tell_apart_my_partners_card_from_an_opponents_and_the_team_that_won_a_lane():
    code, view = _view("duel52", {"players": 4}, steps=60)
    me, team = view["seat"], view["team"]
    partner = (me + 2) % 4

    def played_by_the_other_partner(v):
        card = next(bc for lane in v["lanes"] for bc in lane["rows"][team] if bc["by"] is not None)
        card["by"] = partner if card["by"] == me else me

    facts = [
        _swap_hand_card,
        played_by_the_other_partner,
        lambda v: v["lanes"][2].update(winner=team),
        lambda v: v["lanes"][2].update(winner=1 - team),
        lambda v: v["hand_sizes"].__setitem__(partner, v["hand_sizes"][partner] + 1),
    ]
    assert all(_changes(code, view, fact) for fact in facts)


def test_a_view_from_another_seat_is_written_from_that_seats_side():
    """Seat 1 sees its own hand where seat 0 sees its own: the first plane is 'my hand'."""
    code = encoding("duel52", {"players": 4})
    state = code.new_state(3)
    for seat in range(4):
        view = state.view(seat)
        tensor = code.observe(view)
        start = code.builder.layout["scalars"] + code.builder.layout["pending"]
        planes = tensor[start : start + code.builder.layout["cards"]].reshape(52, -1)
        assert int(planes[:, 0].sum()) == len(view["hands"][seat])
        assert tensor[0] == float(seat in view["to_move"])


def test_a_row_longer_than_the_tensor_holds_is_a_one_line_error_naming_the_bound():
    row = [{"card": None, "up": False, "damage": 0, "hp": 2, "frozen": False, "paired": False}]
    row[0] |= {"seen_by": []}
    with pytest.raises(TensorOverflow, match=r"raise ROWS in duelhall/interop/tables/duel52\.py"):
        board([(row * 3, 2)], 2, 24, lambda bc: slot(bc, [1], expansion=False), np.zeros((52, 3)))
    code = encoding("duel52", {"players": 3})
    view = code.new_state(2).view(0)
    view["triangles"][0]["rows"][0] = view["triangles"][0]["rows"][0] * 0 + row * 15
    with pytest.raises(EncodingError, match="the tensor holds 14"):
        code.observe(view)


DOC_TABLES = [
    ("**Deck Duel**", "deckduel", {}),
    ("**Highlander**", "highlander", {}),
    ("**Duel 52, two players**", "duel52", {}),
    ("**Duel 52, three players**", "duel52", {"players": 3}),
    ("**Duel 52, two teams**", "duel52", {"players": 4}),
]


@pytest.mark.parametrize(("heading", "game", "options"), DOC_TABLES, ids=[d[1] for d in DOC_TABLES])
def test_the_documented_slices_are_the_layout(heading, game, options):
    """docs/interop.md's table tiles the tensor, and each section starts a row of it."""
    text = (Path(__file__).parents[2] / "docs" / "interop.md").read_text(encoding="utf-8")
    after = text[text.index(heading) :].splitlines()
    table = next(i for i, line in enumerate(after) if line.startswith("| slice"))
    slices = []
    for line in after[table + 2 :]:
        if not line.startswith("|"):
            break
        start, end = re.fullmatch(r"\| (\d+)-(\d+) \|.*", line).groups()
        slices.append((int(start), int(end)))
    code = encoding(game, options)
    assert [s for s, _ in slices] == [0] + [e + 1 for _, e in slices[:-1]]
    assert slices[-1][1] == code.view_bytes - 1
    starts = np.cumsum([0, *code.builder.layout.values()])[:-1]
    assert set(starts.tolist()) <= {s for s, _ in slices}

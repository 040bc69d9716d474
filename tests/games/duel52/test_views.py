"""Per-seat views: each seat sees exactly what the rules let it know (rulings 10, 14, 15)."""

from __future__ import annotations

import json
from typing import Any

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C
from tests.games.duel52.helpers import new

GAME = get_game("duel52")


def load(data: dict[str, Any]) -> Duel52State:
    state = GAME.load_position(data)
    assert isinstance(state, Duel52State)
    return state


def shown(state: Duel52State, seat: int | None, lane: int, owner: int, index: int) -> Any:
    """The card name ``seat`` sees at a board place (``None`` if hidden)."""
    return state.view(seat)["lanes"][lane]["rows"][owner][index]["card"]


def text_of(state: Duel52State, seat: int) -> str:
    return json.dumps(state.view(seat))


def assert_leak_free(state: Duel52State) -> None:
    for seat in (0, 1):
        for k in range(5):
            assert state.determinize(seat, Rng(k)).view(seat) == state.view(seat)


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    state = new(first_player="1")
    for seat in (0, 1):
        view = state.view(seat)
        opp = 1 - seat
        assert sorted(view["hands"][seat]) == sorted(C.name(c) for c in state.hands[seat])
        assert view["hands"][opp] == len(state.hands[opp])
        assert view["hand_sizes"] == [6, 5]
        text = text_of(state, seat)
        for card in state.hands[opp]:
            assert f'"{C.name(card)}"' not in text
    assert state.view(None)["hands"][1] == sorted(
        (C.name(c) for c in state.hands[1]), key=lambda n: (C.rank(C.parse(n)), n[-1])
    )


def test_seat_views_carry_no_seed_deck_order_or_removed_cards() -> None:
    state = new(seed=77)
    full = state.view(None)
    assert full["seed"] == 77
    assert full["pile_order"] == [C.name(c) for c in state.pile]
    assert len(full["removed_cards"]) == 10
    for seat in (0, 1):
        view = state.view(seat)
        assert {"seed", "pile_order", "removed_cards"}.isdisjoint(view)
        assert view["pile"] == len(state.pile) and view["removed"] == 10
        text = text_of(state, seat)
        for card in [*state.pile, *state.removed]:
            assert f'"{C.name(card)}"' not in text


def test_base_cards_are_hidden_from_both_seats_until_flipped() -> None:
    state = new(seed=5)
    for lane in range(3):
        for owner in (0, 1):
            assert shown(state, None, lane, owner, 0) is not None
            for seat in (0, 1):
                assert shown(state, seat, lane, owner, 0) is None
                card = state.view(seat)["lanes"][lane]["rows"][owner][0]
                assert card["base"] and not card["up"] and card["seen_by"] == []


def test_a_flipped_base_card_is_seen_by_both() -> None:
    state = load(
        {
            "lanes": [[["7H base"], ["8C base"]], [["2D"], ["3S"]], [["4C"], ["5C"]]],
            "pile": [],
            "to_move": 0,
        }
    )
    assert shown(state, 0, 0, 0, 0) is None and shown(state, 1, 0, 0, 0) is None
    state.apply(state.parse_action("flip 1a"))
    assert shown(state, 0, 0, 0, 0) == "7H" == shown(state, 1, 0, 0, 0)
    assert shown(state, 0, 0, 1, 0) is None and shown(state, 1, 0, 1, 0) is None
    assert_leak_free(state)


def test_a_played_card_is_visible_to_its_owner_only() -> None:
    state = new(seed=3, first_player="2")
    card = state.hands[1][0]
    lane = 1
    state.apply(state.parse_action(f"play {C.name(card)} {lane + 1}", 1))
    index = len(state.rows[lane][1]) - 1
    assert shown(state, 1, lane, 1, index) == C.name(card)
    assert shown(state, 0, lane, 1, index) is None
    for seat in (0, 1):
        entry = state.view(seat)["lanes"][lane]["rows"][1][index]
        assert not entry["up"] and not entry["base"] and entry["seen_by"] == [1]
    assert f'"{C.name(card)}"' not in text_of(state, 0)
    assert_leak_free(state)


LOOK_POSITION: dict[str, Any] = {
    "lanes": [
        [["KS base", "4H down"], ["QD base", "9C down"]],
        [["2C base"], ["3C base"]],
        [["5C base"], ["6D base"]],
    ],
    "hands": [["10H"], ["JH"]],
    "to_move": 0,
}


def test_a_fours_look_is_known_to_the_looker_only() -> None:
    state = load(LOOK_POSITION)
    state.apply(state.parse_action("flip 1b"))
    assert state.view(0)["pending"] == {"choice": "look", "seat": 0}
    assert state.view(1)["pending"] == {"choice": "look", "seat": 0}
    looks = {str(a) for a in state.legal_actions()}
    assert {"look 1A", "look 1B", "look 1a"} <= looks  # the owner's Base is unknown to it too
    assert shown(state, 0, 0, 1, 0) is None
    state.apply(state.parse_action("look 1A"))
    assert shown(state, 0, 0, 1, 0) == "QD"
    assert shown(state, 1, 0, 1, 0) is None, "a Base card stays unknown to its owner"
    for seat in (0, 1):
        assert state.view(seat)["lanes"][0]["rows"][1][0]["seen_by"] == [0]
    assert '"QD"' not in text_of(state, 1)
    assert_leak_free(state)


def test_looking_at_an_opponents_played_card_and_at_ones_own_base() -> None:
    state = load(LOOK_POSITION)
    state.apply(state.parse_action("flip 1b"))
    state.apply(state.parse_action("look 1B"))
    assert shown(state, 0, 0, 1, 1) == "9C" == shown(state, 1, 0, 1, 1)
    assert state.view(0)["lanes"][0]["rows"][1][1]["seen_by"] == [0, 1]
    state = load(LOOK_POSITION)
    state.apply(state.parse_action("flip 1b"))
    state.apply(state.parse_action("look 1a"))
    assert shown(state, 0, 0, 0, 0) == "KS"
    assert shown(state, 1, 0, 0, 0) is None
    assert_leak_free(state)


def _two_discard(**options: object) -> Duel52State:
    state = load(
        {
            "lanes": [[["KS base", "2H down"], ["QD base"]], [[], []], [[], []]],
            "hands": [["7C"], ["JH"]],
            "pile": ["8D", "9D"],
            "to_move": 0,
            "options": dict(options),
        }
    )
    state.apply(state.parse_action("flip 1b"))
    assert state.view(1)["pending"] == {"choice": "discard", "seat": 0}
    assert state.view(1)["hands"][0] == 2
    assert '"8D"' not in text_of(state, 1)
    assert sorted(state.view(0)["hands"][0]) == ["7C", "8D"]
    state.apply(state.parse_action("discard 7C"))
    return state


def test_a_twos_discard_is_hidden_from_the_other_seat() -> None:
    state = _two_discard()
    assert state.view(0)["discard"] == [{"card": "7C", "up": False, "from": "hand"}]
    assert state.view(1)["discard"] == [{"card": None, "up": False, "from": "hand"}]
    assert state.view(None)["discard"] == [{"card": "7C", "up": False, "from": "hand"}]
    assert '"7C"' not in text_of(state, 1)
    assert_leak_free(state)


def test_a_twos_discard_is_public_when_revealed() -> None:
    state = _two_discard(view_discard="revealed")
    for seat in (0, 1):
        assert state.view(seat)["discard"] == [{"card": "7C", "up": True, "from": "hand"}]
    assert_leak_free(state)


def test_a_card_killed_face_down_is_discarded_unseen() -> None:
    state = load(
        {
            "lanes": [[["KS base", "5H"], ["QD base", "9C down d1"]], [[], []], [[], []]],
            "to_move": 0,
        }
    )
    state.apply(state.parse_action("attack 1b 1B"))
    assert len(state.rows[0][1]) == 1
    assert state.view(0)["discard"] == [{"card": None, "up": False, "from": "board"}]
    assert state.view(1)["discard"] == [{"card": "9C", "up": False, "from": "board"}]
    assert_leak_free(state)


def test_a_face_down_jacks_hit_points_are_hidden_when_they_differ() -> None:
    pos: dict[str, Any] = {
        "lanes": [[["KS base", "JD down", "7D down"], ["QD base"]], [[], []], [[], []]],
        "to_move": 1,
    }
    state = load({**pos, "options": {"facedown_jack_hp": 3}})
    mine = state.view(0)["lanes"][0]["rows"][0]
    theirs = state.view(1)["lanes"][0]["rows"][0]
    assert [c["hp"] for c in mine] == [None, 3, 2]  # the owner knows its Jack, not its Base
    assert [c["hp"] for c in theirs] == [None, None, None]
    assert_leak_free(state)
    state = load(pos)
    assert [c["hp"] for c in state.view(1)["lanes"][0]["rows"][0]] == [2, 2, 2]


def test_the_order_choice_names_only_face_up_places() -> None:
    state = load(
        {
            "lanes": [
                [["KS base", "5H down", "4H down", "6C down"], ["QD base", "9C down"]],
                [[], []],
                [[], []],
            ],
            "to_move": 0,
        }
    )
    state.apply(state.parse_action("flip 1b"))
    for seat in (0, 1):
        pending = state.view(seat)["pending"]
        assert pending == {"choice": "order", "seat": 0, "lane": 1, "waiting": ["1c", "1d"]}
    assert_leak_free(state)


def test_views_are_json_ready_throughout_a_game() -> None:
    state = new(seed=11, variant="quick")
    rng = Rng(11)
    while not state.is_over():
        for seat in (0, 1, None):
            assert json.loads(json.dumps(state.view(seat))) == state.view(seat)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    final = state.view(0)
    assert final["result"] is not None and final["to_move"] == []


def _hidden_from(state: Duel52State, seat: int) -> list[int]:
    bit = 1 << seat
    board = [bc.card for lane in state.rows for row in lane for bc in row if not bc.known & bit]
    discard = [c for c, _, known, _ in state.discard if not known & bit]
    return sorted(board + discard + state.hands[1 - seat] + state.pile + state.removed)


def test_determinize_re_deals_the_hidden_cards_and_only_those() -> None:
    # Without this, a determinize that returned a plain copy would pass every leak test.
    state = load(LOOK_POSITION)
    state.apply(state.parse_action("flip 1b"))
    state.apply(state.parse_action("look 1A"))
    full = state.view(None)
    samples = [state.determinize(0, Rng(k)) for k in range(20)]
    for sample in samples:
        assert _hidden_from(sample, 0) == _hidden_from(state, 0)
        assert sample.hands[0] == state.hands[0]
        assert sample.rows[0][1][0].card == C.parse("QD")  # looked at: known, kept
        assert sample.rows[0][0][1].card == C.parse("4H")
        assert sample.card_counts() == 52
    assert state.view(None) == full, "determinize changed the real state"
    assert len({tuple(s.hands[1]) for s in samples}) > 10
    assert len({s.rows[1][0][0].card for s in samples}) > 5  # seat 0's own unknown Base
    assert len({tuple(s.pile) for s in samples}) == 20
    assert {s.rows[0][1][1].card for s in samples} != {C.parse("9C")}


def test_determinize_is_repeatable_for_a_seed() -> None:
    state = new(seed=21)
    a, b = state.determinize(1, Rng(5)), state.determinize(1, Rng(5))
    assert a.view(None) == b.view(None)
    assert a.view(None) != state.determinize(1, Rng(6)).view(None)


def test_a_hidden_card_with_two_damage_is_sampled_as_a_jack() -> None:
    state = load(
        {
            "lanes": [
                [["KS base", "5H"], ["QD base", "JD down d2", "8C down d1"]],
                [[], []],
                [[], []],
            ],
            "to_move": 0,
            "options": {"facedown_jack_hp": 3},
        }
    )
    ranks = set()
    for k in range(30):
        sample = state.determinize(0, Rng(k))
        assert C.rank(sample.rows[0][1][1].card) == C.JACK
        ranks.add(C.rank(sample.rows[0][1][2].card))
        assert sample.view(0) == state.view(0)
    assert len(ranks) > 3  # one damage proves nothing: any rank


def test_views_determinize_never_puts_a_three_where_a_card_died_face_down() -> None:
    # Seat 0 kills seat 1's face-down card; a 3 there would have sprung its Trap, so no
    # re-dealt state may show a 3 in that discard entry.
    from duelhall.core.game import get_game
    from duelhall.core.rng import Rng
    from duelhall.games.duel52.engine.cards import rank

    state = get_game("duel52").load_position(
        {
            "to_move": 0,
            "actions_left": 1,
            "lanes": [
                [["9H"], ["5C down d1"]],
                [["2C base"], ["2D base"]],
                [["2H base"], ["2S base"]],
            ],
            "pile_size": 10,
        }
    )
    state.apply(state.parse_action("attack 1a 1A"))
    entry = state.view(0)["discard"][-1]
    assert entry == {"card": None, "up": False, "from": "board"}
    for k in range(200):
        sample = state.determinize(0, Rng(k))
        assert rank(sample.discard[-1][0]) != 3
        assert sample.view(0) == state.view(0)

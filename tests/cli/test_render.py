"""What the terminal tells a player: consequences of actions, the board at 80 columns."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from duelhall.core import engines
from duelhall.core.game import get_game
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.terminal import render, ui

NAMES = ("You", "Computer")


def position(**kw: Any) -> Duel52State:
    data: dict[str, Any] = {
        "to_move": 0,
        "actions_left": 3,
        "pile": ["2C", "3C", "4C"],
        "hands": [["QS"], ["QH"]],
    }
    data.update(kw)
    with engines.using("reference"):  # the tests read the reference's fields
        state = get_game("duel52").load_position(data)
    assert isinstance(state, Duel52State)
    return state


def told(state: Duel52State, text: str, seat: int = 0) -> list[str]:
    """Apply ``text`` (for the player to move) and return what ``seat`` is told."""
    before = state.view(seat)
    action = state.parse_action(text)
    state.apply(action)
    return [line.plain for line in render.effects(action, before, state.view(seat), seat, NAMES)]


def test_an_attack_reports_damage_and_death() -> None:
    lanes = [[["2D base", "9S"], ["3D base", "5H d1", "6H"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes)
    theirs = state.clone()
    assert told(state, "attack 1b 1B") == ["1B (5♥) dies"]
    assert told(theirs, "attack 1b 1B", seat=1) == ["1b (5♥) dies"]  # the owner's letters


def test_damage_to_a_hidden_card_and_hit_points_left() -> None:
    lanes = [[["2D base", "9S"], ["3D base", "5H down"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes)
    assert told(state, "attack 1b 1B") == ["1B (face-down) takes 1 damage: 1 of 2 hit points left"]


def test_an_eight_strikes_back_and_the_attacker_dies() -> None:
    lanes = [[["2D base", "9S", "4S d1"], ["3D base", "8H"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes)
    lines = told(state, "attack 1c 1B")
    assert "1c (4♠) dies (the 8 strikes back)" in lines
    assert "1B (8♥) takes 1 damage: 1 of 2 hit points left" in lines


def test_a_trap_is_explained() -> None:
    lanes = [[["2D base", "9S"], ["3D base", "3H down d1"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes)
    lines = told(state, "attack 1b 1B")
    assert lines == ["Trap! 1B was a face-down 3: it turns face-up unhurt (3♥, Trap)"]


def test_the_opponents_flip_names_the_card_and_its_freeze() -> None:
    lanes = [[["2D base", "9S", "4S down"], ["3D base", "6H down"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes, to_move=1)
    lines = told(state, "flip 1b", seat=0)
    assert lines[0] == "1B turns face-up: 6♥, Freeze"
    # The face-up 9 is immune; the Base card and the face-down 4 are frozen.
    assert "Frozen until the end of your next turn: 1a, 1c" in lines


def test_winning_a_lane_is_announced_with_the_turn_passing() -> None:
    lanes = [[["2D base up", "9S"], ["3D base up d1"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes, pile=[], hands=[["QS"], []], actions_left=1)
    lines = told(state, "attack 1b 1A")
    assert lines[:2] == ["1A (3♦) dies", "You win lane 1!"]
    assert lines[-1].startswith("── Turn 3: Computer, 3 actions")


def test_the_next_players_draw_is_shown_only_to_them() -> None:
    lanes = [[["2D base"], ["3D base"]], [["4D base"], ["5D base"]], [["7D base"], ["8D base"]]]
    state = position(lanes=lanes, hands=[["QS"], ["KS"]], actions_left=1, pile=["AH"])
    mine = state.clone()
    assert told(mine, "play QS 1", seat=1)[-1] == "Computer draws A♥"  # seat 1's own eyes
    assert told(state, "play QS 1", seat=0)[-1] == "Computer draws a card"


def test_an_ace_gains_an_action_and_an_attack() -> None:
    lanes = [[["2D base", "AS down"], ["3D base", "5H"]], [["4D base"], ["5D base"]]]
    lanes.append([["7D base"], ["8D base"]])
    state = position(lanes=lanes, options={"ace_attacks": "two"})
    lines = told(state, "flip 1b")
    assert "1b (A♠) may attack 2 times this turn" in lines
    assert "You gain 1 extra action" in lines


def test_effects_never_crash_over_random_games() -> None:
    info = get_game("duel52")
    from duelhall.core.rng import Rng

    for seed in range(4):
        state = info.new_state(seed, {})
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            before = {s: state.view(s) for s in (0, 1, None)}
            cards_before = _cards(before[None])
            state.apply(action)
            for s in (0, 1, None):
                eye = action.seat if s is None else s
                lines = render.effects(action, before[s], state.view(s), eye, NAMES)
                if s is None and action.kind == "attack":
                    died = sum(line.plain.endswith(("dies", "strikes back)")) for line in lines)
                    assert died == cards_before - _cards(state.view(None)), (seed, str(action))


def _cards(view: dict[str, Any]) -> int:
    return sum(len(row) for lane in view["lanes"] for row in lane["rows"])


def test_the_board_fits_eighty_columns_without_cutting_anything() -> None:
    data = {
        "to_move": 0,
        "pile": [],
        "hands": [["QS", "QH", "2C"], []],
        "lanes": [
            [["2D base up", "10S p1 d1 frozen", "10H p1 d1 frozen"], []],
            [["KC base seen:01 d1"], ["JD d2", "9C"]],
            [["9S base up"], ["8C base up", "10D d1 frozen"]],
        ],
        "lane_winner": [0, None, None],
        "discard": ["4C", {"card": "QD", "up": False, "seen": [1]}],
    }
    with engines.using("reference"):  # the tests read the reference's fields
        state = get_game("duel52").load_position(data)
    console = Console(width=80, record=True, color_system=None)
    console.print(render.render_view(state.view(0), ("Computer", "Player 2")))
    text = console.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "…" not in text
    assert "won by Computer" in text and "seen" in text


def test_plays_are_a_grid_numbered_card_by_card() -> None:
    lanes = [[["2D base"], ["3D base"]], [["4D base"], ["5D base"]], [["7D base"], ["8D base"]]]
    state = position(lanes=lanes, hands=[["QS", "7H"], []])
    legal = sorted(state.legal_actions(), key=render.sort_key)
    assert [str(a) for a in legal[:4]] == ["play 7H 1", "play 7H 2", "play 7H 3", "play QS 1"]
    lines = [line.plain for line in ui.choice_lines(legal, state.view(0), 0)]
    assert lines[1].split() == ["7♥", "1)", "2)", "3)"]
    assert lines[2].split() == ["Q♠", "4)", "5)", "6)"]

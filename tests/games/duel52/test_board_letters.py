"""Board letters stay put through a turn (issue 11, "targets that stay put").

A card's letter (``2c``) is its place in its row, except that within a turn a card that
leaves a row gives its letter up for good: the cards behind it keep theirs and a card
arriving later takes a fresh one. Letters close up when the next turn starts. Records keep
counting places, so old records replay unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from duelhall.core.errors import PositionError
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.board import letter_bit, row_letters
from duelhall.games.duel52.terminal import ui
from tests.games.duel52 import test_s4_teams_helpers as teams
from tests.games.duel52.helpers import GAME, act, make
from tests.games.duel52.test_s4_three_player_helpers import tri


def letters(view: dict[str, Any], lane: int, side: int, key: str = "lanes") -> str:
    return "".join(card["letter"] for card in view[key][lane - 1]["rows"][side])


def board_text(view: dict[str, Any], names: tuple[str, ...] = ("You", "Computer")) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(ui.render_view(view, names))
    return console.export_text()


def killing_turn() -> Duel52State:
    """Seat 0 to act; its 9 in 1b kills the opponent's 2D (1B), which has one hit left."""
    return make(
        {1: (["9H", "10S", "KC down"], ["2D d1", "KD", "7C down", "QS"])},
        hands=(["5C"], ["6C"]),
    )


def test_row_letters_skip_the_letters_given_up() -> None:
    assert row_letters(0, 3) == ["a", "b", "c"]
    assert row_letters(0b10, 3) == ["a", "c", "d"]
    assert letter_bit(0b10, 1) == 2  # the second card of that row holds c


def test_cards_behind_a_dead_card_keep_their_letters_for_the_turn() -> None:
    state = killing_turn()
    act(state, "attack 1b 1B")
    view = state.view(0)
    assert letters(view, 1, 1) == "acde"  # 1B died; K♦ is still 1C, Q♠ still 1E
    text = board_text(view)
    assert "1C K♦" in text and "1E Q♠" in text and "1B" not in text
    attacks = {ui.typed_notation(a, view, 0) for a in state.legal_actions(0)}
    assert "attack 1c 1C 1E" in attacks  # the 10 names the cards as the board does
    # Records still count places: the same attack is written with K♦ as the second card.
    assert "attack 1c 1B 1D" in {str(a) for a in state.legal_actions(0)}


def test_the_opponent_sees_the_same_letters() -> None:
    state = killing_turn()
    act(state, "attack 1b 1B")
    assert letters(state.view(1), 1, 1) == "acde"
    assert letters(state.view(None), 1, 1) == "acde"


def test_a_letter_given_up_is_not_taken_by_a_card_played_later_that_turn() -> None:
    # Seat 0's 2♦ (one hit left) attacks a face-up 8, whose spikes kill it: its row's
    # last card. The 5♣ played next into that lane takes c, not b.
    state = make({1: (["2D d1"], ["8S"])}, hands=(["5C"], ["6C"]))
    act(state, "attack 1b 1B")
    assert letters(state.view(0), 1, 0) == "a"
    act(state, "play 5C 1")
    assert letters(state.view(0), 1, 0) == "ac"
    assert "1c (5♣)" in board_text(state.view(0))


def test_letters_close_up_when_the_next_turn_starts() -> None:
    state = killing_turn()
    act(state, "attack 1b 1B")
    while state.current == 0:
        state.apply(state.legal_actions()[0])
    assert letters(state.view(1), 1, 1) == "abcd"[: len(state.rows[0][1])]


def test_a_card_moved_by_a_queen_takes_a_fresh_letter_where_it_arrives() -> None:
    # Seat 0 flips its Queen in lane 2 and brings its face-down 7♣ (1c) over from lane 1:
    # 1c's letter is given up in lane 1 (the K♣ behind it stays 1d) and the 7♣ becomes
    # 2c, the next letter of lane 2, whatever it is.
    state = make(
        {1: (["9H", "7C down", "KC down"], ["2D"]), 2: (["QH down"], ["3D"])},
        hands=(["5C"], ["6C"]),
    )
    act(state, "flip 2b", "move 1c")
    assert letters(state.view(0), 1, 0) == "abd"
    assert letters(state.view(0), 2, 0) == "abc"
    # The opponent, who never saw the 7♣, sees the same letters.
    assert letters(state.view(1), 1, 0) == "abd"
    assert letters(state.view(1), 2, 0) == "abc"


def test_letters_tell_nothing_of_hidden_cards() -> None:
    """A letter comes from where a card lies and who left the row, never from what it is:
    every re-deal of what seat 1 cannot see gives seat 1 the same letters."""
    state = killing_turn()
    act(state, "attack 1b 1B")
    seen = state.view(1)
    for k in range(20):
        again = state.determinize(1, Rng(k)).view(1)
        assert [r["rows"] for r in again["lanes"]] == [r["rows"] for r in seen["lanes"]]


def test_positions_keep_the_letters_given_up_this_turn() -> None:
    state = killing_turn()
    act(state, "attack 1b 1B")
    position = state.to_position()
    assert position["vacated"] == [["", "b"], ["", ""], ["", ""]]
    loaded = GAME.load_position(position)
    assert loaded.view(0) == state.view(0)
    assert loaded.to_position() == position


def test_positions_without_letters_given_up_write_none() -> None:
    assert "vacated" not in killing_turn().to_position()


@pytest.mark.parametrize(
    "vacated",
    ["b", [["", "b"]], [["", "b"], ["", ""], ["", 7]], [["", "bb"], ["", ""], ["", ""]]],
)
def test_positions_refuse_malformed_letters_given_up(vacated: object) -> None:
    position = killing_turn().to_position()
    position["vacated"] = vacated
    with pytest.raises(PositionError, match="vacated"):
        GAME.load_position(position)


def test_team_game_letters_stay_put_through_a_turn() -> None:
    state = teams.make({1: (["9H"], ["2D d1", "KD"])}, hands=(["5C"], ["6C"], ["7D"], ["8D"]))
    teams.act(state, "attack 1b 1B")
    view = state.view(2)  # the partner sees the same board
    assert letters(view, 1, 1) == "ac"
    assert "1C K♦" in board_text(view, ("P1", "P2", "P3", "P4"))
    assert GAME.load_position(state.to_position()).view(0) == state.view(0)


def test_three_player_letters_stay_put_through_a_turn() -> None:
    state = tri({1: (["9H"], ["2D d1", "KD"], ["5S"])}, hands=(["5C"], ["6C"], ["7D"]))
    state.apply(state.parse_action("attack 11a 12a"))
    view = state.view(0)
    assert letters(view, 1, 1, key="triangles") == "b"
    text = board_text(view, ("You", "C1", "C2"))
    assert "12b K♦" in text and "12a" not in text
    assert GAME.load_position(state.to_position()).view(0) == state.view(0)


@pytest.mark.parametrize("view", ["full", "1"])
def test_replay_names_board_cards_by_the_letters_drawn(tmp_path: Any, view: str) -> None:
    from click.testing import CliRunner

    from duelhall.cli.main import cli
    from duelhall.core.record import Record, save

    state = killing_turn()
    record = Record(
        game="duel52",
        seed=0,
        options=dict(state.options),
        start=state.to_position(),
        actions=[(0, "attack 1b 1B"), (0, "attack 1c 1B 1D")],  # records count places
    )
    save(record, tmp_path / "r.json")
    args = ["replay", str(tmp_path / "r.json"), "--no-step", "--view", view]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "[attack 1c 1C 1E]" in result.output  # as the board draws them after 1B died
    assert "[attack 1c 1B 1D]" not in result.output

"""``replay --view N`` tells a secret (simultaneous) choice only once the rules reveal it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.game import get_game
from duelhall.core.record import replay_steps, save
from duelhall.sim.match import play_match


def _replay(path: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["replay", str(path), "--no-step", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", ["deckduel", "highlander"])
def test_replay_through_a_seat_holds_back_the_other_seats_secret_choice(
    tmp_path: Path, game: str
) -> None:
    record = play_match(get_game(game), ["random", "random"], 3).record
    path = tmp_path / "game.json"
    save(record, path)
    checked = 0
    for number, (state, actor, _text) in enumerate(replay_steps(record)):
        if actor == -1 or len(state.to_move()) < 2 or checked >= 3:
            continue
        # Action number+1 is a secret choice made while another seat still has to choose.
        line = f"{number + 1}. Player {actor + 1}:"
        viewer = 2 - actor  # the other seat's eyes
        before_reveal = _replay(path, "--view", str(viewer), "--to", str(number + 1))
        assert line not in before_reveal
        revealed = _replay(path, "--view", str(viewer), "--to", str(number + 2))
        assert line in revealed  # told with the last choice, which reveals both
        # The referee's full view sees it at once.
        assert line in _replay(path, "--to", str(number + 1))
        checked += 1
    assert checked == 3

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


@pytest.mark.parametrize("game", ["deckduel", "highlander", "duelfighters"])
def test_replay_through_a_seat_holds_back_the_other_seats_secret_choice(
    tmp_path: Path, game: str
) -> None:
    record = play_match(get_game(game), ["random", "random"], 3).record
    path = tmp_path / "game.json"
    save(record, path)
    # Before each action: how many seats were choosing at once. A secret choice is told once
    # an action is made with one seat left to choose (Duel Fighters programs a sequence as
    # many small choices, so that may come several actions later).
    steps = [(len(state.to_move()), actor) for state, actor, _ in replay_steps(record)]
    checked = 0
    for number, (movers, actor) in enumerate(steps):
        if actor == -1 or movers < 2 or checked >= 3:
            continue
        reveal = next(k for k in range(number + 1, len(steps)) if steps[k][0] < 2)
        line = f"{number + 1}. Player {actor + 1}:"
        viewer = 2 - actor  # the other seat's eyes
        before_reveal = _replay(path, "--view", str(viewer), "--to", str(reveal))
        assert line not in before_reveal
        revealed = _replay(path, "--view", str(viewer), "--to", str(reveal + 1))
        assert line in revealed  # told with the choice that ends the simultaneous moment
        # The referee's full view sees it at once.
        assert line in _replay(path, "--to", str(number + 1))
        checked += 1
    assert checked == 3

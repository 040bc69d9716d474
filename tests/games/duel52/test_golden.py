"""Golden playthroughs: whole games written out as text and compared with stored copies.

Each game is played by a uniformly random chooser from a fixed seed (the same rule as
:class:`duelhall.agents.random_agent.RandomAgent`, written out here so the files depend on
the engine alone). The text has a header (game, seed, options), one line per action
(``turn N seat S: <notation>``), a compact board summary every few actions, and the outcome.
Any change to the deal, the legal actions, their order, their notation or their effects
shows up as a readable diff.

After an intended rules change, regenerate the files and review the diff::

    DUELHALL_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/duel52/test_golden.py

With the variable set the test writes the files instead of comparing them (and passes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.options import VARIANT_OPTIONS
from tests.golden import compare_or_write, outcome_line, read_golden

GAME = get_game("duel52")
GOLDEN_DIR = Path(__file__).parent / "golden"
SUMMARY_EVERY = 10
MAX_ACTIONS = 1000

# name -> (deal seed, chooser seed, options)
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "standard_default": (1, 101, {}),
    "quick_hand_empty": (
        2,
        202,
        {"variant": "quick", "first_player": "2", "lane_win": "hand-empty"},
    ),
    "long_house_rules": (
        3,
        303,
        {
            "variant": "long",
            "facedown_jack_hp": 3,
            "twinstrike_optional": True,
            "ace_attacks": "two",
        },
    ),
    "standard_alternatives": (
        4,
        404,
        {
            "first_player": "1",
            "first_player_draws": False,
            "dead_eight_retaliates": False,
            "view_discard": "revealed",
        },
    ),
    "expansion_ultimate": (
        5,
        505,
        {"heroes": True, "bannermen": True, "forts": True, "vampiric": True},
    ),
}


def _summary(state: Duel52State, label: str) -> list[str]:
    """The referee's board: every card named, with the position format's words."""
    pos = state.to_position()
    hands = "  ".join(
        f"P{s}[{' '.join(pos['hands'][s])}]" for s in (0, 1)
    )  # the seat numbers of the action lines
    lines = [
        f"  -- {label}: pile {len(state.pile)}, discard {len(state.discard)}, "
        f"actions left {state.actions_left}, hands {hands}"
    ]
    for lane in range(3):
        rows = [", ".join(pos["lanes"][lane][s]) or "-" for s in (0, 1)]
        winner = state.lane_winner[lane]
        won = f"  (won by seat {winner})" if winner is not None else ""
        lines.append(f"  lane {lane + 1}: seat 0 [{rows[0]}] | seat 1 [{rows[1]}]{won}")
    if state.pending:
        lines.append(f"  pending: {pos['pending']}")
    if "expansion" in pos:
        x = pos["expansion"]
        shown = {k: x[k] for k in ("heroes", "hero_played", "bannermen", "forts") if x[k]}
        lines.append(f"  expansion: {json.dumps(shown, sort_keys=True)}")
    return lines


def playthrough(seed: int, chooser_seed: int, options: dict[str, Any]) -> tuple[str, Record]:
    """Play a game with random legal actions; return its text and its record."""
    state = GAME.new_state(seed, options)
    assert isinstance(state, Duel52State)
    resolved = GAME.resolve_options(options)
    # Expansion options left at their defaults are not written, so the base game's files
    # read as they did before the expansion existed.
    for name in VARIANT_OPTIONS:
        if name not in options and not resolved[name]:
            del resolved[name]
    if "players" not in options and resolved["players"] == 2:
        del resolved["players"]
    lines = [
        "# Duel 52 golden playthrough; regenerate with DUELHALL_UPDATE_GOLDEN=1",
        "game: duel52",
        f"seed: {seed}",
        f"chooser seed: {chooser_seed}",
        f"options: {json.dumps(resolved, sort_keys=True)}",
        f"first player: seat {state.first_player}",
        f"removed: {' '.join(C.name(c) for c in sorted(state.removed)) or '-'}",
        *_summary(state, "start"),
    ]
    rng = Rng(chooser_seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        assert len(actions) < MAX_ACTIONS, "the game did not end"
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        text = str(action)
        lines.append(f"turn {state.turn} seat {action.seat}: {text}")
        actions.append((action.seat, text))
        state.apply(action)
        if len(actions) % SUMMARY_EVERY == 0 and not state.is_over():
            lines.extend(_summary(state, f"after {len(actions)} actions"))
    lines.extend(_summary(state, "end"))
    outcome = state.outcome()
    assert outcome is not None
    lines.append(outcome_line(outcome, len(actions)))
    record = Record(game="duel52", seed=seed, options=dict(options), actions=actions)
    return "\n".join(lines) + "\n", record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    seed, chooser_seed, options = GAMES[name]
    text, record = playthrough(seed, chooser_seed, options)
    compare_or_write(GOLDEN_DIR / f"{name}.txt", text, record)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_replays_as_a_record(name: str) -> None:
    """The stored actions replay on their own, ending in the stored outcome.

    When a golden comparison fails this test names the first stored action that the engine
    no longer accepts, which is usually where to look.
    """
    stored = read_golden(GOLDEN_DIR / f"{name}.txt", "turn")
    assert stored.header["game"] == "duel52"
    outcome = replay(stored.record("duel52")).outcome()
    assert outcome is not None, "the stored actions do not finish the game"
    assert stored.outcome == outcome_line(outcome, len(stored.actions))


def test_playthrough_record_replays_to_the_same_state() -> None:
    seed, chooser_seed, options = GAMES["standard_default"]
    text, record = playthrough(seed, chooser_seed, options)
    assert playthrough(seed, chooser_seed, options)[0] == text, "playthroughs are not repeatable"
    final = replay(record)
    state = GAME.new_state(seed, options)
    for seat, action in record.actions:
        state.apply(state.parse_action(action, seat))
    assert final.view(None) == state.view(None)
    assert final.is_over()

"""Golden playthroughs: whole games written out as text and compared with stored copies.

Each game is played by a uniformly random chooser from a fixed seed (every simultaneous
answer drawn from the same state before any is applied). The text lists the options, one
line per decision, a summary of every turn's combat, and the outcome, so any change to the
deal, the legal decisions, their order or their effects shows up as a readable diff.

After an intended rules change, regenerate the files and review the diff::

    DUELHALL_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/deckduel/test_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.state import DeckDuelState, card_name
from tests.golden import compare_or_write, outcome_line, read_golden

GAME = get_game("deckduel")
GOLDEN_DIR = Path(__file__).parent / "golden"

GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "default": (1, 101, {}),
    "alternatives": (
        2,
        202,
        {
            "reshuffle": "remaining",
            "empty_deck": "new-round",
            "choice_order": "face-first",
            "block_floor": 1,
            "focus_lasts": "game",
            "focused_ace_vs_ace": "tie",
            "foresight_discard": "revealed",
        },
    ),
}


def _summary(state: DeckDuelState) -> str:
    c = state.combat
    assert c is not None
    cards = " v ".join(
        card_name(x) + ("*" if f else "") for x, f in zip(c.cards, c.focused, strict=True)
    )
    who = "tie" if c.winner is None else f"seat {c.winner} wins, {c.damage} damage"
    if c.winner is not None:
        who += f", {'blocked, ' if c.blocked else ''}{c.dealt} taken"
    extra = f", {c.effect}" if c.effect else ""
    extra += f" ({c.look})" if c.look else ""
    return (
        f"  -- turn {c.turn}: {cards}: {who}{extra}; health {state.health}, "
        f"actions {state.actions}, rage {state.rage}, focus {state.focus}, "
        f"decks {[len(d) for d in state.decks]}"
    )


def playthrough(seed: int, chooser: int, options: dict[str, Any]) -> tuple[str, Record]:
    state = GAME.new_state(seed, options)
    assert isinstance(state, DeckDuelState)
    lines = [
        "# Deck Duel golden playthrough; regenerate with DUELHALL_UPDATE_GOLDEN=1",
        "game: deckduel",
        f"seed: {seed}",
        f"chooser seed: {chooser}",
        f"options: {json.dumps(GAME.resolve_options(options), sort_keys=True)}",
        f"decks (top first): {[[card_name(c) for c in reversed(d)] for d in state.decks]}",
    ]
    rng = Rng(chooser)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        assert len(actions) < 2000
        turn = state.turn
        chosen = []
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            chosen.append(legal[rng.below(len(legal))])
        for action in chosen:
            lines.append(f"turn {state.turn} seat {action.seat}: {action}")
            actions.append((action.seat, str(action)))
            state.apply(action)
        if state.turn != turn or state.is_over():
            lines.append(_summary(state))
    outcome = state.outcome()
    assert outcome is not None
    lines.append(outcome_line(outcome, len(actions)))
    record = Record(game="deckduel", seed=seed, options=dict(options), actions=actions)
    return "\n".join(lines) + "\n", record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    seed, chooser, options = GAMES[name]
    text, record = playthrough(seed, chooser, options)
    compare_or_write(GOLDEN_DIR / f"{name}.txt", text, record)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_file_replays_as_a_record(name: str) -> None:
    stored = read_golden(GOLDEN_DIR / f"{name}.txt", "turn")
    outcome = replay(stored.record("deckduel")).outcome()
    assert outcome is not None
    assert stored.outcome == outcome_line(outcome, len(stored.actions))

"""Small position builders shared by the Duel 52 rule tests.

``make`` builds a position from lane rows written without their Base cards: by default
every row gets a face-down Base card first (so ``2a`` is the Base and the first card listed
is ``2b``), taken from filler cards the test does not use. Pass ``bases=False`` to write
rows exactly (needed once the pile is empty, when Base cards start to matter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from duelhall.cli.main import cli
from duelhall.core.errors import IllegalActionError
from duelhall.core.game import get_game
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import BoardCard

GAME = get_game("duel52")

Rows = Mapping[int, tuple[Sequence[str], Sequence[str]]]

# Filler Base cards, least likely to clash with the cards a test names.
_FILLER = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7") for s in "CDHS"]


def _card_of(token: str | Mapping[str, Any]) -> int:
    text = token["card"] if isinstance(token, Mapping) else token
    return C.parse(str(text).split()[0])


def make(
    lanes: Rows | None = None,
    *,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    pile: Sequence[str] | None = None,
    pile_size: int | None = None,
    bases: bool = True,
    to_move: int = 0,
    turn: int = 5,
    actions_left: int = 3,
    discard: Sequence[str | Mapping[str, Any]] = (),
    expansion: Mapping[str, Any] | None = None,
    **options: Any,
) -> Duel52State:
    """A position: ``lanes`` maps lane number (1-3) to (seat 0's row, seat 1's row).

    ``expansion`` is the position's expansion object (docs/positions/duel52.md), for games with
    heroes, bannermen, forts or Vampiric 3s and 4s."""
    lanes = lanes or {}
    used = {_card_of(t) for rows in lanes.values() for row in rows for t in row}
    if expansion:
        names = [h for h in expansion.get("heroes", ()) if h]
        names += [c for row in expansion.get("bannermen", ()) for c in row]
        names += [f if isinstance(f, str) else f["card"] for f in expansion.get("forts", ())]
        used |= {_card_of(t) for t in names}
    used |= {_card_of(t) for hand in hands for t in hand}
    used |= {_card_of(t) for t in discard}
    used |= {_card_of(t) for t in pile or ()}
    filler = (t for t in _FILLER if C.parse(t) not in used)
    table: list[list[list[str]]] = []
    for lane in (1, 2, 3):
        rows = lanes.get(lane, ((), ()))
        table.append(
            [([f"{next(filler)} base"] if bases else []) + list(rows[seat]) for seat in (0, 1)]
        )
    data: dict[str, Any] = {
        "to_move": to_move,
        "turn": turn,
        "actions_left": actions_left,
        "hands": [list(hands[0]), list(hands[1])],
        "lanes": table,
        "discard": list(discard),
        "options": dict(options),
    }
    if expansion is not None:
        data["expansion"] = dict(expansion)
    if pile is not None:
        data["pile"] = list(pile)
    elif pile_size is not None:
        data["pile_size"] = pile_size
    state = GAME.load_position(data)
    assert isinstance(state, Duel52State)
    return state


def new(seed: int = 1, **options: Any) -> Duel52State:
    state = GAME.new_state(seed, options)
    assert isinstance(state, Duel52State)
    return state


def act(state: Duel52State, *texts: str) -> Duel52State:
    """Apply actions written in notation, from the seat to move's side, in turn."""
    for text in texts:
        state.apply(state.parse_action(text))
    return state


def illegal(state: Duel52State, text: str) -> str:
    """Assert the action is refused and return the reason; the state must not change."""
    before = state.to_position()
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    assert state.to_position() == before
    return str(info.value)


def legal(state: Duel52State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def card(state: Duel52State, slot: str, seat: int | None = None) -> BoardCard:
    """The board card at a slot written from ``seat``'s side (default: the seat to move)."""
    from duelhall.games.duel52.duel.notation import parse_slot

    return state.at(parse_slot(slot, state.current if seat is None else seat))


def row(state: Duel52State, lane: int, seat: int) -> list[str]:
    """Names of the cards in a row (lane 1-3), Base cards included."""
    return [C.name(bc.card) for bc in state.rows[lane - 1][seat]]


def discards(state: Duel52State) -> list[tuple[str, bool, int]]:
    return [(C.name(c), up, known) for c, up, known, _ in state.discard]


def hand(state: Duel52State, seat: int) -> list[str]:
    return sorted(C.name(c) for c in state.hands[seat])


# ---------------------------------------------------------------------- every player count

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)

RULE_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "first_player": st.sampled_from(["random", "1", "2"]),
    "first_player_draws": st.booleans(),
    "facedown_jack_hp": st.sampled_from([2, 3]),
    "twinstrike_optional": st.booleans(),
    "dead_eight_retaliates": st.booleans(),
    "ace_attacks": st.sampled_from(["two", "stack"]),
    "facedown_nine_immune": st.booleans(),
    "view_discard": st.sampled_from(["hidden", "revealed"]),
}
"""Strategies for the rule options the three- and four-player games share with the duel;
each mode's property tests add the options of its own."""


def examples(n: int) -> settings:
    """Hypothesis settings for ``n`` random games, however long each takes."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run_cli(*args: str, input: str | None = None) -> tuple[int, str]:
    """The exit code and output of ``duelhall ARGS`` given ``input`` at the prompt."""
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output

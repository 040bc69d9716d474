"""Damaged Duel Fighters positions are refused with a one-line error, or load into a state
that writes back the same and plays on (positions are untrusted input)."""

from __future__ import annotations

import functools
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step
from duelhall.core.untrusted import parse_document
from duelhall.games.duelfighters import INFO
from tests import fuzzing as F

from ..combat.scripted import Dice
from .helpers import do, executing, new


@functools.cache
def _documents() -> tuple[dict[str, Any], ...]:
    docs = []
    for seed, (scenario, steps) in enumerate(
        [("open-field", 0), ("tavern", 7), ("arena", 40), ("forest", 150), ("tavern", 10_000)]
    ):
        state = new(seed, scenario=scenario)
        rng = Rng(seed)
        for _ in range(steps):
            if state.is_over():
                break
            random_step(state, rng)
        docs.append(state.to_position())
    # An attack waiting for Lesdinn's Wall of Swords, and one for Divine Protection.
    waiting = executing([[("attack",)], [("turn-left",)]], [(400, 300, 90), (400, 345, 270)])
    waiting.board.rng = Dice(6, 4, 1, 1, 1)
    do(waiting, 0, "attack", defend=None)
    docs.append(waiting.to_position())
    waiting = executing(
        [[("attack",)], [("turn-left",)]], [(400, 300, 90), (400, 345, 270)], second="hallothon"
    )
    waiting.board.rng = Dice(6, 4, 4, 1, 1, 1, 1, 1, 1, 1)
    do(waiting, 0, "attack")
    docs.append(waiting.to_position())
    assert all(d["pending"] for d in docs[-2:])
    return tuple(docs)


@F.fuzz_settings(120)
@given(data=st.data())
def test_a_damaged_position_is_refused_or_plays(data: st.DataObject) -> None:
    docs = _documents()
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="position"), F.all_keys(docs))
    raw = F.file_bytes(data, doc)
    try:
        state = INFO.load_position(parse_document(raw, "p.json", PositionError))
    except DuelhallError as e:
        assert "\n" not in str(e)
        return
    again = INFO.load_position(json.loads(json.dumps(state.to_position())))
    assert again.view(None) == state.view(None)
    rng = Rng(data.draw(st.integers(0, 99), label="play seed"))
    for _ in range(8):
        if state.is_over():
            break
        for seat in state.to_move():
            assert state.legal_actions(seat)
            state.view(seat)
        random_step(state, rng)

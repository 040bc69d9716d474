"""Fuzzing positions of every game: a damaged position file is refused with a
PositionError, or loads into a state the game can show, write back and play on; and
``duelhall play GAME --position FILE`` says what is wrong in one line, never with a
traceback.

The examples are derandomized so the suite is repeatable; set DUELHALL_FUZZ=N to run N
random examples of each test instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import get_game
from duelhall.core.untrusted import parse_document
from tests import fuzzing as F

GAMES = ("duel52", "deckduel", "highlander", "duelfighters")


def _documents(game: str) -> list[object]:
    # A record or two among the positions: --position must name the command that takes it.
    records = [r for r in F.records() if r["game"] == game][:2]
    return [*F.positions()[game], *records]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("positions")


@pytest.mark.parametrize("game", GAMES)
@F.fuzz_settings(150)
@given(data=st.data())
def test_a_damaged_position_is_refused_or_plays(game: str, data: st.DataObject) -> None:
    docs = _documents(game)
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="position"), F.all_keys(docs))
    raw = F.file_bytes(data, doc)
    try:
        state = get_game(game).load_position(parse_document(raw, "p.json", PositionError))
    except DuelhallError:
        return
    F.check_playable(game, state, seed=data.draw(st.integers(0, 99), label="play seed"))


@pytest.mark.parametrize("game", GAMES)
@F.fuzz_settings(40)
@given(data=st.data())
def test_playing_from_a_damaged_position_exits_cleanly(
    folder: Path, game: str, data: st.DataObject
) -> None:
    docs = _documents(game)
    doc = F.mutate(data, data.draw(st.sampled_from(docs), label="position"), F.all_keys(docs))
    path = folder / f"{game}.json"
    path.write_bytes(F.file_bytes(data, doc))
    args = ["play", game, "--position", str(path), "--opponent", "random"]
    F.assert_clean(F.run_cli(args, stdin="q\n"))

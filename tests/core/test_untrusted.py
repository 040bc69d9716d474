"""JSON from strangers: what core/untrusted.py refuses, in files and in parsed data alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from duelhall.core.errors import PositionError, RecordError
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.untrusted import (
    MAX_DEPTH,
    check_document,
    parse_document,
    read_regular_file,
    shown,
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"\xff\xfe[]", "is not UTF-8 text (byte 1 cannot be read)"),
        ("[" + "1" * 41 + "]", "a whole number of 41 digits"),
        ("[-" + "1" * 5000 + "]", "a whole number of 5,000 digits"),
        ("[1e999]", "the number 1e999 is too large"),
        ("[NaN]", "NaN is not a number JSON allows"),
        ("[-Infinity]", "-Infinity is not a number JSON allows"),
        ('{"a": 1, "a": 2}', "the key 'a' is given twice"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2), "nested more than"),
        ('{"name": "a\\u0000b"}', "the text at name holds U+0000 (a control character)"),
        ('{"x": ["\\u001b[31m"]}', "the text at x[0] holds U+001B"),
        ('{"x": ["\\u0085"]}', "U+0085"),  # a C1 control, which splits lines
        ('{"x": "a\\u2028b"}', "U+2028"),  # the line separator
        ('{"x": "\\u202egnp.exe"}', "U+202E"),  # a right-to-left override
        ('{"x": "\\udfff"}', "U+DFFF (half of a surrogate pair)"),
        ('{"\\ud800": 1}', "the key '\\ud800' holds U+D800"),
        ("{", "is not valid JSON (line 1"),
        # A key is named by its repr in the place of a refusal when it is not a plain word,
        # so a key holding a newline cannot break the one-line message (found by fuzzing).
        ('{"\\n": ["\\u001f"]}', "the text at ['\\n'][0] holds U+001F"),
        ('{"x": {"a b\\r": "\\u001f"}}', "the text at x['a b\\r'] holds U+001F"),
        ('{"' + "k" * 500 + '": "\\u001f"}', "the text at ['kkkk"),
    ],
)
def test_a_document_is_refused_with_the_reason(text: str | bytes, words: str) -> None:
    with pytest.raises(RecordError) as error:
        parse_document(text, "game.json", RecordError)
    message = str(error.value)
    assert message.startswith("game.json")
    assert words in message
    assert "\n" not in message and "\r" not in message and len(message) < 300


def test_ordinary_text_numbers_and_a_byte_order_mark_are_accepted() -> None:
    text = '{"name": "Zoë 🗡\\tthe second", "seed": 18446744073709551615, "c": 0.7, "t": "a\\nb"}'
    data = parse_document(b"\xef\xbb\xbf" + text.encode("utf-8"), "ok.json", RecordError)
    assert data == json.loads(text)
    assert data["seed"] == 2**64 - 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"x": float("nan")}, "x holds nan"),
        ({"x": [float("inf")]}, "x[0] holds inf"),
        ({1: "a"}, "has a key that is not text"),
        ({"x": b"bytes"}, "x holds a bytes, not JSON"),
        ({"x": 10**50}, "a whole number of 41 digits"),
        ({"name": "\udcff"}, "U+DCFF"),
    ],
)
def test_parsed_data_gets_the_same_checks(data: Any, words: str) -> None:
    # What a web server parsed itself goes through check_document, as files do.
    with pytest.raises(PositionError) as error:
        check_document(data, "upload", PositionError)
    assert str(error.value).startswith("upload: ")
    assert words in str(error.value)


def test_a_deep_structure_in_memory_is_refused_without_recursing_through_it() -> None:
    deep: Any = []
    for _ in range(50_000):
        deep = [deep]
    with pytest.raises(PositionError, match="nested more than"):
        check_document(deep, "upload", PositionError)


def test_record_and_position_readers_check_parsed_data_too() -> None:
    with pytest.raises(RecordError, match="players\\[0\\] holds U\\+0007"):
        Record.from_json(
            {
                "format": "duelhall-record",
                "version": 1,
                "game": "duel52",
                "seed": 1,
                "players": ["\a"],
            }
        )
    with pytest.raises(PositionError, match="the position: seed holds nan"):
        get_game("duel52").load_position({"seed": float("nan")})


def test_shown_values_are_cut_to_one_short_line() -> None:
    assert shown("abc") == "'abc'"
    long = shown(["x" * 500])
    assert len(long) == 60 and long.endswith("...")


def test_an_empty_file_name_is_named_as_such_in_the_message() -> None:
    from duelhall.core.untrusted import read_document

    with pytest.raises(RecordError, match=r"cannot read record '': "):
        read_document("", "record", RecordError)


def test_a_folder_named_as_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    # Regression: os.fdopen raised IsADirectoryError (a traceback) before the regular-file
    # check could refuse the folder, e.g. `--option cards=SOME_FOLDER` for Highlander.
    with pytest.raises(RecordError, match="not a regular file"):
        read_regular_file(tmp_path, 100, "record", RecordError)

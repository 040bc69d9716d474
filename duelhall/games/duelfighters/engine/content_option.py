"""The ``content`` option (ruling F63): a player's own data files, kept as their text.

On the command line the option names a folder holding any of the four data files
(characters, equipment, spells, scenarios); :func:`pin_content` reads the files it holds into
one JSON text, which is what the game, its records and positions keep, so they replay anywhere
whatever later happens to the folder. Values from records and positions go through
:func:`check_content`, which reads that text and never a path. Files the folder lacks are the
built-in ones.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from duelhall.core.errors import DuelhallError, OptionError

from ..content import (
    DATA_DIR,
    FILES,
    STARTER,
    Content,
    content_folder,
    load_content,
    parse_content,
    read_content_file,
)


def pin_content(value: Any) -> str:
    """A folder typed on the command line, as the text of the data files it holds."""
    if value == "":
        return ""
    try:
        folder = content_folder(str(value))
        texts = {
            name: read_content_file(folder / name) for name in FILES if (folder / name).exists()
        }
    except DuelhallError as e:
        raise OptionError(f"option 'content': {e}") from None
    if not texts:
        raise OptionError(
            f"option 'content': {folder} holds none of the data files; {STARTER}, or name "
            "another folder"
        )
    kept = json.dumps(texts, sort_keys=True, indent=1)
    content_of(kept)
    return kept


def check_content(value: Any) -> str:
    """Kept content data from a record or a position: checked, never opened as a path."""
    if not isinstance(value, str):
        raise OptionError(
            "option 'content' holds the text of data files, not a value of another kind"
        )
    content_of(value)
    return value


@functools.lru_cache(maxsize=8)
def content_of(value: str) -> Content:
    """The content an option value stands for (empty: the built-in data)."""
    if not value:
        return load_content()
    try:
        files = json.loads(value)
    except ValueError:
        raise OptionError(
            "option 'content' holds data files as JSON text; on the command line give a folder"
        ) from None
    if not isinstance(files, dict) or not files or not set(files) <= set(FILES):
        raise OptionError(f"option 'content' holds some of the files {', '.join(FILES)}")
    if not all(isinstance(text, str) for text in files.values()):
        raise OptionError("option 'content' holds each file's text")
    texts = {n: files.get(n) or (DATA_DIR / n).read_text(encoding="utf-8") for n in FILES}
    sources = {n: f"your {n}" if n in files else str(DATA_DIR / n) for n in FILES}
    try:
        return parse_content(texts, sources)
    except DuelhallError as e:
        raise OptionError(f"option 'content': {e}") from None

"""The compiled Duel 52 engine: base two-player Duel 52, every base rules option, in C.

``core.c`` mirrors the reference rules (``duel/state.py``, ``engine/table.py``), which stay
the only place a rule is read and argued; ``module.c`` is its Python face, built at install
time as an optional extension (``setup.py``). :mod:`.state` wraps it as a game state, and
:mod:`.convert` turns its states into reference states for everything that describes one.
Where the extension was not built, :func:`core` says so once and returns None, and the
game plays on the reference.
"""

from __future__ import annotations

import sys
from types import ModuleType

_loaded: list[ModuleType | None] = []


def core() -> ModuleType | None:
    """The compiled core, or None (said once on stderr) where it is not built."""
    if not _loaded:
        _loaded.append(_load())
    return _loaded[0]


def _load() -> ModuleType | None:
    import ctypes

    from duelhall.games.duel52.fast.layout import State

    try:
        from duelhall.games.duel52.fast import _core  # type: ignore[attr-defined]
    except ImportError:
        _say("it is not built here (was there a C compiler at install?)")
        return None
    module: ModuleType = _core
    if module.size() != ctypes.sizeof(State):
        _say("its build does not match this duelhall; reinstall it (pip install -e .)")
        return None
    return module


def _say(why: str) -> None:
    print(
        f"duelhall: the fast Duel 52 engine is unavailable: {why}; playing on the reference engine",
        file=sys.stderr,
    )

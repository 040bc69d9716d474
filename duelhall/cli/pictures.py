"""Pictures of a game written as it goes (``play --svg DIR``, ``replay --svg DIR``): one SVG
file a step, named by the step's number, drawn by the game's ``svg`` hook from a view, so a
picture never shows more than the eyes it was drawn for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo


class PictureWriter:
    """Writes ``step-0000.svg``, ``step-0001.svg``... into a directory made on demand."""

    def __init__(self, info: GameInfo, directory: str) -> None:
        if not info.has_hook("svg"):
            raise DuelhallError(f"--svg: {info.title} has no pictures; leave out --svg")
        self._draw = info.hook("svg")
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise DuelhallError(
                f"--svg {directory}: cannot make the directory ({e.strerror}); "
                "give a directory you may write in"
            ) from None
        if not self.directory.is_dir():
            raise DuelhallError(f"--svg {directory}: not a directory; give a directory")

    def forget_after(self, step: int) -> None:
        """Remove the pictures of steps after ``step`` (taken back), so none is left stale."""
        for path in self.directory.glob("step-*.svg"):
            number = path.stem.removeprefix("step-")
            if number.isdigit() and int(number) > step:
                path.unlink(missing_ok=True)

    def write(self, step: int, view: Mapping[str, Any], names: Sequence[str]) -> Path:
        path = self.directory / f"step-{step:04d}.svg"
        try:
            path.write_text(self._draw(view, names), encoding="utf-8")
        except OSError as e:
            raise DuelhallError(f"--svg: cannot write {path} ({e.strerror})") from None
        return path

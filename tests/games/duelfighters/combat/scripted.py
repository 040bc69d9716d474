"""A die source that yields fixed faces, so each rule can be asserted exactly."""

from __future__ import annotations


class Dice:
    def __init__(self, *faces: int) -> None:
        assert all(1 <= f <= 6 for f in faces), faces
        self.faces = list(faces)

    def below(self, n: int, /) -> int:
        assert n == 6, f"only six-sided dice are rolled, not {n}"
        assert self.faces, "the rule rolled more dice than the test scripted"
        return self.faces.pop(0) - 1

    @property
    def spent(self) -> bool:
        return not self.faces

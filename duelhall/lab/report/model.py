"""What a question's report holds, before it is written anywhere."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Table:
    columns: list[str]
    rows: list[list[str]]
    # Row indexes to draw attention to (significant after correction, say).
    marked: set[int] = field(default_factory=set)

    @property
    def long(self) -> bool:
        """Long tables fold away under their figure, to be opened when wanted."""
        return len(self.rows) > 20


@dataclass
class Figure:
    name: str  # file stem: NAME.png, NAME.svg
    title: str
    figure: Any  # a matplotlib Figure
    alt: str


@dataclass
class Section:
    title: str
    text: str = ""
    table: Table | None = None
    figures: list[Figure] = field(default_factory=list)


@dataclass
class Report:
    title: str
    question: str
    game: str
    setup: dict[str, str]  # what was asked and how it was played, shown as a list
    findings: list[str]  # the answer in a few sentences
    sections: list[Section]
    data: dict[str, Any]  # the JSON summary's question-specific part

"""The files a game's browser board ships in its ``web`` package: Jinja2 templates under
``templates/`` (autoescaped, so a player's name can never become markup) and ``board.css``.
Shared so that every game's board escapes the same way and reads its files the same way."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup


@cache
def templates(package: str) -> Environment:
    """The templates of ``package`` (its ``templates/`` folder), with every value escaped
    and an unknown name an error rather than an empty string."""
    return Environment(
        loader=PackageLoader(package, "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def stylesheet(package: str) -> str:
    """``package``'s ``board.css``."""
    return files(package).joinpath("board.css").read_text(encoding="utf-8")


def render(package: str, name: str, **context: Any) -> Markup:
    """Template ``name`` of ``package`` filled with ``context``, as safe markup."""
    return Markup(templates(package).get_template(name).render(**context))

"""The GameInfo ``web`` hook of Duel 52: the table drawn as HTML from one view, the ids an
action is clicked by, and the stylesheet (see docs/web.md).

The HTML is built from the view alone (a seat's, or the public view for a spectator, with
``seat`` None), through a template that escapes everything; the layout of each mode is in
:mod:`.layout_lanes` (the duel, its expansion, the team game) and :mod:`.layout_triangles`.
Every CSS class starts with ``d52`` under the root ``.d52``, so the board cannot clash with
the page around it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from duelhall.games.duel52.web import picks
from duelhall.games.duel52.web.layout_lanes import build_lanes
from duelhall.games.duel52.web.layout_triangles import build_triangles
from duelhall.games.duel52.web.model import Board, Face, Player, Row

_PACKAGE = "duelhall.games.duel52.web"


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader(_PACKAGE, "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(card=card_html, player_html=player_html, row_html=row_html)
    return env


@cache
def _template() -> jinja2.Template:
    return _environment().get_template("board.html.j2")


@lru_cache(maxsize=8192)
def card_html(face: Face, extra: str = "") -> Markup:
    """One card as HTML. A face holds everything its HTML shows, and most cards look the
    same from one move to the next, so each is drawn once and its HTML reused, for any
    reader: the same face is the same HTML whoever's view it came from."""
    page = _environment().get_template("card.html.j2")
    return Markup(page.render(f=face, extra=extra))


@cache
def _parts() -> Any:
    """The macros of parts.html.j2, called from Python through the caches below."""
    return _environment().get_template("parts.html.j2").module


@lru_cache(maxsize=2048)
def player_html(player: Player) -> Markup:
    """A player's area as HTML, drawn once per distinct area (it holds all it shows)."""
    return Markup(_parts().player(player))


@lru_cache(maxsize=8192)
def row_html(row: Row) -> Markup:
    """One side's row of a place as HTML, drawn once per distinct row: most rows do not
    change from one move to the next."""
    return Markup(_parts().row(row))


def _names(names: Sequence[str], seats: int) -> list[str]:
    """The players' names, ``Player N`` for any not given."""
    return [str(names[s]) if s < len(names) else f"Player {s + 1}" for s in range(seats)]


def board(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> Board:
    """What the board shows of ``view`` to ``seat`` (None: a spectator)."""
    who = _names(names, len(view["hands"]))
    if picks.is_triangles(view):
        return build_triangles(view, seat, who)
    return build_lanes(view, seat, who)


def board_html(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> Markup:
    """The table of ``view`` as HTML for ``seat`` (None: a spectator's public view)."""
    return Markup(_template().render(b=board(view, seat, names)))


def action_picks(action: Any, view: Mapping[str, Any], seat: int | None) -> tuple[str, ...]:
    """The ids ``action`` is clicked by, in order (empty: offered as a button only)."""
    return picks.action_picks(action, view, seat)


@cache
def stylesheet() -> str:
    """The board's CSS, every rule under ``.d52``."""
    return resources.files(_PACKAGE).joinpath("board.css").read_text(encoding="utf-8")

"""The games on offer, and a new table's settings read from an untrusted request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo, game_names, get_game, option_text
from duelhall.core.untrusted import shown
from duelhall.web.agents import EXTRA_LEVELS, LEVELS
from duelhall.web.refusals import Refused
from duelhall.web.views import has_public_view

KINDS = ("me", "friend", "computer")


@dataclass(frozen=True)
class SeatChoice:
    kind: str  # me, friend or computer
    level: str | None = None
    token_hash: str | None = None  # a friend already seated by their token (a rematch)


@dataclass(frozen=True)
class NewTable:
    game: str
    options: dict[str, Any]
    seats: tuple[SeatChoice, ...]
    hints: bool = True  # whether the players may ask the search for hints


def catalogue() -> list[dict[str, Any]]:
    """What ``GET /api/games`` lists: each game that has a terminal UI (the log's words)."""
    games = []
    for name in game_names():
        info = get_game(name)
        if not info.has_hook("ui"):
            continue
        games.append(
            {
                "name": name,
                "title": info.title,
                "summary": info.summary,
                "seats": info.seat_count(),
                "options": [_option(info, o.name) for o in info.options],
                "variants": {
                    v: {
                        "options": {k: option_text(x) for k, x in opts.items()},
                        "seats": info.seat_count(opts),
                    }
                    for v, opts in info.variants.items()
                },
                "levels": list(LEVELS),
                "board": info.has_hook("web"),
                "watchable": has_public_view(info.new_state(0, info.resolve_options())),
            }
        )
    return games


def _option(info: GameInfo, name: str) -> dict[str, Any]:
    option = info.option(name)
    default = option.default
    return {
        "name": name,
        "help": option.help,
        "default": default if isinstance(default, bool | int) else option_text(default),
        "choices": [c if isinstance(c, bool | int) else str(c) for c in option.choices],
    }


def read_new_table(body: Any) -> NewTable:
    """``{game, variant?, options?, seats: [{kind, level?}], hints?}``, every field checked."""
    if not isinstance(body, dict):
        raise Refused('send a JSON object like {"game": "duel52", "seats": [...]}')
    game = body.get("game")
    if not isinstance(game, str):
        raise Refused('say which game: "game" is one of ' + ", ".join(game_names()))
    try:
        info = get_game(game)
        options = _options(info, body.get("variant"), body.get("options", {}))
        count = info.seat_count(options)
    except DuelhallError as e:
        raise Refused(str(e)) from None
    seats = body.get("seats")
    if not isinstance(seats, list) or len(seats) != count:
        raise Refused(f"{info.title} with these options has {count} seats; list one for each")
    chosen = tuple(_seat(s) for s in seats)
    if sum(s.kind == "me" for s in chosen) > 1:
        raise Refused('at most one seat is "me"; a friend takes another with an invitation')
    hints = body.get("hints", True)
    if not isinstance(hints, bool):
        raise Refused(f'"hints" is true or false, not {shown(hints)}')
    return NewTable(game, options, chosen, hints)


def _options(info: GameInfo, variant: Any, given: Any) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise Refused('"options" is an object of option names and values')
    preset: dict[str, Any] = {}
    if variant is not None:
        if not isinstance(variant, str) or variant not in info.variants:
            known = ", ".join(info.variants) or "none"
            raise Refused(f"{info.title} has no variant {shown(variant)}; variants: {known}")
        preset = dict(info.variants[variant])
    # Not the command line: an option that may name a file takes only the data itself.
    return info.resolve_options({**preset, **given})


def _seat(entry: Any) -> SeatChoice:
    if not isinstance(entry, dict) or entry.get("kind") not in KINDS:
        raise Refused(f'each seat is {{"kind": "me" | "friend" | "computer"}}, not {shown(entry)}')
    kind = entry["kind"]
    if kind != "computer":
        return SeatChoice(kind)
    level = entry.get("level", "medium")
    if level not in (*LEVELS, *EXTRA_LEVELS):
        raise Refused(f"a computer's level is one of {', '.join(LEVELS)}, not {shown(level)}")
    return SeatChoice(kind, level)

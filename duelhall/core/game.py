"""What a game declares about itself, and the registry that finds games by name.

Modelled on OpenSpiel's ``GameType``: a game states its seats, its capabilities (hidden
information, chance, simultaneous moves) and its options with defaults, and the tools read
those declarations instead of special-casing games.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from duelhall.core.errors import DuelhallError, OptionError, PositionError, UnknownGameError
from duelhall.core.untrusted import check_document, shown

if TYPE_CHECKING:
    from duelhall.core.state import GameState


class Capability(enum.Enum):
    HIDDEN_INFORMATION = "hidden-information"
    CHANCE = "chance"
    SIMULTANEOUS = "simultaneous"
    TEAMS = "teams"


_WHOLE = re.compile("-?[0-9]{1,20}")


@dataclass(frozen=True, slots=True)
class Option:
    """A rules option: a name, a default, and either a closed set of choices or a type."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    # For an option that may name something outside the game, such as a file: turns a value
    # typed on the command line into the self-contained value the game keeps (the file's
    # text), so that a record or a ladder made with it replays anywhere, whatever later
    # happens to the file. Only the command line is trusted to name files: values read from
    # records, positions and ladders go through ``check`` instead, which accepts the kept
    # data and nothing else, so a file from someone else cannot make duelhall open a path.
    pin: Callable[[Any], Any] | None = None
    check: Callable[[Any], Any] | None = None
    # The range of a whole-number option without choices: values come from records and
    # positions too, and a game must never meet a limit it cannot play with.
    low: int | None = None
    high: int | None = None

    def coerce(self, value: Any, *, command_line: bool = False) -> Any:
        """Turn a command-line string or JSON value into this option's type, or explain.

        ``command_line``: the value was typed by the user (``--option NAME=VALUE``), so it
        may name a file for ``pin`` to read; otherwise it is data from a file or a program."""
        value = self._convert(value)
        if command_line and self.pin is not None:
            return self.pin(value)
        return self.check(value) if self.check is not None else value

    def _convert(self, value: Any) -> Any:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise OptionError(f"option {self.name!r} takes true or false, not {shown(value)}")
        if self.choices:
            if not isinstance(value, bool):  # True must not pass for a choice of 1
                text = str(value).strip().casefold()
                for choice in self.choices:
                    if str(choice).casefold() == text:
                        return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} takes one of {allowed}; got {shown(value)}")
        if isinstance(self.default, int):
            number: int | None = None
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif isinstance(value, float) and value.is_integer():
                number = int(value)
            elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                # ASCII digits only, and few of them: int() reads other scripts' digits and
                # refuses thousands of digits with an error of its own.
                number = int(value.strip())
            if number is None:
                raise OptionError(f"option {self.name!r} takes a whole number, not {shown(value)}")
            if (self.low is not None and number < self.low) or (
                self.high is not None and number > self.high
            ):
                raise OptionError(
                    f"option {self.name!r} takes a whole number from {self.low} to "
                    f"{self.high}, not {number}"
                )
            return number
        # Values are kept in a read-only mapping shared by clones and samples, so they must be
        # immutable themselves: text, not a list or a table from a file.
        if isinstance(self.default, str) and not isinstance(value, str):
            raise OptionError(f"option {self.name!r} takes text, not {shown(value)}")
        return value


def option_text(value: Any) -> str:
    """An option value as a person types it (``true``, not ``True``); data an option pinned
    (a whole card file, say) is summarised, not printed."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and "\n" in value:
        return f"<data of {len(value.splitlines())} lines>"
    return str(value)


@dataclass(frozen=True)
class GameInfo:
    """A game's declaration. ``new_state(seed, options)`` starts a game."""

    name: str
    title: str
    seats: int
    capabilities: frozenset[Capability]
    options: tuple[Option, ...]
    new_state: Callable[[int, Mapping[str, Any]], GameState]
    # Reads a position that load_position has checked is a JSON object of this game.
    read_position: Callable[[Mapping[str, Any]], GameState]
    summary: str = ""
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # Where the game's optional parts live, as "package.module" or "package.module:name".
    # They are imported only when used, so loading the registry stays cheap.
    ui: str = ""  # terminal rendering: render_view, describe, result_text, sort_key, ...
    reference: str = ""  # rules reference: reference_text(options)
    heuristic: str = ""  # the game's rule-based agent class (spec "heuristic")
    # The rule-based player a rollout search builds on for its own seat (its move is kept
    # unless another is clearly better, and it plays that seat's part of every playout),
    # where it differs from the heuristic; the other seats' parts stay the heuristic's, the
    # model of an adversary.
    searcher: str = ""
    evaluator: str = ""  # evaluate(state, seat) -> win chance in [0, 1], for search cut-offs
    rollout: str = ""  # rollout_action(state, rng) -> a quick, sensible action for playouts
    # quiet(state) -> bool: whether the evaluator can judge this state fairly. A rollout
    # search's playout that reaches its cutoff mid-turn plays on to the next quiet state
    # (a game whose turn resolves its choices at once is judged on a half-played turn).
    quiet: str = ""
    # ISMCTS with random playouts cut off by the evaluator, run by a compiled engine:
    # compiled_search(world, seat, legal, rng, budget) -> root moves, or None where it cannot
    # (see duelhall.agents.ismcts); the same choices as the Python search, faster.
    compiled_search: str = ""
    # reveals(view_before, action, view_after, seat) -> why the action showed ``seat``
    # something new (so it cannot be taken back), or None; read from views only, so the
    # answer itself tells nothing hidden. Without it, nothing can be taken back.
    reveals: str = ""
    # The table drawn for the browser, from views only (duelhall.web reads it):
    # ``board_html(view, seat, names) -> markupsafe.Markup`` (seat None: a spectator, given
    # the public view), whose pickable things carry ``data-pick="ID"``, and
    # ``action_picks(action, view, seat) -> tuple[str, ...]``, the ids an action involves in
    # the order a player clicks them (empty: offered as a button only).
    web: str = ""
    # A picture of the table: ``picture(view, names) -> str``, an SVG document drawn from the
    # view alone (``play --svg`` and ``replay --svg`` write one a step).
    svg: str = ""
    # Games whose options change the number of seats (Duel 52's three- and four-player
    # variants) say how many; otherwise every game has ``seats`` seats.
    seats_for: Callable[[Mapping[str, Any]], int] | None = None
    # Where ISMCTS playouts stop and ask the evaluator (0: play out to the end). Short games
    # with a rough evaluation are better played out.
    search_cutoff: int = 10
    # The difficulty levels (easy, medium, hard) as agent specs, where this game's best
    # settings differ from the defaults in duelhall.agents.registry.LEVELS.
    levels: Mapping[str, str] = field(default_factory=dict)

    def load_position(self, data: Any) -> GameState:
        """The state a position describes; positions are untrusted input, so the document is
        checked (:func:`duelhall.core.untrusted.check_document`), read by the game, and the
        state must let the game go on: every seat to act has something to do."""
        check_document(data, "the position", PositionError)
        if not isinstance(data, Mapping):
            raise PositionError("a position is a JSON object; see docs/positions/README.md")
        game = data.get("game", self.name)
        if game != self.name:
            raise PositionError(f"this position is for {shown(game)}, not {self.name}")
        try:
            state = self.read_position(data)
        except OptionError as e:
            raise PositionError(f"options: {e}") from None
        if not state.is_over():
            for seat in state.to_move():
                if not state.legal_actions(seat):
                    raise PositionError(
                        f"seat {seat} is to act but has nothing it may do; a position must "
                        "be one a game can go on from"
                    )
        return state

    def seat_count(self, options: Mapping[str, Any] | None = None) -> int:
        """Seats in a game with these options (resolved or not)."""
        if self.seats_for is None:
            return self.seats
        return self.seats_for(self.resolve_options(options))

    def hook(self, name: str) -> Any:
        """Import one of the hooks above, or explain that this game has none."""
        path = getattr(self, name, "")
        if not path:
            raise DuelhallError(f"{self.name} has no {name} yet")
        module_name, _, attr = path.partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attr) if attr else module

    def has_hook(self, name: str) -> bool:
        return bool(getattr(self, name, ""))

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.name} has no option {name!r}; its options are: {known}")

    def resolve_options(
        self, given: Mapping[str, Any] | None = None, *, command_line: bool = False
    ) -> dict[str, Any]:
        """Defaults overlaid with ``given``, each value checked and converted.

        Only values the user typed (``command_line``) may name files; see ``Option.pin``."""
        resolved = {opt.name: opt.default for opt in self.options}
        if given is not None and not isinstance(given, Mapping):
            raise OptionError(f"options are given as names and values, not {given!r}")
        for name, value in (given or {}).items():
            resolved[name] = self.option(name).coerce(value, command_line=command_line)
        return resolved

    def has(self, capability: Capability) -> bool:
        return capability in self.capabilities


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.name] = info
    return info


# Each package under duelhall.games registers itself when imported.
BUILTIN_GAMES: tuple[str, ...] = ("duel52", "deckduel", "highlander", "duelfighters")


def _load_builtin_games() -> None:
    # Importing here rather than at the top keeps the registry free of import cycles.
    for name in BUILTIN_GAMES:
        importlib.import_module(f"duelhall.games.{name}")


def get_game(name: str) -> GameInfo:
    _load_builtin_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(f"unknown game {name!r}; available games: {known}") from None


def game_names() -> list[str]:
    _load_builtin_games()
    return sorted(_REGISTRY)

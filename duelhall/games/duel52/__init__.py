"""Duel 52: two players, three lanes, one standard deck (rulebook sections 1-3), with the
Heroes & Bannermen expansion and the player variants of section 4.

The package, one folder per part, imports flowing one way (engine, then the modes, then
this module, which declares the game and wires every state class):

- ``engine/``: what every table mode shares: cards, board cards and actions (with their
  writing), the power table, the turn template (``Table``), lane slots, the shared notation
  verbs, the re-deal helpers, view and position fields, options.
- ``duel/``: the two-player game: state, view and re-deal, notation (reading), position,
  explanations, evaluation, heuristic player, reference text, reveals.
- ``expansion/``: heroes, bannermen, forts and Vampiric: its state (a subclass of the
  duel's), its powers and hero powers typed against that state, the view and position
  keys it adds, and the duel's reader and reasons handed its heroes and forts.
- ``variants/teams/``, ``variants/triangles/``: the four- and three-player games, each
  with its state, view, notation, position, explanations, evaluation, reference, render.
- ``text/``: words shared by every mode (card texts, action descriptions, log lines, help).
- ``terminal/``: the terminal UI: hooks, the duel's board, reading typed answers; it reads
  views only.
- ``web/``: the browser's board (the ``web`` hook): every mode's table as HTML from a view
  (a seat's, or the public view a spectator gets), the ids of what a player clicks, and
  its stylesheet.

A state module imports nothing that describes it: its class mixes in
:class:`~duelhall.core.wiring.Wired`, and the :class:`~duelhall.core.wiring.Wiring` below
names the view, re-deal, notation reader, position writer and explanations of each class
(OpenSpiel's game object makes its observer the same way). The sketch this follows put the
two-player state beside the engine (``rules/``); it sits in ``duel/`` instead, beside the
modules that describe it, so each mode's folder holds the whole mode and the engine holds
only what three modes share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from duelhall.core import engines
from duelhall.core.errors import OptionError, PositionError
from duelhall.core.game import Capability, GameInfo, register
from duelhall.core.wiring import Wiring
from duelhall.games.duel52.duel import evaluate as duel_evaluate
from duelhall.games.duel52.duel import explain as duel_explain
from duelhall.games.duel52.duel import notation as duel_notation
from duelhall.games.duel52.duel import position as duel_position
from duelhall.games.duel52.duel import view as duel_view
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.options import OPTIONS, VARIANT_OPTIONS, VARIANTS
from duelhall.games.duel52.expansion import explain as expansion_explain
from duelhall.games.duel52.expansion import notation as expansion_notation
from duelhall.games.duel52.expansion import position as expansion_position
from duelhall.games.duel52.expansion import view as expansion_view
from duelhall.games.duel52.expansion.state import Duel52XState
from duelhall.games.duel52.variants.teams import evaluate as teams_evaluate
from duelhall.games.duel52.variants.teams import explain as teams_explain
from duelhall.games.duel52.variants.teams import notation as teams_notation
from duelhall.games.duel52.variants.teams import position as teams_position
from duelhall.games.duel52.variants.teams import view as teams_view
from duelhall.games.duel52.variants.teams.state import TeamState
from duelhall.games.duel52.variants.triangles import evaluate as triangles_evaluate
from duelhall.games.duel52.variants.triangles import explain as triangles_explain
from duelhall.games.duel52.variants.triangles import notation as triangles_notation
from duelhall.games.duel52.variants.triangles import position as triangles_position
from duelhall.games.duel52.variants.triangles import view as triangles_view
from duelhall.games.duel52.variants.triangles.state import TriState


def _wiring(
    view: ModuleType, notation: ModuleType, position: ModuleType, explain: ModuleType
) -> Wiring:
    """A mode's wiring from its modules, which all name their functions alike."""
    parse = notation.parse_action
    return Wiring(
        view=view.build_view,
        determinize=view.determinize,
        # ``seat`` None: the seat to move, as in the protocol.
        parse_action=lambda state, text, seat: parse(
            state, text, state.current if seat is None else seat
        ),
        to_position=position.to_position,
        why_illegal=explain.why_illegal,
        public_view=view.public_view,
    )


Duel52State.wiring = _wiring(duel_view, duel_notation, duel_position, duel_explain)
Duel52XState.wiring = _wiring(
    expansion_view, expansion_notation, expansion_position, expansion_explain
)
TeamState.wiring = _wiring(teams_view, teams_notation, teams_position, teams_explain)
TriState.wiring = _wiring(triangles_view, triangles_notation, triangles_position, triangles_explain)

# Each mode judges its own board (a team's chance, a triangle's control); playouts attack
# when they can in every mode.
_EVALUATORS: Mapping[type, Callable[[Any, int], float]] = {
    Duel52State: duel_evaluate.evaluate,
    Duel52XState: duel_evaluate.evaluate,
    TeamState: teams_evaluate.evaluate_for,
    TriState: triangles_evaluate.evaluate,
}


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s chance of winning ``state``, estimated without search (any mode; a state
    of the compiled engine is judged by its C copy of the duel's evaluator, which the
    differential tests hold to the same numbers)."""
    judge = _EVALUATORS.get(type(state))
    if judge is None:
        chance: float = state.evaluate(seat)
        return chance
    return judge(state, seat)


def _check_first_player(resolved: Mapping[str, Any]) -> None:
    first = resolved["first_player"]
    if first != "random" and int(first) > int(resolved["players"]):
        raise OptionError(
            f"first_player={first}: there are only {resolved['players']} players; "
            "choose random or a player's number"
        )


def _check_hero_ranks(resolved: Mapping[str, Any]) -> None:
    if resolved["hero_ranks"] != "random" and not (resolved["heroes"] and resolved["players"] == 2):
        raise OptionError(
            f"hero_ranks={resolved['hero_ranks']} fixes the heroes of a two-player game: "
            "add --option heroes=true (and players=2), or leave hero_ranks random"
        )


def _expansion_on(options: Mapping[str, Any]) -> bool:
    """Whether a two-player game with ``options`` is the expansion's (any of its rules on)."""
    return any(options[name] for name in VARIANT_OPTIONS)


def _new(seed: int, options: Mapping[str, Any]) -> Any:
    resolved = INFO.resolve_options(options)
    _check_first_player(resolved)
    _check_hero_ranks(resolved)
    core = _fast_core(resolved)
    if core is not None:
        from duelhall.games.duel52.fast.state import FastDuel52State

        return FastDuel52State.new_game(core, seed, resolved)
    if resolved["players"] == 3:
        return TriState.new_game(seed, resolved)
    if resolved["players"] == 4:
        return TeamState.new_game(seed, resolved)
    if _expansion_on(resolved):
        return Duel52XState.new_game(seed, resolved)
    return Duel52State.new_game(seed, resolved)


def _fast_core(options: Mapping[str, Any]) -> ModuleType | None:
    """The compiled engine when the chosen engine (:mod:`duelhall.core.engines`) and the
    options call for it, else None: the reference plays."""
    from duelhall.games.duel52.fast import convert, core

    engine = engines.chosen()
    if engine == "reference":
        return None
    if not convert.covers(options):
        if engine == "fast":
            raise OptionError(
                "the fast engine plays base two-player Duel 52 only (no expansion, no 3 or 4 "
                "players); use --engine auto or reference"
            )
        return None
    return core()


def _load_duel(info: GameInfo, data: Mapping[str, Any]) -> Any:
    """A two-player position, read by the duel's loop with the expansion's hooks when an
    expansion rule is on (the same choice of class as a new game's)."""
    options, seed = duel_position.read_start(info, data)
    if _expansion_on(options):
        return duel_position.read_position(expansion_position.READER, data, options, seed)
    state = duel_position.read_position(duel_position.READER, data, options, seed)
    core = _fast_core(options)
    if core is None:
        return state
    from duelhall.games.duel52.fast.convert import TooBig
    from duelhall.games.duel52.fast.state import FastDuel52State

    try:
        return FastDuel52State.from_reference(core, state)
    except TooBig:
        return state  # beyond the compiled engine's tables: the reference plays it


# The player variants of rulebook section 4 read positions of their own.
_LOADERS: Mapping[int, Callable[[GameInfo, Mapping[str, Any]], Any]] = {
    2: _load_duel,
    3: triangles_position.load_position,
    4: teams_position.load_position,
}


def _load(data: Mapping[str, Any]) -> Any:
    given = data.get("options") if isinstance(data, Mapping) else None
    players = 2
    if isinstance(given, Mapping) and "players" in given:
        try:
            players = INFO.option("players").coerce(given["players"])
        except OptionError as e:
            raise PositionError(f"options: {e}") from None
    return _LOADERS[int(players)](INFO, data)


INFO = register(
    GameInfo(
        name="duel52",
        title="Duel 52",
        seats=2,
        capabilities=frozenset({Capability.HIDDEN_INFORMATION, Capability.CHANCE}),
        options=OPTIONS,
        new_state=_new,
        read_position=_load,
        summary="Fight over three lanes with a standard deck; win two lanes to win.",
        variants=VARIANTS,
        ui="duelhall.games.duel52.terminal.ui",
        web="duelhall.games.duel52.web.board",
        seats_for=lambda options: int(options["players"]),
        reference="duelhall.games.duel52.duel.reference",
        reveals="duelhall.games.duel52.duel.reveals:reveals",
        heuristic="duelhall.games.duel52.duel.heuristic:Duel52Heuristic",
        evaluator="duelhall.games.duel52:evaluate",
        rollout="duelhall.games.duel52.duel.evaluate:rollout_action",
        compiled_search="duelhall.games.duel52.fast.ismcts:compiled_search",
    )
)
Duel52State.info = INFO

__all__ = ["INFO", "Duel52State", "evaluate"]

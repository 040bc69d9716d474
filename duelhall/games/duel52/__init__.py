"""Duel 52: two players, three lanes, one standard deck (rulebook sections 1-3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duelhall.core.errors import OptionError, PositionError
from duelhall.core.game import Capability, GameInfo, register
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.options import OPTIONS, VARIANT_OPTIONS, VARIANTS

# The player variants of rulebook section 4 have engines of their own.
PLAYER_VARIANTS = {
    3: "duelhall.games.duel52.variants.triangles.state",
    4: "duelhall.games.duel52.variants.teams.state",
}


def _variant_module(players: Any) -> Any:
    import importlib

    return importlib.import_module(PLAYER_VARIANTS[int(players)])


def _check_first_player(resolved: Mapping[str, Any]) -> None:
    first = resolved["first_player"]
    if first != "random" and int(first) > int(resolved["players"]):
        raise OptionError(
            f"first_player={first}: there are only {resolved['players']} players; "
            "choose random or a player's number"
        )


def _new(seed: int, options: Mapping[str, Any]) -> Any:
    resolved = INFO.resolve_options(options)
    _check_first_player(resolved)
    if resolved["players"] != 2:
        return _variant_module(resolved["players"]).new_game(seed, resolved)
    if any(resolved[name] for name in VARIANT_OPTIONS):
        from duelhall.games.duel52.expansion.state import Duel52XState

        return Duel52XState.new_game(seed, resolved)
    return Duel52State.new_game(seed, resolved)


def _load(data: Mapping[str, Any]) -> Any:
    from duelhall.games.duel52.duel.position import load_position

    given = data.get("options") if isinstance(data, Mapping) else None
    players = 2
    if isinstance(given, Mapping) and "players" in given:
        try:
            players = INFO.option("players").coerce(given["players"])
        except OptionError as e:
            raise PositionError(f"options: {e}") from None
    if players != 2:
        return _variant_module(players).load_position(INFO, data)

    return load_position(INFO, data)


INFO = register(
    GameInfo(
        name="duel52",
        title="Duel 52",
        seats=2,
        capabilities=frozenset({Capability.HIDDEN_INFORMATION, Capability.CHANCE}),
        options=OPTIONS,
        new_state=_new,
        load_position=_load,
        summary="Fight over three lanes with a standard deck; win two lanes to win.",
        variants=VARIANTS,
        ui="duelhall.games.duel52.terminal.ui",
        seats_for=lambda options: int(options["players"]),
        reference="duelhall.games.duel52.duel.reference",
        reveals="duelhall.games.duel52.duel.reveals:reveals",
        heuristic="duelhall.games.duel52.duel.heuristic:Duel52Heuristic",
        evaluator="duelhall.games.duel52.duel.evaluate:evaluate",
        rollout="duelhall.games.duel52.duel.evaluate:rollout_action",
    )
)
Duel52State.info = INFO

__all__ = ["INFO", "Duel52State"]

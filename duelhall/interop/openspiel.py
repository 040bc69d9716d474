"""duelhall's games as OpenSpiel Python games.

    from duelhall.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("duelhall_duel52", {"players": 3})

Each game registers as ``duelhall_<name>``, sequential, imperfect information, with its rules
options as game parameters (plus ``seed``: -1 draws each deal at random, a number makes the
n-th ``new_initial_state`` deal ``seed + n``). The game's own shuffles are kept inside its
state (sampled chance), so there are no chance nodes. Simultaneous secret choices are taken
one seat at a time as in the PettingZoo environments. Actions are the fixed tables of
docs/interop.md; information states and observations are the seat's view (and, while its
secret choice waits for the others, that choice), so OpenSpiel's search re-deals with our
``determinize`` through ``resample_from_infostate`` (``resampler(seed)`` makes it
repeatable). Use OpenSpiel's Python IS-MCTS: its C++
one does not run Python games.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from duelhall.core.game import game_names, get_game
from duelhall.core.rng import Rng, fresh_seed
from duelhall.interop.encoding import Encoding, encoding, rewards
from duelhall.interop.seating import Seating

PREFIX = "duelhall_"
# Longest game in actions before OpenSpiel may assume it has ended (a bound, not a rule).
_MAX_LENGTH = 5000


def _parameters(name: str) -> dict[str, Any]:
    """The options OpenSpiel can carry as parameters (whole numbers, truth values, text)."""
    params: dict[str, Any] = {"seed": -1}
    for option in get_game(name).options:
        if isinstance(option.default, bool | int | str) and not option.pin:
            params[option.name] = option.default
    return params


class DuelhallGame(pyspiel.Game):  # type: ignore[misc]
    """One subclass per game (``register`` makes them), naming it in ``NAME``."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.NAME
        params = dict(params or {})
        options = {k: v for k, v in params.items() if k != "seed"}
        self.code: Encoding = encoding(name, options)
        seats = self.code.seats
        game_type = _game_type(name)
        zero_sum = game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.code.actions,
            max_chance_outcomes=0,
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=_MAX_LENGTH,
        )
        super().__init__(game_type, info, params)
        seed = int(params.get("seed", -1))
        self._deals = itertools.count(seed) if seed >= 0 else None

    def new_initial_state(self) -> DuelhallState:
        seed = next(self._deals) if self._deals is not None else fresh_seed()
        return DuelhallState(self, Seating(self.code.new_state(seed)))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self.code)


class DuelhallState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: DuelhallGame, seating: Seating) -> None:
        super().__init__(game)
        self.code = game.code
        self.seating = seating

    def current_player(self) -> int:
        seat = self.seating.current()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._choices(player))

    def _choices(self, player: int) -> dict[int, Any]:
        legal = self.code.legal(self.seating.state, player)
        return self.code.choices(legal, self.seating.partial.get(player, ()))

    def _apply_action(self, action: int) -> None:
        self.code.decide(self.seating, self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        found = self._choices(player).get(action)
        return self.code.table.names[action] if found is None else str(found)

    def is_terminal(self) -> bool:
        return self.seating.state.is_over()

    def returns(self) -> list[float]:
        outcome = self.seating.state.outcome()
        return [0.0] * self.code.seats if outcome is None else list(rewards(outcome))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DuelhallState:
        """A state ``player_id`` cannot tell from this one: the hidden cards re-dealt by the
        game's ``determinize``; the other seats' waiting secret choices drawn at random."""
        rng = Rng(int(probability_sampler() * 2**53))
        seating = Seating(self.seating.state.determinize(player_id, rng))
        for seat, action in sorted(self.seating.pending.items()):
            legal = self.code.legal(seating.state, seat)
            seating.pending[seat] = action if seat == player_id else rng.choice(legal)
        # The steps taken of an action decided in steps are known to their chooser only.
        if player_id in self.seating.partial:
            seating.partial[player_id] = self.seating.partial[player_id]
        return DuelhallState(self.get_game(), seating)

    def __str__(self) -> str:
        return json.dumps(self.seating.state.view(None), sort_keys=True)


def resampler(seed: int) -> Callable[[DuelhallState, int], DuelhallState]:
    """A re-dealer for ``ISMCTSBot.set_resampler`` drawing from its own seeded generator, so
    the search repeats for the same seed (the bot's default draws from an unseeded one)."""
    rng = Rng(seed)

    def resample(state: DuelhallState, player: int) -> DuelhallState:
        return state.resample_from_infostate(player, rng.random)

    return resample


class ViewObserver:
    """OpenSpiel's observer: the seat's view as the game's tensor (the view's JSON bytes
    where a game has none) and as JSON (the string)."""

    def __init__(self, code: Encoding) -> None:
        self.code = code
        self.tensor = np.zeros(code.view_bytes, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DuelhallState, player: int) -> None:
        prefix = state.seating.partial.get(player, ())
        self.tensor[:] = self.code.observe(state.seating.state.view(player), prefix)

    def string_from(self, state: DuelhallState, player: int) -> str:
        text = json.dumps(state.seating.state.view(player), sort_keys=True)
        pending = state.seating.pending.get(player)
        if pending is not None:
            text = f"{text} chosen:{pending}"
        steps = [self.code.table.names[i] for i in state.seating.partial.get(player, ())]
        return f"{text} deciding:{', '.join(steps)}" if steps else text


def _game_type(name: str) -> Any:
    info = get_game(name)
    seat_counts = (
        {info.seat_count({"players": n}) for n in (2, 3, 4)} if _has_players(name) else {info.seats}
    )
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"duelhall {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if seat_counts == {2}
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seat_counts),
        min_num_players=min(seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


def _has_players(name: str) -> bool:
    return any(option.name == "players" for option in get_game(name).options)


def register() -> list[str]:
    """Register every duelhall game with OpenSpiel (once); returns the short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        short = PREFIX + name
        if short not in registered:
            # A class, not a closure: OpenSpiel keeps its factories until the interpreter
            # ends, and a closure then fails to be freed without the GIL.
            game_class = type(f"Duelhall_{name}", (DuelhallGame,), {"NAME": name})
            pyspiel.register_game(_game_type(name), game_class)
        names.append(short)
    return names

"""Fixed-size arrays for a game: an action index space with legal masks, and an observation.

Both are built from what a seat may know and nothing else. The observation is the seat's view
(``state.view(seat)``) written as canonical JSON (sorted keys, no spaces), one byte an entry,
zero-padded to the game's fixed length: the view already holds exactly what the seat may know,
so the array can hold no more. Games whose notation is a closed, small set (Deck Duel's words,
Highlander's ``draw``, ``take CARD`` and ``play CARD``) give each action it can ever offer an
index of its own; in the others (Duel 52, Duel Fighters), whose notation combines board
places freely, the index is a *slot*: the position of the action among the seat's legal
actions sorted by their notation (written from the actor's point of view, so the order is the
seat's own knowledge too). Layouts: docs/interop.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo, get_game
from duelhall.core.outcome import Outcome
from duelhall.core.state import GameState
from duelhall.games.deckduel.engine.actions import KINDS as DECKDUEL_WORDS

# Bounds measured with random play (docs/interop.md) and given ample room; an overflow is a
# clear error, never a silently cut array.
_ACTION_SLOTS = {"duel52": 512, "duelfighters": 2048}
_VIEW_BYTES = {"deckduel": 4096, "highlander": 16384, "duel52": 16384, "duelfighters": 16384}


class EncodingError(DuelhallError):
    """A view or a legal list larger than the game's fixed arrays allow."""


@dataclass(frozen=True)
class Encoding:
    """A game with resolved options and the fixed sizes of its arrays."""

    info: GameInfo
    options: Mapping[str, Any]
    seats: int
    actions: int
    view_bytes: int
    # The notation of every action the game can offer, in index order; empty: slots.
    table: tuple[str, ...] = ()
    where: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "where", {text: i for i, text in enumerate(self.table)})

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # immutable, and its read-only options cannot be deep-copied

    def new_state(self, seed: int) -> GameState:
        return self.info.new_state(seed, self.options)

    def legal(self, state: GameState, seat: int) -> list[Any]:
        """The seat's legal actions in index order (see :meth:`index`)."""
        if self.table:
            return sorted(state.legal_actions(seat), key=lambda a: self.where[str(a)])
        legal = sorted(state.legal_actions(seat), key=str)
        if len(legal) > self.actions:
            raise EncodingError(
                f"{self.info.name} offered {len(legal)} actions, more than the {self.actions} "
                "slots of its action space; raise the bound in duelhall/interop/encoding.py"
            )
        return legal

    def index(self, action: Any, legal: Sequence[Any]) -> int:
        if self.table:
            return self.where[str(action)]
        return list(legal).index(action)

    def action_at(self, index: int, legal: Sequence[Any]) -> Any:
        """The legal action at ``index``, or a one-line error saying which indices are legal."""
        for action in legal:
            if self.index(action, legal) == index:
                return action
        allowed = [self.index(a, legal) for a in legal]
        raise EncodingError(f"action {index} is not legal here; the legal indices are {allowed}")

    def mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.actions, dtype=np.int8)
        for action in legal:
            mask[self.index(action, legal)] = 1
        return mask

    def observe(self, view: Mapping[str, Any]) -> npt.NDArray[np.uint8]:
        """The view as canonical JSON bytes, zero-padded to the fixed length."""
        text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        data = text.encode("ascii")
        if len(data) > self.view_bytes:
            raise EncodingError(
                f"a {self.info.name} view of {len(data)} bytes exceeds the observation's "
                f"{self.view_bytes}; raise the bound in duelhall/interop/encoding.py"
            )
        out = np.zeros(self.view_bytes, dtype=np.uint8)
        out[: len(data)] = np.frombuffer(data, dtype=np.uint8)
        return out


def encoding(game: str, options: Mapping[str, Any] | None = None) -> Encoding:
    """The encoding of ``game`` with ``options`` (names and values as ``--option`` takes)."""
    info = get_game(game)
    resolved = info.resolve_options(dict(options or {}))
    table = _table(info, resolved)
    actions = len(table) if table else _ACTION_SLOTS.get(info.name, 1024)
    view_bytes = _VIEW_BYTES.get(info.name, 16384) * (2 if info.seat_count(resolved) > 2 else 1)
    return Encoding(info, resolved, info.seat_count(resolved), actions, view_bytes, table)


def _table(info: GameInfo, options: Mapping[str, Any]) -> tuple[str, ...]:
    """Every action notation of a game with a closed notation, or () for slots."""
    if info.name == "deckduel":
        return DECKDUEL_WORDS
    if info.name == "highlander":
        # The card file is part of the options, so the cards are known before any deal.
        cards = sorted(card.id for card in info.new_state(0, options).cards.cards)  # type: ignore[attr-defined]
        return ("draw", *(f"take {c}" for c in cards), *(f"play {c}" for c in cards))
    return ()


def rewards(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's reward: 2 x score - 1, so a win is 1, a loss -1 and a two-seat draw 0."""
    return tuple(2.0 * score - 1.0 for score in outcome.scores)

"""A tiny simultaneous-choice game used to test the core and the terminal loop.

Each seat holds cards 1-3; for three rounds both secretly choose one, and the higher card
scores a point. Test fixture only: it exercises the protocol paths Duel 52 does not use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rich.text import Text

from duelhall.core.errors import IllegalActionError, NotationError
from duelhall.core.game import Capability, GameInfo, register
from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng


class Pick(NamedTuple):
    seat: int
    card: int

    def __str__(self) -> str:
        return f"pick {self.card}"


class HighCardState:
    def __init__(self, seed: int, options: Mapping[str, Any]) -> None:
        self.seed = seed
        self.options = dict(options)
        self.hands = [[1, 2, 3], [1, 2, 3]]
        self.chosen: list[int | None] = [None, None]
        self.points = [0, 0]
        self.history: list[tuple[int, int]] = []

    def to_move(self) -> tuple[int, ...]:
        if not self.hands[0] and not self.hands[1]:
            return ()
        return tuple(s for s in (0, 1) if self.chosen[s] is None)

    def current_seat(self) -> int:
        (seat,) = self.to_move()
        return seat

    def legal_actions(self, seat: int | None = None) -> list[Pick]:
        seats = self.to_move() if seat is None else (seat,)
        return [Pick(s, c) for s in seats if s in self.to_move() for c in self.hands[s]]

    def apply(self, action: Pick) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalActionError(f"'{action}': not a card seat {action.seat} can pick now")
        self.chosen[action.seat] = action.card
        self.hands[action.seat].remove(action.card)
        a, b = self.chosen
        if a is not None and b is not None:
            if a != b:
                self.points[0 if a > b else 1] += 1
            self.history.append((a, b))
            self.chosen = [None, None]

    def outcome(self) -> Outcome | None:
        if self.to_move():
            return None
        p0, p1 = self.points
        if p0 == p1:
            return Outcome(None, (0.5, 0.5), "tie")
        winner = 0 if p0 > p1 else 1
        return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), "points")

    def is_over(self) -> bool:
        return not self.to_move()

    def clone(self) -> HighCardState:
        new = HighCardState(self.seed, self.options)
        new.hands = [h[:] for h in self.hands]
        new.chosen = self.chosen[:]
        new.points = self.points[:]
        new.history = self.history[:]
        return new

    def view(self, seat: int | None) -> dict[str, Any]:
        hands = []
        for s, hand in enumerate(self.hands):
            hidden = self.chosen[s] is not None and seat is not None and s != seat
            # A secret pick still looks like a card in hand to the other seat.
            hands.append(sorted([*hand, self.chosen[s]]) if hidden else list(hand))
        return {
            "seat": seat,
            "hands": hands,
            # Copies: a view is a snapshot, not a window onto the live state.
            "points": list(self.points),
            "history": list(self.history),
            "committed": [c is not None for c in self.chosen],
            "chosen": [c if seat is None or s == seat else None for s, c in enumerate(self.chosen)],
            "to_move": list(self.to_move()),
            "result": None,
        }

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        new = self.clone()
        other = 1 - seat
        if new.chosen[other] is not None:
            # Sorted, so the sample cannot depend on which card was really chosen.
            pool = sorted([*new.hands[other], new.chosen[other]])
            pick = rng.choice(pool)
            pool.remove(pick)
            new.chosen[other], new.hands[other] = pick, pool
        return new

    def parse_action(self, text: str, seat: int | None = None) -> Pick:
        words = text.split()
        if len(words) != 2 or words[0] != "pick" or not words[1].isdigit():
            raise NotationError(f"{text!r}: write 'pick N'")
        return Pick(self.current_seat() if seat is None else seat, int(words[1]))

    def to_position(self) -> dict[str, Any]:
        return {"game": "toy-highcard", **self.view(None)}


INFO = register(
    GameInfo(
        name="toy-highcard",
        title="Toy high card",
        seats=2,
        capabilities=frozenset({Capability.SIMULTANEOUS}),
        options=(),
        new_state=lambda seed, options: HighCardState(seed, options),  # type: ignore[arg-type,return-value]
        read_position=lambda data: HighCardState(0, {}),  # type: ignore[arg-type,return-value]
        ui="tests.core.toy_game",
    )
)


# The terminal UI hooks the game loop asks for.
def render_view(view: dict[str, Any], names: tuple[str, str]) -> Text:
    return Text(f"points {view['points']}  history {view['history']}  you chose {view['chosen']}")


def describe(action: Pick, view: dict[str, Any], viewer: int) -> str:
    return f"pick {action.card}"


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    return Text(f"final points {view['points']}")


def sort_key(action: Pick) -> int:
    return action.card


def effects(
    action: Pick, before: dict[str, Any], after: dict[str, Any], viewer: int, names: Any
) -> list[Text]:
    """The round's result, once both picks are in (the session tells it after both)."""
    if len(after["history"]) == len(before["history"]):
        return []
    a, b = after["history"][-1]
    return [Text(f"round: {a} against {b}, points {after['points']}")]

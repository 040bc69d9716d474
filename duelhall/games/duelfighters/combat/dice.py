"""Six-sided dice read one by one (rulebook 1.1), and the initiative roll (3.1).

Every die is kept with its natural face, the modifier applied to it and what it needed, so an
outcome can later say in words which die did what. A natural 6 is a critical and always
succeeds (ruling F3); other dice succeed on 4 or more after their modifier, and a rule may
also demand a natural face (``natural_need``: Devastating Mace's 5s and 6s, Body Smash's 6s).

The dice come from a :class:`DieSource`: the game's seeded :class:`~duelhall.core.rng.Rng`
in play, a scripted source in tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .rules import Anticipation, HalfDice

SUCCESS = 4  # the result a die needs after modifiers (rulebook 3.1, 3.3)
CRITICAL = 6


class DieSource(Protocol):
    """Anything that draws uniform integers like :meth:`duelhall.core.rng.Rng.below`."""

    def below(self, n: int, /) -> int: ...


def roll_die(source: DieSource) -> int:
    return source.below(6) + 1


@dataclass(frozen=True)
class Die:
    face: int  # the natural result
    modifier: int = 0
    need: int = SUCCESS  # after the modifier
    natural_need: int = 1  # a face the die must show as well (by a rule, else 1)
    criticals: bool = True  # False in a roll that makes no criticals (improvised, 3.3.8)

    @property
    def value(self) -> int:
        return self.face + self.modifier

    @property
    def six(self) -> bool:
        return self.face == CRITICAL

    @property
    def critical(self) -> bool:
        return self.six and self.criticals

    @property
    def success(self) -> bool:
        return self.six or (self.value >= self.need and self.face >= self.natural_need)


@dataclass(frozen=True)
class Roll:
    dice: tuple[Die, ...]

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    @property
    def successes(self) -> int:
        return sum(d.success for d in self.dice)

    @property
    def criticals(self) -> int:
        return sum(d.critical for d in self.dice)

    @property
    def sixes(self) -> int:
        return sum(d.six for d in self.dice)


def roll(
    source: DieSource,
    count: int,
    *,
    modifier: int = 0,
    bonuses: Sequence[int] = (),
    need: int = SUCCESS,
    natural_need: int = 1,
    criticals: bool = True,
) -> Roll:
    """``count`` dice, each changed by ``modifier`` and die ``i`` also by ``bonuses[i]`` (a
    bonus on one die changes only that die, rulebook 1.1). A count below one rolls nothing."""
    dice = []
    for i in range(max(0, count)):
        bonus = bonuses[i] if i < len(bonuses) else 0
        dice.append(Die(roll_die(source), modifier + bonus, need, natural_need, criticals))
    return Roll(tuple(dice))


def half(n: int, rounding: HalfDice = "down") -> int:
    """Half of ``n`` dice, rounded as the ``half_dice`` option says (ruling F40)."""
    return n // 2 if rounding == "down" else (n + 1) // 2


@dataclass(frozen=True)
class RollOff:
    """One die each, rolled again on equal dice, until one is higher (rulings F11, F57)."""

    rounds: tuple[tuple[int, int], ...]

    @property
    def winner(self) -> int:
        a, b = self.rounds[-1]
        return 0 if a > b else 1


def roll_off(source: DieSource) -> RollOff:
    rounds = []
    while True:
        pair = (roll_die(source), roll_die(source))
        rounds.append(pair)
        if pair[0] != pair[1]:
            return RollOff(tuple(rounds))


@dataclass(frozen=True)
class Initiative:
    """The initiative of one turn (rulebook 3.1, rulings F10 and F11).

    ``reveals[i]`` is how many steps seat ``i`` must show in the anticipation stage, ``None``
    for its whole sequence (after a tie). ``tie_break`` is the one-die roll-off of a tie."""

    rolls: tuple[Roll, Roll]
    tie_break: RollOff | None
    winner: int
    reveals: tuple[int | None, int | None]


def initiative(
    source: DieSource, intelligence: tuple[int, int], anticipation: Anticipation = "both"
) -> Initiative:
    """Each seat rolls its INT in dice, 4+ a success; more successes win. On a tie both show
    their whole sequence and a one-die roll-off decides. Otherwise each seat shows one step per
    success of the other (``both``), or only the loser per success of the winner (``loser``)."""
    rolls = (roll(source, intelligence[0]), roll(source, intelligence[1]))
    a, b = rolls[0].successes, rolls[1].successes
    if a == b:
        tie = roll_off(source)
        return Initiative(rolls, tie, tie.winner, (None, None))
    winner = 0 if a > b else 1
    reveals: tuple[int | None, int | None] = (b, a)
    if anticipation == "loser":
        reveals = (0, a) if winner == 0 else (b, 0)
    return Initiative(rolls, None, winner, reveals)

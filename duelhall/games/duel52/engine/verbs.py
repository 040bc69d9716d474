"""The notation of the actions every Duel 52 table mode shares: writing it and reading it.

``play CARD PLACE``, ``discard CARD``, ``stay``, ``flip SLOT``, ``resolve SLOT``, ``move
SLOT``, ``look SLOT``, ``pair SLOT SLOT`` and ``attack SLOT[+SLOT] TARGET [TARGET]`` read
the same in the duel, the three-player game and the team game. A mode brings what differs:
how a board card is named (its slot), what a place is called (a lane, a triangle), and the
words of its own actions (the expansion's, in the duel).

Every mode's action type has the fields ``(seat, kind, card, place, slots, targets)`` in
that order, the place being a lane or a triangle; the reader builds actions with them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.core.errors import NotationError
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind, Ref


def verbs_usage(place: str) -> str:
    """The shared verbs in one line, for errors; ``place`` is ``LANE`` or ``TRIANGLE``."""
    return (
        f"actions: play CARD {place} | flip SLOT | attack SLOT[+SLOT] TARGET [TARGET] | "
        "pair SLOT SLOT | discard CARD | look SLOT | move SLOT | stay | resolve SLOT"
    )


@dataclass(frozen=True)
class TableWords:
    """What a mode's notation calls things, for its help and its errors."""

    place: str
    """A place of the table: ``lane`` or ``triangle``."""
    places: int
    """How many places there are (numbered from 1)."""
    yours: str
    """Whose cards a player acts with: ``your`` or ``your team's``."""
    look_at: str
    """What a 4 looks at: ``a face-down card`` (``or a fort`` in the expansion)."""
    attack_words: int
    """The most words after ``attack`` (3 for two targets, 4 for a pair of banner 10s)."""
    examples: Mapping[str, str]
    """An example of each verb's words, for errors."""
    usage: str
    """Every verb in one line, for errors."""

    def split(self, text: str) -> tuple[str, list[str]]:
        """The verb (lower case) and the words after it; an error for an empty action."""
        words = text.strip().split()
        if not words:
            raise NotationError("empty action; " + self.usage)
        return words[0].lower(), words[1:]

    def place_number(self, word: str) -> int:
        """The 0-based place of ``2``; a clear error for anything else."""
        numbers = [str(n) for n in range(1, self.places + 1)]
        if word not in numbers:
            listed = ", ".join(numbers[:-1]) + f" or {numbers[-1]}"
            raise NotationError(f"{self.place} must be {listed}, not {word!r}")
        return int(word) - 1


def _queen_place(pending: Sequence[tuple[Any, ...]]) -> int:
    """The place of the Queen whose move is being asked, or -1 when none is."""
    top = pending[-1] if pending else None
    return int(top[1]) if top is not None and top[0] == "move" else -1


def _with_pair_mate(rows: Sequence[Sequence[Sequence[Any]]], ref: Ref) -> tuple[Ref, ...]:
    """A paired card named alone as an attacker stands for its pair: both, in board order."""
    place, owner, index = ref
    row = rows[place][owner] if 0 <= place < len(rows) else []
    if index >= len(row) or not row[index].pair:
        return (ref,)
    mate = [i for i, bc in enumerate(row) if bc.pair == row[index].pair and i != index]
    return tuple(sorted([ref, (place, owner, mate[0])])) if mate else (ref,)


def read_action(
    state: Any,
    verb: str,
    args: list[str],
    seat: int,
    words: TableWords,
    parse_slot: Callable[[str, int], Ref],
    make: Callable[..., Any],
) -> Any:
    """The shared action that ``verb`` and ``args`` write, made with ``make`` (a mode reads
    its own verbs first); an error for a verb nobody knows."""

    def need(n: int, form: str) -> None:
        if len(args) != n:
            raise NotationError(f"'{verb}' takes {form}, like: {verb} {words.examples[verb]}")

    if verb == Kind.PLAY:
        need(2, f"a card and a {words.place}")
        place = words.place_number(args[1])
        return make(seat, Kind.PLAY, C.parse(args[0]), place)
    if verb == Kind.DISCARD:
        need(1, "a card from your hand")
        return make(seat, Kind.DISCARD, C.parse(args[0]))
    if verb == Kind.STAY:
        need(0, "nothing")
        return make(seat, Kind.STAY, -1, _queen_place(state.pending))
    if verb in (Kind.FLIP, Kind.RESOLVE):
        need(1, f"one of {words.yours} cards")
        return make(seat, verb, -1, -1, (parse_slot(args[0], seat),))
    if verb == Kind.MOVE:
        need(1, f"one of {words.yours} cards in another {words.place}")
        queen = _queen_place(state.pending)
        return make(seat, Kind.MOVE, -1, queen, (parse_slot(args[0], seat),))
    if verb == Kind.LOOK:
        need(1, words.look_at)
        return make(seat, Kind.LOOK, -1, -1, (), (parse_slot(args[0], seat),))
    if verb == Kind.PAIR:
        need(2, f"two of {words.yours} cards")
        return make(seat, Kind.PAIR, -1, -1, tuple(sorted(parse_slot(x, seat) for x in args)))
    if verb == Kind.ATTACK:
        if not 2 <= len(args) <= words.attack_words:
            raise NotationError(
                f"'attack' takes an attacker and one or two targets, like: "
                f"attack {words.examples['attack']}"
            )
        attackers = tuple(sorted(parse_slot(x, seat) for x in args[0].split("+")))
        if len(attackers) == 1:
            attackers = _with_pair_mate(state.rows, attackers[0])
        targets = tuple(parse_slot(x, seat) for x in args[1:])
        if len(attackers) == 1:
            # A single 10 deals one damage to each target, so their order means nothing:
            # accept either order and use the canonical (board) one.
            targets = tuple(sorted(targets))
        elif len(targets) > 2:
            # A pair of banner 10s: two damage to the first target, one to each other.
            targets = (targets[0], *sorted(targets[1:]))
        return make(seat, Kind.ATTACK, -1, -1, attackers, targets)
    raise NotationError(f"unknown action {verb!r}; " + words.usage)

"""What a person types at the Duel 52 prompt, read against the choices open to them.

Records keep the notation of docs/notation/duel52.md, whose slots count places in a row as
the action is taken. A person points at the board as it is drawn instead: at a card's
letter, which stays put through a turn (see :mod:`duelhall.games.duel52.engine.table`), or at the
card itself when they can see it. So an answer is matched against the legal actions, each
written with the board's letters, rather than parsed on its own:

- the verb may be cut to any start that fits one action open now (``a`` for attack);
- a board card is its slot as drawn (``2c`` yours, ``2C`` theirs; ``23b``, or ``2b`` for
  your own, in the three-player game), or its rank and suit when the board shows it to
  you, face-up or face-down and known to you (``kd``, ``K♦``, ``10h``, ``TH``);
- an attack may leave out the attacker (``attack KD``) when one card alone can make it;
- slots are read with their case first; an answer that fits nothing that way is read again
  ignoring case (``attack 1b 1b``: the second can only be the opponent's ``1B``).

Only the seat's own view is read, so no answer can find a card the seat cannot see: a hidden
card answers to its slot alone, and its slot comes from where it lies, not from what it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from duelhall.core.errors import NotationError
from duelhall.games.duel52.duel import notation
from duelhall.games.duel52.engine import board
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import FORT_LANE, KIND_ORDER, Kind, Ref
from duelhall.games.duel52.variants.teams import notation as teams_notation
from duelhall.games.duel52.variants.teams import state as teams
from duelhall.games.duel52.variants.triangles import notation as triangles_notation
from duelhall.games.duel52.variants.triangles import state as triangles

HELP = """\
More ways to answer:
  cards      a card you can see, by rank and suit, instead of its slot:
             attack 1b KD (or kd, K♦); a slot as drawn means that slot
  shorter    a verb cut short (a 1b KD), an attack without its attacker
             when one card alone can make it (a KD)
  letters    stay put through a turn: a card that dies gives up its letter
             until the next turn, and the cards behind it keep theirs"""
"""What a person may type besides the bracketed notation (for ``?``)."""

View = Mapping[str, Any]
Part = Ref | str
"""One word of an action's notation, or one card of a ``+`` group: a board card or text."""


@dataclass(frozen=True)
class Board:
    """How one table mode names its board cards, for reading what a person types."""

    rows_key: str
    """The view's list of places: ``lanes`` or ``triangles``."""
    labels: Callable[[View, Ref, int], list[str]]
    """A card's slots as a seat may type them; the first is the one drawn on the board."""
    write: Callable[[Any, Callable[[Ref], str]], str]
    """The mode's notation of an action, its board cards named by the function given."""
    slot: re.Pattern[str]
    """What a slot looks like, so that a slot naming no card is refused, not guessed at."""
    recorded: Callable[[Ref, int], str]
    """A card's slot in record notation (counting places), from a seat's side."""


def _duel_labels(view: View, ref: Ref, seat: int) -> list[str]:
    return [notation.board_label(view, ref, seat)]


def _team_labels(view: View, ref: Ref, seat: int) -> list[str]:
    return [teams_notation.board_label(view, ref, seat)]


def _triangle_labels(view: View, ref: Ref, seat: int) -> list[str]:
    full = triangles_notation.board_label(view, ref)
    return [full, full[0] + full[2:]] if ref[1] == seat else [full]


def _triangle_slot(ref: Ref, seat: int) -> str:
    return triangles.slot_name(ref)


_LANE_SLOT = re.compile(r"^[1-3][a-zA-Z]$")

BOARDS = {
    None: Board("lanes", _duel_labels, board.format_action, _LANE_SLOT, board.slot_name),
    "teams": Board(
        "lanes",
        _team_labels,
        teams.format_action,
        _LANE_SLOT,
        teams.slot_name,
    ),
    "triangles": Board(
        "triangles",
        _triangle_labels,
        triangles.format_action,
        re.compile(r"^[1-4][1-3]?[a-zA-Z]$"),
        _triangle_slot,
    ),
}
"""Each mode's board, by the view's ``mode`` (the duel's views have none)."""


VERBS = tuple(KIND_ORDER)
"""Every verb of every mode (a mode's parser refuses the ones it lacks)."""


def board_of(view: View) -> Board:
    return BOARDS[view.get("mode")]


def typed_notation(action: Any, view: View, seat: int) -> str:
    """``action`` as ``seat`` would type it: its board cards by the letters drawn."""
    board = board_of(view)
    return board.write(action, lambda ref: board.labels(view, ref, seat)[0])


def read_choice(
    text: str, view: View, legal: Sequence[Any], seat: int, parse: Callable[[str], Any]
) -> list[Any]:
    """The legal actions ``text`` fits, read as described in the module notes.

    More than one means the answer is ambiguous. When it fits none, the answer is written
    in record notation (slots counting places) and read by ``parse``, so that the caller
    can say why that action is not allowed; an answer that cannot be read raises
    :class:`NotationError`."""
    words = text.split()
    if not words:
        raise NotationError("empty answer; type a number or an action")
    reader = _Reader(view, seat, board_of(view))
    written = {action: reader.decompose(action) for action in legal}
    verb = _verb(words[0].lower(), {w[0] for w in written.values()})
    typed = [word.split("+") for word in words[1:]]
    if verb is None:
        return [parse(reader.as_recorded(words))]
    mine = {action: parts[1:] for action, parts in written.items() if parts[0] == verb}
    for strict in (True, False):
        fits = [a for a, parts in mine.items() if reader.fits(verb, typed, parts, strict=strict)]
        if fits:
            return fits
    # Words missing (``play 7h``, ``attack kd`` for a 10): the choices with those cards.
    tokens = [token for word in typed for token in word]
    for strict in (True, False):
        near = [a for a, parts in mine.items() if reader.among(verb, tokens, parts, strict=strict)]
        if len(near) > 1:
            return near
        if near:
            raise NotationError(
                f"{text.strip()!r} is not a whole action; did you mean "
                f"'{typed_notation(near[0], view, seat)}'?"
            )
    return [parse(reader.as_recorded(words))]


def _verb(word: str, open_now: set[str]) -> str | None:
    """The verb of an action open now that ``word`` spells or starts; ``None`` if none."""
    if word in open_now:
        return word
    starting = sorted(v for v in open_now if v.startswith(word))
    if len(starting) > 1:
        raise NotationError(f"{word!r} could be {' or '.join(starting)}; write more of the word")
    return starting[0] if starting else None


def _card(word: str) -> int | None:
    try:
        return C.parse(word)
    except NotationError:
        return None


class _Reader:
    """Matches typed words to the actions open to ``seat``, from its view of the board."""

    def __init__(self, view: View, seat: int, board: Board) -> None:
        self.view = view
        self.seat = seat
        self.board = board
        self.slots = {label for ref in self.board_refs() for label in board.labels(view, ref, seat)}
        """Every slot drawn on the board: typed as drawn, a slot means that card and no
        other (``2d`` is the slot, not the 2 of diamonds)."""

    def decompose(self, action: Any) -> list[Any]:
        """The verb, then each word of ``action`` as a list of parts (board cards as refs)."""
        refs: list[Ref] = []

        def hole(ref: Ref) -> str:
            refs.append(ref)
            return f"\0{len(refs) - 1}"

        words = self.board.write(action, hole).split()
        parts: list[Any] = [words[0]]
        for word in words[1:]:
            parts.append([refs[int(p[1:])] if p.startswith("\0") else p for p in word.split("+")])
        return parts

    def seen_card(self, ref: Ref) -> str | None:
        """The card at ``ref`` when the view shows it to the seat, else ``None``."""
        place, side, index = ref
        if place == FORT_LANE:
            forts = self.view.get("forts", [])
            card: str | None = forts[index]["card"] if index < len(forts) else None
            return card
        row = self.view[self.board.rows_key][place]["rows"][side]
        return row[index]["card"] if index < len(row) else None

    def names(self, token: str, ref: Ref, *, strict: bool) -> bool:
        """Whether ``token`` points at the card at ``ref``."""
        labels = self.board.labels(self.view, ref, self.seat)
        if token in labels:
            return True
        seen = self.seen_card(ref)
        if strict and token in self.slots:
            return False
        if seen is not None and _card(token) == C.parse(seen):
            return True
        return not strict and token.lower() in {label.lower() for label in labels}

    def part_fits(self, verb: str, token: str, part: Part, *, strict: bool) -> bool:
        if not isinstance(part, str):
            return self.names(token, part, strict=strict)
        if token.lower() == part.lower():
            return True
        card = _card(token)
        if card is not None and card == _card(part):
            return True
        # A bannerman is drafted by rank; a card of that rank says it as well.
        return verb == Kind.DRAFT and card is not None and C.rank_name(C.rank(card)) == part

    def fits(
        self, verb: str, typed: list[list[str]], parts: list[list[Part]], *, strict: bool
    ) -> bool:
        """Whether the typed words (each split at ``+``) say the action written ``parts``."""
        if verb == Kind.ATTACK:
            return self._attack_fits(typed, parts, strict=strict)
        if any(len(word) != 1 for word in typed) or len(typed) != len(parts):
            return False
        tokens = [word[0] for word in typed]
        wanted = [part[0] for part in parts]
        if verb == Kind.PAIR:
            return self._same_cards(tokens, wanted, strict=strict)
        return all(
            self.part_fits(verb, t, p, strict=strict) for t, p in zip(tokens, wanted, strict=True)
        )

    def among(self, verb: str, tokens: list[str], parts: list[list[Part]], *, strict: bool) -> bool:
        """Whether each token names a different word (or ``+`` card) of the action."""
        free: list[Part | None] = [part for word in parts for part in word]

        def place(k: int) -> bool:
            if k == len(tokens):
                return True
            for i, part in enumerate(free):
                if part is not None and self.part_fits(verb, tokens[k], part, strict=strict):
                    free[i] = None
                    if place(k + 1):
                        return True
                    free[i] = part
            return False

        return len(tokens) <= len(free) and place(0)

    def _same_cards(self, tokens: list[str], wanted: list[Part], *, strict: bool) -> bool:
        """The tokens name the wanted cards, in any order."""
        if len(tokens) != len(wanted):
            return False
        return any(
            all(self.part_fits("", t, p, strict=strict) for t, p in zip(tokens, order, strict=True))
            for order in permutations(wanted)
        )

    def _attack_fits(
        self, typed: list[list[str]], parts: list[list[Part]], *, strict: bool
    ) -> bool:
        """An attack is its attacker (one card of a pair stands for both) and its targets,
        or its targets alone. A single card's targets may come in any order; a pair of
        10s deals two damage to the first target, so that one must come first."""
        attackers, targets = parts[0], [p[0] for p in parts[1:]]

        def targets_fit(tokens: list[list[str]]) -> bool:
            if any(len(word) != 1 for word in tokens) or len(tokens) != len(targets):
                return False
            flat = [word[0] for word in tokens]
            if len(attackers) > 1 and len(targets) > 1:
                first = self.part_fits("", flat[0], targets[0], strict=strict)
                return first and self._same_cards(flat[1:], targets[1:], strict=strict)
            return self._same_cards(flat, targets, strict=strict)

        if typed and 0 < len(typed[0]) <= len(attackers):
            named = [
                next((a for a in attackers if self.part_fits("", t, a, strict=strict)), None)
                for t in typed[0]
            ]
            if None not in named and len(set(named)) == len(named) and targets_fit(typed[1:]):
                return True
        # Targets alone, read with their case only: ignoring it, ``attack 1c 1e`` (meant as
        # 1c attacking 1E) would read as some card attacking 1C and 1E.
        return strict and targets_fit(typed)

    def as_recorded(self, words: list[str]) -> str:
        """The answer in record notation, its board cards written as records write them,
        for an answer that fits no action open now (to learn why)."""
        verb = words[0].lower()
        starting = [v for v in VERBS if v.startswith(verb)]
        verb = starting[0] if len(starting) == 1 else verb
        out = [verb]
        for k, word in enumerate(words[1:]):
            # A hand card comes first after these verbs (``play 2c 1``: 2♣, not a slot).
            card_first = k == 0 and verb in (Kind.PLAY, Kind.DISCARD, Kind.SPELL, Kind.DRAFT)
            out.append("+".join(self._recorded_part(t, card=card_first) for t in word.split("+")))
        return " ".join(out)

    def _recorded_part(self, token: str, *, card: bool) -> str:
        for ref in self.board_refs():
            if self.names(token, ref, strict=True):
                return self.board.recorded(ref, self.seat)
        if self.board.slot.match(token) and not (card and _card(token) is not None):
            raise NotationError(
                f"there is no card {token} on the board (a letter stays with its card "
                "through a turn: the board shows the letters to use)"
            )
        return token

    def board_refs(self) -> list[Ref]:
        refs: list[Ref] = []
        for place, info in enumerate(self.view[self.board.rows_key]):
            for side, row in enumerate(info["rows"]):
                refs += [(place, side, i) for i in range(len(row))]
        return refs

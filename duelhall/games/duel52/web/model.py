"""The web board's data, read off one view: what the template draws, in the order it is
drawn, with every word and mark decided here so the template only lays it out.

Everything comes from the view (a seat's, or the public view for a spectator), never from
a state: a card the view does not name is drawn as a back and named by its place only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duelhall.core.wording import YOU, plural
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.terminal import ui
from duelhall.games.duel52.web import picks
from duelhall.games.duel52.web.prompts import pending_prompt, status_line

SUIT_KEYS = {"C": "c", "D": "d", "H": "h", "S": "s"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@dataclass(frozen=True)
class Mark:
    """A badge on a card: an icon and a short word, styled by ``kind`` (never by colour
    alone: the icon says it too)."""

    kind: str
    icon: str
    text: str
    title: str


@dataclass(frozen=True)
class Face:
    """One card drawn: face-up, a back, or a back the viewer knows (drawn with its face)."""

    name: str | None
    up: bool
    pick: str | None = None
    label: str = ""
    classes: tuple[str, ...] = ()
    ribbon: str = ""
    caption: str = ""
    marks: tuple[Mark, ...] = ()
    hp: tuple[str, ...] = ()
    title: str = ""

    @property
    def rank(self) -> str:
        return C.RANK_NAMES[C.rank(C.parse(self.name))] if self.name else ""

    @property
    def symbol(self) -> str:
        return C.SUIT_SYMBOLS[C.SUITS.index(self.name[-1])] if self.name else ""

    @property
    def suit(self) -> str:
        return SUIT_KEYS[self.name[-1]] if self.name else ""

    @property
    def css(self) -> str:
        state = "up" if self.up else ("known" if self.name else "down")
        suit = f" d52-s-{self.suit}" if self.suit else ""
        extra = "".join(f" d52-{c}" for c in self.classes)
        return f"d52-card d52-{state}{suit}{extra}"


@dataclass(frozen=True)
class Row:
    """One side's row of a place."""

    owner: str
    own: bool
    cards: tuple[Face, ...]
    note: str = ""


@dataclass(frozen=True)
class Place:
    """A lane (or triangle) with its rows, top to bottom; ``target``: the place a pending
    choice is about (the Queen's lane)."""

    pick: str
    title: str
    holder: str
    rows: tuple[Row, ...]
    target: bool = False


@dataclass(frozen=True)
class Player:
    """A seat's area: its hand (faces for the viewer, else a count), hero and bannermen."""

    seat: int
    name: str
    me: bool
    to_move: bool
    hand: tuple[Face, ...]
    hand_count: int
    tag: str = ""
    hero: Face | None = None
    hero_words: tuple[Mark, ...] = ()
    bannermen: tuple[Face, ...] = ()
    improved: str = ""


@dataclass(frozen=True)
class Board:
    mode: str
    viewer: int | None
    status: str
    prompt: str
    result: str
    top: tuple[Player, ...]
    bottom: tuple[Player, ...]
    places: tuple[Place, ...]
    pile: int
    removed: int
    discard: tuple[Face, ...]
    discard_hidden: int
    forts: tuple[Face, ...] = ()
    legend: tuple[Mark, ...] = ()
    asks: str = ""
    """The choice a power asks for now (``discard``, ``look``, ``move``...), or ``""``."""


def _hp(card: Mapping[str, Any]) -> tuple[str, ...]:
    """Hit points as pips: ``full`` for each left, ``lost`` for each taken."""
    hp: int | None = card["hp"]
    damage: int = card["damage"]
    if hp is None:
        return ("lost",) * damage
    return ("full",) * max(0, hp - damage) + ("lost",) * min(damage, hp)


def _words(name: str | None) -> str:
    if name is None:
        return "a face-down card"
    return f"{C.RANK_NAMES[C.rank(C.parse(name))]} of {SUIT_WORDS[name[-1]]}"


def known_to(
    view: Mapping[str, Any], seats: Sequence[int], owner: int | None, names: Sequence[str]
) -> list[str]:
    """Who besides a card's owner knows it, as the reader says it: "you", "your partner
    Player 3", or a name (the reader is the seat its snapshot names ``You``)."""
    reader = names.index(YOU) if YOU in names else None
    words = []
    for seat in seats:
        if seat == owner:
            continue
        if seat == reader:
            words.append("you")
        elif reader is not None and view.get("mode") == "teams" and seat == (reader + 2) % 4:
            words.append(f"your partner {names[seat]}")
        else:
            words.append(names[seat])
    return words


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def board_face(
    card: Mapping[str, Any],
    where: tuple[int, int],
    *,
    label: str,
    mate: str | None,
    acting: bool,
    powers: Mapping[int, str],
    knowers: Sequence[str],
    by: str = "",
    waiting: bool = False,
) -> Face:
    """A board card as the view shows it, with its marks (``waiting``: its power waits for
    its owner to pick the order powers resolve in)."""
    place, side = where
    name = card["card"]
    marks: list[Mark] = []
    classes: list[str] = []
    if card["damage"]:
        classes.append("damaged")
    if card["frozen"]:
        classes.append("frozen")
        marks.append(Mark("frozen", "❄", "frozen", "Frozen: cannot attack or flip"))
    if card["paired"] and mate:
        classes.append("paired")
        marks.append(Mark("paired", "⚭", mate, f"Paired with {mate}"))
    if knowers:
        marks.append(Mark("seen", "◉", "seen", f"Known to {_listed(knowers)} too"))
    if waiting:
        classes.append("waiting")
        marks.append(Mark("waiting", "▸", "next?", "Its power waits: pick it to resolve it next"))
    if card.get("rushed"):
        marks.append(Mark("rushed", "⚡", "rushed", "Played by Rush Them! this turn"))
    if acting and card["up"] and "attacks_left" in card:
        left = card["attacks_left"]
        if left == 0:
            classes.append("spent")
        elif left > 1:
            marks.append(Mark("attacks", "⚔", str(left), f"{plural(left, 'attack')} left"))
    ribbon = ""
    if card.get("fort"):
        classes.append("fort")
        ribbon = "♜ Fort"
    elif card.get("base"):
        classes.append("base")
        ribbon = "Base"
    if card.get("hero"):
        classes.append("hero")
        ribbon = "★ Hero"
    caption = powers.get(C.rank(C.parse(name)), "") if name and card["up"] else ""
    if by:
        marks.append(Mark("by", "", by, f"Played by {by}"))
    hp = _hp(card) if card["damage"] else ()
    state = "face-up" if card["up"] else "face-down"
    title = f"{label}: {_words(name)}" + ("" if card["up"] or name is None else f" ({state})")
    if card["hp"] is not None:
        title += f", {card['hp'] - card['damage']} of {card['hp']} hit points"
    elif card["damage"]:
        title += f", {card['damage']} damage"
    return Face(
        name=name,
        up=card["up"],
        pick=picks.row_id(place, side, card["letter"]),
        label=label,
        classes=tuple(classes),
        ribbon=ribbon,
        caption=caption,
        marks=tuple(marks),
        hp=hp,
        title=title,
    )


def hand_faces(hand: list[str] | int, *, pickable: bool) -> tuple[tuple[Face, ...], int]:
    """A hand as faces (the viewer's) or as a count of backs (anyone else's)."""
    if isinstance(hand, int):
        return (), hand
    faces = tuple(
        Face(name=n, up=True, pick=picks.hand_id(n) if pickable else None, title=_words(n))
        for n in hand
    )
    return faces, len(hand)


def player(
    view: Mapping[str, Any],
    seat: int,
    names: Sequence[str],
    *,
    me: bool,
    tag: str,
    hand: tuple[Face, ...] | None = None,
    **extra: Any,
) -> Player:
    """A seat's area; ``hand``: its faces when the mode draws them its own way."""
    faces, count = hand_faces(view["hands"][seat], pickable=me)
    return Player(
        seat=seat,
        name=names[seat],
        me=me,
        to_move=view["result"] is None and seat in view["to_move"],
        hand=faces if hand is None else hand,
        hand_count=count,
        tag=tag,
        **extra,
    )


def discard_faces(view: Mapping[str, Any]) -> tuple[tuple[Face, ...], int]:
    """The discard's cards the view names (newest first), and how many it does not."""
    seen = [e for e in view["discard"] if e["card"] is not None]
    faces = tuple(Face(name=e["card"], up=e["up"], title=_words(e["card"])) for e in reversed(seen))
    return faces, len(view["discard"]) - len(seen)


def legend(view: Mapping[str, Any]) -> tuple[Mark, ...]:
    marks = [
        Mark("frozen", "❄", "frozen", ""),
        Mark("hp", "●", "hit point", ""),
        Mark("damage", "✕", "damage", ""),
        Mark("paired", "⚭", "paired with", ""),
        Mark("seen", "◉", "known to others", ""),
        Mark("attacks", "⚔", "attacks left", ""),
    ]
    if "heroes" in view:
        marks += [Mark("rushed", "⚡", "rushed", ""), Mark("hero", "★", "warrior hero", "")]
    return tuple(marks)


def waiting_places(view: Mapping[str, Any]) -> set[str]:
    """The cards whose powers wait for their owner to order them, as ``lane``/``letter``
    written lower case (``3b``; ``23c`` in the three-player game)."""
    pending = view["pending"]
    if pending is None or pending["choice"] != "order":
        return set()
    return {label.lower() for label in pending.get("waiting", [])}


def target_place(view: Mapping[str, Any]) -> int | None:
    """The place (0-based) a pending choice is about: the Queen's, or the fort's lane."""
    pending = view["pending"]
    if pending is None or pending["choice"] not in ("move", "fort"):
        return None
    where = pending.get("triangle") or pending.get("lane")
    return int(where) - 1 if where else None


def common(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The fields every mode's board fills alike."""
    discard, hidden = discard_faces(view)
    result = ""
    if view["result"] is not None:
        result = ui.result_text(dict(view), names).plain
    return {
        "status": status_line(view, names),
        "prompt": pending_prompt(view, names),
        "result": result,
        "pile": view["pile"],
        "removed": view.get("removed", 0),
        "discard": discard,
        "discard_hidden": hidden,
        "legend": legend(view),
        "asks": view["pending"]["choice"] if view["pending"] and not view["result"] else "",
    }

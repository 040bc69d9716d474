"""Three-player Duel 52 in the terminal: four triangles, three rows each, drawn from a view.

Like :mod:`duelhall.games.duel52.terminal.render` it works from views only, so a player sees only
what their seat may know. Board cards are named as in the notation: triangle, player,
letter (``23b``: player 3's second card in triangle 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from duelhall.core.wording import plural, their, verb
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.text import cardtext, tabletext
from duelhall.games.duel52.text.actionwords import describe_action
from duelhall.games.duel52.text.viewdiff import drawn_lines, match_row, named_places, reveal_line
from duelhall.games.duel52.variants.triangles.notation import board_label
from duelhall.games.duel52.variants.triangles.state import MAIN_KINDS, Ref, TriAction

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3")

PLAY_GRID = tabletext.PlayGrid("tri", 8, "[play CARD TRIANGLE]", attrgetter("tri"), 4)
"""How the numbered choices lay out plays (see :func:`tabletext.choice_lines`)."""


def _names(names: Sequence[str]) -> tuple[str, ...]:
    given = tuple(names)
    return given + DEFAULT_NAMES[len(given) :]


def _cell(ref: Ref, label: str, card: dict[str, Any], mate: str | None, *, acting: bool) -> Text:
    line = Text(f"{label} ", style="cyan")
    line.append_text(cardtext.face_text(card))
    line.append_text(cardtext.wound_marks(card))
    if mate:
        line.append(f" ={mate}", style="green")
    line.append_text(cardtext.attack_marks(card, acting=acting))
    owner = ref[1]
    lookers = [s + 1 for s in card.get("seen_by", []) if s != owner]
    if lookers:
        line.append(" seen by " + ",".join(f"P{s}" for s in lookers), style="bright_black")
    return line


def _row(view: dict[str, Any], tri: int, seat: int) -> Text:
    info = view["triangles"][tri]
    partner = cardtext.partners(info["pairs"][seat])
    acting = view["result"] is None and seat in view["to_move"]
    cells = []
    for i, card in enumerate(info["rows"][seat]):
        mate = partner.get(i)
        cells.append(
            _cell(
                (tri, seat, i),
                board_label(view, (tri, seat, i)),
                card,
                board_label(view, (tri, seat, mate)) if mate is not None else None,
                acting=acting,
            )
        )
    return cardtext.card_column(cells, "·")


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    empty = "pile empty: two controlled triangles win"
    return tabletext.header_text(view, names, empty, style="bold")


def _order(view: dict[str, Any]) -> list[int]:
    """Seats top to bottom: the viewer last, the others in turn order after them."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    return [(viewer + k) % 3 for k in (1, 2, 0)]


def render_view(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> RenderableType:
    """The whole table as the view's seat sees it (its own row at the bottom)."""
    names = _names(names)
    table = tabletext.board_table()
    held = any(info["controller"] is not None for info in view["triangles"])
    for t, info in enumerate(view["triangles"]):
        title = Text(f"Triangle {t + 1}")
        holder = info["controller"]
        if holder is not None:
            # By number, as the rows are labelled: a name would not fit the column.
            title.append(f"\nheld by P{holder + 1}", style="bold yellow")
        elif held:
            title.append("\n")  # keep the triangles' names on one line
        table.add_column(title, min_width=14)
    order = _order(view)
    for k, seat in enumerate(order):
        if k:
            table.add_section()
        label = f"{names[seat]}\n(P{seat + 1})"
        table.add_row(label, *(_row(view, t, seat) for t in range(len(view["triangles"]))))
    parts: list[RenderableType] = [header_text(view, names), turn_order(view, names), table]
    parts.extend(tabletext.zone_lines(view, names, [order[-1], *order[:-1]]))  # viewer first
    parts.extend(tabletext.pending_lines(view, names, _pending_words))
    return Group(*parts)


def turn_order(view: dict[str, Any], names: Sequence[str]) -> Text:
    """``Turn order: You (P1) › Computer 1 (P2) › Computer 2 (P3)``, from the first player,
    as the team game shows its own."""
    first = view["first_player"]
    order = " › ".join(f"{names[(first + k) % 3]} (P{(first + k) % 3 + 1})" for k in range(3))
    return Text(f"Turn order: {order}", style="bright_black")


def _pending_words(pending: dict[str, Any], who: str) -> str:
    """The Queen's move and the order of waiting powers."""
    if pending["choice"] == "move":
        return (
            f"The Queen in triangle {pending['triangle']}: {who} may bring one of "
            f"{their(who)} cards from another triangle, or stay."
        )
    waiting = ", ".join(pending.get("waiting", []))
    picks = verb(who, "picks", "pick")
    return f"Powers waiting in triangle {pending['triangle']}: {waiting}. {picks} the next."


def _board_name(view: dict[str, Any], ref: Ref) -> str:
    tri, seat, index = ref
    rows = view["triangles"][tri]["rows"][seat]
    if index >= len(rows):
        return board_label(view, ref)
    return cardtext.named(rows[index], board_label(view, ref))


def describe(action: TriAction, view: dict[str, Any], viewer: int | None) -> str:
    """The action in words for ``viewer``, whose view is taken before the action."""
    place = f"triangle {action.tri + 1}"
    return describe_action(action, view, viewer, place, lambda ref: _board_name(view, ref))


# ---------------------------------------------------------------------- what happened


def effects(
    action: TriAction,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: Sequence[str] = DEFAULT_NAMES,
) -> list[Text]:
    """What ``action`` did, in words for ``viewer``, from its views before and after."""
    names = _names(names)
    lines: list[Text] = []

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    touched = named_places(action)
    frozen: list[str] = []
    healed: list[str] = []
    for t, (b_tri, a_tri) in enumerate(zip(before["triangles"], after["triangles"], strict=True)):
        for seat in range(3):
            b_row, a_row = b_tri["rows"][seat], a_tri["rows"][seat]
            kept, gone = match_row(b_row, a_row, sorted(touched.get((t, seat), set())))
            for i in gone:
                if action.kind == Kind.MOVE and (t, seat, i) in action.slots:
                    continue
                say(f"{cardtext.named(b_row[i], board_label(before, (t, seat, i)))} dies", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                # Named as the action line names it: a new turn may have re-lettered it.
                where = board_label(before, (t, seat, i))
                trapped = action.kind == Kind.ATTACK and (t, seat, i) in action.targets
                revealed = reveal_line(b, a, where, trapped=trapped)
                if revealed is not None:
                    lines.append(revealed)
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    hp = a["hp"]
                    left = f": {hp - a['damage']} of {hp} hit points left" if hp else ""
                    say(
                        f"{cardtext.named(a, where)} takes {a['damage'] - b['damage']} damage{left}"
                    )
                elif a["damage"] < b["damage"] and a["up"] == b["up"]:
                    healed.append(where)
                if a["frozen"] and not b["frozen"]:
                    frozen.append(where)
    if frozen:
        say(f"Frozen until the end of their owners' next turns: {', '.join(frozen)}", "blue")
    if healed:
        say(f"Healed: {', '.join(healed)}", "green")
    if not after["pile"]:
        for t, (b_tri, a_tri) in enumerate(
            zip(before["triangles"], after["triangles"], strict=True)
        ):
            holder = a_tri["controller"]
            if holder is not None and holder != b_tri["controller"]:
                say(f"{verb(names[holder], 'holds', 'hold')} triangle {t + 1}", "yellow")
    cost = 1 if action.kind in MAIN_KINDS else 0
    new_turn = after["turn"] != before["turn"]
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        who = names[action.seat]
        say(f"{verb(who, 'gains', 'gain')} {plural(gained, 'extra action')}", "green")
    draws = drawn_lines(action, before, after, names)
    if new_turn:
        if before["actions_left"] - cost > 0 and after["result"] is None:
            who = names[action.seat]
            say(f"{verb(who, 'has', 'have')} no legal action left: the turn ends")
        passed = after["turn"] - before["turn"] - 1
        if passed > 0:
            say(f"{plural(passed, 'turn')} passed without a legal action")
        if after["result"] is None:
            who = names[after["to_move"][0]]
            left = plural(after["actions_left"], "action")
            lines.append(Text(f"── Turn {after['turn']}: {who}, {left} ──", style="bold"))
    lines.extend(draws)
    return lines


def result_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    names = _names(names)

    def win_words(winner: int) -> str:
        held = [
            str(t + 1) for t, tri in enumerate(view["triangles"]) if tri["controller"] == winner
        ]
        who = verb(names[winner], "wins", "win")
        return f"{who} the game, holding triangles {' and '.join(held)}."

    return tabletext.result_line(view["result"], win_words)


def legend() -> Text:
    """What the marks on the board mean."""
    return cardtext.legend_text(
        [cardtext.KNOWN_FACE_DOWN, cardtext.UNKNOWN_FACE_DOWN, "· no cards"],
        [
            cardtext.HIT_POINTS_LEFT,
            cardtext.FROZEN,
            "=21b paired with 21b",
            cardtext.NO_ATTACK_LEFT,
        ],
        [cardtext.ATTACKS_LEFT, "seen by P2: a 4 showed it to player 2"],
        ["23b: triangle 2, player 3's second card", "held by: the only player with cards there"],
    )


def help_text() -> str:
    """How a person answers at the three-player prompt."""
    return """\
How to answer:
  a number   take that choice (for a play: the number in the card's row,
             under the triangle you want)
  notation   the text in brackets: play 7H 2, flip 21b, attack 21b 23a,
             attack 21a+21b 23a, pair 21a 21b (see
             docs/notation/duel52-three-players.md)
  slots      triangle, player and letter: 23b is player 3's second card in
             triangle 2; your own cards may drop the player (2b)
Winning: once the pile is empty, the first to hold two triangles (cards there,
nobody else's) wins."""

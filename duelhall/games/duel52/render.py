"""Duel 52 in the terminal: the table drawn from a view, and actions described in words.

Everything here works from a view (``state.view(seat)``), never from the state, so the
terminal can only show what the watching seat may know.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import Duel52Action, Kind, Ref
from duelhall.games.duel52.notation import slot_name

RED_SUITS = "DH"


def card_text(name: str | None, *, dim: bool = False) -> Text:
    """A card name with its suit symbol, red for hearts and diamonds."""
    if name is None:
        return Text("▒▒▒", style="bright_black")
    pretty = C.pretty(C.parse(name))
    style = "red" if name[-1] in RED_SUITS else "bold"
    if dim:
        style += " dim"
    return Text(pretty, style=style)


def _cell(slot: str, card: dict[str, Any], owner: int, paired_with: str | None) -> Text:
    line = Text(f"{slot} ", style="cyan")
    if card["up"]:
        line.append_text(card_text(card["card"]))
    else:
        # A face-down card the viewer knows is shown in brackets; unknown ones as blocks.
        if card["card"] is not None:
            line.append("(")
            line.append_text(card_text(card["card"], dim=True))
            line.append(")")
        else:
            line.append_text(card_text(None))
    if card["base"]:
        line.append(" base", style="magenta")
    hp = card["hp"]
    if card["damage"]:
        left = f"{hp - card['damage']}/{hp}" if hp is not None else f"-{card['damage']}"
        line.append(f" ♥{left}", style="yellow")
    if card["frozen"]:
        line.append(" ❄", style="bright_blue")
    if paired_with:
        line.append(f" ={paired_with}", style="green")
    if any(s != owner or card["base"] for s in card.get("seen_by", [])):
        line.append(" 👁", style="bright_black")  # someone has looked at it with a 4
    return line


def _row_lines(view: dict[str, Any], lane: int, seat: int, viewer: int) -> Text:
    row = view["lanes"][lane]["rows"][seat]
    pairs = view["lanes"][lane]["pairs"][seat]
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    out = Text()
    for i, card in enumerate(row):
        if i:
            out.append("\n")
        mate = partner.get(i)
        out.append_text(
            _cell(
                slot_name((lane, seat, i), viewer),
                card,
                seat,
                slot_name((lane, seat, mate), viewer) if mate is not None else None,
            )
        )
    if not row:
        out.append("(empty)", style="bright_black")
    return out


def render_view(view: dict[str, Any], names: tuple[str, str] = ("Player 1", "Player 2")) -> Group:
    """The whole table as the view's seat sees it (its own row at the bottom)."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    opp = 1 - viewer
    header = Text()
    header.append("Duel 52", style="bold")
    header.append(f"  turn {view['turn']}")
    if view["result"] is None:
        mover = view["to_move"][0]
        header.append(f"  ·  {names[mover]} to act", style="bold green")
        header.append(f"  ·  {view['actions_left']} action(s) left")
    header.append(f"  ·  pile {view['pile']}")
    if view["pile"] == 0:
        header.append(" (empty: Base cards are live)", style="magenta")
    header.append(f"  ·  removed {view['removed']}  ·  discard {len(view['discard'])}")

    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("", style="bold", no_wrap=True)
    for lane, info in enumerate(view["lanes"]):
        title = f"Lane {lane + 1}"
        if info["winner"] is not None:
            title += f" — won by {names[info['winner']]}"
        table.add_column(title, no_wrap=True, min_width=18)
    table.add_row(
        names[opp], *(_row_lines(view, lane, opp, viewer) for lane in range(len(view["lanes"])))
    )
    table.add_section()
    table.add_row(
        names[viewer],
        *(_row_lines(view, lane, viewer, viewer) for lane in range(len(view["lanes"]))),
    )

    legend = Text(
        "(7♥) face-down card you know  ▒▒▒ face-down unknown  ♥1/2 hit points left  "
        "❄ frozen  =2b paired with  👁 looked at by a 4",
        style="bright_black",
    )
    parts: list[RenderableType] = [header, table, legend]
    for s in (viewer, opp):
        hand = view["hands"][s]
        owner = "Your" if names[s] == "You" else f"{names[s]}'s"
        line = Text(f"{owner} hand: ", style="bold")
        if isinstance(hand, list):
            for k, name in enumerate(hand):
                if k:
                    line.append(" ")
                line.append_text(card_text(name))
            if not hand:
                line.append("(empty)", style="bright_black")
        else:
            line.append(f"{hand} card(s), hidden", style="bright_black")
        parts.append(line)
    if view["discard"]:
        line = Text("Discard: ", style="bold")
        for k, entry in enumerate(view["discard"]):
            if k:
                line.append(" ")
            if entry["card"] is None:
                line.append("▒", style="bright_black")
            else:
                line.append_text(card_text(entry["card"], dim=not entry["up"]))
        parts.append(line)
    if seat is None:
        pile = " ".join(view.get("pile_order", [])[::-1])
        parts.append(Text(f"Pile (top first): {pile or '(empty)'}", style="bright_black"))
    pending = view["pending"]
    if pending is not None:
        parts.append(Text(_pending_words(pending, names), style="bold yellow"))
    return Group(*parts)


def _pending_words(pending: dict[str, Any], names: tuple[str, str]) -> str:
    who = names[pending["seat"]]
    what = pending["choice"]
    if what == "discard":
        return f"{who} must discard a card for the 2 (View)."
    if what == "look":
        return f"{who} must choose a face-down card for the 4 (Foresight) to look at."
    if what == "move":
        return f"{who} may move a card to the Queen's lane {pending['lane']}, or stay."
    waiting = ", ".join(pending.get("waiting", []))
    return f"{who} chooses which power resolves next in lane {pending['lane']}: {waiting}."


def _board_name(view: dict[str, Any], ref: Ref, viewer: int) -> str:
    lane, seat, index = ref
    card = view["lanes"][lane]["rows"][seat][index]
    where = slot_name(ref, viewer)
    if card["card"] is None:
        return f"{where} (face-down)"
    shown = C.pretty(C.parse(card["card"]))
    return f"{where} ({shown})" if card["up"] else f"{where} (face-down {shown})"


def describe(action: Duel52Action, view: dict[str, Any], viewer: int) -> str:
    """The action in words for ``viewer``, whose view is taken before the action."""
    mine = action.seat == viewer
    kind = action.kind
    if kind == Kind.PLAY:
        what = C.pretty(action.card) if mine else "a card"
        return f"play {what} face-down into lane {action.lane + 1}"
    if kind == Kind.DISCARD:
        public = view["options"].get("view_discard") == "revealed"
        return f"discard {C.pretty(action.card) if mine or public else 'a card'} from hand"
    if kind == Kind.STAY:
        return "leave every card where it is (the Queen moves nothing)"
    if kind == Kind.FLIP:
        return f"flip {_board_name(view, action.slots[0], viewer)}"
    if kind == Kind.PAIR:
        a, b = (_board_name(view, r, viewer) for r in action.slots)
        return f"pair {a} with {b}"
    if kind == Kind.LOOK:
        return f"look at {_board_name(view, action.targets[0], viewer)}"
    if kind == Kind.MOVE:
        return f"move {_board_name(view, action.slots[0], viewer)} to lane {action.lane + 1}"
    if kind == Kind.RESOLVE:
        return f"resolve the power of {_board_name(view, action.slots[0], viewer)} next"
    attackers = " and ".join(_board_name(view, r, viewer) for r in action.slots)
    targets = " and ".join(_board_name(view, r, viewer) for r in action.targets)
    return f"attack {targets} with {attackers}"


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    result = view["result"]
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    lanes = [
        str(i + 1) for i, lane in enumerate(view["lanes"]) if lane["winner"] == result["winner"]
    ]
    return Text(
        f"{names[result['winner']]} wins by taking lanes {' and '.join(lanes)}.",
        style="bold green",
    )


_KIND_ORDER = {
    Kind.PLAY: 0,
    Kind.FLIP: 1,
    Kind.ATTACK: 2,
    Kind.PAIR: 3,
    Kind.DISCARD: 4,
    Kind.LOOK: 5,
    Kind.MOVE: 6,
    Kind.STAY: 7,
    Kind.RESOLVE: 8,
}


def sort_key(action: Duel52Action) -> tuple[int, int, int, str]:
    """Order for listing choices: by kind, then lane, then card rank."""
    rank = C.rank(action.card) if action.card >= 0 else 0
    return (_KIND_ORDER[action.kind], action.lane, rank, str(action))

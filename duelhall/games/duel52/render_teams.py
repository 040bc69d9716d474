"""The team game in the terminal: two teams' sides of three lanes, drawn from a view.

Like :mod:`duelhall.games.duel52.render`, everything here reads views only, so a person
sees what their seat may know: their own hand, the sizes of the other three (their
partner's included) and the face-down cards they played or looked at. The viewer's team is
drawn at the bottom; each card is marked with who played it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import MAIN_KINDS, Kind
from duelhall.games.duel52.render import POWER_NAMES, _match_row, card_text
from duelhall.games.duel52.teams import Ref, TeamAction
from duelhall.games.duel52.teams_notation import slot_name

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def _names(names: Sequence[str]) -> tuple[str, ...]:
    out = tuple(names)
    return out if len(out) >= 4 else DEFAULT_NAMES


def team_name(team: int, names: Sequence[str]) -> str:
    """``You & Computer 2``: the two seats of a team, in seat order."""
    n = _names(names)
    return f"{n[team]} & {n[team + 2]}"


def _short(name: str) -> str:
    if name == "You":
        return "you"
    digits = "".join(ch for ch in name if ch.isdigit())
    return (name[:1] + digits) if digits else name[:3]


def _pretty(name: str) -> str:
    return C.pretty(C.parse(name))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _verb(name: str, third: str, plain: str) -> str:
    return f"{name} {plain if name == 'You' else third}"


def _cell(slot: str, card: dict[str, Any], names: Sequence[str], acting: bool) -> Text:
    line = Text(f"{slot} ", style="cyan")
    if card["up"]:
        line.append_text(card_text(card["card"]))
    elif card["card"] is not None:
        line.append("(")
        line.append_text(card_text(card["card"], dim=True))
        line.append(")")
    else:
        line.append_text(card_text(None))
    if card["base"]:
        line.append(" base", style="magenta")
    elif card.get("by") is not None:
        line.append(f" ·{_short(names[card['by']])}", style="bright_black")
    hp = card["hp"]
    if card["damage"]:
        left = f"{hp - card['damage']}/{hp}" if hp is not None else f"-{card['damage']}"
        line.append(f" ♥{left}", style="yellow")
    if card["frozen"]:
        line.append(" ❄", style="bright_blue")
    if acting and card["up"] and "attacks_left" in card:
        if card["attacks_left"] == 0:
            line.append(" attacked", style="bright_black")
        elif card["attacks_left"] > 1:
            line.append(f" ⚔{card['attacks_left']}", style="bright_black")
    looked = [s for s in card.get("seen_by", []) if s != card.get("by")]
    if not card["up"] and looked:
        line.append(" seen:" + ",".join(_short(names[s]) for s in looked), style="bright_black")
    return line


def _row(view: dict[str, Any], lane: int, side: int, names: Sequence[str], viewer: int) -> Text:
    row = view["lanes"][lane]["rows"][side]
    mates: dict[int, int] = {}
    for a, b in view["lanes"][lane]["pairs"][side]:
        mates[a], mates[b] = b, a
    acting = view["result"] is None and any(s % 2 == side for s in view["to_move"])
    out = Text()
    for i, card in enumerate(row):
        if i:
            out.append("\n")
        out.append_text(_cell(slot_name((lane, side, i), viewer), card, names, acting))
        if i in mates:
            out.append(f" ={slot_name((lane, side, mates[i]), viewer)}", style="green")
    if not row:
        out.append("(empty)", style="bright_black")
    return out


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    header = Text(f"Turn {view['turn']}", style="bold")
    if view["result"] is None:
        mover = view["to_move"][0]
        if view["pending"] is not None:
            header.append(f" · {names[mover]} to answer a power", style="bold green")
        else:
            left = _plural(view["actions_left"], "action")
            header.append(f" · {names[mover]} to act, {left} left", style="bold green")
    else:
        header.append(" · game over", style="bold")
    if view["pile"]:
        header.append(f" · pile {view['pile']}")
    else:
        header.append(" · pile empty, Base cards live", style="magenta")
    header.append(f" · discard {len(view['discard'])}")
    return header


def render_view(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> Group:
    """The table as the view's seat sees it: the other team on top, its own team below."""
    names = _names(names)
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    mine = viewer % 2
    theirs = 1 - mine
    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("", style="bold", no_wrap=True)
    for lane, info in enumerate(view["lanes"]):
        title = Text(f"Lane {lane + 1}")
        if info["winner"] is not None:
            title.append(f"\nwon by {team_name(info['winner'], names)}", style="bold yellow")
        table.add_column(title, min_width=16)
    lanes = range(len(view["lanes"]))
    table.add_row(
        team_name(theirs, names).replace(" & ", " &\n"),
        *(_row(view, lane, theirs, names, viewer) for lane in lanes),
    )
    table.add_section()
    table.add_row(
        team_name(mine, names).replace(" & ", " &\n"),
        *(_row(view, lane, mine, names, viewer) for lane in lanes),
    )
    parts: list[RenderableType] = [
        header_text(view, names),
        Text(
            f"Teams: {team_name(mine, names)} (lower-case slots 1a...) against "
            f"{team_name(theirs, names)} (upper-case 1A...)",
            style="bright_black",
        ),
        table,
    ]
    first = view["first_player"]
    order = " › ".join(f"{names[(first + k) % 4]} ({'ABCD'[k]})" for k in range(4))
    parts.insert(2, Text(f"Turn order: {order}", style="bright_black"))
    for s in (viewer, (viewer + 2) % 4, (viewer + 1) % 4, (viewer + 3) % 4):
        hand = view["hands"][s]
        owner = "Your" if names[s] == "You" else f"{names[s]}'s"
        role = "" if s == viewer else (" (partner)" if s % 2 == mine else "")
        line = Text(f"{owner}{role} hand: ", style="bold")
        if isinstance(hand, list):
            for k, name in enumerate(hand):
                if k:
                    line.append(" ")
                line.append_text(card_text(name))
            if not hand:
                line.append("empty", style="bright_black")
        elif hand:
            line.append(f"{_plural(hand, 'card')}, hidden", style="bright_black")
        else:
            line.append("empty", style="bright_black")
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


def _pending_words(pending: dict[str, Any], names: Sequence[str]) -> str:
    who = names[pending["seat"]]
    what = pending["choice"]
    if what == "discard":
        return f"{who} must discard a card from hand for the 2 (View)."
    if what == "look":
        return f"{who} must choose a face-down card for the 4 (Foresight) to look at."
    if what == "move":
        return (
            f"The Queen in lane {pending['lane']}: {who} may bring one of the team's cards "
            "from another lane, or stay."
        )
    waiting = ", ".join(pending.get("waiting", []))
    return f"Powers waiting in lane {pending['lane']}: {waiting}. {who}: which resolves next?"


def _named(card: dict[str, Any], where: str) -> str:
    if card["card"] is None:
        return f"{where} (face-down)"
    shown = _pretty(card["card"])
    return f"{where} ({shown})" if card["up"] else f"{where} (face-down {shown})"


def _board_name(view: dict[str, Any], ref: Ref, viewer: int) -> str:
    lane, side, index = ref
    card = view["lanes"][lane]["rows"][side][index]
    return _named(card, slot_name(ref, viewer))


def describe(action: TeamAction, view: dict[str, Any], viewer: int) -> str:
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
        return "the Queen moves nothing"
    if kind == Kind.FLIP:
        return f"flip {_board_name(view, action.slots[0], viewer)}"
    if kind == Kind.PAIR:
        a, b = (_board_name(view, r, viewer) for r in action.slots)
        return f"pair {a} with {b}"
    if kind == Kind.LOOK:
        return f"look at {_board_name(view, action.targets[0], viewer)} with the 4"
    if kind == Kind.MOVE:
        moved = _board_name(view, action.slots[0], viewer)
        return f"the Queen brings {moved} to lane {action.lane + 1}"
    if kind == Kind.RESOLVE:
        return f"resolve the power of {_board_name(view, action.slots[0], viewer)} next"
    attackers = " and ".join(_board_name(view, r, viewer) for r in action.slots)
    targets = " and ".join(_board_name(view, r, viewer) for r in action.targets)
    return f"attack {targets} with {attackers}"


def effects(
    action: TeamAction,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int,
    names: Sequence[str] = DEFAULT_NAMES,
) -> list[Text]:
    """What ``action`` did, told to ``viewer``: flips, damage, deaths, lanes, the turn."""
    names = _names(names)
    lines: list[Text] = []

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    named: dict[tuple[int, int], set[int]] = {}
    for ref in (*action.slots, *action.targets):
        named.setdefault((ref[0], ref[1]), set()).add(ref[2])
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        for side in (0, 1):
            b_row, a_row = b_lane["rows"][side], a_lane["rows"][side]
            kept, gone = _match_row(b_row, a_row, sorted(named.get((lane, side), set())))
            for i in gone:
                if action.kind == Kind.MOVE and (lane, side, i) in action.slots:
                    continue  # the Queen took it; the action line says so
                say(f"{_named(b_row[i], slot_name((lane, side, i), viewer))} dies", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                where = slot_name((lane, side, j), viewer)
                if not b["up"] and a["up"]:
                    power = POWER_NAMES[C.rank(C.parse(a["card"]))]
                    trap = action.kind == Kind.ATTACK and (lane, side, i) in action.targets
                    if trap:
                        say(f"Trap! {where} was a face-down 3: it returns face-up unhurt", "bold")
                    else:
                        say(f"{where} turns face-up: {_pretty(a['card'])}, {power}", "bold")
                elif b["card"] is None and a["card"] is not None:
                    say(f"{where} is {_pretty(a['card'])} (face-down; now you know it)", "bold")
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    say(f"{_named(a, where)} takes {a['damage'] - b['damage']} damage", "yellow")
                elif a["damage"] < b["damage"] and a["up"] == b["up"]:
                    say(f"{_named(a, where)} is healed", "green")
                if a["frozen"] and not b["frozen"]:
                    say(f"{where} is frozen until the end of its team's next turn", "bright_blue")
        if b_lane["winner"] is None and a_lane["winner"] is not None:
            who = team_name(a_lane["winner"], names)
            say(f"{who} win lane {lane + 1}!", "bold yellow")
    cost = 1 if action.kind in MAIN_KINDS else 0
    new_turn = after["turn"] != before["turn"]
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        say(f"{_verb(names[action.seat], 'gains', 'gain')} {_plural(gained, 'extra action')}")
    draws: list[Text] = []
    for seat in range(4):
        b_hand, a_hand = before["hands"][seat], after["hands"][seat]
        spent = 1 if action.seat == seat and action.kind in (Kind.PLAY, Kind.DISCARD) else 0
        who = names[seat]
        if isinstance(b_hand, list) and isinstance(a_hand, list):
            old = Counter(b_hand)
            if spent:
                old[C.name(action.card)] -= 1
            drawn = list((Counter(a_hand) - old).elements())
            if drawn:
                shown = " ".join(_pretty(n) for n in drawn)
                draws.append(Text(f"{_verb(who, 'draws', 'draw')} {shown}", style="cyan"))
        else:
            count = after["hand_sizes"][seat] - before["hand_sizes"][seat] + spent
            if count > 0:
                drawn_cards = "a card" if count == 1 else f"{count} cards"
                draws.append(Text(f"{_verb(who, 'draws', 'draw')} {drawn_cards}", style="cyan"))
    if new_turn:
        for turn in range(before["turn"] + 1, after["turn"]):
            who = names[(after["first_player"] + turn - 1) % 4]
            say(f"Turn {turn}: {_verb(who, 'has', 'have')} no legal action and passes")
    if new_turn and after["result"] is None:
        who = names[after["to_move"][0]]
        left = _plural(after["actions_left"], "action")
        say(f"── Turn {after['turn']}: {who}, {left} ──", "bold")
    return lines + draws


def result_text(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> Text:
    names = _names(names)
    result = view["result"]
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    team = result["winner"] % 2
    lanes = [str(i + 1) for i, lane in enumerate(view["lanes"]) if lane["winner"] == team]
    return Text(
        f"{team_name(team, names)} win the game, holding lanes {' and '.join(lanes)}.",
        style="bold green",
    )


def choice_lines(legal: Sequence[TeamAction], view: dict[str, Any], seat: int) -> list[Text]:
    """The numbered choices; plays are a grid of hand cards by lanes, one line a card."""
    width = len(str(len(legal)))
    lines: list[Text] = []
    plays: dict[int, dict[int, int]] = {}
    for number, action in enumerate(legal, start=1):
        if action.kind == Kind.PLAY:
            plays.setdefault(action.card, {})[action.lane] = number
    if plays:
        lanes = len(view["lanes"])
        head = Text("  play face-down into:".ljust(24), style="bold")
        for lane in range(lanes):
            head.append(f"lane {lane + 1}".ljust(10))
        head.append("[play CARD LANE]", style="bright_black")
        lines.append(head)
        for card, numbers in plays.items():
            line = Text("    ")
            line.append_text(card_text(C.name(card)))
            line.append(" " * (20 - len(C.pretty(card))))
            for lane in range(lanes):
                cell = f"{numbers[lane]})" if lane in numbers else "-"
                line.append(cell.rjust(width + 1).ljust(10), style="cyan")
            lines.append(line)
    for number, action in enumerate(legal, start=1):
        if action.kind == Kind.PLAY:
            continue
        line = Text(f"  {number:>{width}}) ", style="cyan")
        line.append(describe(action, view, seat))
        line.append(f"   [{action}]", style="bright_black")
        lines.append(line)
    return lines


def help_text() -> str:
    return """\
How to answer:
  a number   take that choice
  notation   the text in brackets: play 7H 2, flip 2b, attack 2b 2A,
             attack 2b+2c 2A, pair 2b 2c (see docs/notation/duel52-teams.md)
  slots      lane number and letter: 2a is your team's first card in lane 2
             (yours or your partner's), 2A the other team's
Team play: cards on your side belong to the team; either partner may use them."""


def legend() -> Text:
    """What the marks on the team board mean."""
    return Text(
        "(7♥) face-down, you know it   ▒▒▒ face-down, unknown   base: the team's Base card\n"
        "·C2 played by Computer 2   ♥1/2 hit points left   ❄ frozen   =2c paired with 2c\n"
        "attacked: no attack left   ⚔2 attacks left   seen:C1 a 4 showed it to Computer 1\n"
        "2a your team's cards (yours and your partner's)   2A the other team's",
        style="bright_black",
    )

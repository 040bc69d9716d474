"""Three-player Duel 52 in the terminal: four triangles, three rows each, drawn from a view.

Like :mod:`duelhall.games.duel52.render` it works from views only, so a player sees only
what their seat may know. Board cards are named as in the notation: triangle, player,
letter (``23b``: player 3's second card in triangle 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from duelhall.games.duel52 import cards as C
from duelhall.games.duel52.board import Kind
from duelhall.games.duel52.render import POWER_NAMES, card_text
from duelhall.games.duel52.triangles import MAIN_KINDS, Ref, TriAction
from duelhall.games.duel52.triangles_notation import slot_name

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3")


def _pretty(name: str) -> str:
    return C.pretty(C.parse(name))


def _power(name: str) -> str:
    return f"{_pretty(name)}, {POWER_NAMES[C.rank(C.parse(name))]}"


def _verb(name: str, third: str, plain: str) -> str:
    return f"{name} {plain if name == 'You' else third}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(names: Sequence[str]) -> tuple[str, ...]:
    given = tuple(names)
    return given + DEFAULT_NAMES[len(given) :]


def _cell(ref: Ref, card: dict[str, Any], mate: str | None, *, acting: bool) -> Text:
    line = Text(f"{slot_name(ref)} ", style="cyan")
    if card["up"]:
        line.append_text(card_text(card["card"]))
    elif card["card"] is not None:
        line.append("(")
        line.append_text(card_text(card["card"], dim=True))
        line.append(")")
    else:
        line.append_text(card_text(None))
    hp = card["hp"]
    if card["damage"]:
        left = f"{hp - card['damage']}/{hp}" if hp is not None else f"-{card['damage']}"
        line.append(f" ♥{left}", style="yellow")
    if card["frozen"]:
        line.append(" ❄", style="bright_blue")
    if mate:
        line.append(f" ={mate}", style="green")
    if acting and card["up"] and "attacks_left" in card:
        if card["attacks_left"] == 0:
            line.append(" attacked", style="bright_black")
        elif card["attacks_left"] > 1:
            line.append(f" ⚔{card['attacks_left']}", style="bright_black")
    owner = ref[1]
    lookers = [s + 1 for s in card.get("seen_by", []) if s != owner]
    if lookers:
        line.append(" seen by " + ",".join(f"P{s}" for s in lookers), style="bright_black")
    return line


def _row(view: dict[str, Any], tri: int, seat: int) -> Text:
    info = view["triangles"][tri]
    row = info["rows"][seat]
    partner: dict[int, int] = {}
    for a, b in info["pairs"][seat]:
        partner[a], partner[b] = b, a
    acting = view["result"] is None and seat in view["to_move"]
    out = Text()
    for i, card in enumerate(row):
        if i:
            out.append("\n")
        mate = partner.get(i)
        out.append_text(
            _cell(
                (tri, seat, i),
                card,
                slot_name((tri, seat, mate)) if mate is not None else None,
                acting=acting,
            )
        )
    if not row:
        out.append("·", style="bright_black")
    return out


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    header = Text(f"Turn {view['turn']}", style="bold")
    if view["result"] is None:
        mover = names[view["to_move"][0]]
        if view["pending"] is not None:
            header.append(f" · {mover} to answer a power", style="bold green")
        else:
            left = _plural(view["actions_left"], "action")
            header.append(f" · {mover} to act, {left} left", style="bold green")
    else:
        header.append(" · game over", style="bold")
    if view["pile"]:
        header.append(f" · pile {view['pile']}")
    else:
        header.append(" · pile empty: two controlled triangles win", style="magenta")
    header.append(f" · discard {len(view['discard'])}")
    return header


def _order(view: dict[str, Any]) -> list[int]:
    """Seats top to bottom: the viewer last, the others in turn order after them."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    return [(viewer + k) % 3 for k in (1, 2, 0)]


def render_view(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> RenderableType:
    """The whole table as the view's seat sees it (its own row at the bottom)."""
    names = _names(names)
    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("", style="bold", no_wrap=True)
    for t, info in enumerate(view["triangles"]):
        title = Text(f"Triangle {t + 1}")
        holder = info["controller"]
        if holder is not None:
            title.append(f"\nheld by {names[holder]}", style="bold yellow")
        else:
            title.append("\n")
        table.add_column(title, min_width=14)
    order = _order(view)
    for k, seat in enumerate(order):
        if k:
            table.add_section()
        label = f"{names[seat]}\n(P{seat + 1})"
        table.add_row(label, *(_row(view, t, seat) for t in range(len(view["triangles"]))))
    parts: list[RenderableType] = [header_text(view, names), table]
    for seat in [order[-1], *order[:-1]]:  # the viewer's hand first
        hand = view["hands"][seat]
        owner = "Your" if names[seat] == "You" else f"{names[seat]}'s"
        line = Text(f"{owner} hand: ", style="bold")
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
    if view["seat"] is None:
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
            f"The Queen in triangle {pending['triangle']}: {who} may bring one of their "
            "cards from another triangle, or stay."
        )
    waiting = ", ".join(pending.get("waiting", []))
    return f"Powers waiting in triangle {pending['triangle']}: {waiting}. {who} picks the next."


def _named(card: dict[str, Any], where: str) -> str:
    if card["card"] is None:
        return f"{where} (face-down)"
    shown = _pretty(card["card"])
    return f"{where} ({shown})" if card["up"] else f"{where} (face-down {shown})"


def _board_name(view: dict[str, Any], ref: Ref) -> str:
    tri, seat, index = ref
    rows = view["triangles"][tri]["rows"][seat]
    if index >= len(rows):
        return slot_name(ref)
    return _named(rows[index], slot_name(ref))


def describe(action: TriAction, view: dict[str, Any], viewer: int) -> str:
    """The action in words for ``viewer``, whose view is taken before the action."""
    mine = action.seat == viewer
    kind = action.kind
    if kind == Kind.PLAY:
        what = C.pretty(action.card) if mine else "a card"
        return f"play {what} face-down into triangle {action.tri + 1}"
    if kind == Kind.DISCARD:
        public = view["options"].get("view_discard") == "revealed"
        return f"discard {C.pretty(action.card) if mine or public else 'a card'} from hand"
    if kind == Kind.STAY:
        return "the Queen moves nothing"
    if kind == Kind.FLIP:
        return f"flip {_board_name(view, action.slots[0])}"
    if kind == Kind.PAIR:
        a, b = (_board_name(view, r) for r in action.slots)
        return f"pair {a} with {b}"
    if kind == Kind.LOOK:
        return f"look at {_board_name(view, action.targets[0])} with the 4"
    if kind == Kind.MOVE:
        return f"the Queen brings {_board_name(view, action.slots[0])} to triangle {action.tri + 1}"
    if kind == Kind.RESOLVE:
        return f"resolve the power of {_board_name(view, action.slots[0])} next"
    attackers = " and ".join(_board_name(view, r) for r in action.slots)
    targets = " and ".join(_board_name(view, r) for r in action.targets)
    return f"attack {targets} with {attackers}"


# ---------------------------------------------------------------------- what happened


def _same_card(b: dict[str, Any], a: dict[str, Any]) -> bool:
    if b["card"] is not None and a["card"] is not None and b["card"] != a["card"]:
        return False
    if b["up"] and not a["up"]:
        return False
    return not (b["up"] == a["up"] and a["damage"] < b["damage"])


def _match_row(
    before: list[dict[str, Any]], after: list[dict[str, Any]], candidates: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """(old, new) index pairs of cards still in the row, and old indexes that left."""
    n, m = len(before), len(after)
    if m >= n:
        return [(i, i) for i in range(n)], []
    k = n - m
    pool = candidates if len(candidates) >= k else list(range(n))
    fallback: tuple[int, ...] | None = None
    for gone in combinations(pool, k):
        kept = [i for i in range(n) if i not in gone]
        if fallback is None:
            fallback = gone
        if all(_same_card(before[i], after[j]) for j, i in enumerate(kept)):
            return list(zip(kept, range(m), strict=True)), list(gone)
    assert fallback is not None
    kept = [i for i in range(n) if i not in fallback]
    return list(zip(kept, range(m), strict=True)), list(fallback)


def effects(
    action: TriAction,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int,
    names: Sequence[str] = DEFAULT_NAMES,
) -> list[Text]:
    """What ``action`` did, in words for ``viewer``, from its views before and after."""
    names = _names(names)
    lines: list[Text] = []

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    named: dict[tuple[int, int], set[int]] = {}
    for ref in (*action.slots, *action.targets):
        named.setdefault((ref[0], ref[1]), set()).add(ref[2])
    frozen: list[str] = []
    healed: list[str] = []
    for t, (b_tri, a_tri) in enumerate(zip(before["triangles"], after["triangles"], strict=True)):
        for seat in range(3):
            b_row, a_row = b_tri["rows"][seat], a_tri["rows"][seat]
            kept, gone = _match_row(b_row, a_row, sorted(named.get((t, seat), set())))
            for i in gone:
                if action.kind == Kind.MOVE and (t, seat, i) in action.slots:
                    continue
                say(f"{_named(b_row[i], slot_name((t, seat, i)))} dies", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                where = slot_name((t, seat, j))
                if not b["up"] and a["up"]:
                    shown = _power(a["card"]) if a["card"] else "?"
                    if action.kind == Kind.ATTACK and (t, seat, i) in action.targets:
                        say(f"Trap! {where} was a face-down 3: it turns face-up unhurt ({shown})")
                    else:
                        say(f"{where} turns face-up: {shown}", "bold")
                elif b["card"] is None and a["card"] is not None:
                    say(f"{where} is {_pretty(a['card'])} (face-down; now you know it)", "bold")
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    hp = a["hp"]
                    left = f": {hp - a['damage']} of {hp} hit points left" if hp else ""
                    say(f"{_named(a, where)} takes {a['damage'] - b['damage']} damage{left}")
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
                say(f"{_verb(names[holder], 'holds', 'hold')} triangle {t + 1}", "yellow")
    cost = 1 if action.kind in MAIN_KINDS else 0
    new_turn = after["turn"] != before["turn"]
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        who = names[action.seat]
        say(f"{_verb(who, 'gains', 'gain')} {_plural(gained, 'extra action')}", "green")
    draws = _draws(action, before, after, names)
    if new_turn:
        if before["actions_left"] - cost > 0 and after["result"] is None:
            who = names[action.seat]
            say(f"{_verb(who, 'has', 'have')} no legal action left: the turn ends")
        passed = after["turn"] - before["turn"] - 1
        if passed > 0:
            say(f"{_plural(passed, 'turn')} passed without a legal action")
        if after["result"] is None:
            who = names[after["to_move"][0]]
            left = _plural(after["actions_left"], "action")
            lines.append(Text(f"── Turn {after['turn']}: {who}, {left} ──", style="bold"))
    lines.extend(draws)
    return lines


def _draws(
    action: TriAction, before: dict[str, Any], after: dict[str, Any], names: Sequence[str]
) -> list[Text]:
    out: list[Text] = []
    for seat in range(3):
        spent = 1 if action.seat == seat and action.kind in (Kind.PLAY, Kind.DISCARD) else 0
        b_hand, a_hand = before["hands"][seat], after["hands"][seat]
        who = names[seat]
        if isinstance(b_hand, list) and isinstance(a_hand, list):
            old = Counter(b_hand)
            if spent:
                old[C.name(action.card)] -= 1
            new = list((Counter(a_hand) - old).elements())
            if new:
                shown = " ".join(_pretty(n) for n in new)
                out.append(Text(f"{_verb(who, 'draws', 'draw')} {shown}", style="cyan"))
        else:
            count = after["hand_sizes"][seat] - before["hand_sizes"][seat] + spent
            if count > 0:
                drawn = "a card" if count == 1 else f"{count} cards"
                out.append(Text(f"{_verb(who, 'draws', 'draw')} {drawn}", style="cyan"))
    return out


def result_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    names = _names(names)
    result = view["result"]
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    winner = result["winner"]
    held = [str(t + 1) for t, tri in enumerate(view["triangles"]) if tri["controller"] == winner]
    who = names[winner]
    return Text(
        f"{_verb(who, 'wins', 'win')} the game, holding triangles {' and '.join(held)}.",
        style="bold green",
    )


def choice_lines(legal: Sequence[TriAction], view: dict[str, Any], seat: int) -> list[Text]:
    """The numbered choices; plays are a grid of hand cards by triangles."""
    width = len(str(len(legal)))
    lines: list[Text] = []
    plays: dict[int, dict[int, int]] = {}
    for number, action in enumerate(legal, start=1):
        if action.kind == Kind.PLAY:
            plays.setdefault(action.card, {})[action.tri] = number
    if plays:
        head = Text("  play face-down into:".ljust(24), style="bold")
        for t in range(4):
            head.append(f"tri {t + 1}".ljust(8))
        head.append("[play CARD TRIANGLE]", style="bright_black")
        lines.append(head)
        for card, numbers in plays.items():
            line = Text("    ")
            line.append_text(card_text(C.name(card)))
            line.append(" " * (20 - len(C.pretty(card))))
            for t in range(4):
                cell = f"{numbers[t]})" if t in numbers else "-"
                line.append(cell.rjust(width + 1).ljust(8), style="cyan")
            lines.append(line)
    for number, action in enumerate(legal, start=1):
        if action.kind == Kind.PLAY:
            continue
        line = Text(f"  {number:>{width}}) ", style="cyan")
        line.append(describe(action, view, seat))
        line.append(f"   [{action}]", style="bright_black")
        lines.append(line)
    return lines


def legend() -> Text:
    """What the marks on the board mean."""
    return Text(
        "(7♥) face-down, you know it   ▒▒▒ face-down, unknown   · no cards\n"
        "♥1/2 hit points left   ❄ frozen   =21b paired with 21b   attacked: no attack left\n"
        "⚔2 attacks left   seen by P2: a 4 showed it to player 2\n"
        "23b: triangle 2, player 3's second card   held by: the only player with cards there",
        style="bright_black",
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

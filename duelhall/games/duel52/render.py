"""Duel 52 in the terminal: the table drawn from a view, and actions described in words.

Everything here works from views (``state.view(seat)``), never from the state, so the
terminal can only show what the watching seat may know. What an action did (damage, deaths,
cards turned face-up, freezes, lanes won, draws, the turn passing) is read off the difference
between the watcher's view before and after it.
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
from duelhall.games.duel52.board import MAIN_KINDS, Duel52Action, Kind, Ref
from duelhall.games.duel52.notation import slot_name

RED_SUITS = "DH"

POWER_NAMES = {
    2: "View",
    3: "Trap",
    4: "Foresight",
    5: "Flip",
    6: "Freeze",
    7: "Heal",
    8: "Retaliate",
    9: "Nimble",
    10: "Twinstrike",
    C.JACK: "Taunt",
    C.QUEEN: "Move",
    C.KING: "Empower",
    C.ACE: "Action",
}


def card_text(name: str | None, *, dim: bool = False) -> Text:
    """A card name with its suit symbol, red for hearts and diamonds."""
    if name is None:
        return Text("▒▒▒", style="bright_black")
    pretty = C.pretty(C.parse(name))
    style = "red" if name[-1] in RED_SUITS else "bold"
    if dim:
        style += " dim"
    return Text(pretty, style=style)


def _pretty(name: str) -> str:
    return C.pretty(C.parse(name))


def _power(name: str) -> str:
    rank = C.rank(C.parse(name))
    return f"{_pretty(name)}, {POWER_NAMES[rank]}"


def _verb(name: str, third: str, plain: str) -> str:
    """``You win`` but ``Computer wins``."""
    return f"{name} {plain if name == 'You' else third}"


def _possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _others_know(card: dict[str, Any], owner: int, viewer: int | None) -> bool:
    """Whether someone besides the card's obvious knowers has seen this face-down card."""
    seen = card.get("seen_by", [])
    if card["up"]:
        return False
    if viewer is None:  # the full state: mark any look by a 4
        return any(s != owner or card["base"] for s in seen)
    other = 1 - viewer
    if other == owner and not card["base"]:
        return False  # the opponent's own played card: of course they know it
    return other in seen


def _cell(
    slot: str,
    card: dict[str, Any],
    owner: int,
    viewer: int | None,
    paired_with: str | None,
    *,
    acting: bool,
) -> Text:
    line = Text(f"{slot} ", style="cyan")
    if card["up"]:
        line.append_text(card_text(card["card"]))
    elif card["card"] is not None:
        # A face-down card the viewer knows is shown in brackets; unknown ones as blocks.
        line.append("(")
        line.append_text(card_text(card["card"], dim=True))
        line.append(")")
    else:
        line.append_text(card_text(None))
    if card.get("fort"):
        line.append(" fort", style="magenta")
    elif card["base"]:
        line.append(" base", style="magenta")
    if card.get("hero"):
        line.append(" ★hero", style="bold yellow")
    if card.get("rushed"):
        line.append(" rushed", style="bright_black")
    hp = card["hp"]
    if card["damage"]:
        left = f"{hp - card['damage']}/{hp}" if hp is not None else f"-{card['damage']}"
        line.append(f" ♥{left}", style="yellow")
    if card["frozen"]:
        line.append(" ❄", style="bright_blue")
    if paired_with:
        line.append(f" ={paired_with}", style="green")
    if acting and card["up"] and "attacks_left" in card:
        if card["attacks_left"] == 0:
            line.append(" attacked", style="bright_black")
        elif card["attacks_left"] > 1:
            line.append(f" ⚔{card['attacks_left']}", style="bright_black")
    if _others_know(card, owner, viewer):
        line.append(" seen", style="bright_black")
    return line


def _row_lines(view: dict[str, Any], lane: int, seat: int, viewer: int) -> Text:
    row = view["lanes"][lane]["rows"][seat]
    pairs = view["lanes"][lane]["pairs"][seat]
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    acting = view["result"] is None and seat in view["to_move"]
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
                view["seat"],
                slot_name((lane, seat, mate), viewer) if mate is not None else None,
                acting=acting,
            )
        )
    if not row:
        out.append("(empty)", style="bright_black")
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    header = Text()
    header.append(f"Turn {view['turn']}", style="bold")
    if view["result"] is None:
        mover = view["to_move"][0]
        choice = view["pending"]["choice"] if view["pending"] is not None else None
        if choice == "draft":
            header.append(f" · {names[mover]} to choose a bannerman", style="bold green")
        elif choice == "fort":
            header.append(f" · {names[mover]} to take a fort", style="bold green")
        elif choice is not None:
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


def legend() -> Text:
    """What the marks on the board mean (shown with the first board and with ``?``)."""
    return Text(
        "(7♥) face-down, you know it   ▒▒▒ face-down, unknown   base: dealt at setup\n"
        "♥1/2 hit points left   ❄ frozen   =2c paired with 2c   attacked: no attack left\n"
        "⚔2 attacks left   seen: a 4 showed it to your opponent   2a yours, 2A theirs\n"
        "expansion: ★hero a warrior hero   fort an extra Base card   F1 a fort in the pool",
        style="bright_black",
    )


def render_view(view: dict[str, Any], names: tuple[str, str] = ("Player 1", "Player 2")) -> Group:
    """The whole table as the view's seat sees it (its own row at the bottom)."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    opp = 1 - viewer

    table = Table(show_header=True, header_style="bold", expand=False, padding=(0, 1))
    table.add_column("", style="bold", no_wrap=True)
    for lane, info in enumerate(view["lanes"]):
        title = Text(f"Lane {lane + 1}")
        if info["winner"] is not None:
            title.append(f"\nwon by {names[info['winner']]}", style="bold yellow")
        elif any(other["winner"] is not None for other in view["lanes"]):
            title.append("\n")  # keep the lane names on one line
        table.add_column(title, min_width=14)
    table.add_row(
        names[opp], *(_row_lines(view, lane, opp, viewer) for lane in range(len(view["lanes"])))
    )
    table.add_section()
    table.add_row(
        names[viewer],
        *(_row_lines(view, lane, viewer, viewer) for lane in range(len(view["lanes"]))),
    )

    parts: list[RenderableType] = [header_text(view, names), table]
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
        hidden = sum(1 for e in view["discard"] if e["card"] is None)
        if hidden:
            line.append(f"  (▒ {_plural(hidden, 'card')} discarded face-down)", "bright_black")
        parts.append(line)
    if seat is None:
        pile = " ".join(view.get("pile_order", [])[::-1])
        parts.append(Text(f"Pile (top first): {pile or '(empty)'}", style="bright_black"))
    if "heroes" in view:
        parts.extend(expansion_lines(view, names, viewer))
    pending = view["pending"]
    if pending is not None:
        parts.append(Text(_pending_words(pending, names), style="bold yellow"))
    return Group(*parts)


def _hero_words(hero: dict[str, Any]) -> Text:
    line = card_text(hero["card"])
    line.append(f" {hero['name']} ({hero['kind']}")
    if hero["exerted"]:
        line.append(", exerted", style="bright_black")
    if hero["enraged"]:
        line.append(", ENRAGED: must be played", style="bold red")
    if hero["played"]:
        line.append(", in play")
    if hero["spell_used"]:
        line.append(", spell cast this turn", style="bright_black")
    line.append(")")
    return line


def expansion_lines(view: dict[str, Any], names: Sequence[str], viewer: int) -> list[Text]:
    """Heroes, bannermen, forts and the other expansion state, one line each."""
    lines: list[Text] = []
    order = (viewer, 1 - viewer)
    if any(h is not None for h in view["heroes"]):
        line = Text("Heroes: ", style="bold")
        for k, s in enumerate(order):
            hero = view["heroes"][s]
            if k:
                line.append("   ")
            line.append(f"{names[s]}: ")
            line.append_text(_hero_words(hero) if hero else Text("none"))
        lines.append(line)
    if any(view["bannermen"]):
        line = Text("Bannermen: ", style="bold")
        for k, s in enumerate(order):
            if k:
                line.append("   ")
            line.append(f"{names[s]}: ")
            for j, name in enumerate(view["bannermen"][s]):
                if j:
                    line.append(" ")
                line.append_text(card_text(name))
            if not view["bannermen"][s]:
                line.append("none", style="bright_black")
            improved = ", ".join(view.get("improved", [[], []])[s])
            if improved:
                line.append(f" ({improved})", style="bright_black")
        lines.append(line)
    if view["forts"] or any(view["forts_taken"]):
        line = Text("Forts: ", style="bold")
        for k, fort in enumerate(view["forts"]):
            line.append(f"F{k + 1} ", style="cyan")
            if fort["card"] is None:
                line.append_text(card_text(None))
            else:
                line.append("(")
                line.append_text(card_text(fort["card"], dim=True))
                line.append(")")
            line.append(" ")
        if not view["forts"]:
            line.append("none left ", style="bright_black")
        for s in order:
            taken = view["forts_taken"][s]
            if taken:
                lanes = ", ".join(str(n) for n in taken)
                line.append(f" {names[s]} took forts in lane {lanes}.", style="bright_black")
        lines.append(line)
    for s in order:
        stopped = view["stopped_lanes"][s]
        if stopped:
            lanes = " and ".join(str(n) for n in stopped)
            lines.append(
                Text(f"Time Stop: {names[s]} may not play into lane {lanes}", "bright_blue")
            )
        shown = view["hands_shown"][s]
        if shown and s != viewer:
            line = Text(f"Shown from {_possessive(names[s])} hand: ", style="bold")
            for j, name in enumerate(shown):
                if j:
                    line.append(" ")
                line.append_text(card_text(name))
            lines.append(line)
    if view.get("setup"):
        lines.append(Text("Setup: the bannermen draft is under way.", style="bold yellow"))
    return lines


def _pending_words(pending: dict[str, Any], names: Sequence[str]) -> str:
    who = names[pending["seat"]]
    what = pending["choice"]
    if what == "discard":
        return f"{who} must discard a card from hand for the 2 (View)."
    if what == "look":
        return f"{who} must choose a face-down card for the 4 (Foresight) to look at."
    if what == "look" and pending.get("looks_left", 1) > 1:
        return f"{who} may look at {pending['looks_left']} face-down cards (All Seeing)."
    if what == "move":
        more = pending.get("moves_left", 1)
        return (
            f"The Queen in lane {pending['lane']}: {who} may bring {more} of "
            f"{_possessive(who)} cards from another lane, or stay."
        )
    if what == "draft":
        return f"{who} must choose a bannerman: a rank from hand (draft RANK)."
    if what == "fort":
        return f"{who} takes a fort into lane {pending['lane']} (fort F1...)."
    waiting = ", ".join(pending.get("waiting", []))
    where = f"lane {pending['lane']}" if pending.get("lane") else "every lane"
    return (
        f"Powers waiting in {where}: {waiting}. {_verb(who, 'picks', 'pick')} which resolves next."
    )


def _board_name(view: dict[str, Any], ref: Ref, viewer: int) -> str:
    lane, seat, index = ref
    if lane == 3:  # a fort in the pool
        fort = view.get("forts", [])[index] if index < len(view.get("forts", [])) else None
        shown = fort["card"] if fort else None
        return f"fort F{index + 1}" + (f" ({_pretty(shown)})" if shown else "")
    card = view["lanes"][lane]["rows"][seat][index]
    return _named(card, slot_name(ref, viewer))


def _named(card: dict[str, Any], where: str) -> str:
    if card["card"] is None:
        return f"{where} (face-down)"
    shown = _pretty(card["card"])
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
        return "the Queen moves nothing"
    if kind == Kind.FLIP:
        return f"flip {_board_name(view, action.slots[0], viewer)}"
    if kind == Kind.PAIR:
        a, b = (_board_name(view, r, viewer) for r in action.slots)
        return f"pair {a} with {b}"
    if kind == Kind.LOOK:
        return f"look at {_board_name(view, action.targets[0], viewer)} with the 4"
    if kind == Kind.MOVE:
        return (
            f"the Queen brings {_board_name(view, action.slots[0], viewer)} "
            f"to lane {action.lane + 1}"
        )
    if kind == Kind.RESOLVE:
        return f"resolve the power of {_board_name(view, action.slots[0], viewer)} next"
    if kind in (Kind.END, Kind.HERO, Kind.DRAFT, Kind.FORT, Kind.SPELL):
        return _describe_expansion(action, view, viewer)
    attackers = " and ".join(_board_name(view, r, viewer) for r in action.slots)
    targets = " and ".join(_board_name(view, r, viewer) for r in action.targets)
    return f"attack {targets} with {attackers}"


def _describe_expansion(action: Duel52Action, view: dict[str, Any], viewer: int) -> str:
    kind = action.kind
    mine = action.seat == viewer
    if kind == Kind.END:
        return "end the turn"
    if kind == Kind.HERO:
        return f"play the warrior hero {C.pretty(action.card)} face-up into lane {action.lane + 1}"
    if kind == Kind.DRAFT:
        word = C.rank_name(C.rank(action.card))
        article = "an" if word in ("A", "8") else "a"
        return f"choose {word}s as a bannerman ({article} {word} from the deck, face-up)"
    if kind == Kind.FORT:
        fort = _board_name(view, action.targets[0], viewer)
        return f"take {fort} into lane {action.lane + 1} as an extra Base card"
    hero = (view.get("heroes") or [None, None])[action.seat]
    rank = C.rank(C.parse(hero["card"])) if hero else 0
    if rank == 2:
        return "cast Master Recruiter: draw a card, then discard one"
    if rank == 3:
        what = C.pretty(action.card) if mine else "a card"
        return f"cast Rush Them!: play {what} face-down into lane {action.lane + 1}"
    if rank == 4:
        return f"cast Information is Power: look at {_board_name(view, action.targets[0], viewer)}"
    if rank == 5:
        return f"cast Activate: flip {_board_name(view, action.slots[0], viewer)}"
    if rank == 6:
        return f"cast The Frost Mage: freeze {_board_name(view, action.targets[0], viewer)}"
    if rank == 7:
        return f"cast The Life Mage: heal {_board_name(view, action.slots[0], viewer)}"
    if rank == C.QUEEN:
        moved = _board_name(view, action.slots[0], viewer)
        return f"cast Queen Manipulator: move {moved} to lane {action.lane + 1}"
    return f"cast Continuing Inspiration: reactivate {_board_name(view, action.slots[0], viewer)}"


# ---------------------------------------------------------------------- what happened


def _same_card(b: dict[str, Any], a: dict[str, Any]) -> bool:
    """Could ``a`` (after) be the card ``b`` (before), given what an action can change?"""
    if b["base"] != a["base"]:
        return False
    if b["card"] is not None and a["card"] is not None and b["card"] != a["card"]:
        return False
    if b["up"] and not a["up"]:
        return False
    # Only attacks and Queens take cards out of a row, and neither heals anything.
    return not (b["up"] == a["up"] and a["damage"] < b["damage"])


def _match_row(
    before: list[dict[str, Any]], after: list[dict[str, Any]], candidates: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs (old index, new index) of cards still in the row, and old indexes that left.

    One action only adds cards to the end of a row (a play, a Queen's move) or takes cards
    out of it (deaths, a Queen's move), never both in one row; the cards that may have left
    are the ones the action named (``candidates``).
    """
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


def _mover(view: dict[str, Any], turn: int) -> int:
    first: int = view["first_player"]
    return first if turn % 2 == 1 else 1 - first


def effects(
    action: Duel52Action,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> list[Text]:
    """What ``action`` did, in words for ``viewer``, from its views before and after."""
    lines: list[Text] = []
    turn_lines: list[Text] = []

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    named: dict[tuple[int, int], set[int]] = {}
    for ref in (*action.slots, *action.targets):
        named.setdefault((ref[0], ref[1]), set()).add(ref[2])
    attack = action.kind == Kind.ATTACK
    spikes = attack and any(
        (c := before["lanes"][r[0]]["rows"][r[1]][r[2]])["up"]
        and c["card"] is not None
        and C.rank(C.parse(c["card"])) == 8
        for r in action.targets
    )
    frozen: dict[int, list[str]] = {0: [], 1: []}
    healed: list[str] = []
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        for seat in (0, 1):
            b_row, a_row = b_lane["rows"][seat], a_lane["rows"][seat]
            candidates = sorted(named.get((lane, seat), set()))
            kept, gone = _match_row(b_row, a_row, candidates)
            moving = action.kind == Kind.MOVE or (action.kind == Kind.SPELL and action.lane >= 0)
            for i in gone:
                if moving and (lane, seat, i) in action.slots:
                    continue  # the Queen took it; the action line says so
                card = b_row[i]
                why = " (the 8 strikes back)" if spikes and (lane, seat, i) in action.slots else ""
                say(f"{_named(card, slot_name((lane, seat, i), viewer))} dies{why}", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                where = slot_name((lane, seat, j), viewer)
                if not b["up"] and a["up"]:
                    shown = _power(a["card"]) if a["card"] else "?"
                    trap = attack and (lane, seat, i) in action.targets
                    if trap:
                        say(f"Trap! {where} was a face-down 3: it turns face-up unhurt ({shown})")
                    else:
                        say(f"{where} turns face-up: {shown}", "bold")
                elif b["card"] is None and a["card"] is not None:
                    say(f"{where} is {_pretty(a['card'])} (face-down; now you know it)", "bold")
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    hit = a["damage"] - b["damage"]
                    why = " from the 8" if spikes and (lane, seat, i) in action.slots else ""
                    hp = a["hp"]
                    left = f": {hp - a['damage']} of {hp} hit points left" if hp else ""
                    say(f"{_named(a, where)} takes {hit} damage{why}{left}", "yellow")
                elif a["damage"] < b["damage"] and a["up"] == b["up"]:
                    healed.append(where)
                if a["frozen"] and not b["frozen"]:
                    frozen[seat].append(where)
                # An Ace's extra attacks (a face-down card had one attack to come).
                more = a.get("attacks_left", 0) - b.get("attacks_left", 1)
                if a["up"] and more > 0 and after["turn"] == before["turn"]:
                    say(
                        f"{_named(a, where)} may attack "
                        f"{_plural(a['attacks_left'], 'time')} this turn"
                    )
                if (
                    not a["up"]
                    and _others_know(a, seat, viewer)
                    and not _others_know(b, seat, viewer)
                ):
                    other = names[1 - viewer]
                    say(f"{other} now knows {_named(a, where)}")
            for j in range(len(b_row), len(a_row)):
                if action.kind not in (Kind.PLAY, Kind.MOVE, Kind.HERO, Kind.SPELL):
                    say(f"{_named(a_row[j], slot_name((lane, seat, j), viewer))} arrives")
    for seat in (0, 1):
        if frozen[seat]:
            until = "the end of " + _possessive(names[seat]) + " next turn"
            say(f"Frozen until {until}: {', '.join(frozen[seat])}", "bright_blue")
    if healed:
        say(f"Healed: {', '.join(healed)}", "green")
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        if b_lane["winner"] is None and a_lane["winner"] is not None:
            who = names[a_lane["winner"]]
            say(f"{_verb(who, 'wins', 'win')} lane {lane + 1}!", "bold yellow")

    new_turn = after["turn"] != before["turn"]
    draws = _draws(action, before, after, viewer, names)
    cost = 1 if action.kind in MAIN_KINDS else 0
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        who = names[action.seat]
        say(f"{_verb(who, 'gains', 'gain')} {_plural(gained, 'extra action')}", "green")
    if new_turn:
        if action.kind == Kind.END:
            pass  # the player chose to end the turn; the action line says so
        elif before["actions_left"] - cost > 0 and after["result"] is None:
            who = names[action.seat]
            say(f"{_verb(who, 'has', 'have')} no legal action left: the turn ends")
        for turn in range(before["turn"] + 1, after["turn"]):
            who = names[_mover(after, turn)]
            say(f"Turn {turn}: {_verb(who, 'has', 'have')} no legal action and passes")
        if after["result"] is None:
            who = names[after["to_move"][0]]
            left = _plural(after["actions_left"], "action")
            turn_lines.append(Text(f"── Turn {after['turn']}: {who}, {left} ──", style="bold"))
        turn_lines.extend(draws)
    else:
        lines.extend(draws)
    return lines + turn_lines


def _draws(
    action: Duel52Action,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int,
    names: tuple[str, str],
) -> list[Text]:
    out: list[Text] = []
    for seat in (0, 1):
        from_hand = action.kind in (Kind.PLAY, Kind.DISCARD) or (
            action.kind == Kind.SPELL and action.card >= 0
        )
        spent = 1 if action.seat == seat and from_hand else 0
        b_hand, a_hand = before["hands"][seat], after["hands"][seat]
        who = names[seat]
        if isinstance(b_hand, list) and isinstance(a_hand, list):
            old = Counter(b_hand)
            if spent and action.card >= 0:
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


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    result = view["result"]
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    lanes = [
        str(i + 1) for i, lane in enumerate(view["lanes"]) if lane["winner"] == result["winner"]
    ]
    who = names[result["winner"]]
    return Text(
        f"{_verb(who, 'wins', 'win')} the game, holding lanes {' and '.join(lanes)}.",
        style="bold green",
    )


# ---------------------------------------------------------------------- the choices

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
    Kind.SPELL: 9,
    Kind.HERO: 10,
    Kind.DRAFT: 11,
    Kind.FORT: 12,
    Kind.END: 13,
}


def sort_key(action: Duel52Action) -> tuple[int, int, int, int, str]:
    """Order for listing choices: plays card by card (then lane), the rest by kind and lane."""
    if action.kind == Kind.PLAY:
        return (0, C.rank(action.card), C.suit(action.card), action.lane, "")
    rank = C.rank(action.card) if action.card >= 0 else 0
    return (_KIND_ORDER[action.kind], action.lane, rank, 0, str(action))


def choice_lines(legal: Sequence[Duel52Action], view: dict[str, Any], seat: int) -> list[Text]:
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
    """How a person answers at the Duel 52 prompt."""
    return """\
How to answer:
  a number   take that choice (for a play: the number in the card's row,
             under the lane you want)
  notation   the text in brackets: play 7H 2, flip 2b, attack 2b 2A,
             attack 2b+2c 2A, pair 2b 2c (see docs/notation/duel52.md)
  slots      lane number and letter: 2a is your first card in lane 2, 2A
             your opponent's; letters count from the Base card (a) outwards
  expansion  spell ... (your mage's spell), hero LANE (your warrior), end
             (end the turn early), draft RANK, fort F1
Rules: `duelhall rules duel52`. Reading the board: docs/guide.md"""

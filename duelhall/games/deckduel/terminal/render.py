"""Deck Duel in the terminal: both players' counters, the flip, and every choice in words.

Everything here works from views, never from the state, so the terminal shows only what the
watching seat may know. A turn's story (the flip, who won and why, the damage and block, the
face card's effect, reshuffles) is told from the view's ``combat`` record: the board shows
the whole of it, and after each decision :func:`effects` tells the part that decision added.
The terminal does not report effects after a simultaneous choice, so the flip itself is
told by the board drawn at the next decision (and at the end of the game), and each combat
decision names the flip it follows (``block (9♥ beat 7♠)``) for a watcher who has not seen
that board yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from duelhall.core.wording import agrees, capitalized, owner_label, plural, possessive, verb
from duelhall.games.deckduel.engine.actions import (
    ACTION,
    BLOCK,
    DISCARD,
    FLIP,
    FOCUS,
    FORESIGHT,
    HEAL,
    KEEP,
    KINDS,
    RAGE,
    TAKE,
    Act,
)

SUITS = ("♠", "♥")
STYLES = ("bold", "bold red")
FACE_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def card_text(name: str | None, seat: int, *, focused: bool = False) -> Text:
    """A card with its owner's suit (spades for player 1, hearts for player 2)."""
    if name is None:
        return Text("▒", style="bright_black")
    star = "*" if focused else ""
    return Text(f"{name}{star}{SUITS[seat]}", style=STYLES[seat])


def _card(name: str, seat: int, focused: bool = False) -> str:
    return f"{name}{'*' if focused else ''}{SUITS[seat]}"


# ---------------------------------------------------------------------- the turn's story


def story(view: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """The current (or last) turn's combat, step by step, as far as it has gone."""
    combat = view["combat"]
    if combat is None:
        return []
    lines: list[Text] = []
    cards = combat["cards"]
    focused = combat["focused"]
    flip = Text(f"Turn {combat['turn']}: ")
    for s in (0, 1):
        if s:
            flip.append("  vs  ")
        flip.append(f"{names[s]} ")
        flip.append_text(card_text(cards[s], s, focused=focused[s]))
        if combat["spent"][s]:
            flip.append(" (raged)", style="yellow")
    lines.append(flip)
    winner = combat["winner"]
    if winner is None:
        both = ", ".join(f"{names[s]} {min(3, combat['rage'][s] + 1)}" for s in (0, 1))
        lines.append(Text(f"Tie: rage rises by one each (now {both})", style="yellow"))
    else:
        loser = 1 - winner
        why = _why(cards, focused, winner)
        lines.append(Text(f"{verb(names[winner], 'wins', 'win')} the flip: {why}", "bold"))
        base = 2 if focused[winner] else 1
        rage = combat["rage"][winner]
        parts = f"{base} for the {'focused Ace' if focused[winner] else 'win'}"
        if rage:
            parts += f" + {rage} rage"
        attack = Text(f"Attack: {combat['damage']} damage ({parts})", "red")
        damage_lines = [attack]
        if combat["landed"]:
            who = names[loser]
            if combat["blocked"]:
                took = f"{verb(who, 'blocks', 'block')} one and {agrees(who, 'takes', 'take')}"
                if combat["dealt"] == 0:
                    took = f"{verb(who, 'blocks', 'block')} it all: no damage"
                else:
                    took += f" {combat['dealt']}"
                damage_lines.append(Text(took, style="red"))
            else:
                damage_lines.append(
                    Text(f"{verb(who, 'takes', 'take')} {combat['dealt']}", style="red")
                )
        effect_lines = _effect_lines(combat, names, winner)
        if view["options"].get("choice_order") == "face-first":
            lines += effect_lines + damage_lines
        else:
            lines += damage_lines + effect_lines
    for s in (0, 1):
        if combat["new_round"][s]:
            why = "the Ace" if cards[s] == "A" else "the empty deck"
            lines.append(
                Text(
                    f"{owner_label(names[s])} deck is reshuffled ({why}): a new round, "
                    "actions set to 2",
                    style="cyan",
                )
            )
        elif combat["reshuffled"][s]:
            why = "after the Ace" if cards[s] == "A" else "it ran out"
            lines.append(Text(f"{owner_label(names[s])} deck is reshuffled ({why})", style="cyan"))
    return lines


def _why(cards: list[str], focused: list[bool], winner: int) -> str:
    w, lo = cards[winner], cards[1 - winner]
    if focused[winner]:
        return "a focused Ace is the highest card"
    if lo == "A":
        return f"{w} beats the Ace, the lowest card"
    return f"{w} beats {lo}"


def _effect_lines(combat: dict[str, Any], names: Sequence[str], winner: int) -> list[Text]:
    effect = combat["effect"]
    if not effect:
        return []
    who = names[winner]
    card = FACE_NAMES.get(combat["cards"][winner], combat["cards"][winner])
    text = {
        FOCUS: f"{possessive(who)} {card} gives focus: {possessive(who)} Ace is now the "
        "highest card",
        HEAL: f"{possessive(who)} {card} gives +1 health",
        ACTION: f"{possessive(who)} {card} gives +1 action point",
        FORESIGHT: f"{possessive(who)} {card} gives foresight: a look at the top card",
    }[effect]
    lines = [Text(capitalized(text), style="green")]
    if combat["look"] == KEEP:
        lines.append(Text(f"{verb(who, 'keeps', 'keep')} it on top", style="green"))
    elif combat["look"] == DISCARD:
        lines.append(Text(f"{verb(who, 'discards', 'discard')} it", style="green"))
    return lines


# ---------------------------------------------------------------------- the board


def _health(h: int) -> Text:
    bar = Text("♥" * max(h, 0), style="red")
    bar.append("·" * max(0, 12 - h), style="bright_black")
    bar.append(f" {h}", style="bold")
    return bar


def _counters(view: dict[str, Any], names: Sequence[str], order: list[int]) -> Table:
    # Framed like Duel 52's board (no outer frame), so the table fits 80x24 with room.
    table = Table(
        box=box.MINIMAL,
        show_edge=False,
        pad_edge=False,
        header_style="bold",
        padding=(0, 1),
        expand=False,
    )
    table.add_column("", no_wrap=True)
    table.add_column("Health", no_wrap=True)
    table.add_column("Actions", justify="center")
    table.add_column("Rage", justify="center")
    table.add_column("Deck", justify="center")
    table.add_column("Focus", justify="center")
    table.add_column("Card", justify="center", no_wrap=True)
    for s in order:
        p = view["players"][s]
        label = Text(names[s], style="bold")
        label.append(f" {SUITS[s]}", style=STYLES[s])
        rage = Text(str(p["rage"]), style="yellow" if p["rage"] else "")
        focus = Text("yes", style="green") if p["focus"] else Text("-")
        table_card = card_text(p["table"], s) if p["table"] else Text("")
        table.add_row(
            label,
            _health(p["health"]),
            str(p["actions"]),
            rage,
            str(p["deck"]),
            focus,
            table_card,
        )
    return table


def _cards_line(label: str, names_: list[str | None], seat: int, *, focus: bool = False) -> Text:
    line = Text(label, style="bold")
    if not names_:
        line.append("empty", style="bright_black")
    for k, name in enumerate(names_):
        if k:
            line.append(" ")
        line.append_text(card_text(name, seat, focused=focus and name == "A"))
    return line


def render_view(view: dict[str, Any], names: tuple[str, str] = ("Player 1", "Player 2")) -> Group:
    """The table as the view's seat sees it (its own counters at the bottom)."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    opp = 1 - viewer
    parts: list[RenderableType] = [header_text(view, names), _counters(view, names, [opp, viewer])]
    for s in (opp, viewer):
        p = view["players"][s]
        owner = owner_label(names[s])
        parts.append(_cards_line(f"{owner} discard pile: ", p["discard"], s))
        hidden = sum(1 for c in p["discard"] if c is None)
        if hidden:
            parts.append(
                Text(f"   (▒ {plural(hidden, 'card')} discarded face-down)", "bright_black")
            )
        knows = seat is None or s == seat
        if not knows:
            label = f"cards not yet seen (round {p['round']})"
        elif seat is not None and not p["top"]:
            label = f"deck (round {p['round']}, order unknown)"
        else:
            label = f"deck (round {p['round']})"
        line = _cards_line(f"{owner} {label}: ", list(p["unseen"]), s, focus=p["focus"])
        top = Text()
        if p["top"]:
            top.append("top: ", style="bold")
            top.append_text(card_text(p["top"], s))
        elif p["top_known"]:
            top.append(f"({verb(names[s], 'knows', 'know')} the top card)", "bright_black")
        if top.plain:
            # Within 80 columns: on a line of its own if it does not fit after the cards.
            line.append("\n   " if len(line.plain) + 2 + len(top.plain) > 80 else "  ")
            line.append_text(top)
        if seat is None and "deck_order" in p:
            order = " ".join(p["deck_order"])
            line.append(f"\n   deck, top first: {order}", style="bright_black")
        parts.append(line)
    tale = story(view, names)
    if tale:
        over = view["phase"] in ("rage", "over")
        title = (
            "Last turn" if view["phase"] == "rage" else ("This turn" if not over else "Final turn")
        )
        parts.append(Text(f"{title}:", style="bold underline"))
        parts.extend(Text("  ").append_text(line) for line in tale)
    prompt = _prompt(view, names)
    if prompt is not None:
        parts.append(prompt)
    return Group(*parts)


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    header = Text(f"Deck Duel · turn {view['turn']}", style="bold")
    if view["result"] is not None:
        header.append(" · game over", style="bold")
    elif view["phase"] == "rage":
        header.append(" · both choose in secret: rage or flip", style="bold green")
    else:
        mover = view["to_move"][0]
        header.append(f" · {names[mover]} to decide", style="bold green")
    return header


def _prompt(view: dict[str, Any], names: Sequence[str]) -> Text | None:
    if view["result"] is not None:
        return None
    seat = view["seat"]
    pending = view["pending"]
    if pending is None:
        line = Text()
        for s in (0, 1):
            p = view["players"][s]
            if s != seat and p["decided"]:
                decided = verb(names[s], "has", "have")
                line.append(f"{decided} decided (in secret). ", style="bright_black")
            if s == seat and p["decided"]:
                word = "rage" if p["rage_choice"] else "flip"
                line.append(f"You chose {word}. ", style="bright_black")
        line.append(
            "Rage: 1 action point for +1 damage if you win; kept on a tie, lost otherwise.",
            style="bright_black",
        )
        return line
    who = names[pending["seat"]]
    what = pending["choice"]
    if what == "block":
        d = pending["damage"]
        return Text(
            f"{who} lost the flip: take {d} damage, or block one for 1 action point "
            f"(take {d - 1})?",
            style="bold yellow",
        )
    if what == "face":
        card = FACE_NAMES[pending["card"]]
        ability = {"K": "focus", "Q": "+1 health", "J": "foresight"}[pending["card"]]
        return Text(
            f"{who} won with the {card}: {ability}, or +1 action point?", style="bold yellow"
        )
    top = view["players"][pending["seat"]]["top"]
    seen = f"the {top}{SUITS[pending['seat']]}" if top else "the card"
    return Text(
        f"Foresight: {verb(who, 'sees', 'see')} {seen} on top. Keep it (the next flip) "
        "or discard it?",
        style="bold yellow",
    )


def legend() -> Text:
    return Text(
        "A is the lowest card, A* (a focused Ace) the highest · health below 1 loses\n"
        "rage: +1 damage each, at most 3 · at most 5 damage a turn · ▒ a hidden card",
        style="bright_black",
    )


# ---------------------------------------------------------------------- actions


def _flip_context(view: dict[str, Any]) -> str:
    """The flip a combat decision follows, like ``K♠ beat 8♥`` (public once flipped)."""
    combat = view["combat"]
    if combat is None or combat["winner"] is None:
        return ""
    w = combat["winner"]
    win = _card(combat["cards"][w], w, combat["focused"][w])
    lose = _card(combat["cards"][1 - w], 1 - w, combat["focused"][1 - w])
    return f"{win} beat {lose}"


def describe(action: Act, view: dict[str, Any], viewer: int | None) -> str:
    """The decision in words for ``viewer`` (view taken before it; ``None``: a spectator,
    with the public view). A rage answer is the answerer's secret until the flip, which
    tells it (``raged``), so others hear only that a seat decided."""
    return _describe(action, view, viewer, context=True)


def choice_lines(
    legal: Sequence[Act], view: dict[str, Any], seat: int, numbers: Sequence[int] | None = None
) -> list[Text]:
    """The numbered choices (the prompt above them already names the flip); ``numbers``
    are theirs (1, 2, 3... when not given)."""
    lines = []
    for number, action in zip(numbers or range(1, len(legal) + 1), legal, strict=True):
        line = Text(f"  {number}) ", style="cyan")
        line.append(_describe(action, view, seat, context=False))
        line.append(f"   [{action}]", style="bright_black")
        lines.append(line)
    return lines


def _describe(action: Act, view: dict[str, Any], viewer: int | None, *, context: bool) -> str:
    kind = action.kind
    pending = view["pending"] or {}
    context = context and bool(_flip_context(view))
    named = context and kind not in (RAGE, FLIP, KEEP, DISCARD)
    after = f" ({_flip_context(view)})" if named else ""
    if kind in (RAGE, FLIP) and viewer != action.seat:
        return "decide in secret: rage or flip"
    if kind == RAGE:
        return "rage: 1 action point for +1 damage on a win"
    if kind == FLIP:
        return "flip without rage"
    d: int = pending.get("damage", 1)
    if kind == BLOCK:
        return f"block{after}: take {d - 1} damage, not {d}, for 1 action point"
    if kind == TAKE:
        return f"take all {d} damage{after}, keeping the action points"
    if kind == FOCUS:
        return f"focus{after}: King sideways, the Ace becomes the highest card"
    if kind == HEAL:
        health = view["players"][action.seat]["health"]
        note = ", already at the maximum of 12" if health >= 12 else ""
        return f"+1 health{after}{note}"
    if kind == FORESIGHT:
        return f"foresight{after}: look at the top card, then keep or discard it"
    if kind == ACTION:
        return f"+1 action point{after}"
    top = view["players"][action.seat]["top"] if action.seat == viewer else None
    what = f"the {top}{SUITS[action.seat]}" if top else "the card"
    if kind == KEEP:
        return f"keep {what} on top of the deck (the next flip)"
    hidden = view["options"].get("foresight_discard", "hidden") == "hidden"
    return f"discard {what}" + (" face-down" if hidden else "")


def effects(
    action: Act,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> list[Text]:
    """What ``action`` set off, for ``viewer`` (``None``: a spectator, from public views):
    the part of the turn's story it added."""
    old = story(before, names) if before["combat"] else []
    new = story(after, names)
    same_turn = (
        before["combat"] is not None
        and after["combat"] is not None
        and before["combat"]["turn"] == after["combat"]["turn"]
    )
    lines = new[len(old) :] if same_turn else new
    if not lines and after["combat"] is None:
        return []
    out: list[Text] = []
    out.extend(lines)
    for s in (0, 1):
        b, a = before["players"][s]["health"], after["players"][s]["health"]
        if a != b:
            out.append(Text(f"{owner_label(names[s])} health: {b} → {a}", style="red"))
    if after["result"] is None and after["turn"] != before["turn"]:
        out.append(Text(f"── Turn {after['turn']}: rage or flip ──", style="bold"))
    return out


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    result = view["result"]
    if result is None:
        return Text("")
    if result["winner"] is None:
        return Text(f"The game is drawn: {result['detail']}.", style="bold yellow")
    w = result["winner"]
    health = [p["health"] for p in view["players"]]
    return Text(
        f"{verb(names[w], 'wins', 'win')} the duel, {health[w]} health to {health[1 - w]}.",
        style="bold green",
    )


_ORDER = {kind: i for i, kind in enumerate(KINDS)}


def sort_key(action: Act) -> int:
    """Choices in a fixed order: the bold option first (rage, block, the ability)."""
    return _ORDER[action.kind]


def help_text() -> str:
    return """\
How to answer:
  a number   take that choice
  a word     rage / flip at the start of a turn; block / take after losing;
             focus, heal, foresight or action after winning with a K, Q or J;
             keep / discard after foresight (see docs/notation/deckduel.md)
Rules: `duelhall rules deckduel`."""

"""Highlander in the terminal: the duel drawn from a view, and actions described in words.

Everything here works from views, never from the state, so the terminal shows only what the
watching seat may know. A card is drawn as its attack positions along the top edge
(``·▲·▲·``: positions 2 and 4) and its follow-up bar (``next ··●··``). A clash is drawn the
way the cards meet, top to top: the opponent's card is upside down as you see it, so its
position 1 is on your right, and a ``┃`` marks each pair of aligned positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from duelhall.core.wording import owner_label, verb
from duelhall.games.highlander.engine.actions import DRAW, PLAY, TAKE, HighlanderAction
from duelhall.games.highlander.engine.cards import KEYWORDS, Card, CardSet, effect_text, load_cards
from duelhall.games.highlander.engine.state import PERFECT, STRIKE

ATTACK = "▲"
THEIRS = "▼"
EMPTY = "·"
FOLLOW = "●"


def _cards(view: dict[str, Any]) -> CardSet:
    return load_cards(view["options"].get("cards") or "")


def _card(view: dict[str, Any], ident: str) -> Card:
    card = _cards(view).card(ident)
    assert card is not None, ident
    return card


def diagram(card: Card, n: int, *, mark: str = ATTACK) -> str:
    """The attack positions along the top edge, from the owner's left: ``·▲·▲·``."""
    return "".join(mark if p in card.positions else EMPTY for p in range(1, n + 1))


def follow_diagram(card: Card, n: int) -> str:
    if len(card.follow_up) == n:
        return "any"
    return "".join(FOLLOW if p in card.follow_up else EMPTY for p in range(1, n + 1))


def effects_words(card: Card) -> str:
    return ", ".join(str(e) for e in card.effects)


def card_line(card: Card, n: int, *, required: int = 0, flow: bool = False) -> Text:
    """One card on one line: name, positions, follow-up bar, effects, and a penalty warning."""
    line = Text(f"{card.name:<16}", style="bold")
    line.append(diagram(card, n), style="yellow")
    line.append("  next ", style="bright_black")
    line.append(f"{follow_diagram(card, n):<{n}}", style="cyan")
    words = effects_words(card)
    if words:
        line.append(f"  {words}", style="green")
    if required and not card.mask & required and not card.bonus.flow and not flow:
        line.append("  (off follow-up: 1 damage)", style="red")
    return line


def _mask(positions: Sequence[int] | None) -> int:
    m = 0
    for p in positions or ():
        m |= 1 << (p - 1)
    return m


def _damage_bar(damage: int, limit: int) -> Text:
    shown = min(damage, limit)
    bar = Text("■" * shown, style="red")
    bar.append("□" * (limit - shown), style="bright_black")
    bar.append(f" {damage}/{limit}")
    return bar


def _player_lines(view: dict[str, Any], seat: int, names: Sequence[str]) -> list[Text]:
    char = view["characters"][seat]
    line = Text(f"{names[seat]}", style="bold")
    line.append(f" ({char['name']})")
    if view["result"] is None and view["offence"] == seat:
        line.append("  ⚔ offence", style="bold magenta")
    elif view["result"] is None:
        line.append("  🛡 defence", style="bright_black")
    line.append("  damage ")
    line.append_text(_damage_bar(view["damage"][seat], view["limit"]))
    lines = [line]
    abilities = Text("   abilities: ", style="bright_black")
    for i, ab in enumerate(char["abilities"]):
        if i:
            abilities.append("  ")
        mark = "✓" if ab["unlocked"] else f"at {ab['threshold']}"
        style = "green" if ab["unlocked"] else "bright_black"
        abilities.append(f"{ab['name']} [{mark}]: {', '.join(ab['effects'])}", style=style)
    lines.append(abilities)
    return lines


def clash_lines(
    view: dict[str, Any], clash: dict[str, Any], viewer: int, names: Sequence[str]
) -> list[Text]:
    """A revealed clash: both cards as they met, aligned positions, and what happened."""
    n = view["positions"]
    offence = clash["offence"]
    defender = 1 - offence
    mine = _card(view, clash["cards"][viewer])
    theirs = _card(view, clash["cards"][1 - viewer])
    # The opponent's card is upside down as the viewer sees it.
    their_cells = [(n + 1 - p) for p in theirs.positions]
    top = "".join(THEIRS if c in their_cells else EMPTY for c in range(1, n + 1))
    bottom = diagram(mine, n)
    middle = "".join(
        "┃" if c in their_cells and c in mine.positions else " " for c in range(1, n + 1)
    )
    role = {offence: "attacks", defender: "defends"}
    head = Text(f"Clash {clash['clash']} of round {clash['round']}:", style="bold")
    lines = [head]
    width = max(len(names[0]), len(names[1])) + 1
    other = 1 - viewer
    lines.append(
        Text(f"   {names[other]:<{width}} {top}  ", style="yellow").append(
            f"{theirs.name} ({role[other]})", style="bold"
        )
    )
    lines.append(Text(f"   {'':<{width}} {middle}", style="bold green"))
    lines.append(
        Text(f"   {names[viewer]:<{width}} {bottom}  ", style="yellow").append(
            f"{mine.name} ({role[viewer]})", style="bold"
        )
    )
    for s in (viewer, other):
        if clash["penalties"][s]:
            lines.append(
                Text(
                    f"   {verb(names[s], 'misses', 'miss')} the follow-up bar: "
                    f"{clash['penalties'][s]} damage",
                    style="red",
                )
            )
    lines.append(Text("   " + result_words(clash, names), style="bold"))
    return lines


def _note_words(note: str) -> str:
    """An effect note of a clash in words."""
    words = note.split()
    amount = words[-1]
    if note.startswith("momentum waiting"):
        return f"momentum: the next strike this round deals {amount} more"
    if words[0] == "power":
        return f"{amount} more from power"
    if words[0] == "momentum":
        return f"{amount} more from momentum"
    if words[0] == "armor":
        return f"{amount} less from armor"
    if words[0] == "riposte":
        return f"{amount} from the riposte"
    if words[0] == "precise":
        return f"{amount} more for precision"
    if words[0] == "relentless":
        return "relentless: the next card needs no follow-up"
    return note


def result_words(clash: dict[str, Any], names: Sequence[str]) -> str:
    """The clash's result in a sentence."""
    offence = clash["offence"]
    defender = 1 - offence
    result = clash["result"]
    notes = [_note_words(n) for n in clash["notes"]]
    extra = f" ({'; '.join(notes)})" if notes else ""
    if not result:
        return "The game ends on follow-up penalties before the cards take effect."
    if result == STRIKE:
        hurt = clash["damage"][defender]
        return (
            f"Strike! No position is aligned: {verb(names[defender], 'takes', 'take')} "
            f"{hurt} damage{extra}."
        )
    hurt = clash["damage"][offence]
    if result == PERFECT:
        return (
            f"Perfect block! Every position is aligned: "
            f"{verb(names[offence], 'takes', 'take')} {hurt} damage{extra}."
        )
    if hurt:
        return f"Block: {verb(names[offence], 'takes', 'take')} {hurt} damage{extra}."
    return f"Block: aligned positions, no damage{extra}."


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    header = Text(f"Round {view['round']}", style="bold")
    if view["result"] is not None:
        header.append(" · game over", style="bold")
    elif view["phase"] == "draft":
        who = names[view["to_move"][0]]
        header.append(f" · draft: {who} to pick", style="bold green")
    else:
        header.append(f" · clash {view['clash']}", style="bold")
        waiting = [names[s] for s in view["to_move"]]
        chosen = [names[s] for s in (0, 1) if view["committed"][s]]
        if chosen:
            header.append(f" · {' and '.join(chosen)} chose", style="bright_black")
        header.append(f" · waiting for {' and '.join(waiting)}", style="bold green")
    header.append(f" · deck {view['deck']} · discard {len(view['discard'])}")
    return header


def legend() -> Text:
    """What the marks mean (shown with the first board and with ``?``)."""
    return Text(
        "▲ attack position, numbered from the owner's left   next ●: follow-up bar\n"
        "Top to top: your 1 faces their 5, your 2 their 4, 3 faces 3 (five positions)\n"
        "  (▼ their card as you see it, ┃ aligned positions)\n"
        "Some aligned: block. None: strike, 1 damage per attack position.\n"
        "All aligned, both ways: perfect block, the attacker takes 1.",
        style="bright_black",
    )


def render_view(view: dict[str, Any], names: tuple[str, str] = ("Player 1", "Player 2")) -> Group:
    """The duel as the view's seat sees it."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    opp = 1 - viewer
    cards = _cards(view)
    n = view["positions"]
    parts: list[RenderableType] = [header_text(view, names)]
    for s in (opp, viewer):
        parts.extend(_player_lines(view, s, names))
    if view["clashes"]:
        parts.extend(clash_lines(view, view["clashes"][-1], viewer, names))
    played = view["played"]
    if played[0] or played[1]:
        line = Text("This round: ", style="bold")
        for k, s in enumerate((viewer, opp)):
            if k:
                line.append("  |  ")
            line.append(f"{names[s]}: ")
            line.append(", ".join(_card(view, c).name for c in played[s]) or "-")
        parts.append(line)
    faceup = [c for c in view["faceup"] if c is not None]
    parts.append(Text(f"Face-up beside the deck ({view['deck']} in the deck):", style="bold"))
    for ident in faceup:
        parts.append(Text("   ").append_text(card_line(_card(view, ident), n)))
    if not faceup:
        parts.append(Text("   (none)", style="bright_black"))
    if view["discard"]:
        names_ = ", ".join(_card(view, c).name for c in view["discard"])
        parts.append(Text(f"Discard: {names_}", style="bright_black"))
    # Hands: the viewer's own in full, the opponent's size and the cards known in it.
    hand = view["hands"][opp]
    owner = names[opp]
    line = Text(f"{owner_label(owner)} hand: ", style="bold")
    if isinstance(hand, list):
        line.append(", ".join(_card(view, c).name for c in hand) or "empty")
    else:
        line.append(f"{hand} card{'s' if hand != 1 else ''}")
        known = view["revealed"][opp]
        if known:
            line.append(" (known: " + ", ".join(_card(view, c).name for c in known) + ")")
    parts.append(line)
    required = _mask(view["required"][viewer])
    flow = any(
        ab["unlocked"] and "flow" in ab["effects"] for ab in view["characters"][viewer]["abilities"]
    )
    mine = view["hands"][viewer]
    if isinstance(mine, list):
        title = Text(f"{owner_label(names[viewer])} hand:", style="bold")
        if view["required"][viewer] and view["phase"] != "draft":
            need = " or ".join(str(p) for p in view["required"][viewer])
            title.append(f"  (follow-up: include position {need})", style="cyan")
        if view["relentless"][viewer]:
            title.append("  (relentless: no follow-up needed)", style="green")
        if view["momentum"][viewer]:
            title.append(f"  (momentum: +{view['momentum'][viewer]} if it strikes)", "green")
        parts.append(title)
        chosen = view["chosen"][viewer]
        for ident in mine:
            card = _card(view, ident)
            row = Text("   ").append_text(card_line(card, n, required=required, flow=flow))
            if ident == chosen:
                row.append("  ← chosen", style="bold magenta")
            parts.append(row)
    if seat is None:
        order = ", ".join(cards.card(c).name for c in view.get("deck_order", []))  # type: ignore[union-attr]
        parts.append(Text(f"Deck (top first): {order or '(empty)'}", style="bright_black"))
    return Group(*parts)


def describe(action: HighlanderAction, view: dict[str, Any], viewer: int | None) -> str:
    """The action in words for ``viewer``, whose view is taken before the action (``None``:
    a spectator, with the public view)."""
    if action.verb == DRAW:
        return "draw the top card of the deck"
    card = _card(view, action.card)
    if action.verb == TAKE:
        return f"take {card.name} from beside the deck"
    if action.seat == viewer:
        return f"play {card.name} (in secret until both have chosen)"
    return "choose a card in secret"


def effects(
    action: HighlanderAction,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> list[Text]:
    """What an action did, in words for ``viewer``, from its views before and after
    (``None``: a spectator, from public views; clashes drawn from player 1's side).

    A draft pick tells what was drawn (to the drawer only), what was turned face-up and any
    reshuffle. The play that completes a clash tells the clash: both cards as they met and
    the result, abilities unlocked, and the end of the round. (A live terminal session shows
    simultaneous choices on the board instead; replays use this.)
    """
    lines: list[Text] = []
    if action.verb == PLAY:
        if len(after["clashes"]) > len(before["clashes"]):
            eye = 0 if viewer is None else viewer
            lines.extend(clash_lines(after, after["clashes"][-1], eye, names))
            lines.extend(_unlocks(before, after, names))
            if after["result"] is None and after["round"] > before["round"]:
                who = names[after["offence"]]
                lines.append(
                    Text(
                        f"── Round {after['round']}: {verb(who, 'takes', 'take')} the offence "
                        f"marker; draft, {who} first ──",
                        style="bold",
                    )
                )
        return lines
    actor = action.seat
    if action.verb == DRAW and actor == viewer:
        old = list(before["hands"][viewer])
        new = list(after["hands"][viewer])
        for ident in old:
            if ident in new:
                new.remove(ident)
        if new:
            who = verb(names[actor], "draws", "draw")
            lines.append(Text(f"{who} {_card(after, new[0]).name}", style="cyan"))
    if after["reshuffles"] > before["reshuffles"]:
        lines.append(Text("The discard pile is shuffled into a new deck", style="yellow"))
    gone = [c for c in before["faceup"] if c is not None and c not in after["faceup"]]
    for ident in after["faceup"]:
        if ident is not None and ident not in before["faceup"] and gone:
            lines.append(Text(f"{_card(after, ident).name} is turned face-up", style="cyan"))
    if after["phase"] == "clash" and before["phase"] == "draft":
        who = names[after["offence"]]
        lines.append(
            Text(
                f"── Round {after['round']}: {who} on offence; both choose a card in secret ──",
                style="bold",
            )
        )
    return lines


def _unlocks(before: dict[str, Any], after: dict[str, Any], names: Sequence[str]) -> list[Text]:
    lines = []
    for seat in (0, 1):
        old = before["characters"][seat]["abilities"]
        for i, ability in enumerate(after["characters"][seat]["abilities"]):
            if ability["unlocked"] and not old[i]["unlocked"]:
                lines.append(
                    Text(
                        f"{verb(names[seat], 'unlocks', 'unlock')} {ability['name']} "
                        f"({', '.join(ability['effects'])}) from the next clash on",
                        style="green",
                    )
                )
    return lines


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    result = view["result"]
    if result is None:
        return Text("")
    winner = result["winner"]
    loser = 1 - winner
    who = names[winner]
    char = view["characters"][winner]["name"]
    dmg = view["damage"]
    if result["reason"] == "damage":
        why = f"{names[loser]} took {dmg[loser]} damage"
    elif result["reason"] == "less-damage":
        why = f"both passed {view['limit']} damage in one clash; {who} took less"
    else:
        why = f"both passed {view['limit']} damage in one clash, equally; the defender wins"
    return Text(
        f"{verb(who, 'wins', 'win')} as {char}: {why} ({dmg[0]} to {dmg[1]}). "
        "There can be only one.",
        style="bold green",
    )


def sort_key(action: HighlanderAction) -> tuple[int, str]:
    order = {TAKE: 0, DRAW: 1, PLAY: 2}
    return (order.get(action.verb, 3), action.card)


def choice_lines(
    legal: Sequence[HighlanderAction],
    view: dict[str, Any],
    seat: int,
    numbers: Sequence[int] | None = None,
) -> list[Text]:
    """The numbered choices; a card's positions and follow-up bar are on its line.
    ``numbers`` are theirs (1, 2, 3... when not given)."""
    numbers = numbers or range(1, len(legal) + 1)
    width = len(str(max(numbers, default=1)))
    n = view["positions"]
    required = _mask(view["required"][seat])
    flow = any(
        ab["unlocked"] and "flow" in ab["effects"] for ab in view["characters"][seat]["abilities"]
    )
    lines: list[Text] = []
    for number, action in zip(numbers, legal, strict=True):
        line = Text(f"  {number:>{width}}) ", style="cyan")
        if action.verb == DRAW:
            line.append(f"draw the top card of the deck ({view['deck']} left)")
        else:
            card = _card(view, action.card)
            verb = "take " if action.verb == TAKE else "play "
            line.append(verb)
            line.append_text(
                card_line(card, n, required=required if action.verb == PLAY else 0, flow=flow)
            )
        line.append(f"   [{action}]", style="bright_black")
        lines.append(line)
    return lines


def help_text() -> str:
    """How a person answers at the Highlander prompt."""
    return """\
How to answer:
  a number   take that choice
  notation   the text in brackets: play thrust, take lunge, draw
             (see docs/notation/highlander.md; card names work too)
Both players choose a card in secret; the cards are revealed together.
Rules and the card list: `duelhall rules highlander`."""


CARD_WORDS: dict[str, str] = {
    "power": "a strike on offence deals N more damage",
    "momentum": "a strike on offence adds N to the next card's strike this round",
    "riposte": "a block on defence (a perfect one too) deals the attacker N damage",
    "armor": "a strike against you on defence deals N less damage",
    "precise": "a perfect block on defence deals the attacker N more damage",
    "flow": "playing the card costs no follow-up penalty (an ability: never)",
    "relentless": "blocked on offence: the next card this round needs no follow-up",
}
"""Each effect keyword in one line, for ``?``: on a card it works in the clash the card is
played in (or for the next card of the round), in an ability in every clash once unlocked.
``duelhall rules highlander`` words them in full."""


def help_for(view: dict[str, Any]) -> str:
    """The answers, then one line for each card word of the cards and abilities in force."""
    cards = _cards(view)
    used = {e.keyword for card in cards.cards for e in card.effects}
    for character in cards.characters.values():
        used |= {e.keyword for ability in character.abilities for e in ability.effects}
    lines = [help_text(), "Card words (on a card: that clash; in an ability: every clash):"]
    for keyword, (takes, _, _) in KEYWORDS.items():
        if keyword in used:
            word = f"{keyword} N" if takes else keyword
            lines.append(f"  {word:<12}{CARD_WORDS[keyword]}")
    return "\n".join(lines)


def card_help(card: Card) -> list[str]:
    """Every effect of a card in words (used by the rules reference)."""
    return [effect_text(e) for e in card.effects]

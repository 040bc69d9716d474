"""Duel 52 in the terminal: the table drawn from a view, and actions described in words.

Everything here works from views (``state.view(seat)``), never from the state, so the
terminal can only show what the watching seat may know. What an action did (damage, deaths,
cards turned face-up, freezes, lanes won, draws, the turn passing) is read off the difference
between the watcher's view before and after it.

The pieces every table mode draws alike have modules of their own: :mod:`.cardtext` (a
card, a board card's face and marks), :mod:`.tabletext` (the header, hands, discard and
numbered choices), :mod:`.actionwords` (actions in words) and :mod:`.viewdiff` (what an
action changed). This module draws the duel's lanes and its expansion, and the
three-player and team games have renderers of their own built from the same pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from duelhall.core.wording import numbers, plural, possessive, their, verb
from duelhall.games.duel52.duel.notation import board_label
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import KIND_ORDER, MAIN_KINDS, Duel52Action, Kind, Ref
from duelhall.games.duel52.text import cardtext, tabletext
from duelhall.games.duel52.text.actionwords import describe_action
from duelhall.games.duel52.text.viewdiff import drawn_lines, match_row, named_places, reveal_line


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
    line.append_text(cardtext.face_text(card))
    if card.get("fort"):
        line.append(" fort", style="magenta")
    elif card["base"]:
        line.append(" base", style="magenta")
    if card.get("hero"):
        line.append(" ★hero", style="bold yellow")
    if card.get("rushed"):
        line.append(" rushed", style="bright_black")
    line.append_text(cardtext.wound_marks(card))
    if paired_with:
        line.append(f" ={paired_with}", style="green")
    line.append_text(cardtext.attack_marks(card, acting=acting))
    if _others_know(card, owner, viewer):
        line.append(" seen", style="bright_black")
    return line


def _row_lines(view: dict[str, Any], lane: int, seat: int, viewer: int) -> Text:
    row = view["lanes"][lane]["rows"][seat]
    partner = cardtext.partners(view["lanes"][lane]["pairs"][seat])
    acting = view["result"] is None and seat in view["to_move"]
    cells = []
    for i, card in enumerate(row):
        mate = partner.get(i)
        cells.append(
            _cell(
                board_label(view, (lane, seat, i), viewer),
                card,
                seat,
                view["seat"],
                board_label(view, (lane, seat, mate), viewer) if mate is not None else None,
                acting=acting,
            )
        )
    return cardtext.card_column(cells, "(empty)")


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    return tabletext.header_text(view, names, "pile empty, Base cards live")


def render_view(view: dict[str, Any], names: tuple[str, str] = ("Player 1", "Player 2")) -> Group:
    """The whole table as the view's seat sees it (its own row at the bottom)."""
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    opp = 1 - viewer

    table = tabletext.board_table()
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
    hands = tabletext.zone_lines(view, names, (viewer, opp), count_unseen=True, side_by_side=True)
    parts.extend(hands)
    if "heroes" in view:
        parts.extend(expansion_lines(view, names, viewer))
    parts.extend(tabletext.pending_lines(view, names, _pending_words))
    return Group(*parts)


def _hero_on_board(view: dict[str, Any], seat: int) -> bool:
    """Whether ``seat``'s warrior hero is in one of its lanes (a played one may have died)."""
    return any(card.get("hero") for lane in view["lanes"] for card in lane["rows"][seat])


def _hero_words(view: dict[str, Any], seat: int, hero: dict[str, Any]) -> Text:
    line = cardtext.card_text(hero["card"])
    line.append(f" {hero['name']} ({hero['kind']}")
    if hero["exerted"]:
        line.append(", exerted", style="bright_black")
    if hero["enraged"]:
        line.append(", ENRAGED: must be played", style="bold red")
    if hero["played"]:
        if _hero_on_board(view, seat):
            line.append(", in play")
        else:
            line.append(", dead", style="bright_black")
    if hero["spell_used"]:
        line.append(", spell cast this turn", style="bright_black")
    line.append(")")
    return line


def expansion_lines(view: dict[str, Any], names: Sequence[str], viewer: int) -> list[Text]:
    """Heroes, bannermen, forts and the other expansion state, a line or two each."""
    lines: list[Text] = []
    order = (viewer, 1 - viewer)
    if any(h is not None for h in view["heroes"]):
        parts = []
        for s in order:
            hero = view["heroes"][s]
            part = Text(f"{names[s]}: ")
            part.append_text(_hero_words(view, s, hero) if hero else Text("none"))
            parts.append(part)
        lines.extend(_titled("Heroes: ", parts))
    if any(view["bannermen"]):
        parts = []
        for s in order:
            part = Text(f"{names[s]}: ")
            part.append_text(cardtext.cards_text(view["bannermen"][s]))
            if not view["bannermen"][s]:
                part.append("none", style="bright_black")
            improved = ", ".join(view.get("improved", [[], []])[s])
            if improved:
                part.append(f" ({improved})", style="bright_black")
            parts.append(part)
        lines.extend(_titled("Bannermen: ", parts))
    if view["forts"] or any(view["forts_taken"]):
        pool = Text()
        for k, fort in enumerate(view["forts"]):
            if k:
                pool.append(" ")
            pool.append(f"F{k + 1} ", style="cyan")
            pool.append_text(cardtext.hidden_card_text(fort["card"]))
        if not view["forts"]:
            pool.append("none left", style="bright_black")
        parts = [pool]
        for s in order:
            taken = view["forts_taken"][s]
            if taken:
                where = numbers("lane", taken)
                parts.append(Text(f"{names[s]} took forts in {where}.", style="bright_black"))
        lines.extend(_titled("Forts: ", parts))
    for s in order:
        stopped = view["stopped_lanes"][s]
        if stopped:
            where = numbers("lane", stopped)
            lines.append(Text(f"Time Stop: {names[s]} may not play into {where}", "bright_blue"))
        shown = view["hands_shown"][s]
        if shown and s != viewer:
            line = Text(f"Shown from {possessive(names[s])} hand: ", style="bold")
            line.append_text(cardtext.cards_text(shown))
            lines.append(line)
    if view.get("setup"):
        lines.append(Text("Setup: the bannermen draft is under way.", style="bold yellow"))
    return lines


def _titled(title: str, parts: list[Text]) -> list[Text]:
    """``Heroes: You: ...   Computer: ...``, on a second line (indented) if need be."""
    head = Text(title, style="bold")
    head.append_text(parts[0])
    return tabletext.packed([head, *parts[1:]], indent=len(title))


def _pending_words(pending: dict[str, Any], who: str) -> str:
    """The Queen's move and the order of waiting powers, and the expansion's choices."""
    what = pending["choice"]
    if what == "move":
        more = pending.get("moves_left", 1)
        return (
            f"The Queen in lane {pending['lane']}: {who} may bring {more} of "
            f"{their(who)} cards from another lane, or stay."
        )
    if what == "draft":
        return f"{who} must choose a bannerman: a rank from hand (draft RANK)."
    if what == "fort":
        return f"{verb(who, 'takes', 'take')} a fort into lane {pending['lane']} (fort F1...)."
    waiting = ", ".join(pending.get("waiting", []))
    where = f"lane {pending['lane']}" if pending.get("lane") else "every lane"
    return (
        f"Powers waiting in {where}: {waiting}. {verb(who, 'picks', 'pick')} which resolves next."
    )


def _board_name(view: dict[str, Any], ref: Ref, viewer: int) -> str:
    lane, seat, index = ref
    if lane == 3:  # a fort in the pool
        fort = view.get("forts", [])[index] if index < len(view.get("forts", [])) else None
        shown = fort["card"] if fort else None
        return f"fort F{index + 1}" + (f" ({cardtext.pretty(shown)})" if shown else "")
    card = view["lanes"][lane]["rows"][seat][index]
    return cardtext.named(card, board_label(view, ref, viewer))


def _namer(action: Duel52Action, viewer: int | None) -> int:
    """Whose rows are lower case in a line: the reader's, or for a spectator (``viewer``
    None, reading public views) the actor's, as the notation writes them."""
    return action.seat if viewer is None else viewer


def describe(action: Duel52Action, view: dict[str, Any], viewer: int | None) -> str:
    """The action in words for ``viewer``, whose view is taken before the action
    (``viewer`` None: a spectator, from the public view)."""
    if action.kind in (Kind.END, Kind.HERO, Kind.DRAFT, Kind.FORT, Kind.SPELL):
        return _describe_expansion(action, view, viewer)
    namer = _namer(action, viewer)
    return describe_action(
        action, view, viewer, f"lane {action.lane + 1}", lambda ref: _board_name(view, ref, namer)
    )


def _describe_expansion(action: Duel52Action, view: dict[str, Any], viewer: int | None) -> str:
    kind = action.kind
    mine = action.seat == viewer
    namer = _namer(action, viewer)
    if kind == Kind.END:
        return "end the turn"
    if kind == Kind.HERO:
        return f"play the warrior hero {C.pretty(action.card)} face-up into lane {action.lane + 1}"
    if kind == Kind.DRAFT:
        word = C.rank_name(C.rank(action.card))
        article = "an" if word in ("A", "8") else "a"
        return f"choose {word}s as a bannerman ({article} {word} from the deck, face-up)"
    if kind == Kind.FORT:
        fort = _board_name(view, action.targets[0], namer)
        return f"take {fort} into lane {action.lane + 1} as an extra Base card"
    hero = (view.get("heroes") or [None, None])[action.seat]
    rank = C.rank(C.parse(hero["card"])) if hero else 0
    if rank == 2:
        return "cast Master Recruiter: draw a card, then discard one"
    if rank == 3:
        what = C.pretty(action.card) if mine else "a card"
        return f"cast Rush Them!: play {what} face-down into lane {action.lane + 1}"
    if rank == 4:
        return f"cast Information is Power: look at {_board_name(view, action.targets[0], namer)}"
    if rank == 5:
        return f"cast Activate: flip {_board_name(view, action.slots[0], namer)}"
    if rank == 6:
        return f"cast The Frost Mage: freeze {_board_name(view, action.targets[0], namer)}"
    if rank == 7:
        return f"cast The Life Mage: heal {_board_name(view, action.slots[0], namer)}"
    if rank == C.QUEEN:
        moved = _board_name(view, action.slots[0], namer)
        return f"cast Queen Manipulator: move {moved} to lane {action.lane + 1}"
    return f"cast Continuing Inspiration: reactivate {_board_name(view, action.slots[0], namer)}"


# ---------------------------------------------------------------------- what happened


def _mover(view: dict[str, Any], turn: int) -> int:
    first: int = view["first_player"]
    return first if turn % 2 == 1 else 1 - first


def effects(
    action: Duel52Action,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: tuple[str, str] = ("Player 1", "Player 2"),
) -> list[Text]:
    """What ``action`` did, in words for ``viewer``, from its views before and after
    (``viewer`` None: a spectator, from public views)."""
    lines: list[Text] = []
    namer = _namer(action, viewer)

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    touched = named_places(action)
    attack = action.kind == Kind.ATTACK
    spikes = attack and any(
        (c := before["lanes"][r[0]]["rows"][r[1]][r[2]])["up"]
        and c["card"] is not None
        and C.rank(C.parse(c["card"])) == 8
        for r in action.targets
    )
    frozen: dict[int, list[str]] = {0: [], 1: []}
    healed: list[str] = []
    powers = [cardtext.power_names(after, seat) for seat in (0, 1)]
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        for seat in (0, 1):
            b_row, a_row = b_lane["rows"][seat], a_lane["rows"][seat]
            candidates = sorted(touched.get((lane, seat), set()))
            kept, gone = match_row(b_row, a_row, candidates)
            moving = action.kind == Kind.MOVE or (action.kind == Kind.SPELL and action.lane >= 0)
            for i in gone:
                if moving and (lane, seat, i) in action.slots:
                    continue  # the Queen took it; the action line says so
                card = b_row[i]
                why = " (the 8 strikes back)" if spikes and (lane, seat, i) in action.slots else ""
                gone_name = board_label(before, (lane, seat, i), namer)
                say(f"{cardtext.named(card, gone_name)} dies{why}", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                # Named as the action line names it: a new turn may have re-lettered it.
                where = board_label(before, (lane, seat, i), namer)
                trapped = attack and (lane, seat, i) in action.targets
                revealed = reveal_line(b, a, where, trapped=trapped, powers=powers[seat])
                if revealed is not None:
                    lines.append(revealed)
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    hit = a["damage"] - b["damage"]
                    why = " from the 8" if spikes and (lane, seat, i) in action.slots else ""
                    hp = a["hp"]
                    left = f": {hp - a['damage']} of {hp} hit points left" if hp else ""
                    say(f"{cardtext.named(a, where)} takes {hit} damage{why}{left}", "yellow")
                elif a["damage"] < b["damage"] and a["up"] == b["up"]:
                    healed.append(where)
                if a["frozen"] and not b["frozen"]:
                    frozen[seat].append(where)
                # An Ace's extra attacks (a face-down card had one attack to come).
                more = a.get("attacks_left", 0) - b.get("attacks_left", 1)
                if a["up"] and more > 0 and after["turn"] == before["turn"]:
                    say(
                        f"{cardtext.named(a, where)} may attack "
                        f"{plural(a['attacks_left'], 'time')} this turn"
                    )
                if (
                    not a["up"]
                    and _others_know(a, seat, viewer)
                    and not _others_know(b, seat, viewer)
                ):
                    new_knowers = set(a["seen_by"]) - set(b["seen_by"])
                    other = (
                        names[1 - viewer]
                        if viewer is not None
                        else names[min(new_knowers, default=action.seat)]
                    )
                    say(f"{verb(other, 'now knows', 'now know')} {cardtext.named(a, where)}")
            for j in range(len(b_row), len(a_row)):
                if action.kind not in (Kind.PLAY, Kind.MOVE, Kind.HERO, Kind.SPELL):
                    new_name = board_label(after, (lane, seat, j), namer)
                    say(f"{cardtext.named(a_row[j], new_name)} arrives")
    for seat in (0, 1):
        if frozen[seat]:
            until = "the end of " + possessive(names[seat]) + " next turn"
            say(f"Frozen until {until}: {', '.join(frozen[seat])}", "bright_blue")
    if healed:
        say(f"Healed: {', '.join(healed)}", "green")
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        if b_lane["winner"] is None and a_lane["winner"] is not None:
            who = names[a_lane["winner"]]
            say(f"{verb(who, 'wins', 'win')} lane {lane + 1}!", "bold yellow")

    new_turn = after["turn"] != before["turn"]
    cost = 1 if action.kind in MAIN_KINDS else 0
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        who = names[action.seat]
        say(f"{verb(who, 'gains', 'gain')} {plural(gained, 'extra action')}", "green")
    if not new_turn:
        lines.extend(drawn_lines(action, before, after, names))
        return lines
    # A draw the action made (a banner 2's) is told with it, before the turn passes; the
    # next player's draw opens their turn.
    mover = after["to_move"][0] if after["result"] is None and after["to_move"] else None
    now = {action.seat} if action.seat != mover else set()
    lines.extend(drawn_lines(action, before, after, names, now))
    # Ending the turn by choice (end) needs no words: the action line says so.
    if action.kind != Kind.END and before["actions_left"] - cost > 0 and after["result"] is None:
        who = names[action.seat]
        say(f"{verb(who, 'has', 'have')} no legal action left: the turn ends")
    for turn in range(before["turn"] + 1, after["turn"]):
        who = names[_mover(after, turn)]
        say(f"Turn {turn}: {verb(who, 'has', 'have')} no legal action and passes")
    if after["result"] is None:
        who = names[after["to_move"][0]]
        left = plural(after["actions_left"], "action")
        say(f"── Turn {after['turn']}: {who}, {left} ──", "bold")
    lines.extend(drawn_lines(action, before, after, names, {0, 1} - now))
    return lines


def result_text(view: dict[str, Any], names: tuple[str, str]) -> Text:
    def win_words(winner: int) -> str:
        held = [str(i + 1) for i, lane in enumerate(view["lanes"]) if lane["winner"] == winner]
        who = verb(names[winner], "wins", "win")
        return f"{who} the game, holding lanes {' and '.join(held)}."

    return tabletext.result_line(view["result"], win_words)


# ---------------------------------------------------------------------- the choices


def sort_key(action: Any) -> tuple[int, int, int, int, str]:
    """Order for listing choices, the same in every Duel 52 mode (the three-player game's
    triangle is its ``lane``): plays card by card (then lane), the rest by kind and lane."""
    if action.kind == Kind.PLAY:
        return (0, C.rank(action.card), C.suit(action.card), action.lane, "")
    rank = C.rank(action.card) if action.card >= 0 else 0
    return (KIND_ORDER[action.kind], action.lane, rank, 0, str(action))


PLAY_GRID = tabletext.LANE_GRID
"""How the numbered choices lay out plays (see :func:`tabletext.choice_lines`)."""

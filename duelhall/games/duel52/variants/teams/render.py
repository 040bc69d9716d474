"""The team game in the terminal: two teams' sides of three lanes, drawn from a view.

Like :mod:`duelhall.games.duel52.terminal.render`, everything here reads views only, so a person
sees what their seat may know: their own hand, the sizes of the other three (their
partner's included) and the face-down cards they played or looked at. The viewer's team is
drawn at the bottom; each card is marked with who played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from duelhall.core.wording import YOU, plural, verb
from duelhall.games.duel52.engine import cards as C  # noqa: F401  (tests spell cards with render_teams.C)
from duelhall.games.duel52.engine.board import MAIN_KINDS, Kind
from duelhall.games.duel52.text import cardtext, tabletext
from duelhall.games.duel52.text.actionwords import describe_action
from duelhall.games.duel52.text.viewdiff import drawn_lines, match_row, named_places, reveal_line
from duelhall.games.duel52.variants.teams.notation import board_label
from duelhall.games.duel52.variants.teams.state import Ref, TeamAction
from duelhall.games.duel52.variants.teams.wording import (
    members,
    team_heading,
    team_label,
    team_verb,
)

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def _names(names: Sequence[str]) -> tuple[str, ...]:
    out = tuple(names)
    return out if len(out) >= 4 else DEFAULT_NAMES


def team_name(team: int, names: Sequence[str]) -> str:
    """``You & Computer 2``: the two seats of a team, in seat order."""
    n = _names(names)
    return f"{n[team]} & {n[team + 2]}"


def _side_label(team: int, names: Sequence[str]) -> Text:
    """A side's row heading: ``Your team``, ``Opponents`` or ``Team 1``, then the partners."""
    label = Text(team_heading(team, names), style="bold")
    label.append("\n" + team_name(team, names).replace(" & ", " &\n"))
    return label


def _short(name: str) -> str:
    if name == YOU:
        return "you"
    digits = "".join(ch for ch in name if ch.isdigit())
    return (name[:1] + digits) if digits else name[:3]


def _cell(slot: str, card: dict[str, Any], names: Sequence[str], acting: bool) -> Text:
    line = Text(f"{slot} ", style="cyan")
    line.append_text(cardtext.face_text(card))
    if card["base"]:
        line.append(" base", style="magenta")
    elif card.get("by") is not None:
        line.append(f" ·{_short(names[card['by']])}", style="bright_black")
    line.append_text(cardtext.wound_marks(card))
    line.append_text(cardtext.attack_marks(card, acting=acting))
    looked = [s for s in card.get("seen_by", []) if s != card.get("by")]
    if not card["up"] and looked:
        line.append(" seen:" + ",".join(_short(names[s]) for s in looked), style="bright_black")
    return line


def _row(view: dict[str, Any], lane: int, side: int, names: Sequence[str], viewer: int) -> Text:
    mates = cardtext.partners(view["lanes"][lane]["pairs"][side])
    acting = view["result"] is None and any(s % 2 == side for s in view["to_move"])
    cells = []
    for i, card in enumerate(view["lanes"][lane]["rows"][side]):
        cell = _cell(board_label(view, (lane, side, i), viewer), card, names, acting)
        if i in mates:
            cell.append(f" ={board_label(view, (lane, side, mates[i]), viewer)}", style="green")
        cells.append(cell)
    return cardtext.card_column(cells, "(empty)")


def header_text(view: dict[str, Any], names: Sequence[str]) -> Text:
    return tabletext.header_text(view, names, "pile empty, Base cards live", style="bold")


def render_view(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> Group:
    """The table as the view's seat sees it: the other team on top, its own team below."""
    names = _names(names)
    seat = view["seat"]
    viewer = 0 if seat is None else seat
    mine = viewer % 2
    theirs = 1 - mine
    table = tabletext.board_table()
    for lane, info in enumerate(view["lanes"]):
        title = Text(f"Lane {lane + 1}")
        if info["winner"] is not None:
            title.append(f"\nwon by {team_label(info['winner'], names)}", style="bold yellow")
        table.add_column(title, min_width=16)
    lanes = range(len(view["lanes"]))
    table.add_row(
        _side_label(theirs, names), *(_row(view, lane, theirs, names, viewer) for lane in lanes)
    )
    table.add_section()
    table.add_row(
        _side_label(mine, names), *(_row(view, lane, mine, names, viewer) for lane in lanes)
    )
    parts: list[RenderableType] = [
        header_text(view, names),
        Text(
            f"Teams: {team_label(mine, names)}, {team_name(mine, names)} (1a...), against "
            f"{team_label(theirs, names)}, {team_name(theirs, names)} (1A...)",
            style="bright_black",
        ),
        table,
    ]
    first = view["first_player"]
    order = " › ".join(f"{names[(first + k) % 4]} ({'ABCD'[k]})" for k in range(4))
    parts.insert(2, Text(f"Turn order: {order}", style="bright_black"))
    partner = (viewer + 2) % 4
    seats = (viewer, partner, (viewer + 1) % 4, (viewer + 3) % 4)
    parts.extend(tabletext.zone_lines(view, names, seats, {partner: " (partner)"}))
    parts.extend(tabletext.pending_lines(view, names, _pending_words))
    return Group(*parts)


def _pending_words(pending: dict[str, Any], who: str) -> str:
    """The Queen's move and the order of waiting powers."""
    if pending["choice"] == "move":
        return (
            f"The Queen in lane {pending['lane']}: {who} may bring one of the team's cards "
            "from another lane, or stay."
        )
    waiting = ", ".join(pending.get("waiting", []))
    return f"Powers waiting in lane {pending['lane']}: {waiting}. {who}: which resolves next?"


def _board_name(view: dict[str, Any], ref: Ref, viewer: int) -> str:
    lane, side, index = ref
    card = view["lanes"][lane]["rows"][side][index]
    return cardtext.named(card, board_label(view, ref, viewer))


def describe(action: TeamAction, view: dict[str, Any], viewer: int | None) -> str:
    """The action in words for ``viewer``, whose view is taken before the action
    (``viewer`` None: a spectator, whose lines name rows as the actor's team does)."""
    place = f"lane {action.lane + 1}"
    namer = action.seat if viewer is None else viewer
    return describe_action(action, view, viewer, place, lambda ref: _board_name(view, ref, namer))


def effects(
    action: TeamAction,
    before: dict[str, Any],
    after: dict[str, Any],
    viewer: int | None,
    names: Sequence[str] = DEFAULT_NAMES,
) -> list[Text]:
    """What ``action`` did, told to ``viewer``: flips, damage, deaths, lanes, the turn."""
    names = _names(names)
    namer = action.seat if viewer is None else viewer
    lines: list[Text] = []

    def say(text: str, style: str = "") -> None:
        lines.append(Text(text, style=style))

    touched = named_places(action)
    for lane, (b_lane, a_lane) in enumerate(zip(before["lanes"], after["lanes"], strict=True)):
        for side in (0, 1):
            b_row, a_row = b_lane["rows"][side], a_lane["rows"][side]
            kept, gone = match_row(b_row, a_row, sorted(touched.get((lane, side), set())))
            for i in gone:
                if action.kind == Kind.MOVE and (lane, side, i) in action.slots:
                    continue  # the Queen took it; the action line says so
                gone_name = board_label(before, (lane, side, i), namer)
                say(f"{cardtext.named(b_row[i], gone_name)} dies", "red")
            for i, j in kept:
                b, a = b_row[i], a_row[j]
                # Named as the action line names it: a new turn may have re-lettered it.
                where = board_label(before, (lane, side, i), namer)
                trapped = action.kind == Kind.ATTACK and (lane, side, i) in action.targets
                if trapped and not b["up"] and a["up"]:
                    say(f"Trap! {where} was a face-down 3: it returns face-up unhurt", "bold")
                else:
                    revealed = reveal_line(b, a, where, trapped=False)
                    if revealed is not None:
                        lines.append(revealed)
                if a["damage"] > b["damage"] and a["up"] == b["up"]:
                    say(
                        f"{cardtext.named(a, where)} takes {a['damage'] - b['damage']} damage",
                        "yellow",
                    )
                elif a["damage"] < b["damage"] and a["up"] == b["up"]:
                    say(f"{cardtext.named(a, where)} is healed", "green")
                if a["frozen"] and not b["frozen"]:
                    say(f"{where} is frozen until the end of its team's next turn", "bright_blue")
        if b_lane["winner"] is None and a_lane["winner"] is not None:
            say(
                f"{team_verb(a_lane['winner'], names, 'wins', 'win')} lane {lane + 1}!",
                "bold yellow",
            )
    cost = 1 if action.kind in MAIN_KINDS else 0
    new_turn = after["turn"] != before["turn"]
    gained = after["actions_left"] - (before["actions_left"] - cost)
    if not new_turn and gained > 0:
        say(f"{verb(names[action.seat], 'gains', 'gain')} {plural(gained, 'extra action')}")
    draws = drawn_lines(action, before, after, names)
    if new_turn:
        for turn in range(before["turn"] + 1, after["turn"]):
            who = names[(after["first_player"] + turn - 1) % 4]
            say(f"Turn {turn}: {verb(who, 'has', 'have')} no legal action and passes")
    if new_turn and after["result"] is None:
        who = names[after["to_move"][0]]
        left = plural(after["actions_left"], "action")
        say(f"── Turn {after['turn']}: {who}, {left} ──", "bold")
    return lines + draws


def result_text(view: dict[str, Any], names: Sequence[str] = DEFAULT_NAMES) -> Text:
    names = _names(names)

    def win_words(winner: int) -> str:
        team = winner % 2
        held = [str(i + 1) for i, lane in enumerate(view["lanes"]) if lane["winner"] == team]
        who = team_verb(team, names, "wins", "win")
        return f"{who} the game ({members(team, names)}), holding lanes {' and '.join(held)}."

    return tabletext.result_line(view["result"], win_words)


PLAY_GRID = tabletext.LANE_GRID
"""How the numbered choices lay out plays (see :func:`tabletext.choice_lines`)."""


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
    return cardtext.legend_text(
        [cardtext.KNOWN_FACE_DOWN, cardtext.UNKNOWN_FACE_DOWN, "base: the team's Base card"],
        [
            "·C2 played by Computer 2",
            cardtext.HIT_POINTS_LEFT,
            cardtext.FROZEN,
            "=2c paired with 2c",
        ],
        [cardtext.NO_ATTACK_LEFT, cardtext.ATTACKS_LEFT, "seen:C1 a 4 showed it to Computer 1"],
        ["2a your team's cards (yours and your partner's)", "2A the other team's"],
    )

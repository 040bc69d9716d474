"""Duel Fighters in the terminal (the ``ui`` hook): the table map, both sheets, the
sequences as far as the view shows them, and actions and their effects in words.

Everything here reads views only (a seat's, or the public one with ``viewer`` None), so the
terminal never shows a marker its seat may not see. What a step caused is read from the
duel's log, which the view carries for every seat to read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from duelhall.core.wording import owner_label, verb

from ..engine import actions as A
from ..engine.actions import Action
from ..sides import acting_for, by_side, characters_of, crowded, key_name, side_of
from .tablemap import SEAT_STYLES, map_legend, table_map

COMPASS = {"n": "north", "e": "east", "s": "south", "w": "west"}
PHASES = {
    "deploy": "deployment",
    "equip": "equipping",
    "order": "choosing the order",
    "program": "programming",
    "execute": "execution",
    "over": "the duel is over",
}
STATE_WORDS = ("available", "used", "equipped", "discarded")


def card_name(ident: str, names: Mapping[str, str] | None = None) -> str:
    """A card or technique by its printed name from a view's ``names``; without one, its
    id in words (plain action cards are just ``card``)."""
    if ident == "card":
        return "action card"
    known = (names or {}).get(ident)
    return known if isinstance(known, str) else ident.replace("-", " ").capitalize()


def marker_words(marker: str) -> str:
    if marker.startswith("pivot-"):
        _, corner, way = marker.split("-")
        return f"turn {way} about the {A.CORNERS[corner]} corner"
    return marker.replace("-", " ")


def step_words(step: Sequence[str]) -> str:
    return " + ".join(marker_words(m) for m in step) if step else "(empty)"


# --- the board ------------------------------------------------------------------------------


def card_groups(fighter: Mapping[str, Any]) -> list[tuple[str, int, list[str]]]:
    """The fighter's cards by state (available, used, equipped, discarded): how many, and
    their names, plain action cards counted rather than listed."""
    by_state: dict[str, list[str]] = {}
    for ident, state in fighter["cards"]:
        by_state.setdefault(state, []).append(ident)
    out = []
    for state in STATE_WORDS:
        got = by_state.get(state, [])
        if got:
            plain = got.count("card")
            named = [card_name(g, fighter.get("names")) for g in got if g != "card"]
            out.append((state, len(got), named + ([f"{plain} plain"] if plain else [])))
    return out


def _bar(left: int, total: int) -> Text:
    left = max(0, left)  # injuries past the last wound leave none, not fewer
    bar = Text("■" * left, style="green")
    bar.append("□" * max(0, total - left), style="red")
    bar.append(f" {left}/{total}")
    return bar


def sheet_lines(view: Mapping[str, Any], index: int, names: Sequence[str]) -> list[Text]:
    """A fighter's sheet: wounds left, points and level, the dice, the state of each card."""
    f = view["fighters"][index]
    seat = side_of(view, index)
    head = Text(f"{names[seat]}", style=SEAT_STYLES[seat])
    head.append(f" {f['name']} L{f['level']}  W ")
    head.append_text(_bar(f["wounds"] - f["injuries"], f["wounds"]))
    head.append(f"  VP {f['points']}", style="bold yellow")
    if f["level_up_at"]:
        head.append(f" (level up at {f['level_up_at']})", style="bright_black")
    if f["win_at"]:
        head.append(f" (wins at {f['win_at']})", style="bright_black")
    for flag, words in (("downed", "DOWN"), ("badly_wounded", "badly wounded")):
        if f[flag]:
            head.append(f"  {words}", style="bold red")
    if f["defeated"]:
        head.append("  DEFEATED", style="bold red")
    dice = Text(
        f"   ATK {f['attack']}  DEF {f['defence']}  INT {f['intelligence']}  "
        f"CON {f['constitution']}",
        style="bright_black",
    )
    cards = Text("   cards: ", style="bright_black")
    parts = [f"{state} {count} ({', '.join(what)})" for state, count, what in card_groups(f)]
    cards.append("; ".join(parts) or "none")
    return [head, dice, cards]


def plan_line(view: Mapping[str, Any], index: int, names: Sequence[str]) -> Text | None:
    """A fighter's sequence as far as the view shows it: done steps ticked, the next marked."""
    plan = view["plans"][index]
    steps = plan["steps"]
    hidden = plan["face_down"]
    if not steps and not hidden and not plan.get("open"):
        return None
    whose = owner_label(names[side_of(view, index)])
    if crowded(view):
        whose += f" {view['fighters'][index]['name']}"
    line = Text(f"   {whose} sequence: ", style="bold")
    executing = view["phase"] == "execute"
    for i, step in enumerate(steps):
        if i:
            line.append("  ")
        done = executing and i < plan["next"]
        style = "bright_black" if done else ("bold cyan" if i == plan["next"] else "cyan")
        line.append(f"{i + 1}. {step_words(step)}{' ✓' if done else ''}", style=style)
    if plan.get("open"):
        line.append(f"  (laying: {step_words(plan['open'])})", style="magenta")
    if hidden:
        line.append(f"  + {hidden} face down", style="yellow")
    elif hidden is None and view["phase"] == "program":
        line.append("  (programming in secret)", style="yellow")
    if plan["cut"]:
        line.append("  (no more steps this turn)", style="red")
    return line


def header(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    line = Text(f"Turn {view['turn']}" if view["turn"] else "Before the first turn", "bold")
    line.append(f" · {view['scenario'].replace('-', ' ')} · {PHASES.get(view['phase'], '')}")
    if view["phase"] == "program" and view["stage"]:
        line.append(f" ({view['stage']} stage)")
    if view["phase"] in ("execute", "program") and view["turn"]:
        line.append(f" · player 1: {names[view['order'][0]]}", style="bright_black")
    waiting = [names[s] for s in view["to_move"]]
    if waiting and view["result"] is None:
        line.append(f" · to act: {' and '.join(waiting)}", style="bold green")
    return line


def pending_line(view: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    pending = view["pending"]
    if pending is None:
        return None
    attacker = pending["attacker"]
    who = names[side_of(view, attacker)]
    victim = names[side_of(view, pending.get("victim", 1 - attacker))]
    line = Text(f"{who} attacks {victim}: dice {pending['attack_faces']}", style="bold red")
    line.append(f"; {victim} to defend", style="bold")
    return line


def legend() -> Text:
    return Text(
        "W wounds left of the total, VP victory points. A step: two half-step markers or\n"
        "one full one; ✓ a step done, face-down steps counted.",
        style="bright_black",
    )


def render_view(
    view: Mapping[str, Any], names: Sequence[str] = ("Player 1", "Player 2")
) -> RenderableType:
    """The duel as the view's seat sees it."""
    parts: list[RenderableType] = [header(view, names)]
    parts.extend(table_map(view))
    parts.append(map_legend(view, names))
    for index in by_side(view):
        parts.extend(sheet_lines(view, index, names))
        plan = plan_line(view, index, names)
        if plan is not None:
            parts.append(plan)
    pending = pending_line(view, names)
    if pending is not None:
        parts.append(pending)
    recent = [line for line in view["log"] if line][-4:]
    if recent:
        parts.append(Text("Lately:", style="bold"))
        parts.extend(Text(f"   {line}", style=_style(line)) for line in recent)
    return Group(*parts)


# --- actions in words -----------------------------------------------------------------------


def _distance(word: str) -> str:
    return "to contact" if word == A.CONTACT else f"{word} mm"


def describe(action: Action, view: Mapping[str, Any], viewer: int | None) -> str:
    """The action in words for ``viewer`` (``None``: a spectator), from the view before it."""
    w = action.words
    v = action.verb
    fighters = view.get("fighters", [])
    who = acting_for(view, action.seat) if fighters else action.seat
    names = fighters[who].get("names") if who < len(fighters) else None
    if v == A.WITH:
        return f"play the side's step with {key_name(view, w[1])}"
    if v == A.GIVE:
        return f"pass {card_name(w[1], names)} to {key_name(view, w[2])} (F64)"
    if v == A.MARK and viewer != action.seat:
        # Neither the other seat nor a spectator (None) may read it, nor the victim it names
        # (F76); the step is shown on the sheets when the rules show it.
        return "lay a programming marker in secret"
    if A.AT in w:  # the victim an attack names (F76)
        plain = Action(action.seat, w[: w.index(A.AT)])
        return f"{describe(plain, view, viewer)}, against {key_name(view, w[-1])}"
    if v == A.MARK:
        return f"lay the marker: {marker_words(w[1])}"
    if v == A.DEPLOY:
        return f"place the figure at {w[1]} mm facing {COMPASS.get(w[2], w[2])}"
    if v == A.EQUIP:
        return f"equip {card_name(w[1], names)}"
    simple = {
        A.READY: "done equipping",
        A.END: "close the step with one half-step marker",
        A.DONE: "finish programming this stage",
        A.HOLD: "hold: do nothing with this step (its card is used up)",
        A.PASS: "pass: take no further part this turn",
        A.PROTECT: "discard Divine Protection to take no injuries",
        A.ACCEPT: "take the injuries",
    }
    if v in simple:
        return simple[v]
    maxim = " maximising (one more card for half the dice again)" if A.MAXIMISE in w else ""
    if v == A.PLAYER:
        return f"be player {w[1]}" + (" (execute first)" if w[1] == "1" else " (execute second)")
    if v in (A.ADVANCE, A.RETREAT):
        return f"{v} {_distance(w[1])}"
    if v == A.LATERAL:
        return f"move sideways {w[1]} {_distance(w[2])}"
    if v == A.TURN:
        return f"turn 90 degrees {w[1]}"
    if v == A.PIVOT:
        return f"turn {w[2]} about the {A.CORNERS.get(w[1], w[1])} corner"
    if v == A.ATTACK:
        return "attack" + maxim
    if v == A.IMPROVISE:
        return "improvised attack (one die less, no criticals, no points)" + maxim
    if v == A.TECHNIQUE:
        way = f", sweeping {w[2]}" if len(w) > 2 and w[2] in ("left", "right") else ""
        return f"special technique {card_name(w[1], names)}{way} (costs a victory point)"
    if v == A.CAST:
        return f"cast {card_name(w[1], names)}{maxim}"
    if v == A.THROW:
        return f"throw {card_name(w[1], names)}{maxim}"
    if v == A.DEFEND:
        return "roll the defence" + (
            " maximising (one more card for half the DEF again)" if A.MAXIMISE in w else ""
        )
    return str(action)


_WARM = ("wound", "injur", "hit", "critical", "down", "dies", "defeated", "killed", "lethal")


def _style(line: str) -> str:
    low = line.lower()
    if low.startswith("turn ") and low[5:].strip().isdigit():
        return "bold"
    if any(word in low for word in _WARM):
        return "red"
    if "point" in low or "level" in low or "wins" in low:
        return "bold yellow"
    if "roll" in low or "dice" in low or "initiative" in low or "success" in low:
        return "yellow"
    return "cyan"


def new_log(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The log lines an action added. A new turn's log begins with the last turn's, so the
    lines said as the old turn ended are not lost."""
    old, new = list(before["log"]), list(after["log"])
    if new[: len(old)] == old:
        return new[len(old) :]
    marker = f"Turn {before['turn']}"
    if marker in old:
        tail = old[old.index(marker) :]
        if new[: len(tail)] == tail:
            return new[len(tail) :]
    return new


def _shown_steps(
    before: Mapping[str, Any], after: Mapping[str, Any], viewer: int | None, names: Sequence[str]
) -> list[Text]:
    """Steps of the other seat that this action turned face up."""
    lines = []
    for index in range(len(after["fighters"])):
        seat = side_of(after, index)
        if seat == viewer:
            continue
        old = before["plans"][index]["steps"]
        new = after["plans"][index]["steps"]
        if len(new) > len(old) or (new and new[: len(old)] != old):
            start = len(old) if new[: len(old)] == old else 0
            words = ", ".join(f"{i + 1}. {step_words(s)}" for i, s in enumerate(new) if i >= start)
            whose = owner_label(names[seat])
            if crowded(after):
                whose += f" {after['fighters'][index]['name']}"
            lines.append(Text(f"{whose} steps shown: {words}", "magenta"))
    return lines


def effects(
    action: Action,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    viewer: int | None,
    names: Sequence[str] = ("Player 1", "Player 2"),
) -> list[Text]:
    """What the action caused, for ``viewer`` (``None``: a spectator, from public views):
    the dice, strikes, criticals, injuries, knock-downs, pushes and terrain hits the duel's
    log tells, steps turned face up, and a level reached."""
    lines = [Text(line, style=_style(line)) for line in new_log(before, after)]
    if (
        after["phase"] != "program"
        or before["phase"] != "program"
        or after["stage"] != before["stage"]
    ):
        lines.extend(_shown_steps(before, after, viewer, names))
    # Injuries and points are in the duel's own lines; a new level is said here.
    for index, fighter in enumerate(after["fighters"]):
        level = fighter["level"]
        if level > before["fighters"][index]["level"]:
            who = names[side_of(after, index)]
            if crowded(after):
                who = f"{owner_label(who)} {fighter['name']}"
            lines.append(Text(f"{verb(who, 'reaches', 'reach')} level {level}", "bold"))
    return lines


def result_text(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    result = view["result"]
    if result is None:
        return Text("")
    winner = result["winner"]
    detail = result.get("detail") or result.get("reason", "")
    if winner is None:
        return Text(f"No winner: {detail}.", style="bold yellow")
    char = characters_of(view, winner)
    # The duel's own words name the character again ("Lesdinn wins: ..."): keep the why.
    why = detail.removeprefix(f"{char} wins").lstrip(": ").strip()
    said = f"{verb(names[winner], 'wins', 'win')} as {char}" + (f" ({why})" if why else "")
    return Text(said + ".", style="bold green")


_ORDER = {
    verb_: i
    for i, verb_ in enumerate(
        (
            A.ATTACK,
            A.TECHNIQUE,
            A.CAST,
            A.THROW,
            A.DEFEND,
            A.PROTECT,
            A.ACCEPT,
            A.ADVANCE,
            A.LATERAL,
            A.TURN,
            A.PIVOT,
            A.RETREAT,
            A.MARK,
            A.END,
            A.DONE,
            A.PLAYER,
            A.DEPLOY,
            A.EQUIP,
            A.READY,
            A.IMPROVISE,
            A.HOLD,
            A.PASS,
        )
    )
}


def sort_key(action: Action) -> tuple[int, str]:
    return (_ORDER.get(action.verb, len(_ORDER)), str(action))


DEPLOY_SHOWN = 12


def choice_lines(
    legal: Sequence[Action],
    view: Mapping[str, Any],
    seat: int,
    numbers: Sequence[int] | None = None,
) -> list[Text]:
    """The numbered choices. Deployment offers hundreds of spots: a dozen facing the table's
    centre are listed, and any other is typed (``deploy X,Y F``)."""
    numbers = list(numbers or range(1, len(legal) + 1))
    pairs = list(zip(numbers, legal, strict=True))
    note = None
    if len(pairs) > DEPLOY_SHOWN and all(a.verb == A.DEPLOY for a in legal):
        inward = [(n, a) for n, a in pairs if _faces_centre(a, view)]
        step = max(1, len(inward) // DEPLOY_SHOWN)
        shown = inward[::step][:DEPLOY_SHOWN] or pairs[:DEPLOY_SHOWN]
        note = Text(
            f"  ... {len(pairs) - len(shown)} more spots and facings: type `deploy X,Y F` "
            f"(F: n, e, s or w), e.g. {legal[-1]}",
            style="bright_black",
        )
        pairs = shown
    width = len(str(max(numbers, default=1)))
    lines = []
    for number, action in pairs:
        line = Text(f"  {number:>{width}}) ", style="cyan")
        line.append(describe(action, view, seat))
        line.append(f"   [{action}]", style="bright_black")
        lines.append(line)
    if note is not None:
        lines.append(note)
    return lines


def _faces_centre(action: Action, view: Mapping[str, Any]) -> bool:
    x, y = (float(v) for v in action.words[1].split(","))
    width, depth = view["table"]
    dx, dy = width / 2 - x, depth / 2 - y
    toward = ("e" if dx > 0 else "w") if abs(dx) > abs(dy) else ("n" if dy > 0 else "s")
    return action.words[2] == toward


def help_text() -> str:
    return """\
How to answer:
  a number   take that choice
  notation   the text in brackets: mark advance, end, done, advance 44, attack maximise
             (docs/notation/duelfighters.md)
Programming: both lay their markers at once and in secret; a step is two half-step
markers (or one and `end`) or one full-step marker (attack, technique, retreat, skill).
Execution: one step at a time, player 1 first; a move may go part of the card or to contact.
The map: one letter per figure, an arrow for its facing; the legend names the terrain.
Rules: `duelhall rules duelfighters`."""

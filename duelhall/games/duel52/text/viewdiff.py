"""What an action changed, read off two views of the table (before and after it).

The terminal tells a player what happened from the difference between their views, never
from the state, so it can only tell what they may know. These are the readings every table
mode shares: which board cards of a row stayed (and where they are now), which left it, and
what each seat drew. Each mode words the rest itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations
from typing import Any

from rich.text import Text

from duelhall.core.wording import verb
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import Kind
from duelhall.games.duel52.text.cardtext import POWER_NAMES, power_text, pretty


def named_places(action: Any) -> dict[tuple[int, int], set[int]]:
    """The cards ``action`` names, by (place, row): the only ones it may take off a row."""
    named: dict[tuple[int, int], set[int]] = {}
    for ref in (*action.slots, *action.targets):
        named.setdefault((ref[0], ref[1]), set()).add(ref[2])
    return named


def _same_card(b: dict[str, Any], a: dict[str, Any]) -> bool:
    """Could ``a`` (after) be the card ``b`` (before), given what an action can change?"""
    if b.get("base") != a.get("base"):
        return False
    if b["card"] is not None and a["card"] is not None and b["card"] != a["card"]:
        return False
    if b["up"] and not a["up"]:
        return False
    # Only attacks and Queens take cards out of a row, and neither heals anything.
    return not (b["up"] == a["up"] and a["damage"] < b["damage"])


def match_row(
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


def reveal_line(
    before: dict[str, Any],
    after: dict[str, Any],
    where: str,
    *,
    trapped: bool,
    powers: Mapping[int, str] = POWER_NAMES,
) -> Text | None:
    """A card the watcher now sees: turned face-up (``trapped``: a face-down 3 that was
    attacked), or still face-down but shown to them; ``None`` when nothing was revealed.
    ``powers`` names the powers of the card's owner by rank."""
    if not before["up"] and after["up"]:
        shown = power_text(after["card"], powers) if after["card"] else "?"
        if trapped:
            return Text(f"Trap! {where} was a face-down 3: it turns face-up unhurt ({shown})")
        return Text(f"{where} turns face-up: {shown}", style="bold")
    if before["card"] is None and after["card"] is not None:
        return Text(f"{where} is {pretty(after['card'])} (face-down; now you know it)", "bold")
    return None


def drawn_lines(
    action: Any,
    before: dict[str, Any],
    after: dict[str, Any],
    names: Sequence[str],
    seats: Collection[int] | None = None,
) -> list[Text]:
    """``You draw 7♥`` for a hand the views show, ``Computer draws a card`` for the others
    (``seats``: only these seats' draws)."""
    out: list[Text] = []
    from_hand = action.kind in (Kind.PLAY, Kind.DISCARD) or (
        action.kind == Kind.SPELL and action.card >= 0
    )
    for seat in range(len(after["hands"])) if seats is None else sorted(seats):
        spent = 1 if action.seat == seat and from_hand else 0
        b_hand, a_hand = before["hands"][seat], after["hands"][seat]
        who = names[seat]
        if isinstance(b_hand, list) and isinstance(a_hand, list):
            old = Counter(b_hand)
            if spent:
                old[C.name(action.card)] -= 1
            new = list((Counter(a_hand) - old).elements())
            if new:
                shown = " ".join(pretty(n) for n in new)
                out.append(Text(f"{verb(who, 'draws', 'draw')} {shown}", style="cyan"))
        else:
            count = after["hand_sizes"][seat] - before["hand_sizes"][seat] + spent
            if count > 0:
                drawn = "a card" if count == 1 else f"{count} cards"
                out.append(Text(f"{verb(who, 'draws', 'draw')} {drawn}", style="cyan"))
    return out

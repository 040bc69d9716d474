"""Highlander's duel drawn as HTML for the browser (the GameInfo ``web`` hook, docs/web.md).

Drawn from a view alone, like the terminal: a seat's board from ``state.view(seat)``, a
spectator's from ``state.public_view()``. The viewer's immortal is at the bottom (player
1's for a spectator), the other at the top, the face-up cards, the deck and the last clash
between them. A combat card shows its attack positions along its top edge (▲), its
follow-up bar (●) and its card words, each explained on hover.

Pick ids name what the seat sees: ``faceup:ID`` (a face-up card beside the deck, taken in
the draft), ``deck`` (draw its top card) and ``hand:ID`` (a card of the seat's own hand,
played in a clash). A hidden card never has an id on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from duelhall.core import boardfiles
from duelhall.core.wording import YOU, agrees, verb
from duelhall.games.highlander.engine.actions import DRAW, PLAY, TAKE, HighlanderAction
from duelhall.games.highlander.engine.cards import KEYWORDS, Card, CardSet, load_cards
from duelhall.games.highlander.terminal import render

PACKAGE = __name__.rpartition(".")[0]  # where templates/ and board.css live


def stylesheet() -> str:
    return boardfiles.stylesheet(PACKAGE)


def action_picks(
    action: HighlanderAction, view: dict[str, Any], seat: int | None
) -> tuple[str, ...]:
    """What a player clicks for ``action``: see the module's docstring for the ids."""
    if action.verb == DRAW:
        return ("deck",)
    if action.verb == TAKE:
        return (f"faceup:{action.card}",)
    if action.verb == PLAY:
        return (f"hand:{action.card}",)
    raise ValueError(f"{action} is not a Highlander action")


def _words(effects: Sequence[str], *, ability: bool) -> list[dict[str, str]]:
    """Card words with what each does, for the hover text."""
    out = []
    for word in effects:
        keyword, _, amount = word.partition(" ")
        takes, on_card, on_character = KEYWORDS[keyword]
        text = on_character if ability else on_card
        out.append({"word": word, "title": text.replace(" N ", f" {amount} ") if takes else text})
    return out


def _card(cards: CardSet, ident: str, n: int, penalty: bool = False) -> dict[str, Any]:
    card: Card | None = cards.card(ident)
    assert card is not None, ident
    return {
        "id": card.id,
        "name": card.name,
        "attack": [p in card.positions for p in range(1, n + 1)],
        "follow": [p in card.follow_up for p in range(1, n + 1)],
        "follow_any": len(card.follow_up) == n,
        "words": _words([str(e) for e in card.effects], ability=False),
        "text": card.text,
        "penalty": penalty,
    }


def _either(items: Sequence[int]) -> str:
    """``2``, ``2 or 4``, ``1, 2 or 4``."""
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _flows(view: dict[str, Any], s: int) -> bool:
    return any(a["unlocked"] and "flow" in a["effects"] for a in view["characters"][s]["abilities"])


def _side(
    view: dict[str, Any], s: int, seat: int | None, said: Sequence[str], cards: CardSet
) -> dict[str, Any]:
    n = view["positions"]
    char = view["characters"][s]
    limit = view["limit"]
    hand = view["hands"][s]
    required = view["required"][s] or []
    need = 0
    for p in required:
        need |= 1 << (p - 1)
    flow = _flows(view, s)
    clash = view["phase"] == "clash"

    def costs(ident: str) -> bool:
        card = cards.card(ident)
        assert card is not None
        return clash and bool(need) and not card.mask & need and not card.bonus.flow and not flow

    thresholds = {a["threshold"]: a["name"] for a in char["abilities"]}
    track = [
        {"hit": k < view["damage"][s], "mark": thresholds.get(k + 1, "")}
        for k in range(max(limit, view["damage"][s]))
    ]
    if isinstance(hand, list):
        shown = [_card(cards, c, n, costs(c)) for c in hand]
        backs = 0
    else:
        shown = [_card(cards, c, n) for c in view["revealed"][s]]
        backs = hand - len(shown)
    committed = view["committed"][s]
    if view["phase"] != "clash":
        status = ""
    elif s == seat and committed:
        status = "chosen: waiting for the opponent" if not all(view["committed"]) else "chosen"
    elif committed:
        status = "has chosen, in secret"
    else:
        status = "choosing…"
    return {
        "seat": s,
        "name": said[s],
        "mine": s == seat,
        "character": char["name"],
        "key": char["key"],
        "offence": view["offence"] == s,
        "damage": view["damage"][s],
        "limit": limit,
        "track": track,
        "abilities": [
            {
                "name": a["name"],
                "threshold": a["threshold"],
                "unlocked": a["unlocked"],
                "words": _words(a["effects"], ability=True),
            }
            for a in char["abilities"]
        ],
        "hand": shown,
        "backs": max(backs, 0),
        "known_hand": isinstance(hand, list),
        "chosen": view["chosen"][s],
        "committed": committed,
        "status": status,
        "played": [_card(cards, c, n) for c in view["played"][s]],
        # A bar of every position asks nothing.
        "required": _either(required) if clash and 0 < len(required) < n else "",
        "momentum": view["momentum"][s],
        "relentless": view["relentless"][s],
    }


def _clash(
    view: dict[str, Any], bottom: int, said: Sequence[str], cards: CardSet
) -> dict[str, Any] | None:
    """The last clash as the cards met, top to top, from the bottom seat's side."""
    if not view["clashes"]:
        return None
    clash = view["clashes"][-1]
    n = view["positions"]
    top = 1 - bottom
    mine = _card(cards, clash["cards"][bottom], n)
    theirs = _card(cards, clash["cards"][top], n)
    # The far card is upside down: its position p lies against position n + 1 - p.
    far = list(reversed(theirs["attack"]))
    near = mine["attack"]
    role = {clash["offence"]: "attacks", 1 - clash["offence"]: "defends"}
    return {
        "title": f"Clash {clash['clash']} of round {clash['round']}",
        "top": {"seat": top, "name": said[top], "card": theirs, "role": role[top]},
        "bottom": {"seat": bottom, "name": said[bottom], "card": mine, "role": role[bottom]},
        "cells": [
            {"far": f, "near": m, "aligned": f and m} for f, m in zip(far, near, strict=True)
        ],
        "penalties": [
            f"{verb(said[s], 'misses', 'miss')} the follow-up bar: {clash['penalties'][s]} damage"
            for s in (bottom, top)
            if clash["penalties"][s]
        ],
        "result": render.result_words(clash, said),
        "kind": clash["result"].replace(" ", "-") or "penalty",
    }


def _prompt(view: dict[str, Any], seat: int | None, said: Sequence[str]) -> str:
    if view["result"] is not None:
        return render.result_text(view, (said[0], said[1])).plain
    movers = view["to_move"]
    if view["phase"] == "draft":
        who = said[movers[0]]
        if seat is not None and movers[0] != seat:
            return f"Waiting for the opponent: {who} is drafting a card"
        takes = agrees(who, "takes", "take")
        return (
            f"Draft: {who} {takes} a face-up card or {agrees(who, 'draws', 'draw')} from the deck"
        )
    if seat is not None and seat not in movers:
        return "You have chosen: waiting for the opponent"
    if len(movers) == 2:
        return "Both choose a card in secret"
    return f"{verb(said[movers[0]], 'chooses', 'choose')} a card in secret"


def board_html(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> Markup:
    """The duel for ``seat`` (None: a spectator) drawn from ``view``; names are escaped."""
    if seat is None and not view.get("public"):
        # The full view would show every hand: a spectator is drawn from the public view.
        raise ValueError("a spectator's board is drawn from state.public_view()")
    said = list(names)
    if seat is not None:
        said[seat] = YOU
    cards = load_cards(view["options"].get("cards") or "")
    n = view["positions"]
    bottom = 0 if seat is None else seat
    sides = [_side(view, s, seat, said, cards) for s in (0, 1)]
    drafting = view["phase"] == "draft" and seat is not None and view["to_move"] == [seat]
    return boardfiles.render(
        PACKAGE,
        "board.html",
        view=view,
        seat=seat,
        top=sides[1 - bottom],
        bottom=sides[bottom],
        faceup=[_card(cards, c, n) if c else None for c in view["faceup"]],
        discard=[cards.card(c).name for c in view["discard"]],  # type: ignore[union-attr]
        clash=_clash(view, bottom, said, cards),
        prompt=_prompt(view, seat, said),
        drafting=drafting,
        playing=view["phase"] == "clash" and seat in view["to_move"],
        over=view["result"] is not None,
        positions=list(range(1, n + 1)),
    )

"""What one seat may see of a Deck Duel state, and states re-sampled from that sight.

Public: health, action points, rage, focus, rounds, deck sizes, every face-up card and the
turn's combat. A seat also knows where each of its own cards is (its deck's contents, not
their order), the top card it kept after foresight, the cards it discarded face-down, and
its own rage answer before the flip. Nothing names a face-down card's place for a seat that
does not know it, and the opponent's rage answer shows only as "decided" until both are in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.state import KING, MAX_RAGE, card_name

if TYPE_CHECKING:
    from duelhall.games.deckduel.engine.state import Combat, DeckDuelState


def _names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in sorted(cards)]


def _looking(state: DeckDuelState, seat: int) -> bool:
    """Whether ``seat`` is answering its foresight now (it sees its top card)."""
    return bool(state.pending) and state.pending[-1][0] == "look" and state.pending[-1][1] == seat


def _player(state: DeckDuelState, s: int, sees_own: bool, *, full: bool) -> dict[str, Any]:
    """Seat ``s``'s side of the table; ``sees_own``: the viewer knows ``s``'s own secrets
    (its face-down discards, its known top card, its rage answer); ``full``: the referee."""
    discard: list[str | None] = []
    hidden: list[int] = []
    for card, up in state.discards[s]:
        if up or sees_own:
            discard.append(card_name(card))
        else:
            discard.append(None)
            hidden.append(card)
    knows_top = state.known_top[s] or _looking(state, s)
    top = card_name(state.decks[s][-1]) if sees_own and knows_top and state.decks[s] else None
    on_table = state.flipped and state.combat is not None
    out: dict[str, Any] = {
        "health": state.health[s],
        "actions": state.actions[s],
        "rage": state.rage[s],
        "focus": state.focus[s],
        "round": state.rounds[s],
        "deck": len(state.decks[s]),
        "discard": discard,
        # Cards of this suit whose place the viewer does not know: the deck (and, for the
        # opponent, its face-down discards). Sorted, so they say nothing about order.
        "unseen": _names(state.decks[s] + hidden),
        "top": top,
        "top_known": state.known_top[s],
        "decided": state.choice[s] is not None,
        "rage_choice": state.choice[s] if sees_own else None,
        "table": card_name(state.combat.cards[s]) if on_table and state.combat else None,
        "sideways": (
            card_name(KING)
            if state.focus[s] and not (on_table and state.combat and state.combat.cards[s] == KING)
            else None
        ),
    }
    if full:
        out["deck_order"] = [card_name(c) for c in reversed(state.decks[s])]
    return out


def combat_json(combat: Combat | None) -> dict[str, Any] | None:
    if combat is None:
        return None
    return {
        "turn": combat.turn,
        "cards": [card_name(c) for c in combat.cards],
        "focused": list(combat.focused),
        "spent": list(combat.spent),
        "rage": list(combat.rage),
        "winner": combat.winner,
        "damage": combat.damage,
        "blocked": combat.blocked,
        "dealt": combat.dealt,
        "landed": combat.landed,
        "effect": combat.effect,
        "look": combat.look,
        "reshuffled": list(combat.reshuffled),
        "new_round": list(combat.new_round),
    }


def _pending(state: DeckDuelState) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": top[1]}
    if top[0] == "block":
        out["damage"] = top[2]
    elif top[0] == "face":
        out["card"] = card_name(top[2])
    return out


def phase(state: DeckDuelState) -> str:
    if state.result is not None:
        return "over"
    if state.pending:
        return str(state.pending[-1][0])
    return "rage"


def _table(state: DeckDuelState, seat: int | None, sees: tuple[bool, bool]) -> dict[str, Any]:
    return {
        "game": "deckduel",
        "seat": seat,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "phase": phase(state),
        "players": [_player(state, s, sees[s], full=all(sees)) for s in (0, 1)],
        "combat": combat_json(state.combat),
        "pending": _pending(state),
        "options": dict(state.options),
        "result": state.result.to_json() if state.result else None,
    }


def build_view(state: DeckDuelState, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    view = _table(state, seat, (seat in (None, 0), seat in (None, 1)))
    if seat is None:
        view["seed"] = state.seed
    return view


def public_view(state: DeckDuelState) -> dict[str, Any]:
    """What both seats know, a spectator's sight: ``seat`` is None as in the full view, and
    ``public`` says that no one's secrets are in it (no known top card, no face-down
    discard, no rage answer before the flip: only that a seat has decided)."""
    view = _table(state, None, (False, False))
    view["public"] = True
    return view


def determinize(state: DeckDuelState, seat: int, rng: Rng) -> DeckDuelState:
    """Re-order every deck card ``seat`` cannot place, keeping everything it can see.

    Its own deck is shuffled except a top card it knows (kept after foresight, or being
    looked at). The opponent's deck and face-down discards are re-dealt together, and an
    opponent's rage answer not yet revealed is re-drawn from its legal answers.
    """
    new = state.clone()
    own = new.decks[seat]
    keep_top = (state.known_top[seat] or _looking(state, seat)) and bool(own)
    top = own.pop() if keep_top else None
    own.sort()
    rng.shuffle(own)
    if top is not None:
        own.append(top)
    opp = 1 - seat
    hidden = [i for i, (_, up) in enumerate(new.discards[opp]) if not up]
    pool = new.decks[opp] + [new.discards[opp][i][0] for i in hidden]
    # Sort first: the pool as gathered lists cards where they really are.
    pool.sort()
    rng.shuffle(pool)
    for i in hidden:
        new.discards[opp][i] = (pool.pop(), False)
    new.decks[opp] = pool
    if new.choice[opp] is not None and new.choice[seat] is None:
        can_rage = new.actions[opp] >= 1 and new.rage[opp] < MAX_RAGE
        new.choice[opp] = can_rage and rng.below(2) == 0
    # The real seed would re-deal the real game: the sample gets one of its own.
    sample_seed = rng.next_u64()
    new.rng = Rng(sample_seed)
    new.seed = sample_seed
    return new

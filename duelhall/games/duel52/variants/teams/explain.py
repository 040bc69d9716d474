"""Why an action of the team game is not legal, in words a player can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import MAIN_KINDS, Kind
from duelhall.games.duel52.engine.cards import JACK
from duelhall.games.duel52.variants.teams.state import LANES, Ref, TeamAction, slot_name, team_of

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.teams.state import TeamState

_CHOICE_WORDS = {
    "discard": "choose a card to discard for the 2 (discard CARD)",
    "look": "choose a face-down card for the 4 to look at (look SLOT)",
    "move": "choose a team card for the Queen to move (move SLOT) or stay",
    "order": "choose which waiting power resolves next (resolve SLOT)",
}
_ANSWERS = {
    "discard": {Kind.DISCARD},
    "look": {Kind.LOOK},
    "move": {Kind.MOVE, Kind.STAY},
    "order": {Kind.RESOLVE},
}


def why_illegal(state: TeamState, a: TeamAction) -> str:
    text = str(a) if isinstance(a, TeamAction) else repr(a)
    if state.result is not None:
        return f"{text}: the game is over"
    if not isinstance(a, TeamAction):
        return f"{text}: not a team-game action"
    if a.seat != state.current:
        partner = " (your partner's turn: you act on your own turn only)"
        who = partner if team_of(a.seat) == team_of(state.current) else ""
        return f"{text}: it is player {state.current + 1}'s turn{who}"
    if state.pending:
        what = state.pending[-1][0]
        if a.kind not in _ANSWERS[what]:
            return f"{text}: first {_CHOICE_WORDS[what]}"
        return f"{text}: not a possible answer; " + _options(state)
    if a.kind not in MAIN_KINDS:
        return f"{text}: there is no pending choice to answer; play, flip, attack or pair"
    return f"{text}: {_specific(state, a)}"


def _options(state: TeamState) -> str:
    legal = [str(x) for x in state.legal_actions()]
    more = f" and {len(legal) - 10} more" if len(legal) > 10 else ""
    return "possible now: " + ", ".join(legal[:10]) + more


def _card_at(state: TeamState, ref: Ref) -> str | None:
    """Why ``ref`` names no card, or ``None`` if it does."""
    lane, side, i = ref
    if not 0 <= lane < LANES or not 0 <= i < len(state.rows[lane][side]):
        return f"there is no card at {slot_name(ref, state.current)}"
    return None


def _specific(state: TeamState, a: TeamAction) -> str:
    me = state.current
    side = team_of(me)
    if a.kind == Kind.PLAY:
        if a.card not in state.hands[me]:
            return f"{C.name(a.card)} is not in your hand (your partner's hand is theirs)"
        if state.lane_winner[a.lane] == 1 - side:
            return f"lane {a.lane + 1} was won by the other team: it is closed to your team"
        return _options(state)
    for ref in (*a.slots, *a.targets):
        missing = _card_at(state, ref)
        if missing:
            return missing
    if any(ref[1] != side for ref in a.slots):
        return "you may only use your own team's cards (lower-case slots)"
    if a.kind == Kind.FLIP:
        bc = state.at(a.slots[0])
        if bc.up:
            return "that card is already face-up"
        if bc.base and state.pile:
            return "Base cards may be flipped only once the draw pile is empty"
        if bc.frozen:
            return "that card is frozen until the end of this turn"
        return _options(state)
    if a.kind == Kind.PAIR:
        x, y = (state.at(r) for r in a.slots)
        if a.slots[0][0] != a.slots[1][0]:
            return "a pair must be two cards in the same lane"
        if not (x.up and y.up) or x.rank != y.rank:
            return "a pair must be two face-up cards of the same rank"
        if x.pair or y.pair:
            return "one of those cards is already paired (no triplets or quads)"
        return _options(state)
    if a.kind == Kind.ATTACK:
        attackers = [state.at(r) for r in a.slots]
        if any(r[1] == side for r in a.targets):
            return "attack the other team's cards (upper-case slots), not your own"
        if any(r[0] != a.slots[0][0] for r in a.targets):
            return "cards attack only in their own lane"
        if not all(bc.up for bc in attackers):
            return "face-down cards cannot attack: flip it first"
        if any(bc.frozen for bc in attackers):
            return "a frozen card cannot attack this turn"
        if any(bc.attacks >= state.attack_allowance(bc) for bc in attackers):
            return "that card has already attacked this turn"
        lane = a.slots[0][0]
        theirs = state.rows[lane][1 - side]
        if any(state.at(r).base for r in a.targets) and state.pile:
            return "Base cards may be attacked only once the draw pile is empty"
        if any(t.is_up(JACK) for t in theirs) and not all(
            state.at(r).is_up(JACK) for r in a.targets
        ):
            return "a face-up Jack taunts: attack the Jack first"
        if len(attackers) == 1 and attackers[0].pair:
            return "a paired card attacks together with its pair (name both: 2b+2c)"
        return _options(state)
    return _options(state)

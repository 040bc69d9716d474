"""The rule-based Deck Duel player (agent spec ``heuristic``), its evaluator and rollout.

The player decides from its view alone. Its rules of thumb:

* **Odds.** Every decision starts from the chance of winning the next flip: each card its
  own deck may hold (or the top card it kept after foresight) against each card the opponent
  may flip (the opponent's cards not yet seen), all equally likely.
* **Action points** are worth one health each when spent on a block, but only about the
  chance of winning when spent on rage, and any above 2 vanish when the player's own Ace
  starts a new round. So it always blocks, rages when the flip is likely to be won (or when
  a win with rage would be lethal, or points are about to vanish), and takes the +1 action
  from a face card when it is short of points.
* **Face cards.** The King's focus when its Ace is still to come (a sure loss turned into
  the best card, +2 damage); the Queen's health unless short of action points; the Jack's
  foresight only with points to spare (4 or more), keeping the top card only if it is at
  least as good as the rest of its deck.

The thresholds were checked in seeded trials of a thousand games or more against variants
of each rule; it wins about 78% of games against the random player.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from duelhall.agents.base import Agent, Observation
from duelhall.core.game import GameInfo
from duelhall.core.rng import Rng
from duelhall.games.deckduel.engine.actions import (
    ACTION,
    BLOCK,
    DISCARD,
    FLIP,
    FOCUS,
    FORESIGHT,
    HEAL,
    KEEP,
    RAGE,
    TAKE,
    Act,
)
from duelhall.games.deckduel.engine.state import (
    ACE,
    JACK,
    KING,
    MAX_HEALTH,
    QUEEN,
    DeckDuelState,
    value,
)
from duelhall.games.deckduel.notation import parse_card

_ODDS_CACHE: dict[tuple[int, int, bool, bool, bool], tuple[float, float]] = {}


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _odds(
    mine: list[int], theirs: list[int], my_focus: bool, their_focus: bool, aces_tie: bool
) -> tuple[float, float]:
    """(win, tie) chances of a card drawn from ``mine`` against one from ``theirs``.

    A suit holds each rank once, so the two lists are sets: their bit masks key a cache, which
    playouts (thousands of these a decision) mostly hit."""
    if not mine or not theirs:
        return 0.5, 0.0
    key = (_mask(mine), _mask(theirs), my_focus, their_focus, aces_tie)
    hit = _ODDS_CACHE.get(key)
    if hit is not None:
        return hit
    values = sorted(value(b, their_focus) for b in theirs)
    win = tie = 0
    for a in mine:
        va = value(a, my_focus)
        below = bisect_left(values, va)
        win += below
        tie += bisect_right(values, va, below) - below
    if aces_tie and ACE in mine and ACE in theirs:
        # Ace against Ace ties whatever focus makes of the values.
        va, vb = value(ACE, my_focus), value(ACE, their_focus)
        if va != vb:
            tie += 1
            win -= va > vb
    n = len(mine) * len(theirs)
    odds = (win / n, tie / n)
    if len(_ODDS_CACHE) >= 1 << 16:
        _ODDS_CACHE.clear()
    _ODDS_CACHE[key] = odds
    return odds


class Sight(NamedTuple):
    """What one seat knows that the rules of thumb use, read from a view or from a state."""

    health: int
    actions: int
    rage: int
    focus: bool
    cards: list[int]  # the seat's deck, as a set (its order is unknown)
    top: int | None  # the deck's top card, when the seat knows it (foresight)
    opp_health: int
    opp_actions: int
    opp_focus: bool
    theirs: list[int]  # the opponent's cards whose places the seat does not know
    aces_tie: bool
    focus_lasts_game: bool

    @classmethod
    def of_view(cls, view: dict[str, Any], seat: int) -> Sight:
        me, opp = view["players"][seat], view["players"][1 - seat]
        options = view["options"]
        return cls(
            me["health"],
            me["actions"],
            me["rage"],
            me["focus"],
            [parse_card(c) for c in me["unseen"]],
            parse_card(me["top"]) if me["top"] else None,
            opp["health"],
            opp["actions"],
            opp["focus"],
            [parse_card(c) for c in opp["unseen"]],
            options.get("focused_ace_vs_ace") == "tie",
            options.get("focus_lasts") == "game",
        )

    @classmethod
    def of_state(cls, state: DeckDuelState, seat: int) -> Sight:
        """The same facts as :meth:`of_view`, read straight from a state: no view is built,
        and nothing is read that ``seat``'s view does not show."""
        opp = 1 - seat
        deck = state.decks[seat]
        pending = state.pending
        looking = bool(pending) and pending[-1][0] == "look" and pending[-1][1] == seat
        theirs = state.decks[opp]
        hidden = [c for c, up in state.discards[opp] if not up]
        options = state.options
        return cls(
            state.health[seat],
            state.actions[seat],
            state.rage[seat],
            state.focus[seat],
            deck,
            deck[-1] if deck and (state.known_top[seat] or looking) else None,
            state.health[opp],
            state.actions[opp],
            state.focus[opp],
            theirs + hidden if hidden else theirs,
            options["focused_ace_vs_ace"] == "tie",
            options["focus_lasts"] == "game",
        )

    def odds(self, cards: list[int]) -> tuple[float, float]:
        """(win, tie) chances of a flip drawn from ``cards`` against the opponent's."""
        return _odds(cards, self.theirs, self.focus, self.opp_focus, self.aces_tie)

    def next_flip(self) -> tuple[float, float]:
        return self.odds([self.top] if self.top is not None else self.cards)


def card_odds(view: dict[str, Any], seat: int, cards: list[int]) -> tuple[float, float]:
    return Sight.of_view(view, seat).odds(cards)


def next_flip_odds(view: dict[str, Any], seat: int) -> tuple[float, float]:
    """(win, tie) chances of ``seat``'s next flip, from its view."""
    return Sight.of_view(view, seat).next_flip()


# Each rule reads only a Sight.


def wants_rage(me: Sight) -> bool:
    win, tie = me.next_flip()
    a = me.actions
    # Would a win with one more rage finish the game, when it would not without it?
    base = 2 if me.focus and me.top == ACE else 1
    hit = base + me.rage
    shield = 1 if me.opp_actions else 0
    if hit + 1 - shield >= me.opp_health > hit - shield and win >= 0.3:
        return True
    # Points above 2 vanish at this player's next new round: spend them while the Ace is
    # near (few cards left and the Ace among them).
    ace_near = ACE in me.cards and len(me.cards) <= 3
    surplus = a > 2 or (ace_near and a >= 1)
    score = win + 0.5 * tie
    if surplus:
        return score >= 0.45
    return a >= 2 and score >= 0.62


def wants_block(me: Sight) -> bool:
    # A block is one sure point of health for one action point; rage buys only about
    # half a point (the chance of winning), and points refill to 2 at the next Ace. In
    # trials against every variant tried (keeping a point for a bigger hit or for rage),
    # always blocking won most.
    return True


def wants_ability(me: Sight, kind: str) -> bool:
    a = me.actions
    if kind == FOCUS:
        return ACE in me.cards or me.focus_lasts_game
    if kind == HEAL:
        return me.health < MAX_HEALTH and (a >= 2 or me.health <= 6)
    assert kind == FORESIGHT
    # Trials found foresight worth less than an action point unless points are plentiful.
    return a >= 4 and len(me.cards) >= 2


def wants_keep(me: Sight) -> bool:
    top = me.top
    assert top is not None
    rest = [c for c in me.cards if c != top]
    if not rest:
        return True
    kept = me.odds([top])
    other = me.odds(rest)
    return kept[0] + 0.5 * kept[1] >= other[0] + 0.5 * other[1]


def decide(legal: Sequence[Act], sight: Callable[[], Sight]) -> Act:
    """The rules' answer among ``legal`` (more than one action); ``sight`` reads what the
    deciding seat knows, only when a rule needs it."""
    kinds = {a.kind: a for a in legal}
    if RAGE in kinds:
        return kinds[RAGE] if wants_rage(sight()) else kinds[FLIP]
    if BLOCK in kinds:
        return kinds[BLOCK] if wants_block(sight()) else kinds[TAKE]
    if KEEP in kinds:
        return kinds[KEEP] if wants_keep(sight()) else kinds[DISCARD]
    ability = next(a for a in legal if a.kind != ACTION)
    return ability if wants_ability(sight(), ability.kind) else kinds[ACTION]


def heuristic_action(state: DeckDuelState, seat: int) -> Act:
    """The rule-based player's choice for ``seat``, read from ``state`` without building a
    view: the same choice as :class:`DeckDuelHeuristic` given ``seat``'s view, and as honest
    (it reads only what that view shows). Search playouts use it."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return decide(legal, lambda: Sight.of_state(state, seat))


class DeckDuelHeuristic(Agent):
    """Rules of thumb over the view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, info: GameInfo | None = None, seed: int = 0) -> None:
        super().__init__(seed)

    def choose(self, obs: Observation) -> Any:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        return decide(legal, lambda: Sight.of_view(obs.view, obs.seat))

    def choose_in(self, state: DeckDuelState, seat: int) -> Act:
        """What :meth:`choose` answers for ``seat``'s observation of ``state`` (a sampled
        world inside a search), computed from the state directly, which is much faster."""
        return heuristic_action(state, seat)


# ---------------------------------------------------------------------- search hooks


def evaluate(state: DeckDuelState, seat: int) -> float:
    """Winning chance for ``seat`` from a full (sampled) state, for search cut-offs.

    Health is the race; action points are worth a little under one health each (a block),
    rage a little under one damage, and focus with the Ace still in the deck about three.
    """
    result = state.result
    if result is not None:
        return result.scores[seat]
    worth = [0.0, 0.0]
    for s in (0, 1):
        w = float(state.health[s]) + 0.7 * min(state.actions[s], 4) + 0.4 * state.rage[s]
        if state.focus[s] and ACE in state.decks[s]:
            w += 2.5
        worth[s] = w
    me, them = worth[seat], worth[1 - seat]
    return me / (me + them) if me + them > 0 else 0.5


def rollout_action(state: DeckDuelState, rng: Rng) -> Act:
    """A quick, sensible decision for playouts (it may read the whole sampled state)."""
    movers = state.to_move()
    seat = movers[0]
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind: a for a in legal}
    if RAGE in kinds:
        deck = state.decks[seat]
        good = value(deck[-1], state.focus[seat]) >= 9 if deck else False
        return kinds[RAGE] if good and state.actions[seat] >= 2 else kinds[FLIP]
    if BLOCK in kinds:
        return kinds[BLOCK]
    if KEEP in kinds:
        return (
            kinds[KEEP] if value(state.decks[seat][-1], state.focus[seat]) >= 7 else kinds[DISCARD]
        )
    pending = state.pending[-1]
    card = pending[2]
    if card == KING and ACE in state.decks[seat]:
        return kinds[FOCUS]
    if card == QUEEN and state.health[seat] < MAX_HEALTH and state.actions[seat] >= 2:
        return kinds[HEAL]
    if card == JACK and state.actions[seat] >= 3:
        return kinds[FORESIGHT]
    return kinds[ACTION]

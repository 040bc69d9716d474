"""Highlander's computer play: a rule-based agent, a position evaluation and a playout policy.

:class:`HighlanderHeuristic` (agent spec ``heuristic``) decides from its view alone:

- In a clash it guesses what the opponent may hold (the cards it saw them take face-up, and
  a share of every card it has not seen) and how likely each is to be played (cards that
  answer the opponent's follow-up bar and do well against this hand are likelier). Against
  that guess it plays the card with the best expected damage balance: on offence that means
  aiming where blocks are unlikely, on defence covering the positions the attack will most
  likely use. It respects its follow-up bar (a miss costs a damage) and avoids leaving
  itself without a card that can follow the one it plays.
- In the draft it values cards for the role it will have in the coming round (the offence
  marker has already moved when the draft starts): on offence, expected damage dealt; on
  defence, damage prevented. A face-up card is taken when it is worth more than an average
  unseen card (taking it shows it to the opponent, which costs a little).

:func:`evaluate` turns the damage race into a win chance for search cut-offs, and
:func:`rollout_action` is a cheap playout policy that avoids follow-up penalties.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from duelhall.agents.base import Agent, Observation
from duelhall.core.rng import Rng
from duelhall.games.highlander.engine.actions import DRAW, HighlanderAction
from duelhall.games.highlander.engine.cards import NO_BONUS, Bonuses, Card, CardSet, load_cards
from duelhall.games.highlander.engine.state import CLASH, HighlanderState


def clash_damage(
    off: Card, dfn: Card, bo: Bonuses, bd: Bonuses, momentum: int = 0
) -> tuple[int, int]:
    """(damage to the offence, damage to the defence) from the clash itself.

    ``bo`` and ``bd`` are the character bonuses of the two sides (the cards' own effects are
    added here), ``momentum`` the extra power waiting for the offence's card.
    """
    if off.mask & dfn.mirror:
        hurt = 0
        if off.mask == dfn.mirror:
            hurt = 1 + dfn.bonus.precise + bd.precise
        return hurt + dfn.bonus.riposte + bd.riposte, 0
    amount = off.attack_count + off.bonus.power + bo.power + momentum
    return 0, max(0, amount - dfn.bonus.armor - bd.armor)


def _required_mask(positions: Sequence[int] | None) -> int:
    mask = 0
    for p in positions or ():
        mask |= 1 << (p - 1)
    return mask


def _penalty(card: Card, required: int, bonus: Bonuses) -> int:
    if not required or card.mask & required or card.bonus.flow or bonus.flow:
        return 0
    return 1


def _character_bonus(cards: CardSet, view: dict[str, Any], seat: int) -> Bonuses:
    key = "kurgan" if view["kurgan"] == seat else "connor"
    unlocked = sum(1 for a in view["characters"][seat]["abilities"] if a["unlocked"])
    return cards.characters[key].bonus(unlocked) if unlocked else NO_BONUS


class _Values:
    """Per card set: how good each card is on offence and on defence against an average card."""

    def __init__(self, cards: CardSet) -> None:
        table = cards.cards
        n = len(table)
        self.offence = [0.0] * n
        self.defence = [0.0] * n
        for a in table:
            total_off = 0.0
            total_def = 0.0
            for b in table:
                if a.index == b.index:
                    continue
                to_off, to_def = clash_damage(a, b, NO_BONUS, NO_BONUS)
                total_off += to_def - to_off
                to_off, to_def = clash_damage(b, a, NO_BONUS, NO_BONUS)
                total_def += to_off - to_def
            self.offence[a.index] = total_off / (n - 1)
            self.defence[a.index] = total_def / (n - 1)


_VALUES: dict[int, tuple[CardSet, _Values]] = {}


def card_values(cards: CardSet) -> _Values:
    entry = _VALUES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = _VALUES[id(cards)] = (cards, _Values(cards))
    return entry[1]


class HighlanderHeuristic(Agent):
    """A rule-based player that decides from its view (see the module docstring)."""

    name = "heuristic"
    opponent_care = 1.2  # how sharply the opponent model prefers its good cards
    stuck_cost = 0.7  # expected cost of keeping no card that can follow the one played
    reveal_cost = 0.05  # taking a face-up card shows it to the opponent

    def __init__(self, info: Any = None, seed: int = 0) -> None:
        super().__init__(seed)
        self.info = info

    def choose(self, obs: Observation) -> Any:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        cards = load_cards(view["options"].get("cards") or "")
        if view["phase"] == CLASH:
            return self._clash(obs.seat, view, cards, legal)
        return self._draft(obs.seat, view, cards, legal)

    # ------------------------------------------------------------------ clash

    def _opponent_cards(
        self, view: dict[str, Any], cards: CardSet, seat: int
    ) -> list[tuple[Card, float]]:
        """Cards the opponent may hold, each with the chance that it is in their hand."""
        opp = 1 - seat
        known = [cards.card(c) for c in view["revealed"][opp]]
        unseen = [cards.card(c) for c in view["unseen"]]
        hidden = view["hand_sizes"][opp] - len(known)
        share = hidden / len(unseen) if unseen else 0.0
        out = [(c, 1.0) for c in known if c is not None]
        out += [(c, share) for c in unseen if c is not None and share > 0]
        return out

    def _clash(
        self, seat: int, view: dict[str, Any], cards: CardSet, legal: list[HighlanderAction]
    ) -> HighlanderAction:
        opp = 1 - seat
        offence = view["offence"] == seat
        mine = [cards.card(a.card) for a in legal]
        hand = [c for c in mine if c is not None]
        theirs = self._opponent_cards(view, cards, seat)
        my_bonus = _character_bonus(cards, view, seat)
        their_bonus = _character_bonus(cards, view, opp)
        my_req = _required_mask(view["required"][seat])
        their_req = _required_mask(view["required"][opp])
        momentum = view["momentum"][view["offence"]]

        def balance(me: Card, them: Card) -> float:
            """Damage to them minus damage to me from the clash itself."""
            if offence:
                to_me, to_them = clash_damage(me, them, my_bonus, their_bonus, momentum)
            else:
                to_them, to_me = clash_damage(them, me, their_bonus, my_bonus, momentum)
            return to_them - to_me

        # The opponent's likely choice: cards that suit them against this hand.
        weights: list[float] = []
        for card, chance in theirs:
            score = sum(-balance(m, card) for m in hand) / len(hand)
            score -= _penalty(card, their_req, their_bonus)
            weights.append(chance * math.exp(self.opponent_care * score))
        total = sum(weights) or 1.0
        more_clashes = view["hand_sizes"][seat] > 2
        best: tuple[float, int] | None = None
        for i, maybe in enumerate(mine):
            if maybe is None:
                continue
            card = maybe
            value = sum(w * balance(card, t) for (t, _), w in zip(theirs, weights, strict=True))
            value = value / total - _penalty(card, my_req, my_bonus)
            if more_clashes:
                rest = [c for c in hand if c is not card]
                if not my_bonus.flow and not any(
                    r.mask & card.follow_mask or r.bonus.flow for r in rest
                ):
                    value -= self.stuck_cost
            value += self.rng.random() * 0.01
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        return legal[best[1]]

    # ------------------------------------------------------------------ draft

    def _draft(
        self, seat: int, view: dict[str, Any], cards: CardSet, legal: list[HighlanderAction]
    ) -> HighlanderAction:
        values = card_values(cards)
        offence = view["offence"] == seat
        table = values.offence if offence else values.defence
        hand = [cards.card(c) for c in view["hands"][seat]]

        def worth(card: Card) -> float:
            value = table[card.index]
            # Cards that chain with the hand avoid follow-up penalties.
            if any(h is not None and (h.follow_mask & card.mask) for h in hand):
                value += 0.15
            if any(h is not None and (card.follow_mask & h.mask) for h in hand):
                value += 0.15
            if card.bonus.flow:
                value += 0.2
            return value

        unseen = [cards.card(c) for c in view["unseen"]]
        pool = [c for c in unseen if c is not None]
        blind = sum(worth(c) for c in pool) / len(pool) if pool else 0.0
        best: tuple[float, int] | None = None
        for i, action in enumerate(legal):
            if action.verb == DRAW:
                value = blind
            else:
                card = cards.card(action.card)
                assert card is not None
                value = worth(card) - self.reveal_cost
            value += self.rng.random() * 0.01
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        return legal[best[1]]


def evaluate(state: HighlanderState, seat: int) -> float:
    """The chance that ``seat`` wins, judged from the damage race."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.scores[seat]
    limit = state.limit
    mine = limit - state.damage[seat]
    theirs = limit - state.damage[1 - seat]
    x = 1.6 * (mine - theirs) / math.sqrt(mine + theirs + 1)
    return 1.0 / (1.0 + math.exp(-x))


def rollout_action(state: HighlanderState, rng: Rng) -> HighlanderAction:
    """A quick sensible action: in the draft any pick; in a clash a card without penalty."""
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    if state.phase == CLASH:
        table = state.cards.cards
        good = [a for a in legal if not state.penalty(seat, table[state.cards.by_id[a.card]])]
        if good:
            return good[rng.below(len(good))]
    return legal[rng.below(len(legal))]


__all__ = [
    "HighlanderHeuristic",
    "clash_damage",
    "evaluate",
    "rollout_action",
]

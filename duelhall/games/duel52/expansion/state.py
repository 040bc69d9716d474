"""Duel 52 with the Heroes & Bannermen expansion (heroes, bannermen, forts) and the Vampiric
3s and 4s of rulebook section 4.

:class:`Duel52XState` is a subclass of the base state that overrides a few hooks (the
python-chess way of writing variants): setup (heroes, the bannermen draft, forts), legal
actions, attacks and deaths, and the end of a turn. The base game never reaches this module,
so its hot path stays as it was. Powers come from a per-player table
(:func:`duelhall.games.duel52.expansion.powers.power_table`): a bannerman's improved power, the
expansion note's Heal All and the Vampiric 3s and 4s are entries of that table; the code
here reads fields (``strikes``, ``retaliate``, ``hp``...) rather than testing banners.

New pending entries (see table.py for the base ones, including ``("order", -1, cards)``,
powers waiting in any lane, which a banner 5 or King asks for):
  ("draft", seat)            the bannermen draft: ``seat`` picks a rank from hand
  ("fort", lane)             the player to move takes a fort into ``lane``
  ("look", n)                look at ``n`` more face-down cards (a banner 4: two)
  ("move", lane, n, src)     a banner Queen: ``n`` more moves, from lane ``src`` (-1: any)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any, Self

from duelhall.core.errors import IllegalActionError
from duelhall.games.duel52.duel.state import HAND_SIZE, LANES, Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import (
    FLIPS,
    FORT_LANE,
    PLAYS,
    BoardCard,
    Duel52Action,
    Kind,
    Ref,
    attacks_from,
)
from duelhall.games.duel52.engine.cards import JACK, rank
from duelhall.games.duel52.engine.options import EXPANSION_OPTIONS, hero_ranks, removed_count
from duelhall.games.duel52.engine.table import by_index_descending
from duelhall.games.duel52.expansion.heroes import HEROES, Hero, new_hero_card
from duelhall.games.duel52.expansion.powers import XTable, power_table

A = Duel52Action
FORT = 2
"""``BoardCard.base`` value of a fort: a Base card (truthy) that came from the fort pool."""
FORTS = 4
BANNERMEN = 2
X_KINDS = frozenset({Kind.SPELL, Kind.HERO, Kind.END})
_ENDS = (A(0, Kind.END), A(1, Kind.END))


class Duel52XState(Duel52State):
    """A Duel 52 game with expansion rules in play."""

    __slots__ = (
        "advanced",
        "banners",
        "closing",
        "fort_taken",
        "forts",
        "hand_known",
        "hero_played",
        "heroes",
        "rushed",
        "spell_used",
        "stopped",
        "tables",
        "weary",
    )

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.advanced = any(self.options.get(name) for name in EXPANSION_OPTIONS)
        self.heroes: list[int] = [-1, -1]  # each player's hero card, or -1
        self.hero_played: list[bool] = [False, False]  # a warrior once in play
        self.spell_used = False  # the player to move has cast this turn
        self.rushed = -1  # the card a 3 hero played this turn (cannot be flipped)
        self.weary = -1  # the card a 5 hero flipped this turn (cannot attack)
        self.banners: list[list[int]] = [[], []]  # bannermen cards, face-up
        self.stopped: list[int] = [0, 0]  # lanes (bits) closed to a player's plays this turn
        self.forts: list[BoardCard] = []  # the fort pool, face-down
        self.fort_taken: list[int] = [0, 0]  # lanes (bits) where a player has taken a fort
        self.hand_known: list[list[int]] = [[], []]  # cards of a hand the other player saw
        self.closing = False  # the turn is ending; fort choices are being made
        self.tables: tuple[XTable, XTable]  # each player's powers, set by ``retable``
        self.retable()

    def retable(self) -> None:
        """Rebuild both players' power tables from their bannermen and the options."""
        vampiric = bool(self.options.get("vampiric"))
        t0, t1 = (
            power_table(
                {rank(c) for c in self.banners[s]}, vampiric=vampiric, advanced=self.advanced
            )
            for s in (0, 1)
        )
        self.tables = (t0, t1)
        self.powers = power_table((), vampiric=vampiric, advanced=self.advanced)

    # ------------------------------------------------------------------ setup

    @classmethod
    def new_game(cls, seed: int, options: Mapping[str, Any]) -> Self:
        state = cls(options, seed)
        deck = list(C.DECK)
        state.rng.shuffle(deck)
        first = state.options["first_player"]
        state.first_player = state.rng.below(2) if first == "random" else int(first) - 1
        if state.options["heroes"]:
            fixed = hero_ranks(state.options)
            for seat in (0, 1):
                if fixed is None:
                    state.heroes[seat] = deck.pop()
                else:  # the topmost card of the rank asked for (see docs/rulings/duel52.md)
                    at = max(i for i, c in enumerate(deck) if C.rank(c) == fixed[seat])
                    state.heroes[seat] = deck.pop(at)
        if state.options["bannermen"]:
            # Five cards each, then the draft; player two (the one who goes first) drafts
            # second. Base cards are dealt after it, from the reshuffled deck.
            for _ in range(HAND_SIZE):
                for seat in (0, 1):
                    state.hands[seat].append(deck.pop())
            state.pile = deck
            second = state.first_player
            order = [1 - second, second] * BANNERMEN
            state.pending = [("draft", s) for s in reversed(order)]
            state.current = order[0]
            state.turn = 0
            state._settle()
            return state
        for lane in range(LANES):
            for seat in (0, 1):
                state.rows[lane][seat].append(BoardCard(deck.pop(), base=True))
        for _ in range(HAND_SIZE):
            for seat in (0, 1):
                state.hands[seat].append(deck.pop())
        state._set_aside(deck)
        state.current = state.first_player
        state._start_turn()
        state._settle()
        return state

    def _set_aside(self, deck: list[int]) -> None:
        removed = [deck.pop() for _ in range(min(removed_count(self.options), len(deck)))]
        if self.options["forts"]:
            n = min(FORTS, len(removed))
            self.forts = [BoardCard(c, base=FORT) for c in removed[:n]]
            removed = removed[n:]
        # Kept, not replaced: a draft position may already have cards out of the game.
        self.removed = self.removed + removed
        self.pile = deck

    def _finish_draft(self) -> None:
        deck = self.pile
        self.rng.shuffle(deck)
        for lane in range(LANES):
            for seat in (0, 1):
                self.rows[lane][seat].append(BoardCard(deck.pop(), base=True))
        self._set_aside(deck)
        self.current = self.first_player
        self.turn = 1
        self._start_turn()

    def clone(self) -> Self:
        new = super().clone()
        new.advanced = self.advanced
        new.heroes = self.heroes[:]
        new.hero_played = self.hero_played[:]
        new.spell_used = self.spell_used
        new.rushed = self.rushed
        new.weary = self.weary
        new.banners = [self.banners[0][:], self.banners[1][:]]
        new.stopped = self.stopped[:]
        new.forts = [bc.copy() for bc in self.forts]
        new.fort_taken = self.fort_taken[:]
        new.hand_known = [self.hand_known[0][:], self.hand_known[1][:]]
        new.closing = self.closing
        new.tables = self.tables
        return new

    # ------------------------------------------------------------------ queries

    def at(self, ref: Ref) -> BoardCard:
        if ref[0] == FORT_LANE:
            return self.forts[ref[2]]
        return self.rows[ref[0]][ref[1]][ref[2]]

    def hero(self, seat: int) -> Hero | None:
        card = self.heroes[seat]
        return HEROES[rank(card)] if card >= 0 else None

    def exerted(self, seat: int) -> bool:
        """A mage hero whose spells are over: the draw pile is empty."""
        h = self.hero(seat)
        return h is not None and h.mage and not self.pile and self.turn > 0

    def enraged(self, seat: int) -> bool:
        """A warrior hero not yet played once the draw pile is empty: it must be played."""
        h = self.hero(seat)
        return (
            h is not None
            and not h.mage
            and not self.hero_played[seat]
            and not self.pile
            and self.turn > 0
        )

    def hp(self, bc: BoardCard, owner: int) -> int:
        """Hit points of ``bc`` in ``owner``'s rows (a banner Jack has four)."""
        if bc.up:
            return self.tables[owner][bc.rank].hp
        if bc.rank == JACK and self.options["facedown_jack_hp"] == 3:
            return self.tables[owner][JACK].hp
        return 2

    def attack_allowance(self, bc: BoardCard, owner: int | None = None) -> int:
        allowed = 1 + bc.bonus
        if self.options["ace_attacks"] != "two":
            return allowed
        table = self.powers if owner is None else self.tables[owner]
        return min(allowed, max(2, table[bc.rank].attack_cap))

    def can_flip_by_power(self, bc: BoardCard) -> bool:
        return (not bc.base or not self.pile) and bc.card != self.rushed

    def open_lanes(self, seat: int) -> list[int]:
        """Lanes ``seat`` may play a card into: not won by the opponent, not time-stopped."""
        stopped = self.stopped[seat]
        return [
            lane
            for lane in range(LANES)
            if self.lane_winner[lane] != 1 - seat and not stopped >> lane & 1
        ]

    def _look_targets(self, seat: int) -> list[Ref]:
        out = super()._look_targets(seat)
        bit = 1 << seat
        out += [(FORT_LANE, -1, k) for k, bc in enumerate(self.forts) if not bc.known & bit]
        return out

    def card_count(self) -> int:
        return super().card_count() + len(self.loose_cards())

    def loose_cards(self) -> list[int]:
        """Cards outside the base game's zones: heroes not in play, bannermen, forts."""
        out = [c for s, c in enumerate(self.heroes) if c >= 0 and not self.hero_played[s]]
        out += self.banners[0] + self.banners[1]
        out += [bc.card for bc in self.forts]
        return out

    # ------------------------------------------------------------------ power verbs

    def activate(self, seat: int, lane: int, bc: BoardCard) -> None:
        effect = self.tables[seat][bc.rank].activate
        if effect is not None:
            effect(self, seat, lane, bc)

    def activate_in_chosen_order(self, seat: int, lane: int, cards: Iterable[BoardCard]) -> None:
        table = self.tables[seat]
        waiting = tuple(bc.card for bc in cards if table[bc.rank].activate is not None)
        if waiting:
            self.pending.append(("order", lane, waiting))

    def activate_anywhere(self, seat: int, cards: Iterable[BoardCard]) -> None:
        """Powers waiting to resolve in any of ``seat``'s lanes, in an order it chooses."""
        self.activate_in_chosen_order(seat, -1, cards)

    def heal_all_by(self, seat: int, amount: int) -> None:
        for lane in self.rows:
            for bc in lane[seat]:
                bc.damage = max(0, bc.damage - amount)

    def reveal_hand(self, owner: int, viewer: int) -> None:
        """``owner`` shows their hand to ``viewer`` (with two seats, the other one)."""
        self.hand_known[owner] = self.hands[owner][:]

    def ask_looks(self, seat: int, n: int) -> None:
        if self._look_targets(seat):
            self.pending.append(("look", n))

    def ask_moves(self, seat: int, lane: int, n: int) -> None:
        if self._move_candidates_from(seat, lane, -1):
            self.pending.append(("move", lane, n, -1))

    def stop_lane(self, seat: int, lane: int) -> None:
        self.stopped[seat] |= 1 << lane

    def play_from_hand(self, seat: int, card: int, lane: int) -> None:
        self.hands[seat].remove(card)
        self._forget_hand(seat, card, public=False)
        self.rows[lane][seat].append(BoardCard(card, known=1 << seat))

    def _forget_hand(self, seat: int, card: int, *, public: bool) -> None:
        """A card left ``seat``'s hand: a revealed hand stays known only if it left openly."""
        known = self.hand_known[seat]
        if not public:
            known.clear()  # the looker cannot tell which card went
        elif card in known:
            known.remove(card)

    # ------------------------------------------------------------------ legal actions

    def _main_actions(self) -> list[A]:
        me = self.current
        out = self._card_actions() if self.actions_left > 0 else []
        h = self.hero(me)
        must_play = False
        if h is not None:
            if not h.mage:
                if not self.hero_played[me]:
                    card = self.heroes[me]
                    plays = [A(me, Kind.HERO, card=card, lane=lane) for lane in self.open_lanes(me)]
                    out += plays
                    must_play = bool(plays) and self.enraged(me)
            elif not self.spell_used and self.pile and h.spells is not None:
                out += h.spells(self, me)
        if out and self.advanced and not must_play:
            out.append(_ENDS[me])
        return out

    def _card_actions(self) -> list[A]:
        """Plays, flips, attacks and pairs, reading each player's power table."""
        me = self.current
        opp = 1 - me
        pile_empty = not self.pile
        mine_t, their_t = self.tables[me], self.tables[opp]
        out: list[A] = []
        plays = PLAYS[me]
        lanes = self.open_lanes(me)
        for card in self.hands[me]:
            by_lane = plays[card]
            out.extend(by_lane[lane] for lane in lanes)
        nine_immune = self.options["facedown_nine_immune"]
        rushed, weary = self.rushed, self.weary
        for lane in range(LANES):
            mine, theirs = self.rows[lane][me], self.rows[lane][opp]
            flips = FLIPS[me][lane]
            ready: list[int] = []
            ranks_seen = 0
            for i, bc in enumerate(mine):
                if not bc.up:
                    if (
                        (not bc.frozen or (nine_immune and bc.rank == 9 and bc.known >> me & 1))
                        and (pile_empty or not bc.base)
                        and bc.card != rushed
                    ):
                        out.append(flips[i])
                    continue
                if not bc.pair:
                    bit = 1 << bc.rank
                    if ranks_seen & bit:
                        self._pairs_with(out, lane, i)
                    ranks_seen |= bit
                if (
                    not bc.frozen
                    and bc.card != weary
                    and (not bc.attacks or bc.attacks < self.attack_allowance(bc, me))
                ):
                    ready.append(i)
            if not ready or not theirs:
                continue
            eligible = [j for j, t in enumerate(theirs) if pile_empty or not t.base]
            if not eligible:
                continue
            taunting = [j for j in eligible if theirs[j].up and their_t[theirs[j].rank].taunt]
            for i in ready:
                bc = mine[i]
                attackers: tuple[Ref, ...] = ((lane, me, i),)
                if bc.pair:
                    j = next(k for k, o in enumerate(mine) if o.pair == bc.pair and k != i)
                    if j < i or j not in ready:
                        continue
                    attackers = ((lane, me, i), (lane, me, j))
                power = mine_t[bc.rank]
                targets = eligible if power.past_taunt or not taunting else taunting
                if power.strikes > 1:
                    self._multi_strikes(out, attackers, targets, power.strikes)
                elif len(attackers) == 1:
                    row = attacks_from(me, lane, i)
                    out.extend([row[j] for j in targets])
                else:
                    out.extend(
                        A(me, Kind.ATTACK, slots=attackers, targets=((lane, opp, t),))
                        for t in targets
                    )
        return out

    def _multi_strikes(
        self, out: list[A], attackers: tuple[Ref, ...], targets: list[int], strikes: int
    ) -> None:
        """A 10 (or banner 10) strikes several cards; never a 9 together with another."""
        me = self.current
        opp = 1 - me
        lane = attackers[0][0]
        theirs = self.rows[lane][opp]
        table = self.tables[opp]
        nimble = [j for j in targets if theirs[j].up and table[theirs[j].rank].nimble]
        others = [j for j in targets if j not in nimble]
        for j in nimble:
            out.append(A(me, Kind.ATTACK, slots=attackers, targets=((lane, opp, j),)))
        most = min(strikes, len(others))
        sizes = range(1, most + 1) if self.options["twinstrike_optional"] else range(most, most + 1)
        paired = len(attackers) == 2  # a pair deals two damage to its first target
        for size in sizes:
            if size == 0:
                continue
            for group in combinations(others, size):
                firsts = group if paired else group[:1]
                for x in firsts:
                    rest = tuple(y for y in group if y != x)
                    refs = tuple((lane, opp, t) for t in (x, *rest))
                    out.append(A(me, Kind.ATTACK, slots=attackers, targets=refs))

    def _move_candidates_from(self, seat: int, lane: int, src: int) -> list[Ref]:
        return [ref for ref in self._move_candidates(seat, lane) if src < 0 or ref[0] == src]

    def _pending_choices(self) -> list[A]:
        me = self.current
        top = self.pending[-1]
        what = top[0]
        if what == "draft":
            return self._draft_choices(me)
        if what == "fort":
            return [
                A(me, Kind.FORT, lane=top[1], targets=((FORT_LANE, -1, k),))
                for k in range(len(self.forts))
            ]
        if what == "move" and len(top) > 2:
            lane = top[1]
            moves = [
                A(me, Kind.MOVE, lane=lane, slots=(r,))
                for r in self._move_candidates_from(me, lane, top[3])
            ]
            return [*moves, A(me, Kind.STAY, lane=lane)]
        return super()._pending_choices()

    def _draft_choices(self, seat: int) -> list[A]:
        """One choice per rank in hand with a card left in the deck (not a rank drafted)."""
        have = {rank(c) for c in self.banners[seat]}
        in_deck = {rank(c) for c in self.pile}
        out: list[A] = []
        seen: set[int] = set()
        for card in sorted(self.hands[seat]):
            r = rank(card)
            if r in seen or r in have or r not in in_deck:
                continue
            seen.add(r)
            out.append(A(seat, Kind.DRAFT, card=card))
        return out

    # ------------------------------------------------------------------ applying

    def apply(self, action: A) -> None:
        if action.kind not in X_KINDS:
            super().apply(action)
            return
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
        self._legal = None
        me = self.current
        if action.kind == Kind.END:
            self.actions_left = 0
            self._end_turn()
            if not self.closing and self.result is None:
                self._start_turn()
        elif action.kind == Kind.HERO:
            self.hero_played[me] = True
            self.actions_taken += 1
            bc = new_hero_card(action.card)
            self.rows[action.lane][me].append(bc)
            self.activate(me, action.lane, bc)
        else:
            h = self.hero(me)
            assert h is not None and h.cast is not None
            self.spell_used = True
            self.actions_taken += 1
            h.cast(self, action)
        self._settle()

    def _play(self, card: int, lane: int) -> None:
        self._spend_action()
        self.play_from_hand(self.current, card, lane)

    def _answer(self, action: A) -> None:
        me = self.current
        kind = action.kind
        top = self.pending[-1]
        if kind == Kind.DRAFT:
            self.pending.pop()
            self._draft(me, rank(action.card))
        elif kind == Kind.FORT:
            self.pending.pop()
            bc = self.forts.pop(action.targets[0][2])
            bc.known |= 1 << me
            self.rows[action.lane][me].append(bc)
            self.fort_taken[me] |= 1 << action.lane
        elif kind == Kind.DISCARD:
            super()._answer(action)
            public = self.options["view_discard"] == "revealed"
            self._forget_hand(me, action.card, public=public)
        elif kind == Kind.LOOK and len(top) > 1:
            self.pending.pop()
            self.at(action.targets[0]).known |= 1 << me
            if top[1] > 1:
                self.ask_looks(me, top[1] - 1)
        elif kind == Kind.MOVE and len(top) > 2:
            self.pending.pop()
            lane, seat, i = action.slots[0]
            self.rows[action.lane][seat].append(self._lift(lane, seat, i))
            if top[2] > 1 and self._move_candidates_from(me, action.lane, lane):
                self.pending.append(("move", action.lane, top[2] - 1, lane))
        elif kind == Kind.STAY and len(top) > 2:
            self.pending.pop()
        else:
            super()._answer(action)

    def _draft(self, seat: int, r: int) -> None:
        """Take a random card of rank ``r`` from the deck as ``seat``'s bannerman."""
        matching = [k for k, c in enumerate(self.pile) if rank(c) == r]
        k = matching[self.rng.below(len(matching))]
        self.banners[seat].append(self.pile.pop(k))
        self.retable()

    def _attack(self, slots: tuple[Ref, ...], targets: tuple[Ref, ...]) -> None:
        self._spend_action()
        me = self.current
        opp = 1 - me
        mine_t, their_t = self.tables[me], self.tables[opp]
        attackers = [self.at(r) for r in slots]
        hit = [self.at(r) for r in targets]
        lead = attackers[0]
        power = mine_t[lead.rank]
        first = 2 if len(attackers) == 2 else 1
        damage = [first] + [1] * (len(hit) - 1)
        if power.jack_damage and hit[0].is_up(JACK):
            damage[0] += power.jack_damage
        retaliation = 0
        for bc, amount in zip(hit, damage, strict=True):
            spikes = their_t[bc.rank].retaliate if bc.up else 0
            if spikes:
                dies = bc.damage + amount >= self.hp(bc, opp)
                if not dies or self.options["dead_eight_retaliates"]:
                    retaliation += spikes
            bc.damage += amount
        for bc in attackers:
            bc.attacks += 1
            if not mine_t[bc.rank].nimble:
                bc.damage += retaliation
        killed = self._bury_counting(targets, slots)
        if killed:
            for bc in attackers:
                if mine_t[bc.rank].vampiric and 0 < bc.damage < self.hp(bc, me):
                    bc.damage -= 1  # Vampiric: after attacking and killing, heal one
        self._bury_counting(slots, ())

    def _bury_counting(self, refs: tuple[Ref, ...], attackers: tuple[Ref, ...]) -> int:
        """Remove cards with lethal damage; ``attackers`` non-empty means the opponent's
        attack killed them (face-down deaths may then spring a Trap or a Boom)."""
        killed = 0
        for lane, seat, i in sorted(refs, key=by_index_descending):
            bc = self.rows[lane][seat][i]
            if bc.damage < self.hp(bc, seat):
                continue
            if attackers and not bc.up:
                hook = self.tables[seat][bc.rank].killed_face_down
                if hook is not None and hook(self, seat, lane, bc, attackers):
                    continue
            self._kill(lane, seat, i)
            killed += 1
        return killed

    # ------------------------------------------------------------------ turn flow

    def _settle(self) -> None:
        """The shared turn loop (see table.py) with the expansion's own turn flow: the
        bannermen draft before turn one, forts the opponent takes as a turn ends, and free
        decisions (spells, the warrior hero, ending the turn) even with no action left."""
        while True:
            while self.pending and self._auto_resolve():
                pass
            self._skip_empty_choices()
            if self.turn > 0:
                self._check_lanes()
            if self.result is not None:
                self._legal = []
                return
            if self.pending:
                return
            if self.turn == 0:
                self._finish_draft()
                continue
            if self.closing:
                self.current = 1 - self.current  # back to the player whose turn ends
                self.closing = False
                self._close_turn()
                if self.result is not None:
                    self._legal = []
                    return
                self._start_turn()
                continue
            legal = self._main_actions()
            if legal:
                self._legal = legal
                return
            self._end_turn()
            if self.result is not None:
                self._legal = []
                return
            if not self.closing:
                self._start_turn()

    def _skip_empty_choices(self) -> None:
        """A player with no rank left to draft gets no bannerman for that pick; a fort
        choice with no fort left is dropped."""
        while self.pending:
            top = self.pending[-1]
            if top[0] == "draft":
                self.current = top[1]
                if self._draft_choices(top[1]):
                    return
            elif top[0] != "fort" or self.forts:
                return
            self.pending.pop()

    def _end_turn(self) -> None:
        """Forts first: the opponent of a player ending with three face-up cards in a lane
        takes one into that lane (once per lane); then the turn passes."""
        me = self.current
        opp = 1 - me
        lanes = [
            lane
            for lane in range(LANES)
            if self.forts
            and self.lane_winner[lane] is None
            and not self.fort_taken[opp] >> lane & 1
            and sum(1 for bc in self.rows[lane][me] if bc.up) >= 3
        ]
        if lanes:
            for lane in reversed(lanes):
                self.pending.append(("fort", lane))
            self.current = opp
            self.closing = True
            return
        self._close_turn()

    def _close_turn(self) -> None:
        me = self.current
        self.stopped[me] = 0
        self.spell_used = False
        self.rushed = self.weary = -1
        super()._end_turn()

    def _can_still_play(self, seat: int) -> bool:
        """As the base rule, but an unplayed warrior hero is still a card to play."""
        return super()._can_still_play(seat) or self._warrior_waiting(seat)

    def _warrior_waiting(self, seat: int) -> bool:
        h = self.hero(seat)
        return h is not None and not h.mage and not self.hero_played[seat]

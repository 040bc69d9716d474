"""What one seat may see of a Duel 52 state, and states re-sampled from that sight.

A view names board cards only by where they lie (lane, row, place), which every player sees;
it never carries an identifier that could follow a hidden card between zones. Cards a seat
does not know appear as ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import view_fields
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.engine.cards import rank
from duelhall.games.duel52.engine.lane_slots import lane_label
from duelhall.games.duel52.engine.redeal import (
    deal_discards,
    deal_killed,
    deal_wounded_jacks,
    give_own_seed,
)

if TYPE_CHECKING:
    from duelhall.games.duel52.duel.state import Duel52State
    from duelhall.games.duel52.expansion.state import Duel52XState


def _board_card(state: Duel52State, bc: BoardCard, seat: int | None) -> dict[str, Any]:
    return view_fields.board_card_view(state, bc, seat, 2, base=bc.base)


def _pending(state: Duel52State, seat: int | None) -> dict[str, Any] | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    out: dict[str, Any] = {"choice": top[0], "seat": state.current}
    if top[0] in ("move", "order", "fort"):
        out["lane"] = top[1] + 1 if top[1] >= 0 else None  # None: any lane (expansion)
    if top[0] == "order":
        # The waiting cards are face-up, so naming their places leaks nothing.
        lanes = range(len(state.rows)) if top[1] < 0 else (top[1],)
        out["waiting"] = [
            lane_label(lane, letter, own=True)
            for lane in lanes
            for bc, letter in zip(
                state.rows[lane][state.current], state.letters(lane, state.current), strict=True
            )
            if bc.card in top[2]
        ]
    if top[0] == "look" and len(top) > 1:
        out["looks_left"] = top[1]
    if top[0] == "move" and len(top) > 2:
        out["moves_left"] = top[2]
        out["from_lane"] = top[3] + 1 if top[3] >= 0 else None
    return out


def build_view(state: Duel52State, seat: int | None) -> dict[str, Any]:
    """JSON-ready sight of the table for ``seat`` (``None``: the full state, for replays)."""
    view: dict[str, Any] = {
        "game": "duel52",
        "seat": seat,
        "turn": state.turn,
        "to_move": list(state.to_move()),
        "first_player": state.first_player,
        "actions_left": state.actions_left,
        "pile": len(state.pile),
        "removed": len(state.removed),
        "hands": view_fields.hands_view(state.hands, seat),
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "lanes": [
            {
                "rows": [
                    view_fields.row_view(state, lane, s, lambda bc: _board_card(state, bc, seat))
                    for s in (0, 1)
                ],
                "pairs": [view_fields.pair_groups(state.rows[lane][s]) for s in (0, 1)],
                "winner": state.lane_winner[lane],
            }
            for lane in range(len(state.rows))
        ],
        **view_fields.view_end(state, seat, _pending(state, seat), sets_aside=True),
    }
    from duelhall.games.duel52.expansion.state import Duel52XState

    if isinstance(state, Duel52XState):
        _add_expansion(state, seat, view)
    return view


def _add_expansion(state: Duel52XState, seat: int | None, view: dict[str, Any]) -> None:
    """Keys the expansion adds; the base keys keep their meaning (hit points and attacks
    left follow the owner's power table: a banner Jack has four, a banner Ace three).

    Board cards gain ``fort`` (an extra Base card from the fort pool), ``hero`` (a warrior
    hero in play) and ``rushed`` (played by Rush Them! this turn: cannot flip). Top level:

    - ``heroes``: per seat ``None`` or ``{card, kind ("mage"/"warrior"), name, played,
      exerted, enraged, spell_used}``; heroes are dealt face-up, so both seats see both.
    - ``bannermen``: per seat, the bannermen cards (face-up); ``improved``: per seat, the
      names of the improved powers in force.
    - ``forts``: the forts still to be taken, ``{"card": name or None}`` (a name only for a
      seat that looked with a 4); ``forts_taken``: per seat, lanes (1-3) it took forts in.
    - ``stopped_lanes``: per seat, lanes it may not play into this turn (Time Stop).
    - ``hands_shown``: per seat, cards of its hand that its opponent was shown (banner 4)
      and still knows are there.
    - ``optional_actions``: whether ``end`` may end a turn early; ``setup``: the bannermen
      draft is under way (turn 0).
    """
    from duelhall.games.duel52.expansion.state import FORT

    for lane in range(len(state.rows)):
        for s in (0, 1):
            shown_row = view["lanes"][lane]["rows"][s]
            for bc, shown in zip(state.rows[lane][s], shown_row, strict=True):
                knows = seat is None or bool(bc.known & (1 << seat))
                if shown["hp"] is not None and (knows or bc.up):
                    shown["hp"] = state.hp(bc, s)
                shown["base"] = bool(bc.base)
                shown["fort"] = bc.base == FORT
                shown["hero"] = bc.up and bc.card == state.heroes[s]
                shown["rushed"] = bc.card == state.rushed and not bc.up
                if bc.up:
                    left = state.attack_allowance(bc, s) - bc.attacks
                    if bc.card == state.weary:
                        left = 0
                    shown["attacks_left"] = max(0, left)
    heroes: list[dict[str, Any] | None] = []
    for s in (0, 1):
        h = state.hero(s)
        if h is None:
            heroes.append(None)
            continue
        heroes.append(
            {
                "card": C.name(state.heroes[s]),
                "kind": h.kind,
                "name": h.name,
                "played": state.hero_played[s],
                "exerted": state.exerted(s),
                "enraged": state.enraged(s),
                "spell_used": h.mage and s == state.current and state.spell_used,
            }
        )
    view["heroes"] = heroes
    view["bannermen"] = [[C.name(c) for c in state.banners[s]] for s in (0, 1)]
    view["improved"] = [
        sorted((p.improved for p in state.tables[s].values() if p.improved), key=str)
        for s in (0, 1)
    ]
    view["forts"] = [
        {"card": C.name(bc.card) if seat is None or bc.known & (1 << seat) else None}
        for bc in state.forts
    ]
    view["forts_taken"] = [
        [lane + 1 for lane in range(len(state.rows)) if state.fort_taken[s] >> lane & 1]
        for s in (0, 1)
    ]
    view["stopped_lanes"] = [
        [lane + 1 for lane in range(len(state.rows)) if state.stopped[s] >> lane & 1]
        for s in (0, 1)
    ]
    # Cards of a hand the other player was shown (a banner 4) and still knows are there.
    view["hands_shown"] = [
        sorted((C.name(c) for c in state.hand_known[s]), key=view_fields.hand_order) for s in (0, 1)
    ]
    view["optional_actions"] = state.advanced
    view["setup"] = state.turn == 0


def determinize(state: Duel52State, seat: int, rng: Rng) -> Duel52State:
    """Re-deal every card ``seat`` cannot identify, keeping everything it can see."""
    from duelhall.games.duel52.expansion.state import Duel52XState

    if not isinstance(state, Duel52XState):
        return _determinize(state, seat, rng)
    held = _drafted_ranks_held(state, seat)
    sample = _determinize(state, seat, rng, held)
    if state.turn == 0 and state.current == seat:
        # The bannermen draft: the drafting seat's choices tell which of its ranks (other
        # than ranks it already drafted) are left in the deck, so a sample must leave the
        # same ones there. The sample is repaired by swapping unseen cards between the
        # opponent's hand and the pile; it never falls back on the true deal.
        _repair_draft(state, sample, seat, rng, held)
    return sample


def _drafted_ranks_held(state: Duel52XState, seat: int) -> list[int]:
    """Ranks the opponent of ``seat`` drafted that its unseen hand cards must include.

    A drafter names a rank it holds and keeps that card: the bannerman comes from the deck
    (rulebook, Bannermen step 2; ruling X12). A hand loses cards only on its owner's turn,
    so until the opponent's first turn begins its hand is still the one it drafted from.
    Everything read here is public: the bannermen, the turn and who went first.
    """
    opp = 1 - seat
    if state.turn > 1 or (state.turn == 1 and state.first_player == opp):
        return []
    shown = {rank(c) for c in state.hand_known[opp]}
    return sorted({rank(c) for c in state.banners[opp]} - shown)


def _take_ranks(pool: list[int], ranks: list[int]) -> list[int]:
    """Take one card of each of ``ranks`` from the shuffled pool, from its end.

    A rank with no card left unseen is skipped: only a hand-written position can get there,
    and its sample is still a consistent state."""
    out: list[int] = []
    for r in ranks:
        k = next((k for k in range(len(pool) - 1, -1, -1) if rank(pool[k]) == r), -1)
        if k >= 0:
            out.append(pool.pop(k))
    return out


def _draft_ranks(state: Duel52State, seat: int) -> tuple[set[int], set[int]]:
    """The seat's undrafted ranks in hand: those left in the deck, and those not."""
    drafted = {rank(c) for c in getattr(state, "banners", ((), ()))[seat]}
    ranks = {rank(c) for c in state.hands[seat]} - drafted
    in_deck = {rank(c) for c in state.pile}
    return ranks & in_deck, ranks - in_deck


def _repair_draft(
    state: Duel52State, sample: Duel52State, seat: int, rng: Rng, held: list[int]
) -> None:
    """Swap unseen cards between the pile and the other unseen places (the opponent's hand,
    the set-aside cards) until the pile holds the seat's ranks exactly as in the game.

    The opponent's hand keeps a card of each rank in ``held`` (dealt there first by
    :func:`_determinize`): those cards are not swapped away. The true deal proves the pile
    can still be made right: it holds the seat's ranks and the opponent's hand those cards."""
    must, must_not = _draft_ranks(state, seat)
    pile = sample.pile
    hand = sample.hands[1 - seat]
    kept = {next((j for j, c in enumerate(hand) if rank(c) == r), -1) for r in held}
    places = [(hand, j) for j in range(len(hand)) if j not in kept]
    places += [(sample.removed, j) for j in range(len(sample.removed))]
    for i in range(len(pile)):
        if rank(pile[i]) in must_not:
            spare = [(z, j) for z, j in places if rank(z[j]) not in must_not]
            if spare:
                zone, j = spare[rng.below(len(spare))]
                zone[j], pile[i] = pile[i], zone[j]
    for r in sorted(must - {rank(c) for c in pile}):
        found = [(z, j) for z, j in places if rank(z[j]) == r]
        counts: dict[int, int] = {}
        for c in pile:
            counts[rank(c)] = counts.get(rank(c), 0) + 1
        spare_at = [i for i, c in enumerate(pile) if rank(c) not in must or counts[rank(c)] > 1]
        if found and spare_at:
            zone, j = found[rng.below(len(found))]
            i = spare_at[rng.below(len(spare_at))]
            zone[j], pile[i] = pile[i], zone[j]
    sample._legal = None


def _determinize(
    state: Duel52State, seat: int, rng: Rng, held: list[int] | None = None
) -> Duel52State:
    """The re-deal itself; ``held``: ranks the opponent's unseen hand cards must include."""
    from duelhall.games.duel52.expansion.state import Duel52XState

    new = state.clone()
    bit = 1 << seat
    opp = 1 - seat
    x = new if isinstance(new, Duel52XState) else None
    hidden_board = [bc for lane in new.rows for row in lane for bc in row if not bc.known & bit]
    rushed = None  # the card a 3 hero played this turn is marked by identity: follow it
    if x is not None and x.rushed >= 0:
        rushed = next(
            (bc for lane in new.rows for row in lane for bc in row if bc.card == x.rushed), None
        )
    if x is not None:
        hidden_board += [bc for bc in x.forts if not bc.known & bit]
    shown = x.hand_known[opp] if x is not None else []
    hidden_hand = [c for c in new.hands[opp] if c not in shown]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    pool = [bc.card for bc in hidden_board]
    pool += hidden_hand + new.pile + new.removed
    pool += [new.discard[i][0] for i in hidden_discard]
    # Shuffle the cards in a fixed order: the pool as gathered lists them where they really
    # are, and a caller who knows its generator could otherwise undo the shuffle.
    pool.sort()
    rng.shuffle(pool)
    # A drafted rank pins a hand card to a single rank, so it is dealt before the places
    # below: dealt after them, the killed places (any card but a 3) could have taken the
    # last card of that rank.
    kept = _take_ranks(pool, held[: len(hidden_hand)]) if held else []
    # What the seat has seen narrows some places down; those are filled first (the true
    # state proves enough such cards exist): a hidden card that survived two damage under
    # the three-hit-point rule is a Jack, and a card killed face-down on the board is not a
    # 3 (its Trap would have sprung).
    free = deal_wounded_jacks(hidden_board, pool, state.options["facedown_jack_hp"])
    killed = {i for i in hidden_discard if new.discard[i][3] and not new.discard[i][1]}
    if killed:
        # Every face-down card killed on the board in hidden_discard is the seat's opponent's
        # (the seat knows its own), so the opponent's 3s are what cannot be there.
        trap_free = x is None or x.tables[opp][3].killed_face_down is not None
        fits = (lambda c: rank(c) != 3) if trap_free else (lambda c: True)
        deal_killed(new.discard, sorted(killed), pool, fits)
    for bc in free:
        bc.set_card(pool.pop())
    if x is not None and rushed is not None:
        x.rushed = rushed.card
    n = len(hidden_hand)
    new.hands[opp] = list(shown) + kept + [pool.pop() for _ in range(n - len(kept))]
    new.pile = [pool.pop() for _ in range(len(new.pile))]
    new.removed = [pool.pop() for _ in range(len(new.removed))]
    deal_discards(new.discard, hidden_discard, killed, pool)
    give_own_seed(new, rng)
    return new

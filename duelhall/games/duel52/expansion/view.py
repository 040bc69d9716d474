"""What the expansion adds to the duel's view and re-deal.

The duel's view (:mod:`duelhall.games.duel52.duel.view`) knows nothing of the expansion:
the expansion's view is that view plus the keys below, composed here and wired to
:class:`~duelhall.games.duel52.expansion.state.Duel52XState` by the package. Its re-deal
is the duel's (:func:`~duelhall.games.duel52.duel.view.redeal_duel`) given the expansion's
fields, then repaired for what a bannermen draft tells.
"""

from __future__ import annotations

from typing import Any

from duelhall.core.rng import Rng
from duelhall.games.duel52.duel import view as duel_view
from duelhall.games.duel52.duel.view import redeal_duel
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine import view_fields
from duelhall.games.duel52.engine.cards import rank
from duelhall.games.duel52.expansion.state import FORT, Duel52XState


def build_view(state: Duel52XState, seat: int | None) -> dict[str, Any]:
    """The duel's view of ``state`` for ``seat``, with the expansion's keys added."""
    view = duel_view.build_view(state, seat)
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


def public_view(state: Duel52XState) -> dict[str, Any]:
    """What every seat may know of ``state`` (a spectator's view): hand cards a banner 4
    showed the other player stay in that player's memory, not on the table."""
    view = view_fields.public_view(build_view, state)
    view["hands_shown"] = [[], []]
    return view


def determinize(state: Duel52XState, seat: int, rng: Rng) -> Duel52XState:
    """The duel's re-deal, with forts, shown hand cards and the draft taken into account."""
    held = _drafted_ranks_held(state, seat)
    sample = redeal_duel(state, seat, rng, held, _itself)
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


def _itself(state: Duel52XState) -> Duel52XState:
    """The sample's expansion fields are its own (the re-deal's ``extras``)."""
    return state


def _draft_ranks(state: Duel52XState, seat: int) -> tuple[set[int], set[int]]:
    """The seat's undrafted ranks in hand: those left in the deck, and those not."""
    drafted = {rank(c) for c in state.banners[seat]}
    ranks = {rank(c) for c in state.hands[seat]} - drafted
    in_deck = {rank(c) for c in state.pile}
    return ranks & in_deck, ranks - in_deck


def _repair_draft(
    state: Duel52XState, sample: Duel52XState, seat: int, rng: Rng, held: list[int]
) -> None:
    """Swap unseen cards between the pile and the other unseen places (the opponent's hand,
    the set-aside cards) until the pile holds the seat's ranks exactly as in the game.

    The opponent's hand keeps a card of each rank in ``held`` (dealt there first by
    :func:`~duelhall.games.duel52.duel.view.redeal_duel`): those cards are not swapped
    away. The true deal proves the pile can still be made right: it holds the seat's ranks
    and the opponent's hand those cards."""
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

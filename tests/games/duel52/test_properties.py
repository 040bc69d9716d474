"""Property tests: random legal games under every option, checked after every action.

Hypothesis draws a deal seed, a seed for the random move chooser and a value for every
option in :mod:`duelhall.games.duel52.engine.options` (so a new option is covered as soon as it
is declared), then plays the game to its end with uniformly random legal actions.

The checks are split across several tests so that the cheap ones (card conservation,
damage, pairs...) run on many games and the expensive ones (views, determinization,
replay, notation round trips) on fewer, keeping the whole module near a minute on two cores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhall.core.game import get_game
from duelhall.core.record import Record, replay
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel import view as view_module
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C
from duelhall.games.duel52.engine.board import (
    FREE_KINDS,
    MAIN_KINDS,
    BoardCard,
    Duel52Action,
    Kind,
    max_hp,
)
from duelhall.games.duel52.engine.cards import ACE, JACK
from duelhall.games.duel52.engine.options import OPTIONS, VARIANT_OPTIONS
from duelhall.games.duel52.expansion.state import Duel52XState
from tests.properties import SEEDS, examples, option_values

GAME = get_game("duel52")

MAX_ACTIONS = 1000
"""No game may take this many actions (random games so far end within about 200)."""


BASE_VALUES = option_values(
    # The three- and four-player variants have engines and property tests of their own.
    [opt for opt in OPTIONS if opt.name not in VARIANT_OPTIONS and opt.name != "players"],
    first_player=st.sampled_from(["random", "1", "2"]),  # the two-player game's players
    hero_ranks=st.just("random"),  # fixed heroes need heroes on: drawn below
)
# About half the games are base games; the rest draw each expansion part (heroes, bannermen,
# forts, Vampiric) independently, so every combination is covered.
EXPANSION_VALUES = st.one_of(
    st.just(dict.fromkeys(VARIANT_OPTIONS, False)),
    st.fixed_dictionaries({name: st.booleans() for name in VARIANT_OPTIONS}),
)
OPTION_VALUES = st.builds(
    lambda a, b, heroes: {**a, **b, "hero_ranks": heroes if b["heroes"] else "random"},
    BASE_VALUES,
    EXPANSION_VALUES,
    st.sampled_from(["random", "random", "K-7", "A-A", "2-Q"]),
)
# The examples(n) counts below are tuned so the module runs in about 50 s.


def new_game(seed: int, options: dict[str, Any]) -> Duel52State:
    state = GAME.new_state(seed, options)
    assert isinstance(state, Duel52State)
    return state


def play(
    seed: int, options: dict[str, Any], chooser_seed: int
) -> Iterator[tuple[Duel52State, Duel52Action | None]]:
    """Yield ``(state, None)`` at the start, then ``(state, action)`` after each action.

    The same state object is yielded each time (mutated in place); the game must end
    within :data:`MAX_ACTIONS`.
    """
    state = new_game(seed, options)
    rng = Rng(chooser_seed)
    yield state, None
    for _ in range(MAX_ACTIONS):
        if state.is_over():
            return
        legal = state.legal_actions()
        assert legal, "a game that is not over must offer its seat an action"
        action = legal[rng.below(len(legal))]
        state.apply(action)
        yield state, action
    raise AssertionError(f"game did not end within {MAX_ACTIONS} actions")


# ---------------------------------------------------------------------------- invariants


def all_cards(state: Duel52State) -> list[int]:
    board = [bc.card for lane in state.rows for row in lane for bc in row]
    loose = state.loose_cards() if isinstance(state, Duel52XState) else []
    return (
        board
        + state.hands[0]
        + state.hands[1]
        + state.pile
        + state.removed
        + [entry[0] for entry in state.discard]
        + loose
    )


def hit_points(state: Duel52State, bc: BoardCard, owner: int) -> int:
    if isinstance(state, Duel52XState):
        return state.hp(bc, owner)
    return max_hp(bc, state.options["facedown_jack_hp"])


def check_invariants(state: Duel52State) -> None:
    cards = all_cards(state)
    assert len(cards) == 52, f"{len(cards)} cards in play"
    assert sorted(cards) == list(C.DECK), "a card is duplicated or missing"
    assert state.card_counts() == 52
    assert state.actions_left >= 0
    pairs: dict[int, list[tuple[int, int, int]]] = {}
    x = state if isinstance(state, Duel52XState) else None
    for lane in range(3):
        for seat in (0, 1):
            for bc in state.rows[lane][seat]:
                assert 0 <= bc.damage <= hit_points(state, bc, seat) - 1, bc
                if state.options["ace_attacks"] == "two":
                    banner_ace = x is not None and x.tables[seat][ACE].extra_actions == 2
                    most = 3 if banner_ace and bc.rank == ACE else 2
                    assert bc.attacks <= most, f"more than {most} attacks this turn: {bc}"
                assert not (bc.frozen and bc.is_up(9)), f"frozen face-up 9: {bc}"
                if bc.up:
                    assert bc.known == 0b11, f"face-up card not known to all: {bc}"
                elif not bc.base:
                    assert bc.known & (1 << seat), f"owner forgot the card it played: {bc}"
                if bc.pair:
                    pairs.setdefault(bc.pair, []).append((lane, seat, bc.rank))
                    assert bc.up, f"face-down card in a pair: {bc}"
    for pid, members in pairs.items():
        assert len(members) == 2, f"pair {pid} has {len(members)} cards"
        (l1, s1, r1), (l2, s2, r2) = members
        assert (l1, s1) == (l2, s2), f"pair {pid} is split across rows"
        assert r1 == r2, f"pair {pid} mixes ranks"
    hand_rule = state.options["lane_win"] == "hand-empty"
    for lane in range(3):
        if state.lane_winner[lane] is None:
            for seat in (0, 1):
                opp = 1 - seat
                emptied = bool(state.rows[lane][seat]) and not state.rows[lane][opp]
                if hand_rule:
                    waiting = x is not None and x._warrior_waiting(opp)
                    emptied = emptied and not state.pile and not state.hands[opp] and not waiting
                assert not emptied, f"lane {lane + 1} is won by seat {seat} but not recorded"
        elif hand_rule:
            loser = 1 - state.lane_winner[lane]
            assert not state.pile and not state.hands[loser], (
                f"lane {lane + 1} is won while the loser can still play"
            )
    if state.is_over():
        out = state.outcome()
        assert out is not None
        assert state.legal_actions() == []
        assert state.to_move() == ()
        assert sum(out.scores) == 1.0
        if out.winner is not None:
            assert state.lanes_won(out.winner) >= 2
            assert out.reason == "two-lanes"
        else:
            assert out.reason == "stalemate"
            assert not state.pile
    else:
        assert state.to_move() == (state.current,)
        assert all(a.seat == state.current for a in state.legal_actions())
        assert state.lanes_won(0) < 2 and state.lanes_won(1) < 2


def check_legal_actions(state: Duel52State) -> None:
    """Rules every offered action must respect, whatever the position."""
    me = state.current
    pile = bool(state.pile)
    answering = bool(state.pending)
    x = state if isinstance(state, Duel52XState) else None
    for a in state.legal_actions():
        main = a.kind in MAIN_KINDS or a.kind in FREE_KINDS
        assert main != answering, f"{a} offered with pending {state.pending}"
        if a.kind == Kind.PLAY:
            if state.options["lane_win"] == "closed":
                assert state.lane_winner[a.lane] != 1 - me, f"{a} plays into a closed lane"
            assert a.card in state.hands[me]
        elif a.kind == Kind.FLIP:
            bc = state.at(a.slots[0])
            assert not bc.up, f"{a} flips {bc}"
            if bc.frozen:
                # Only a face-down 9 its owner knows may flip itself while frozen, and only
                # when face-down 9s ignore the freeze: legal actions must not tell the owner
                # what an unknown Base card is.
                assert state.options["facedown_nine_immune"], f"{a} flips frozen {bc}"
                assert bc.rank == 9 and bc.known & (1 << me), f"{a} flips frozen {bc}"
            assert not (pile and bc.base), f"{a} flips a Base card before the pile is empty"
        elif a.kind == Kind.MOVE:
            assert not (pile and state.at(a.slots[0]).base), f"{a} moves a Base card"
        elif a.kind == Kind.ATTACK:
            attackers = [state.at(r) for r in a.slots]
            hit = [state.at(r) for r in a.targets]
            for bc in attackers:
                assert bc.up and not bc.frozen, f"{a}: {bc} may not attack"
                assert bc.attacks < state.attack_allowance(bc, me), f"{a}: {bc} has no attack left"
            if len(attackers) == 2:
                assert attackers[0].pair and attackers[0].pair == attackers[1].pair
            else:
                assert not attackers[0].pair, f"{a}: a paired card attacks alone"
            lane = a.slots[0][0]
            assert all(r[0] == lane and r[1] == 1 - me for r in a.targets)
            assert len(set(a.targets)) == len(a.targets)
            assert not (pile and any(bc.base for bc in hit)), f"{a} strikes a Base card"
            taunting = [bc for bc in state.rows[lane][1 - me] if bc.is_up(JACK)]
            whirlwind = x is not None and x.tables[me][10].past_taunt
            whirlwind = whirlwind and attackers[0].rank == 10
            if taunting and not (pile and all(bc.base for bc in taunting)) and not whirlwind:
                assert all(bc.is_up(JACK) for bc in hit), f"{a} ignores a taunting Jack"
            if len(hit) >= 2:
                assert attackers[0].rank == 10, f"{a}: only a 10 strikes two cards"
                assert not any(bc.is_up(9) for bc in hit), f"{a}: a 10 strikes a 9 and another"
                assert len(hit) == 2 or whirlwind, f"{a}: only a banner 10 strikes three"


@examples(600)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_random_games_keep_invariants(seed: int, options: dict[str, Any], chooser: int) -> None:
    winners: list[int | None] = [None, None, None]
    for state, _ in play(seed, options, chooser):
        check_invariants(state)
        check_legal_actions(state)
        for lane, (was, now) in enumerate(zip(winners, state.lane_winner, strict=True)):
            assert was is None or was == now, f"lane {lane + 1} changed hands once won"
        winners = list(state.lane_winner)


# ---------------------------------------------------------------------------- views

# A card name as a JSON string. Suits are upper case in card names; the slot names a view
# carries (``"waiting": ["2c"]``) are lower case, so they never match.
_CARD_IN_JSON = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')


def card_names_in(view: dict[str, Any]) -> set[str]:
    """Every string in a view that is a card name; also proves the view is JSON-ready."""
    return set(_CARD_IN_JSON.findall(json.dumps(view)))


def knowable(state: Duel52State, seat: int) -> set[str]:
    """The cards ``seat`` may see: its hand, what it knows on the board and in the discard."""
    bit = 1 << seat
    cards = set(state.hands[seat])
    cards |= {bc.card for lane in state.rows for row in lane for bc in row if bc.known & bit}
    cards |= {card for card, up, known, _ in state.discard if up or known & bit}
    if isinstance(state, Duel52XState):
        cards |= {c for c in state.heroes if c >= 0}
        cards |= set(state.banners[0] + state.banners[1])
        cards |= {bc.card for bc in state.forts if bc.known & bit}
        cards |= set(state.hand_known[1 - seat])
    return {C.name(c) for c in cards}


def check_seat_view(state: Duel52State, seat: int) -> None:
    view = state.view(seat)
    for key in ("seed", "pile_order", "removed_cards"):
        assert key not in view, f"seat view has {key!r}"
    opp = 1 - seat
    assert view["hands"][opp] == len(state.hands[opp])
    assert sorted(view["hands"][seat]) == sorted(C.name(c) for c in state.hands[seat])
    for lane in range(3):
        for s in (0, 1):
            for bc, shown in zip(state.rows[lane][s], view["lanes"][lane]["rows"][s], strict=True):
                if bc.known & (1 << seat):
                    assert shown["card"] == C.name(bc.card)
                else:
                    assert shown["card"] is None, f"seat {seat} sees unknown {bc}"
                    assert not bc.up
    allowed = knowable(state, seat)
    leaked = card_names_in(view) - allowed
    assert not leaked, f"seat {seat} view names cards it cannot know: {leaked}"


@examples(250)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS, key=st.integers(0, 2))
def test_views_name_only_known_cards(
    seed: int, options: dict[str, Any], chooser: int, key: int
) -> None:
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 3 == key or state.is_over():
            check_seat_view(state, 0)
            check_seat_view(state, 1)
            json.dumps(state.view(None))


def check_determinize(state: Duel52State, key: int) -> None:
    for seat in (0, 1):
        view = state.view(seat)
        for k in (key, key + 1):
            sample = state.determinize(seat, Rng(k))
            assert sample.view(seat) == view, f"determinize changes seat {seat}'s view"
            check_invariants(sample)
            if not state.is_over() and state.current == seat:
                assert sample.legal_actions() == state.legal_actions()


@examples(150)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS, key=st.integers(0, 2**32))
def test_determinize_keeps_each_seats_view(
    seed: int, options: dict[str, Any], chooser: int, key: int
) -> None:
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 9 == key % 9 or state.is_over():
            before = state.view(None)
            check_determinize(state, key + step)
            assert state.view(None) == before, "determinize mutated the original state"


@examples(100)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS, key=st.integers(0, 2**32))
def test_determinized_games_play_on(
    seed: int, options: dict[str, Any], chooser: int, key: int
) -> None:
    """A sampled state is a full, playable game: play it out and keep the invariants."""
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 25 == key % 25 and not state.is_over():
            sample = state.determinize(state.current, Rng(key))
            rng = Rng(key)
            for _ in range(MAX_ACTIONS):
                check_invariants(sample)
                if sample.is_over():
                    break
                legal = sample.legal_actions()
                sample.apply(legal[rng.below(len(legal))])
            assert sample.is_over()


# ---------------------------------------------------------------------------- clone


def _mutations() -> list[Callable[[Duel52State], None]]:
    def hands(s: Duel52State) -> None:
        s.hands[0].clear()
        s.hands[1].append(0)

    def rows(s: Duel52State) -> None:
        for lane in s.rows:
            for row in lane:
                for bc in row:
                    bc.damage += 5
                    bc.up = not bc.up
                    bc.frozen = True
                row.append(BoardCard(7, up=True))

    def zones(s: Duel52State) -> None:
        s.pile.append(1)
        s.removed.append(2)
        s.discard.append((3, True, 3, True))
        s.lane_winner[1] = 0
        s.pending.append(("look",))
        s.rng.next_u64()

    return [hands, rows, zones]


@examples(150)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS, key=st.integers(0, 2**16))
def test_clone_is_independent(seed: int, options: dict[str, Any], chooser: int, key: int) -> None:
    rng = Rng(key)
    for step, (state, _) in enumerate(play(seed, options, chooser)):
        if step % 6 != key % 6:
            continue
        before = state.view(None)
        legal_before = list(state.legal_actions())
        rng_before = state.rng.clone().next_u64()
        child = state.clone()
        assert child.view(None) == before
        if not child.is_over():
            legal = child.legal_actions()
            child.apply(legal[rng.below(len(legal))])
        for mutate in _mutations():
            mutate(child)
        assert state.view(None) == before, "changing a clone changed the original"
        assert state.legal_actions() == legal_before
        assert state.rng.clone().next_u64() == rng_before
        check_invariants(state)


# ---------------------------------------------------------------------------- records


@examples(150)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_replay_reproduces_the_game(seed: int, options: dict[str, Any], chooser: int) -> None:
    game = list(play(seed, options, chooser))
    state = game[-1][0]
    actions = [(a.seat, str(a)) for _, a in game if a is not None]
    record = Record(game="duel52", seed=seed, options=dict(options), actions=actions)
    final = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    assert final.view(None) == state.view(None)
    assert final.outcome() == state.outcome()
    # Same seed and the same actions, applied directly, give the same game.
    again = new_game(seed, options)
    for seat, text in actions:
        again.apply(again.parse_action(text, seat))
    assert again.view(None) == state.view(None)
    assert again.to_position() == state.to_position()


@examples(500)
@given(seed=SEEDS, options=OPTION_VALUES)
def test_same_seed_same_deal(seed: int, options: dict[str, Any]) -> None:
    a, b = new_game(seed, options), new_game(seed, options)
    assert a.view(None) == b.view(None)
    assert a.legal_actions() == b.legal_actions()


@examples(80)
@given(seed=SEEDS, options=OPTION_VALUES, chooser=SEEDS)
def test_notation_round_trips_for_every_legal_action(
    seed: int, options: dict[str, Any], chooser: int
) -> None:
    for state, _ in play(seed, options, chooser):
        for action in state.legal_actions():
            text = str(action)
            assert state.parse_action(text, action.seat) == action, text


# ---------------------------------------------------------------------------- the checks


def test_the_invariant_checks_catch_broken_states() -> None:
    state = new_game(1, {})
    check_invariants(state)
    broken = state.clone()
    broken.hands[0].append(broken.pile[-1])
    with pytest.raises(AssertionError, match="53 cards"):
        check_invariants(broken)
    broken = state.clone()
    broken.rows[0][0][0].damage = 2
    with pytest.raises(AssertionError):
        check_invariants(broken)
    broken = state.clone()
    broken.rows[0][0].append(BoardCard(broken.pile.pop(), up=True, known=3, pair=4))
    with pytest.raises(AssertionError, match="pair 4 has 1 cards"):
        check_invariants(broken)


def test_the_leak_checks_catch_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(2, {})
    check_seat_view(state, 0)
    check_determinize(state, 0)
    honest = view_module._board_card

    def leaky(st: Duel52State, bc: BoardCard, seat: int | None) -> dict[str, Any]:
        return honest(st, bc, None)  # shows every board card to everyone

    monkeypatch.setattr(view_module, "_board_card", leaky)
    with pytest.raises(AssertionError, match="sees unknown"):
        check_seat_view(state, 0)
    with pytest.raises(AssertionError, match="determinize changes seat 0's view"):
        check_determinize(state, 0)

"""Compiled states to reference states and back, and the options the compiled engine plays.

Everything that describes a state (views, re-deals, notation, positions, explanations) is
the reference's: a compiled state is turned into a reference one to be described, and a
reference state (a loaded position, say) into a compiled one to be played fast.
"""

from __future__ import annotations

import ctypes as ct
from collections.abc import Mapping
from typing import Any

from duelhall.core.outcome import Outcome
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.engine.options import REMOVED_BY_VARIANT, VARIANT_OPTIONS
from duelhall.games.duel52.fast.layout import (
    LANES,
    MAXPEND,
    MAXROW,
    MAXWAIT,
    OPTION_FIELDS,
    PENDING_WORDS,
    State,
)

NO_RESULT, DRAW = -1, 2


def covers(options: Mapping[str, Any]) -> bool:
    """Whether the compiled engine plays a game with these (resolved) options: the base
    two-player game, any base rules option."""
    return int(options["players"]) == 2 and not any(options[name] for name in VARIANT_OPTIONS)


def option_bytes(options: Mapping[str, Any]) -> bytes:
    """The options in ``D52State``'s order (layout.OPTION_FIELDS)."""
    first = options["first_player"]
    return bytes(
        (
            REMOVED_BY_VARIANT[options["variant"]],
            0 if first == "random" else int(first),
            bool(options["first_player_draws"]),
            options["lane_win"] == "closed",
            int(options["facedown_jack_hp"]),
            bool(options["twinstrike_optional"]),
            bool(options["dead_eight_retaliates"]),
            options["ace_attacks"] == "two",
            bool(options["facedown_nine_immune"]),
            options["view_discard"] == "revealed",
        )
    )


def outcome_of(result: int) -> Outcome | None:
    """The reference's outcome for ``D52State.result``."""
    if result == NO_RESULT:
        return None
    if result == DRAW:
        return Outcome(None, Duel52State.DRAW_SCORES, "stalemate", Duel52State.STALEMATE_DETAIL)
    scores = (1.0, 0.0) if result == 0 else (0.0, 1.0)
    return Outcome(result, scores, "two-lanes", f"player {result + 1} won two lanes")


def to_reference(buf: bytearray, options: Mapping[str, Any], seed: int) -> Duel52State:
    st = State.from_buffer(buf)
    ref = Duel52State(options, seed)
    ref.options = options  # already a shared read-only mapping
    ref.rng = Rng(st.rng)
    for lane in range(LANES):
        for side in (0, 1):
            ref.rows[lane][side] = [
                BoardCard(
                    c.card,
                    up=bool(c.up),
                    base=bool(c.base),
                    damage=c.damage,
                    frozen=bool(c.frozen),
                    known=c.known,
                    pair=c.pair,
                    attacks=c.attacks,
                    bonus=c.bonus,
                )
                for c in st.rows[lane][side][: st.row_n[lane][side]]
            ]
    ref.hands = [list(st.hands[s][: st.hand_n[s]]) for s in (0, 1)]
    ref.pile = list(st.pile[: st.pile_n])
    ref.removed = list(st.removed[: st.removed_n])
    ref.discard = [
        (d.card, bool(d.up), d.known, bool(d.killed)) for d in st.discard[: st.discard_n]
    ]
    ref.lane_winner = [None if w < 0 else w for w in st.lane_winner]
    ref.pending = [_pending_entry(p) for p in st.pending[: st.pending_n]]
    ref.current = st.current
    ref.first_player = st.first_player
    ref.turn = st.turn
    ref.actions_left = st.actions_left
    ref.actions_taken = st.actions_taken
    ref.passes = st.passes
    ref.result = outcome_of(st.result)
    ref._next_pair = st.next_pair
    ref.vacated = tuple(tuple(int(v) for v in st.vacated[lane]) for lane in range(LANES))
    return ref


def _pending_entry(p: Any) -> tuple[Any, ...]:
    what = PENDING_WORDS[p.what]
    if what == "order":
        return (what, p.lane, tuple(p.cards[: p.n]))
    if what == "move":
        return (what, p.lane)
    return (what,)


class TooBig(ValueError):
    """A reference state that does not fit the compiled engine's fixed tables."""


def from_reference(ref: Duel52State) -> bytearray:
    """The compiled state of a base two-player reference state; :class:`TooBig` if one of
    its zones is larger than the compiled tables hold."""
    buf = bytearray(ct.sizeof(State))
    st = State.from_buffer(buf)
    for name, value in zip(OPTION_FIELDS, option_bytes(ref.options), strict=True):
        setattr(st, name, value)
    for lane in range(LANES):
        for side in (0, 1):
            row = ref.rows[lane][side]
            _fits(len(row), MAXROW, "a row")
            st.row_n[lane][side] = len(row)
            for i, bc in enumerate(row):
                c = st.rows[lane][side][i]
                _fits(bc.pair, 65535, "a pair number")
                c.card, c.rank, c.up, c.base = bc.card, bc.rank, bool(bc.up), bool(bc.base)
                c.damage, c.frozen, c.known = bc.damage, bool(bc.frozen), bc.known
                c.attacks, c.bonus, c.pair = bc.attacks, bc.bonus, bc.pair
                _fits(max(bc.damage, bc.attacks, bc.bonus), 255, "a card's counters")
    for s in (0, 1):
        st.hand_n[s] = len(ref.hands[s])
        st.hands[s][: len(ref.hands[s])] = ref.hands[s]
    st.pile_n, st.removed_n, st.discard_n = len(ref.pile), len(ref.removed), len(ref.discard)
    st.pile[: len(ref.pile)] = ref.pile
    st.removed[: len(ref.removed)] = ref.removed
    for d, (card, up, known, killed) in zip(st.discard, ref.discard, strict=False):
        d.card, d.up, d.known, d.killed = card, bool(up), known, bool(killed)
    _fits(len(ref.pending), MAXPEND, "the pending choices")
    st.pending_n = len(ref.pending)
    for p, entry in zip(st.pending, ref.pending, strict=False):
        p.what = PENDING_WORDS.index(entry[0])
        p.lane = entry[1] if len(entry) > 1 else -1
        cards = entry[2] if len(entry) > 2 else ()
        _fits(len(cards), MAXWAIT, "a waiting list")
        p.n = len(cards)
        p.cards[: len(cards)] = cards
    st.lane_winner[:] = [-1 if w is None else w for w in ref.lane_winner]
    _fits(ref.passes, 255, "the passes")
    counts = (ref.turn, abs(ref.actions_left), ref.actions_taken, ref._next_pair)
    _fits(max(counts), 2**31 - 1, "a count")
    st.current, st.first_player, st.passes = ref.current, ref.first_player, ref.passes
    st.turn, st.actions_left, st.actions_taken = ref.turn, ref.actions_left, ref.actions_taken
    st.next_pair = ref._next_pair
    st.rng = ref.rng._state
    st.result = _result_code(ref.result)
    for lane in range(LANES):
        for side in (0, 1):
            mask = ref.vacated[lane][side]
            _fits(mask.bit_length(), 64, "the letters given up")
            st.vacated[lane][side] = mask
    return buf


def _fits(value: int, limit: int, what: str) -> None:
    if value > limit:
        raise TooBig(f"{what} is larger than the fast engine holds ({value} > {limit})")


def _result_code(result: Outcome | None) -> int:
    if result is None:
        return NO_RESULT
    return DRAW if result.winner is None else result.winner

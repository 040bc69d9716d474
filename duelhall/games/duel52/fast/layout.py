"""The compiled engine's state struct (``D52State`` in core.h), field for field, so Python
reads and writes a state held in a ``bytearray`` without any code in C. Change both together:
the core's ``size()`` is checked against this at import."""

from __future__ import annotations

import ctypes as ct

MAXROW = 52
MAXPEND = 24
MAXWAIT = 52
LANES = 3


class Card(ct.Structure):
    _fields_ = [
        ("card", ct.c_uint8),
        ("rank", ct.c_uint8),
        ("up", ct.c_uint8),
        ("base", ct.c_uint8),
        ("damage", ct.c_uint8),
        ("frozen", ct.c_uint8),
        ("known", ct.c_uint8),
        ("attacks", ct.c_uint8),
        ("bonus", ct.c_uint8),
        ("pad_", ct.c_uint8),
        ("pair", ct.c_uint16),
    ]


class Pending(ct.Structure):
    _fields_ = [
        ("what", ct.c_uint8),
        ("lane", ct.c_int8),
        ("n", ct.c_uint8),
        ("cards", ct.c_uint8 * MAXWAIT),
    ]


class Discard(ct.Structure):
    _fields_ = [
        ("card", ct.c_uint8),
        ("up", ct.c_uint8),
        ("known", ct.c_uint8),
        ("killed", ct.c_uint8),
    ]


OPTION_FIELDS = (
    "opt_removed",
    "opt_first",
    "opt_first_draws",
    "opt_lane_closed",
    "opt_jack_hp",
    "opt_twin_optional",
    "opt_dead_eight",
    "opt_ace_two",
    "opt_nine_immune",
    "opt_discard_revealed",
)


class State(ct.Structure):
    _fields_ = [
        *((name, ct.c_uint8) for name in OPTION_FIELDS),
        ("current", ct.c_uint8),
        ("first_player", ct.c_uint8),
        ("result", ct.c_int8),
        ("error", ct.c_int8),
        ("lane_winner", ct.c_int8 * LANES),
        ("passes", ct.c_uint8),
        ("turn", ct.c_int32),
        ("actions_left", ct.c_int32),
        ("actions_taken", ct.c_int32),
        ("next_pair", ct.c_int32),
        ("rng", ct.c_uint64),
        ("vacated", (ct.c_uint64 * 2) * LANES),
        ("row_n", (ct.c_uint8 * 2) * LANES),
        ("hand_n", ct.c_uint8 * 2),
        ("pile_n", ct.c_uint8),
        ("removed_n", ct.c_uint8),
        ("discard_n", ct.c_uint8),
        ("pending_n", ct.c_uint8),
        ("hands", (ct.c_uint8 * 52) * 2),
        ("pile", ct.c_uint8 * 52),
        ("removed", ct.c_uint8 * 52),
        ("discard", Discard * 52),
        ("rows", ((Card * MAXROW) * 2) * LANES),
        ("pending", Pending * MAXPEND),
    ]


PENDING_WORDS = ("discard", "look", "move", "order")
"""``Pending.what`` as the reference's pending entries name it."""

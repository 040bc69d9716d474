"""A wired state class answers the protocol's describing verbs through its game's wiring."""

from __future__ import annotations

from typing import Any

from duelhall.core.rng import Rng
from duelhall.core.wiring import Wired, Wiring


class _Plain(Wired):
    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n


class _Variant(_Plain):
    __slots__ = ()


def _wiring(extra: dict[str, Any]) -> Wiring:
    return Wiring(
        view=lambda s, seat: {"n": s.n, "seat": seat, **extra},
        determinize=lambda s, seat, rng: type(s)(rng.below(10)),
        parse_action=lambda s, text, seat: (text.upper(), seat),
        to_position=lambda s: {"n": s.n},
        why_illegal=lambda s, action: f"{action} is not legal at {s.n}",
    )


_Plain.wiring = _wiring({})
_Variant.wiring = _wiring({"variant": True})


def test_each_verb_goes_to_the_classs_own_wiring() -> None:
    plain, variant = _Plain(3), _Variant(4)
    assert plain.view(1) == {"n": 3, "seat": 1}
    assert variant.view(None) == {"n": 4, "seat": None, "variant": True}
    assert plain.parse_action("ab") == ("AB", None)
    assert plain.to_position() == {"n": 3}
    assert plain.why_illegal("x") == "x is not legal at 3"
    sample = variant.determinize(0, Rng(5))
    assert type(sample) is _Variant and sample.n == Rng(5).below(10)


def test_wired_states_keep_their_slots() -> None:
    assert not hasattr(_Plain(1), "__dict__")

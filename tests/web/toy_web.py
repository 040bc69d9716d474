"""A tests-only game with a spectator's view and a tiny web hook: the toy high-card game
(tests/core/toy_game.py) as it would look with a board."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from duelhall.core.game import GameInfo, register
from tests.core import toy_game
from tests.core.toy_game import HighCardState, Pick


class WatchedHighCard(HighCardState):
    def public_view(self) -> dict[str, Any]:
        view = self.view(0)
        view["seat"] = None
        hands = []
        for s, hand in enumerate(self.hands):
            chosen = self.chosen[s]
            hands.append(sorted([*hand, chosen]) if chosen is not None else list(hand))
        view["hands"] = hands
        view["chosen"] = [None, None]
        return view

    def clone(self) -> WatchedHighCard:
        new = super().clone()
        new.__class__ = WatchedHighCard  # the toy's copy, watched
        return new  # type: ignore[return-value]


INFO = register(
    GameInfo(
        name="toy-web",
        title="Toy high card on the web",
        seats=2,
        capabilities=toy_game.INFO.capabilities,
        options=(),
        new_state=lambda seed, options: WatchedHighCard(seed, options),  # type: ignore[arg-type,return-value]
        read_position=lambda data: WatchedHighCard(0, {}),  # type: ignore[arg-type,return-value]
        ui="tests.core.toy_game",
        web="tests.web.toy_web",
    )
)


def board_html(view: dict[str, Any], seat: int | None, names: tuple[str, ...]) -> Markup:
    own = (
        ""
        if seat is None
        else " ".join(f'<button data-pick="hand:{c}">{c}</button>' for c in view["hands"][seat])
    )
    return Markup('<div class="toy"><p>{}</p><p>points {}</p>{}</div>').format(
        escape(" v ".join(names)), view["points"], Markup(own)
    )


def action_picks(action: Pick, view: dict[str, Any], seat: int) -> tuple[str, ...]:
    return (f"hand:{action.card}",)


def stylesheet() -> str:
    return ".toy { color: black; }"

"""Building Duel Fighters states at a chosen moment, and playing on with chosen actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhall.agents.base import Observation
from duelhall.core.rng import Rng
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.content import DATA_DIR, FILES, SCENARIOS, parse_content
from duelhall.games.duelfighters.engine.actions import Action
from duelhall.games.duelfighters.engine.board import Plan
from duelhall.games.duelfighters.engine.field import Field
from duelhall.games.duelfighters.engine.sheet import AVAILABLE
from duelhall.games.duelfighters.geometry import Figure
from duelhall.games.duelfighters.heuristic import DuelFightersHeuristic


def new(seed: int = 0, **options: Any) -> DuelFightersState:
    state = INFO.new_state(seed, options)
    assert isinstance(state, DuelFightersState)
    return state


def words(state: DuelFightersState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def do(state: DuelFightersState, seat: int, text: str, *, defend: str | None = "defend") -> None:
    """Apply ``text`` for ``seat``; if it leaves an attack waiting for the victim's Wall of
    Swords decision, answer ``defend`` for the victim too (None: leave it waiting)."""
    state.apply(state.parse_action(text, seat))
    pending = state.board.pending
    if defend is not None and pending is not None and pending.stage == "defend":
        state.apply(state.parse_action(defend, 1 - pending.attacker))


def place(state: DuelFightersState, seat: int, x: float, y: float, facing: float) -> None:
    f = state.board.fighters[seat]
    f.figure = Figure(x, y, facing, f.character.base_mm)


def deployed(seed: int = 0, **options: Any) -> DuelFightersState:
    """A state past deployment, at the first turn (the figures where the first spots are)."""
    state = new(seed, **options)
    while state.phase in ("deploy", "equip"):
        seat = state.to_move()[0]
        state.apply(
            state.legal_actions(seat)[0] if state.phase == "deploy" else Action(seat, ("ready",))
        )
    return state


def executing(
    steps: Sequence[Sequence[Sequence[str]]],
    figures: Sequence[tuple[float, float, float]],
    *,
    seed: int = 0,
    order: tuple[int, int] = (0, 1),
    anticipated: tuple[int, int] = (0, 0),
    dice: Any = None,
    **options: Any,
) -> DuelFightersState:
    """A state in the execution phase of turn 1 with the given programmes and figures (x, y,
    facing); ``dice`` replaces the dice to come (a scripted source)."""
    state = new(seed, **options)
    for seat, (x, y, facing) in enumerate(figures):
        place(state, seat, x, y, facing)
    state.turn = 1
    b = state.board
    b.log = []
    for seat, f in enumerate(b.fighters):
        plan = Plan(f.count(AVAILABLE))
        plan.steps = [tuple(s) for s in steps[seat]]
        plan.shown = len(plan.steps)
        plan.anticipated = anticipated[seat]
        plan.done = True
        b.plans[seat] = plan
        state.limits[seat] = len(plan.steps)
    if dice is not None:
        b.rng = dice
    state.order = order
    state.edited()
    state.begin_execution()
    return state


def random_game(state: DuelFightersState, rng: Rng, limit: int = 5000) -> int:
    """Plays random legal actions to the end; the number of actions."""
    n = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        state.apply(rng.choice(state.legal_actions(seat)))
        n += 1
        assert n < limit
    return n


def one_piece(kind: str) -> Field:
    """An open table with one piece of ``kind`` across the middle (x 250-550, y 395-405)."""
    texts = {name: (DATA_DIR / name).read_text(encoding="utf-8") for name in FILES}
    texts[SCENARIOS] = f"""
[[scenario]]
id = "test"
name = "Test"
text = "One piece."
reconstructed = true
note = "A test."

[[scenario.terrain]]
kind = "{kind}"
at = [400, 400]
size = [300, 10]
"""
    return Field.of(parse_content(texts).scenarios["test"])


def programming(seed: int = 2) -> DuelFightersState:
    """Both seats programming the first turn, each with a marker laid."""
    state = deployed(seed)
    while state.phase != "program":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    state.apply(state.parse_action("mark advance", 0))
    state.apply(state.parse_action("mark attack", 1))
    return state


def to_programming(seed: int = 2) -> DuelFightersState:
    """The first turn's programming, before either seat has laid a marker, reached by the
    heuristic player's deployment and equipment."""
    state = deployed(seed)
    heuristic = DuelFightersHeuristic(INFO, 0)
    while state.phase != "program":
        seat = state.to_move()[0]
        state.apply(heuristic.choose(Observation.of(state, seat)))
    return state

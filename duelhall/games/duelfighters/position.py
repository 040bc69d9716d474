"""Duel Fighters positions: any moment of a duel as a JSON document
(docs/notation/duelfighters.md, "Positions").

A position is the referee's view (:func:`.view.build_view` with no seat) plus the options and
the seed. The dice to come are not part of it: a loaded position rolls them from a generator
seeded with ``seed`` afresh. Derived keys (``to_move``, a sheet's attributes, ``badly_wounded``,
``scenario``, ``table``, ``result``, ``seat``) are written for readers and checked or
recomputed, never trusted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from duelhall.core import fields as F
from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo
from duelhall.core.untrusted import shown

from .combat.attack import AttackSpec, DefenceSpec, Situation, roll_defence
from .effects import ELEMENTS
from .engine import actions as A
from .engine import fight
from .engine.board import DEFEND, PROTECT, Pending, Plan
from .engine.deployment import deployment_order, edge_of
from .engine.sheet import CARD_STATES, EQUIPPED, PLAIN, Card, Fighter
from .engine.state import (
    ANTICIPATION,
    DEPLOY,
    EQUIP,
    EXECUTE,
    ORDER,
    OVER,
    PROGRAM,
    SECRET,
    DuelFightersState,
    Initiative,
)
from .engine.steps import cards_for_all, well_formed
from .engine.targets import NAMED
from .geometry import Figure, Measure
from .view import build_view

KEYS = {
    "game",
    "options",
    "seed",
    "phase",
    "stage",
    "turn",
    "scenario",
    "table",
    "terrain",
    "broken",
    "deploy_first",
    "deployer",
    "placing",
    "acting",
    "initiative",
    "order",
    "current",
    "fighters",
    "plans",
    "hazard",
    "riposte",
    "pending",
    "to_move",
    "spots",
    "seat",
    "log",
    "result",
}
FIGHTER_KEYS = {
    "side",
    "key",
    "character",
    "name",
    "level",
    "attack",
    "defence",
    "intelligence",
    "constitution",
    "wounds",
    "level_up_at",
    "win_at",
    "injuries",
    "downed",
    "badly_wounded",
    "defeated",
    "points",
    "cards",
    "names",
    "figure",
}
PLAN_KEYS = {
    "face_down",
    "steps",
    "open",
    "shown",
    "capacity",
    "limit",
    "anticipated",
    "cut",
    "done",
    "next",
    "marker",
    "finished",
}
INITIATIVE_KEYS = {"faces", "required", "tie", "tie_rolls", "winner"}
PHASES = (DEPLOY, EQUIP, ORDER, PROGRAM, EXECUTE, OVER)


def to_position(state: DuelFightersState) -> dict[str, Any]:
    out = build_view(state, None)
    out["options"] = dict(state.options)
    out["seed"] = state.seed
    return out


def _length(value: Any, what: str, low: float, high: float) -> float:
    if not (F.is_whole(value) or isinstance(value, float)) or not math.isfinite(value):
        raise PositionError(f"{what} must be a number of mm, not {shown(value)}")
    if not low <= value <= high:
        raise PositionError(f"{what} must be between {low:g} and {high:g}, not {value}")
    return float(value)


def _keys(value: Any, keys: set[str], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{what} must be an object, not {shown(value)}")
    F.known_keys(value, keys, what)
    return value


def _figure(state: DuelFightersState, f: Fighter, value: Any, what: str) -> Figure | None:
    if value is None:
        return None
    data = _keys(value, {"x", "y", "facing", "side"}, what)
    table = state.board.field.table
    x = _length(data.get("x"), f"{what} x", 0.0, table.width)
    y = _length(data.get("y"), f"{what} y", 0.0, table.depth)
    facing = _length(data.get("facing"), f"{what} facing", 0.0, 360.0)
    side = data.get("side", f.character.base_mm)
    if side != f.character.base_mm:
        raise PositionError(f"{what} side must be {f.character.base_mm:g}, {f.name}'s base")
    figure = Figure(x, y, facing, f.character.base_mm)
    if not state.board.field.free(figure, state.board.broken, fallen=f.defeated):
        raise PositionError(f"{what} is off the table, on lethal ground or inside scenery")
    return figure


def _fighter(state: DuelFightersState, seat: int, value: Any) -> list[str]:
    """Read fighter ``seat``; the ids of the cards its sheet deals it (at its level)."""
    what = f"fighter of seat {seat}"
    data = _keys(value, FIGHTER_KEYS, what)
    f = state.board.fighters[seat]
    if data.get("character", f.character.id) != f.character.id:
        raise PositionError(f"{what} is {f.character.id}, as the options say")
    level = F.whole(data.get("level", 1), f"{what} level", 1, 2)
    if level == 2:
        f.level_up()
    f.injuries = F.whole(data.get("injuries", 0), f"{what} injuries", 0, 99)
    f.downed = F.flag(data.get("downed", False), f"{what} downed")
    f.defeated = F.flag(data.get("defeated", False), f"{what} defeated")
    f.points = F.whole(data.get("points", 0), f"{what} points", 0, 99)
    dealt = [c.id for c in f.cards]
    if "cards" in data:
        b = state.board
        allies = [b.fighters[i] for i in b.of_side(b.sides[seat]) if i != seat]
        # Allies may have passed equipped cards between them (F64): the side's cards are
        # checked as a whole once every fighter is read.
        passed = {k: v for a in allies for k, v in a.items.items() if k not in f.items}
        exact = None if allies else len(f.cards)
        cards = F.listed(data["cards"], f"{what} cards", exact, "[id, state] pairs")[:40]
        read = []
        for n, pair in enumerate(cards):
            pair = F.listed(pair, f"{what} card {n}", 2, "id, state")
            state_name = F.one_of(pair[1], f"{what} card {n} state", CARD_STATES)
            ident = F.one_of(pair[0], f"{what} card {n}", (PLAIN, *f.items, *passed))
            if ident in passed and state_name != EQUIPPED:
                raise PositionError(f"{what} card {n}: a card passed by an ally is equipped")
            read.append(Card(ident, state_name))
        if not allies and sorted(c.id for c in read) != sorted(c.id for c in f.cards):
            expected = ", ".join(sorted(c.id for c in f.cards))
            raise PositionError(f"{what} cards must be exactly: {expected}")
        got = [c.id for c in read if c.id in passed]  # in the order held, as the engine adds
        f.items = MappingProxyType({**f.items, **{k: passed[k] for k in got}})
        f.cards = read
    f.figure = _figure(state, f, data.get("figure"), f"{what} figure")
    return dealt


def _marker(value: Any, what: str, foes: Sequence[str]) -> tuple[str, str]:
    """A marker and the adversary it names: ``attack at KEY`` as a view writes a marker laid
    with its victim (F76), only where the fighter names victims."""
    if isinstance(value, str) and f" {A.AT} " in value:
        marker, _, key = value.partition(f" {A.AT} ")
        if not foes:
            raise PositionError(
                f"{what} {shown(value)} names a victim: only with option target = "
                "when-programmed and several adversaries"
            )
        return F.one_of(marker, what, NAMED), F.one_of(key, f"{what} victim", foes)
    return F.one_of(value, what, A.HALVES + A.FULLS), ""


def _step(value: Any, what: str, foes: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """A step's markers and the adversary it names ("" for none)."""
    markers = F.listed(value, what)
    read = [_marker(m, f"{what} marker", foes) for m in markers[:3]]
    step = tuple(m for m, _ in read)
    if len(markers) > 3 or not well_formed(step):
        raise PositionError(
            f"{what} holds one full marker, one to three half ones, or a full and a half one"
        )
    return step, next((aim for _, aim in read if aim), "")


def _plan(state: DuelFightersState, value: Any, seat: int) -> tuple[Plan, int]:
    what = f"plan of seat {seat}"
    data = _keys(value, PLAN_KEYS, what)
    plan = Plan(F.whole(data.get("capacity", 0), f"{what} capacity", 0, 20))
    steps = F.listed(data.get("steps", []), f"{what} steps")
    b = state.board
    named = state.options["target"] == "when-programmed" and len(b.of_side(1 - b.sides[seat])) > 1
    foes = [b.keys[i] for i in b.of_side(1 - b.sides[seat])] if named else []
    for n, s in enumerate(steps):
        plan.add(*_step(s, f"{what} step {n}", foes))
    count = len(plan.steps)
    if cards_for_all(plan.steps, "action-card") > 2 * plan.capacity or count > plan.capacity:
        raise PositionError(f"{what} has more steps than its capacity")
    opened = F.listed(data.get("open", []), f"{what} open", meaning="the step being laid")
    if len(opened) > 2:
        raise PositionError(f"{what} open holds the markers of one unfinished step")
    laid = [_marker(m, f"{what} open marker", foes) for m in opened]
    plan.open = [m for m, _ in laid]
    plan.open_aim = next((aim for _, aim in laid if aim), "")
    if plan.open and not well_formed(plan.open):
        raise PositionError(f"{what} open holds the markers of one unfinished step")
    plan.shown = F.whole(data.get("shown", count), f"{what} shown", 0, count)
    plan.anticipated = F.whole(data.get("anticipated", 0), f"{what} anticipated", 0, count)
    plan.cut = F.flag(data.get("cut", False), f"{what} cut")
    plan.done = F.flag(data.get("done", False), f"{what} done")
    plan.next = F.whole(data.get("next", 0), f"{what} next", 0, count)
    plan.finished = F.flag(data.get("finished", False), f"{what} finished")
    top = len(plan.steps[plan.next]) - 1 if plan.next < count else 0
    plan.marker = F.whole(data.get("marker", 0), f"{what} marker", 0, top)
    limit = F.whole(data.get("limit", count), f"{what} limit", 0, plan.capacity)
    return plan, limit


def _initiative(value: Any, count: int) -> Initiative:
    data = _keys(value, INITIATIVE_KEYS, "'initiative'")
    faces = F.listed(data.get("faces", [[]] * count), "initiative faces", count)
    required = F.listed(data.get("required", [0] * count), "initiative required", count)
    rolls = []
    for pair in F.listed(data.get("tie_rolls", []), "tie_rolls")[:50]:
        a, b = F.listed(pair, "a tie-break roll", 2)
        rolls.append((F.whole(a, "a tie-break die", 1, 6), F.whole(b, "a tie-break die", 1, 6)))
    winner = data.get("winner")
    return Initiative(
        faces=tuple(
            tuple(F.whole(x, "an initiative die", 1, 6) for x in F.listed(f, f"faces {i}"))
            for i, f in enumerate(faces)
        ),
        required=tuple(
            None if r is None else F.whole(r, f"required of fighter {i}", 0, 20)
            for i, r in enumerate(required)
        ),
        tie=F.flag(data.get("tie", False), "initiative tie"),
        tie_rolls=tuple(rolls),
        winner=None if winner is None else F.seat(winner, "initiative winner", 2),
    )


MEASURES = tuple(m.value for m in Measure)
SPEC = {
    "dice": (0, 60),
    "attack": (0, 20),
    "maximise": bool,
    "technique": bool,
    "improvised": bool,
    "element": ("", *ELEMENTS),
    "elemental_dice": (0, 60),
    "defend_on": (4, 6),
    "as_position": MEASURES,
    "reroll_misses": bool,
}
SITUATION = {
    "measure": MEASURES,
    "exposed": MEASURES,
    "downed": bool,
    "badly_wounded": bool,
    "contact": bool,
}
DEFENCE = {"dice": (0, 60), "defence": (0, 20), "maximise": bool, "cover": (0, 4)}


def _fields_of(value: Any, form: dict[str, Any], what: str) -> dict[str, Any]:
    """The fields of a combat record (an attack's spec, its situation, a defence) checked
    one by one: flags, whole numbers in a range, or one of a few words."""
    data = _keys(value, set(form) | ({"resists"} if form is DEFENCE else set()), what)
    out: dict[str, Any] = {}
    for key, kind in form.items():
        if key not in data:
            raise PositionError(f"{what} needs {key!r}")
        if kind is bool:
            out[key] = F.flag(data[key], f"{what} {key}")
        elif isinstance(kind[0], int) and len(kind) == 2 and not isinstance(kind[0], bool):
            out[key] = F.whole(data[key], f"{what} {key}", kind[0], kind[1])
        else:
            out[key] = F.one_of(data[key], f"{what} {key}", kind)
    if form is DEFENCE:
        resists = F.listed(data.get("resists", []), f"{what} resists")[:4]
        out["resists"] = tuple(F.one_of(r, f"{what} resists", ELEMENTS) for r in resists)
    return out


def _faces(value: Any, what: str) -> tuple[int, ...]:
    faces = F.listed(value, what)
    if len(faces) > 120:
        raise PositionError(f"{what}: at most 120 dice")
    return tuple(F.whole(x, f"a die of {what}", 1, 6) for x in faces)


def _pending(state: DuelFightersState, value: Any) -> Pending | None:
    if value is None:
        return None
    keys = {"stage", "attacker", "source", "spec", "situation", "attack_faces", "automatic"}
    data = _keys(value, keys | {"defence", "defence_faces", "victim", "then"}, "'pending'")
    stage = F.one_of(data.get("stage"), "pending stage", (DEFEND, PROTECT))
    fighters = len(state.board.fighters)
    attacker = F.seat(data.get("attacker"), "pending attacker", fighters)
    victim = F.seat(data.get("victim", 1 - attacker), "pending victim", fighters)
    if state.board.sides[victim] == state.board.sides[attacker]:
        raise PositionError("pending victim: a fighter of the other side than the attacker's")
    source = data.get("source", "")
    if not isinstance(source, str) or (
        source and fight.source_of(state.board, attacker, source) is None
    ):
        raise PositionError(
            f"pending source {shown(source)} is no technique or card of the attacker"
        )
    spec = _fields_of(data.get("spec"), SPEC, "pending spec")
    spec["as_position"] = Measure(spec["as_position"])
    situation = _fields_of(data.get("situation"), SITUATION, "pending situation")
    situation["measure"] = Measure(situation["measure"])
    situation["exposed"] = Measure(situation["exposed"])
    defence = None
    if stage == PROTECT:
        defence = DefenceSpec(**_fields_of(data.get("defence"), DEFENCE, "pending defence"))
    pending = Pending(
        stage,
        attacker,
        source,
        AttackSpec(**spec),
        Situation(**situation),
        _faces(data.get("attack_faces", []), "pending attack_faces"),
        F.whole(data.get("automatic", 0), "pending automatic", 0, 20),
        defence,
        _faces(data.get("defence_faces", []), "pending defence_faces"),
        victim,
        tuple(
            F.seat(i, "a figure still in the area", fighters)
            for i in F.listed(data.get("then", []), "pending then")[:6]
        ),
    )
    try:
        rolled = fight.reread(state.board, pending)
        if defence is not None:
            again = fight.Replay(pending.defence_faces)
            roll_defence(again, rolled, defence, state.board.rules)
            again.done()
    except ValueError as e:
        raise PositionError(f"'pending': {e}") from None
    if state.phase != EXECUTE:
        raise PositionError("an attack can wait for a decision only in phase 'execute'")
    return pending


def load_position(info: GameInfo, data: Mapping[str, Any]) -> DuelFightersState:
    """A state from a position, every field checked; errors name the key at fault."""
    F.known_keys(data, KEYS, "a Duel Fighters position")
    options = F.options(info, data)
    seed = F.whole(data.get("seed", 0), "'seed'", 0, 2**64 - 1)
    try:
        state = DuelFightersState(options, seed)
    except (DuelhallError, ValueError) as e:
        raise PositionError(str(e)) from None
    b = state.board
    broken = F.listed(data.get("broken", []), "'broken'")
    barrels = [key for key, _ in b.field.barrel_con]
    b.broken = frozenset(F.one_of(k, "a broken barrel", barrels) for k in broken)
    state.phase = F.one_of(data.get("phase", DEPLOY), "'phase'", PHASES)
    state.stage = F.one_of(data.get("stage") or ANTICIPATION, "'stage'", (ANTICIPATION, SECRET))
    state.turn = F.whole(data.get("turn", 0), "'turn'", 0, 999)
    state.first_deployer = F.seat(data.get("deploy_first", 0), "'deploy_first'", 2)
    state.deployer = F.seat(data.get("deployer", state.first_deployer), "'deployer'", 2)
    count = len(b.fighters)
    state.placing = F.seat(data.get("placing", state.deployer), "'placing'", count)
    if b.sides[state.placing] != state.deployer:
        raise PositionError("'placing' names a fighter of the seat deploying")
    fighters = F.listed(data.get("fighters", [{}] * count), "'fighters'", count)
    dealt = [_fighter(state, seat, fighters[seat]) for seat in range(count)]
    for s in (0, 1):
        side = sorted(x for i in b.of_side(s) for x in dealt[i])
        if sorted(c.id for i in b.of_side(s) for c in b.fighters[i].cards) != side:
            raise PositionError(f"seat {s}'s fighters hold between them exactly: {', '.join(side)}")
    figures = [f.figure for f in b.fighters]
    for i, one in enumerate(figures):
        for other in figures[i + 1 :]:
            if one and other and one.polygon.intersection(other.polygon).area > 1e-6:
                raise PositionError("two figures overlap")
    order = deployment_order(state.first_deployer, count)
    placed = order[: order.index(state.placing)]
    needed: list[int] = list(range(count)) if state.phase not in (DEPLOY, EQUIP) else []
    if state.phase == EQUIP:
        needed = [state.placing]
    for seat in needed:
        if figures[seat] is None:
            raise PositionError(f"seat {seat}'s figure must be on the table in phase {state.phase}")
    if state.phase == DEPLOY and figures[state.placing] is not None:
        raise PositionError("the seat to deploy already has its figure on the table")
    if state.phase in (DEPLOY, EQUIP) and any(figures[i] is None for i in placed):
        raise PositionError("the first side must be deployed before the second")
    first = figures[state.first_deployer]
    if first is not None:
        state.first_edge = edge_of(b.field, first)
    state.initiative = _initiative(data.get("initiative", {}), count)
    if state.phase == ORDER and state.initiative.winner is None:
        raise PositionError("phase 'order' needs the initiative's winner")
    order = F.listed(data.get("order", [0, 1]), "'order'", 2)
    state.order = (F.seat(order[0], "'order'", 2), F.seat(order[1], "'order'", 2))
    if set(state.order) != {0, 1}:
        raise PositionError("'order' names each seat once: [0, 1] or [1, 0]")
    state.current = F.seat(data.get("current", state.order[0]), "'current'", 2)
    plans = F.listed(data.get("plans", [{}] * count), "'plans'", count)
    for seat in range(count):
        b.plans[seat], state.limits[seat] = _plan(state, plans[seat], seat)
    hazard = F.listed(data.get("hazard", [False] * count), "'hazard'", count)
    b.hazard = [F.flag(h, "'hazard'") for h in hazard]
    riposte = F.listed(data.get("riposte", [False] * count), "'riposte'", count)
    b.riposte = [F.flag(r, "'riposte'") for r in riposte]
    acting = data.get("acting")
    state.acting = None if acting is None else F.seat(acting, "'acting'", count)
    if state.acting is not None and (
        state.phase != EXECUTE or state.acting not in state.candidates(state.current)
    ):
        raise PositionError("'acting' names a fighter of the seat to play with steps left")
    log = F.listed(data.get("log", []), "'log'")[:200]
    b.log = [x if isinstance(x, str) else shown(x) for x in log]
    beaten = any(all(b.fighters[i].defeated for i in b.of_side(s)) for s in (0, 1))
    if beaten and state.phase != OVER:
        raise PositionError("a side with no one left fighting ends the duel: the phase is 'over'")
    if state.phase == OVER:
        result = F.outcome(data.get("result"), 2)
        b.winner, b.reason = result.winner, result.reason
    b.pending = _pending(state, data.get("pending"))
    for seat, plan in enumerate(b.plans):
        if plan.done and plan.open:
            raise PositionError(f"plan of seat {seat}: a finished stage has no open step")
    if state.phase == EXECUTE:
        state.settle()
        if state.board.over:
            state.phase = OVER
    if state.phase != OVER and not state.to_move():
        raise PositionError(f"nobody is to act in phase {state.phase}: check 'plans' and 'phase'")
    return state

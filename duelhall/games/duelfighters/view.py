"""What a seat sees of a duel, and the re-deal of what it cannot see (F60).

Everything on the table is open: the figures, the terrain, the sheets, card states, points,
the dice already rolled and the turn's log. Hidden from a seat: the other seat's steps of the
programming stage in progress, until both have finished it (F12), and with them the victims
their markers name (F76: a named marker is written into its step, so it is shown with it). No
seed and no dice to come are ever in a view.

:func:`determinize` re-deals exactly that: the other seat's unshown steps are replaced by a
programme sampled with the given generator (random markers until it is finished, when it has
finished; nothing yet, when it has not), and the dice to come by a fresh generator drawn from
it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from duelhall.core.rng import Rng

from .engine import actions as A
from .engine.board import Pending, Plan
from .engine.sheet import Fighter
from .engine.state import DEPLOY, PROGRAM, DuelFightersState
from .engine.targets import NAMED, naming
from .engine.wounds import badly_wounded


def _figure(f: Fighter) -> dict[str, Any] | None:
    if f.figure is None:
        return None
    g = f.figure
    return {"x": g.x, "y": g.y, "facing": g.facing, "side": g.side}


def _fighter(state: DuelFightersState, seat: int, brief: bool = False) -> dict[str, Any]:
    f = state.board.fighters[seat]
    s = f.sheet
    out = {
        "character": f.character.id,
        "name": f.name,
        "side": state.board.sides[seat],  # the seat playing it (duelfighters.sides)
        "key": state.board.keys[seat],  # its word in the notation (with, at)
        "level": f.level,
        "attack": s.attack,
        "defence": s.defence,
        "intelligence": s.intelligence,
        "constitution": s.constitution,
        "wounds": s.wounds,
        "level_up_at": s.level_up_at,
        "win_at": s.win_at,
        "injuries": f.injuries,
        "downed": f.downed,
        "badly_wounded": badly_wounded(state.board, seat),
        "defeated": f.defeated,
        "points": f.points,
        "cards": [[c.id, c.state] for c in f.cards],
        "figure": _figure(f),
    }
    if not brief:
        # The printed names of its special cards and techniques, open to all (F60).
        out["names"] = {
            **{a.id: a.name for a in f.character.abilities},
            **{ident: item.name for ident, item in f.items.items()},
        }
    return out


def laid(step: Sequence[str], aim: str) -> list[str]:
    """A step's markers as a view writes them: the one laid with its victim (F76) as the
    notation lays it, ``attack at KEY``, so the victim is seen exactly when the step is."""
    return [f"{m} {A.AT} {aim}" if aim and m in NAMED else m for m in step]


def _plan(plan: Plan, limit: int, whole: bool, programming: bool) -> dict[str, Any]:
    shown = plan.steps if whole else plan.steps[: plan.shown]
    out: dict[str, Any] = {
        "steps": [laid(step, plan.aim(i)) for i, step in enumerate(shown)],
        # Face-down markers lie on the table once programmed: their number is seen, but not
        # while the other seat may still be laying them (F72).
        "face_down": None if programming and not whole else len(plan.steps) - plan.shown,
        "shown": plan.shown,
        "capacity": plan.capacity,
        "limit": limit,
        "anticipated": plan.anticipated,
        "cut": plan.cut,
        "done": plan.done,
        "next": plan.next,
        "marker": plan.marker,
        "finished": plan.finished,
    }
    if whole:
        out["open"] = laid(plan.open, plan.open_aim)
    return out


def _plain(value: Any) -> dict[str, Any]:
    """A dataclass of the combat package as JSON (its enums as their words)."""
    out = {}
    for key, item in dataclasses.asdict(value).items():
        out[key] = (
            list(item)
            if isinstance(item, tuple)
            else (str(item) if isinstance(item, StrEnum) else item)
        )
    return out


def pending_json(pending: Pending | None) -> dict[str, Any] | None:
    """An attack waiting for its victim's decision, with the dice already rolled."""
    if pending is None:
        return None
    return {
        "stage": pending.stage,
        "attacker": pending.attacker,
        "victim": pending.victim,
        "then": list(pending.then),
        "source": pending.source,
        "spec": _plain(pending.spec),
        "situation": _plain(pending.situation),
        "attack_faces": list(pending.attack_faces),
        "automatic": pending.automatic,
        "defence": None if pending.defence is None else _plain(pending.defence),
        "defence_faces": list(pending.defence_faces),
    }


def _spots(state: DuelFightersState) -> list[str]:
    if state.phase != DEPLOY:
        return []
    seen = {a.words[1]: None for a in state.legal_actions(state.deployer)}
    return list(seen)


def _build(
    state: DuelFightersState, whole: tuple[bool, bool], seat: int | None, brief: bool = False
) -> dict[str, Any]:
    b = state.board
    init = state.initiative
    out = {
        "game": "duelfighters",
        "seat": seat,  # whose eyes: None for the referee's and the public view
        "phase": state.phase,
        "stage": state.stage if state.phase == PROGRAM else None,
        "turn": state.turn,
        "scenario": b.field.scenario.id,
        "table": [b.field.table.width, b.field.table.depth],
        "broken": sorted(b.broken),
        "deploy_first": state.first_deployer,
        "deployer": state.deployer,
        "placing": state.placing,  # the fighter the deployer places
        "acting": state.acting,  # the fighter playing the current seat's step, once named
        "initiative": {
            "faces": [list(f) for f in init.faces],
            "required": list(init.required),
            "tie": init.tie,
            "tie_rolls": [list(r) for r in init.tie_rolls],
            "winner": init.winner,
        },
        "order": list(state.order),
        "current": state.current,
        "fighters": [_fighter(state, i, brief) for i in range(len(b.fighters))],
        "plans": [
            _plan(b.plans[i], state.limits[i], whole[b.sides[i]], state.phase == PROGRAM)
            for i in range(len(b.fighters))
        ],
        "hazard": list(b.hazard),
        "riposte": list(b.riposte),
        "pending": pending_json(b.pending),
        "to_move": list(state.to_move()),
    }
    if brief:
        return out
    result = state.outcome()
    out["terrain"] = [
        {"key": key, "kind": kind, "label": label, "points": [list(p) for p in points]}
        for key, kind, label, points in b.field.outlines
    ]
    # Where the seat deploying may place its figure: open to all, and what a board draws
    # to be clicked.
    out["spots"] = _spots(state)
    out["log"] = list(b.log)
    out["result"] = None if result is None else result.to_json()
    return out


def build_view(state: DuelFightersState, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return _build(state, (True, True), None)
    return _build(state, (seat == 0, seat == 1), seat)


def brief_view(state: DuelFightersState, seat: int) -> dict[str, Any]:
    """``seat``'s view without what a computer player does not read (the log, the terrain's
    outlines, the printed names, the deployment spots, the result): a part of the view, so
    nothing more than it, for the heuristic's moves inside a search's playouts."""
    return _build(state, (seat == 0, seat == 1), seat, brief=True)


def public_view(state: DuelFightersState) -> dict[str, Any]:
    return _build(state, (False, False), None)


def _any_step(state: DuelFightersState, seat: int, rng: Rng) -> tuple[str, ...]:
    """A step the seat might have programmed: one full marker, or one or two half ones."""
    f = state.board.fighters[seat]
    halves = A.HALVES if f.has("turn-about-corner") else A.MOVE_HALVES
    fulls = [m for m in A.FULLS if m != "technique" or f.techniques()]
    pick = rng.below(3)
    if pick == 0:
        return (rng.choice(fulls),)
    return tuple(rng.choice(halves) for _ in range(pick))


def _any_aim(state: DuelFightersState, seat: int, step: Sequence[str], rng: Rng) -> str:
    """The adversary a sampled step might name (F76): any standing, when it names one."""
    b = state.board
    if not naming(b, seat) or not any(m in NAMED for m in step):
        return ""
    return b.keys[rng.choice(b.foes(seat))]


def determinize(state: DuelFightersState, seat: int, rng: Rng) -> DuelFightersState:
    sample = state.clone()
    sample.board.rng = Rng(rng.next_u64())
    # The field is shared by clones for its cache of spots; a sampled world gets its own, so
    # nothing an agent does to its worlds reaches the true game.
    sample.board.field = dataclasses.replace(sample.board.field, spot_cache={})
    other = 1 - seat
    for i in sample.board.of_side(other):
        plan = sample.board.plans[i]
        if state.phase != PROGRAM:
            # With reveal = step the secret steps not yet played are face down (F12): as many
            # steps, sampled afresh.
            hidden = len(plan.steps) - plan.shown
            plan.keep(plan.shown)
            for _ in range(hidden):
                step = _any_step(sample, i, rng)
                plan.add(step, _any_aim(sample, i, step, rng))
            continue
        # Its characters program in turn (F59): those done are programmed afresh, in order,
        # and the one laying markers now has laid none that can be seen.
        plan.keep(plan.shown)
        plan.open, plan.open_aim = [], ""
        if not plan.done:
            break
        plan.done = False
        while not plan.done:
            sample.apply(rng.choice(sample.legal_actions(other)))
    return sample

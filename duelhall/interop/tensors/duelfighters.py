"""Duel Fighters' tensor: a seat's view as fixed, documented numbers in 0..1.

Its length is fixed by the rules options (:func:`layout`): the figures a side fields, and the
content's characters and special cards, whose largest hand of action cards bounds a
programme's steps; not by which characters fight, nor by the scenario. Figures are listed
from the seat's side: its own characters first (first character first), then the other
side's. Sections, in order (sizes in :attr:`Layout.sections`, meanings in docs/interop.md):

- ``game``: phase one-hot, programming stage one-hot, turn over the turn limit, and from the
  seat's side whether it is to act, deployed first, is placing a figure (deploy, equip),
  executes the current step (execute), is player 1, won the initiative, the initiative tie,
  and the result (won, lost, drawn);
- ``figures``: per figure its place, facing, character, sheet, health, points, cards by state,
  initiative dice and its programme (revealed steps one-hot over the 17 markers);
- ``choice``: which figure is being placed or is acting, and the attack waiting for its
  victim's decision (who, against whom, the dice rolled);
- ``terrain``: a 16 x 16 grid over the table per terrain kind (the share of each cell the
  pieces of that kind cover, broken barrels left out), then the broken pieces.

The builder reads the view only, so it holds what the seat may know; the leak tests compare
it across re-deals.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Polygon

from duelhall.core.game import get_game
from duelhall.games.duelfighters.content import TERRAIN_KINDS
from duelhall.games.duelfighters.engine import actions as A
from duelhall.games.duelfighters.engine.content_option import content_of
from duelhall.games.duelfighters.engine.sheet import CARD_STATES, PLAIN
from duelhall.interop.tensors.layout import TensorOverflow

PHASES = ("deploy", "equip", "order", "program", "execute", "over")
STAGES = ("anticipation", "secret")
PLACING = ("deploy", "equip")  # the phases in which a seat places and equips a figure
MARKERS = (*A.HALVES, *A.FULLS)
MARKERS_A_STEP = 3  # three half markers, with Agile (F16)
STEP_FEATURES = 5 + MARKERS_A_STEP * len(MARKERS)
PLAN_SCALARS = 11
GRID = 16
SAMPLES = 8  # points a cell side when the terrain is rasterised
FACES = 6
MEASURES = ("front", "flank", "rear")
# Scales: ample for the built-in data; larger values are capped at 1, never wrapped.
ATTRIBUTE, WOUNDS, POINTS, DICE = 10.0, 20.0, 20.0, 12.0


class PlanTooLong(TensorOverflow):
    """A programme past the most steps the tensor holds (a content change the layout missed)."""


@dataclass(frozen=True)
class Layout:
    """The sizes fixed by the options."""

    per_side: int
    turn_limit: int  # the scale of the turn count (the option; 99 when there is none)
    steps: int  # most steps a programme holds: the most action cards a content character has
    characters: tuple[str, ...]
    items: tuple[str, ...]  # the content's special cards
    copies: Mapping[str, int]  # how many of each card the lineup holds, for scaling counts
    sections: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        figures = 2 * self.per_side
        sections = {
            "game": len(PHASES) + len(STAGES) + 1 + 7 + 3,
            "figures": figures * self.figure_size,
            "choice": 2 * figures + self.pending_size,
            "terrain": (len(TERRAIN_KINDS) + 1) * GRID * GRID,
        }
        object.__setattr__(self, "sections", sections)

    @property
    def figures(self) -> int:
        return 2 * self.per_side

    @property
    def card_size(self) -> int:
        return (1 + len(self.items)) * len(CARD_STATES)

    @property
    def figure_parts(self) -> dict[str, int]:
        """A figure's block, in order: its parts and their sizes."""
        return {
            "place": 6,
            "character": len(self.characters),
            "sheet": 14,
            "hazard, riposte": 2,
            "cards": self.card_size,
            "initiative": 2 + FACES,
            "plan": PLAN_SCALARS,
            "steps": self.steps * STEP_FEATURES,
            "open step": MARKERS_A_STEP * len(MARKERS),
        }

    @property
    def figure_size(self) -> int:
        return sum(self.figure_parts.values())

    def section(self, name: str) -> slice:
        """Where section ``name`` lies in the tensor."""
        start = 0
        for key, size in self.sections.items():
            if key == name:
                return slice(start, start + size)
            start += size
        raise KeyError(name)

    def figure(self, n: int, part: str) -> slice:
        """Where ``part`` of the n-th figure (the seat's own first) lies in the tensor."""
        start = self.section("figures").start + n * self.figure_size
        for key, size in self.figure_parts.items():
            if key == part:
                return slice(start, start + size)
            start += size
        raise KeyError(part)

    @property
    def pending_size(self) -> int:
        return _pending_size(self.figures)

    @property
    def size(self) -> int:
        return sum(self.sections.values())


def layout(options: Mapping[str, Any]) -> Layout:
    """The layout for resolved Duel Fighters ``options``."""
    state: Any = get_game("duelfighters").new_state(0, options)
    content = content_of(str(options.get("content", "")))
    fighters = state.board.fighters
    copies = Counter(card for f in fighters for card in f.character.cards)
    # A character's cards are its special cards and plain ones up to its sheet's number, and
    # a step uses one up (F13); taken over the whole content, so that the length does not
    # change with the characters chosen.
    steps = max(
        max(*(level.action_cards for level in c.levels), len(c.cards))
        for c in content.characters.values()
    )
    return Layout(
        per_side=int(options.get("characters", 1)),
        turn_limit=int(options.get("turn_limit", 30)) or 99,
        steps=steps,
        characters=tuple(content.characters),
        items=tuple(content.cards),
        copies=dict(copies),
    )


def duelfighters_tensor(view: Mapping[str, Any], lay: Layout) -> npt.NDArray[np.float32]:
    me = int(view["seat"])
    fighters = view["fighters"]
    order = [i for i, f in enumerate(fighters) if f["side"] == me] + [
        i for i, f in enumerate(fighters) if f["side"] != me
    ]
    if len(order) != lay.figures:
        raise ValueError(f"a view of {len(order)} figures; the layout holds {lay.figures}")
    place = {fighter: n for n, fighter in enumerate(order)}
    parts = [
        _game(view, me, lay),
        *(_figure(view, i, me, lay) for i in order),
        _choice(view, place, lay),
        _terrain(view),
    ]
    out = np.concatenate(parts).astype(np.float32)
    assert len(out) == lay.size, (len(out), lay.size)
    return out


def _onehot(value: Any, choices: Sequence[Any]) -> list[float]:
    return [float(value == c) for c in choices]


def _scaled(value: float, scale: float) -> float:
    return min(max(value / scale, 0.0), 1.0)


def _game(view: Mapping[str, Any], me: int, lay: Layout) -> npt.NDArray[np.float32]:
    init = view["initiative"]
    result = view["result"]
    winner = None if result is None else result.get("winner")
    values = [
        *_onehot(view["phase"], PHASES),
        *_onehot(view["stage"], STAGES),
        _scaled(view["turn"], lay.turn_limit),
        float(me in view["to_move"]),
        float(view["deploy_first"] == me),
        float(view["phase"] in PLACING and view["deployer"] == me),
        float(view["phase"] == "execute" and view["current"] == me),
        float(view["order"][0] == me),
        float(init["winner"] == me),
        float(bool(init["tie"])),
        float(result is not None and winner == me),
        float(result is not None and winner is not None and winner != me),
        float(result is not None and winner is None),
    ]
    return np.array(values, dtype=np.float32)


def _figure(view: Mapping[str, Any], i: int, me: int, lay: Layout) -> npt.NDArray[np.float32]:
    f = view["fighters"][i]
    width, depth = view["table"]
    g = f["figure"]
    if g is None:
        where = [0.0] * 6
    else:
        turn = math.radians(g["facing"])
        where = [
            1.0,
            _scaled(g["x"], width),
            _scaled(g["y"], depth),
            (math.cos(turn) + 1) / 2,
            (math.sin(turn) + 1) / 2,
            _scaled(g["side"], 100),
        ]
    wounds = max(int(f["wounds"]), 1)
    sheet = [
        float(f["level"] == 2),
        _scaled(f["attack"], ATTRIBUTE),
        _scaled(f["defence"], ATTRIBUTE),
        _scaled(f["intelligence"], ATTRIBUTE),
        _scaled(f["constitution"], ATTRIBUTE),
        _scaled(f["wounds"], WOUNDS),
        _scaled(f["injuries"], wounds),
        float(f["downed"]),
        float(f["badly_wounded"]),
        float(f["defeated"]),
        _scaled(f["points"], POINTS),
        _scaled(f["level_up_at"], POINTS),
        _scaled(f["win_at"], POINTS),
        _scaled(f["points"], f["level_up_at"]) if f["level_up_at"] else 0.0,
    ]
    flags = [float(bool(view["hazard"][i])), float(bool(view["riposte"][i]))]
    return np.concatenate(
        [
            np.array(where + _onehot(f["character"], lay.characters) + sheet + flags),
            _cards(f["cards"], lay),
            _initiative(view["initiative"], i, lay),
            _plan(view["plans"][i], f["side"] == me, lay),
        ]
    ).astype(np.float32)


def _cards(cards: Sequence[Sequence[str]], lay: Layout) -> npt.NDArray[np.float32]:
    """Plain cards by state over the most a character holds, then each special card of the
    content by state over the copies the lineup holds (cards pass between allies, F64)."""
    names = (PLAIN, *lay.items)
    out = np.zeros((len(names), len(CARD_STATES)), dtype=np.float32)
    for ident, state in cards:
        if ident in names:
            out[names.index(ident), CARD_STATES.index(state)] += 1
    out[0] /= lay.steps
    for row, ident in enumerate(lay.items, start=1):
        out[row] /= max(lay.copies.get(ident, 0), 1)
    return np.minimum(out, 1.0).ravel()


def _initiative(init: Mapping[str, Any], i: int, lay: Layout) -> npt.NDArray[np.float32]:
    required = init["required"][i]
    faces = init["faces"][i] if i < len(init["faces"]) else []
    counts = [_scaled(sum(face == v for face in faces), DICE) for v in range(1, FACES + 1)]
    whole = required is None
    return np.array(
        [float(whole), 0.0 if whole else _scaled(required, lay.steps), *counts], dtype=np.float32
    )


def _plan(plan: Mapping[str, Any], mine: bool, lay: Layout) -> npt.NDArray[np.float32]:
    n = lay.steps
    steps = plan["steps"]
    face_down = plan["face_down"]
    known = len(steps)
    hidden = face_down or 0
    total = known if mine else known + hidden
    if total > n:
        raise PlanTooLong(
            f"a Duel Fighters programme of {total} steps; the tensor holds {n}: raise the bound "
            "in duelhall/interop/tensors/duelfighters.py"
        )
    scalars = [
        _scaled(hidden, n),
        float(face_down is None),
        _scaled(plan["shown"], n),
        _scaled(plan["capacity"], n),
        _scaled(plan["limit"], n),
        _scaled(plan["anticipated"], n),
        float(plan["cut"]),
        float(plan["done"]),
        _scaled(plan["next"], n),
        _scaled(plan["marker"], MARKERS_A_STEP),
        float(plan["finished"]),
    ]
    rows = np.zeros((n, STEP_FEATURES), dtype=np.float32)
    for s in range(n):
        is_known = s < known
        rows[s, :5] = [
            float(is_known),
            float(known <= s < total),
            float(s < plan["shown"]),
            float(s < plan["next"]),
            float(s == plan["next"] and s < total),
        ]
        if is_known:
            rows[s, 5:] = _markers(steps[s])
    return np.concatenate(
        [np.array(scalars, dtype=np.float32), rows.ravel(), _markers(plan.get("open") or [])]
    )


def _markers(step: Sequence[str]) -> npt.NDArray[np.float32]:
    out = np.zeros((MARKERS_A_STEP, len(MARKERS)), dtype=np.float32)
    for k, marker in enumerate(step[:MARKERS_A_STEP]):
        out[k, MARKERS.index(marker)] = 1.0
    return out.ravel()


def _choice(
    view: Mapping[str, Any], place: Mapping[int, int], lay: Layout
) -> npt.NDArray[np.float32]:
    figures = lay.figures
    out: list[float] = [
        *_onehot(
            place.get(view["placing"]) if view["phase"] in PLACING else None,
            range(figures),
        ),
        *_onehot(place.get(view["acting"]) if view["acting"] is not None else None, range(figures)),
    ]
    out += _pending(view["pending"], place, figures)
    return np.array(out, dtype=np.float32)


def _faces(faces: Sequence[int]) -> list[float]:
    return [_scaled(sum(face == v for face in faces), DICE) for v in range(1, FACES + 1)]


def _pending(
    pending: Mapping[str, Any] | None, place: Mapping[int, int], figures: int
) -> list[float]:
    """The attack waiting for its victim (F28): who, against whom, the dice rolled."""
    if pending is None:
        return [0.0] * _pending_size(figures)
    attacker = pending["attacker"]
    victim = pending["victim"]
    if victim < 0:  # one a side: the attacker's adversary
        victim = 1 - attacker
    spec, sit, defence = pending["spec"], pending["situation"], pending["defence"]
    source = str(pending["source"]).split(":")[0]
    then = {place.get(i) for i in pending["then"]}
    out = [
        1.0,
        *_onehot(pending["stage"], ("defend", "protect")),
        *_onehot(place.get(attacker), range(figures)),
        *_onehot(place.get(victim), range(figures)),
        *(float(n in then) for n in range(figures)),
        *_onehot(source, ("", "technique", "card")),
        _scaled(spec["dice"], DICE),
        _scaled(spec["attack"], ATTRIBUTE),
        float(spec["maximise"]),
        float(spec["technique"]),
        float(spec["improvised"]),
        float(bool(spec["element"])),
        _scaled(spec["elemental_dice"], DICE),
        _scaled(spec["defend_on"], FACES),
        float(spec["reroll_misses"]),
        *_onehot(spec["as_position"], MEASURES),
        *_onehot(sit["measure"], MEASURES),
        *_onehot(sit["exposed"], MEASURES),
        float(sit["downed"]),
        float(sit["badly_wounded"]),
        float(sit["contact"]),
        *_faces(pending["attack_faces"]),
        _scaled(pending["automatic"], DICE),
        *_faces(pending["defence_faces"]),
        float(defence is not None),
    ]
    if defence is None:
        out += [0.0] * 4
    else:
        out += [
            _scaled(defence["dice"], DICE),
            _scaled(defence["defence"], ATTRIBUTE),
            float(defence["maximise"]),
            _scaled(defence["cover"], FACES),
        ]
    return out


def _pending_size(figures: int) -> int:
    spec = 9 + len(MEASURES)
    situation = 2 * len(MEASURES) + 3
    return 1 + 2 + 3 * figures + 3 + spec + situation + 2 * FACES + 1 + 5


def _terrain(view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    key = json.dumps([view["table"], view["terrain"], view["broken"]], sort_keys=True)
    return _raster(key)


@lru_cache(maxsize=64)
def _raster(key: str) -> npt.NDArray[np.float32]:
    """The terrain planes of one table: each cell the share of it a kind's pieces cover,
    sampled at SAMPLES x SAMPLES points (a scenario's pieces never change, only which barrels
    are broken, so a few tables cover a whole run)."""
    (width, depth), pieces, broken = json.loads(key)
    n = GRID * SAMPLES
    xs = (np.arange(n) + 0.5) * width / n
    ys = (np.arange(n) + 0.5) * depth / n
    gx, gy = np.meshgrid(xs, ys)  # rows are y (depth), columns x (across)
    planes = np.zeros((len(TERRAIN_KINDS) + 1, n, n), dtype=bool)
    for piece in pieces:
        inside = shapely.contains_xy(Polygon(piece["points"]), gx, gy)
        plane = len(TERRAIN_KINDS) if piece["key"] in broken else TERRAIN_KINDS.index(piece["kind"])
        planes[plane] |= inside
    cells = planes.reshape(len(planes), GRID, SAMPLES, GRID, SAMPLES).mean(axis=(2, 4))
    out: npt.NDArray[np.float32] = cells.astype(np.float32).ravel()
    out.flags.writeable = False  # shared by every call that draws this table
    return out

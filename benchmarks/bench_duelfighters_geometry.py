"""Speed of the Duel Fighters table geometry's hot checks, in calls per second on one core.

    python benchmarks/bench_duelfighters_geometry.py [PAIRS]

Pairs of bases are scattered within two card lengths of each other (the distances a duel is
played at), with fresh figures so that building each polygon once is counted too.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from duelhall.games.duelfighters.geometry import (
    CARD_DIAGONAL,
    CARD_LENGTH,
    CONTACT_TOLERANCE,
    Blocker,
    Figure,
    first_contact,
    gap,
    in_combat_distance,
    in_contact,
)


def layouts(count: int, seed: int = 1) -> list[tuple[Figure, Figure]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        a = Figure(400.0, 400.0, rng.uniform(0, 360), 40.0)
        b = Figure(
            400.0 + rng.uniform(-180, 180),
            400.0 + rng.uniform(-180, 180),
            rng.uniform(0, 360),
            40.0,
        )
        if a.polygon.intersection(b.polygon).area == 0.0:
            out.append((a, b))
    return out


def rate(check: Callable[[Figure, Figure], object], pairs: list[tuple[Figure, Figure]]) -> float:
    start = time.perf_counter()
    for a, b in pairs:
        check(a, b)
    return len(pairs) / (time.perf_counter() - start)


def fresh(pairs: list[tuple[Figure, Figure]]) -> list[tuple[Figure, Figure]]:
    """Copies whose polygons are not built yet."""
    return [
        (Figure(a.x, a.y, a.facing, a.side), Figure(b.x, b.y, b.facing, b.side)) for a, b in pairs
    ]


def shapely_only(a: Figure, b: Figure) -> bool:
    """The combat-distance check without the circle fast path, for comparison."""
    return gap(a, b) <= CARD_DIAGONAL + CONTACT_TOLERANCE


def advance_to_contact(a: Figure, b: Figure) -> object:
    return first_contact(a, a.facing, CARD_LENGTH, [Blocker.of("b", b)])


def main(argv: list[str]) -> None:
    pairs = layouts(int(argv[0]) if argv else 20000)
    rows = [
        ("contact check, new figures", rate(in_contact, fresh(pairs))),
        ("combat-distance check, new figures", rate(in_combat_distance, fresh(pairs))),
    ]
    for a, b in pairs:  # build the polygons once, as a search reusing its figures does
        a.corners(), b.corners(), a.polygon, b.polygon
    rows += [
        ("contact check, polygons built", rate(in_contact, pairs)),
        ("combat-distance check, polygons built", rate(in_combat_distance, pairs)),
        ("combat distance by Shapely alone", rate(shapely_only, pairs)),
        ("advance to first contact (one other base)", rate(advance_to_contact, pairs[:2000])),
    ]
    for name, value in rows:
        print(f"{name:45s} {value:12,.0f} /s")


if __name__ == "__main__":
    main(sys.argv[1:])

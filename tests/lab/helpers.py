"""Small studies the lab's tests share: cheap games (Deck Duel, Highlander), few deals."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from duelhall.core.game import get_game
from duelhall.lab.backends import Backend, ProcessBackend
from duelhall.lab.questions.base import Ask, batch_arm
from duelhall.lab.runner import Study, StudyResult, run_study
from duelhall.lab.store import BalanceStore
from duelhall.lab.tasks import Played, Task


def ask(game: str = "highlander", **kw: Any) -> Ask:
    base: dict[str, Any] = {"agents": ("heuristic",), "seed": 3, "precision": 0.2}
    base.update(kw)
    return Ask(info=get_game(game), options=base.pop("options", {}), **base)


def small_study(game: str = "highlander", max_games: int = 24, **options: Any) -> Study:
    a = ask(game)
    arm = batch_arm(a, "batch", options)
    return Study(game, (arm,), a.seed, a.precision, max_games, min_blocks=4)


def facts_of(result: StudyResult) -> list[dict[str, Any]]:
    """Every game's facts, arm by arm and block by block: what must be identical."""
    return [
        {"arm": label, **f.to_json()}
        for label, data in sorted(result.data.items())
        for f in data.games()
    ]


def run(study: Study, folder: Path, backend: Backend | None = None) -> StudyResult:
    engine = backend or ProcessBackend(1)
    try:
        with BalanceStore(folder) as store:
            return run_study(study, store, engine)
    finally:
        engine.close()


class Interrupting:
    """A back-end that plays ``games`` games in this process, then acts as Ctrl-C would."""

    note = "interrupting"

    def __init__(self, games: int) -> None:
        self.left = games

    def play(self, tasks: Sequence[Task]) -> Iterator[Played]:
        from duelhall.lab.tasks import play_task

        for task in tasks:
            if self.left == 0:
                raise KeyboardInterrupt
            self.left -= 1
            yield play_task(task)

    def close(self) -> None:
        pass

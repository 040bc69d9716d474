"""Answering a question end to end: check it, play what the store lacks, write the report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from duelhall.agents.registry import make_agent
from duelhall.core import engines
from duelhall.core.errors import DuelhallError
from duelhall.core.game import option_text
from duelhall.lab.backends import open_backend
from duelhall.lab.questions import QUESTIONS
from duelhall.lab.questions.base import Ask
from duelhall.lab.report.files import write_report
from duelhall.lab.report.model import Report
from duelhall.lab.runner import Progress, StudyResult, check_precision, run_study
from duelhall.lab.store import BalanceStore

# The inputs only some questions read, by Ask field: (the flag, the questions reading it).
# Any other question would ignore them without a word and answer something not asked.
ONLY_FOR: dict[str, tuple[str, tuple[str, ...]]] = {
    "variants": ("--variant", ("first-player",)),
    "players": ("--players", ("first-player",)),
    "heroes": ("--heroes", ("matchups",)),
    "kind": ("--kind", ("matchups",)),
    "a": ("--a", ("compare",)),
    "b": ("--b", ("compare",)),
    "metrics": ("--metrics", ("compare", "metrics")),
}


def refuse_unread(question: str, ask: Ask) -> None:
    """Refuse an input ``question`` does not read, naming the questions that do."""
    for name, (flag, readers) in ONLY_FOR.items():
        if getattr(ask, name) and question not in readers:
            # Rules options reach every question another way.
            other = ", or set the rules with --option" if name in ("variants", "players") else ""
            raise DuelhallError(
                f"{flag} is for {' and '.join(readers)}, not {question}; leave it out{other}"
            )


@dataclass
class Answer:
    report: Report
    result: StudyResult
    summary: dict[str, Any]
    paths: dict[str, Path]
    backend: str


def find_question(name: str) -> str:
    if name not in QUESTIONS:
        raise DuelhallError(f"unknown question {name!r}; ask one of {', '.join(QUESTIONS)}")
    return name


def answer(
    question: str,
    ask: Ask,
    folder: Path,
    *,
    backend: str = "process",
    jobs: int = 1,
    address: str | None = None,
    engine: str = "auto",
    on_progress: Callable[[Progress], None] | None = None,
    on_start: Callable[[str], None] | None = None,
) -> Answer:
    q = QUESTIONS[find_question(question)]
    refuse_unread(question, ask)
    if engine not in engines.ENGINES:
        raise DuelhallError(f"unknown engine {engine!r}; choose {', '.join(engines.ENGINES)}")
    check_precision(ask.precision)
    for info in ask.every_game or (ask.info,):
        for spec in ask.agents:
            make_agent(spec, 0, game=info)  # its settings too, not in the middle of a run
    with engines.using(engine):  # options the engine cannot play are refused here too
        study = q.study(ask)  # refuses bad input before a file is made or a game played
    with BalanceStore(folder) as store:
        where = open_backend(backend, jobs, address, engine)
        try:
            if on_start is not None:
                on_start(where.note)
            result = run_study(study, store, where, on_progress)
        finally:
            where.close()
        report = q.report(ask, result)
        deals = max(len(d.blocks) for d in result.data.values())
        options = {k: option_text(v) for k, v in ask.options.items()}
        summary: dict[str, Any] = {
            "question": question,
            "game": ask.game_name,
            "options": options,
            "agents": list(ask.agents),
            "seed": ask.seed,
            "precision": ask.precision,
            "deals": deals,
            "games": sum(len(d.games()) for d in result.data.values()),
            "stopped_early": result.stopped_early,
            "result": report.data,
        }
        report.setup = {
            "game": ask.title,
            "options": " ".join(f"{k}={v}" for k, v in options.items()) or "defaults",
            "agents": ", ".join(ask.agents),
            "seed": str(ask.seed),
            "precision": f"±{100 * ask.precision:g} points (95%)",
            "deals": f"{deals} (each with every seating)",
            "games": f"{summary['games']} ({result.played} played now, {result.reused} reused "
            "from the store)",
            "stopped early": ", ".join(result.stopped_early) or "none",
            "back-end": where.note,
            "rules engine": engine,
            "store": str(store.path),
        }
        paths = write_report(report, folder, summary)
    return Answer(report, result, summary, paths, where.note)

"""The ``duelhall balance`` command: a progress bar with time left, then where the report is
and its findings."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from duelhall.cli.ladder_view import _stop_on_sigterm
from duelhall.lab.answer import answer
from duelhall.lab.questions.base import Ask
from duelhall.lab.runner import Progress as StudyProgress


def run_balance_command(
    question: str,
    ask: Ask,
    folder: Path,
    *,
    backend: str,
    jobs: int,
    address: str | None,
    engine: str = "auto",
) -> int:
    console = Console(highlight=False, stderr=True)
    out = Console(highlight=False)
    # No refresh thread: workers are forked while the bar shows (see ladder_view).
    bar = Progress(
        TextColumn("[bold]games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[bright_black]{task.fields[note]}"),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=False,
    )
    task_id = bar.add_task("games", total=None, note="")

    def started(note: str) -> None:
        # Only now: input errors come first, each alone on its line.
        bar.start()
        shown.append(True)
        console.print(
            Text(
                f"Playing on {note}; Ctrl-C stops, and the same command resumes from {folder}.",
                style="bright_black",
            )
        )

    def moved(p: StudyProgress) -> None:
        note = f"{p.reused} reused" if p.reused else ""
        # The total shrinks as arms stop early; the bar counts games played or reused.
        bar.update(task_id, total=p.planned, completed=p.played + p.reused, note=note)
        bar.refresh()

    stopped = None
    result = None
    shown: list[bool] = []
    with _stop_on_sigterm() as signals:
        try:
            result = answer(
                question,
                ask,
                folder,
                backend=backend,
                jobs=jobs,
                address=address,
                engine=engine,
                on_progress=moved,
                on_start=started,
            )
        except KeyboardInterrupt:
            stopped = signals[-1]
        finally:
            if shown:
                bar.stop()
    if result is None:
        console.print(
            Text(
                "Stopped: finished games are kept in the store; run the same command to resume.",
                style="yellow",
            )
        )
        return 128 + (stopped or 2)
    out.print(Text(result.report.title, style="bold"))
    for line in result.report.findings:
        out.print(Text(f"• {line}"))
    out.print(
        Text(
            f"Report: {result.paths['html']}  (summary {result.paths['json'].name}, figures in "
            f"{result.paths['figures']}/)",
            style="bright_black",
        )
    )
    return 0

"""The ``duelhall ladder`` command's progress bar and tables."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from duelhall.core.game import GameInfo
from duelhall.sim.ladder import (
    GameResult,
    LadderConfig,
    LadderReport,
    LadderStore,
    check_config,
    play_missing,
    report,
)


def run_ladder_command(
    info: GameInfo,
    specs: tuple[str, ...],
    games: int,
    jobs: int,
    seed: int,
    options: dict[str, Any],
    folder: Path,
) -> int:
    console = Console(highlight=False)
    config = check_config(LadderConfig(info.name, specs, games, seed, options))
    # Opening refuses a folder of another ladder, or one where a ladder is running, at once.
    store = LadderStore(folder, config)
    # No refresh thread: the workers are forked while the bar is shown, and a fork taken
    # while another thread holds a lock can leave the child stuck on it.
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
        auto_refresh=False,
    )
    task_id = progress.add_task("games", total=None)

    def started(total: int, done: int) -> None:
        progress.update(task_id, total=total, completed=done, refresh=True)
        if done:
            console.print(Text(f"Resuming {folder}: {done} of {total} games already played."))

    def planned(workers: int, note: str | None) -> None:
        if note:
            console.print(Text(note, style="yellow"))
        task = progress.tasks[0]
        left = int((task.total or 0) - task.completed)
        where = f"on {workers} worker processes" if workers else "in this process"
        console.print(
            Text(
                f"Playing {left} game{'s' if left != 1 else ''} {where}; Ctrl-C stops, "
                "and the same command resumes.",
                style="bright_black",
            )
        )

    def finished(result: GameResult) -> None:
        progress.advance(task_id)
        progress.refresh()

    stopped = None
    try:
        with _stop_on_sigterm() as signals, progress:
            try:
                play_missing(
                    store, config, jobs=jobs, on_start=started, on_plan=planned, on_game=finished
                )
            except KeyboardInterrupt:
                stopped = signals[-1]
        kept = len(store.done())
        if kept:
            console.print(ladder_tables(report(store, specs, games)))
    finally:
        store.close()
    if kept:
        console.print(
            Text(
                f"Every game's record and result: {folder / 'games.jsonl'} and "
                f"{folder / 'ladder.sqlite'}",
                style="bright_black",
            )
        )
    if stopped is None:
        return 0
    if kept:
        message = "Stopped: finished games are kept; run the same command to resume."
    else:
        message = "Stopped before any game finished; nothing was written."
    console.print(Text(message, "yellow"))
    return 128 + stopped


@contextmanager
def _stop_on_sigterm() -> Iterator[list[int]]:
    """Make SIGTERM stop the ladder as Ctrl-C does: workers ended, games kept, a message.

    Yields the signals received (SIGINT unless SIGTERM came), for the exit status."""
    got = [int(signal.SIGINT)]

    def stop(signum: int, frame: FrameType | None) -> None:
        got.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave signals alone
        yield got
        return
    try:
        yield got
    finally:
        signal.signal(signal.SIGTERM, previous)


def ladder_tables(rep: LadderReport) -> Table:
    outer = Table.grid(padding=(1, 0))
    pairs = Table(
        title="Pairings (score of the better agent: 1 a win, ½ a draw; 95% interval)",
        title_justify="left",
    )
    pairs.add_column("agent")
    pairs.add_column("against")
    pairs.add_column("score", justify="right")
    pairs.add_column("95% interval", justify="right")
    pairs.add_column("games", justify="right")
    for p in rep.pairings:
        s = p.score
        a, b, mean, low, high = p.a, p.b, s.mean, s.low, s.high
        if mean < 0.5:  # read each pairing from the side that scored more
            a, b, mean, low, high = b, a, 1 - mean, 1 - high, 1 - low
        pairs.add_row(a, b, f"{mean:.3f}", f"{low:.3f} – {high:.3f}", str(s.games))
    rated = f", {rep.anchor} = 0" if rep.anchor is not None else ""
    table = Table(
        title=f"Ratings (Bradley–Terry on the Elo scale{rated})",
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("rank", justify="right")
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    table.add_column("games", justify="right")
    table.add_column("score", justify="right")
    table.add_column("median move", justify="right")
    unrated = False
    for rank, st in enumerate(rep.standings, start=1):
        think = "–" if st.median_think is None else f"{st.median_think:.3f}s"
        score = f"{st.score:.3f}" if st.games else "–"
        if st.elo is None:
            unrated = True
            table.add_row("–", st.agent, "–", str(st.games), score, think)
        else:
            table.add_row(str(rank), st.agent, f"{st.elo:+.0f}", str(st.games), score, think)
    if unrated:
        table.caption = "– not rated yet: no game links the agent to the rated ones"
    outer.add_row(pairs)
    outer.add_row(table)
    return outer

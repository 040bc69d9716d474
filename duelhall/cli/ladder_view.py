"""The ``duelhall ladder`` command's progress bar and tables."""

from __future__ import annotations

from pathlib import Path
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
    report,
    run_ladder,
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
    LadderStore(folder, config).close()  # a folder holding another ladder is refused now
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )
    task_id = progress.add_task("games", total=None)

    def started(total: int, done: int) -> None:
        progress.update(task_id, total=total, completed=done)
        if done:
            console.print(Text(f"Resuming {folder}: {done} of {total} games already played."))

    def finished(result: GameResult) -> None:
        progress.advance(task_id)

    interrupted = False
    store = None
    try:
        with progress:
            store = run_ladder(config, folder, jobs=jobs, on_start=started, on_game=finished)
    except KeyboardInterrupt:
        interrupted = True
    if store is None:
        store = LadderStore(folder, config)
    try:
        console.print(ladder_tables(report(store, specs, games)))
    finally:
        store.close()
    console.print(
        Text(
            f"Every game's record and result: {folder / 'games.jsonl'} and "
            f"{folder / 'ladder.sqlite'}",
            style="bright_black",
        )
    )
    if interrupted:
        console.print(
            Text("Interrupted: finished games are kept; run the same command to resume.", "yellow")
        )
        return 130
    return 0


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
    table = Table(
        title=f"Ratings (Bradley–Terry on the Elo scale, {rep.anchor} = 0)", title_justify="left"
    )
    table.add_column("rank", justify="right")
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    table.add_column("games", justify="right")
    table.add_column("score", justify="right")
    table.add_column("median move", justify="right")
    for rank, st in enumerate(rep.standings, start=1):
        think = "-" if st.median_think is None else f"{st.median_think:.3f}s"
        table.add_row(
            str(rank), st.agent, f"{st.elo:+.0f}", str(st.games), f"{st.score:.3f}", think
        )
    outer.add_row(pairs)
    outer.add_row(table)
    return outer

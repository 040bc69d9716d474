"""``duelhall replay FILE --analyse``: each decision against the search's choice."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from duelhall.core.record import Record
from duelhall.sim.analysis import BLUNDER, MISTAKE, Review, analyse


def print_analysis(
    record: Record, spec: str, seats: set[int] | None, names: tuple[str, ...], console: Console
) -> None:
    console.print(
        Text(
            f"Analysis by {spec}: each decision searched from the player's own view. "
            "Loss is the drop in estimated winning chance against the search's favourite.",
            style="bright_black",
        )
    )
    reviews: list[Review] = []
    with console.status("Analysing...") as status:

        def step(number: int, total: int) -> None:
            status.update(f"Analysing action {number} of {total}...")

        for review in analyse(record, spec, seats=seats, on_step=step):
            reviews.append(review)
            console.print(_line(review, names))
    _summary(reviews, names, console)


def _line(r: Review, names: tuple[str, ...]) -> Text:
    text = Text(f"{r.number:>4}. {names[r.seat]}: {r.played}", style="magenta")
    if r.played == r.best:
        text.append(f"   best ({r.best_value:.0%})", style="green")
        return text
    played = "untried" if r.played_value is None else f"{r.played_value:.0%}"
    text.append(f"   search: {r.best} ({r.best_value:.0%}) vs {played}", style="bright_black")
    text.append(f"   loss {r.loss:.2f}", style="yellow" if r.loss < MISTAKE else "red")
    if r.verdict:
        text.append(f"  {r.verdict}", style="bold red")
    return text


def _summary(reviews: list[Review], names: tuple[str, ...], console: Console) -> None:
    table = Table(title="Summary", title_justify="left")
    for column in ("player", "decisions", "agreed", "mean loss", "mistakes", "blunders"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for seat in sorted({r.seat for r in reviews}):
        mine = [r for r in reviews if r.seat == seat]
        agreed = sum(1 for r in mine if r.played == r.best)
        mean = sum(r.loss for r in mine) / len(mine)
        mistakes = sum(1 for r in mine if MISTAKE <= r.loss < BLUNDER)
        blunders = sum(1 for r in mine if r.loss >= BLUNDER)
        table.add_row(
            names[seat], str(len(mine)), str(agreed), f"{mean:.3f}", str(mistakes), str(blunders)
        )
    if not reviews:
        console.print(Text("No decision with more than one choice to analyse.", "yellow"))
        return
    console.print(table)

"""A "thinking..." line with the time taken, while the computer decides.

Shown only on a terminal, and erased when the decision is made, so that the screen keeps
only the move; piped output (a transcript, a test) gets nothing extra. Decisions quicker
than :data:`QUIET_FOR` show nothing at all, so fast agents do not flicker.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.live import Live
from rich.text import Text

QUIET_FOR = 0.3  # seconds before the line appears


@contextmanager
def thinking(
    console: Console, who: str, clock: Callable[[], float] = time.monotonic
) -> Iterator[None]:
    """Within the block, ``who is thinking... 1.2 s`` on a terminal (nothing elsewhere)."""
    if not console.is_terminal:
        yield
        return
    start = clock()

    def line() -> Text:
        elapsed = clock() - start
        if elapsed < QUIET_FOR:
            return Text("")
        return Text(f"{who} is thinking... {elapsed:.1f} s", style="bright_black")

    with Live(
        console=console,
        get_renderable=line,
        refresh_per_second=10,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ):
        yield

"""The lab's figures, drawn with matplotlib's Agg back-end (no display, no network).

One look for every figure: a light grid, intervals as lines with a dot at the estimate, the
no-effect value as a dashed line, and anything significant after correction in the accent
colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.colors import TwoSlopeNorm
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator

INK = "#1f2933"
MUTED = "#7b8794"
ACCENT = "#c2410c"
CALM = "#2563eb"
plt.rcParams.update(
    {
        "font.size": 9,
        "axes.edgecolor": MUTED,
        "axes.labelcolor": INK,
        "xtick.color": INK,
        "ytick.color": INK,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.fonttype": "none",  # text stays text in SVG: smaller, and searchable
        "svg.hashsalt": "duelhall",  # the same figure gives the same SVG
    }
)


def forest(
    labels: Sequence[str],
    estimates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    *,
    reference: float | Sequence[float],
    marked: Sequence[bool],
    xlabel: str,
    percent: bool = True,
) -> Any:
    """Estimates with intervals, one row each (first label on top), and the no-effect line."""
    n = len(labels)
    fig, ax = plt.subplots(figsize=(6.4, 0.8 + 0.32 * max(n, 1)), layout="constrained")
    refs = [reference] * n if isinstance(reference, (int, float)) else list(reference)
    for i in range(n):
        y = n - 1 - i
        colour = ACCENT if marked[i] else CALM
        ax.plot([lows[i], highs[i]], [y, y], color=colour, lw=2, solid_capstyle="round")
        ax.plot(estimates[i], y, "o", color=colour, ms=5)
        ax.plot([refs[i]] * 2, [y - 0.4, y + 0.4], color=MUTED, ls="--", lw=1)
    ax.set_yticks(range(n), list(reversed(labels)))
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel(xlabel)
    if percent:
        # Whole percents only: matplotlib's default steps of 2.5 print 47.5% as "48%".
        ax.xaxis.set_major_locator(MaxNLocator(steps=[1, 2, 5, 10]))
        ax.xaxis.set_major_formatter(lambda x, _pos: f"{100 * x:.0f}%")
    ax.grid(axis="x", color="#e4e7eb", lw=0.8)
    ax.set_axisbelow(True)
    return fig


def heatmap(
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    values: Sequence[Sequence[float | None]],
    *,
    marked: Sequence[Sequence[bool]],
    title_x: str,
    title_y: str,
    centre: float = 0.5,
) -> Any:
    """Win rates of rows against columns, centred on ``centre`` (blue below, orange above);
    significant cells outlined, every cell labelled."""
    rows, cols = len(row_labels), len(col_labels)
    size = 0.9 + 0.42 * max(rows, cols)
    # Names (Duel Fighters' characters) need room that ranks do not, and tilted columns.
    wide = max(len(label) for label in [*row_labels, *col_labels]) > 3
    extra = 0.09 * max(len(label) for label in row_labels) if wide else 0.0
    fig, ax = plt.subplots(
        figsize=(size + 1.2 + extra, size + (0.5 if wide else 0.0)), layout="constrained"
    )
    grid = [[float("nan") if v is None else v for v in row] for row in values]
    spread = max([abs(v - centre) for row in grid for v in row if v == v] + [0.05])
    norm = TwoSlopeNorm(vcenter=centre, vmin=centre - spread, vmax=centre + spread)
    image = ax.imshow(grid, cmap="RdBu_r", norm=norm)
    for i in range(rows):
        for j in range(cols):
            v = grid[i][j]
            if v != v:
                continue
            strong = abs(v - centre) > 0.6 * spread
            ax.text(
                j,
                i,
                f"{100 * v:.0f}",
                ha="center",
                va="center",
                fontsize=7,
                color="white" if strong else INK,
            )
            if marked[i][j]:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, ec=INK, lw=1.8))
    ax.set_xticks(
        range(cols), col_labels, rotation=30 if wide else 0, ha="right" if wide else "center"
    )
    ax.set_yticks(range(rows), row_labels)
    ax.set_xlabel(title_x)
    ax.set_ylabel(title_y)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    bar = fig.colorbar(image, ax=ax, shrink=0.8)
    bar.ax.yaxis.set_major_formatter(lambda x, _pos: f"{100 * x:.0f}%")
    bar.set_label("win rate of the row")
    return fig


def panels(
    titles: Sequence[str],
    series: Sequence[Sequence[tuple[str, float | None, float | None, float | None]]],
) -> Any:
    """Small multiples: one panel a metric, each with its option sets' values and intervals."""
    k = len(titles)
    cols = min(3, max(k, 1))
    rows = (k + cols - 1) // cols
    fig, axes = plt.subplots(
        rows,
        cols,
        figsize=(2.4 * cols + 0.6, 1.7 * rows + 0.3),
        layout="constrained",
        squeeze=False,
    )
    colours = [CALM, ACCENT, "#059669", "#7c3aed"]
    for idx, ax in enumerate(axes.flat):
        if idx >= k:
            ax.set_visible(False)
            continue
        ax.set_title(titles[idx], fontsize=9, color=INK)
        for j, (_label, low, value, high) in enumerate(series[idx]):
            if value is None:
                continue
            c = colours[j % len(colours)]
            if low is not None and high is not None:
                ax.plot([j, j], [low, high], color=c, lw=2)
            ax.plot(j, value, "o", color=c, ms=5)
        ax.set_xticks(range(len(series[idx])), [s[0] for s in series[idx]])
        ax.set_xlim(-0.6, len(series[idx]) - 0.4)
        ax.margins(y=0.15)
        ax.grid(axis="y", color="#e4e7eb", lw=0.8)
        ax.set_axisbelow(True)
    return fig


def histogram(values: Sequence[float], *, xlabel: str) -> Any:
    fig, ax = plt.subplots(figsize=(6.4, 2.6), layout="constrained")
    ax.hist(values, bins=min(30, max(5, len(values) // 4)), color=CALM, alpha=0.85)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.grid(axis="y", color="#e4e7eb", lw=0.8)
    ax.set_axisbelow(True)
    return fig


def close(figure: Any) -> None:
    plt.close(figure)

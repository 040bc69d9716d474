"""What the lab's figures show a reader, read back from matplotlib."""

from __future__ import annotations

import matplotlib.pyplot as plt

from duelhall.lab.report.figures import forest


def test_forest_plot_ticks_fall_on_whole_percents() -> None:
    # A span of about 19 points: matplotlib's default steps put ticks at 47.5% and 52.5%,
    # which a whole-percent label would print as "48%" and "52%".
    fig = forest(
        ["standard", "quick", "long"],
        [0.528, 0.486, 0.558],
        [0.477, 0.436, 0.510],
        [0.580, 0.535, 0.607],
        reference=0.5,
        marked=[False, False, False],
        xlabel="first seat's score",
    )
    fig.canvas.draw()
    ax = fig.axes[0]
    low, high = ax.get_xlim()
    shown = [t for t in ax.get_xticks() if low <= t <= high]
    labels = [ax.xaxis.get_major_formatter()(t, i) for i, t in enumerate(shown)]
    plt.close(fig)
    assert len(shown) >= 3
    assert all(abs(100 * t - round(100 * t)) < 1e-9 for t in shown)
    assert labels == [f"{round(100 * t)}%" for t in shown]
    assert len(set(labels)) == len(labels)

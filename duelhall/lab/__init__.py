"""The balance lab: designers' questions (first-player advantage, matchups, card values, rule
comparisons, design metrics) answered by playing many games with seats swapped on paired
deals, with intervals, plots and a self-contained report. See docs/balance.md.

Layers, imports flowing down: ``tasks`` (one game to play and the facts it gives, ``facts``
and ``features`` measure them), ``store`` (SQLite, games by content), ``backends`` (worker
processes or Ray), ``runner`` (rounds with sequential stopping), ``metrics`` (pluggable
design metrics), ``questions`` (what each question plays and concludes), ``report``.
"""

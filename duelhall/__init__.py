"""duelhall: exact rules engines, computer opponents and tools for two-player duel games."""

__version__ = "0.1.0"

"""The two-player game: its state, view and re-deal, notation reader, position files,
explanations, evaluation and heuristic player, reference text and reveals."""

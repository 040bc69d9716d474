"""Duel 52 for three players, over four triangles (rulebook section 4)."""

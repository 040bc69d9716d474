"""Duel 52 two against two (rulebook section 4)."""

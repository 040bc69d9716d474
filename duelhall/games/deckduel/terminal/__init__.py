"""Deck Duel for a person at a terminal: drawn from views only, never from a state."""

"""Highlander for a person at a terminal: drawn from views and the card file, never a state."""

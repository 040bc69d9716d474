"""Duel Fighters at the terminal: the table map, the sheets and words (:mod:`.render`)."""

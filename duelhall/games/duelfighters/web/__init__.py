"""Duel Fighters in the browser: the ``web`` hook (:mod:`.board`)."""

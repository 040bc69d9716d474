"""Deck Duel in the browser: the table drawn as HTML from a view (``board``)."""

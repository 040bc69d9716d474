"""Highlander in the browser: the duel drawn as HTML from a view (``board``)."""

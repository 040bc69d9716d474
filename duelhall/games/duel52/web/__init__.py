"""Duel 52 in the browser: the table drawn as HTML from a view (the GameInfo ``web`` hook,
:mod:`.board`), the ids a player clicks (:mod:`.picks`) and the drawing's data
(:mod:`.model`), for every mode: the duel with its expansion, three players, two teams."""

"""Duel Fighters, the miniatures duel on a measured table (issue 13): foundations only.

What exists so far: the content data model and its loader (:mod:`.content`, with the effect
vocabulary in :mod:`.effects`) over the editable data files in ``data/`` (characters,
equipment, spells, scenarios; reconstructed items are marked), the table geometry
(``geometry/``), and the rulings in docs/rulings/duelfighters.md. There is no engine yet, so
the game is deliberately **not** in the registry: nothing here can be played.
"""

"""Duel Fighters, the miniatures duel on a measured table (issue 13): foundations only.

What exists so far: the table geometry on Shapely (``geometry/``, conventions in
docs/duelfighters-geometry.md); the content data model and its loader (:mod:`.content`, with
the effect vocabulary in :mod:`.effects`) over the editable data files in ``data/``
(characters, equipment, spells, scenarios; reconstructed items are marked; described in
docs/duelfighters-content.md); the dice and combat resolution as pure functions over the
seeded dice (``combat/``: attacks, the measure's effects, injuries, collisions and terrain
hits); and the rulings in docs/rulings/duelfighters.md. The rules
engine is still to come, so the game is deliberately **not** in the registry: nothing here can
be played yet.
"""

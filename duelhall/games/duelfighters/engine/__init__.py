"""The rules engine of Duel Fighters: the state and its phases (:mod:`.state`), the table
(:mod:`.field`, :mod:`.board`, :mod:`.deployment`), the sheets (:mod:`.sheet`), moving
(:mod:`.movement`), fighting (:mod:`.fight`, :mod:`.wounds`), the action value
(:mod:`.actions`) and the options (:mod:`.options`). It imports nothing of the package
outside ``engine/`` but the foundations (content, geometry, combat)."""

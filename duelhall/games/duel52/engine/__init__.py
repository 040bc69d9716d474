"""What every Duel 52 table mode shares: cards, board cards and actions (with their writing),
the power table, the turn template (:class:`~duelhall.games.duel52.engine.table.Table`),
lane slots, the shared notation verbs, the re-deal helpers, the view and position fields,
and the game's options. Nothing here imports a mode: modes import the engine."""

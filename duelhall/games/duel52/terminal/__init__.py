"""The game in a terminal: the UI hooks, the duel's board rendering and the reading of a
player's typed answers. Reads views only."""

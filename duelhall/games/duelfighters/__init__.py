"""Duel Fighters: the miniatures duel on a measured table (rules engine still to come)."""

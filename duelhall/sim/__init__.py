"""Playing many games between agents: matches, the ladder, tournaments, statistics."""

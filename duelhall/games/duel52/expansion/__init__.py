"""Heroes & Bannermen (heroes, bannermen, forts) and the Vampiric 3s and 4s: the state that
plays them, their powers, and what they add to the duel's view."""

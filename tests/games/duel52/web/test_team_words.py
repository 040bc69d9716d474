"""Team and knowledge words on the Duel 52 board read as a person says them: a seat reads
"Your team" and "Opponents", a spectator the teams by number with their names."""

from __future__ import annotations

import re

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.web import board
from duelhall.web.views import names_for

NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def test_a_team_board_says_your_team_and_who_else_knows_a_card() -> None:
    seen = set()
    for seed in range(6):
        state = get_game("duel52").new_state(seed, {"players": 4})
        rng = Rng(seed)
        for _ in range(50):
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            if state.is_over():
                break
        html = str(board.board_html(state.view(0), 0, names_for(NAMES, 0)))
        assert "Your team" in html and "Opponents" in html
        assert "You &amp;" not in html and "Also known" not in html
        assert "P3 · your partner" in html
        seen.update(re.findall(r'title="(Known to [^"]*)"', html))
    assert seen, "no card known to another seat in these games"
    allowed = re.compile(r"Known to (you|your partner Player 3|Player [24])( and .+)? too")
    assert all(allowed.fullmatch(t) for t in seen), seen
    watched = str(board.board_html(state.public_view(), None, NAMES))
    assert "Team 1 (Player 1 and Player 3)" in watched and "Your team" not in watched

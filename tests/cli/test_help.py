"""``?`` help at the prompt: one line for each word a player meets on the table (issue 11)."""

from __future__ import annotations

from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.game import get_game
from duelhall.games.highlander.engine.cards import KEYWORDS
from duelhall.games.highlander.terminal import render as highlander_render


def test_highlander_help_gives_every_card_word_one_line() -> None:
    assert set(highlander_render.CARD_WORDS) == set(KEYWORDS)
    state = get_game("highlander").new_state(1, {})
    text = highlander_render.help_for(state.view(0))
    assert "  power N     a strike on offence deals N more damage" in text
    assert "  flow        playing the card costs no follow-up penalty" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_highlander_question_mark_at_the_prompt_shows_the_card_words() -> None:
    result = CliRunner().invoke(
        cli, ["play", "highlander", "--seed", "1", "--opponent", "random"], input="?\nq\n"
    )
    assert "Card words" in result.output and "riposte N" in result.output

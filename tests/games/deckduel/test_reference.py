"""``duelhall rules deckduel``: the reference text and the rulings it lists."""

from __future__ import annotations

from duelhall.core.reference import WIDTH
from duelhall.games.deckduel.engine.options import OPTIONS
from duelhall.games.deckduel.terminal.reference import reference_text


def test_reference_lists_every_ruling_option_and_fits() -> None:
    text = reference_text({})
    for opt in OPTIONS:
        if opt.name != "turn_limit":
            assert opt.name in text
    assert "after 1000 turns" in text
    assert max(len(line) for line in text.splitlines()) <= WIDTH


def test_reference_follows_the_options_given() -> None:
    text = reference_text({"reshuffle": "remaining", "turn_limit": 0})
    assert "reshuffle          = remaining   *" in text
    assert "turns the healthier" not in text

"""``duelhall rules highlander``: the procedure, the cards from the file, the rulings."""

from __future__ import annotations

import re
from pathlib import Path

from duelhall.games.highlander.engine.cards import DATA_FILE, load_cards
from duelhall.games.highlander.terminal.reference import reference_text


def test_reference_lists_every_card_and_both_characters() -> None:
    text = reference_text({})
    for card in load_cards().cards:
        assert f"{card.id:<10} {card.name}" in text
    for char in load_cards().characters.values():
        assert char.name in text
        for ability in char.abilities:
            assert ability.name in text
    assert "reconstructed for duelhall" in text


def test_reference_shows_the_rulings_in_force() -> None:
    default = reference_text({})
    changed = reference_text({"unlock": "round", "kurgan": "2"})
    assert re.search(r"unlock += clash +  ", default)
    assert re.search(r"unlock += round +\* ", changed)
    assert "player 2 plays The Kurgan" in changed


def test_reference_follows_the_cards_option(tmp_path: Path) -> None:
    mine = (
        DATA_FILE.read_text(encoding="utf-8")
        .replace('name = "Thrust"', 'name = "Stab"')
        .replace("reconstructed = true", "reconstructed = false")
    )
    text = reference_text({"cards": mine})
    assert "Stab" in text and "Thrust " not in text
    assert "reconstructed for duelhall" not in text


def test_reference_lines_fit_the_terminal() -> None:
    assert max(len(line) for line in reference_text({}).splitlines()) <= 88


def test_reference_card_table_matches_the_cards_document() -> None:
    """docs/highlander-cards.md shows the same card table as the built-in file."""
    doc = (Path(__file__).parents[3] / "docs" / "highlander-cards.md").read_text("utf-8")
    text = reference_text({})
    for card in load_cards().cards:
        line = next(x for x in text.splitlines() if x.startswith(f"  {card.id:<10} "))
        assert line in doc, f"docs/highlander-cards.md is out of date for {card.id}"

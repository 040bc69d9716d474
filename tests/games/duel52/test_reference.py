"""The `duelhall rules duel52` reference text (duelhall/games/duel52/duel/reference.py)."""

from __future__ import annotations

import pytest

from duelhall.core.game import get_game
from duelhall.games.duel52.duel.reference import WIDTH, reference_text
from duelhall.games.duel52.engine.options import OPTIONS
from duelhall.games.duel52.engine.powers import BASE_POWERS

GAME = get_game("duel52")


def _rulings(text: str) -> dict[str, str]:
    """Option name -> the value shown for it under 'Rulings in force'."""
    section = text.split("Rulings in force", 1)[1]
    shown: dict[str, str] = {}
    for line in section.splitlines()[1:]:
        words = line.split()
        if len(words) >= 3 and words[1] == "=":
            shown[words[0]] = words[2]
    return shown


def _flat_rulings(text: str) -> str:
    """The 'Rulings in force' section with line wrapping undone."""
    return " ".join(text.split("Rulings in force", 1)[1].split())


def test_reference_names_all_thirteen_powers_with_nicknames() -> None:
    text = reference_text({})
    assert len(BASE_POWERS) == 13
    for power in BASE_POWERS.values():
        assert power.name in text
        assert power.nickname in text


def test_reference_lists_every_option_at_its_default() -> None:
    shown = _rulings(reference_text({}))
    expected = {
        opt.name: (str(opt.default).lower() if isinstance(opt.default, bool) else str(opt.default))
        for opt in OPTIONS
    }
    assert shown == expected


def test_reference_accepts_fully_resolved_options() -> None:
    assert reference_text(GAME.resolve_options({})) == reference_text({})


@pytest.mark.parametrize(
    ("name", "value", "shown", "phrase"),
    [
        ("ace_attacks", "stack", "stack", "adds one attack"),
        ("lane_win", "closed", "closed", "closed to them"),
        ("facedown_nine_immune", True, "true", "may still flip itself"),
        ("facedown_jack_hp", 3, "3", "3 hit points even while face-down"),
        ("twinstrike_optional", True, "true", "may strike just one card"),
        ("dead_eight_retaliates", False, "false", "does not damage"),
        ("view_discard", "revealed", "revealed", "face-up"),
        ("first_player_draws", "false", "false", "skips the draw"),
        ("variant", "quick", "quick", "16 cards"),
    ],
)
def test_reference_changing_an_option_changes_the_rulings(
    name: str, value: object, shown: str, phrase: str
) -> None:
    default = reference_text({})
    changed = reference_text({name: value})
    assert changed != default
    assert _rulings(changed)[name] == shown
    assert phrase in _flat_rulings(changed)
    assert phrase not in _flat_rulings(default)
    # Only the changed option differs among the rulings listed.
    before, after = _rulings(default), _rulings(changed)
    assert {k for k in before if before[k] != after[k]} == {name}


def test_reference_marks_changed_rulings() -> None:
    changed = reference_text({"ace_attacks": "stack"})
    line = next(ln for ln in changed.splitlines() if ln.strip().startswith("ace_attacks"))
    assert "*" in line
    default_line = next(
        ln for ln in reference_text({}).splitlines() if ln.strip().startswith("ace_attacks")
    )
    assert "*" not in default_line


def test_reference_body_follows_options() -> None:
    assert "face-down Jacks 2" in reference_text({})
    assert "face-down Jacks 3" in reference_text({"facedown_jack_hp": 3})
    assert "10 cards are set aside unseen" in reference_text({})
    assert "0 cards are set aside unseen" in reference_text({"variant": "long"})


def _winning(text: str) -> str:
    """The 'Winning' section with line wrapping undone."""
    return " ".join(text.split("\nWinning\n", 1)[1].split("Rulings in force", 1)[0].split())


def test_reference_defaults_state_the_rulebook_readings() -> None:
    text = reference_text({})
    winning = _winning(text)
    assert "no cards in it and none left to play" in winning
    assert "may play cards into it again" in winning
    assert "closed" not in winning
    assert "stays won" in winning
    assert "Never more than two attacks a turn." in " ".join(text.split())
    assert "freezes face-down 9s" in _flat_rulings(text)


def test_reference_winning_section_follows_lane_win() -> None:
    winning = _winning(reference_text({"lane_win": "closed"}))
    assert "as soon as the opponent has no cards left in it" in winning
    assert "closed to them for good" in winning
    assert "none left to play" not in winning
    assert "stays won" in winning


def test_reference_ace_text_follows_ace_attacks() -> None:
    flat = " ".join(reference_text({"ace_attacks": "stack"}).split())
    assert "Never more than two attacks a turn." not in flat


@pytest.mark.parametrize(
    "options",
    [{}, {"lane_win": "closed", "ace_attacks": "stack", "facedown_nine_immune": True}],
)
def test_reference_is_plain_text_within_width(options: dict[str, object]) -> None:
    text = reference_text(options)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert text.isascii()
    for markup in ("**", "##", "`", "<b>", "[bold"):
        assert markup not in text

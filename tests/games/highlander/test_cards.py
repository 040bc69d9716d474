"""The reconstructed card file: loaded, checked, and replaceable by a player's own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from duelhall.games.highlander.engine.cards import DATA_FILE, CardDataError, load_cards, pin_cards

from .helpers import clash, new

BASE = DATA_FILE.read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_cards_builtin_file_has_23_combat_cards_and_two_characters() -> None:
    cards = load_cards()
    assert len(cards.cards) == 23
    assert cards.reconstructed is True
    assert set(cards.characters) == {"connor", "kurgan"}
    for char in cards.characters.values():
        assert len(char.abilities) == 2
        assert char.abilities[0].threshold < char.abilities[1].threshold
    assert "RECONSTRUCTED" in BASE


def test_cards_geometry_mirrors_positions() -> None:
    cards = load_cards()
    lowcut = cards.card("lowcut")
    assert lowcut is not None and lowcut.positions == (1,) and lowcut.mirror == 1 << 4
    overhead = cards.card("Overhead Cut")
    assert overhead is not None and overhead.mirror == overhead.mask  # 2+4 is symmetric


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'positions = [3]\nfollow_up = [2, 4]\neffects = ["power 1"]',
            'positions = [7]\nfollow_up = [2, 4]\neffects = ["power 1"]',
            "card 1 ('thrust'), positions: 7 is not a position",
        ),
        (
            'follow_up = [3, 4]\neffects = ["momentum 1"]',
            'follow_up = []\neffects = ["momentum 1"]',
            "card 2 ('lunge'), follow_up: must list",
        ),
        (
            'effects = ["riposte 1"]\n\n[[card]]\nid = "highguard"',
            'effects = ["stab 1"]\n\n[[card]]\nid = "highguard"',
            "card 12 ('parry'), effects: 'stab 1' is not an effect",
        ),
        ('id = "lunge"', 'id = "thrust"', "card 2 ('thrust'), id: 'thrust' is already used"),
        ('name = "Lunge"\n', 'nmae = "Lunge"\n', "card 2 ('lunge'), nmae: unknown field"),
        ("threshold = 3", "threshold = -1", "character 1 ('kurgan'), ability 1 threshold"),
        ('key = "connor"', 'key = "ramirez"', "character 2 ('ramirez'), key"),
        ("positions = 5", "positions = 12", "[meta] positions"),
    ],
)
def test_cards_bad_data_names_the_card_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in BASE, old
    path = _write(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(CardDataError) as info:
        pin_cards(str(path))
    assert message in str(info.value)
    assert str(path) in str(info.value)


def test_cards_not_toml_or_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not valid TOML"):
        pin_cards(str(_write(tmp_path, "[[card]\n")))
    with pytest.raises(CardDataError, match="cannot read card file"):
        pin_cards(str(tmp_path / "missing.toml"))


def test_cards_option_loads_a_players_file_and_changes_the_game(tmp_path: Path) -> None:
    # Make Thrust a three-position card with power 2: the same clash now deals 5, not 2.
    edited = BASE.replace(
        'positions = [3]\nfollow_up = [2, 4]\neffects = ["power 1"]',
        'positions = [1, 3, 5]\nfollow_up = [2, 4]\neffects = ["power 2"]',
        1,
    )
    mine = pin_cards(str(_write(tmp_path, edited, "mine.toml")))
    from .helpers import make

    ours = clash(make((["thrust", "lunge"], ["overhead", "bind"])), "thrust", "overhead")
    theirs = clash(
        make((["thrust", "lunge"], ["overhead", "bind"]), options={"cards": mine}),
        "thrust",
        "overhead",
    )
    assert ours.damage == [0, 2]
    assert theirs.damage == [0, 5]
    game = new(4, cards=mine)
    assert game.cards.card("thrust").positions == (1, 3, 5)  # type: ignore[union-attr]
    assert new(4).cards.card("thrust").positions == (3,)  # type: ignore[union-attr]


def test_cards_bad_data_in_the_option_is_an_error_at_start() -> None:
    with pytest.raises(CardDataError, match="threshold"):
        new(1, cards=BASE.replace("threshold = 3", 'threshold = "four"', 1))


def test_cards_option_keeps_the_files_text_so_records_replay_without_it(
    tmp_path: Path,
) -> None:
    from duelhall.core.game import get_game
    from duelhall.core.record import Record, replay
    from duelhall.sim.match import play_match

    path = _write(tmp_path, BASE.replace('name = "Thrust"', 'name = "Stab"', 1), "mine.toml")
    info = get_game("highlander")
    options = info.resolve_options({"cards": str(path)}, command_line=True)
    assert options["cards"] == path.read_text(encoding="utf-8")
    played = play_match(info, ["random", "random"], 12, options)
    saved = Record.from_json(played.record.to_json())
    path.write_text(BASE, encoding="utf-8")  # the player edits the file later...
    again = replay(saved)
    assert again.cards.card("stab") is not None  # type: ignore[attr-defined]
    path.unlink()  # ...or deletes it: the record does not need it
    assert replay(saved).outcome() == again.outcome()
    assert again.outcome() is not None
    assert again.outcome().to_json() == played.record.result  # type: ignore[union-attr]


def test_cards_option_given_card_data_checks_it() -> None:
    from duelhall.core.game import get_game

    info = get_game("highlander")
    broken = BASE.replace("threshold = 3", 'threshold = "four"', 1)
    with pytest.raises(CardDataError, match="threshold"):
        info.resolve_options({"cards": broken})
    assert info.resolve_options({"cards": BASE})["cards"] == BASE

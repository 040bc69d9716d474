"""The game registry and rules options: lookup, coercion, defaults and error messages."""

from __future__ import annotations

from typing import Any

import pytest

from duelhall.core.errors import DuelhallError, OptionError, UnknownGameError
from duelhall.core.game import Capability, Option, game_names, get_game
from duelhall.games.duel52.engine.options import OPTIONS

GAME = get_game("duel52")


def test_duel52_is_registered_with_its_declaration() -> None:
    assert "duel52" in game_names()
    assert GAME.name == "duel52"
    assert GAME.seats == 2
    assert GAME.has(Capability.HIDDEN_INFORMATION)
    assert GAME.has(Capability.CHANCE)
    assert not GAME.has(Capability.SIMULTANEOUS)
    assert {"standard", "quick", "long"} <= set(GAME.variants)
    assert {"heroes", "bannermen", "heroes-bannermen", "ultimate", "vampiric"} <= set(GAME.variants)


def test_unknown_game_names_the_available_games() -> None:
    with pytest.raises(UnknownGameError) as err:
        get_game("chess")
    message = str(err.value)
    assert "'chess'" in message
    assert "duel52" in message
    assert isinstance(err.value, DuelhallError)


def test_defaults_follow_the_rulebook() -> None:
    assert GAME.resolve_options() == {
        "players": 2,
        "variant": "standard",
        "first_player": "random",
        "first_player_draws": True,
        "lane_win": "hand-empty",
        "facedown_jack_hp": 2,
        "twinstrike_optional": False,
        "dead_eight_retaliates": True,
        "ace_attacks": "two",
        "facedown_nine_immune": False,
        "view_discard": "hidden",
        # The expansion and the Vampiric variant are off unless asked for.
        "heroes": False,
        "hero_ranks": "random",
        "bannermen": False,
        "forts": False,
        "vampiric": False,
    }
    assert GAME.resolve_options(None) == GAME.resolve_options({})


def test_every_option_default_is_one_of_its_choices() -> None:
    for opt in OPTIONS:
        assert opt.help
        if opt.choices:
            assert opt.default in opt.choices, opt.name
        assert opt.coerce(opt.default) == opt.default


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"variant": "quick"}, {"variant": "quick"}),
        ({"first_player": 2}, {"first_player": "2"}),  # a number from JSON or a command line
        ({"first_player": "1"}, {"first_player": "1"}),
        ({"facedown_jack_hp": "3"}, {"facedown_jack_hp": 3}),  # text to the int choice
        ({"facedown_jack_hp": 3}, {"facedown_jack_hp": 3}),
        ({"first_player_draws": "false"}, {"first_player_draws": False}),
        ({"first_player_draws": "No"}, {"first_player_draws": False}),
        ({"first_player_draws": "0"}, {"first_player_draws": False}),
        ({"twinstrike_optional": "yes"}, {"twinstrike_optional": True}),
        ({"twinstrike_optional": " ON "}, {"twinstrike_optional": True}),
        ({"twinstrike_optional": 1}, {"twinstrike_optional": True}),
        ({"dead_eight_retaliates": False}, {"dead_eight_retaliates": False}),
        ({"variant": " Quick "}, {"variant": "quick"}),  # as typed on a command line
        ({"lane_win": "HAND-EMPTY"}, {"lane_win": "hand-empty"}),
        ({"lane_win": "Closed"}, {"lane_win": "closed"}),
        ({"ace_attacks": "STACK"}, {"ace_attacks": "stack"}),
        ({"facedown_nine_immune": "true"}, {"facedown_nine_immune": True}),
    ],
)
def test_options_are_coerced(given: dict[str, Any], expected: dict[str, Any]) -> None:
    resolved = GAME.resolve_options(given)
    for name, value in expected.items():
        assert resolved[name] == value
        assert type(resolved[name]) is type(value)
    untouched = set(resolved) - set(given)
    defaults = GAME.resolve_options()
    assert all(resolved[name] == defaults[name] for name in untouched)


def test_unknown_option_lists_the_known_ones() -> None:
    with pytest.raises(OptionError) as err:
        GAME.resolve_options({"varient": "quick"})
    message = str(err.value)
    assert "'varient'" in message
    assert "duel52" in message
    for opt in OPTIONS:
        assert opt.name in message


def test_bad_choice_lists_the_allowed_values() -> None:
    with pytest.raises(OptionError) as err:
        GAME.resolve_options({"variant": "blitz"})
    message = str(err.value)
    assert "'variant'" in message and "'blitz'" in message
    assert "standard, quick, long" in message


def test_bad_int_choice_lists_the_allowed_values() -> None:
    with pytest.raises(OptionError, match=r"'facedown_jack_hp' takes one of 2, 3; got 4"):
        GAME.resolve_options({"facedown_jack_hp": 4})


def test_a_boolean_is_not_a_numbered_choice() -> None:
    with pytest.raises(
        OptionError, match=r"'first_player' takes one of random, 1, 2, 3, 4; got True"
    ):
        GAME.resolve_options({"first_player": True})


@pytest.mark.parametrize("value", ["maybe", "2", "", None])
def test_bad_boolean_says_true_or_false(value: Any) -> None:
    with pytest.raises(OptionError, match=r"'first_player_draws' takes true or false"):
        GAME.resolve_options({"first_player_draws": value})


def test_free_int_and_free_text_options() -> None:
    count = Option("count", 3, "a number")
    assert count.coerce("12") == 12
    assert count.coerce(" 12 ") == 12
    assert count.coerce(7) == 7
    assert count.coerce(7.0) == 7
    for bad in (7.5, True, "7.5", [7]):
        with pytest.raises(OptionError, match="'count' takes a whole number"):
            count.coerce(bad)
    with pytest.raises(OptionError, match=r"'count' takes a whole number, not 'lots'"):
        count.coerce("lots")
    with pytest.raises(OptionError, match="whole number"):
        count.coerce(None)
    label = Option("label", "x", "free text")
    assert label.coerce("anything") == "anything"


def test_option_lookup_by_name() -> None:
    assert GAME.option("variant").default == "standard"
    with pytest.raises(OptionError, match="has no option 'nope'"):
        GAME.option("nope")


def test_new_state_checks_its_options() -> None:
    with pytest.raises(OptionError):
        GAME.new_state(1, {"variant": "blitz"})
    with pytest.raises(OptionError):
        GAME.new_state(1, {"colour": "red"})
    state = GAME.new_state(1, {"variant": "quick", "facedown_jack_hp": "3"})
    assert state.options["variant"] == "quick"
    assert state.options["facedown_jack_hp"] == 3


def test_first_player_must_be_one_of_the_players() -> None:
    with pytest.raises(OptionError, match="only 2 players"):
        GAME.new_state(1, {"first_player": "3"})
    assert GAME.new_state(1, {"players": 3, "first_player": "3"}).to_move() == (2,)


def test_an_option_pin_runs_after_the_type_is_checked() -> None:
    seen: list[Any] = []

    def pin(value: Any) -> Any:
        seen.append(value)
        return f"pinned:{value}"

    opt = Option("file", "", "a file", pin=pin)
    assert opt.coerce("a.toml", command_line=True) == "pinned:a.toml"
    assert seen == ["a.toml"]
    flag = Option("flag", False, "a flag", pin=lambda v: not v)
    assert flag.coerce("yes", command_line=True) is False  # converted to True first, then pinned


def test_an_option_pin_serves_the_command_line_only() -> None:
    """Values from records, positions and ladders never reach the pin (which may read a
    file): they go through the option's check, which accepts data alone."""
    pinned: list[Any] = []

    def refuse_paths(value: Any) -> Any:
        if "\n" not in value:
            raise OptionError("data, not a path")
        return value

    opt = Option("file", "", "a file", pin=pinned.append, check=refuse_paths)
    with pytest.raises(OptionError, match="data, not a path"):
        opt.coerce("/dev/zero")
    assert opt.coerce("a\nb") == "a\nb"
    assert pinned == []
    opt.coerce("/dev/zero", command_line=True)
    assert pinned == ["/dev/zero"]


def test_option_text_is_what_a_person_types() -> None:
    from duelhall.core.game import option_text

    assert option_text(True) == "true"
    assert option_text(3) == "3"
    assert option_text("hand-empty") == "hand-empty"
    assert option_text("[meta]\nx = 1\n") == "<data of 2 lines>"

"""The ``duelhall`` command as a person (or a script) uses it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.record import load, replay
from tests.command_line import run as run_command


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    argv = list(args)
    if argv[0] == "play" and "--opponent" not in argv:
        argv += ["--opponent", "random"]  # the default (medium) searches, which is slow here
    return run_command(*argv, input=input)


def test_piped_input_plays_a_whole_game_and_records_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "duel52", "--seed", "5", "--record", str(record), input="1\n" * 2000)
    assert code == 0, out
    assert "wins the game" in out or "drawn" in out
    final = replay(load(record))
    saved = json.loads(record.read_text())
    assert final.outcome() is not None
    assert saved["result"] == final.outcome().to_json()  # type: ignore[union-attr]


def test_illegal_input_is_refused_with_reason_and_asked_again() -> None:
    code, out = run(
        "play",
        "duel52",
        "--seed",
        "5",
        "--option",
        "first_player=1",
        input="attack 1a 1A\n99\nplay 2S 4\n1\n",
    )
    assert "Not allowed" in out
    assert "choose a number from 1 to" in out
    assert "lane must be 1, 2 or 3" in out
    assert code == 1  # input ran out before the game ended: stopped, not finished


def test_same_seed_and_inputs_give_the_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run("play", "--seed", "11", "--record", str(a), input="1\n" * 2000)
    run("play", "--seed", "11", "--record", str(b), input="1\n" * 2000)
    assert load(a).actions == load(b).actions


def test_hotseat_hides_hands_between_turns() -> None:
    code, out = run("play", "duel52", "--hotseat", "--seed", "2", input="1\n\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Pass the terminal to Player 2" in out
    assert "Computer" not in out


def test_unknown_option_fails_with_clear_message() -> None:
    code, out = run("play", "duel52", "--option", "lanes=4")
    assert code == 1
    assert "has no option 'lanes'" in out


def test_bad_option_value_names_the_choices() -> None:
    code, out = run("play", "duel52", "--variant", "huge")
    assert code == 1
    assert "variants: standard, quick, long" in out


def test_missing_record_file_is_an_error(tmp_path: Path) -> None:
    code, out = run("replay", str(tmp_path / "no-such-folder" / "record.json"))
    assert code == 1
    assert "cannot read record" in out


def test_replay_shows_each_action_from_a_seat_view(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("play", "--seed", "4", "--record", str(record), input="1\n" * 2000)
    code, out = run("replay", str(record), "--view", "2", "--no-step", "--to", "6")
    assert code == 0, out
    assert "1. Player" in out
    assert "Pile (top first)" not in out  # a seat view never shows the pile order
    code, full = run("replay", str(record), "--view", "full", "--no-step", "--to", "3")
    assert "Pile (top first)" in full


def test_games_lists_duel52_and_its_options() -> None:
    code, out = run("games")
    assert code == 0
    assert "duel52" in out and "lane_win" in out


@pytest.mark.parametrize(
    "extra",
    [["--heroes"], ["--variant", "quick"], ["--option", "lane_win=closed"], ["--players", "3"]],
)
def test_rules_options_given_with_a_position_are_refused_not_ignored(extra: list[str]) -> None:
    code, out = run("play", "--position", "docs/examples/duel52-endgame.json", *extra)
    assert code == 1
    assert "--position brings its own rules options" in out


def test_an_option_typed_beside_a_variant_changes_the_preset(tmp_path: Path) -> None:
    # The preset used to be laid over the typed option: ultimate kept its forts.
    record = tmp_path / "game.json"
    args = ("--variant", "ultimate", "--option", "forts=false", "--record", str(record))
    run("play", *args, input="q\n")
    options = load(record).options
    assert options["heroes"] and options["bannermen"] and not options["forts"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "3", "--option", "players=2"], "--players 3 and --option players=2"),
        (["--forts", "--option", "forts=false"], "--forts and --option forts=false"),
    ],
)
def test_a_flag_and_an_option_that_disagree_are_refused(args: list[str], words: str) -> None:
    code, out = run("play", *args, input="q\n")
    assert code == 1
    assert f"{words} disagree; give one of them" in out


def test_position_file_starts_the_game_there(tmp_path: Path) -> None:
    record = tmp_path / "puzzle.json"
    code, out = run(
        "play",
        "--position",
        "docs/examples/duel52-endgame.json",
        "--record",
        str(record),
        input="1\n" * 500,
    )
    assert code == 0, out[-2000:]
    saved = load(record)
    assert saved.start is not None  # the record replays from the position, not a new deal
    assert replay(saved).outcome() is not None


def test_bad_position_file_names_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "duel52", "hands": [["7H"], ["7H"]]}')
    code, out = run("play", "--position", str(bad))
    assert code == 1
    assert "7H is already placed" in out


def test_playing_second_seat_lets_the_computer_take_seat_one(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, out = run(
        "play", "--seat", "2", "--seed", "9", "--record", str(record), input="1\n" * 2000
    )
    assert code == 0, out[-2000:]
    assert load(record).players == ["agent:random", "You"]


def test_rules_prints_powers_and_rulings_in_force() -> None:
    code, out = run("rules", "duel52", "--option", "ace_attacks=stack")
    assert code == 0
    for power in ("View", "Trap", "Foresight", "Freeze", "Twinstrike", "Taunt", "Empower"):
        assert power in out
    assert "ace_attacks" in out and "stack" in out


def test_replay_of_a_seat_hides_the_opponents_played_cards(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run(
        "play",
        "--seed",
        "4",
        "--option",
        "first_player=2",
        "--record",
        str(record),
        input="1\n" * 2000,
    )
    first_seat, first_text = load(record).actions[0]
    assert first_seat == 1 and first_text.startswith("play ")
    code, out = run("replay", str(record), "--view", "1", "--no-step", "--to", "2")
    assert code == 0
    assert f"[{first_text}]" not in out  # the computer's card stays hidden from player 1
    assert "play a card face-down" in out


def test_bad_notation_is_not_understood_and_a_wrong_number_is_named() -> None:
    code, out = run("play", "--seed", "5", "--option", "first_player=1", input="blah\n99\nq\n")
    assert "Not understood: unknown action 'blah'" in out
    assert "99 is not listed; choose a number from 1 to" in out
    assert "You stopped the game" in out
    assert code == 1


def test_q_keeps_the_record_so_far_and_says_where(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, out = run("play", "--seed", "5", "--record", str(record), input="1\nq\n")
    assert code == 1
    assert "The game so far is recorded in" in out
    assert load(record).actions  # at least the person's first action


def test_the_computers_moves_are_told_with_their_consequences() -> None:
    code, out = run("play", "--seed", "3", input="1\n" * 2000)
    assert code == 0
    assert "Computer: flip" in out and "turns face-up:" in out  # what a flipped card was
    assert "── Turn 2: " in out and "You draw " in out
    assert " dies" in out and " wins lane " in out


def test_an_unwritable_record_path_fails_before_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, out = run("play", "--seed", "1", "--record", str(blocker / "g.json"), input="1\n")
    assert code == 1
    assert "cannot write the record" in out
    assert "your choice" not in out


def test_changed_rules_are_shown_at_the_start() -> None:
    code, out = run("play", "--seed", "1", "--option", "ace_attacks=stack", input="q\n")
    assert code == 1  # stopped with q
    assert "Rules changed from the defaults: ace_attacks=stack" in out


def test_hotseat_tells_each_player_what_happened_while_away() -> None:
    code, out = run(
        "play", "--hotseat", "--seed", "4", "--option", "first_player=1", input="\n1\n1\n1\n\nq\n"
    )
    assert out.index("Pass the terminal to Player 1") < out.index("Player 1's hand")
    assert code == 1
    assert "While Player 2 was away:" in out
    after = out.split("While Player 2 was away:")[1]
    assert "Player 1: play a card face-down into lane 1" in after  # not which card


def test_replay_of_an_unknown_game_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "r.json"
    bad.write_text(
        json.dumps({"format": "duelhall-record", "version": 1, "game": "chess", "seed": 1})
    )
    code, out = run("replay", str(bad))
    assert code == 1
    assert "unknown game 'chess'" in out


def test_replay_tells_consequences_and_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("play", "--seed", "3", "--record", str(record), input="1\n" * 2000)
    code, out = run("replay", str(record), "--view", "1", "--no-step")
    assert code == 0
    assert "turns face-up:" in out and "wins the game" in out
    code, out = run("replay", str(record), "--no-step", "--to", "5")
    assert f"Stopped after 5 of {len(load(record).actions)} actions." in out


def test_games_shows_option_values_as_typed() -> None:
    code, out = run("games")
    assert code == 0
    assert "first_player_draws = true | false" in out
    assert "True" not in out


def test_an_unasked_seed_is_shown_only_when_the_game_ends() -> None:
    code, out = run("play", "duel52", input="1\n" * 2000)
    assert code == 0, out[-2000:]
    head, _, tail = out.partition("Deal seed ")
    seed = tail.split(":")[0]
    assert seed.isdigit()
    assert f"seed {seed}" not in head  # nobody could re-deal the game while it was played
    assert "its seed is shown when the game ends" in head


def test_hint_shows_three_numbered_choices_with_share_and_chance() -> None:
    code, out = run("play", "--seed", "3", "--hint", "--hint-with", "ismcts:60", input="1\nq\n")
    assert code == 1  # stopped with q
    hint = out[out.index("Hint (60 searches") :].splitlines()[1:4]
    assert len(hint) == 3
    for line in hint:
        assert line.strip()[0].isdigit() and "of the search, winning chance" in line


def test_hint_needs_a_search_agent() -> None:
    code, out = run("play", "--hint", "--hint-with", "heuristic", input="q\n")
    assert code == 1
    assert "needs a search agent" in out


def test_difficulty_levels_play_whole_games(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, out = run(
        "play", "--seed", "8", "--opponent", "easy", "--record", str(record), input="1\n" * 2000
    )
    assert code == 0
    assert "against the computer (easy)" in out
    assert load(record).players == ["You", "agent:easy"]


def test_bad_opponent_is_refused_before_the_game(tmp_path: Path) -> None:
    code, out = run("play", "--opponent", "ismcts:fast", input="1\n")
    assert code == 1
    assert "bad budget" in out


def test_replay_analyse_reviews_each_decision_and_sums_up(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run("play", "--seed", "6", "--record", str(record), input="1\n" * 2000)
    result = CliRunner().invoke(
        cli, ["replay", str(record), "--analyse", "--analyse-with", "ismcts:30", "--view", "1"]
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Summary" in out and "Player 1" in out
    assert "Player 2:" not in out  # through player 1's eyes, only their decisions
    assert "search:" in out or "best (" in out


def test_s4_single_player_predicts_the_winner_and_is_told_if_it_came_true(tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    code, out = run(
        "play", "--solo", "--seed", "4", "--record", str(record), input="x\n2\n" + "1\n" * 3000
    )
    assert code == 0
    text = " ".join(out.split())
    assert "Player 1's opening position" in text and "Player 2's opening position" in text
    assert "Answer with a player's number" in text  # "x" was refused
    assert "Rules changed from the defaults: vampiric=true" in text
    saved = load(record)
    assert saved.notes == {"prediction": 1}
    assert saved.options["vampiric"] is True
    winner = replay(saved).outcome().winner  # type: ignore[union-attr]
    verdict = "came true" if winner == 1 else "did not come true"
    assert f"Your prediction, Player 2, {verdict}" in text


def test_s4_single_player_vampiric_unless_set_otherwise() -> None:
    code, out = run("play", "--solo", "--option", "vampiric=false", input="q\n")
    assert code == 1
    assert "vampiric=true" not in out


def test_solo_and_hotseat_do_not_mix() -> None:
    code, out = run("play", "--solo", "--hotseat")
    assert code == 1 and "not both" in out


def test_players_is_refused_for_a_two_player_game() -> None:
    code, out = run("play", "deckduel", "--players", "3")
    assert code == 1 and "2 players only" in out


def test_seat_beyond_the_players_is_refused() -> None:
    code, out = run("play", "duel52", "--seat", "3")
    assert code == 1 and "has 2 players" in out


def test_expansion_flags_set_their_options(tmp_path: Path) -> None:
    record = tmp_path / "x.json"
    code, out = run(
        "play", "--heroes", "--bannermen", "--forts", "--seed", "2", "--record", str(record),
        input="q\n",
    )  # fmt: skip
    assert code == 1
    options = load(record).options
    assert options["heroes"] and options["bannermen"] and options["forts"]
    assert "heroes=true" in out


def test_expansion_flags_are_refused_by_other_games() -> None:
    code, out = run("play", "deckduel", "--heroes")
    assert code == 1 and "no such part" in out


def test_bench_runs_with_options_and_times_agents() -> None:
    code, out = run("bench", "duel52", "--seconds", "0.1", "--option", "players=3")
    assert code == 0 and "actions" in out and "clone + apply" in out
    code, out = run(
        "bench", "deckduel", "--agent", "easy", "--agent", "ismcts:5", "--positions", "3"
    )
    assert code == 0
    assert "easy" in out and "ismcts:5" in out and "median" in out


def test_bench_refuses_a_bad_agent_before_timing() -> None:
    code, out = run("bench", "duel52", "--agent", "wizard")
    assert code == 1 and "unknown agent" in out


def test_hotseat_says_nothing_private_before_the_first_hand_over() -> None:
    """Review finding: agents' turns before the first hand-over were told to the screen,
    including a person's own draw, before anyone had taken the terminal."""
    import io

    from rich.console import Console

    from duelhall.agents.registry import make_agent
    from duelhall.cli.session import Seat, Session
    from duelhall.core.game import get_game
    from duelhall.core.record import Record

    info = get_game("duel52")
    options = {"players": 4, "first_player": "2"}
    state = info.new_state(7, options)
    out = io.StringIO()
    asked: list[int] = []

    def read_line(prompt: str) -> str:
        asked.append(len(out.getvalue()))
        raise KeyboardInterrupt

    seats = [
        Seat("P1"),
        Seat("P2", make_agent("random", 1, game=info)),
        Seat("P3"),
        Seat("P4", make_agent("random", 2, game=info)),
    ]
    record = Record(game="duel52", seed=7, options=info.resolve_options(options))
    session = Session(
        state=state,
        seats=seats,
        record=record,
        console=Console(file=out, width=120),
        read_line=read_line,
        hotseat=True,
    )
    session.run()
    before_first_question = out.getvalue()[: asked[0]]
    assert "draw" not in before_first_question
    assert "P2:" not in before_first_question


def test_replay_through_one_players_eyes_keeps_the_seed_of_an_unfinished_game(
    tmp_path: Path,
) -> None:
    record = tmp_path / "g.json"
    run("play", "--seed", "4242", "--record", str(record), input="1\n1\nq\n")
    code, out = run("replay", str(record), "--view", "2", "--no-step")
    assert code == 0
    assert "4242" not in out
    code, out = run("replay", str(record), "--no-step", "--view", "full")
    assert "seed 4242" in out

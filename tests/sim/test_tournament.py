"""Elimination brackets: seeding, byes, double elimination, ties, and the command."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from duelhall.cli.main import cli
from duelhall.core.record import load, replay
from duelhall.sim.tournament import BYE, Tournament, seeded_field


def by_strength(order: list[str]):  # type: ignore[no-untyped-def]
    """A fake game: the player earlier in ``order`` always wins, whatever the seat."""
    calls: list[tuple[str, str]] = []

    def play(first: str, second: str, seed: int) -> tuple[float, float]:
        calls.append((first, second))
        return (1.0, 0.0) if order.index(first) < order.index(second) else (0.0, 1.0)

    return play, calls


def test_seeding_keeps_the_top_seeds_apart_until_the_final() -> None:
    assert seeded_field(list("ABCDEFGH")) == list("AHDEBGCF")
    assert seeded_field(list("ABCDE")) == ["A", BYE, "D", "E", "B", BYE, "C", BYE]


def test_s4_tournament_single_elimination_crowns_the_strongest_and_never_plays_a_bye() -> None:
    play, calls = by_strength(list("GFEDCBA"))
    t = Tournament(list("ABCDEFG"), play, games=1)
    assert t.run() == "G"
    assert all(BYE not in pair for pair in calls)
    assert len(calls) == 6  # seven players, one bye: six matches played
    assert [len(g) for g in t.placings] == [1, 1, 2, 3]
    assert t.placings[1] == ["F"] or "F" in t.placings[2]


def test_s4_tournament_double_elimination_everyone_but_the_champion_loses_twice() -> None:
    play, _ = by_strength(list("HGFEDCBA"))
    t = Tournament(list("ABCDEFGH"), play, games=1, double=True)
    assert t.run() == "H"
    losses = Counter(m.loser for m in t.matches)
    assert all(losses[p] == 2 for p in "ABCDEFG")
    assert losses["H"] == 0
    assert t.matches[-1].stage == "Grand final"
    assert [g[0] for g in t.placings[:2]] == ["H", "G"]


def test_a_losers_bracket_champion_who_wins_the_final_forces_a_deciding_final() -> None:
    # B beats everyone except A in the winners' bracket final; then B wins every later match.
    def play(first: str, second: str, seed: int) -> tuple[float, float]:
        pair = {first, second}
        if pair == {"A", "B"}:
            # A wins their first meeting only.
            play.meetings += 1  # type: ignore[attr-defined]
            a_wins = play.meetings == 1  # type: ignore[attr-defined]
            return (1.0, 0.0) if (first == "A") == a_wins else (0.0, 1.0)
        order = "ABCD"
        return (1.0, 0.0) if order.index(first) < order.index(second) else (0.0, 1.0)

    play.meetings = 0  # type: ignore[attr-defined]
    t = Tournament(list("ABCD"), play, games=1, double=True)
    assert t.run() == "B"
    assert [m.stage for m in t.matches[-2:]] == ["Grand final", "Deciding final"]
    assert Counter(m.loser for m in t.matches)["A"] == 2


def test_matches_alternate_seats_and_a_level_match_goes_to_sudden_death() -> None:
    seen: list[tuple[str, str, int]] = []

    def draws_then_second_seat_wins(first: str, second: str, seed: int) -> tuple[float, float]:
        seen.append((first, second, seed))
        return (0.5, 0.5) if len(seen) <= 2 else (0.0, 1.0)

    t = Tournament(["A", "B"], draws_then_second_seat_wins, games=2)
    assert t.run() == "B"  # the sudden-death game has A first, so B (second seat) wins it
    assert [(f, s) for f, s, _ in seen] == [("A", "B"), ("B", "A"), ("A", "B")]
    assert seen[0][2] == seen[1][2]  # the two regular games share a deal
    assert seen[2][2] != seen[0][2]


def test_a_match_level_after_sudden_death_goes_to_the_higher_seed() -> None:
    t = Tournament(["A", "B"], lambda f, s, seed: (0.5, 0.5), games=2)
    assert t.run() == "A"
    assert "higher seed" in t.matches[0].summary()
    assert len(t.matches[0].games) == 2 + 5


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, " ".join(result.output.split())


def test_tournament_command_plays_agents_and_saves_records(tmp_path: Path) -> None:
    out = tmp_path / "t"
    code, text = run(
        "tournament", "duel52", "--players", "random,heuristic,random",
        "--games", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "single-elimination tournament, 3 players" in text
    assert "random advances (bye)" in text  # the first seed
    assert "Champion: heuristic" in text
    assert "Bracket" in text and "Final placings" in text
    files = sorted(out.glob("game-*.json"))
    assert files
    for f in files:
        assert replay(load(f)).is_over()


def test_tournament_command_seats_a_person_at_the_terminal() -> None:
    code, text = run(
        "tournament", "duel52", "--players", "human:Ann,random", "--games", "1",
        input="1\n" * 3000,
    )  # fmt: skip
    assert code == 0, text[-500:]
    assert "Ann (player 1) against random (player 2)" in text
    assert "Champion:" in text


def test_tournament_command_stops_when_a_person_quits() -> None:
    code, text = run("tournament", "--players", "human:Ann,random", input="q\n")
    assert code == 1
    assert "The tournament is stopped" in text


def test_tournament_command_refuses_bad_players() -> None:
    code, text = run("tournament", "--players", "random,wizard")
    assert code == 1 and "unknown agent" in text
    code, text = run("tournament", "--players", "random")
    assert code == 1 and "at least two players" in text

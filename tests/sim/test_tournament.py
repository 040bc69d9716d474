"""Elimination brackets: seeding, byes, double elimination, ties, and the command."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from pathlib import Path

from duelhall.core.record import load, replay
from duelhall.sim.tournament import BYE, Tournament, seeded_field
from tests.command_line import run_unwrapped as run


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


def test_tournament_command_plays_agents_and_saves_records(tmp_path: Path) -> None:
    out = tmp_path / "t"
    code, text = run(
        "tournament", "duel52", "--players", "random,heuristic,random",
        "--games", "1", "--out", str(out), "--seed", "1",
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


def test_a_stopped_tournament_says_where_its_finished_games_are(tmp_path: Path) -> None:
    # Ann, the first seed of three, waits out a bye while the other two play their match.
    out = tmp_path / "t"
    args = ("tournament", "--players", "human:Ann,random,random", "--out", str(out))
    code, text = run(*args, input="q\n")
    saved = sorted(p.name for p in out.iterdir())
    assert code == 1 and len(saved) >= 2
    assert f"The records of its {len(saved)} finished games are in {out}/" in text


def test_tournament_command_refuses_bad_players() -> None:
    code, text = run("tournament", "--players", "random,wizard")
    assert code == 1 and "unknown agent" in text
    code, text = run("tournament", "--players", "random")
    assert code == 1 and "at least two players" in text


# ---------------------------------------------------------------------- deals kept secret


def _first_listed_wins(log: list[tuple[str, str, int]]):  # type: ignore[no-untyped-def]
    """A fake game that logs (first, second, deal seed); the entrant listed earlier wins."""

    def play(first: str, second: str, seed: int) -> tuple[float, float]:
        log.append((first, second, seed))
        return (1.0, 0.0) if first < second else (0.0, 1.0)

    return play


def test_a_person_is_never_dealt_the_same_deal_twice() -> None:
    """Between agents, a match's games come in pairs on one deal; a person who played a deal
    would know the other hand the second time, so each of their games has its own."""
    log: list[tuple[str, str, int]] = []
    t = Tournament(list("ABCD"), _first_listed_wins(log), games=4, people=frozenset({"A"}))
    t.run()
    with_person = [seed for first, second, seed in log if "A" in (first, second)]
    assert len(with_person) == 8  # A's semi-final and the final
    assert len(set(with_person)) == 8
    agents_only = [seed for first, second, seed in log if "A" not in (first, second)]
    assert len(agents_only) == 4
    assert agents_only[0] == agents_only[1] != agents_only[2] == agents_only[3]


def test_tournament_deal_seeds_are_one_way_from_the_tournament_seed() -> None:
    """Seeing a deal's seed tells nothing about the next: no offset links them, unlike the
    old seed + 1000 * match + game."""
    from duelhall.core.seeds import deal_seed

    log: list[tuple[str, str, int]] = []
    Tournament(list("ABCDEFGH"), _first_listed_wins(log), seed=0).run()
    seen = [seed for _, _, seed in log]
    assert seen == [deal_seed(0, m, 0) for m in range(1, 8)]
    assert len({b - a for a, b in pairwise(seen)}) == len(seen) - 1
    assert all(s.bit_length() > 40 for s in seen)  # not small numbers near the seed
    again: list[tuple[str, str, int]] = []
    Tournament(list("ABCDEFGH"), _first_listed_wins(again), seed=0).run()
    assert again == log  # the same seed gives the same deals


def _deal_seeds(folder: Path) -> list[int]:
    return [load(f).seed for f in sorted(folder.glob("game-*.json"))]


def test_tournament_without_a_seed_draws_its_deals_and_tells_the_seed_at_the_end(
    tmp_path: Path,
) -> None:
    args = ["tournament", "deckduel", "--players", "random,heuristic", "--games", "2"]
    code, first = run(*args, "--out", str(tmp_path / "a"))
    assert code == 0, first
    code, _ = run(*args, "--out", str(tmp_path / "b"))
    assert code == 0
    assert _deal_seeds(tmp_path / "a") != _deal_seeds(tmp_path / "b")  # not predictable
    head, _, tail = first.partition("Tournament seed ")
    master = tail.split(":")[0]
    assert master.isdigit() and master not in head  # said once every deal was played
    code, third = run(*args, "--out", str(tmp_path / "c"), "--seed", master)
    assert code == 0 and "Tournament seed" not in third  # the user knows a seed they gave
    replayed = [load(f) for f in sorted((tmp_path / "c").glob("game-*.json"))]
    played = [load(f) for f in sorted((tmp_path / "a").glob("game-*.json"))]
    assert [(r.seed, r.actions) for r in replayed] == [(r.seed, r.actions) for r in played]


def test_a_person_in_a_tournament_sees_no_deal_seed_and_never_a_known_deal(
    tmp_path: Path,
) -> None:
    code, text = run(
        "tournament", "deckduel", "--players", "human:Ann,random", "--games", "2",
        "--seed", "7", "--out", str(tmp_path), input="1\n" * 400,
    )  # fmt: skip
    assert code == 0, text[-800:]
    seeds = _deal_seeds(tmp_path)
    assert len(seeds) >= 2 and len(set(seeds)) == len(seeds)  # a new deal every game
    assert "Deal seed" not in text and "--seed" not in text
    assert not any(str(seed) in text for seed in seeds)
    # The records say which seat is the person, as play's records do.
    players = {tuple(load(f).players) for f in tmp_path.glob("game-*.json")}
    assert players <= {("Ann", "agent:random"), ("agent:random", "Ann")} and players

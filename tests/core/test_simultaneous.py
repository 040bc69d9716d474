"""The core and the terminal loop handle simultaneous secret choices."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from duelhall.agents.registry import make_agent
from duelhall.cli.session import Seat, Session
from duelhall.core.record import Record, load, replay
from tests.core.toy_game import HighCardState, Pick


def test_both_seats_move_at_once_and_early_choice_stays_hidden() -> None:
    state = HighCardState(0, {})
    assert state.to_move() == (0, 1)
    state.apply(Pick(0, 3))
    assert state.to_move() == (1,)
    assert state.view(1)["chosen"] == [None, None]
    assert state.view(1)["committed"] == [True, False]
    # The leak test: re-dealing what seat 1 cannot see leaves its view unchanged.
    from duelhall.core.rng import Rng

    assert state.determinize(1, Rng(4)).view(1) == state.view(1)


def test_session_collects_every_choice_before_applying_any(tmp_path: Path) -> None:
    state = HighCardState(0, {})
    seen_by_agent: list[list[bool]] = []

    class Spy:
        name = "spy"

        def choose(self, obs):  # type: ignore[no-untyped-def]
            seen_by_agent.append(obs.view["committed"])
            return obs.legal[0]

    path = tmp_path / "toy.json"
    lines = iter(["pick 3", "pick 2", "pick 1"])
    session = Session(
        state=state,
        seats=[Seat("You"), Seat("Spy", Spy())],  # type: ignore[arg-type]
        record=Record(game="toy-highcard", seed=0),
        console=Console(file=open(tmp_path / "out.txt", "w")),  # noqa: SIM115
        record_path=path,
        read_line=lambda prompt: next(lines),
    )
    assert session.run() == 0
    # The agent decided every round before the person's pick was applied.
    assert seen_by_agent == [[False, False]] * 3
    record = load(path)
    assert [text for _, text in record.actions][:2] == ["pick 3", "pick 1"]
    final = replay(record)
    assert final.outcome() == state.outcome()


def test_random_agents_play_the_toy_game_to_the_end(tmp_path: Path) -> None:
    state = HighCardState(0, {})
    session = Session(
        state=state,
        seats=[Seat("A", make_agent("random", 1)), Seat("B", make_agent("random", 2))],
        record=Record(game="toy-highcard", seed=0),
        console=Console(file=open(tmp_path / "out.txt", "w")),  # noqa: SIM115
    )
    assert session.run() == 0
    outcome = state.outcome()
    assert outcome is not None
    assert sorted(seat for group in outcome.ranking for seat in group) == [0, 1]


def test_the_session_tells_a_simultaneous_round_once_both_choices_are_in(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    lines = iter(["pick 3", "pick 2", "pick 1"])
    session = Session(
        state=HighCardState(0, {}),
        seats=[Seat("You"), Seat("Bot", make_agent("random", 4))],
        record=Record(game="toy-highcard", seed=0),
        console=Console(file=open(out, "w"), width=200),  # noqa: SIM115
        read_line=lambda prompt: next(lines),
    )
    assert session.run() == 0
    text = out.read_text()
    told = [line.strip() for line in text.splitlines() if line.strip().startswith("round:")]
    assert len(told) == 3
    assert told[0].startswith("round: 3 against")
    # Told after both picks, never between them.
    first_round = text.index(told[0])
    assert text.rindex("Bot: pick", 0, first_round) < first_round

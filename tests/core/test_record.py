"""Records: JSON round trips, atomic files, and replay errors that say where and why."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from duelhall.core import engines
from duelhall.core.errors import IllegalActionError, RecordError
from duelhall.core.game import get_game
from duelhall.core.record import FORMAT, VERSION, Record, load, replay, replay_steps, save
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine import cards as C

GAME = get_game("duel52")


def played(seed: int = 3, n: int | None = None, **options: object) -> Record:
    """A record of a random game (``n`` actions, or to the end)."""
    state = GAME.new_state(seed, options)
    rng = Rng(seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over() and (n is None or len(actions) < n):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        actions.append((action.seat, str(action)))
        state.apply(action)
    return Record(game="duel52", seed=seed, options=dict(options), actions=actions)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    rec = played(variant="quick", first_player="2")
    rec.players = ["random", "human"]
    outcome = replay(rec).outcome()
    assert outcome is not None
    rec.result = outcome.to_json()
    path = tmp_path / "games" / "g.json"  # parent folders are created
    save(rec, path)
    loaded = load(path)
    assert loaded == rec
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["actions"][0] == {"seat": rec.actions[0][0], "action": rec.actions[0][1]}
    assert replay(loaded).view(None) == replay(rec).view(None)


def test_json_round_trip_without_optional_fields() -> None:
    rec = Record(game="duel52", seed=9)
    data = rec.to_json()
    assert "start" not in data and "result" not in data
    assert Record.from_json(data) == rec


def test_replay_reproduces_every_state() -> None:
    rec = played(seed=5)
    state = GAME.new_state(5, {})
    seen = 0
    for before, seat, text in replay_steps(rec):
        if seat == -1:
            assert text == ""
            assert before.view(None) == state.view(None)
            assert before.is_over()
            continue
        assert (seat, text) == rec.actions[seen]
        assert before.view(None) == state.view(None)
        state.apply(state.parse_action(text, seat))
        seen += 1
    assert seen == len(rec.actions)


def test_record_from_a_start_position_replays_from_it() -> None:
    state = GAME.new_state(8, {})
    rng = Rng(1)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    start = state.to_position()
    actions = []
    for _ in range(6):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        actions.append((action.seat, str(action)))
        state.apply(action)
    rec = Record(game="duel52", seed=8, actions=actions, start=start)
    loaded = Record.from_json(json.loads(json.dumps(rec.to_json())))
    assert replay(loaded).view(None) == state.view(None)


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save(played(n=3), path)
    save(played(n=6), path)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert len(load(path).actions) == 6


def test_written_files_get_ordinary_permissions(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save(played(n=1), path)
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o640)
    save(played(n=2), path)  # rewriting keeps the file's own permissions
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    old = played(n=4)
    save(old, path)
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save(played(n=8), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"], "temp file left behind"
    monkeypatch.undo()
    assert load(path) == old


def test_failed_first_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_replace(src: object, dst: object) -> None:
        raise OSError("read-only")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save(played(n=2), tmp_path / "new.json")
    assert list(tmp_path.iterdir()) == []


def test_loading_a_non_json_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("turn 1: play 7H 2\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"notes\.json is not valid JSON \(line 1"):
        load(path)


def test_loading_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        load(tmp_path / "absent.json")


@pytest.mark.parametrize(
    "data",
    [[1, 2], {"game": "duel52"}, {"format": "pgn", "version": 1}, "duelhall-record"],
)
def test_a_json_file_that_is_not_a_record(tmp_path: Path, data: object) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="not a duelhall record"):
        load(path)


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_a_record_of_another_version(tmp_path: Path, version: object) -> None:
    data = played(n=2).to_json()
    data["version"] = version
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=f"record version {version!r} is not supported"):
        load(path)


@pytest.mark.parametrize(
    "change",
    [
        {"seed": "abc"},
        {"game": None, "seed": None},
        {"actions": [{"seat": 0}]},
        {"actions": [{"seat": "x", "action": "stay"}]},
        {"actions": 5},
    ],
)
def test_malformed_records(change: dict[str, object]) -> None:
    data = played(n=2).to_json()
    data.update(change)
    if data.get("game") is None:
        del data["game"]
    with pytest.raises(RecordError, match="malformed"):
        Record.from_json(data)


def test_unknown_game_in_a_record() -> None:
    rec = Record(game="chess", seed=1)
    with pytest.raises(RecordError, match=r"cannot start the recorded game: unknown game 'chess'"):
        replay(rec)


def test_bad_options_in_a_record() -> None:
    rec = Record(game="duel52", seed=1, options={"variant": "blitz"})
    with pytest.raises(RecordError, match=r"cannot start.*'variant'.*'blitz'"):
        replay(rec)


def _fifth_action_replaced(text: str) -> tuple[Record, str]:
    """A record whose 5th action is ``text``, and the reason the engine gives for it."""
    rec = played(seed=2, n=4)
    state = GAME.new_state(2, {})
    for seat, t in rec.actions:
        state.apply(state.parse_action(t, seat))
    seat = state.current_seat()
    try:
        state.apply(state.parse_action(text, seat))
    except Exception as e:
        reason = str(e)
    else:  # pragma: no cover - the test cases are chosen to be illegal
        raise AssertionError(f"{text!r} is legal here")
    rec.actions.append((seat, text))
    rec.actions.append((seat, "stay"))  # never reached
    return rec, reason


def test_illegal_fifth_action_is_named_with_its_text_and_reason() -> None:
    rec0 = played(seed=2, n=4)
    with engines.using("reference"):  # the test reads the reference's fields
        state = GAME.new_state(2, {})
    assert isinstance(state, Duel52State)
    for seat, t in rec0.actions:
        state.apply(state.parse_action(t, seat))
    hands = {C.name(c) for c in state.hands[state.current]}
    absent = next(C.name(c) for c in C.DECK if C.name(c) not in hands)
    text = f"play {absent} 1"
    rec, reason = _fifth_action_replaced(text)
    with pytest.raises(IllegalActionError):
        state.apply(state.parse_action(text))
    with pytest.raises(RecordError) as err:
        replay(rec)
    message = str(err.value)
    assert message.startswith("action 5 ")
    assert repr(text) in message
    assert reason and reason in message
    assert absent in message


def test_unreadable_fifth_action_is_named() -> None:
    rec, reason = _fifth_action_replaced("dance 2b")
    with pytest.raises(RecordError) as err:
        replay(rec)
    message = str(err.value)
    assert message.startswith("action 5 ('dance 2b' by seat ")
    assert reason in message and "unknown action 'dance'" in message


def test_action_by_the_wrong_seat_is_rejected() -> None:
    rec = played(seed=2, n=4)
    state = GAME.new_state(2, {})
    for seat, t in rec.actions:
        state.apply(state.parse_action(t, seat))
    legal = state.legal_actions()[0]
    rec.actions.append((1 - state.current_seat(), str(legal)))
    with pytest.raises(RecordError, match=r"^action 5 .* by seat"):
        replay(rec)


def test_an_action_after_the_end_is_rejected() -> None:
    rec = played(seed=6)
    n = len(rec.actions)
    rec.actions.append(rec.actions[-1])
    with pytest.raises(RecordError, match=rf"^action {n + 1} .*does not apply"):
        replay(rec)


def test_a_stored_result_must_match_the_replay() -> None:
    rec = played(seed=6)
    outcome = replay(rec).outcome()
    assert outcome is not None and outcome.winner is not None
    rec.result = outcome.to_json()
    assert replay(rec).outcome() == outcome
    rec.result = {**outcome.to_json(), "winner": 1 - outcome.winner}
    with pytest.raises(RecordError, match=r"result has winner .* replaying its actions gives"):
        replay(rec)
    rec.result = {"reason": "stalemate"}
    with pytest.raises(RecordError, match="result has reason 'stalemate'"):
        replay(rec)


def test_a_stored_result_for_an_unfinished_game() -> None:
    rec = played(seed=6, n=5)
    rec.result = {"winner": 0}
    with pytest.raises(RecordError, match="after its 5 actions the game is not over"):
        replay(rec)
    rec.result = None
    assert not replay(rec).is_over()


def test_notes_survive_a_round_trip_and_are_left_out_when_empty(tmp_path: Path) -> None:
    record = Record(game="duel52", seed=3, notes={"prediction": 1})
    save(record, tmp_path / "r.json")
    assert load(tmp_path / "r.json").notes == {"prediction": 1}
    assert "notes" not in Record(game="duel52", seed=3).to_json()

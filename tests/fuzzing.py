"""Malformed records and positions for the fuzz tests: valid files of every game and variant,
then mutated the ways a careless editor, a broken disk or an attacker would.

The valid files are made once per test session (random games, their positions, and the
examples in docs/examples); Hypothesis picks one and applies a few mutations, so a failing
example shrinks to a short list of edits on a known file.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from duelhall.cli.main import cli
from duelhall.core.game import get_game
from duelhall.core.record import Record
from duelhall.core.rng import Rng
from duelhall.core.stepping import random_step

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
HIGHLANDER_DATA = Path(__file__).resolve().parent.parent / "duelhall/games/highlander/data"

# Every game and table shape, with and without the expansion's parts.
CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("duel52", {}),
    ("duel52", {"heroes": True}),
    ("duel52", {"bannermen": True}),
    ("duel52", {"forts": True, "vampiric": True}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("deckduel", {}),
    ("highlander", {}),
    ("highlander", {"damage_limit": 8, "unlock": "round"}),
    # Card data carried in the options (as records keep a player's card file): the
    # mutations then edit the card file's text too.
    ("highlander", {"cards": (HIGHLANDER_DATA / "cards.toml").read_text(encoding="utf-8")}),
    ("duelfighters", {"turn_limit": 4}),
    ("duelfighters", {"scenario": "tavern", "turn_limit": 3, "reveal": "step"}),
)


def played(game: str, options: dict[str, Any], seed: int, limit: int) -> tuple[Any, Record]:
    """A random game of at most ``limit`` actions: its last state and its record."""
    info = get_game(game)
    state = info.new_state(seed, options)
    rng = Rng(seed)
    record = Record(game=game, seed=seed, options=dict(state.options), players=["a", "b"])
    while not state.is_over() and len(record.actions) < limit:
        before = len(record.actions)
        chosen = []
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            chosen.append(legal[rng.below(len(legal))])
        for action in chosen:
            record.actions.append((action.seat, str(action)))
            state.apply(action)
        assert len(record.actions) > before
    outcome = state.outcome()
    if outcome is not None:
        record.result = outcome.to_json()
    return state, record


@functools.cache
def records() -> tuple[dict[str, Any], ...]:
    """Records of every game and variant: short unfinished ones and a few whole games."""
    out: list[dict[str, Any]] = []
    for n, (game, options) in enumerate(CONFIGS):
        for seed, limit in ((n, 12), (n + 100, 40), (n + 200, 10_000)):
            _, record = played(game, options, seed, limit)
            out.append(record.to_json())
    # A record that starts from a position rather than a deal.
    state, _ = played("duel52", {}, 7, 15)
    start = state.to_position()
    record = Record(game="duel52", seed=7, options=dict(state.options), start=start)
    rng = Rng(7)
    for _ in range(8):
        if state.is_over():
            break
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        record.actions.append((action.seat, str(action)))
        state.apply(action)
    out.append(record.to_json())
    return tuple(out)


@functools.cache
def positions() -> dict[str, tuple[dict[str, Any], ...]]:
    """Positions of every game and variant, by game: mid-game, finished, and the examples."""
    out: dict[str, list[dict[str, Any]]] = {}
    for n, (game, options) in enumerate(CONFIGS):
        for seed, limit in ((n, 0), (n + 10, 9), (n + 20, 30), (n + 30, 10_000)):
            state, _ = played(game, options, seed, limit)
            out.setdefault(game, []).append(state.to_position())
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.setdefault(data.get("game", "duel52"), []).append(data)
    return {game: tuple(docs) for game, docs in out.items()}


# ---------------------------------------------------------------------- mutations

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-3, max_value=5),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
# Values found by hand to break readers that trust their input.
NASTY = st.sampled_from(
    [
        -1,
        -2,
        0,
        1,
        2,
        3,
        4,
        99,
        2**31,
        2**63,
        2**64,
        10**30,
        -(10**30),
        0.5,
        -0.0,
        1e308,
        float("nan"),
        float("inf"),
        "",
        " ",
        "\x00",
        "a\x00b",
        "\ud800",
        "name\udcff",
        "\x1b[2J",
        "é",
        "²",
        "٣",
        "9" * 60,
        [],
        [[]],
        [[], []],
        [[], [], [], [], []],
        [None],
        {},
        {"winner": 0},
        True,
        False,
        None,
        "7H",
        "7H down d9",
        "7H d99999999999999999999",
        "AS p1",
        "KS base up seen:0123",
        "K",
        "A",
        "10",
        "up",
        "over",
        "clash",
        "draft",
        "play 7H 2",
        "attack 1a 9Z",
        "attack 1a 1Z",
        "flip 4c",
        "resolve 0a",
        "look 3Z",
        "move 1a",
    ]
)


def leaves(doc: Any) -> Iterator[Any]:
    if isinstance(doc, dict):
        for value in doc.values():
            yield from leaves(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from leaves(value)
    else:
        yield doc


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in ``doc`` a value could be changed, the document itself first."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from paths(value, (*prefix, i))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _replacement(data: st.DataObject, doc: Any, keys: list[str]) -> Any:
    """A value from the document itself (plausible but misplaced), a nasty one, or any."""
    own = [v for v in leaves(doc) if v is not None][:400]
    choices = [NASTY, JSON_VALUES]
    if own:
        # Plausible values reach deeper than random ones, so they are drawn more often.
        choices += [st.sampled_from(own)] * 3
        numbers = [v for v in own if isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            choices.append(st.sampled_from(numbers).map(lambda n: n + 1))
    # A copy: the nasty lists are shared, and later edits must not change them.
    return copy.deepcopy(data.draw(st.one_of(choices)))


def _mutate_text(data: st.DataObject, text: str, doc: Any) -> str:
    words = text.split(" ")
    own = [w for v in leaves(doc) if isinstance(v, str) for w in v.split(" ")][:400] or ["x"]
    how = data.draw(st.sampled_from(["word", "char", "cut", "add"]))
    i = data.draw(st.integers(0, len(words) - 1))
    if how == "word":
        words[i] = data.draw(st.sampled_from(own) | st.text(max_size=4) | NASTY.map(str))
    elif how == "char":
        at = data.draw(st.integers(0, len(words[i])))
        words[i] = words[i][:at] + data.draw(st.characters()) + words[i][at:]
    elif how == "cut":
        del words[i]
    else:
        words.insert(i, data.draw(st.sampled_from(own)))
    return " ".join(words)


def mutate(data: st.DataObject, doc: Any, keys: list[str]) -> Any:
    """``doc`` with one to three edits at places drawn from it (the input is not changed)."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        where = data.draw(st.sampled_from(list(paths(doc))[:2000]), label="at")
        target = _get(doc, where)
        ops = ["replace"]
        if where:
            ops.append("delete")
        if isinstance(target, list):
            ops += ["insert", "duplicate"] if target else ["insert"]
        if isinstance(target, dict):
            ops.append("add key")
        if isinstance(target, str) and target:
            ops += ["text", "text"]
        op = data.draw(st.sampled_from(ops), label="op")
        if op == "replace":
            doc = _put(doc, where, _replacement(data, doc, keys))
        elif op == "delete":
            del _get(doc, where[:-1])[where[-1]]
        elif op == "insert":
            target.insert(data.draw(st.integers(0, len(target))), _replacement(data, doc, keys))
        elif op == "duplicate":
            i = data.draw(st.integers(0, len(target) - 1))
            target.insert(data.draw(st.integers(0, len(target))), copy.deepcopy(target[i]))
        elif op == "add key":
            key = data.draw(st.sampled_from(keys) | st.text(max_size=6))
            target[key] = _replacement(data, doc, keys)
        else:
            doc = _put(doc, where, _mutate_text(data, target, doc))
    return doc


def _put(doc: Any, where: tuple[Any, ...], value: Any) -> Any:
    """``doc`` with the value at ``where`` replaced (the whole document when ``where`` is
    empty)."""
    if not where:
        return value
    _get(doc, where[:-1])[where[-1]] = value
    return doc


def all_keys(docs: Any) -> list[str]:
    found: set[str] = set()

    def walk(doc: Any) -> None:
        if isinstance(doc, dict):
            found.update(doc)
            for value in doc.values():
                walk(value)
        elif isinstance(doc, list):
            for value in doc:
                walk(value)

    walk(list(docs))
    return sorted(found)


def damage_bytes(data: st.DataObject, raw: bytes) -> bytes:
    """The file's bytes broken the ways JSON text can be: cut, garbled, not UTF-8, a huge
    number, nesting deeper than any parser's stack, or nothing like JSON at all."""
    how = data.draw(
        st.sampled_from(["cut", "insert", "huge number", "deep", "bom", "random"]),
        label="damage",
    )
    if how == "cut":
        return raw[: data.draw(st.integers(0, len(raw)))]
    if how == "insert":
        at = data.draw(st.integers(0, len(raw)))
        return raw[:at] + data.draw(st.binary(min_size=1, max_size=4)) + raw[at:]
    if how == "huge number":
        text = raw.decode("utf-8")
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        at = data.draw(st.sampled_from(digits)) if digits else 0
        return (text[:at] + "7" * 5000 + text[at:]).encode("utf-8")
    if how == "deep":
        depth = data.draw(st.sampled_from([50, 1000, 100_000]))
        return b"[" * depth + raw + b"]" * depth
    if how == "bom":
        return b"\xef\xbb\xbf" + raw
    return data.draw(st.binary(max_size=64))


def file_bytes(data: st.DataObject, doc: Any) -> bytes:
    """``doc`` as a file: usually as JSON text (NaN and lone surrogates included), sometimes
    with its bytes damaged afterwards."""
    raw = json.dumps(doc, indent=1).encode("utf-8")
    if data.draw(st.integers(0, 9), label="bytes?") == 0:
        raw = damage_bytes(data, raw)
    return raw


# ---------------------------------------------------------------------- the command line


def run_cli(args: list[str], stdin: str = "") -> Result:
    return CliRunner().invoke(cli, args, input=stdin)


def assert_clean(result: Result, *, errors_only: bool = False) -> None:
    """Either the command ran, or it said in one line what was wrong and exited non-zero;
    never a traceback. With ``errors_only``, a non-zero exit must come with that line (a
    game stopped with ``q`` also exits 1, saying so on standard output)."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    if result.exit_code == 0:
        assert lines == [], result.stderr
        return
    if lines or errors_only:
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("duelhall: error: "), result.stderr


def fuzz_settings(examples: int) -> settings:
    """Repeatable examples for the suite; ``DUELHALL_FUZZ=N`` runs N random ones instead."""
    wanted = int(os.environ.get("DUELHALL_FUZZ", "0"))
    return settings(
        max_examples=wanted or examples,
        derandomize=not wanted,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )


# ---------------------------------------------------------------------- accepted positions


def check_playable(game: str, state: Any, seed: int, steps: int = 8) -> None:
    """What a game does with an accepted position must work: every seat's view and board,
    the position written back (it must load to the same state), and a few random steps."""
    from duelhall.cli.session import ui_for

    info = get_game(game)
    ui = ui_for(game)
    count = info.seat_count(state.options)
    names = tuple(f"Player {i + 1}" for i in range(count))

    def show_every_view() -> None:
        for seat in (None, *range(count)):
            ui.render_view(state.view(seat), names)

    show_every_view()
    again = info.load_position(json.loads(json.dumps(state.to_position())))
    assert again.view(None) == state.view(None), "the written position loads differently"
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        for seat in state.to_move():
            assert state.legal_actions(seat), f"seat {seat} must act but cannot"
        random_step(state, rng)
        show_every_view()

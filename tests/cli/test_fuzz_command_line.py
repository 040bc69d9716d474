"""Fuzzing the command line: whatever the arguments, every command answers with its work, a
one-line error (exit 1) or click's usage message (exit 2), never a traceback.

Each example is one command with a mix of its real options given good, bad, huge, unicode
and NUL values, stray tokens between them, and paths to files that are missing, empty,
garbage, directories or inside a file. Values that would make a command legitimately run
for long (a big but allowed game count, a slow agent, a rule that stops games from ending)
are left out: a fuzz can only wait so long. The suite runs a fixed sample in a few seconds;
set DUELHALL_FUZZ_EXAMPLES=2000 (and DUELHALL_FUZZ_RANDOM=1 for new samples) for a longer
hunt.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelhall.cli.main import cli
from duelhall.core.game import get_game
from duelhall.core.record import save
from duelhall.core.rng import MAX_SEED
from duelhall.sim.ladder import LadderConfig, run_ladder
from duelhall.sim.match import play_match

EXAMPLES = int(os.environ.get("DUELHALL_FUZZ_EXAMPLES", "80"))

GAMES = [
    "duel52",
    "deckduel",
    "highlander",
    "duelfighters",
    "chess",
    "",
    "DUEL52",
    "duel52\x00",
    "\udcff",
]
SEEDS = ["0", "7", str(MAX_SEED), str(MAX_SEED + 1), "-1", "9" * 5000, "x", "", "1e3", "٣"]
COUNTS = ["1", "2", "0", "-1", "x", "", "1.5", str(10**30), "٢", "9" * 5000, "\x00"]
SECONDS = ["0.1", "0.12", "0", "-1", "nan", "NaN", "inf", "-inf", "1e999", "1e300", "x", ""]
SPECS = [
    "random",
    "heuristic",
    "easy",
    "RANDOM",
    "ismcts:2",
    "ismcts:2,c=1.0",
    "ismcts:2,rollout=heuristic",
    "ismcts:2,rollout=agent",
    "ismcts:2,cutoff=3",
    "ismcts:0.001s",
    "ismcts:",
    "ismcts:nan",
    "ismcts:nans",
    "ismcts:infs",
    "ismcts:-1",
    "ismcts:0",
    "ismcts:2,c=-1",
    "ismcts:2,cutoff=-1",
    "ismcts:2,rollout=x",
    "ismcts:2,mix=1",
    "rollouts:2,z=-1",
    "rollouts:2,q=1",
    "heuristic:5",
    "wizard",
    "",
    " ",
    "\x00",
    "²",
    "\udcff",
]
PEOPLE = ["human", "human:Ann", "human:", "HUMAN:Bo", "human:\udcff\u202e"]
OPTIONS = [
    "lane_win=closed",
    "players=3",
    "players=4",
    "players=5",
    "heroes=true",
    "bannermen=on",
    "forts=yes",
    "heroes=maybe",
    "variant=quick",
    "first_player=2",
    "first_player=9",
    "turn_limit=50",
    "turn_limit=x",
    "damage_limit=6",
    "kurgan=1",
    "cards=missing.toml",
    "cards=dir",
    "cards=garbage.bin",
    "cards=empty.json",
    "reshuffle=remaining",
    "x",
    "=",
    "nope=1",
    "lane_win",
    "\x00=1",
    "players=\x00",
    "players=²",
]
VARIANTS = ["quick", "standard", "long", "heroes", "ultimate", "vampiric", "nope", ""]
VIEWS = ["1", "2", "3", "4", "full", "0", "5", "x", ""]
READ_PATHS = [
    "record.json",
    "unfinished.json",
    "position.json",
    "missing.json",
    "dir",
    "empty.json",
    "garbage.bin",
    "nul.json",
    "notjson.json",
    "list.json",
    "wrong-format.json",
    "record.json/x",
    "x" * 300,
    "",
    "\x00",
]
WRITE_PATHS = ["new.json", "record.json", "dir", "missing/new.json", "record.json/x", "x" * 300]
OUT_PATHS = ["out", "out/a/b", "record.json", "dir", "other-ladder", "record.json/x", "x" * 300]
NOISE = st.one_of(
    st.text(st.characters(blacklist_characters="/", blacklist_categories=["Cs"]), max_size=6),
    st.sampled_from(["-", "--", "-h", "--nope", "\x00", "\udcff", "²", "9" * 40, "--seed"]),
)


@dataclass
class Command:
    name: str
    # Set first so a slow default (a long search, many games) never runs; the fuzz's own
    # later values win, as the last of a repeated option does.
    prefix: list[str] = field(default_factory=list)
    positional: list[str] = field(default_factory=list)
    options: dict[str, list[str]] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    input: str | None = None


COMMANDS = [
    Command(
        "play",
        prefix=["--opponent", "random", "--hint-with", "ismcts:2"],
        positional=GAMES,
        options={
            "--seed": SEEDS,
            "--opponent": ["random", "heuristic", "wizard", "ismcts:nan", "", "human"],
            "--variant": VARIANTS,
            "--option": OPTIONS,
            "--record": WRITE_PATHS,
            "--position": READ_PATHS,
            "--players": COUNTS,
            "--seat": COUNTS,
            "--hint-with": SPECS,
        },
        flags=["--hotseat", "--solo", "--heroes", "--bannermen", "--forts", "--vampiric", "--hint"],
        input="q\n",
    ),
    Command(
        "replay",
        prefix=["--analyse-with", "ismcts:2"],
        positional=READ_PATHS,
        options={"--view": VIEWS, "--to": COUNTS, "--analyse-with": SPECS},
        flags=["--step", "--no-step", "--analyse", "--analyze"],
        input="\nq\n",
    ),
    Command("rules", positional=GAMES, options={"--option": OPTIONS}),
    Command(
        "bench",
        prefix=["--seconds", "0.1", "--positions", "1"],
        positional=GAMES,
        options={
            "--seconds": SECONDS,
            "--seed": SEEDS,
            "--agent": SPECS,
            "--positions": COUNTS,
            "--option": OPTIONS,
        },
    ),
    Command(
        "ladder",
        prefix=["--games", "1", "--agents", "random,heuristic", "--out", "out"],
        positional=GAMES,
        options={
            "--agents": [",".join(s) for s in (SPECS[:3], SPECS[3:7], SPECS[7:12], SPECS)],
            "--games": COUNTS,
            "--jobs": ["1", "2", "0", "-1", "x", str(10**6), str(10**30)],
            "--seed": SEEDS,
            "--option": OPTIONS,
            "--out": OUT_PATHS,
        },
    ),
    Command(
        "tournament",
        prefix=["--games", "1", "--players", "random,heuristic"],
        positional=GAMES,
        options={
            "--players": [",".join(s) for s in (SPECS[:2], SPECS[:5], PEOPLE, SPECS[9:30])],
            "--format": ["single", "double", "triple", ""],
            "--games": COUNTS,
            "--seed": SEEDS,
            "--option": OPTIONS,
            "--out": OUT_PATHS,
        },
        input="q\n",
    ),
    Command("games"),
]


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str | None]:
    command = draw(st.sampled_from(COMMANDS))
    pieces: list[list[str]] = []
    if command.positional and draw(st.booleans()):
        pieces.append([draw(st.sampled_from(command.positional))])
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(["option", "option", "flag", "noise"]))
        if kind == "option" and command.options:
            name = draw(st.sampled_from(sorted(command.options)))
            pieces.append([name, draw(st.sampled_from(command.options[name]))])
        elif kind == "flag" and command.flags:
            pieces.append([draw(st.sampled_from(command.flags))])
        elif kind == "noise":
            pieces.append([draw(NOISE)])
    order = draw(st.permutations(pieces))
    args = [command.name, *command.prefix, *(token for piece in order for token in piece)]
    return args, command.input


class Files:
    """The files each example starts with (a short repr: Hypothesis prints its arguments)."""

    def __init__(self, contents: dict[str, bytes]) -> None:
        self.contents = contents

    def __repr__(self) -> str:
        return f"Files({sorted(self.contents)})"

    def write(self, folder: Path) -> None:
        for name, data in self.contents.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        (folder / "dir").mkdir()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    """Good files, bad files, and a ladder of other settings."""
    info = get_game("duel52")
    game = play_match(info, ["random", "random"], 3)
    base = tmp_path_factory.mktemp("fuzz-files")
    save(game.record, base / "record.json")
    record = json.loads((base / "record.json").read_text())
    unfinished = dict(record, actions=record["actions"][:5])
    del unfinished["result"]
    run_ladder(LadderConfig("duel52", ("random", "heuristic"), 1, seed=99), base / "lad").close()
    example = Path(__file__).parents[2] / "docs" / "examples" / "duel52-endgame.json"
    return Files(
        {
            "record.json": (base / "record.json").read_bytes(),
            "unfinished.json": json.dumps(unfinished).encode(),
            "position.json": example.read_bytes(),
            "empty.json": b"",
            "garbage.bin": b"\xff\xfe\x00not text\x80",
            "nul.json": b'{"format": "duelhall-record\x00"}',
            "notjson.json": b"{'game': duel52",
            "list.json": b"[1, 2, 3]",
            "wrong-format.json": json.dumps(dict(record, version=99)).encode(),
            "other-ladder/ladder.sqlite": (base / "lad" / "ladder.sqlite").read_bytes(),
        }
    )


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("DUELHALL_FUZZ_RANDOM"),
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(line=command_lines())
def test_no_command_line_gives_a_traceback(
    files: Files, tmp_path_factory: pytest.TempPathFactory, line: tuple[list[str], str | None]
) -> None:
    args, given_input = line
    base = tmp_path_factory.getbasetemp()
    with tempfile.TemporaryDirectory(dir=base) as folder, contextlib.chdir(folder):
        files.write(Path(folder))
        result = CliRunner().invoke(cli, args, input=given_input)
    shown = f"duelhall {args!r} gave exit {result.exit_code}:\n{result.output}"
    assert result.exit_code in (0, 1, 2), shown
    assert "Traceback" not in result.output, shown
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{shown}\n{result.exc_info}"
    )

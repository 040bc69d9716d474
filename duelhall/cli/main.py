"""The ``duelhall`` command."""

from __future__ import annotations

import math
import re
import sys
import textwrap
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from duelhall.cli.unwritable_output import run_guarded
from duelhall.core.engines import ENGINES, FAST_GAMES, choose, chosen
from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo, game_names, get_game, option_text
from duelhall.core.record import Record
from duelhall.core.rng import MAX_SEED, fresh_seed


class _Group(click.Group):
    """Turns duelhall's input errors into a one-line message and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DuelhallError as e:
            click.echo(f"duelhall: error: {e}", err=True)
            ctx.exit(1)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="duelhall")
def cli() -> None:
    """Play, replay and analyse duel card games."""


# Every command that sets up a game takes rules options the same way.
RULES_OPTION = click.option(
    "--option", "options", multiple=True, metavar="NAME=VALUE", help="Rules option."
)

ENGINE_OPTION = click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="auto",
    show_default=True,
    help="Rules engine: the compiled one (fast) where the options allow it, or the reference.",
)


def _choose_engine(info: GameInfo, engine: str) -> None:
    if engine == "fast" and info.name not in FAST_GAMES:
        raise DuelhallError(f"{info.title} has no fast engine; use --engine auto or reference")
    # For this command only: a caller running commands in-process keeps its own choice.
    click.get_current_context().call_on_close(partial(choose, chosen()))
    choose(engine)


class _Seed(click.IntRange):
    """A deal's seed: a whole number the generator can hold, refused with the range if not."""

    name = "seed"

    def __init__(self) -> None:
        super().__init__(0, MAX_SEED)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            found = re.fullmatch(r"\s*([+-]?)0*([0-9]+)\s*", str(value))
            if found is None:
                self.fail(f"{value!r} is not a whole number; {_SEED_RANGE}", param, ctx)
            sign, digits = found.groups()
            # Thousands of digits would make int() slow, then refuse; they are too many anyway.
            number = int(sign + digits) if len(digits) <= 20 else MAX_SEED + 1
        if not 0 <= number <= MAX_SEED:
            shown = str(value) if len(str(value)) <= 30 else f"a {len(str(value))}-digit number"
            self.fail(f"{shown} is out of range; {_SEED_RANGE}", param, ctx)
        return number


_SEED_RANGE = f"a seed is a whole number from 0 to {MAX_SEED} (2**64 - 1)"
SEED = _Seed()


class _Path(click.Path):
    """A path; one with a NUL byte, which no system accepts, is refused here, by name."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if "\x00" in str(value):
            self.fail(f"{value!r} contains a NUL byte, which no file name may", param, ctx)
        try:
            str(value).encode("utf-8")
        except UnicodeEncodeError:
            # Bytes that are not UTF-8 reach Python as lone surrogates, which a terminal
            # expecting UTF-8 cannot print: the run would end in a traceback telling its files.
            self.fail(f"{value!r} is not UTF-8 text; choose a name in UTF-8", param, ctx)
        return super().convert(value, param, ctx)


class _Seconds(click.FloatRange):
    """A duration in seconds; click's range lets NaN through (it compares false to both ends)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


def _agree(chosen: dict[str, Any], typed: set[str], name: str, value: Any, flag: str) -> None:
    """Refuse a flag that contradicts an --option typed beside it (neither silently wins)."""
    if name in typed and chosen[name] != value:
        raise DuelhallError(
            f"{flag} and --option {name}={option_text(chosen[name])} disagree; give one of them"
        )


def _parse_options(info: GameInfo, pairs: Sequence[str]) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise DuelhallError(f"--option takes NAME=VALUE, like lane_win=closed; got {pair!r}")
        name, value = pair.split("=", 1)
        given[name.strip()] = value.strip()
    return info.resolve_options(given, command_line=True)


def _changed_options(info: GameInfo, chosen: dict[str, Any]) -> list[str]:
    """``name=value`` for every option that differs from its default."""
    return [
        f"{opt.name}={option_text(chosen[opt.name])}"
        for opt in info.options
        if opt.name in chosen and chosen[opt.name] != opt.default
    ]


def _check_writable(record: Record, path: str, overwrite: bool, console: Console) -> None:
    """Claim the record's file before play: an existing file is replaced only if the person
    says so, a bad path fails at once, and what a killed save left there is cleaned up."""
    from duelhall.cli.record_keeper import claim

    removed = claim(record, Path(path), overwrite=overwrite)
    if removed:
        console.print(
            Text(
                f"Removed {len(removed)} temporary file{'s' if len(removed) > 1 else ''} "
                f"left beside {path} by a save that was cut short.",
                style="bright_black",
            )
        )


def _load_position(info: GameInfo, path: str) -> Any:
    """A position file's JSON, checked as untrusted input; a record or another game's
    position is refused with the command that takes it."""
    from duelhall.core.record import document_kind
    from duelhall.core.untrusted import read_document

    data = read_document(path, "position", PositionError)
    if document_kind(data) == "record":
        raise PositionError(
            f"{path} is a game record, not a position: replay it with: duelhall replay {path}"
        )
    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != info.name and other in game_names():
        raise PositionError(
            f"{path} is a {other} position: play it with: duelhall play {other} --position {path}"
        )
    return data


@cli.command()
@click.argument("game", default="duel52")
@click.option("--seed", type=SEED, default=None, help="Seed for the deal (default: random).")
@click.option(
    "--opponent",
    default="medium",
    show_default=True,
    help="easy, medium, hard, or an agent spec: random, heuristic, ismcts:2000, ismcts:1.5s.",
)
@click.option("--variant", default=None, help="A named variant, e.g. quick, standard, long.")
@RULES_OPTION
@click.option(
    "--record",
    "record_path",
    type=_Path(dir_okay=False),
    default=None,
    help="Write the game record here (kept up to date after every action).",
)
@click.option(
    "--overwrite",
    is_flag=True,
    help="Replace the --record file if it exists (without it, an existing file is kept "
    "unless you answer yes at the terminal).",
)
@click.option(
    "--position",
    "position_path",
    type=_Path(dir_okay=False),
    default=None,
    help="Start from a position file (see docs/positions/).",
)
@click.option(
    "--svg",
    "svg_dir",
    default=None,
    metavar="DIR",
    help="Write a picture of the table after every step into DIR (games with pictures).",
)
@click.option("--hotseat", is_flag=True, help="Two or more people at one terminal.")
@click.option(
    "--solo",
    is_flag=True,
    help="Play both sides yourself and first predict the winner from the opening hands "
    "(Duel 52's single-player variant: 3s and 4s are Vampiric unless you set the option).",
)
@click.option("--heroes", is_flag=True, help="Duel 52 expansion: heroes (= --option heroes=true).")
@click.option("--bannermen", is_flag=True, help="Duel 52 expansion: the bannermen draft.")
@click.option("--forts", is_flag=True, help="Duel 52 expansion: forts.")
@click.option("--vampiric", is_flag=True, help="Duel 52 variant: Vampiric 3s and 4s.")
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=None,
    help="Number of players, for games that have variants for more than two.",
)
@click.option(
    "--hint",
    is_flag=True,
    help="Before each of your decisions, show the search's three favourite moves.",
)
@click.option(
    "--hint-with",
    default="ismcts:1000",
    show_default=True,
    metavar="SPEC",
    help="The search that gives hints.",
)
@click.option(
    "--seat",
    type=click.IntRange(1, 4),
    default=1,
    show_default=True,
    help="Which player you are against the computer.",
)
@ENGINE_OPTION
def play(
    game: str,
    seed: int | None,
    opponent: str,
    variant: str | None,
    options: tuple[str, ...],
    record_path: str | None,
    overwrite: bool,
    position_path: str | None,
    svg_dir: str | None,
    hotseat: bool,
    solo: bool,
    heroes: bool,
    bannermen: bool,
    forts: bool,
    vampiric: bool,
    players: int | None,
    hint: bool,
    hint_with: str,
    seat: int,
    engine: str,
) -> None:
    """Play a game in the terminal against the computer or, with --hotseat, a friend."""
    from duelhall.agents.registry import make_agent
    from duelhall.cli.pictures import PictureWriter
    from duelhall.cli.session import Seat, Session
    from duelhall.core.seeds import agent_seed
    from duelhall.sim.analysis import search_agent

    info = get_game(game)
    _choose_engine(info, engine)
    hinter = search_agent(game, hint_with, 0) if hint else None
    pictures = None if svg_dir is None else PictureWriter(info, svg_dir)
    chosen = _parse_options(info, options)
    explicit = {pair.split("=", 1)[0].strip() for pair in options}
    if variant is not None:
        if variant not in info.variants:
            known = ", ".join(info.variants) or "none"
            raise DuelhallError(f"{game} has no variant {variant!r}; variants: {known}")
        # A preset under the options typed: --variant ultimate --option forts=false has no forts.
        preset = {k: v for k, v in info.variants[variant].items() if k not in explicit}
        chosen = info.resolve_options({**chosen, **preset})
    flags = {"heroes": heroes, "bannermen": bannermen, "forts": forts, "vampiric": vampiric}
    for name in (n for n, on in flags.items() if on):
        if not any(o.name == name for o in info.options):
            raise DuelhallError(f"--{name}: {info.title} has no such part")
        _agree(chosen, explicit, name, True, f"--{name}")
        chosen = info.resolve_options({**chosen, name: True})
    if players is not None:
        if not any(o.name == "players" for o in info.options):
            raise DuelhallError(f"{info.title} is for {info.seats} players only")
        _agree(chosen, explicit, "players", players, f"--players {players}")
        chosen = info.resolve_options({**chosen, "players": players})
    if solo:
        if hotseat:
            raise DuelhallError("choose --solo or --hotseat, not both")
        if any(o.name == "vampiric" for o in info.options) and "vampiric" not in explicit:
            chosen = info.resolve_options({**chosen, "vampiric": True})
    seed_given = seed is not None
    seed = fresh_seed() if seed is None else seed
    start = None
    if position_path is not None:
        if options or variant or any(flags.values()) or players is not None:
            # They used to be ignored without a word: the position's own options are played.
            raise DuelhallError(
                "--position brings its own rules options; leave out --variant, --option, "
                '--players and the part flags, or change the position\'s "options"'
            )
        start = _load_position(info, position_path)
        state = info.load_position(start)
        chosen = dict(state.options)
    else:
        state = info.new_state(seed, chosen)
    count = info.seat_count(chosen)
    if hotseat or solo:
        seats = [Seat(f"Player {i + 1}") for i in range(count)]
    else:
        if seat > count:
            raise DuelhallError(f"--seat {seat}: this game has {count} players")
        seats = []
        computers = 0
        for i in range(count):
            if i == seat - 1:
                seats.append(Seat("You"))
                continue
            computers += 1
            name = "Computer" if count == 2 else f"Computer {computers}"
            # One-way from the deal's seed: the computer cannot re-deal the game from it.
            agent = make_agent(opponent, agent_seed(seed, i), game=info)
            seats.append(Seat(name, agent))
    record = Record(
        game=game,
        seed=seed,
        options=chosen,
        players=[s.name if s.human else f"agent:{opponent}" for s in seats],
        start=start,
    )
    console = Console(highlight=False)
    if record_path is not None:
        _check_writable(record, record_path, overwrite, console)
    if solo:
        against = "solo: you play every side"
    elif hotseat:
        against = "hotseat"
    elif count == 2:
        against = f"you against the computer ({opponent})"
    else:
        against = f"you and {count - 1} computer players ({opponent})"
    # An unasked-for seed stays secret until the end: it would let anyone re-deal the game
    # and read the other hand and the pile.
    secret_seed = not seed_given and position_path is None
    if position_path:
        origin = f"position {position_path}"
    elif seed_given:
        origin = f"seed {seed}"
    else:
        origin = "a new deal (its seed is shown when the game ends)"
    console.print(Text(f"{info.title} — {origin}, {against}", style="bold"))
    if secret_seed and record_path is not None:
        eyes = "one player's eyes" if hotseat or solo else "your eyes"
        console.print(
            Text(
                f"{record_path} holds the seed (it shows every hidden card): until the game "
                f"ends, `duelhall replay` shows it only through {eyes}.",
                style="bright_black",
            )
        )
    changed = _changed_options(info, chosen)
    if changed:
        console.print(
            Text(f"Rules changed from the defaults: {', '.join(changed)}", style="yellow")
        )
    console.print(
        Text("Type ? for help, b for the board, u to take back, q to stop.", "bright_black")
    )
    session = Session(
        state=state,
        seats=seats,
        record=record,
        console=console,
        record_path=Path(record_path) if record_path else None,
        hotseat=hotseat,
        hint=hinter,
        solo=solo,
        secret_seed=secret_seed,
        pictures=pictures,
    )
    sys.exit(session.run())


@cli.command()
@click.argument("record_file", type=_Path(dir_okay=False))
@click.option(
    "--view",
    "view_as",
    type=click.Choice(["1", "2", "3", "4", "full"]),
    default=None,
    help="Whose eyes: a player's number, or the full state (default: full for a finished "
    "game, the person's own seat for an unfinished one).",
)
@click.option(
    "--step/--no-step",
    default=None,
    help="Wait for Enter between actions (default: when the terminal is interactive).",
)
@click.option(
    "--to",
    "stop_at",
    type=click.IntRange(min=0),
    default=None,
    help="Stop after this many actions.",
)
@click.option(
    "--analyse",
    "--analyze",
    "analyse_game",
    is_flag=True,
    help="Show, for each decision, the search's choice and what the move played loses.",
)
@click.option(
    "--analyse-with",
    default="ismcts:1000",
    show_default=True,
    metavar="SPEC",
    help="The search used by --analyse.",
)
@click.option(
    "--svg",
    "svg_dir",
    default=None,
    metavar="DIR",
    help="Write a picture of the table at every step into DIR (games with pictures).",
)
def replay(
    record_file: str,
    view_as: str | None,
    step: bool | None,
    stop_at: int | None,
    analyse_game: bool,
    analyse_with: str,
    svg_dir: str | None,
) -> None:
    """Step through a recorded game, from either player's view or the full state."""
    from duelhall.cli.choices import typed
    from duelhall.cli.pictures import PictureWriter
    from duelhall.cli.session import ui_for
    from duelhall.cli.unfinished import replay_view
    from duelhall.core.record import load, replay_steps
    from duelhall.core.record import replay as check_record

    record = load(record_file)
    info = get_game(record.game)  # an unknown game is named as such
    check_record(record)  # a broken record is refused before any of it is shown
    ui = ui_for(record.game)
    pictures = None if svg_dir is None else PictureWriter(info, svg_dir)
    count = info.seat_count(record.options)
    names = tuple(f"Player {i + 1}" for i in range(count))
    console = Console(highlight=False)
    if analyse_game:
        from duelhall.sim.analysis import search_agent

        search_agent(record.game, analyse_with, 0)  # a bad spec fails before any output
    view_as = replay_view(record, view_as, names, console)
    seat = None if view_as == "full" else int(view_as) - 1
    if seat is not None and seat >= count:
        raise DuelhallError(f"--view {view_as}: this game has {count} players")
    viewer = 0 if seat is None else seat
    if analyse_game:
        from duelhall.cli.analysis_view import print_analysis

        # Through one player's eyes only that player's decisions are shown: the other's
        # moves name cards this view may not see.
        print_analysis(record, analyse_with, None if seat is None else {seat}, names, console)
        return
    interactive = sys.stdin.isatty() if step is None else step
    eyes = "the full state" if seat is None else f"{names[seat]}'s view"
    # Through one player's eyes the seed stays unsaid while the game is unfinished: it
    # would re-deal the game and show every hidden card.
    shown_seed = f"seed {record.seed}, " if seat is None or record.result is not None else ""
    console.print(
        Text(
            f"{record.game} record — {shown_seed}{len(record.actions)} actions, "
            f"seen through {eyes}",
            style="bold",
        )
    )
    if record.players:
        # Names come with the file: a long one is cut as the web's replays cut it.
        who = ", ".join(
            f"{names[i]}: {p if len(p) <= 40 else p[:39] + '…'}"
            for i, p in enumerate(record.players[:count])
        )
        console.print(Text(who, style="bright_black"))
    effects = getattr(ui, "effects", None)
    shown = False
    # Through a player's eyes, a secret choice made while other seats still have to choose
    # is held back and told with the others once the last one reveals them all, as at the
    # table: (number, seat, action, the view before it, its notation).
    secret: list[tuple[int, int, Any, Any, str]] = []
    for number, (state, actor, text) in enumerate(replay_steps(record)):
        view = state.view(seat)
        if pictures is not None and (stop_at is None or number <= stop_at):
            pictures.write(number, view, names)
        if actor == -1 or (stop_at is not None and number >= stop_at):
            console.print(ui.render_view(view, names))
            if actor == -1:
                console.print(ui.result_text(view, names))
                if view.get("result") is None:
                    console.print(Text("The record ends before the game does.", "yellow"))
            else:
                console.print(
                    Text(f"Stopped after {number} of {len(record.actions)} actions.", "yellow")
                )
            break
        action = state.parse_action(text, actor)
        if seat is not None and len(state.to_move()) > 1:
            secret.append((number, actor, action, view, text))
            continue
        told = [*secret, (number, actor, action, view, text)]
        start = told[0][3]  # the view before the first of them
        secret = []
        if not shown or interactive:
            console.print(ui.render_view(start, names))
            shown = True
        eye = viewer if seat is not None else actor
        for at, mover, act, before, _ in told:
            words = ui.describe(act, before, eye)
            # Notation names the card played or discarded: show it only to eyes that may see it,
            # written as the mover would type it (board cards by the letters drawn).
            bracket = f"   [{typed(ui, act, before, mover)}]" if seat in (None, mover) else ""
            console.print(Text(f"{at + 1}. {names[mover]}: {words}{bracket}", style="magenta"))
        if effects is not None:
            # What the action (or the revealed choices together) set off.
            after = state.clone()
            after.apply(action)
            for line in effects(action, start, after.view(seat), eye, names):
                console.print(Text("   ").append_text(line))
        if (
            interactive
            and click.prompt("Enter: next, q: quit", default="", show_default=False) == "q"
        ):
            break


@cli.command()
@click.argument("game", default="duel52")
@RULES_OPTION
def rules(game: str, options: tuple[str, ...]) -> None:
    """Print a concise rules reference and the rulings in force."""
    info = get_game(game)
    chosen = _parse_options(info, options)
    if not info.has_hook("reference"):
        raise DuelhallError(f"{info.title} has no rules reference yet")
    click.echo(info.hook("reference").reference_text(chosen))


@cli.command()
@click.argument("game", default="duel52")
@click.option(
    "--seconds",
    type=_Seconds(min=0.1, max=3600),
    default=5.0,
    show_default=True,
    help="Time spent on each measurement.",
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option(
    "--agent",
    "agents",
    multiple=True,
    metavar="SPEC",
    help="Time this agent's decisions instead (repeatable), e.g. --agent medium --agent hard.",
)
@click.option(
    "--positions",
    type=click.IntRange(1, 10_000),
    default=30,
    show_default=True,
    help="Positions timed per agent.",
)
@RULES_OPTION
@click.option(
    "--engine",
    "engine_names",
    type=click.Choice(ENGINES),
    multiple=True,
    help="Engine to measure (repeat to compare in one run: --engine reference --engine fast).",
)
def bench(
    game: str,
    seconds: float,
    seed: int,
    agents: tuple[str, ...],
    positions: int,
    options: tuple[str, ...],
    engine_names: tuple[str, ...],
) -> None:
    """Measure random full games, actions and clone+apply per second on one core.

    With --agent, measure seconds per decision of computer players instead."""
    from duelhall.bench import run_agent_bench, run_bench, run_engine_bench
    from duelhall.core.engines import using

    info = get_game(game)
    chosen = _parse_options(info, options)
    names = list(engine_names) or ["auto"]
    for name in names:
        _choose_engine(info, name)  # an engine the game lacks fails before any timing
        with using(name):
            info.new_state(seed, chosen)  # and so do options it cannot play
    if agents:
        from duelhall.agents.registry import make_agent

        for spec in agents:
            make_agent(spec, 0, game=info)  # a bad spec fails before any timing
        for name in names:
            with using(name):
                if len(names) > 1:
                    click.echo(f"engine {name}")
                for line in run_agent_bench(
                    info, list(agents), positions=positions, seed=seed, options=chosen
                ):
                    click.echo(line)
        return
    if len(names) > 1:
        for line in run_engine_bench(info, names, seconds=seconds, seed=seed, options=chosen):
            click.echo(line)
        return
    for line in run_bench(info, seconds=seconds, seed=seed, options=chosen):
        click.echo(line)


@cli.command()
@click.argument("game", default="duel52")
@click.option(
    "--agents",
    default="random,heuristic,ismcts:300",
    show_default=True,
    help="Comma-separated agent specs (a spec's own settings, like ,c=1.0, stay with it).",
)
@click.option(
    "--games",
    type=click.IntRange(1, 100_000),
    default=100,
    show_default=True,
    help="Games per pairing (in pairs: same deal, seats swapped).",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="First deal's seed.")
@RULES_OPTION
@click.option(
    "--out",
    type=_Path(file_okay=False),
    default=None,
    help="Folder for the results (default: ladder-GAME). Running again resumes it.",
)
@ENGINE_OPTION
def ladder(
    game: str,
    agents: str,
    games: int,
    jobs: int,
    seed: int,
    options: tuple[str, ...],
    out: str | None,
    engine: str,
) -> None:
    """Round robin between agents: scores with 95% intervals and Elo (Bradley-Terry)."""
    from duelhall.cli.ladder_view import run_ladder_command

    info = get_game(game)
    _choose_engine(info, engine)  # forked workers (Linux) inherit it, spawned ones do not
    chosen = _parse_options(info, options)
    specs = _split_agents(agents)
    folder = Path(out) if out else Path(f"ladder-{game}")
    sys.exit(run_ladder_command(info, specs, games, jobs, seed, chosen, folder))


def _split_agents(text: str) -> tuple[str, ...]:
    """``random,heuristic,ismcts:300,c=1.0``: a ``key=value`` piece belongs to the spec before."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    if not specs:
        raise DuelhallError("--agents needs agent specs, like random,heuristic,ismcts:300")
    return tuple(specs)


@cli.command()
@click.argument("game", default="duel52")
@click.option(
    "--players",
    default="random,easy,medium,hard",
    show_default=True,
    help="Comma-separated, in seed order: agent specs, or human:NAME for a person.",
)
@click.option(
    "--format",
    "bracket",
    type=click.Choice(["single", "double"]),
    default="single",
    show_default=True,
    help="Single or double elimination.",
)
@click.option(
    "--games",
    type=click.IntRange(1, 1000),
    default=2,
    show_default=True,
    help="Games a match (seats alternate; a level match goes to sudden death).",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for the deals (default: random, told when the tournament ends).",
)
@RULES_OPTION
@click.option(
    "--out",
    type=_Path(file_okay=False),
    default=None,
    help="Save every game's record in this folder.",
)
def tournament(
    game: str,
    players: str,
    bracket: str,
    games: int,
    seed: int | None,
    options: tuple[str, ...],
    out: str | None,
) -> None:
    """An elimination tournament of agents and people, told match by match."""
    from duelhall.cli.tournament_view import run_tournament_command

    info = get_game(game)
    chosen = _parse_options(info, options)
    specs = list(_split_agents(players))
    code = run_tournament_command(
        info,
        specs,
        games=games,
        double=bracket == "double",
        seed=seed,
        options=chosen,
        out=Path(out) if out else None,
    )
    sys.exit(code)


@cli.command()
@click.argument("game")
@click.argument("question")
@click.option(
    "--agents",
    default="heuristic",
    show_default=True,
    help="Agent spec for every seat, or one per seat in turn order.",
)
@click.option(
    "--precision",
    type=float,
    default=0.05,
    show_default=True,
    help="95% half-width wanted, in win rate (0.02: ±2 points).",
)
@click.option(
    "--max-games",
    type=click.IntRange(min=1),
    default=None,
    help="At most this many games per arm (default: from --precision).",
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed of the deals.")
@RULES_OPTION
@click.option("--variant", "variants", multiple=True, help="first-player: only this variant.")
@click.option(
    "--players",
    "players",
    multiple=True,
    type=click.IntRange(2, 4),
    help="first-player: only this player count (Duel 52).",
)
@click.option("--heroes", default="", help="matchups: hero ranks to match, e.g. 7,K,A.")
@click.option("--kind", default="", help="matchups: heroes, bannermen or characters.")
@click.option("--a", "a_options", multiple=True, metavar="NAME=VALUE", help="compare: set A.")
@click.option("--b", "b_options", multiple=True, metavar="NAME=VALUE", help="compare: set B.")
@click.option("--metrics", default="", help="metrics/compare: metric names, comma-separated.")
@click.option(
    "--metric-module",
    "metric_modules",
    multiple=True,
    help="Import this module first: its metric classes join the list.",
)
@click.option(
    "--backend",
    type=click.Choice(["process", "ray"]),
    default="process",
    show_default=True,
    help="Worker processes here, or Ray.",
)
@click.option("--address", default=None, help="Ray: an existing cluster (default: a local one).")
@ENGINE_OPTION
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Worker processes (or Ray CPUs).",
)
@click.option(
    "--out",
    type=_Path(file_okay=False),
    default=None,
    help="Folder for the store and reports (default: balance-GAME).",
)
def balance(game: str, question: str, **kw: Any) -> None:
    """Answer a designer's question with numbers: first-player, matchups, card-value,
    compare or metrics (docs/balance.md). GAME all: first-player for every game."""
    from duelhall.cli.balance_view import run_balance_command
    from duelhall.lab.answer import find_question
    from duelhall.lab.metrics import load_metric_module
    from duelhall.lab.questions.base import Ask, given_options

    find_question(question)
    every_game: tuple[GameInfo, ...] = ()
    if game == "all":
        if question != "first-player" or kw["options"] or kw["variants"] or kw["players"]:
            raise DuelhallError(
                "GAME all is for first-player, every variant of every game; name a game to "
                "ask another question or to choose --option, --variant or --players"
            )
        every_game = tuple(get_game(name) for name in game_names())
    info = every_game[0] if every_game else get_game(game)
    _choose_engine(info, kw["engine"])
    for module in kw["metric_modules"]:
        load_metric_module(module)
    ask = Ask(
        info=info,
        options=given_options(info, kw["options"], "--option"),
        agents=_split_agents(kw["agents"]),
        seed=kw["seed"],
        precision=kw["precision"],
        max_games=kw["max_games"],
        variants=tuple(kw["variants"]),
        players=tuple(kw["players"]),
        heroes=tuple(h for h in kw["heroes"].split(",") if h.strip()),
        kind=kw["kind"],
        a=given_options(info, kw["a_options"], "--a"),
        b=given_options(info, kw["b_options"], "--b"),
        metrics=tuple(m.strip() for m in kw["metrics"].split(",") if m.strip()),
        every_game=every_game,
    )
    folder = Path(kw["out"]) if kw["out"] else Path(f"balance-{game}")
    sys.exit(
        run_balance_command(
            question,
            ask,
            folder,
            backend=kw["backend"],
            jobs=kw["jobs"],
            address=kw["address"],
            engine=kw["engine"],
        )
    )


@cli.command("games")
def games_cmd() -> None:
    """List the games and their options."""
    for name in game_names():
        info = get_game(name)
        click.echo(f"{name}: {info.title} — {info.summary}")
        if info.variants:
            click.echo(f"  variants: {', '.join(info.variants)}")
        click.echo("  options (--option NAME=VALUE; the first value is the default):")
        for opt in info.options:
            values = [opt.default, *(c for c in opt.choices if c != opt.default)]
            if isinstance(opt.default, bool):
                values = [opt.default, not opt.default]
            shown = " | ".join(option_text(v) for v in values)
            click.echo(f"    {opt.name} = {shown}")
            for line in textwrap.wrap(opt.help, width=72):
                click.echo(f"        {line}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help="sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME "
    "(default: a SQLite file in your data folder).",
)
def serve(host: str, port: int, db_url: str | None) -> None:
    """Play in the browser: serve every game on http://HOST:PORT."""
    from duelhall.web.serve import serve as run_server

    run_server(host, port, db_url)


def main() -> None:
    run_guarded(partial(cli, prog_name="duelhall"))


if __name__ == "__main__":  # python -m duelhall.cli.main, as the command
    main()

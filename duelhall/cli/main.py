"""The ``duelhall`` command."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from duelhall.core.errors import DuelhallError, PositionError
from duelhall.core.game import GameInfo, game_names, get_game
from duelhall.core.record import Record
from duelhall.core.rng import fresh_seed


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


def _parse_options(info: GameInfo, pairs: Sequence[str]) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise DuelhallError(
                f"--option takes NAME=VALUE, like lane_win=hand-empty; got {pair!r}"
            )
        name, value = pair.split("=", 1)
        given[name.strip()] = value.strip()
    return info.resolve_options(given)


def _load_position(info: GameInfo, path: str) -> Any:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise PositionError(f"cannot read position {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"{path} is not valid JSON (line {e.lineno}: {e.msg})") from None
    return data


@cli.command()
@click.argument("game", default="duel52")
@click.option("--seed", type=int, default=None, help="Seed for the deal (default: random).")
@click.option("--opponent", default="random", show_default=True, help="Computer opponent.")
@click.option("--variant", default=None, help="A named variant, e.g. quick, standard, long.")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE", help="Rules option.")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the game record here (kept up to date after every action).",
)
@click.option(
    "--position",
    "position_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start from a position file (see docs/positions.md).",
)
@click.option("--hotseat", is_flag=True, help="Two people at one terminal.")
@click.option(
    "--seat",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="Which player you are against the computer.",
)
def play(
    game: str,
    seed: int | None,
    opponent: str,
    variant: str | None,
    options: tuple[str, ...],
    record_path: str | None,
    position_path: str | None,
    hotseat: bool,
    seat: int,
) -> None:
    """Play a game in the terminal against the computer or, with --hotseat, a friend."""
    from duelhall.agents.registry import make_agent
    from duelhall.cli.session import Seat, Session

    info = get_game(game)
    chosen = _parse_options(info, options)
    if variant is not None:
        if variant not in info.variants:
            known = ", ".join(info.variants) or "none"
            raise DuelhallError(f"{game} has no variant {variant!r}; variants: {known}")
        chosen = info.resolve_options({**chosen, **info.variants[variant]})
    seed = fresh_seed() if seed is None else seed
    start = None
    if position_path is not None:
        start = _load_position(info, position_path)
        state = info.load_position(start)
        chosen = dict(state.options)
    else:
        state = info.new_state(seed, chosen)
    if hotseat:
        seats = [Seat("Player 1"), Seat("Player 2")]
    else:
        bot = Seat("Computer", make_agent(opponent, seed + 1))
        seats = [Seat("You"), bot] if seat == 1 else [bot, Seat("You")]
    record = Record(
        game=game,
        seed=seed,
        options=chosen,
        players=[s.name if s.human else f"agent:{opponent}" for s in seats],
        start=start,
    )
    console = Console(highlight=False)
    against = "hotseat" if hotseat else f"against the computer ({opponent})"
    console.print(Text(f"{info.title} — seed {seed}, {against}", style="bold"))
    session = Session(
        state=state,
        seats=seats,
        record=record,
        console=console,
        record_path=Path(record_path) if record_path else None,
        hotseat=hotseat,
    )
    sys.exit(session.run())


@cli.command()
@click.argument("record_file", type=click.Path(dir_okay=False))
@click.option(
    "--view",
    "view_as",
    type=click.Choice(["1", "2", "full"]),
    default="full",
    show_default=True,
    help="Whose eyes: player 1, player 2 or the full state.",
)
@click.option(
    "--step/--no-step",
    default=None,
    help="Wait for Enter between actions (default: when the terminal is interactive).",
)
@click.option("--to", "stop_at", type=int, default=None, help="Stop after this many actions.")
def replay(record_file: str, view_as: str, step: bool | None, stop_at: int | None) -> None:
    """Step through a recorded game, from either player's view or the full state."""
    from duelhall.cli.session import ui_for
    from duelhall.core.record import load, replay_steps

    record = load(record_file)
    ui = ui_for(record.game)
    seat = None if view_as == "full" else int(view_as) - 1
    viewer = 0 if seat is None else seat
    names = ("Player 1", "Player 2")
    console = Console(highlight=False)
    interactive = sys.stdin.isatty() if step is None else step
    console.print(
        Text(
            f"{record.game} record — seed {record.seed}, {len(record.actions)} actions",
            style="bold",
        )
    )
    for number, (state, actor, text) in enumerate(replay_steps(record)):
        view = state.view(seat)
        if actor == -1 or (stop_at is not None and number >= stop_at):
            console.print(ui.render_view(view, names))
            console.print(ui.result_text(view, names))
            break
        console.print(ui.render_view(view, names))
        action = state.parse_action(text, actor)
        words = ui.describe(action, view, viewer if seat is not None else actor)
        # Notation names the card played or discarded: show it only to eyes that may see it.
        shown = f"   [{text}]" if seat is None or seat == actor else ""
        console.print(Text(f"{number + 1}. {names[actor]}: {words}{shown}", style="magenta"))
        if (
            interactive
            and click.prompt("Enter: next, q: quit", default="", show_default=False) == "q"
        ):
            break


@cli.command()
@click.argument("game", default="duel52")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE", help="Rules option.")
def rules(game: str, options: tuple[str, ...]) -> None:
    """Print a concise rules reference and the rulings in force."""
    info = get_game(game)
    chosen = _parse_options(info, options)
    from importlib import import_module

    module = import_module(f"duelhall.games.{game}.reference")
    click.echo(module.reference_text(chosen))


@cli.command()
@click.argument("game", default="duel52")
@click.option(
    "--seconds", type=float, default=5.0, show_default=True, help="Time spent on each measurement."
)
@click.option("--seed", type=int, default=0, show_default=True)
def bench(game: str, seconds: float, seed: int) -> None:
    """Measure random full games, actions and clone+apply per second on one core."""
    from duelhall.bench import run_bench

    for line in run_bench(get_game(game), seconds=seconds, seed=seed):
        click.echo(line)


@cli.command("games")
def games_cmd() -> None:
    """List the games and their options."""
    for name in game_names():
        info = get_game(name)
        click.echo(f"{name}: {info.title} — {info.summary}")
        if info.variants:
            click.echo(f"  variants: {', '.join(info.variants)}")
        for opt in info.options:
            choices = f" ({' | '.join(str(c) for c in opt.choices)})" if opt.choices else ""
            click.echo(f"  --option {opt.name}={opt.default}{choices}: {opt.help}")


def main() -> None:
    cli(prog_name="duelhall")

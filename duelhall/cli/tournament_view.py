"""``duelhall tournament``: a bracket of agents and people, told match by match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from duelhall.agents.registry import make_agent, parse_spec
from duelhall.core.errors import DuelhallError
from duelhall.core.game import GameInfo
from duelhall.core.record import Record, save
from duelhall.core.rng import fresh_seed
from duelhall.core.seeds import agent_seed
from duelhall.core.wording import plural
from duelhall.sim.folders import OutputFolder, write_error
from duelhall.sim.match import play_match, require_duel
from duelhall.sim.tournament import Match, Tournament


class TournamentStopped(Exception):
    """A person stopped their game, so the bracket cannot go on."""


def entrant_names(specs: list[str]) -> tuple[list[str], dict[str, str]]:
    """Display names (unique) and what each plays: an agent spec, or ``human``."""
    names: list[str] = []
    plays: dict[str, str] = {}
    for spec in specs:
        text = spec.strip()
        if text.lower() == "human" or text.lower().startswith("human:"):
            name = text.split(":", 1)[1].strip() if ":" in text else "Player"
            kind = "human"
        else:
            parse_spec(text)  # a bad spec fails before the first match
            name, kind = text, text
        if not name:
            raise DuelhallError(f"{spec!r}: give the person a name, like human:Alice")
        base, n = name, 2
        while name in plays:
            name = f"{base} #{n}"
            n += 1
        names.append(name)
        plays[name] = kind
    if len(names) < 2:
        raise DuelhallError("a tournament needs at least two players, e.g. random,heuristic")
    return names, plays


def run_tournament_command(
    info: GameInfo,
    specs: list[str],
    *,
    games: int,
    double: bool,
    seed: int | None,
    options: dict[str, Any],
    out: Path | None,
) -> int:
    """Run the bracket; ``seed`` None draws the deals from real entropy, and the seed that
    replays them is told once the tournament is over (a person still to play would
    otherwise know their deals)."""
    require_duel(info, options, "tournament matches are duels")
    console = Console(highlight=False)
    names, plays = entrant_names(specs)
    folder = OutputFolder(out) if out is not None else None
    counter = {"game": 0, "saved": 0}

    def play_game(first: str, second: str, deal: int) -> tuple[float, float]:
        counter["game"] += 1
        kinds = [plays[first], plays[second]]
        if "human" in kinds:
            record, scores = _human_game(info, [first, second], kinds, deal, options, console)
        else:
            result = play_match(info, kinds, deal, options)
            record, scores = result.record, result.scores
            record.players = [first, second]
        if out is not None:
            _save(record, out / f"game-{counter['game']:03d}.json")
            counter["saved"] += 1
        return scores[0], scores[1]

    stage = {"name": ""}
    played: list[Match] = []

    def told(match: Match) -> None:
        if match.stage != stage["name"]:
            if played:  # a stage is complete: the bracket so far
                console.print(bracket_table(played))
            stage["name"] = match.stage
            console.print(Text(f"\n{match.stage}", style="bold"))
        played.append(match)
        console.print(Text(f"  {match.number:>3}. {match.summary()}"))

    kind = "double" if double else "single"
    console.print(
        Text(
            f"{info.title}: {kind}-elimination tournament, {len(names)} players, "
            f"{games} game{'s' if games != 1 else ''} a match (seats alternate)",
            style="bold",
        )
    )
    people = frozenset(name for name, kind in plays.items() if kind == "human")
    master = fresh_seed() if seed is None else seed
    tournament = Tournament(
        names, play_game, games=games, double=double, seed=master, on_match=told, people=people
    )
    try:
        champion = tournament.run()
    except TournamentStopped:
        console.print(Text("\nThe tournament is stopped.", style="yellow"))
        if counter["saved"]:  # as a stopped game says its record was kept
            finished = plural(counter["saved"], "finished game")
            console.print(Text(f"The records of its {finished} are in {out}/"))
        return 1
    finally:
        if folder is not None:  # stopped before its first game: leave no empty folder
            folder.discard_if_empty()
    console.print(bracket_table(tournament.matches))
    console.print(_placings(tournament))
    console.print(Text(f"Champion: {champion}", style="bold green"))
    if seed is None:  # every deal is played: the seed hides nothing any more
        console.print(
            Text(
                f"Tournament seed {master}: play the same deals again with --seed {master}",
                style="bright_black",
            )
        )
    if out is not None:
        console.print(Text(f"Every game's record is in {out}/", style="bright_black"))
    return 0


def bracket_table(matches: list[Match]) -> Table:
    """The bracket so far: one column per stage, each match with its winner in bold."""
    stages: dict[str, list[Match]] = {}
    for match in matches:
        stages.setdefault(match.stage, []).append(match)
    table = Table(title="Bracket", title_justify="left", show_lines=True)
    for name in stages:
        table.add_column(name)
    depth = max(len(ms) for ms in stages.values())
    for row in range(depth):
        cells: list[Text] = []
        for ms in stages.values():
            if row >= len(ms):
                cells.append(Text(""))
                continue
            m = ms[row]
            cell = Text()
            for i, who in enumerate((m.a, m.b)):
                if i:
                    cell.append("\n")
                cell.append(who, style="bold green" if who == m.winner else "bright_black")
            cells.append(cell)
        table.add_row(*cells)
    return table


def _placings(t: Tournament) -> Table:
    table = Table(title="Final placings", title_justify="left")
    table.add_column("place", justify="right")
    table.add_column("players")
    place = 1
    for group in t.placings:
        label = str(place) if len(group) == 1 else f"{place}–{place + len(group) - 1}"
        table.add_row(label, ", ".join(group))
        place += len(group)
    return table


def _human_game(
    info: GameInfo,
    names: list[str],
    kinds: list[str],
    deal: int,
    options: dict[str, Any],
    console: Console,
) -> tuple[Record, tuple[float, ...]]:
    from duelhall.cli.session import Seat, Session
    from duelhall.cli.unfinished import AGENT_PREFIX

    chosen = info.resolve_options(options)
    seats = [
        Seat(name)
        if kind == "human"
        else Seat(name, make_agent(kind, agent_seed(deal, i), game=info))
        for i, (name, kind) in enumerate(zip(names, kinds, strict=True))
    ]
    # Agents named as ``play`` names them, so a replay knows which seats are people.
    players = [
        n if k == "human" else f"{AGENT_PREFIX}{k}" for n, k in zip(names, kinds, strict=True)
    ]
    record = Record(game=info.name, seed=deal, options=chosen, players=players)
    state = info.new_state(deal, chosen)
    console.print(Text(f"\n{names[0]} (player 1) against {names[1]} (player 2)", style="bold"))
    session = Session(
        state=state,
        seats=seats,
        record=record,
        console=console,
        hotseat=kinds.count("human") == 2,
        # A deal's seed would give away the tournament's seed when that is guessable, and
        # with it the deals to come; the records keep the seeds.
        tell_seed=False,
    )
    if session.run() != 0:
        raise TournamentStopped
    outcome = session.state.outcome()  # an action taken back replaces the state
    assert outcome is not None
    return record, outcome.scores


def _save(record: Record, path: Path) -> None:
    try:
        save(record, path)
    except OSError as e:
        raise write_error(path, e, resume=False) from None

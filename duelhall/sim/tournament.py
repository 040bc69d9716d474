"""Single- and double-elimination tournaments between agents and people.

Entrants are seeded in the order given and the field is padded to a power of two with byes;
a bye loses every match without playing, so the same pairing rules serve any field size, and
top seeds meet byes first.

A match is ``games`` games with the seats alternating; the higher total score wins. A tied
match goes to sudden-death games (seats still alternating) and, after ``SUDDEN_DEATH``
of them without a decision, to the higher seed.

Deals. Between agents, games come in pairs on one deal with the seats swapped, so neither
the cards nor the first seat favour a side. A person is never dealt a deal twice: having
played it once, they would know the other hand (and in Duel 52 the pile) the second time, so
every game of a match with a person has a deal of its own. Every deal seed is derived from
the tournament's seed by a one-way function (:func:`duelhall.core.seeds.deal_seed`, by match
and deal number): seeing one deal, or its seed, tells nothing about another.

Double elimination follows the usual layout: losers of the winners' bracket drop into the
losers' bracket (losers of later rounds meet the survivors in reverse order, which keeps
early rematches rare), the losers' champion meets the winners' champion in the grand final,
and if the losers' champion wins that, a deciding final is played, since both then have one
loss.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from duelhall.core.seeds import deal_seed

BYE = "(bye)"
SUDDEN_DEATH = 5

# A function that plays one game: (seat 0 entrant, seat 1 entrant, deal seed) -> scores.
# It must not show a person the deal's seed: with a seed the user chose (small, guessable),
# a deal seed would give away the tournament's seed and so every deal still to come.
PlayGame = Callable[[str, str, int], tuple[float, float]]


@dataclass
class Match:
    stage: str  # e.g. "Winners round 1", "Losers round 2", "Grand final"
    number: int
    a: str
    b: str
    games: list[tuple[str, str, float, float]] = field(default_factory=list)
    winner: str = ""
    note: str = ""

    @property
    def loser(self) -> str:
        return self.b if self.winner == self.a else self.a

    def points(self, who: str) -> float:
        total = 0.0
        for first, _second, s0, s1 in self.games:
            total += s0 if first == who else s1
        return total

    def summary(self) -> str:
        if self.note:
            return f"{self.winner} advances ({self.note})"
        a, b = self.points(self.winner), self.points(self.loser)
        return f"{self.winner} beats {self.loser} {a:g}–{b:g}"


@dataclass
class Tournament:
    entrants: list[str]
    play_game: PlayGame
    games: int = 1
    double: bool = False
    seed: int = 0
    on_match: Callable[[Match], None] | None = None
    people: frozenset[str] = frozenset()  # entrants who are persons: never a deal twice
    matches: list[Match] = field(default_factory=list)
    placings: list[list[str]] = field(default_factory=list)

    def run(self) -> str:
        """Play the whole bracket; returns the champion."""
        field_ = seeded_field(self.entrants)
        self.seed_rank = {name: i for i, name in enumerate(self.entrants)}
        if not self.double:
            return self._single(field_)
        return self._double(field_)

    # ------------------------------------------------------------------ brackets

    def _round(self, stage: str, pairs: Sequence[tuple[str, str]]) -> list[Match]:
        played = []
        for a, b in pairs:
            match = Match(stage, len(self.matches) + 1, a, b)
            self._play(match)
            self.matches.append(match)
            played.append(match)
            if self.on_match is not None:
                self.on_match(match)
        return played

    def _single(self, players: list[str]) -> str:
        round_no = 1
        out_by_round: list[list[str]] = []
        while len(players) > 1:
            stage = _stage_name("Round", round_no, len(players))
            results = self._round(stage, _pairs(players))
            players = [m.winner for m in results]
            out_by_round.append([m.loser for m in results if m.loser != BYE])
            round_no += 1
        champion = players[0]
        self.placings = [[champion], *reversed([r for r in out_by_round if r])]
        return champion

    def _double(self, players: list[str]) -> str:
        wb_losers: list[list[str]] = []
        round_no = 1
        eliminated: list[list[str]] = []
        while len(players) > 1:
            stage = _stage_name("Winners round", round_no, len(players))
            results = self._round(stage, _pairs(players))
            players = [m.winner for m in results]
            wb_losers.append([m.loser for m in results])
            round_no += 1
        wb_champion = players[0]
        lb = wb_losers[0]
        lb_round = 1
        for r in range(len(wb_losers)):
            if r > 0:
                # Survivors meet the players just beaten in the winners' bracket, reversed.
                drop = list(reversed(wb_losers[r]))
                results = self._round(f"Losers round {lb_round}", list(zip(lb, drop, strict=True)))
                eliminated.append([m.loser for m in results if m.loser != BYE])
                lb = [m.winner for m in results]
                lb_round += 1
            if len(lb) > 1:
                results = self._round(f"Losers round {lb_round}", _pairs(lb))
                eliminated.append([m.loser for m in results if m.loser != BYE])
                lb = [m.winner for m in results]
                lb_round += 1
        lb_champion = lb[0]
        (final,) = self._round("Grand final", [(wb_champion, lb_champion)])
        champion, runner_up = final.winner, final.loser
        if final.winner == lb_champion and lb_champion != BYE:
            (reset,) = self._round("Deciding final", [(wb_champion, lb_champion)])
            champion, runner_up = reset.winner, reset.loser
        self.placings = [[champion], [runner_up], *reversed([e for e in eliminated if e])]
        return champion

    # ------------------------------------------------------------------ one match

    def _play(self, match: Match) -> None:
        if match.b == BYE or match.a == BYE:
            match.winner = match.a if match.b == BYE else match.b
            match.note = "bye"
            return
        # Agents play pairs of games on one deal; a person gets a new deal every game.
        paired = not self.people & {match.a, match.b}
        for game in range(self.games):
            self._one_game(match, game, game // 2 if paired else game)
        extra = 0
        while match.points(match.a) == match.points(match.b) and extra < SUDDEN_DEATH:
            self._one_game(match, self.games + extra, self.games + extra)
            extra += 1
        pa, pb = match.points(match.a), match.points(match.b)
        if pa == pb:
            match.winner = min(match.a, match.b, key=lambda n: self.seed_rank[n])
            match.note = f"level after {len(match.games)} games; the higher seed goes through"
        else:
            match.winner = match.a if pa > pb else match.b

    def _one_game(self, match: Match, index: int, deal: int) -> None:
        """Game ``index`` of the match, on the match's deal number ``deal``."""
        first, second = (match.a, match.b) if index % 2 == 0 else (match.b, match.a)
        s0, s1 = self.play_game(first, second, deal_seed(self.seed, match.number, deal))
        match.games.append((first, second, s0, s1))


def seeded_field(entrants: Sequence[str]) -> list[str]:
    """Entrants in bracket order, padded with byes: seed 1 meets the last seed, and the top
    two seeds can only meet in the final."""
    size = 1
    while size < len(entrants):
        size *= 2
    slots = [0]
    while len(slots) < size:
        n = len(slots) * 2
        slots = [x for s in slots for x in (s, n - 1 - s)]
    padded = [*entrants, *([BYE] * (size - len(entrants)))]
    return [padded[i] for i in slots]


def _pairs(players: Sequence[str]) -> list[tuple[str, str]]:
    return [(players[i], players[i + 1]) for i in range(0, len(players), 2)]


def _stage_name(prefix: str, number: int, players: int) -> str:
    if players == 2:
        return "Final" if prefix == "Round" else "Winners final"
    if players == 4 and prefix == "Round":
        return "Semi-finals"
    return f"{prefix} {number}"

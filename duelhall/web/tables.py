"""A live table: the true state (held by the server alone), its seats and their narration.

Everything here is synchronous and in memory; :mod:`duelhall.web.hub` persists each move
before it calls :meth:`LiveTable.accept`, and runs the computer seats.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from duelhall.core.game import GameInfo, get_game
from duelhall.core.record import Record
from duelhall.core.state import GameState
from duelhall.web.narration import Narrator, Views
from duelhall.web.refusals import Refused
from duelhall.web.snapshots import snapshot, with_log
from duelhall.web.store.repository import TableData
from duelhall.web.tokens import matches
from duelhall.web.views import Audience, has_public_view

Listener = Callable[[], None]  # told that the table changed


def rematch_seat(seat: int, count: int) -> int:
    """A seat's place at the rematch: the seats turn by one, so who began now follows."""
    return (seat - 1) % count


@dataclass
class LiveTable:
    data: TableData
    info: GameInfo
    ui: ModuleType
    state: GameState
    narrator: Narrator
    watchable: bool
    listeners: set[Listener] = field(default_factory=set)
    thinking: set[int] = field(default_factory=set)  # computer seats being decided
    # The snapshot a secret simultaneous choice in progress began at: others' choices since
    # show a seat nothing but that they chose, so a choice made on that snapshot still holds.
    round_began: int | None = None
    _cache: dict[Audience, str] = field(default_factory=dict)
    # Every reader's view of the current state, built once per change: the narration of the
    # next action reads them as "before", the snapshots draw from them.
    _views: Views | None = None

    @classmethod
    def open(cls, data: TableData) -> LiveTable:
        """The table ``data`` describes, its moves replayed (and narrated) from the deal."""
        from duelhall.cli.session import ui_for  # the terminal's words are the log's words

        info = get_game(data.game)
        state = info.new_state(data.seed, data.options)
        watchable = has_public_view(state)
        seats = tuple(range(len(data.seats)))
        audience: tuple[Audience, ...] = (*seats, None) if watchable else seats
        names = tuple(s.name for s in data.seats)
        table = cls(
            data,
            info,
            ui_for(data.game),
            state,
            Narrator(ui_for(data.game), names, audience),
            watchable,
        )
        moves, data.actions = data.actions, []
        for seat, text in moves:
            table.accept(seat, table.state.parse_action(text, seat))
        return table

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def seq(self) -> int:
        return len(self.data.actions)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.data.seats)

    def seat_of(self, token: str) -> int:
        for number, seat in enumerate(self.data.seats):
            if matches(token, seat.token_hash):
                return number
        raise Refused("that token holds no seat at this table; open your own link", 403)

    def computers(self) -> list[int]:
        """Computer seats that must act now and are not being decided already."""
        return [
            s
            for s in self.state.to_move()
            if self.data.seats[s].kind == "computer" and s not in self.thinking
        ]

    def check(self, seat: int, seq: int | None, text: str) -> tuple[Any, GameState]:
        """The action ``text`` by ``seat`` chosen from snapshot ``seq`` (None: the latest),
        and the state it leads to; refused, changing nothing, unless it may be played now."""
        if self.state.is_over():
            raise Refused("the game is over", 409)
        if seat not in self.state.to_move():
            raise Refused("it is not your turn; wait for the next snapshot", 409)
        began = self.round_began
        same_round = began is not None and seq is not None and began <= seq <= self.seq
        if seq is not None and seq != self.seq and not same_round:
            raise Refused(
                f"that choice was made on snapshot {seq}, but the table is at {self.seq}; "
                "choose again from the latest",
                409,
            )
        for action in self.state.legal_actions(seat):
            if str(action) == text:
                after = self.state.clone()
                after.apply(action)
                return action, after
        raise Refused(f"{text[:60]!r} is not one of your legal actions now; pick one listed", 422)

    def result(self, after: GameState) -> dict[str, Any] | None:
        outcome = after.outcome()
        return None if outcome is None else outcome.to_json()

    def accept(self, seat: int, action: Any, after: GameState | None = None) -> None:
        """Take a checked (and, when live, committed) action: narrate it and move on."""
        if after is None:
            after = self.state.clone()
            after.apply(action)
        movers = self.state.to_move()
        if len(movers) > 1 and self.round_began is None:
            self.round_began = self.seq
        before, seen = self.views(), self.narrator.views(after)
        self.narrator.tell(movers, seat, action, before, seen, after.is_over())
        if not self.narrator.in_round:
            self.round_began = None
        self.state, self._views = after, seen
        self.data.actions.append((seat, str(action)))
        self.data.result = self.result(after)
        self._cache.clear()
        for listener in list(self.listeners):
            listener()

    def views(self) -> Views:
        if self._views is None:
            self._views = self.narrator.views(self.state)
        return self._views

    def snapshot_text(self, who: Audience) -> str:
        """The JSON snapshot for a seat or the spectators, built once per change, without
        its log (:meth:`message` adds the lines a connection lacks)."""
        if who is None and not self.watchable:
            raise Refused(f"{self.info.title} cannot be watched yet; join with a seat's link", 409)
        if who not in self._cache:
            out = snapshot(
                self.info,
                self.ui,
                self.state,
                who,
                self.names,
                seq=self.seq,
                log=None,
                view=self.views()[who],
            )
            out.update(self.about(who))
            self._cache[who] = json.dumps(out)
        return self._cache[who]

    def about(self, who: Audience) -> dict[str, Any]:
        """What the page shows around the board: the title, the seats and who holds them,
        whether hints are on, whether a secret simultaneous choice is under way, and to a
        person's seat the rematch it holds a seat at (its own token holds that seat too)."""
        out: dict[str, Any] = {
            "title": self.info.title,
            "seats": [
                {"name": s.name, "kind": s.kind, "taken": s.invite_hash is None}
                for s in self.data.seats
            ],
            "hints": self.data.hints,
            "simultaneous": self.narrator.in_round or len(self.state.to_move()) > 1,
        }
        rematch = self.data.rematch
        if rematch is not None and who is not None and self.data.seats[who].kind == "person":
            out["rematch"] = {"table": rematch, "seat": rematch_seat(who, len(self.data.seats))}
        return out

    def allow_hint(self) -> None:
        if not self.data.hints:
            raise Refused("this table was created without hints", 403)

    def offer_rematch(self, table_id: str) -> None:
        """Tell every person here of the rematch at ``table_id`` (in their own snapshots)."""
        self.data.rematch = table_id
        self.changed()

    def changed(self) -> None:
        """Something around the board changed (a seat taken, a rematch): tell everyone."""
        self._cache.clear()
        for listener in list(self.listeners):
            listener()

    def message(self, who: Audience, sent: int | None) -> tuple[str, int]:
        """The snapshot for ``who`` on a connection that has had ``sent`` lines of its log
        (None: none yet), and the lines it will have had: see :func:`with_log`."""
        return with_log(self.snapshot_text(who), self.narrator.logs[who], sent)

    def record(self) -> dict[str, Any]:
        """The referee's record: only once the game is over, since it names every card."""
        if not self.state.is_over():
            raise Refused("the record is available once the game is over", 403)
        return Record(
            game=self.data.game,
            seed=self.data.seed,
            options=self.data.options,
            actions=list(self.data.actions),
            players=list(self.names),
            result=self.data.result,
        ).to_json()

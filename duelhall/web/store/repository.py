"""Reading and writing tables, seats, moves and replays; each call is one transaction."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from duelhall.web.store.models import MoveRow, ReplayRow, SeatRow, TableRow


@dataclass
class SeatData:
    kind: str  # "person" or "computer"
    name: str
    level: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None


@dataclass
class TableData:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatData]
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    hints: bool = True  # whether its players may ask the search for hints
    rematch: str | None = None  # the table of its rematch, once someone asked for one


@dataclass(frozen=True)
class MoveData:
    table_id: str
    number: int  # from 1
    seat: int
    action: str
    result: dict[str, Any] | None  # when the move ended the game


class Repository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, table: TableData) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    options=table.options,
                    seed=table.seed,
                    created=time.time(),
                    finished=False,
                    hints=table.hints,
                )
            )
            session.flush()  # the table before its seats: PostgreSQL checks the key at once
            for number, seat in enumerate(table.seats):
                session.add(SeatRow(table_id=table.id, seat=number, **seat.__dict__))

    def add_moves(self, moves: list[MoveData]) -> None:
        """Commit ``moves`` (of any tables) in one transaction: a group commit."""
        with Session(self.engine) as session, session.begin():
            for move in moves:
                session.add(
                    MoveRow(
                        table_id=move.table_id,
                        number=move.number,
                        seat=move.seat,
                        action=move.action,
                    )
                )
                if move.result is not None:
                    session.execute(
                        update(TableRow)
                        .where(TableRow.id == move.table_id)
                        .values(finished=True, result=move.result)
                    )

    def claim_invite(self, table_id: str, seat: int, invite_hash: str, token_hash: str) -> bool:
        """Use an invitation once: the seat gets the new token's hash, the invitation goes."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.invite_hash == invite_hash,
                )
                .values(invite_hash=None, token_hash=token_hash)
            )
            return bool(getattr(done, "rowcount", 0) == 1)

    def load(self, table_id: str) -> TableData | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            return None if row is None else _read(session, row)

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(rematch=rematch_id)
            )

    def add_replay(self, replay_id: str, game: str, record: dict[str, Any]) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(ReplayRow(id=replay_id, game=game, record=record, created=time.time()))

    def replay(self, replay_id: str) -> dict[str, Any] | None:
        """An uploaded record, as it was checked and kept (JSON), or None."""
        with Session(self.engine) as session:
            row = session.get(ReplayRow, replay_id)
            return None if row is None else dict(row.record)

    def unfinished(self) -> Iterator[TableData]:
        with Session(self.engine) as session:
            rows = session.scalars(select(TableRow).where(TableRow.finished.is_(False))).all()
            for row in rows:
                yield _read(session, row)


def _read(session: Session, row: TableRow) -> TableData:
    seats = session.scalars(
        select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
    ).all()
    moves = session.scalars(
        select(MoveRow).where(MoveRow.table_id == row.id).order_by(MoveRow.number)
    ).all()
    return TableData(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        seats=[SeatData(s.kind, s.name, s.level, s.token_hash, s.invite_hash) for s in seats],
        actions=[(m.seat, m.action) for m in moves],
        result=row.result,
        hints=row.hints,
        rematch=row.rematch,
    )

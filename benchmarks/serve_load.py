"""Load on the web server: N concurrent games between random players over WebSockets.

    python benchmarks/serve_load.py [--games 200] [--game duel52] [--moves 60]
                                    [--think 0.1] [--steady] [--db sqlite|postgres|both]

Starts ``duelhall serve`` on a free loopback port (on a fresh SQLite file, and/or a
throwaway PostgreSQL server), creates the tables, joins both seats of each over its own
WebSocket, and has every seat play a random legal action whenever it is to act (after
thinking between 0.5 and 1.5 times ``--think`` seconds, drawn for each move, as people do;
``--steady`` makes every pause exactly ``--think``, so that all tables move in step; the
server allows a seat 10 messages a second). A move's latency runs from sending it to the
snapshot that acknowledges it.
Every table is created and joined first; then all play at once, and only that is timed.
Prints p50/p99 latency, moves per second, the server's CPU time per move (the WebSocket
connections included) and errors for each database. Not a test.

The players wait for each answer (a closed loop), so the load is set by ``--think``: a
table whose seat is to act offers a move every ``think`` seconds, so 200 tables offer up to
``games / think`` moves a second (2,000 at 0.1 s, far faster than people; 200 at 1 s, a
quick person's pace). Once that is more than the server serves, moves queue and the
latency grows to about ``games / served - think``. The offered load is printed with the
figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.postgres import free_port, throwaway_postgres
from tests.web.serving import server


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0


async def seat(
    url: str, token: str, args: argparse.Namespace, tally: Tally, rng: random.Random
) -> None:
    """One seat's random play until the game ends or the table has had ``--moves``."""
    try:
        await play(url, token, args, tally, rng)
    except (OSError, TimeoutError, ConnectionClosed) as e:
        tally.errors.append(f"{type(e).__name__}: {e}")


async def play(
    url: str, token: str, args: argparse.Namespace, tally: Tally, rng: random.Random
) -> None:
    async with connect(url, max_size=2**24, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: tuple[int, float] | None = None
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                if "snapshot" not in message["message"]:  # a stale choice is no error
                    tally.errors.append(message["message"])
                sent = None
                continue
            if sent is not None and message["seq"] > sent[0]:
                tally.latencies.append(time.perf_counter() - sent[1])
                sent = None
            if message["status"]["over"] or message["seq"] >= args.moves:
                tally.finished += message["status"]["over"]
                return
            if message["actions"] and sent is None:
                # People do not all move on the same beat: each thinks between half and one
                # and a half times --think (the mean is --think); --steady keeps the beat.
                pause = args.think if args.steady else args.think * rng.uniform(0.5, 1.5)
                await asyncio.sleep(pause)
                action = rng.choice(message["actions"])["text"]
                sent = (message["seq"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "seq": message["seq"], "action": action}))


async def table(base: str, args: argparse.Namespace) -> tuple[str, str, str]:
    """A new table with both seats taken: its id and the two seats' tokens."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        seats = [{"kind": "me"}, {"kind": "friend"}]
        made = (await http.post("/api/tables", json={"game": args.game, "seats": seats})).json()
        invite = made["invites"]["1"].split("#invite=")[1]
        joined = (await http.post(f"/api/tables/{made['id']}/join", json={"invite": invite})).json()
    return made["id"], made["token"], joined["token"]


async def play_table(
    ws_base: str, made: tuple[str, str, str], args: argparse.Namespace, tally: Tally, n: int
) -> None:
    table_id, mine, friend = made
    url = f"{ws_base}/ws/tables/{table_id}"
    rng = random.Random(n)
    await asyncio.gather(seat(url, mine, args, tally, rng), seat(url, friend, args, tally, rng))


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far; 0 off Linux. On a
    shared machine this moves less with the load than the latencies do."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        return 0.0
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def set_up(base: str, args: argparse.Namespace) -> list[tuple[str, str, str]]:
    limit = asyncio.Semaphore(20)  # the server's store thread takes them one by one anyway

    async def one() -> tuple[str, str, str]:
        async with limit:
            return await table(base, args)

    return list(await asyncio.gather(*(one() for _ in range(args.games))))


def run(db_url: str, args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    tally = Tally()
    with server(db_url, port) as process:
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        tables = asyncio.run(set_up(base, args))
        # Timed from here: play alone, every table set up and waiting for its players.
        start, cpu = time.perf_counter(), cpu_seconds(process.pid)
        load = os.getloadavg()[0]  # the machine's: latencies on a busy one are longer
        players = time.process_time()  # the players share the machine's cores with the server

        async def everything() -> None:
            await asyncio.gather(
                *(play_table(ws_base, made, args, tally, n) for n, made in enumerate(tables))
            )

        asyncio.run(everything())
        seconds = time.perf_counter() - start
        cpu = cpu_seconds(process.pid) - cpu
        players = time.process_time() - players
    cuts = statistics.quantiles(tally.latencies, n=100) if len(tally.latencies) > 1 else [0.0] * 99
    return {
        "moves": len(tally.latencies),
        "p50_ms": round(cuts[49] * 1000, 1),
        "p99_ms": round(cuts[98] * 1000, 1),
        "moves_per_s": round(len(tally.latencies) / seconds, 1),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(1, len(tally.latencies)), 2),
        "players_cpu_ms_per_move": round(players * 1000 / max(1, len(tally.latencies)), 2),
        "errors": len(tally.errors),
        "finished": tally.finished // 2,
        "seconds": round(seconds, 1),
        "load": f"{load:.1f}-{os.getloadavg()[0]:.1f}",
        "kinds": sorted(set(tally.errors))[:5],
    }


@contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "postgres":
        with throwaway_postgres() as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="duelhall-load-") as folder:
        yield f"sqlite:///{folder}/tables.db"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="duel52")
    parser.add_argument("--moves", type=int, default=60, help="stop each table after this many")
    parser.add_argument("--think", type=float, default=0.1, help="mean seconds before a move")
    parser.add_argument(
        "--steady",
        action="store_true",
        help="every seat waits exactly --think (all tables move in step: bursts)",
    )
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    args = parser.parse_args()
    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    offered = args.games / args.think if args.think > 0 else float("inf")
    print(
        f"{args.games} concurrent {args.game} games, random players, {args.moves} moves each,"
        f" {args.think} s to think: up to {offered:,.0f} moves/s offered"
    )
    for kind in kinds:
        with database(kind) as url:
            figures = run(url, args)
        print(f"{kind:>8}: " + "  ".join(f"{k} {v}" for k, v in figures.items() if k != "kinds"))
        for error in figures["kinds"]:
            print(f"          {error}")


if __name__ == "__main__":
    main()

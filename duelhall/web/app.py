"""The ASGI app: pages, the JSON API and the table WebSocket (see docs/web.md).

Every refusal is ``{"error": one line}`` with a fitting status; every response carries
security headers, among them a Content-Security-Policy that allows no inline script.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from duelhall.cli.session import ui_for
from duelhall.core.errors import DuelhallError
from duelhall.core.game import get_game
from duelhall.core.rng import fresh_seed
from duelhall.core.untrusted import MAX_FILE_BYTES, parse_document
from duelhall.web.agents import process_pool
from duelhall.web.boards import stylesheet
from duelhall.web.connection import Connection
from duelhall.web.hub import Hub
from duelhall.web.lobby import catalogue, read_new_table
from duelhall.web.protocol import RateLimit
from duelhall.web.refusals import Refused, not_found
from duelhall.web.replays import Replays
from duelhall.web.store.database import open_engine
from duelhall.web.store.repository import Repository
from duelhall.web.throttle import AddressLimit, TooMany

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 16_384  # bytes of a JSON request other than a record

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def create_app(
    db_url: str | None = None,
    *,
    decider: Callable[[], Executor] = process_pool,
    rate: tuple[float, float] = (30, 10),
    http_rate: tuple[float, float] = (250, 0.5),
    seeds: Callable[[], int] = fresh_seed,
) -> FastAPI:
    """The app on the database at ``db_url`` (default: a SQLite file in the user's data
    folder); ``decider`` makes the executor of computer decisions and hints (default:
    worker processes);
    ``rate``: a connection's burst of messages and its sustained rate per second;
    ``http_rate``: the same for one address's new tables (and, apart, its joins; uploads
    have a tenth of it);
    ``seeds``: each new table's deal seed (default: the operating system's randomness, so
    that no one can foresee a deal; a browser test gives a fixed sequence, so that it plays
    the same deals every run)."""
    engine = open_engine(db_url)
    hub = Hub(
        Repository(engine),
        decider,
        store_threads=1 if engine.dialect.name == "sqlite" else 4,
        seeds=seeds,
    )
    replays = Replays(hub.repository)
    burst, per_second = http_rate
    creating = AddressLimit("new tables", burst, per_second)
    joining = AddressLimit("joins", burst, per_second)
    uploading = AddressLimit("uploads", max(1, burst / 10), per_second / 10)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.close()
        engine.dispose()

    app = FastAPI(title="duelhall", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.update(HEADERS)
        return response

    @app.exception_handler(Refused)
    async def refused(_request: Request, e: Refused) -> JSONResponse:
        later = {"Retry-After": str(e.retry_after)} if isinstance(e, TooMany) else None
        return JSONResponse({"error": e.message}, status_code=e.status, headers=later)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, e: HTTPException) -> JSONResponse:
        words = {404: "no such page", 405: "that method is not allowed here"}
        message = words.get(e.status_code, str(e.detail).splitlines()[0])
        return JSONResponse({"error": message}, status_code=e.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return JSONResponse({"error": f"{where}: {first.get('msg', 'invalid')}"}, 422)

    # ------------------------------------------------------------------ pages

    def page(name: str) -> FileResponse:
        path = STATIC / name
        if not path.is_file():
            raise Refused(f"the browser client is not installed ({name} is missing)", 404)
        return FileResponse(path, media_type="text/html")

    @app.get("/")
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        await hub.table(table_id)
        return page("table.html")

    @app.get("/games/{name}/board.css")
    async def board_css(name: str) -> Response:
        try:
            css = stylesheet(get_game(name))
        except DuelhallError:
            raise not_found("such game") from None
        if css is None:
            raise not_found(f"board for {name} yet")
        return Response(css, media_type="text/css")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    # ------------------------------------------------------------------ the API

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return catalogue()

    @app.post("/api/tables")
    async def new_table(request: Request) -> dict[str, Any]:
        creating.check(address(request))
        return await hub.create(read_new_table(await body_of(request)))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        joining.check(address(request))
        body = await body_of(request)
        invite = body.get("invite") if isinstance(body, dict) else None
        if not isinstance(invite, str) or not 0 < len(invite) <= 200:
            raise Refused('send {"invite": "..."}, the code after #invite= in your link')
        return await hub.join(table_id, invite)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        return (await hub.table(table_id)).record()

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        creating.check(address(request))
        body = await body_of(request)
        token = body.get("token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise Refused('send {"token": "..."}, your seat\'s token', 401)
        return await hub.rematch(table_id, token)

    @app.post("/api/replays")
    async def upload(request: Request) -> dict[str, Any]:
        uploading.check(address(request))
        return await replays.upload(await raw_body(request, MAX_FILE_BYTES))

    @app.get("/api/replays/{replay_id}")
    async def replay_step(replay_id: str, step: int = 0, seat: int = 0) -> dict[str, Any]:
        return await replays.step(replay_id, step, seat)

    @app.get("/api/replays/{replay_id}/hint")
    async def replay_hint(replay_id: str, step: int = 0, seat: int = 0) -> dict[str, Any]:
        job, state = await replays.hint_job(replay_id, step, seat)
        return await hub.search_hint(job, state, ui_for(job.game))

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await Connection(socket, hub, RateLimit(*rate)).run(table_id)

    return app


def address(request: Request) -> str | None:
    return request.client.host if request.client else None


async def raw_body(request: Request, limit: int) -> bytes:
    """The request's body, refused past ``limit`` bytes without reading further."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Refused(f"request too large: at most {limit:,} bytes", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(f"request too large: at most {limit:,} bytes", 413)
    return body


async def body_of(request: Request) -> Any:
    """The request's JSON body, read as untrusted input."""
    raw = await raw_body(request, MAX_BODY)
    try:
        return parse_document(raw, "the request", DuelhallError)
    except DuelhallError as e:
        raise Refused(str(e)) from None

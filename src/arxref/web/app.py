"""The ASGI app: routes over the views, each page as HTML and as its `.json` twin.

    /, /index.json                               recent processed papers, a box to open a record, the pool
    /status(.json)                               versions by state, failures by stage/class, throughput
    /failures(.json)?page=&stage=&error_class=   failed versions, newest first
    /paper/{id}/citation-record(.json)           a paper's citation record (?outbound_page=, ?inbound_page=)
    /paper/{id}, /paper?id=                      -> its citation record (a trailing slash too)
    /metrics                                     Prometheus text format

Starlette, not FastAPI: the pages are dicts rendered by templates, with no request bodies or
models to validate, so Starlette's routing, threadpool and Jinja2 support are all that is used.
Views touch the database, so they are plain functions Starlette runs in its threadpool; one engine
per app (`create_app(settings)`), made when the server starts.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime

import sqlalchemy as sa
from jinja2 import Environment
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from arxref.errors import DatabaseUnavailable
from arxref.ids import parse_arxiv_id
from arxref.record.observation import record_path
from arxref.settings import Settings
from arxref.store.engine import database_errors, make_engine, upgrade_schema
from arxref.web import views
from arxref.web.metrics import StoreCollector, exposition
from arxref.web.render import make_environment, page_json, render_html

log = logging.getLogger(__name__)

View = Callable[[sa.Connection, Request], dict]


def create_app(settings: Settings) -> Starlette:
    """The service over the settings' database: the engine is opened (and migrated) when it starts."""
    env = make_environment()
    state: dict[str, sa.Engine] = {}
    store: list[StoreCollector] = []  # made with the engine

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        upgrade_schema(engine)
        state["engine"] = engine
        store.append(StoreCollector(engine))
        # What start-up made (modules, templates, the engine) lives as long as the server: out of the
        # collector's way, a record page's full collections cost a third (1.8 ms of 40 at 20M rows).
        gc.freeze()
        try:
            yield
        finally:
            engine.dispose()

    def page(template: str, view: View, as_json: bool) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            try:
                with database_errors(), state["engine"].connect() as conn:
                    data = view(conn, request)
            except views.PageError as exc:
                return _error(env, request, exc.status, exc.title, exc.detail, exc.links)
            except DatabaseUnavailable as exc:
                return _error(env, request, 503, "Database unavailable", str(exc))
            return _respond(env, request, template, data, as_json)

        return endpoint

    def record(conn: sa.Connection, request: Request) -> dict:
        return views.record_view(conn, request.path_params["arxiv_id"], request.query_params)

    def status(conn: sa.Connection, _: Request) -> dict:
        return views.status_view(conn, datetime.now(UTC))

    def failures(conn: sa.Connection, request: Request) -> dict:
        return views.failures_view(conn, request.query_params, datetime.now(UTC))

    def home(conn: sa.Connection, _: Request) -> dict:
        return views.home_view(conn, datetime.now(UTC))

    def paper(request: Request) -> Response:
        target = record_target(request.path_params["arxiv_id"])
        if target is None:
            return _error(env, request, 404, "Not Found", f"Nothing is served at {request.url.path}.")
        return RedirectResponse(target, status_code=307)

    def open_record(request: Request) -> Response:
        asked = (request.query_params.get("id") or "").strip()
        parsed = parse_arxiv_id(asked)
        if parsed is None:
            detail = f"not an arXiv identifier: {asked[:40]!r} (e.g. 1911.02782 or hep-th/9901001v2)"
            return _error(env, request, 400, "Bad request", detail)
        return RedirectResponse(record_path(parsed.versioned), status_code=303)  # in any dress: arXiv:, URL

    def metrics(_: Request) -> Response:
        body = exposition(store[0], settings.metrics_dir)
        return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")

    async def not_found(request: Request, exc: HTTPException) -> Response:
        return _error(env, request, exc.status_code, exc.detail, f"Nothing is served at {request.url.path}.")

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("%s: %s", request.url.path, exc)
        return _error(env, request, 500, "Internal error", f"{type(exc).__name__} (logged by the server).")

    routes = [
        Route("/", page("index.html", home, as_json=False)),
        Route("/index.json", page("index.html", home, as_json=True)),
        Route("/status", page("status.html", status, as_json=False)),
        Route("/status.json", page("status.html", status, as_json=True)),
        Route("/failures", page("failures.html", failures, as_json=False)),
        Route("/failures.json", page("failures.html", failures, as_json=True)),
        Route("/paper/{arxiv_id:path}/citation-record.json", page("record.html", record, as_json=True)),
        Route("/paper/{arxiv_id:path}/citation-record", page("record.html", record, as_json=False)),
        Route("/paper", open_record),
        Route("/paper/{arxiv_id:path}", paper),
        Route("/metrics", metrics),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: not_found, Exception: server_error},
    )


def _respond(env: Environment, request: Request, template: str, data: dict, as_json: bool) -> Response:
    if as_json:
        return Response(page_json(data), media_type="application/json")
    twin = data.get("links", {}).get("json")
    return HTMLResponse(render_html(env, template, data, twin))


def record_target(rest: str) -> str | None:
    """Where `/paper/{rest}` leads: a paper's record (`rest` an id, with or without a trailing slash, or
    its record's address with one); None when `rest` is a record's address with another suffix or
    anything else after an id (404). A malformed id still leads to its record's 400."""
    rest = rest.rstrip("/")
    if not rest:
        return "/"  # the front page, with its box to open a record
    head, _, last = rest.rpartition("/")
    if last in ("citation-record", "citation-record.json"):
        return record_path(head, last.endswith(".json")) if head else None
    if parse_arxiv_id(rest) is not None or "/" not in rest:
        return record_path(rest)
    return None


def _error(
    env: Environment, request: Request, status: int, title: str, detail: str, links: dict | None = None
) -> Response:
    """An error in the form the address asked for: JSON for a `.json` address, else a page."""
    data = views.error_view(status, title, detail, request.url.path, links)
    if request.url.path.endswith(".json"):
        return Response(page_json(data), status_code=status, media_type="application/json")
    return HTMLResponse(render_html(env, "error.html", data, None), status_code=status)

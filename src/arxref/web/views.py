"""The pages as plain dicts: what the JSON twin is, and what the templates render. No HTML here.

Each view takes an open connection and the request's parameters; errors a reader can fix are
raised as `PageError` with the HTTP status to answer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timedelta
from urllib.parse import urlencode

import sqlalchemy as sa

from arxref.domain import Stage, VersionState
from arxref.record.citation import (
    BadPage,
    MalformedId,
    Paging,
    PastTheEnd,
    UnknownPaper,
    load_record,
    parse_page,
)
from arxref.record.citation import reprocess_command as reprocess
from arxref.record.observation import catalog_title, iso, record_path
from arxref.store import health, versions
from arxref.store.catalog import SqlCatalog

FAILURES_PAGE = 100
RECENT_PAPERS = 20
"""Papers the front page lists, newest first."""
STAGES = tuple(stage.value for stage in Stage)
THROUGHPUT_WINDOWS = (1, 5, 15)
"""Minutes over which /status counts the versions that finished."""


class PageError(Exception):
    """A request the service cannot answer as asked: its HTTP status, a title, what to do, and where to
    go instead (`links`: JSON addresses, as every page's links are)."""

    def __init__(self, status: int, title: str, detail: str, links: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.links = links or {}


def home_view(conn: sa.Connection, now: datetime) -> dict:
    """What a visitor wants first: the papers processed most recently (each a link to its record), a
    box to open a record by id (`/paper?id=`), then the pool's health in brief."""
    recent = health.recent_done(conn, RECENT_PAPERS)
    titles = SqlCatalog(conn).by_ids(sorted({v.paper.arxiv_id for v in recent}))
    pool = status_view(conn, now)
    return {
        "schema": "arxref.home.v1",
        "as_of": iso(now),
        "recent": [
            {
                "paper": v.paper.key,
                "arxiv_id": v.paper.arxiv_id,
                "version": v.paper.version,
                "title": catalog_title(titles.get(v.paper.arxiv_id)),
                "references": v.reference_count,
                "finished_at": iso(v.finished_at),
                "links": {"record": record_path(v.paper.key)},
            }
            for v in recent
        ],
        "open_record": {"action": "/paper", "parameter": "id", "example": "1911.02782"},
        "pool": {
            "thesis": pool["thesis"],
            "versions_by_state": pool["versions_by_state"],
            "failure_groups": len(pool["failures"]),
        },
        "links": {"html": "/", "json": "/index.json", **pool["links"]},
    }


def record_view(conn: sa.Connection, arxiv_id: str, query: Mapping[str, str]) -> dict:
    """A paper's citation record (the page asked of each list)."""
    try:
        paging = Paging(parse_page(query.get("outbound_page")), parse_page(query.get("inbound_page")))
        return load_record(conn, arxiv_id, paging)
    except (MalformedId, BadPage) as exc:
        raise PageError(400, "Bad request", str(exc)) from exc
    except UnknownPaper as exc:
        raise PageError(404, "No record of this paper", str(exc)) from exc
    except PastTheEnd as exc:
        last = record_path(arxiv_id, True, exc.last.outbound, exc.last.inbound)
        raise PageError(404, "No such page", str(exc), {"last_page": last}) from exc


def status_view(conn: sa.Connection, now: datetime) -> dict:
    """Versions by state, failures grouped by stage and error class, throughput over 1/5/15 minutes."""
    by_state = versions.count_by_state(conn)
    states = {state.value: by_state.get(state.value, 0) for state in VersionState}
    throughput = []
    for minutes in THROUGHPUT_WINDOWS:
        finished = versions.count_finished_since(conn, now - timedelta(minutes=minutes))
        done, failed = finished.get(VersionState.DONE, 0), finished.get(VersionState.FAILED, 0)
        throughput.append(
            {
                "window_minutes": minutes,
                "done": done,
                "failed": failed,
                "per_minute": (done + failed) / minutes,
            }
        )
    groups = [
        {
            "stage": g.stage,
            "error_class": g.error_class,
            "count": g.count,
            "latest_at": iso(g.latest_at),
            "latest": [_failed(f) for f in g.latest],
            "reprocess": reprocess(g.stage, g.error_class),
            "links": {"failures": _failures_path(True, 1, g.stage, g.error_class)},
        }
        for g in health.failure_groups(conn)
    ]
    total = sum(states.values())
    return {
        "schema": "arxref.pool-status.v1",
        "as_of": iso(now),
        "thesis": (
            f"{states['done']} done, {states['failed']} failed, {states['running']} running and "
            f"{states['queued']} queued of {total} paper versions."
        ),
        "total_versions": total,
        "versions_by_state": states,
        "failures": groups,
        "throughput": throughput,
        "links": {"html": "/status", "json": "/status.json", "failures": "/failures", "metrics": "/metrics"},
    }


def failures_view(conn: sa.Connection, query: Mapping[str, str], now: datetime) -> dict:
    """Failed versions, newest first, a page at a time; `?stage=` and `?error_class=` narrow them."""
    try:
        page = parse_page(query.get("page"))
    except BadPage as exc:
        raise PageError(400, "Bad request", str(exc)) from exc
    stage, error_class = query.get("stage") or None, query.get("error_class") or None
    if stage is not None and stage not in STAGES:
        raise PageError(400, "Bad request", f"stage {stage[:30]!r}: one of {', '.join(STAGES)}")
    rows, total = health.failed_versions(conn, (page - 1) * FAILURES_PAGE, FAILURES_PAGE, stage, error_class)
    pages = max(1, math.ceil(total / FAILURES_PAGE))
    if page > pages:
        last = _failures_path(True, pages, stage, error_class)
        said = f"page {page} of {pages} ({total} failed versions)"
        raise PageError(404, "No such page", f"{said}: past the last page", {"last_page": last})
    links = {
        "html": _failures_path(False, page, stage, error_class),
        "json": _failures_path(True, page, stage, error_class),
        "status": "/status",
    }
    if page > 1:
        links["previous"] = _failures_path(True, page - 1, stage, error_class)
    if page < pages:
        links["next"] = _failures_path(True, page + 1, stage, error_class)
    return {
        "schema": "arxref.failures.v1",
        "as_of": iso(now),
        "filter": {"stage": stage, "error_class": error_class},
        "total": total,
        "page": page,
        "pages": pages,
        "page_size": FAILURES_PAGE,
        "reprocess": reprocess(stage, error_class) if total else None,
        "failures": [_failed(f) for f in rows],
        "links": links,
    }


def error_view(status: int, title: str, detail: str, path: str, links: dict[str, str] | None = None) -> dict:
    """An error as a page and as JSON, with where to go instead when there is somewhere."""
    return {"error": {"status": status, "title": title, "detail": detail, "path": path}, "links": links or {}}


def _failed(f: health.FailedVersion) -> dict:
    return {
        "paper": f.paper.key,
        "arxiv_id": f.paper.arxiv_id,
        "version": f.paper.version,
        "stage": f.stage,
        "error_class": f.error_class,
        "message": f.message,
        "attempts": f.attempts,
        "failed_at": iso(f.failed_at),
        "links": {"record": record_path(f.paper.key)},
    }


def _failures_path(json_twin: bool, page: int, stage: str | None, error_class: str | None) -> str:
    query = {k: v for k, v in (("stage", stage), ("error_class", error_class)) if v}
    if page != 1:
        query["page"] = str(page)
    return "/failures" + (".json" if json_twin else "") + (f"?{urlencode(query)}" if query else "")

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

from arxref.domain import VersionState
from arxref.record.citation import BadPage, MalformedId, Paging, UnknownPaper, load_record, parse_page
from arxref.record.citation import reprocess_command as reprocess
from arxref.record.observation import iso, record_path
from arxref.store import health, versions

FAILURES_PAGE = 100
THROUGHPUT_WINDOWS = (1, 5, 15)
"""Minutes over which /status counts the versions that finished."""


class PageError(Exception):
    """A request the service cannot answer as asked: its HTTP status, a title and what to do."""

    def __init__(self, status: int, title: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail


def record_view(conn: sa.Connection, arxiv_id: str, query: Mapping[str, str]) -> dict:
    """A paper's citation record (the page asked of each list)."""
    try:
        paging = Paging(parse_page(query.get("outbound_page")), parse_page(query.get("inbound_page")))
        return load_record(conn, arxiv_id, paging)
    except (MalformedId, BadPage) as exc:
        raise PageError(400, "Bad request", str(exc)) from exc
    except UnknownPaper as exc:
        raise PageError(404, "No record of this paper", str(exc)) from exc


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
    rows, total = health.failed_versions(conn, (page - 1) * FAILURES_PAGE, FAILURES_PAGE, stage, error_class)
    pages = max(1, math.ceil(total / FAILURES_PAGE))
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


def error_view(status: int, title: str, detail: str, path: str) -> dict:
    """An error as a page and as JSON."""
    return {"error": {"status": status, "title": title, "detail": detail, "path": path}}


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

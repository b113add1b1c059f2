"""The plans of every statement a record, /status, /metrics, a write and a late arrival run (bench_record.py
--explain): PostgreSQL's auto_explain logs each with ANALYZE and BUFFERS as the code sends it, writes
included (a benchmark cannot EXPLAIN an INSERT after the fact: the ids it returned are gone).

The statements run in this process, with the same functions `arxref serve` calls; the plans are read
back from the server's log and written to a file, and one line per statement is printed: its text's
start, the plan's top node and its time.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from citation_graph import Graph

from arxref.domain import PaperVersion, ReferenceSource, ResolvedReference
from arxref.record.citation import Paging, load_record
from arxref.store import versions
from arxref.store.references import replace_references
from arxref.web.metrics import StoreCollector
from arxref.web.views import status_view

_SETTINGS = (
    "LOAD 'auto_explain'",
    "SET auto_explain.log_min_duration = 0",
    "SET auto_explain.log_analyze = on",
    "SET auto_explain.log_buffers = on",
    "SET auto_explain.log_timing = on",
    "SET auto_explain.log_nested_statements = on",
)


def _explained(engine: sa.Engine) -> sa.Engine:
    """An engine whose every new connection logs its plans."""
    logged = sa.create_engine(engine.url, poolclass=sa.pool.NullPool)

    @sa.event.listens_for(logged, "connect")
    def _auto_explain(dbapi_connection, _record) -> None:  # noqa: ANN001
        dbapi_connection.autocommit = True
        with dbapi_connection.cursor() as cursor:
            for statement in _SETTINGS:
                cursor.execute(statement)
        dbapi_connection.autocommit = False

    return logged


Made = Callable[[], list[ResolvedReference]]  # a fresh list of references to store


def explain_run(engine: sa.Engine, graph: Graph, ordinary: str, out: Path, references: Made) -> None:
    """Run the hot paths once with auto_explain on; write the plans to `out`, print a line each."""
    log = Path(graph_log(engine))
    start = log.stat().st_size
    logged = _explained(engine)
    steps: list[tuple[str, int]] = []

    def step(name: str, action: Callable[[], object]) -> None:
        action()
        time.sleep(0.5)  # the server's log is written as the plans come: let it catch up
        steps.append((name, log.stat().st_size))

    last = -(-graph.size.inbound // 100)
    with logged.connect() as conn:
        step("record, hot paper, inbound page 1", lambda: load_record(conn, graph.hot))
        paging = Paging(inbound=last)
        step(f"record, hot paper, inbound page {last}", lambda: load_record(conn, graph.hot, paging))
        step("record, ordinary paper", lambda: load_record(conn, ordinary))
        step("/status", lambda: status_view(conn, datetime.now(UTC)))
        conn.rollback()
    step("/metrics", lambda: list(StoreCollector(logged).collect()))
    with logged.connect() as conn:  # both written then rolled back: the graph stays as it was built
        transaction = conn.begin()
        hot = PaperVersion(graph.hot, 1)
        step("write: replace a version's references by 40", lambda: _store(conn, hot, references()))
        transaction.rollback()
        late = PaperVersion(graph.late[-1], 1)
        transaction = conn.begin()
        versions.enqueue_version(conn, late)
        step("(the late paper queued)", lambda: None)
        step(f"late arrival {late.arxiv_id}", lambda: _store(conn, late, references()))
        transaction.rollback()
    logged.dispose()
    text = log.read_bytes()[start:].decode("utf-8", "replace")
    out.write_text(text)
    print(f"\n{'statement (auto_explain)':<70} {'top node':<40} {'ms':>8}")
    begin = start
    for name, end in steps:
        print(f"-- {name}")
        for query, node, ms in _plans(log.read_bytes()[begin:end].decode("utf-8", "replace")):
            print(f"{query[:70]:<70} {node[:40]:<40} {ms:>8.2f}")
        begin = end
    print(f"plans written to {out}")


def _store(conn: sa.Connection, paper: PaperVersion, refs: list[ResolvedReference]) -> None:
    replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, refs, "0.2.0")


_ENTRY = re.compile(r"^\S.*?duration: ([0-9.]+) ms\s+plan:$", re.M)


def _plans(text: str) -> list[tuple[str, str, float]]:
    """(query's text on one line, plan's top node, ms) for each plan logged."""
    found = []
    starts = list(_ENTRY.finditer(text))
    for entry, following in zip(starts, [*starts[1:], None], strict=True):
        block = text[entry.end() : following.start() if following else len(text)].splitlines()
        lines = [line.strip() for line in block if line.startswith((" ", "\t")) and line.strip()]
        at = next((i for i, line in enumerate(lines) if "(cost=" in line), len(lines))
        query = " ".join(" ".join(lines[:at]).removeprefix("Query Text:").split())
        node = re.sub(r"\s*\(cost=.*", "", lines[at]).lstrip("-> ") if at < len(lines) else ""
        found.append((query, node, float(entry.group(1))))
    return found


def graph_log(engine: sa.Engine) -> str:
    """The server's log file (tests/servers.py starts it with `-l <cluster>/server.log`)."""
    with engine.connect() as conn:
        data = conn.execute(sa.text("SHOW data_directory")).scalar_one()
    return str(Path(data).parent / "server.log")

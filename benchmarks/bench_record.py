"""Benchmark the citation index at a size: record pages over HTTP, a version's write, a late paper's
arrival, /status and /metrics, bytes per reference, and the plans of the hot queries.

Usage: python benchmarks/bench_record.py [--rows N] [--inbound N] [--requests N] [--outbound N]
                                         [--catalog N] [--dir DIR] [--writes N] [--explain FILE]

PostgreSQL (as tests/servers.py starts one, with a server's memory: citation_graph.SERVER_SETTINGS)
is filled by benchmarks/citation_graph.py: --rows reference rows shaped like arXiv's, --catalog
catalog rows, a hot paper with --outbound references and exactly --inbound resolved citations, and
late papers cited 10,000 times before they arrive. With --dir the cluster is kept there and reused
by the next run of the same size (the writes below change it a little: a reused cluster has fewer
late papers left).

Then, in this order:
1. `arxref serve` (uvicorn, one process) answers; one client asks each page --requests times, in
   five passes over all the pages (after 20 warm-up requests each): the hot paper's record (JSON:
   first, middle and last inbound page; HTML: first and last), an ordinary paper's (~47
   references, a few citations), /status, /status.json and /metrics. Latency is connect to last
   byte, as the client sees it: p50, p95.
2. Writes, in this process with the store's own code (`replace_references`, each in its own
   transaction): --writes replacements of a done version's references by 40 new ones with links
   (p50, p95), then a stream of --writes new versions stored one after another (versions/s).
   Commits do not wait for the disk (the cluster runs with fsync off, as every test server does).
3. Each late paper arrives: its version is stored, and the earlier entries printing its id link
   to it in the same transaction (`link_earlier_citations`).
4. Sizes: bytes per reference row (paper_references + paper_reference_links, tables and indexes).
5. With --explain FILE: EXPLAIN (ANALYZE, BUFFERS) of every statement that steps 1-3 run, captured
   as the code sends them, written to FILE; a line per statement is printed.
Goals at 20M rows (issue 26): record JSON p95 <= 50 ms on every page, HTML <= 100 ms, a write
<= 50 ms, /status and /metrics <= 100 ms. Not a test: it prints tables.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa

from arxref.domain import (
    PaperVersion,
    ParsedReference,
    RawReference,
    ReferenceSource,
    Resolution,
    ResolutionStatus,
    ResolvedReference,
    ResolverSource,
)
from arxref.store import versions
from arxref.store.citations import inbound_count
from arxref.store.engine import make_engine
from arxref.store.references import replace_references

sys.path.insert(0, str(Path(__file__).resolve().parent))
from citation_graph import REPO, SERVER_SETTINGS, Graph, Size, arxiv_id, build, pick_status  # noqa: E402

sys.path.insert(0, str(REPO))
from tests.servers import free_port, start_postgres  # noqa: E402 (the repository root is put on the path above)

_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
WRITE_SIZE = 40


def get(url: str) -> tuple[float, bytes]:
    """Seconds from connect to the last byte, and the body."""
    started = time.perf_counter()
    with _NO_PROXY.open(url, timeout=120) as response:
        body = response.read()
        assert response.status == 200, response.status
    return time.perf_counter() - started, body


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def measure_pages(base: str, pages: list[tuple[str, str]], requests: int, rounds: int = 5) -> None:
    """Each page `requests` times, in `rounds` passes over all pages: a slow spell of this machine
    falls on every page a little rather than on whichever page was being measured."""
    print(f"\n{'page':<58} {'p50 ms':>8} {'p95 ms':>8} {'KB':>6} {'stmts':>6}")
    times: dict[str, list[float]] = {path: [] for _, path in pages}
    bodies: dict[str, bytes] = {}
    for _, path in pages:
        for _ in range(20):
            get(base + path)
    for done in range(rounds):
        for _, path in pages:
            for _ in range(requests * (done + 1) // rounds - requests * done // rounds):
                seconds, bodies[path] = get(base + path)
                times[path].append(seconds)
    for name, path in pages:
        body, taken = bodies[path], times[path]
        statements = json.loads(body)["caps"]["database_statements"] if "citation-record.json" in path else ""
        print(
            f"{name:<58} {1000 * statistics.median(taken):>8.1f} {1000 * quantile(taken, 0.95):>8.1f} "
            f"{len(body) / 1024:>6.0f} {statements!s:>6}"
        )


def serve(url: str) -> tuple[subprocess.Popen, str]:
    """`arxref serve` on a free port of 127.0.0.1, answering."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARXREF_")}
    env.update(ARXREF_DATABASE_URL=url, ARXREF_METRICS_DIR="", PYTHONPATH=str(REPO / "src"))
    arxref = [sys.executable, "-c", "import sys; from arxref.cli import main; sys.exit(main())"]
    web = subprocess.Popen(
        [*arxref, "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            get(base + "/status.json")
            return web, base
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def settle(engine: sa.Engine, timeout: float = 900) -> None:
    """A checkpoint, the files on disk, no autovacuum at work: the figures are the queries', not a
    load's aftermath (the kernel writing gigabytes back slowed every page by a quarter)."""
    with engine.connect() as conn:
        conn.execute(sa.text("CHECKPOINT"))
        os.sync()
        deadline = time.monotonic() + timeout
        busy = sa.text("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'")
        while conn.execute(busy).scalar_one() and time.monotonic() < deadline:
            conn.rollback()
            time.sleep(5)


def ordinary_paper(engine: sa.Engine) -> str:
    """A done paper of about the corpus's median length (47 references) that a few papers cite."""
    query = sa.text(
        "SELECT v.arxiv_id FROM paper_versions v JOIN paper_inbound_counts c ON c.arxiv_id = v.arxiv_id "
        "WHERE v.state = 'done' AND v.reference_count BETWEEN 40 AND 55 AND c.total BETWEEN 3 AND 50 "
        "ORDER BY v.arxiv_id LIMIT 1"
    )
    with engine.connect() as conn:
        return conn.execute(query).scalar_one()


def new_references(rng: random.Random, catalog: int, n: int = WRITE_SIZE) -> list[ResolvedReference]:
    """n references as the pipeline hands them to the store: statuses in the corpus's mix."""
    made = []
    for index in range(1, n + 1):
        status, source = pick_status(rng)
        named = source == "arxiv_id" or status.startswith("verified")
        cited = arxiv_id(int(catalog * rng.random() ** 3)) if named else None
        raw = RawReference(index, f"A. Author and B. Writer. A work of {index} words. Journal {index}, 2020.",
                           ReferenceSource.ARXIV_SOURCE, label=str(index))  # fmt: skip
        resolution = Resolution(
            ResolutionStatus(status), ResolverSource(source) if source else None, cited_arxiv_id=cited,
            score=100.0 if status.startswith("verified") else None,
        )  # fmt: skip
        title = f"A work of {index} words"
        parsed = ParsedReference(authors=("A. Author", "B. Writer"), title=title, year=2020)
        made.append(ResolvedReference(raw, parsed, resolution))
    return made


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def measure_writes(engine: sa.Engine, graph: Graph, writes: int, rng: random.Random) -> None:
    with engine.connect() as conn:
        done = conn.execute(
            sa.text(
                "SELECT arxiv_id, version FROM paper_versions TABLESAMPLE SYSTEM (5) REPEATABLE (7) "
                "WHERE state = 'done' AND reference_count BETWEEN 30 AND 50 LIMIT :n"
            ),
            {"n": writes},
        ).all()

    def store(paper: PaperVersion) -> None:
        with engine.begin() as conn:
            refs = new_references(rng, graph.size.catalog)
            replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, refs, "0.2.0")

    replace = [timed(lambda p=p: store(p)) for p in (PaperVersion(a, v) for a, v in done)]
    fresh = [PaperVersion(f"2612.{n:05d}", 1) for n in range(1, writes + 1)]
    with engine.begin() as conn:
        versions.enqueue_versions(conn, fresh)
    started = time.perf_counter()
    stream = [timed(lambda p=p: store(p)) for p in fresh]
    took = time.perf_counter() - started
    print(f"\n{'write (40 references with links)':<58} {'p50 ms':>8} {'p95 ms':>8} {'n':>6} {'/s':>6}")
    for name, times in (("replace a done version's references", replace), ("store a new version", stream)):
        print(
            f"{name:<58} {1000 * statistics.median(times):>8.1f} {1000 * quantile(times, 0.95):>8.1f} "
            f"{len(times):>6} {len(times) / sum(times):>6.0f}"
        )
    print(f"stream of {len(fresh)} new versions: {len(fresh) / took:.0f} versions/s (one process)")


def measure_late(engine: sa.Engine, graph: Graph, rng: random.Random) -> None:
    print(f"\n{'late paper arrives (store + link earlier citations)':<58} {'ms':>8} {'linked':>8}")
    for late in graph.late:
        paper = PaperVersion(late, 1)
        with engine.begin() as conn:
            if not versions.enqueue_version(conn, paper):
                print(f"{late:<58} {'already arrived (a reused cluster)':>18}")
                continue
        refs = new_references(rng, graph.size.catalog)
        with engine.begin() as conn:
            started = time.perf_counter()
            replace_references(conn, paper, ReferenceSource.ARXIV_SOURCE, refs, "0.2.0")
        took = time.perf_counter() - started
        with engine.connect() as conn:
            linked, _ = inbound_count(conn, late)
        print(f"{late:<58} {1000 * took:>8.1f} {linked:>8}")


def measure_sizes(engine: sa.Engine, rows: int) -> None:
    print(f"\n{'table':<28} {'table MB':>9} {'index MB':>9} {'bytes/reference':>16}")
    total = 0
    with engine.connect() as conn:
        tables = ("paper_references", "paper_reference_links", "paper_versions", "papers", "arxiv_catalog")
        for table in (*tables, "paper_inbound_counts"):
            heap, index = conn.execute(
                sa.text("SELECT pg_table_size(:t), pg_indexes_size(:t)"), {"t": table}
            ).one()
            if table.startswith("paper_reference"):
                total += heap + index
            print(f"{table:<28} {heap / 2**20:>9.0f} {index / 2**20:>9.0f} {(heap + index) / rows:>16.0f}")
    print(f"{'references with their links':<28} {'':>9} {'':>9} {total / rows:>16.0f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000, help="reference rows in all")
    ap.add_argument("--inbound", type=int, default=100_000, help="resolved citations of the hot paper")
    ap.add_argument("--outbound", type=int, default=200, help="references of the hot paper")
    ap.add_argument("--requests", type=int, default=300, help="requests per page")
    ap.add_argument("--catalog", type=int, default=2_500_000, help="catalog rows")
    ap.add_argument("--writes", type=int, default=200, help="versions replaced, then stored new (0: none)")
    ap.add_argument("--dir", type=Path, help="keep the cluster here, and reuse it when it holds this size")
    ap.add_argument("--explain", type=Path, help="write EXPLAIN ANALYZE of each statement run here")
    a = ap.parse_args()
    server = start_postgres(a.dir, SERVER_SETTINGS)
    web = None
    try:
        url = server.url()
        started = time.monotonic()
        graph = build(server, Size(a.rows, a.inbound, a.outbound, catalog=a.catalog))
        print(
            f"{a.rows:,} reference rows, {graph.versions:,} versions of {graph.papers:,} papers, "
            f"{a.catalog:,} catalog rows (ready in {time.monotonic() - started:.0f} s)"
        )
        engine = make_engine(url)
        ordinary = ordinary_paper(engine)
        last = -(-a.inbound // 100)
        hot = f"/paper/{graph.hot}/citation-record"
        pages = [
            (f"hot paper JSON, inbound page 1 of {last}", f"{hot}.json"),
            (f"hot paper JSON, inbound page {last // 2}", f"{hot}.json?inbound_page={last // 2}"),
            (f"hot paper JSON, inbound page {last} (last)", f"{hot}.json?inbound_page={last}"),
            ("hot paper HTML, inbound page 1", hot),
            (f"hot paper HTML, inbound page {last} (last)", f"{hot}?inbound_page={last}"),
            (f"ordinary paper {ordinary} JSON", f"/paper/{ordinary}/citation-record.json"),
            (f"ordinary paper {ordinary} HTML", f"/paper/{ordinary}/citation-record"),
            ("/status.json", "/status.json"),
            ("/status", "/status"),
            ("/metrics", "/metrics"),
        ]
        settle(engine)
        web, base = serve(url)
        measure_pages(base, pages, a.requests)
        web.terminate()
        web.wait(30)
        web = None
        rng = random.Random(5)
        if a.explain:
            from explain_statements import explain_run  # noqa: PLC0415 (only with --explain)

            explain_run(engine, graph, ordinary, a.explain, lambda: new_references(rng, graph.size.catalog))
        if a.writes:  # --writes 0: pages only, and the cluster stays as built for the next run
            measure_writes(engine, graph, a.writes, rng)
            measure_late(engine, graph, rng)
        measure_sizes(engine, a.rows)
        engine.dispose()
    finally:
        if web is not None:
            web.terminate()
            web.wait(30)
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark the citation record over HTTP: a paper of 200 outbound and 2,000 inbound references while
PostgreSQL holds a million reference rows.

Usage: python benchmarks/bench_record.py [--rows N] [--requests N] [--inbound N] [--outbound N]

A throw-away PostgreSQL cluster (as tests/servers.py starts one) is filled by COPY with generated
versions, references and links: the paper under test (--outbound references, 60% resolved to catalog
ids), --inbound papers each citing it once by its printed id, and background papers of 40 references
each up to --rows reference rows, whose links name ids drawn from 200,000 (a few very cited, most
rarely), with the status mix of the corpus (about a third resolved). The catalog holds the paper, the
ids its references resolve to and the citing papers (bulk-loaded with its search tables). After
ANALYZE, `arxref serve` (uvicorn, one process) answers; one client asks for the record's JSON
--requests times in a row (after 20 warm-up requests) and for a few other pages, and the latencies
(connect to last byte, as the client sees them) are reported as p50 and p95, with the statements the
record ran (`caps.database_statements`). Goal: p95 <= 50 ms for the record's JSON. Not a test: it
prints a table.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psycopg

from arxref.catalog.records import CatalogRecord
from arxref.store.catalog_bulk import bulk_load_catalog
from arxref.store.engine import make_engine, upgrade_schema

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.servers import free_port, start_postgres  # noqa: E402 (the repository root is put on the path above)

PAPER = "2301.00001"
STATUSES = [  # (status, resolver source, share): the corpus' mix, roughly
    ("verified_exact", "arxiv_id", 0.22),
    ("verified_fuzzy", "local_arxiv", 0.08),
    ("unresolved", None, 0.55),
    ("parse_uncertain", None, 0.08),
    ("metadata_mismatch", "arxiv_id", 0.05),
    ("malformed_identifier", "arxiv_id", 0.02),
]
REFS_PER_BACKGROUND_PAPER = 40
CITED_POOL = 200_000
NOW = "2026-01-01 00:00:00+00"
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _raw(i: int, rng: random.Random) -> str:
    words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(6, 14)))
    names = f"A. Author{i % 997}, B. Writer{i % 89}, and C. Coauthor"
    return f"{names}. {words.capitalize()}. Journal {i % 40}, {2000 + i % 25}."


_WORDS = [
    "learning", "neural", "network", "model", "data", "graph", "citation", "quantum", "field", "theory",
    "inference", "bayesian", "optimization", "transformer", "language", "vision", "robust", "sparse",
    "efficient", "scalable", "large", "scale", "analysis",
]  # fmt: skip


class Loader:
    """COPY rows into the three tables, keeping the ids consistent."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn
        self.version_id = 0
        self.reference_id = 0
        self.papers = io.StringIO()
        self.versions = io.StringIO()
        self.references = io.StringIO()
        self.links = io.StringIO()

    def version(self, arxiv_id: str, count: int) -> int:
        self.version_id += 1
        self.papers.write(f"{arxiv_id}\t{NOW}\n")
        self.versions.write(
            f"{self.version_id}\t{arxiv_id}\t1\tdone\tstore\t1\t\\N\t\\N\tarxiv_source\t{count}\t[]\t"
            f"\\N\t\\N\t0.1.0\t{NOW}\t{NOW}\t{NOW}\t{NOW}\t1\t\\N\n"
        )
        return self.version_id

    def reference(
        self,
        version: int,
        citing: str,
        position: int,
        raw: str,
        status: str,
        source: str | None,
        cited: str | None,
    ) -> None:
        self.reference_id += 1
        printed = cited if source == "arxiv_id" and cited else None
        title = raw.split(". ")[1] if ". " in raw else None
        fields = [
            self.reference_id, version, citing, 1, position, 1, position, position, f"k{position}", raw,
            '["A. Author"]', "f", title, 2020, "Journal", None, None, printed, None, None, 0.9,
            "arxiv_source", NOW, "0.1.0", '{"file": "main.bbl", "pages": [], "bbox": null}', "[]",
        ]  # fmt: skip
        self.references.write("\t".join(r"\N" if v is None else str(v) for v in fields) + "\n")
        score = "100.0" if status.startswith("verified") else r"\N"
        rid = self.reference_id
        link = [rid, rid, status, source or r"\N", cited or r"\N", r"\N", score, "[]", NOW]
        self.links.write("\t".join(str(v) for v in link) + "\n")

    def flush(self) -> None:
        with self.conn.cursor() as cur:
            for table, buffer, columns in (
                ("papers", self.papers, "arxiv_id, created_at"),
                ("paper_versions", self.versions, _VERSION_COLUMNS),
                ("paper_references", self.references, _REFERENCE_COLUMNS),
                ("paper_reference_links", self.links, _LINK_COLUMNS),
            ):
                with cur.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    copy.write(buffer.getvalue())
                buffer.seek(0)
                buffer.truncate()
        self.conn.commit()


_VERSION_COLUMNS = (
    "id, arxiv_id, version, state, stage, attempts, last_error_class, last_error_message, reference_source, "
    "reference_count, extraction_notes, eprint_sha256, pdf_sha256, extractor_version, created_at, "
    "updated_at, started_at, finished_at, task_runs, origin"
)
_REFERENCE_COLUMNS = (
    "id, version_id, citing_arxiv_id, citing_version, position, bibliography, reference_index, label, key, "
    "raw_text, authors, et_al, title, year, venue, volume, pages, arxiv_id, doi, url, parse_confidence, "
    "source, source_observed_at, extractor_version, provenance, flags"
)
_LINK_COLUMNS = (
    "id, reference_id, status, resolver_source, cited_arxiv_id, cited_doi, score, candidates, observed_at"
)


def _cited_id(n: int) -> str:
    return f"{15 + n // 90000 % 10}{n // 9000 % 10 + 1:02d}.{40000 + n % 50000:05d}"


def fill(url: str, rows: int, outbound: int, inbound: int, seed: int = 11) -> dict[str, int]:
    """Generate and COPY the rows; the counts written."""
    rng = random.Random(seed)
    engine = make_engine(url)
    upgrade_schema(engine)
    cited_of_paper = [_cited_id(rng.randrange(CITED_POOL)) for _ in range(outbound)]
    citing_ids = [f"2302.{n:05d}" for n in range(1, inbound + 1)]
    catalog = [
        CatalogRecord(PAPER, "The paper under test", "A. Author", categories="cs.DL", latest_version=1)
    ]
    catalog += [CatalogRecord(a, f"Cited work {a}", "B. Writer") for a in sorted(set(cited_of_paper))]
    catalog += [CatalogRecord(a, f"Citing paper {a}", "C. Coauthor") for a in citing_ids]
    bulk_load_catalog(engine, catalog)
    engine.dispose()
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn) as conn:
        load = Loader(conn)
        version = load.version(PAPER, outbound)
        for position, cited in enumerate(cited_of_paper, 1):
            resolved = rng.random() < 0.6
            status, source = ("verified_exact", "arxiv_id") if resolved else ("unresolved", None)
            load.reference(
                version, PAPER, position, _raw(position, rng), status, source, cited if resolved else None
            )
        for citing in citing_ids:
            version = load.version(citing, 1)
            raw = f"A. Author. The paper under test. arXiv:{PAPER}."
            load.reference(version, citing, 1, raw, "verified_exact", "arxiv_id", PAPER)
        load.flush()
        written = outbound + inbound
        paper = 0
        while written < rows:
            paper += 1
            citing = f"{16 + paper // 99999 % 9}{paper % 12 + 1:02d}.{paper % 99999:05d}"
            version = load.version(citing, REFS_PER_BACKGROUND_PAPER)
            for position in range(1, REFS_PER_BACKGROUND_PAPER + 1):
                status, source = _status(rng)
                # Zipf-like: a few ids cited very often, most rarely (never the paper under test).
                named = source == "arxiv_id" or status.startswith("verified")
                cited = _cited_id(int(CITED_POOL * rng.random() ** 3)) if named else None
                load.reference(version, citing, position, _raw(written, rng), status, source, cited)
                written += 1
            if paper % 2500 == 0:
                load.flush()
                print(f"  {written:,} reference rows", file=sys.stderr)
        load.flush()
        with conn.cursor() as cur:
            for table in ("paper_versions", "paper_references", "paper_reference_links"):
                cur.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
                )
        conn.commit()
        conn.autocommit = True
        conn.execute("VACUUM ANALYZE")
    return {"references": written, "versions": load.version_id}


def _status(rng: random.Random) -> tuple[str, str | None]:
    pick = rng.random()
    for status, source, share in STATUSES:
        if pick < share:
            return status, source
        pick -= share
    return STATUSES[-1][0], STATUSES[-1][1]


def get(url: str) -> tuple[float, bytes]:
    """Seconds from connect to the last byte, and the body."""
    started = time.perf_counter()
    with _NO_PROXY.open(url, timeout=60) as response:
        body = response.read()
        assert response.status == 200, response.status
    return time.perf_counter() - started, body


def measure(base: str, path: str, requests: int) -> tuple[list[float], bytes]:
    for _ in range(20):
        get(base + path)
    times = []
    body = b""
    for _ in range(requests):
        seconds, body = get(base + path)
        times.append(seconds)
    return times, body


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000, help="reference rows in all")
    ap.add_argument("--outbound", type=int, default=200)
    ap.add_argument("--inbound", type=int, default=2000)
    ap.add_argument("--requests", type=int, default=300)
    a = ap.parse_args()
    server = start_postgres()
    web = None
    try:
        url = server.url()
        started = time.monotonic()
        counts = fill(url, a.rows, a.outbound, a.inbound)
        took = time.monotonic() - started
        print(
            f"filled {counts['references']:,} reference rows, {counts['versions']:,} versions in {took:.0f} s"
        )
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("ARXREF_")}
        env.update(ARXREF_DATABASE_URL=url, ARXREF_METRICS_DIR="", PYTHONPATH=str(REPO / "src"))
        arxref = [sys.executable, "-c", "import sys; from arxref.cli import main; sys.exit(main())"]
        command = [*arxref, "serve", "--port", str(port)]
        web = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                get(base + "/status.json")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        print(f"{'page':<52} {'p50 ms':>8} {'p95 ms':>8} {'KB':>6} {'stmts':>6}")
        pages = [
            f"/paper/{PAPER}/citation-record.json",
            f"/paper/{PAPER}/citation-record.json?outbound_page=2&inbound_page=20",
            f"/paper/{PAPER}/citation-record",
            "/status.json",
            "/metrics",
        ]
        for path in pages:
            times, body = measure(base, path, a.requests if "citation-record" in path else 10)
            is_record = "citation-record.json" in path
            statements = json.loads(body)["caps"]["database_statements"] if is_record else ""
            print(
                f"{path:<52} {1000 * statistics.median(times):>8.1f} {1000 * quantile(times, 0.95):>8.1f} "
                f"{len(body) / 1024:>6.0f} {statements!s:>6}"
            )
    finally:
        if web is not None:
            web.terminate()
            web.wait(30)
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

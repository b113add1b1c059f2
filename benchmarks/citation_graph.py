"""Fill PostgreSQL with a citation graph of a chosen size, shaped like arXiv's, repeatable from a seed.

Usage (a cluster of its own, kept in DIR for benchmarks to reuse):
    python benchmarks/citation_graph.py --rows 20000000 --dir /var/tmp/graph-20m

What it makes (every figure below is a fact measured on this project's data, or says it is assumed):

- The catalog: --catalog arXiv records (default 2.5 million, arXiv's size), ids in arXiv's scheme
  at 20,000 a month from 2015-01 on (arXiv's recent monthly rate), titles and authors of real lengths.
  Its search tables (words, postings) are not filled: no path measured here reads them (resolution
  at 2.5M rows is bench_resolve.py's), and their triggers would make the load an hour.
- Processed papers: the newest catalog papers, each with 1 to 4 versions (60/27/9/4 %, assumed;
  mean 1.57), every version done except 2 % failed and 0.5 % queued.
- References per done version drawn from the gold lists of ../shared/corpus and corpus-wide
  (164 papers: deciles 5, 18, 27, 47, 70, 92, 103; mean 55; capped at 300), raw text lengths from
  their 9,046 entries (median 156 characters, 95th percentile 298).
- Resolution statuses in the corpus's shares (`STATUSES`). A resolved or id-named entry cites an
  earlier catalog paper, heavy-tailed (a distance of index x u^3): half from the oldest papers (the
  classics collect tens of thousands of citations at 20M rows), half back from the citing paper
  (recent work is cited by the papers that follow it); most papers get a handful.
- The hot paper (`HOT`, an early catalog paper): exactly --inbound resolved citations, one every
  rows/inbound references (at 1M rows with 100,000 that is several per citing version).
- Late papers (`LATE`, LATE_CITATIONS each): valid ids the catalog lacks and nobody processed yet,
  printed by earlier entries (`unresolved` by `arxiv_id`), for a benchmark to store one and time
  its earlier citations being linked.

Rows are COPYed (three connections, one per big table, fed in turn) with secondary indexes,
foreign keys and user triggers off; they are rebuilt after, the kept counts (migration 0014)
counted, and the database VACUUM ANALYZEd. A `bench_graph` table records the size and seed, so a
kept cluster is reused only for the same graph.
"""

from __future__ import annotations

import argparse
import bisect
import random
import sys
import time
from dataclasses import astuple, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg

from arxref.store import counts
from arxref.store.engine import make_engine, upgrade_schema

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.servers import PostgresServer, start_postgres  # noqa: E402 (the repository root is on the path)

SERVER_SETTINGS = (  # a server with a machine of its own, not a test's: memory for 24 GiB
    "shared_buffers=4GB",
    "effective_cache_size=16GB",
    "work_mem=32MB",
    "maintenance_work_mem=2GB",
    "max_wal_size=16GB",
    "checkpoint_timeout=30min",
    "max_parallel_maintenance_workers=2",
)
STATUSES = [  # (status, resolver source, share): the corpus's mix
    ("verified_exact", "arxiv_id", 0.22),
    ("verified_fuzzy", "local_arxiv", 0.08),
    ("unresolved", None, 0.55),
    ("parse_uncertain", None, 0.08),
    ("metadata_mismatch", "arxiv_id", 0.05),
    ("malformed_identifier", "arxiv_id", 0.02),
]
REFERENCES_QUANTILES = [
    (0.0, 5), (0.1, 18), (0.25, 27), (0.5, 47), (0.75, 70), (0.9, 92), (0.95, 103), (1.0, 300),
]  # fmt: skip
RAW_LENGTH_QUANTILES = [
    (0.0, 20), (0.05, 56), (0.25, 109), (0.5, 156), (0.75, 206), (0.95, 298), (0.99, 405), (1.0, 900),
]  # fmt: skip
VERSIONS_PER_PAPER = [(1, 0.60), (2, 0.27), (3, 0.09), (4, 0.04)]
PER_MONTH = 20_000
HOT_INDEX = 1_000  # the hot paper's place in the catalog (an early paper)
LATE_PAPERS = 5
LATE_CITATIONS = 10_000
NOW = "2026-01-01 00:00:00+00"
NULL = r"\N"  # COPY's text format
FIRST_FINISHED = datetime(2025, 1, 1, tzinfo=UTC)
WORDS = [
    "learning", "neural", "network", "model", "data", "graph", "citation", "quantum", "field",
    "theory", "inference", "bayesian", "optimization", "transformer", "language", "vision",
    "robust", "sparse", "efficient", "scalable", "large", "scale", "analysis", "dark", "matter",
    "galaxy", "cluster", "spectra", "lattice", "gauge", "symmetry", "entropy", "stochastic",
    "process", "dynamics",
]  # fmt: skip


def arxiv_id(index: int) -> str:
    """The index-th paper of the catalog's id sequence (20,000 a month from 2015-01)."""
    month, number = divmod(index, PER_MONTH)
    return f"{15 + month // 12:02d}{month % 12 + 1:02d}.{number + 1:05d}"


@dataclass(frozen=True)
class Size:
    """What to make: reference rows, the hot paper's inbound and outbound lists, the seed, catalog rows."""

    rows: int
    inbound: int = 100_000
    outbound: int = 200
    seed: int = 11
    catalog: int = 2_500_000


@dataclass(frozen=True)
class Graph:
    """What was made: the papers a benchmark asks about, and the counts written."""

    size: Size
    hot: str
    late: list[str]
    versions: int
    papers: int


def _quantile(table: list[tuple[float, int]], u: float) -> int:
    """Interpolate an empirical quantile function given at a few probabilities."""
    at = bisect.bisect_right([p for p, _ in table], u) - 1
    (p0, v0), (p1, v1) = table[min(at, len(table) - 2)], table[min(at + 1, len(table) - 1)]
    return round(v0 + (v1 - v0) * (u - p0) / (p1 - p0)) if p1 > p0 else v0


class Copy:
    """One COPY stream per table on a connection of its own, fed a chunk at a time."""

    def __init__(self, dsn: str, table: str, columns: str) -> None:
        self.conn = psycopg.connect(dsn)
        self.cursor = self.conn.cursor()
        self.stream = self.cursor.copy(f"COPY {table} ({columns}) FROM STDIN")  # kept: closing it ends COPY
        self.copy = self.stream.__enter__()
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) >= 20_000:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            self.copy.write("".join(self.lines))
            self.lines.clear()

    def close(self) -> None:
        self.flush()
        self.stream.__exit__(None, None, None)
        self.conn.commit()
        self.conn.close()


def build(server: PostgresServer, size: Size) -> Graph:
    """Make the graph in the cluster's `postgres` database (reused when it holds this one already)."""
    url = server.url()
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    engine = make_engine(url)
    upgrade_schema(engine)
    engine.dispose()
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_graph "
            "(rows bigint, inbound int, outbound int, seed int, catalog int)"
        )
        made = conn.execute("SELECT * FROM bench_graph").fetchone()
    late = [arxiv_id(size.catalog + 1 + k) for k in range(LATE_PAPERS)]  # after every catalog id
    if made is None:
        started = time.monotonic()
        _load(dsn, size, late)
        print(f"built {size.rows:,} reference rows in {time.monotonic() - started:.0f} s", file=sys.stderr)
    elif made != astuple(size):
        raise SystemExit(f"{server.data_dir} holds another graph {made}: give another --dir")
    with psycopg.connect(dsn) as conn:
        papers, versions = conn.execute(
            "SELECT (SELECT count(*) FROM papers), (SELECT count(*) FROM paper_versions)"
        ).fetchone()
    return Graph(size, arxiv_id(HOT_INDEX), late, versions, papers)


def _load(dsn: str, size: Size, late: list[str]) -> None:
    rng = random.Random(size.seed)
    with psycopg.connect(dsn, autocommit=True) as conn:
        saved = _drop_secondary(conn)
        for table in ("paper_versions", "arxiv_catalog"):
            conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
    text = " ".join(rng.choice(WORDS) for _ in range(200_000))
    _load_catalog(dsn, size.catalog, rng, text)
    refs_per_version = sum(_quantile(REFERENCES_QUANTILES, (i + 0.5) / 1000) for i in range(1000)) / 1000
    mean_versions = sum(n * share for n, share in VERSIONS_PER_PAPER)
    processed = max(1, round(size.rows / refs_per_version / mean_versions / 0.975))
    first = size.catalog - processed * 11 // 10  # room for the estimate's error: ids stay in the catalog
    out = Writer(dsn, text, rng)
    hot = arxiv_id(HOT_INDEX)
    out.paper(hot)
    version_id = out.version(hot, 1, "done", size.outbound)
    for position in range(1, size.outbound + 1):
        status, source = pick_status(rng)
        out.reference(version_id, hot, 1, position, status, source, _cited(HOT_INDEX, status, source, rng))
    background = size.rows - size.outbound  # the references of the other papers, numbered from 1
    hot_every = max(1, background // size.inbound) if size.inbound else 0
    late_every = max(1, background // (LATE_PAPERS * LATE_CITATIONS))
    index, late_made, hot_made = first, 0, 0
    while out.written < size.rows:
        if index >= size.catalog:
            raise RuntimeError(f"{size.rows:,} reference rows need more than {size.catalog:,} catalog papers")
        citing = arxiv_id(index)
        out.paper(citing)
        for version in range(1, _pick_versions(rng) + 1):
            u = rng.random()
            state = "failed" if u < 0.02 else "queued" if u < 0.025 else "done"
            n = _quantile(REFERENCES_QUANTILES, rng.random()) if state == "done" else 0
            version_id = out.version(citing, version, state, min(n, size.rows - out.written))
            for position in range(1, min(n, size.rows - out.written) + 1):
                status, source = pick_status(rng)
                cited = _cited(index, status, source, rng)
                number = out.written + 1 - size.outbound
                if hot_every and number % hot_every == 0 and hot_made < size.inbound:
                    status, source, cited, hot_made = "verified_exact", "arxiv_id", hot, hot_made + 1
                elif number % late_every == 1 and late_made < LATE_PAPERS * LATE_CITATIONS:
                    status, source, cited = "unresolved", "arxiv_id", late[late_made // LATE_CITATIONS]
                    late_made += 1
                elif cited == hot:
                    status, source, cited = "unresolved", None, None  # the hot paper's count is exact
                out.reference(version_id, citing, version, position, status, source, cited)
        index += 1
    out.close()
    with psycopg.connect(dsn, autocommit=True) as conn:
        for table in ("paper_versions", "arxiv_catalog"):
            conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
        for table in ("paper_versions", "paper_references", "paper_reference_links"):
            top = f"(SELECT max(id) FROM {table})"
            conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), {top})")
        for statement in saved:
            conn.execute(statement)
    engine = make_engine(dsn.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        counts.recount(conn)
    engine.dispose()
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
        conn.execute("CHECKPOINT")
        conn.execute("INSERT INTO bench_graph VALUES (%s, %s, %s, %s, %s)", astuple(size))


def _cited(index: int, status: str, source: str | None, rng: random.Random) -> str | None:
    """The id an entry names, if it names one: an earlier paper, half of the time heavy-tailed towards
    the oldest (the classics), half towards the newest (the work it follows)."""
    if not (source == "arxiv_id" or status.startswith("verified")):
        return None
    back = int(index * rng.random() ** 3)
    return arxiv_id(back if rng.random() < 0.5 else max(0, index - 1 - back))


class Writer:
    """The rows of papers, versions, references and links, each table a COPY stream, ids kept consistent."""

    def __init__(self, dsn: str, text: str, rng: random.Random) -> None:
        self.papers = Copy(dsn, "papers", "arxiv_id, created_at")
        self.versions = Copy(dsn, "paper_versions", VERSION_COLUMNS)
        self.references = Copy(dsn, "paper_references", REFERENCE_COLUMNS)
        self.links = Copy(dsn, "paper_reference_links", LINK_COLUMNS)
        self.text, self.rng = text, rng
        self.written = self.version_id = 0

    def paper(self, arxiv: str) -> None:
        self.papers.add(f"{arxiv}\t{NOW}\n")

    def version(self, arxiv: str, version: int, state: str, references: int) -> int:
        self.version_id += 1
        at = (FIRST_FINISHED + timedelta(seconds=10 * self.version_id)).isoformat()  # one every 10 s
        failed = "extract\t1\tNoBibliography\tno bibliography found"
        error = failed if state == "failed" else f"store\t1\t{NULL}\t{NULL}"
        self.versions.add(
            f"{self.version_id}\t{arxiv}\t{version}\t{state}\t{error}\tarxiv_source\t{references}\t[]\t"
            f"{NULL}\t{NULL}\t0.1.0\t{at}\t{at}\t{at}\t{at}\t1\t{NULL}\n"
        )
        return self.version_id

    def reference(
        self, version_id: int, citing: str, version: int, position: int, status: str, source: str | None,
        cited: str | None,
    ) -> None:  # fmt: skip
        self.written += 1
        rid = self.written
        length = _quantile(RAW_LENGTH_QUANTILES, self.rng.random())
        start = self.rng.randrange(len(self.text) - length)
        body = self.text[start : start + length]
        printed = cited if source == "arxiv_id" and cited else NULL
        self.references.add(
            f"{rid}\t{version_id}\t{citing}\t{version}\t{position}\t1\t{position}\t{position}\t"
            f"ref{position}\t"
            f'{body}\t["A. Author", "B. Writer"]\tf\t{body[:90]}\t{1990 + rid % 36}\tJournal\t'
            f'{NULL}\t{NULL}\t{printed}\t{NULL}\t{NULL}\t0.9\tarxiv_source\t{NOW}\t0.1.0\t'
            '{"file": "main.bbl", "pages": [], "bbox": null}\t[]\n'
        )
        score = "100.0" if status.startswith("verified") else NULL
        link = f"{rid}\t{rid}\t{status}\t{source or NULL}\t{cited or NULL}\t{NULL}\t{score}\t[]\t{NOW}\n"
        self.links.add(link)

    def close(self) -> None:
        for copy in (self.papers, self.versions, self.references, self.links):
            copy.close()


def _load_catalog(dsn: str, catalog: int, rng: random.Random, text: str) -> None:
    copy = Copy(dsn, "arxiv_catalog", CATALOG_COLUMNS)
    for index in range(catalog):
        start = rng.randrange(len(text) - 120)
        title = text[start : start + rng.randint(40, 110)].strip()
        surname = f"writer{index % 50_000}"
        year = 2015 + index // PER_MONTH // 12
        copy.add(
            f"{arxiv_id(index)}\t{title.capitalize()}\t{title}\tA. {surname.capitalize()}, B. Coauthor\t"
            f"{surname}\t{NULL}\t{NULL}\tcs.DL\t1\t{year}\t{year}-01-01\t{year}-01-01T00:00:00Z\t{year}-01-01T00:00:00Z\n"
        )
    copy.close()


def _pick_versions(rng: random.Random) -> int:
    u = rng.random()
    for n, share in VERSIONS_PER_PAPER:
        if u < share:
            return n
        u -= share
    return VERSIONS_PER_PAPER[-1][0]


def pick_status(rng: random.Random) -> tuple[str, str | None]:
    """A resolution status and its resolver source, drawn in the corpus's shares."""
    pick = rng.random()
    for status, source, share in STATUSES:
        if pick < share:
            return status, source
        pick -= share
    return STATUSES[-1][0], STATUSES[-1][1]


def _drop_secondary(conn: psycopg.Connection) -> list[str]:
    """Drop the big tables' foreign keys, unique constraints and secondary indexes; the statements
    that make them again (from the catalog's own definitions, so they match the migrations)."""
    tables = "('papers', 'paper_versions', 'paper_references', 'paper_reference_links', 'arxiv_catalog')"
    constraints = conn.execute(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), contype FROM pg_constraint "
        f"WHERE conrelid::regclass::text IN {tables} AND contype IN ('f', 'u') ORDER BY contype"
    ).fetchall()
    indexes = conn.execute(
        "SELECT indexname, indexdef FROM pg_indexes i WHERE tablename IN " + tables + " AND NOT EXISTS "
        "(SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)"
    ).fetchall()
    for table, name, _, _ in constraints:  # foreign keys first (ORDER BY contype: f before u)
        conn.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    for name, _ in indexes:
        conn.execute(f'DROP INDEX "{name}"')
    again = [definition for _, definition in indexes]
    again += [f'ALTER TABLE {t} ADD CONSTRAINT "{n}" {d}' for t, n, d, kind in constraints if kind == "u"]
    again += [f'ALTER TABLE {t} ADD CONSTRAINT "{n}" {d}' for t, n, d, kind in constraints if kind == "f"]
    return again


VERSION_COLUMNS = (
    "id, arxiv_id, version, state, stage, attempts, last_error_class, last_error_message, reference_source, "
    "reference_count, extraction_notes, eprint_sha256, pdf_sha256, extractor_version, created_at, "
    "updated_at, started_at, finished_at, task_runs, origin"
)
REFERENCE_COLUMNS = (
    "id, version_id, citing_arxiv_id, citing_version, position, bibliography, reference_index, label, key, "
    "raw_text, authors, et_al, title, year, venue, volume, pages, arxiv_id, doi, url, parse_confidence, "
    "source, source_observed_at, extractor_version, provenance, flags"
)
LINK_COLUMNS = (
    "id, reference_id, status, resolver_source, cited_arxiv_id, cited_doi, score, candidates, observed_at"
)
CATALOG_COLUMNS = (
    "arxiv_id, title, title_norm, authors, first_author_norm, doi, journal_ref, categories, latest_version, "
    "year, update_date, submitted_at, last_updated"
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000, help="reference rows")
    ap.add_argument("--inbound", type=int, default=100_000, help="resolved citations of the hot paper")
    ap.add_argument("--outbound", type=int, default=200, help="references of the hot paper")
    ap.add_argument("--catalog", type=int, default=2_500_000, help="catalog rows")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--dir", type=Path, required=True, help="the cluster's folder (kept)")
    a = ap.parse_args()
    server = start_postgres(a.dir, SERVER_SETTINGS)
    try:
        graph = build(server, Size(a.rows, a.inbound, a.outbound, a.seed, a.catalog))
        print(graph)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

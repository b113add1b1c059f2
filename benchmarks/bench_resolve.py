"""Benchmark resolution against a catalog of a million rows, on SQLite and on PostgreSQL.

Usage: python benchmarks/bench_resolve.py [--rows N] [--rounds N] [--corpus DIR] [--catalog FILE]

The catalog is the real test catalog (shared/catalog, 18,413 records) plus generated
rows made of real pieces: each title joins the start of one real title to the end of
another (never equal to a real title), authors are real author names drawn at random,
years follow the real ones, and ids are new-style ids no real record has. So a search
meets as many look-alike candidates per word as in a large real catalog. The file is
cached under /tmp. It is bulk-loaded (`bulk_load_catalog`: COPY on PostgreSQL, executemany
in big transactions on SQLite, the search tables kept by the triggers) and analyzed, into a
SQLite file and into a throw-away PostgreSQL cluster (as tests/servers.py starts one); then
the corpus's PDF-path and source-path entries are resolved, with printed ids and with them
hidden, on each backend, one paper at a time (`resolve_references`, as the pipeline does).

CPU time is the per-core figure (time.process_time; on PostgreSQL plus the server
process's own CPU, read from /proc/<pid>/schedstat in nanoseconds: /proc/<pid>/stat counts
10 ms ticks, coarse against the server's ~40 ms a round), best of the rounds: the machine is
shared. `median` is the same ratio taken between the two medians, a check on the best.
Answers (status, resolver source, cited id) are compared with the 18k catalog's. Each group's
rounds alternate with rounds on the 18k memory catalog: `memory` is their best, `ratio` the
backend's best over it (figures taken minutes apart on a shared machine did not compare).
Not a test: it prints a table. With `--keep DIR` the loaded SQLite file and PostgreSQL cluster
are kept in DIR and reused by the next run of the same --rows (loading is most of a run's time);
the schema is still upgraded, so a new migration reaches them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import pickle
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa

from arxref.catalog.records import CatalogLookup, MemoryCatalog, normalize_title, read_catalog_file
from arxref.domain import ParsedReference
from arxref.evaluate.inputs import corpus_eprint, hide_arxiv_ids
from arxref.parse import parse_reference
from arxref.pdf import extract_pdf_references
from arxref.resolve import resolve_references
from arxref.source import extract_source_references, unpack_eprint
from arxref.store.catalog import SqlCatalog, count_catalog
from arxref.store.catalog_bulk import bulk_load_catalog
from arxref.store.engine import make_engine, upgrade_schema

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from tests.servers import start_postgres  # noqa: E402 (the repository root is put on the path above)

CACHE = Path(tempfile.gettempdir()) / "arxref-bench-resolve"
Entry = tuple[ParsedReference, str]
Papers = list[list[Entry]]
# Generated ids: new-style five-digit numbers (valid from 2015 on), above any real monthly count.
GENERATED_YEARS = range(2015, 2027)
GENERATED_FIRST_NUMBER = 40000


def generate_catalog(real_file: Path, rows: int, seed: int = 7) -> Path:
    """The real records plus generated ones up to `rows`, as snapshot JSON lines (cached)."""
    path = CACHE / f"catalog-{rows}-{seed}.jsonl.gz"
    if path.is_file():
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    with gzip.open(real_file, "rt", encoding="utf-8") as handle:
        real = [json.loads(line) for line in handle]
    titles = [r["title"].split() for r in real if r.get("title") and len(r["title"].split()) >= 3]
    real_norms = {normalize_title(r.get("title")) for r in real}
    names = [n.strip() for r in real for n in (r.get("authors") or "").replace(" and ", ",").split(",")]
    names = [n for n in names if "et al" not in n and len(n.split()) >= 2]
    years = [int(r["update_date"][:4]) for r in real if r.get("update_date")] or [2020]
    taken = {r["id"] for r in real}
    numbers: dict[str, int] = {}
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=1) as out:
        for r in real:
            out.write(json.dumps(r) + "\n")
        made = len(real)
        while made < rows:
            a, b = rng.choice(titles), rng.choice(titles)
            title = " ".join(a[: rng.randint(1, len(a) - 1)] + b[rng.randint(1, len(b) - 1) :])
            if normalize_title(title) in real_norms:
                continue
            year = min(max(rng.choice(years), GENERATED_YEARS[0]), GENERATED_YEARS[-1])
            month = f"{year % 100:02d}{rng.randint(1, 12):02d}"
            if numbers.get(month, GENERATED_FIRST_NUMBER) >= 99999:
                continue  # the month is full: a sixth digit would make an id arXiv never gave
            numbers[month] = numbers.get(month, GENERATED_FIRST_NUMBER) + 1
            arxiv_id = f"{month}.{numbers[month]:05d}"
            if arxiv_id in taken:
                continue
            authors = ", ".join(rng.sample(names, rng.randint(1, 5)))
            record = {"id": arxiv_id, "title": title, "authors": authors, "update_date": f"{year}-06-01"}
            out.write(json.dumps(record) + "\n")
            made += 1
    tmp.rename(path)
    return path


def corpus_entries(corpus: Path) -> dict[str, Papers]:
    """(parsed, raw) of every corpus entry by paper: PDF and source path, with ids and with them hidden."""
    path = CACHE / "entries-by-paper.pkl"
    if path.is_file():
        return pickle.loads(path.read_bytes())
    out: dict[str, Papers] = {"pdf": [], "pdf hidden": [], "source": [], "source hidden": []}
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        extractions = []
        if (folder / "paper.pdf").is_file():
            extractions.append(("pdf", extract_pdf_references((folder / "paper.pdf").read_bytes())))
        eprint = corpus_eprint(folder)
        if eprint is not None:
            extractions.append(("source", extract_source_references(unpack_eprint(eprint))))
        for name, extraction in extractions:
            shown = extraction.references
            for key, refs in ((name, shown), (f"{name} hidden", [hide_arxiv_ids(r) for r in shown])):
                out[key].append([(parse_reference(r.raw, stated=r.fields), r.raw) for r in refs])
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def answers(papers: Papers, catalog: CatalogLookup) -> list[tuple]:
    """What each entry resolves to: status, resolver source, cited id (and the raw text, to show it)."""
    out = []
    for entries in papers:
        for (_, raw), r in zip(entries, resolve_references(entries, catalog), strict=True):
            out.append((r.status, r.resolver_source, r.cited_arxiv_id, raw))
    return out


def timed(
    papers: Papers, catalog: CatalogLookup, server_cpu: Callable[[], float], rounds: int
) -> list[float]:
    """CPU seconds (this process plus the database server's) to resolve the entries, each round."""
    seconds = []
    for _ in range(rounds):
        cpu, server = time.process_time(), server_cpu()
        for entries in papers:
            resolve_references(entries, catalog)
        seconds.append(time.process_time() - cpu + server_cpu() - server)
    return seconds


def backend_cpu(conn: sa.Connection) -> Callable[[], float]:
    """CPU seconds used so far by the PostgreSQL process serving `conn` (0 on SQLite: in-process)."""
    if conn.dialect.name != "postgresql":
        return lambda: 0.0
    pid = conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
    ticks = os.sysconf("SC_CLK_TCK")
    schedstat = Path(f"/proc/{pid}/schedstat")

    def read() -> float:
        if schedstat.exists():  # time on the CPU, in nanoseconds
            return int(schedstat.read_text().split()[0]) / 1e9
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks

    return read


def disk_size(engine: sa.Engine, sqlite_file: Path | None) -> int:
    """Bytes the database takes on disk."""
    if sqlite_file is not None:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return sum(p.stat().st_size for p in sqlite_file.parent.glob(sqlite_file.name + "*"))
    with engine.connect() as conn:
        return conn.execute(sa.text("SELECT pg_database_size(current_database())")).scalar_one()


def run_backend(
    name: str,
    url: str,
    catalog_file: Path,
    entries: dict,
    expected: dict,
    small: MemoryCatalog,
    rounds: int,
    sqlite_file: Path | None,
    loaded: Path | None = None,
) -> list[str]:
    """Load the catalog into one backend and resolve every group of entries: the table's rows.

    `loaded`: a marker file (`--keep`); when it exists the catalog is in the database already.
    """
    engine = make_engine(url)
    upgrade_schema(engine)
    wall, cpu = time.perf_counter(), time.process_time()
    if loaded is not None and loaded.is_file():
        with engine.connect() as conn:
            rows = count_catalog(conn)
    else:
        rows = bulk_load_catalog(engine, read_catalog_file(catalog_file))
    # As after any bulk load: statistics, and on PostgreSQL the visibility map that lets the
    # (first author, year, id) index be read alone (autovacuum would get there later).
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.exec_driver_sql("VACUUM ANALYZE" if engine.dialect.name == "postgresql" else "ANALYZE")
    if loaded is not None:
        loaded.touch()
    load_wall, load_cpu = time.perf_counter() - wall, time.process_time() - cpu
    size = disk_size(engine, sqlite_file)
    print(f"{name}: {rows} rows loaded in {load_wall:.0f} s ({load_cpu:.0f} s CPU here), {size >> 20} MiB")
    lines = []
    with engine.connect() as conn:
        catalog, server = SqlCatalog(conn), backend_cpu(conn)
        for group, papers in entries.items():
            got = answers(papers, catalog)  # also warms the caches
            differ = [(a, b) for a, b in zip(got, expected[group], strict=True) if a != b]
            for a, b in differ:
                print(f"  differs ({group}): {b[:3]} -> {a[:3]}: {a[3][:150]}")
            n = len(got)
            # Rounds alternate with rounds on the memory catalog, so that the ratio compares figures
            # taken under the same load (a shared machine's load drifts within minutes).
            seconds, memory_seconds = [], []
            for _ in range(rounds):
                memory_seconds += timed(papers, small, lambda: 0.0, 1)
                seconds += timed(papers, catalog, server, 1)
            rates = sorted(n / s for s in seconds)
            memory_rate = n / min(memory_seconds)
            median_ratio = statistics.median(memory_seconds) / statistics.median(seconds)
            lines.append(
                f"{name:<10} {rows:>9} {load_wall:>7.0f} {size / 2**20:>8.0f} {group:<14} "
                f"{n:>6} {rates[-1]:>9.0f} {' '.join(f'{r:.0f}' for r in rates):>20} "
                f"{memory_rate:>7.0f} {rates[-1] / memory_rate:>5.2f} {median_ratio:>6.2f} {len(differ):>7}"
            )
            print(lines[-1], flush=True)
    engine.dispose()
    return lines


def main() -> None:
    """Print load time, size and references per CPU second per backend, and answer differences."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    ap.add_argument("--catalog", type=Path, default=REPO.parent / "shared/catalog/arxiv-catalog.jsonl.gz")
    ap.add_argument("--backends", default="sqlite,postgresql")
    ap.add_argument("--max-entries", type=int, default=0, help="every k-th paper so that at most N per group")
    ap.add_argument("--keep", type=Path, help="keep the loaded databases in this folder, reuse them next run")
    a = ap.parse_args()
    started = time.perf_counter()
    catalog_file = generate_catalog(a.catalog, a.rows)
    entries = corpus_entries(a.corpus)
    if a.max_entries:
        entries = {g: p[:: max(1, -(-len(p) // a.max_entries))] for g, p in entries.items()}
    small = MemoryCatalog(read_catalog_file(a.catalog))
    expected = {group: answers(papers, small) for group, papers in entries.items()}
    for group, papers in entries.items():
        rates = sorted(sum(map(len, papers)) / s for s in timed(papers, small, lambda: 0.0, a.rounds))
        print(f"memory {len(small)} rows, {group}: {' '.join(f'{r:.0f}' for r in rates)} refs/s/cpu")
    print(f"catalog {catalog_file} ready, {sum(len(e) for p in entries.values() for e in p)} entries, "
          f"{time.perf_counter() - started:.0f} s")
    header = (
        f"{'backend':<10} {'rows':>9} {'load s':>7} {'MiB':>8} {'entries':<14} {'n':>6} "
        f"{'refs/s/cpu':>9} {'(each round)':>20} {'memory':>7} {'ratio':>5} {'median':>6} {'differ':>7}"
    )
    lines = []
    with tempfile.TemporaryDirectory(prefix="arxref-bench-") as tmp:
        keep = a.keep.resolve() if a.keep else None
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
        if "sqlite" in a.backends:
            db = (keep or Path(tmp)) / f"catalog-{a.rows}.db"
            loaded = keep / f"catalog-{a.rows}.db.loaded" if keep else None
            lines += run_backend(
                "sqlite", f"sqlite:///{db}", catalog_file, entries, expected, small, a.rounds, db, loaded
            )
        if "postgresql" in a.backends:
            server = start_postgres(keep / f"pg-{a.rows}" if keep else None)
            try:
                loaded = keep / f"pg-{a.rows}" / "loaded" if keep else None
                lines += run_backend(
                    "postgresql", server.url(), catalog_file, entries, expected, small, a.rounds, None, loaded
                )
            finally:
                server.stop()
    print()
    print(header)
    print("\n".join(lines))
    print(f"differ: answers (status, source, cited id) unlike those with the {len(small)}-record catalog; "
          f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

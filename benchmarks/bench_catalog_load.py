"""Benchmark (not a test): `arxref catalog load` of a snapshot, first into an empty catalog, then again.

A reload of an unchanged snapshot (the daily refresh of a mirror) must cost no more than the
first load; before migration 0007 it took 30-50x as long (a full scan of the postings per row).
Then one record in a hundred has its title changed and is loaded again. Each figure is wall time
of `load_catalog` as the CLI calls it, on SQLite and on a PostgreSQL server started here.

    .venv/bin/python benchmarks/bench_catalog_load.py [--catalog FILE] [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.servers import start_postgres  # noqa: E402

from arxref.catalog.records import read_catalog_file  # noqa: E402
from arxref.store.catalog import count_catalog, load_catalog  # noqa: E402
from arxref.store.engine import make_engine, upgrade_schema  # noqa: E402

DEFAULT_CATALOG = REPO.parent / "shared" / "catalog" / "arxiv-catalog.jsonl.gz"


def _timed_load(url: str, records: list) -> float:
    engine = make_engine(url)
    try:
        started = time.perf_counter()
        load_catalog(engine, records)
        return time.perf_counter() - started
    finally:
        engine.dispose()


def run(backend: str, url: str, records: list) -> dict[str, float]:
    """First load, unchanged reload, reload with 1% of titles changed: seconds each."""
    engine = make_engine(url)
    upgrade_schema(engine)
    engine.dispose()
    first = _timed_load(url, records)
    again = _timed_load(url, records)
    changed = [replace(r, title=f"{r.title} (revised)") if i % 100 == 0 else r for i, r in enumerate(records)]
    revised = _timed_load(url, changed)
    engine = make_engine(url)
    with engine.connect() as conn:
        size = count_catalog(conn)
    engine.dispose()
    assert size == len({r.arxiv_id for r in records}), (backend, size)
    return {"first": first, "reload": again, "1% changed": revised}


def _row(backend: str, f: dict[str, float]) -> str:
    return f"{backend:<12} {f['first']:>9.1f} {f['reload']:>9.1f} {f['1% changed']:>13.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--catalog", type=Path, default=DEFAULT_CATALOG)
    ap.add_argument("--backends", default="sqlite,postgresql")
    a = ap.parse_args()
    records = list(read_catalog_file(a.catalog))
    print(f"{len(records)} records from {a.catalog.name}")
    print(f"{'backend':<12} {'first s':>9} {'reload s':>9} {'1% changed s':>13}")
    backends = a.backends.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        if "sqlite" in backends:
            figures = run("sqlite", f"sqlite:///{tmp}/catalog.db", records)
            print(_row("sqlite", figures))
        if "postgresql" in backends:
            server = start_postgres()
            try:
                figures = run("postgresql", server.url(), records)
            finally:
                server.stop()
            print(_row("postgresql", figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

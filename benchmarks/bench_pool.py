"""Benchmark the worker pool end to end: versions per minute with 1 and 2 worker processes, peak RSS.

Usage: python benchmarks/bench_pool.py [--versions N] [--workers 1 2]

Starts its own PostgreSQL, redis-server and arXiv on 127.0.0.1 (tests/servers.py)
serving the five samples under N distinct ids (so every version is fetched,
extracted, resolved against the sample catalog and stored), with the rate limit
off. For each worker count it starts that many `celery worker` processes (each
`-Q fetch,extract -c 1`, i.e. one process doing both queues), enqueues the N
versions and times from enqueue to the last version done. Peak RSS is VmHWM of
the worker's pool process (where the tasks run) plus its main process. Not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.servers import ArxivStub, start_postgres, start_redis  # noqa: E402
from tests.workers import FAST_POOL_ENV, CeleryWorker, pool_env, wait_until_settled  # noqa: E402

from arxref.catalog.records import read_catalog_file  # noqa: E402
from arxref.cli import main as arxref_main  # noqa: E402
from arxref.domain import PaperVersion, VersionState  # noqa: E402
from arxref.store.catalog import load_catalog  # noqa: E402
from arxref.store.engine import make_engine, upgrade_schema  # noqa: E402

SAMPLES = REPO / "samples"
SAMPLE_FILES = [
    SAMPLES / "1911.02782v1.gz",
    SAMPLES / "1611.03199v1.tar.gz",
    SAMPLES / "1711.08379v1.tar.gz",
    SAMPLES / "1205.4446v1.tar.gz",
    SAMPLES / "0801.0012v1.pdf",
]


def peak_rss_mib(pids: list[int]) -> float:
    """Sum of VmHWM (peak resident set) over the processes, in MiB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


def run(
    n_workers: int, n_versions: int, pg, redis_url: str, stub: ArxivStub, scratch: Path, split: bool = False
) -> dict:
    """One measurement: a fresh database and Redis db, `n_workers` processes, `n_versions` versions.

    `split`: as deployed, one fetch worker and `n_workers` extract workers, each on its own queue.
    """
    db = f"bench_{uuid.uuid4().hex[:8]}"
    admin = f"host=127.0.0.1 port={pg.port} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{db}"')
    url = pg.url(db)
    engine = make_engine(url)
    upgrade_schema(engine)
    load_catalog(engine, read_catalog_file(SAMPLES / "catalog.jsonl"))
    tag = uuid.uuid4().hex[:4]
    papers = [PaperVersion(f"990{n_workers}.{i + 1:05d}", 1) for i in range(n_versions)]
    for i, paper in enumerate(papers):
        stub.aliases[paper.key] = SAMPLE_FILES[i % len(SAMPLE_FILES)]
    base = {
        "ARXREF_DATABASE_URL": url,
        "ARXREF_BROKER_URL": redis_url,
        "ARXREF_BLOB_DIR": str(scratch / f"blobs-{tag}"),
        "ARXREF_ARXIV_URL": stub.url,
        "ARXREF_VISIBILITY_TIMEOUT": "3600",
        "ARXREF_READ_TIMEOUT": "30",
    }
    os.environ.update({**FAST_POOL_ENV, **base})
    queues = ["fetch", *["extract"] * n_workers] if split else ["fetch,extract"] * n_workers
    workers = [
        CeleryWorker(f"w{k}-{tag}", q, pool_env(base), scratch / f"w{k}-{tag}.log").start()
        for k, q in enumerate(queues)
    ]
    try:
        time.sleep(3)  # let the workers boot (import, connect) before the clock starts
        start = time.monotonic()
        if arxref_main(["enqueue", *(p.key for p in papers)]) != 0:
            raise SystemExit("enqueue failed")
        rows = wait_until_settled(engine, papers, timeout=1800)
        elapsed = time.monotonic() - start
        rss = [peak_rss_mib(w.pids()) for w in workers]
    finally:
        for w in workers:
            w.stop()
        engine.dispose()
    done = sum(1 for r in rows.values() if r.state == VersionState.DONE)
    return {"workers": n_workers, "versions": n_versions, "done": done, "seconds": elapsed,
            "per_minute": n_versions / elapsed * 60, "peak_rss_mib": rss, "queues": queues}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", type=int, default=40)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--split", action="store_true", help="one fetch worker and N extract workers")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="arxref-bench-"))
    pg, redis_server = start_postgres(), start_redis()
    stub = ArxivStub(folder=SAMPLES).start()
    print(f"{os.cpu_count()} CPUs; {args.versions} versions cycling over {len(SAMPLE_FILES)} samples; "
          "rate limit off; each worker: -Q fetch,extract -c 1")
    try:
        for n in args.workers:
            r = run(n, args.versions, pg, f"{redis_server.url[:-1]}{n}", stub, scratch, args.split)
            rss = ", ".join(f"{q} {m:.0f}" for q, m in zip(r["queues"], r["peak_rss_mib"], strict=True))
            print(
                f"{r['workers']} worker process(es): {r['done']}/{r['versions']} done in {r['seconds']:.1f} s"
                f" = {r['per_minute']:.1f} versions/min; peak RSS per worker (MiB): {rss}",
                flush=True,
            )
    finally:
        stub.stop()
        redis_server.destroy()
        pg.stop()


if __name__ == "__main__":
    main()

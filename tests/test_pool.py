"""The worker pool for real: redis-server, PostgreSQL, `celery worker` processes and arXiv on 127.0.0.1.

The local arXiv serves the samples as arXiv does, with the failures arXiv has:
429 with Retry-After, 503, a slow answer, a truncated body, 404. Every version
must end done (with the right references) or in a named failure, and
`reprocess --failed` after the cause is fixed must bring the failures to done.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis
import sqlalchemy as sa

from arxref.cli import main
from arxref.domain import PaperVersion, ReferenceSource, Stage, VersionState
from arxref.store import versions
from arxref.store.references import load_references
from arxref.store.tables import paper_versions
from tests.conftest import SAMPLES
from tests.servers import ArxivStub, Reply
from tests.workers import CeleryWorker, logs, pool_env, wait_until_settled

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

EXPECTED = {  # version -> (references, source), as tests/test_pipeline.py and test_cli.py have them
    "1911.02782v1": (55, ReferenceSource.ARXIV_SOURCE),
    "1611.03199v1": (33, ReferenceSource.ARXIV_SOURCE),
    "1711.08379v1": (17, ReferenceSource.ARXIV_SOURCE),
    "1205.4446v1": (5, ReferenceSource.ARXIV_SOURCE),
}
@pytest.fixture
def workers(pool: dict[str, str], tmp_path: Path) -> Iterator[list[CeleryWorker]]:
    """One fetch worker and one extract worker, as the compose file deploys them."""
    started = [
        CeleryWorker("fetch", "fetch", pool_env(pool), tmp_path / "fetch.log").start(),
        # The extract worker is started as workers/ deploys it, through `arxref worker`.
        CeleryWorker("extract", "extract", pool_env(pool), tmp_path / "extract.log", True).start(),
    ]
    yield started
    for worker in started:
        worker.stop()


def test_samples_end_done_or_in_a_named_failure_and_reprocess_fixes_the_failures(
    stub: ArxivStub, pool_engine: sa.Engine, workers: list[CeleryWorker], capsys, tmp_path: Path
) -> None:
    stub.script("/e-print/1205.4446v1", Reply(429, (("Retry-After", "1"),)), Reply(503))
    stub.script("/e-print/1711.08379v1", Reply(delay=3.0))  # over the 2 s read timeout
    stub.script("/e-print/1611.03199v1", Reply(truncate=True))
    stub.persistent["/e-print/0801.0012v1"] = Reply(503, (("Retry-After", "0"),))
    keys = [*EXPECTED, "0801.0012v1", "9912.99999v1"]

    assert main(["enqueue", *keys, "1205.4446v1", "--json"]) == 0
    queued = json.loads(capsys.readouterr().out)
    assert (len(queued["queued"]), queued["duplicates"]) == (6, 1)

    papers = [PaperVersion(k.split("v")[0], int(k.split("v")[1])) for k in keys]
    rows = wait_until_settled(pool_engine, papers, timeout=150, log_dir=tmp_path)
    outcome = {p.key: (r.state, r.stage, r.last_error_class) for p, r in rows.items()}
    assert outcome["0801.0012v1"] == (VersionState.FAILED, Stage.FETCH, "UpstreamError")
    assert outcome["9912.99999v1"] == (VersionState.FAILED, Stage.FETCH, "NotFound")
    with pool_engine.connect() as conn:
        for key, (count, source) in EXPECTED.items():
            assert outcome[key][0] == VersionState.DONE, (key, outcome[key], logs(tmp_path))
            refs = load_references(conn, PaperVersion(key.split("v")[0], 1))
            assert len(refs) == count, key
            assert {r.reference.raw.source for r in refs} == {source}
    # Retry-After was honoured: the retry after the 429 came at least a second later.
    hogg = [t for path, _, t in stub.requests if path == "/e-print/1205.4446v1"]
    assert len(hogg) == 3
    assert hogg[1] - hogg[0] >= 1.0
    # Failing arXiv was asked (1 + HTTP retries) x (1 + task retries) times, politely.
    assert stub.count("/e-print/0801.0012v1") == 2 * 3
    assert all("mailto:tests@arxref.invalid" in ua for _, ua, _ in stub.requests)

    assert main(["status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["versions_by_state"] == {"done": 4, "failed": 2}
    assert status["failures_by_error_class"] == {"fetch/UpstreamError": 1, "fetch/NotFound": 1}
    assert status["queues"] == {"fetch": 0, "extract": 0}
    assert status["throughput"]["last_5_min"] == {"done": 4, "failed": 2}

    # The cause is fixed (arXiv answers again, the missing paper appears): reprocess brings both to done.
    stub.persistent.clear()
    stub.aliases["9912.99999v1"] = SAMPLES / "1205.4446v1.tar.gz"
    assert main(["reprocess", "--failed", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "pool"
    rows = wait_until_settled(pool_engine, papers, timeout=90)
    assert {p.key: r.state for p, r in rows.items()} == dict.fromkeys(keys, VersionState.DONE)
    with pool_engine.connect() as conn:
        assert len(load_references(conn, PaperVersion("0801.0012", 1))) == 20
        assert len(load_references(conn, PaperVersion("9912.99999", 1))) == 5


def test_versions_whose_messages_redis_lost_are_resent_from_the_database(
    pool_engine: sa.Engine, workers: list[CeleryWorker], redis_server, capsys, tmp_path: Path
) -> None:
    papers = [PaperVersion("1205.4446", 1), PaperVersion("1711.08379", 1)]
    with pool_engine.begin() as conn:  # queued in the database, but no message ever reached Redis
        for paper in papers:
            versions.enqueue_version(conn, paper)
        conn.execute(paper_versions.update().values(updated_at=datetime.now(UTC) - timedelta(minutes=10)))
    redis.Redis.from_url(redis_server.url).flushall()  # and whatever Redis held is gone too

    assert main(["reprocess", "--stalled", "5", "--pool", "--json"]) == 0
    capsys.readouterr()
    rows = wait_until_settled(pool_engine, papers, timeout=120, log_dir=tmp_path)
    assert {p.key: (r.state, r.reference_count) for p, r in rows.items()} == {
        "1205.4446v1": (VersionState.DONE, 5),
        "1711.08379v1": (VersionState.DONE, 17),
    }

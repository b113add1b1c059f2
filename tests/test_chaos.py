"""Chaos: 200 versions, two workers, one SIGKILLed mid-task and restarted, redis-server restarted once.

Nothing may be lost (every version ends done or failed) and nothing doubled (each
version has exactly its references once), because messages are acked late, Redis
keeps them in its append-only file, every write is idempotent, and the sweeper
(`arxref worker --beat`, as docker-compose.yml runs it) re-sends on its own the
versions whose message Redis lost anyway. No one runs `reprocess` here.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from arxref.cli import main
from arxref.domain import PaperVersion, VersionState
from arxref.store import versions
from tests.conftest import SAMPLES
from tests.servers import ArxivStub, RedisServer
from tests.workers import CeleryWorker, pool_env, wait_until_settled

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

N = 200
TINY = {0: (SAMPLES / "1205.4446v1.tar.gz", 5), 1: (SAMPLES / "1711.08379v1.tar.gz", 17)}


def _done(db: sa.Engine) -> int:
    with db.connect() as conn:
        return versions.count_by_state(conn).get(VersionState.DONE, 0)


def _wait_for_done(db: sa.Engine, n: int, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while _done(db) < n:
        assert time.monotonic() < deadline, f"fewer than {n} done after {timeout} s"
        time.sleep(0.2)


def test_killed_worker_and_restarted_redis_lose_nothing_and_double_nothing(
    stub: ArxivStub,
    pool_engine: sa.Engine,
    pool: dict[str, str],
    redis_server: RedisServer,
    tmp_path: Path,
    capsys,
) -> None:
    papers = [PaperVersion(f"9901.{i:05d}", 1) for i in range(1, N + 1)]
    for i, paper in enumerate(papers):
        stub.aliases[paper.key] = TINY[i % 2][0]
    # A short stall age, so the time limits are short too (a task here takes well under a second).
    env = pool_env(
        pool,
        ARXREF_SWEEP_EVERY="2",
        ARXREF_STALLED_AFTER="20",
        ARXREF_FETCH_SOFT_TIME_LIMIT="12",
        ARXREF_FETCH_TIME_LIMIT="15",
        ARXREF_EXTRACT_SOFT_TIME_LIMIT="12",
        ARXREF_EXTRACT_TIME_LIMIT="15",
    )
    sweeper = CeleryWorker("sweeper", "sweep", env, tmp_path / "sweeper.log", True, beat=True).start()
    a = CeleryWorker("a", "fetch,extract", env, tmp_path / "a.log").start()
    b = CeleryWorker("b", "fetch,extract", env, tmp_path / "b.log").start()
    try:
        assert main(["enqueue", *(p.key for p in papers)]) == 0
        assert f"{N} versions queued" in capsys.readouterr().out

        _wait_for_done(pool_engine, N // 5)
        a.kill()  # a machine dies mid-task: its unacked message comes back after the visibility timeout
        time.sleep(1)
        a = CeleryWorker("a", "fetch,extract", env, tmp_path / "a2.log").start()

        _wait_for_done(pool_engine, N // 2)
        redis_server.restart()  # the append-only file keeps the queues and the unacked messages

        # Redis' transport pops a message before the worker records it as unacked: one popped as
        # the broker goes away is gone from Redis. paper_versions still holds the version, and the
        # sweeper re-sends it once it has been untouched for the stall age.
        rows = wait_until_settled(pool_engine, papers, timeout=300, log_dir=tmp_path)
    finally:
        a.stop()
        b.stop()
        sweeper.stop()

    states = {p.key: (r.state, r.last_error_class) for p, r in rows.items()}
    assert states == dict.fromkeys((p.key for p in papers), (VersionState.DONE, None))
    with pool_engine.connect() as conn:
        per_version = dict(
            conn.execute(
                sa.text(
                    "select citing_arxiv_id, count(*) from paper_references"
                    " where citing_arxiv_id like '9901.%' group by citing_arxiv_id"
                )
            ).all()
        )
        links = conn.execute(sa.text("select count(*) from paper_reference_links")).scalar_one()
    assert per_version == {p.arxiv_id: TINY[i % 2][1] for i, p in enumerate(papers)}
    assert links == sum(per_version.values()) == N // 2 * (5 + 17)

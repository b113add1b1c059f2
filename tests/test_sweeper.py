"""The sweeper: versions whose message Redis lost are sent again, by beat, with no one running reprocess.

Against a real database and a real redis-server: the sweep function re-sends exactly
the versions queued or running, untouched for the stall age, that no message in Redis
names (waiting in a queue or held unacked by a worker), each to the stage it was at;
and a real `arxref worker --beat` brings versions whose messages were flushed to done.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import redis
import sqlalchemy as sa

from arxref.cli import main
from arxref.domain import PaperVersion, Stage, VersionState
from arxref.pool import EXTRACT_TASK, FETCH_TASK, SWEEP_TASK, Action, Runtime, run_extract
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.engine import make_engine, upgrade_schema
from arxref.store.tables import paper_versions
from arxref.tasks import make_celery, resend_stalled_versions, send_extract, send_fetch
from tests.conftest import REPO
from tests.workers import CeleryWorker, logs, pool_env, wait_until_settled

AGE = timedelta(minutes=5)  # the stall age of the unit tests
OLD = timedelta(minutes=10)  # how long ago a stalled version was last touched


def _paper(n: int) -> PaperVersion:
    return PaperVersion(f"2101.{n:05d}", 1)


LOST_QUEUED = _paper(1)  # queued, its fetch message lost: fetch again
LOST_EXTRACTING = _paper(2)  # running its resolve step, its message lost: extract again
LOST_FETCHING = _paper(3)  # running its fetch, its message lost: fetch again
FRESH = _paper(4)  # queued a moment ago, message lost or not: too early to tell
WAITING = _paper(5)  # untouched for long, but its fetch message waits in the queue (a backlog)
HELD = _paper(6)  # untouched for long, but a worker holds its extract message unacked
FINISHED = _paper(7)  # done long ago
FAILED = _paper(8)  # failed long ago


@pytest.fixture
def swept(database_url: str, broker_url: str, tmp_path: Path) -> Iterator[tuple[Settings, sa.Engine]]:
    settings = Settings.from_env(
        {"ARXREF_DATABASE_URL": database_url, "ARXREF_BROKER_URL": broker_url, "ARXREF_HOME": str(tmp_path)}
    )
    engine = make_engine(database_url)
    upgrade_schema(engine)
    yield settings, engine
    engine.dispose()


def _set(engine: sa.Engine, paper: PaperVersion, ago: timedelta, **values: object) -> None:
    with engine.begin() as conn:
        versions.enqueue_version(conn, paper)
        conn.execute(
            paper_versions.update()
            .where(paper_versions.c.arxiv_id == paper.arxiv_id, paper_versions.c.version == paper.version)
            .values(updated_at=datetime.now(UTC) - ago, **values)
        )


def _row(engine: sa.Engine, paper: PaperVersion) -> versions.VersionRow:
    with engine.connect() as conn:
        row = versions.get_version(conn, paper)
    assert row is not None
    return row


def _queued(client: redis.Redis, queue: str) -> list[tuple[str, str]]:
    """(task, version key) of every message waiting in a queue, read straight from Redis."""
    found = []
    for raw in client.lrange(queue, 0, -1):
        message = json.loads(raw)
        args = json.loads(base64.b64decode(message["body"]))[0]
        found.append((message["headers"]["task"], f"{args[0]}v{args[1]}"))
    return sorted(found)


def test_the_sweep_resends_exactly_the_stalled_versions_no_message_names(
    swept: tuple[Settings, sa.Engine], broker_url: str, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, engine = swept
    app = make_celery(settings)
    limit = settings.task_max_retries + 1 + settings.max_redeliveries
    _set(engine, LOST_QUEUED, OLD)
    _set(engine, LOST_EXTRACTING, OLD, state=VersionState.RUNNING, stage=Stage.RESOLVE, task_runs=limit)
    _set(engine, LOST_FETCHING, OLD, state=VersionState.RUNNING, stage=Stage.FETCH, task_runs=1)
    _set(engine, FRESH, timedelta(0))
    _set(engine, WAITING, OLD)
    _set(engine, HELD, OLD, state=VersionState.RUNNING, stage=Stage.EXTRACT, task_runs=1)
    _set(engine, FINISHED, OLD, state=VersionState.DONE)
    _set(engine, FAILED, OLD, state=VersionState.FAILED, stage=Stage.FETCH)
    send_fetch(app, WAITING)
    send_extract(app, HELD)
    client = redis.Redis.from_url(broker_url)
    with app.connection_for_write() as conn:
        # A worker's delivery: the message leaves the queue for the unacked hash until it is acked.
        held = conn.default_channel.basic_get("extract", no_ack=False)
        assert held is not None
        assert client.hlen("unacked") == 1

        swept_now = resend_stalled_versions(app, engine, datetime.now(UTC) - AGE)

        assert swept_now.resent == {
            LOST_QUEUED: FETCH_TASK,
            LOST_EXTRACTING: EXTRACT_TASK,
            LOST_FETCHING: FETCH_TASK,
        }
        assert set(swept_now.in_broker) == {WAITING, HELD}
        assert _queued(client, "fetch") == sorted(
            [(FETCH_TASK, WAITING.key), (FETCH_TASK, LOST_QUEUED.key), (FETCH_TASK, LOST_FETCHING.key)]
        )
        assert _queued(client, "extract") == [(EXTRACT_TASK, LOST_EXTRACTING.key)]
        # Only updated_at moved: state, stage and the run count stay for the claim to go on counting.
        row = _row(engine, LOST_EXTRACTING)
        assert (row.state, row.stage, row.task_runs) == (VersionState.RUNNING, Stage.RESOLVE, limit)
        assert row.updated_at.replace(tzinfo=row.updated_at.tzinfo or UTC) > datetime.now(UTC) - AGE
        assert {p: _row(engine, p).state for p in (FRESH, FINISHED, FAILED)} == {
            FRESH: VersionState.QUEUED,
            FINISHED: VersionState.DONE,
            FAILED: VersionState.FAILED,
        }

        # The next sweep finds nothing new: what it sent is fresh again, the rest still has a message.
        again = resend_stalled_versions(app, engine, datetime.now(UTC) - AGE)
        assert (again.resent, set(again.in_broker)) == ({}, {WAITING, HELD})
        assert (client.llen("fetch"), client.llen("extract")) == (3, 1)

        # `reprocess --stalled` by hand takes the same path.
        monkeypatch.setenv("ARXREF_DATABASE_URL", settings.database_url)
        monkeypatch.setenv("ARXREF_BROKER_URL", broker_url)
        _set(engine, FRESH, OLD)
        assert main(["reprocess", "--stalled", "5", "--pool", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["versions"] == {
            FRESH.key: f"queued again ({FETCH_TASK})",
            WAITING.key: "still in the broker, not sent again",
            HELD.key: "still in the broker, not sent again",
        }
        held.ack()

    # A version whose tasks keep dying is still failed by the poison guard: the re-send kept its count.
    rt = Runtime(settings)
    assert run_extract(rt, LOST_EXTRACTING, can_fetch_pdf=True, retries=0).action == Action.STOP
    row = _row(engine, LOST_EXTRACTING)
    assert (row.state, row.last_error_class) == (VersionState.FAILED, "TooManyAttempts")
    rt.engine.dispose()


def test_a_message_a_worker_popped_but_has_not_yet_recorded_as_unacked_is_not_taken_for_lost(
    swept: tuple[Settings, sa.Engine], broker_url: str
) -> None:
    settings, engine = swept
    app = make_celery(settings)
    _set(engine, WAITING, OLD)
    send_fetch(app, WAITING)
    client = redis.Redis.from_url(broker_url)
    # What kombu's Redis transport does for a worker: BRPOP takes the message out of the queue, and
    # only when the worker's event loop reads the reply is it written to the unacked hash.
    raw = client.rpop("fetch")
    assert raw is not None
    entry = json.dumps([json.loads(raw), "fetch", "fetch"])

    def land() -> None:  # as kombu records a delivery: its time in the index, the message in the hash
        with client.pipeline(transaction=True) as pipe:
            pipe.zadd("unacked_index", {"tag-1": time.time()}).hset("unacked", "tag-1", entry).execute()

    landing = threading.Timer(0.3, land)
    landing.start()
    try:
        result = resend_stalled_versions(app, engine, datetime.now(UTC) - AGE)
    finally:
        landing.join()
    assert (result.resent, result.in_broker) == ({}, [WAITING])
    assert client.llen("fetch") == 0


def test_an_unacked_message_kombu_should_long_have_restored_is_stuck_and_its_version_sent_again(
    swept: tuple[Settings, sa.Engine], broker_url: str
) -> None:
    """A delivery older than the visibility timeout (plus two restore intervals) that is still in the
    unacked hash was never restored (its index entry lost as Redis reloaded its data, or the restore
    mutex held by a worker that died): it does not keep its version from being sent again."""
    settings, engine = swept
    app = make_celery(settings)
    client = redis.Redis.from_url(broker_url)
    stale = time.time() - settings.visibility_timeout - 3 * settings.restore_interval
    for tag, paper, delivered in (
        ("t-stuck", WAITING, stale),
        ("t-lost-index", HELD, None),
        ("t-live", FRESH, time.time()),
    ):
        _set(engine, paper, OLD, state=VersionState.RUNNING, stage=Stage.FETCH, task_runs=1)
        send_fetch(app, paper)
        raw = client.rpop("fetch")
        with client.pipeline(transaction=True) as pipe:
            if delivered is not None:
                pipe.zadd("unacked_index", {tag: delivered})
            pipe.hset("unacked", tag, json.dumps([json.loads(raw), "fetch", "fetch"])).execute()
    result = resend_stalled_versions(app, engine, datetime.now(UTC) - AGE)
    assert set(result.resent) == {WAITING, HELD}
    assert result.in_broker == [FRESH]


def test_a_version_that_moved_on_since_the_sweep_chose_it_is_not_sent(
    swept: tuple[Settings, sa.Engine],
) -> None:
    _settings, engine = swept
    _set(engine, FINISHED, OLD, state=VersionState.DONE)
    _set(engine, FRESH, timedelta(0), state=VersionState.RUNNING, stage=Stage.FETCH)
    before = datetime.now(UTC) - AGE
    with engine.begin() as conn:
        assert not versions.mark_resent(conn, FINISHED, before)  # finished meanwhile
        assert not versions.mark_resent(conn, FRESH, before)  # claimed meanwhile: touched since
    assert _row(engine, FINISHED).state == VersionState.DONE


def test_the_sweep_is_scheduled_on_its_own_queue_and_the_stall_age_outlasts_every_task() -> None:
    defaults = Settings.from_env({"ARXREF_BROKER_URL": "redis://127.0.0.1:1/0"})
    assert defaults.stalled_after > max(defaults.fetch_time_limit, defaults.extract_time_limit)
    env = {
        "ARXREF_BROKER_URL": "redis://127.0.0.1:1/0",
        "ARXREF_SWEEP_EVERY": "7",
        "ARXREF_STALLED_AFTER": "700",
    }
    app = make_celery(Settings.from_env(env))
    assert app.conf.beat_schedule["sweep"]["task"] == SWEEP_TASK
    assert app.conf.beat_schedule["sweep"]["schedule"] == 7.0
    assert app.amqp.router.route({}, SWEEP_TASK)["queue"].name == "sweep"
    assert SWEEP_TASK in app.tasks
    # A stall age within a task's hard time limit would re-send versions still running: refused.
    with pytest.raises(ValueError, match="ARXREF_STALLED_AFTER=600 s must exceed"):
        make_celery(Settings.from_env({**env, "ARXREF_STALLED_AFTER": "600"}))
    short = {"ARXREF_STALLED_AFTER": "60", "ARXREF_FETCH_TIME_LIMIT": "30", "ARXREF_EXTRACT_TIME_LIMIT": "90"}
    with pytest.raises(ValueError, match=r"ARXREF_STALLED_AFTER=60 s must exceed .* \(90 s\)"):
        make_celery(Settings.from_env({**env, **short}))


@pytest.mark.slow
@pytest.mark.postgres
def test_a_worker_with_beat_brings_versions_whose_messages_redis_lost_to_done(
    pool: dict[str, str], pool_engine: sa.Engine, capsys, tmp_path: Path
) -> None:
    papers = [PaperVersion("1205.4446", 1), PaperVersion("1711.08379", 1)]
    assert main(["enqueue", *(p.key for p in papers)]) == 0
    assert "2 versions queued" in capsys.readouterr().out
    redis.Redis.from_url(pool["ARXREF_BROKER_URL"]).flushdb()  # Redis forgot both messages
    enqueued = datetime.now(UTC)

    stall = 8.0  # short, so the time limits are too (each task here takes ~0.1 s)
    env = pool_env(
        pool,
        ARXREF_SWEEP_EVERY="1",
        ARXREF_STALLED_AFTER=str(stall),
        ARXREF_FETCH_SOFT_TIME_LIMIT="6",
        ARXREF_FETCH_TIME_LIMIT="7",
        ARXREF_EXTRACT_SOFT_TIME_LIMIT="6",
        ARXREF_EXTRACT_TIME_LIMIT="7",
    )
    log = tmp_path / "all.log"
    worker = CeleryWorker("all", "fetch,extract", env, log, via_arxref_command=True, beat=True).start()
    try:
        rows = wait_until_settled(pool_engine, papers, timeout=60, log_dir=tmp_path)
    finally:
        worker.stop()
    assert {p.key: (r.state, r.reference_count) for p, r in rows.items()} == {
        "1205.4446v1": (VersionState.DONE, 5),
        "1711.08379v1": (VersionState.DONE, 17),
    }
    assert all(r.finished_at - enqueued >= timedelta(seconds=stall) for r in rows.values())
    before, _, _ = log.read_text().partition("sweep: re-sent 2 stalled versions")
    # Sweeps ran before the stall age and left the fresh versions alone; then one sent both again, once.
    assert "sweep: re-sent 0 stalled versions" in before, logs(tmp_path)
    text = log.read_text()
    assert text.count("sweep: re-sent 2 stalled versions") == 1, logs(tmp_path)
    assert "sweep: re-sent 1 " not in text


def test_the_deployment_runs_exactly_one_beat() -> None:
    files = [REPO / "docker-compose.yml", *sorted((REPO / "workers").glob("*.sh"))]
    commands = [
        line for path in files for line in path.read_text().splitlines() if not line.lstrip().startswith("#")
    ]
    assert sum("--beat" in line for line in commands) == 1
    assert any("--beat" in line and '"sweep"' in line for line in commands)

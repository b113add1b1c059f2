"""The pool's decisions without a broker (claims, retries, poison guard), its Celery options, its commands."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import celery
import pytest
import redis
import sqlalchemy as sa

from arxref.cli import main
from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import UpstreamError
from arxref.fetch import FetchedFiles, FolderFetcher
from arxref.pool import Action, Runtime, run_extract, run_fetch
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.engine import make_engine, upgrade_schema
from arxref.tasks import EXTRACT_TASK, FETCH_TASK, TASK_OPTIONS, make_celery
from tests.conftest import REPO, SAMPLES, empty_database, modules_loaded_by
from tests.servers import RedisServer, free_port

PAPER = PaperVersion("1205.4446", 1)


@pytest.fixture
def runtime(tmp_path: Path) -> Runtime:
    env = {"ARXREF_HOME": str(tmp_path), "ARXREF_SOURCE_DIR": str(SAMPLES), "ARXREF_TASK_MAX_RETRIES": "2"}
    rt = Runtime(Settings.from_env(env))
    with rt.engine.begin() as conn:
        versions.enqueue_version(conn, PAPER)
    return rt


def _row(rt: Runtime) -> versions.VersionRow:
    with rt.engine.connect() as conn:
        row = versions.get_version(conn, PAPER)
    assert row is not None
    return row


def test_fetch_then_extract_then_a_stale_duplicate_is_dropped(runtime: Runtime) -> None:
    assert run_fetch(runtime, PAPER, want_pdf=False, retries=0).action == Action.EXTRACT
    assert run_extract(runtime, PAPER, can_fetch_pdf=True, retries=0).action == Action.STOP
    assert (_row(runtime).state, _row(runtime).reference_count) == (VersionState.DONE, 5)
    # The same message delivered again (late ack after a crash) finds the version done: nothing to do.
    assert run_fetch(runtime, PAPER, want_pdf=False, retries=0).action == Action.STOP
    assert _row(runtime).attempts == 1


class FlakyFetcher(FolderFetcher):
    remote = True

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles:
        raise UpstreamError("HTTP 503", retry_after=5.0)


def test_retryable_errors_retry_with_retry_after_then_are_recorded(runtime: Runtime) -> None:
    runtime = replace(runtime, settings=replace(runtime.settings, task_backoff=0.1, task_backoff_max=1.0))
    runtime._fetcher = FlakyFetcher(SAMPLES, 10**8)
    steps = [run_fetch(runtime, PAPER, want_pdf=False, retries=n) for n in range(3)]
    assert [s.action for s in steps] == [Action.RETRY, Action.RETRY, Action.STOP]
    assert steps[0].countdown >= 5.0  # the server's Retry-After wins over a shorter backoff
    row = _row(runtime)
    assert (row.state, row.stage, row.last_error_class, row.attempts) == (
        VersionState.FAILED,
        Stage.FETCH,
        "UpstreamError",
        3,
    )


def test_a_message_whose_worker_keeps_dying_is_failed_as_too_many_attempts(runtime: Runtime) -> None:
    limit = runtime.settings.task_max_retries + 1 + runtime.settings.max_redeliveries
    with runtime.engine.begin() as conn:
        for _ in range(limit):  # each run claimed, then the worker was killed before recording anything
            versions.claim_version(conn, PAPER, Stage.EXTRACT)
    assert run_extract(runtime, PAPER, can_fetch_pdf=True, retries=0).action == Action.STOP
    assert (_row(runtime).state, _row(runtime).last_error_class) == (VersionState.FAILED, "TooManyAttempts")


class StoppedMidFetch(FolderFetcher):
    """What a cancelled task meets: SIGTERM (SystemExit, from billiard's handler) lands in a driver call,
    which then fails with an ordinary error while the SystemExit is being handled."""

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles:
        try:
            raise SystemExit(-241)
        except SystemExit:
            # Implicitly chained, as the driver's error is (the SystemExit is its __context__).
            raise RuntimeError("can't change 'autocommit' now: connection in transaction status ACTIVE")  # noqa: B904


def test_an_error_raised_while_the_worker_is_stopped_is_not_the_papers_failure(runtime: Runtime) -> None:
    runtime._fetcher = StoppedMidFetch(SAMPLES, 10**8)
    with pytest.raises(RuntimeError, match="autocommit"):
        run_fetch(runtime, PAPER, want_pdf=False, retries=0)
    assert (_row(runtime).state, _row(runtime).last_error_class) == (VersionState.RUNNING, None)
    # The message comes back; the version then goes its normal way.
    runtime._fetcher = FolderFetcher(SAMPLES, 10**8)
    assert run_fetch(runtime, PAPER, want_pdf=False, retries=0).action == Action.EXTRACT
    assert run_extract(runtime, PAPER, can_fetch_pdf=True, retries=0).action == Action.STOP
    assert _row(runtime).state == VersionState.DONE


def test_task_options_are_real_celery_options_and_the_app_is_configured_for_late_acks() -> None:
    for name, options in TASK_OPTIONS.items():
        for option in options:
            known = option == "bind" or hasattr(celery.Task, option)  # `bind` is app.task's own
            assert known, f"{name}: {option} is not a Task option"
    env = {
        "ARXREF_BROKER_URL": "redis://127.0.0.1:1/0",
        "ARXREF_FETCH_SOFT_TIME_LIMIT": "90",
        "ARXREF_FETCH_TIME_LIMIT": "99",
    }
    settings = Settings.from_env(env)
    app = make_celery(settings)
    conf = app.conf
    assert (conf.task_acks_late, conf.task_reject_on_worker_lost) == (True, True)
    assert conf.worker_prefetch_multiplier == 1
    assert (conf.task_serializer, conf.accept_content) == ("json", ["json"])
    fetch, extract = app.tasks[FETCH_TASK], app.tasks[EXTRACT_TASK]
    routes = {name: app.amqp.router.route({}, name)["queue"].name for name in (FETCH_TASK, EXTRACT_TASK)}
    assert routes == {FETCH_TASK: "fetch", EXTRACT_TASK: "extract"}
    assert (fetch.time_limit, extract.time_limit) == (99.0, settings.extract_time_limit)
    assert fetch.soft_time_limit < fetch.time_limit
    assert extract.soft_time_limit < extract.time_limit


def test_only_the_fetch_package_imports_httpx_and_only_tasks_imports_celery() -> None:
    src = REPO / "src" / "arxref"
    for path in src.rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])
        }
        rel = path.relative_to(src).as_posix()
        if "httpx" in names:
            assert rel.startswith("fetch/"), rel
        if "celery" in names or "kombu" in names:
            assert rel == "tasks.py", rel


def test_enqueue_ignores_duplicates_and_takes_a_newer_version_as_a_new_job(
    redis_server: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    url = f"redis://127.0.0.1:{redis_server.port}/0"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path))
    monkeypatch.setenv("ARXREF_BROKER_URL", url)
    ids = tmp_path / "ids.txt"
    ids.write_text("# papers\n1205.4446v1\n1711.08379v1  # another\n\n")
    assert main(["enqueue", "--file", str(ids), "1205.4446v1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "queued": ["1205.4446v1", "1711.08379v1"],
        "duplicates": 1,
        "resent": [],
    }
    assert main(["enqueue", "1205.4446v1", "1205.4446v2"]) == 0
    assert "1 versions queued, 1 already known" in capsys.readouterr().out
    with redis.Redis.from_url(url) as client:
        assert client.llen("fetch") == 3
        shown = {json.loads(m)["headers"]["shadow"] for m in client.lrange("fetch", 0, -1)}
    # A worker's "received"/"succeeded" lines and Flower name the version, not only a task id.
    assert shown == {"arxref.fetch:1205.4446v1", "arxref.fetch:1711.08379v1", "arxref.fetch:1205.4446v2"}
    assert main(["status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["queues"] == {"fetch": 3, "extract": 0}
    assert status["versions_by_state"] == {"queued": 3}


def test_reprocess_selects_by_stage_error_class_and_extractor_version_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    monkeypatch.delenv("ARXREF_BROKER_URL", raising=False)
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00003v1.pdf").write_bytes(b"not a pdf")
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "2401.00004v1.tar.gz")
    monkeypatch.setenv("ARXREF_SOURCE_DIR", str(folder))
    main(["process", str(folder), "9912.99999v1"])
    capsys.readouterr()
    assert main(["reprocess", "--failed", "--stage", "extract", "--source-dir", str(folder), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc == {"mode": "in-process", "versions": {"2401.00003v1": "failed (CorruptPdf)"}}
    assert main(["reprocess", "--failed", "--error-class", "NotFound", "--json"]) == 1  # fails again
    assert list(json.loads(capsys.readouterr().out)["versions"]) == ["9912.99999v1"]
    engine = make_engine(f"sqlite:///{tmp_path / 'var' / 'arxref.db'}")
    upgrade_schema(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("update paper_versions set extractor_version = '0.0.9' where state = 'done'"))
    engine.dispose()
    assert main(["reprocess", "--extractor-older-than", "0.1.0", "--source-dir", str(folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["versions"] == {"2401.00004v1": "done"}


@pytest.mark.skipif(
    shutil.which("docker") is None
    or subprocess.run(["docker", "compose", "version"], capture_output=True, check=False).returncode != 0,
    reason="no docker compose client here",
)
def test_compose_file_is_valid() -> None:
    result = subprocess.run(
        ["docker", "compose", "-f", str(REPO / "docker-compose.yml"), "config", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_compose_file_runs_what_the_workers_folder_provides() -> None:
    compose = (REPO / "docker-compose.yml").read_text()
    for service in ("redis:", "postgres:", "fetch-worker:", "extract-worker:", "flower:"):
        assert service in compose
    for script in ("fetch-worker.sh", "extract-worker.sh"):
        assert (REPO / "workers" / script).is_file()
        assert f"workers/{script}" in compose or script in (REPO / "workers" / "Dockerfile").read_text()


def test_enqueue_while_the_broker_is_down_saves_nothing_and_later_sends_what_it_lost(
    redis_server: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A refused broker is one line (exit 3) and nothing is saved as queued; a version saved queued
    whose message never reached Redis (the broker died mid-enqueue) is sent by the next enqueue."""
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path))
    monkeypatch.setenv("ARXREF_BROKER_URL", f"redis://127.0.0.1:{free_port()}/0")  # nothing listens
    assert main(["enqueue", "1205.4446v1"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "BrokerUnavailable" in err[0]
    engine = make_engine(f"sqlite:///{tmp_path / 'arxref.db'}")
    upgrade_schema(engine)
    with engine.connect() as conn:
        assert versions.list_versions(conn) == []
    with engine.begin() as conn:  # what an enqueue cut off by the broker going down leaves behind
        versions.enqueue_version(conn, PaperVersion("1711.08379", 1))
    engine.dispose()
    url = f"redis://127.0.0.1:{redis_server.port}/0"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    monkeypatch.setenv("ARXREF_BROKER_URL", url)
    assert main(["enqueue", "1205.4446v1", "1711.08379v1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == {"queued": ["1205.4446v1"], "duplicates": 1, "resent": ["1711.08379v1"]}
    with redis.Redis.from_url(url) as client:
        assert client.llen("fetch") == 2
    assert main(["enqueue", "1711.08379v1", "--json"]) == 0  # its message is there now: not sent twice
    assert json.loads(capsys.readouterr().out)["resent"] == []


def test_enqueue_names_every_bad_line_and_queues_nothing(
    redis_server: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    url = f"redis://127.0.0.1:{redis_server.port}/0"
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path))
    monkeypatch.setenv("ARXREF_BROKER_URL", url)
    ids = tmp_path / "ids.txt"
    ids.write_text("1205.4446v1\n1711.08379v1\nnot-an-id\n\n2401.0000\n")
    assert main(["enqueue", "--file", str(ids)]) == 3
    err = capsys.readouterr().err
    assert "2 of 4 lines are not arXiv ids, nothing queued" in err
    assert "line 3: 'not-an-id'" in err
    assert "line 5: '2401.0000'" in err


def test_arxref_worker_runs_without_gossip_and_mingle(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a Redis restart gossip fills the log with 'Error on restarting Gossip'; nothing uses it."""
    seen: list[list[str]] = []
    monkeypatch.setenv("ARXREF_BROKER_URL", "redis://127.0.0.1:1/0")
    monkeypatch.setattr(celery.Celery, "worker_main", lambda self, argv: seen.append(argv))
    assert main(["worker", "--queues", "extract"]) == 0
    assert "--without-gossip" in seen[0]
    assert "--without-mingle" in seen[0]


def test_a_workers_main_process_and_a_fetch_worker_load_no_extraction_code() -> None:
    """The worker's main process only forks the children that run tasks, and a fetch worker never
    extracts: neither loads PyMuPDF, pylatexenc, the word list or the resolver (memory per worker)."""
    heavy = {"pymupdf", "pylatexenc", "arxref.pdf._lexicon", "rapidfuzz", "arxref.stages.extract"}
    assert modules_loaded_by("import arxref.tasks", heavy) == []


def test_a_version_whose_message_could_not_be_sent_stays_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """The broker answered the check, then went away mid-send: what was not sent is not left queued."""
    import arxref.tasks

    folder = tmp_path / "papers"
    folder.mkdir()
    for name in ("2401.00002v1.pdf", "2401.00003v1.pdf"):
        (folder / name).write_bytes(b"%PDF-1.4 truncated")
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    assert main(["process", str(folder)]) == 1
    sent: list[PaperVersion] = []

    def send_once(app: celery.Celery, paper: PaperVersion) -> None:
        if sent:
            raise redis.ConnectionError("Connection refused")
        sent.append(paper)

    monkeypatch.setenv("ARXREF_BROKER_URL", f"redis://127.0.0.1:{free_port()}/0")
    monkeypatch.setattr(arxref.tasks, "check_broker", lambda app: None)
    monkeypatch.setattr(arxref.tasks, "send_fetch", send_once)
    capsys.readouterr()
    assert main(["reprocess", "--failed"]) == 3
    assert "1 of 2 versions queued again, the rest left as they were" in capsys.readouterr().err
    engine = make_engine(f"sqlite:///{tmp_path / 'var' / 'arxref.db'}")
    with engine.connect() as conn:
        states = {row.paper: row.state for row in versions.list_versions(conn)}
    engine.dispose()
    assert states == {sent[0]: VersionState.QUEUED, PaperVersion("2401.00003", 1): VersionState.FAILED}


def test_status_with_the_broker_down_asks_it_once_and_shows_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """kombu's own connection retries held `status` 7 s before it said the broker was down."""
    import arxref.tasks

    def no_retries(app: celery.Celery) -> dict[str, int]:
        raise AssertionError("queue_depths asked of a broker that did not answer")

    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    empty_database(tmp_path / "var")
    monkeypatch.setenv("ARXREF_BROKER_URL", f"redis://127.0.0.1:{free_port()}/0")
    monkeypatch.setattr(arxref.tasks, "queue_depths", no_retries)
    assert main(["status", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["queues"] == "broker unreachable (OperationalError)"
    assert doc["versions_by_state"] == {}

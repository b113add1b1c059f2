"""A task whose version failed reports failed to Celery: Flower (which reads the workers' task events) shows
FAILURE with the version's error, not SUCCESS. A real fetch worker, Redis, PostgreSQL and arXiv on 127.0.0.1;
the test listens to the task events as Flower does."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import Celery

from arxref.cli import main
from arxref.domain import PaperVersion, VersionState
from tests.workers import CeleryWorker, logs, pool_env, wait_until_settled

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


class TaskEvents:
    """Every task event the workers send, gathered by a receiver thread (what Flower does)."""

    def __init__(self, broker_url: str) -> None:
        self.app = Celery("listener", broker=broker_url, set_as_current=False)
        self.events: list[dict] = []
        self._ready = threading.Event()
        self._receiver = None
        self._thread = threading.Thread(target=self._listen, daemon=True)

    def _listen(self) -> None:
        with self.app.connection() as conn:
            self._receiver = self.app.events.Receiver(conn, handlers={"*": self.events.append})
            self._ready.set()
            self._receiver.capture(limit=None, timeout=None, wakeup=False)

    def start(self) -> TaskEvents:
        self._thread.start()
        assert self._ready.wait(30)
        time.sleep(0.5)  # the receiver's queue is bound once capture runs
        return self

    def stop(self) -> None:
        if self._receiver is not None:
            self._receiver.should_stop = True
        self._thread.join(10)

    def outcome(self, shown_name: str) -> dict | None:
        """The task-succeeded or task-failed event of the task shown under this name."""
        ids = {e["uuid"] for e in self.events if e["type"] == "task-received" and e.get("name") == shown_name}
        ends = [
            e for e in self.events if e.get("uuid") in ids and e["type"] in ("task-succeeded", "task-failed")
        ]
        return ends[-1] if ends else None


@pytest.fixture
def events(pool: dict[str, str]) -> Iterator[TaskEvents]:
    listener = TaskEvents(pool["ARXREF_BROKER_URL"]).start()
    yield listener
    listener.stop()


def test_a_fetch_whose_version_failed_is_a_failed_task(
    pool, pool_engine, events: TaskEvents, tmp_path: Path
) -> None:
    worker = CeleryWorker("fetch", "fetch", pool_env(pool), tmp_path / "fetch.log").start()
    try:
        assert main(["enqueue", "9912.99999v1", "1205.4446v1"]) == 0  # the local arXiv has no 9912.99999
        missing = PaperVersion("9912.99999", 1)
        rows = wait_until_settled(pool_engine, [missing], timeout=60, log_dir=tmp_path)
        assert (rows[missing].state, rows[missing].last_error_class) == (VersionState.FAILED, "NotFound")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (
            events.outcome("arxref.fetch:9912.99999v1") is None
            or events.outcome("arxref.fetch:1205.4446v1") is None
        ):
            time.sleep(0.2)
        failed = events.outcome("arxref.fetch:9912.99999v1")
        assert failed is not None, logs(tmp_path)
        assert failed["type"] == "task-failed"
        assert "VersionFailed" in failed["exception"]
        assert "9912.99999v1 failed at fetch: NotFound" in failed["exception"]
        fetched = events.outcome("arxref.fetch:1205.4446v1")
        assert fetched is not None
        assert fetched["type"] == "task-succeeded"  # its fetch went well (its extract is another queue's)
        # An expected failure: one log line, no traceback.
        assert "Traceback" not in (tmp_path / "fetch.log").read_text()
    finally:
        worker.stop()

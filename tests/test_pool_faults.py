"""A task killed at its hard time limit, and a worker process that dies mid-task, with real workers.

Each is said on the version at once with its own error class (StageTimeout, WorkerCrashed); a
hard-limit kill runs again at most HARD_KILL_RETRIES times within seconds here (minutes with
the default backoff), then the version fails; a crash is sent again and the paper ends done.
"""

from __future__ import annotations

import gzip
import os
import signal
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from arxref.cli import main
from arxref.domain import PaperVersion, Stage, VersionState
from arxref.pool import HARD_KILL_RETRIES
from arxref.store import versions
from arxref.store.engine import make_engine
from tests.hostile import form_xobject_bomb
from tests.servers import ArxivStub
from tests.workers import CeleryWorker, pool_env, wait_until_settled

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

PAPER = PaperVersion("2401.00001", 1)


def _long_eprint(entries: int) -> bytes:
    """A real-shaped .tex whose inline bibliography takes seconds to parse: slow, not hostile."""
    items = "\n".join(
        f"\\bibitem{{k{i}}} A. Author{i}, B. Writer, Title {i} of a series, J. Phys. {i % 90}, {i} (2001)."
        for i in range(entries)
    )
    tex = (
        "\\documentclass{article}\\begin{document}Text.\n"
        f"\\begin{{thebibliography}}{{99}}\n{items}\n\\end{{thebibliography}}\\end{{document}}\n"
    )
    return gzip.compress(tex.encode())


def _row(engine: sa.Engine) -> versions.VersionRow:
    with engine.connect() as conn:
        row = versions.get_version(conn, PAPER)
    assert row is not None
    return row


def test_a_hard_limit_kill_is_recorded_at_once_retried_a_few_times_then_failed(
    pool: dict[str, str], stub: ArxivStub, tmp_path: Path
) -> None:
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(form_xobject_bomb())
    stub.aliases[PAPER.key] = bomb  # arXiv serves a PDF-only paper's PDF as its e-print
    # Celery's hard limit counts from the soft one: the soft signal waits for the C call, the kill does not.
    env = pool_env(pool, ARXREF_EXTRACT_SOFT_TIME_LIMIT="1", ARXREF_EXTRACT_TIME_LIMIT="2")
    worker = CeleryWorker("all", "fetch,extract", env, tmp_path / "worker.log").start()
    engine = make_engine(pool["ARXREF_DATABASE_URL"])
    try:
        assert main(["enqueue", PAPER.key]) == 0
        seen: set[str] = set()

        def watch() -> None:
            row = _row(engine)
            if row.state != VersionState.FAILED and row.last_error_class:
                seen.add(f"{row.last_error_class}: {row.last_error_message}")

        rows = wait_until_settled(engine, [PAPER], timeout=120, on_wait=watch, log_dir=tmp_path)
    finally:
        worker.stop()
    row = rows[PAPER]
    assert (row.state, row.stage, row.last_error_class) == (
        VersionState.FAILED,
        Stage.EXTRACT,
        "StageTimeout",
    )
    assert f"killed at its 2 s hard time limit, {HARD_KILL_RETRIES + 1} times" in row.last_error_message
    assert any("StageTimeout" in s and "(kill 1)" in s for s in seen), seen  # said while it was retried
    engine.dispose()


def test_a_worker_process_that_dies_mid_task_is_said_as_a_crash_and_the_paper_ends_done(
    pool: dict[str, str], stub: ArxivStub, tmp_path: Path
) -> None:
    eprint = tmp_path / "long.gz"
    eprint.write_bytes(_long_eprint(8000))
    stub.aliases[PAPER.key] = eprint
    worker = CeleryWorker("all", "fetch,extract", pool_env(pool), tmp_path / "worker.log").start()
    engine = make_engine(pool["ARXREF_DATABASE_URL"])
    try:
        assert main(["enqueue", PAPER.key]) == 0
        deadline = time.monotonic() + 60
        while _row(engine).stage != Stage.EXTRACT and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)  # well inside the extraction
        children = [pid for pid in worker.pids() if pid != worker.process.pid]
        assert children
        for pid in children:
            os.kill(pid, signal.SIGKILL)
        crash = None
        while crash is None and time.monotonic() < deadline:
            row = _row(engine)
            crash = row if row.last_error_class == "WorkerCrashed" else None
            time.sleep(0.1)
        assert crash is not None
        assert "the worker process running the extract stage died" in crash.last_error_message
        rows = wait_until_settled(engine, [PAPER], timeout=120, log_dir=tmp_path)
    finally:
        worker.stop()
    assert (rows[PAPER].state, rows[PAPER].reference_count) == (VersionState.DONE, 8000)
    engine.dispose()

"""Time limits of the embedded run: a stage past its soft limit stops with StageTimeout, one that does
not answer signals is killed at its hard limit, and the run goes on with the next version."""

from __future__ import annotations

import shutil
import signal
import time
from dataclasses import replace
from pathlib import Path

import pytest

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import CorruptPdf, StageTimeout
from arxref.fetch import HttpFetcher
from arxref.fetch.arxiv_http import ArxivClient
from arxref.limits import run_limited
from arxref.settings import Settings
from arxref.stages.process import process_version
from arxref.store.engine import make_engine, upgrade_schema
from tests.conftest import SAMPLES
from tests.servers import ArxivStub, Reply


def _spin() -> None:
    while True:
        pass


def _deaf() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # as a C call that never returns would be
    time.sleep(60)


def _forget() -> None:
    pass


def test_the_result_and_the_errors_of_the_work_come_back() -> None:
    assert run_limited(lambda: 42, 5, 10, "answer", _forget) == 42
    with pytest.raises(CorruptPdf, match="bad bytes"):
        run_limited(lambda: (_ for _ in ()).throw(CorruptPdf("bad bytes")), 5, 10, "pdf", _forget)


def test_pure_python_work_stops_at_the_soft_limit() -> None:
    started = time.monotonic()
    with pytest.raises(StageTimeout, match="spin: over the 0.5 s soft limit"):
        run_limited(_spin, 0.5, 10, "spin", _forget)
    assert time.monotonic() - started < 5


def test_work_deaf_to_signals_is_killed_at_the_hard_limit() -> None:
    started = time.monotonic()
    with pytest.raises(StageTimeout, match="deaf: over the 1 s hard limit, its process was killed"):
        run_limited(_deaf, 0.5, 1, "deaf", _forget)
    assert time.monotonic() - started < 5


def test_process_records_a_runaway_extraction_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "2401.00001v1.tar.gz")
    shutil.copy(SAMPLES / "1711.08379v1.tar.gz", folder / "2401.00002v1.tar.gz")
    settings = replace(
        Settings.from_env({"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_SOURCE_DIR": str(folder)}),
        extract_soft_time_limit=1.0,
        extract_time_limit=3.0,
    )
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    real = __import__("arxref.stages.extract", fromlist=["extract_references"]).extract_references

    def runaway_on_the_first(eprint: bytes | None, pdf: bytes | None):  # noqa: ANN202
        if eprint == (SAMPLES / "1205.4446v1.tar.gz").read_bytes():
            _spin()
        return real(eprint, pdf)

    monkeypatch.setattr("arxref.stages.extract.extract_references", runaway_on_the_first)
    row = process_version(engine, settings, PaperVersion("2401.00001", 1))
    assert (row.state, row.stage, row.last_error_class) == (
        VersionState.FAILED,
        Stage.EXTRACT,
        "StageTimeout",
    )
    assert "soft limit" in row.last_error_message
    row = process_version(engine, settings, PaperVersion("2401.00002", 1))
    assert (row.state, row.reference_count) == (VersionState.DONE, 17)
    engine.dispose()


def test_process_bounds_a_trickling_fetch_by_the_fetch_soft_limit_and_goes_on(
    tmp_path: Path, stub: ArxivStub
) -> None:
    """A server that trickles a byte at a time within every timeout held a version four download
    deadlines long (4 x 240 s); the embedded fetch now stops at the pool's fetch soft limit."""
    stub.script("/e-print/1205.4446v1", Reply(body=b"x" * 400, drip=0.05))  # 20 s for the body
    env = {"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_ARXIV_URL": stub.url}
    env["ARXREF_RATE_LIMIT_SECONDS"] = "0"
    settings = replace(Settings.from_env(env), fetch_soft_time_limit=1.5)
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    with ArxivClient.from_settings(settings) as client:
        fetcher = HttpFetcher(client)
        started = time.monotonic()
        row = process_version(engine, settings, PaperVersion("1205.4446", 1), fetcher)
        assert time.monotonic() - started < 10
        failed = (row.state, row.stage, row.last_error_class)
        assert failed == (VersionState.FAILED, Stage.FETCH, "StageTimeout")
        assert "1205.4446v1 fetch: over the 1.5 s soft limit" in row.last_error_message
        row = process_version(engine, settings, PaperVersion("1711.08379", 1), fetcher)  # the next one
        assert (row.state, row.reference_count) == (VersionState.DONE, 17)
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the limit left nothing behind
    engine.dispose()

"""Stage durations and fetch responses, counted by every process and read by `arxref serve`'s /metrics.

The work happens in other processes than the server (pool workers and their forked children,
`arxref process` runs), so the counts live in prometheus-client's multiprocess files: each
process writes its own memory-mapped file in ARXREF_METRICS_DIR and the server sums them at
each scrape (`read_collector`). Counts survive the processes that made them, which is what a
counter is; a folder shared by the workers and the server (compose's `metrics` volume) is all
it takes. Without a folder, the counts stay in the process (and /metrics cannot see them).

prometheus-client chooses its storage from PROMETHEUS_MULTIPROC_DIR when a metric's value is
created, so `configure` sets it and the metrics are made only after, on first use.

Each process's file (64 KB at least) is named after its host and pid (`counter_<host>-<pid>.db`).
A file whose process has ended is folded into its host's `<type>_<host>-merged.db` (values summed
key by key, as the collector sums them) and removed, whenever a process starts counting or the
server reads the folder (`merge_dead_files`): the folder holds one file per type per host plus
one per live process, not one per run. prometheus-client's own `mark_process_dead` removes only
live gauges' files; a counter's file must be kept or its counts leave /metrics. Only processes of
this host are judged, since pids mean nothing across the containers sharing a folder.
"""

from __future__ import annotations

import fcntl
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from arxref.domain import Stage

if TYPE_CHECKING:
    from prometheus_client import Counter, Histogram
    from prometheus_client.registry import Collector

STAGE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)
"""Seconds: a small e-print extracts in tens of ms, a large PDF in seconds; a paced fetch waits 3 s+."""


@dataclass
class _Metrics:
    stage_seconds: Histogram
    fetch_responses: Counter


_state: dict[str, object] = {}


def configure(metrics_dir: Path | None) -> None:
    """Count into files in `metrics_dir` (None: in this process only); the first call in a process wins."""
    if "dir" in _state:
        return
    _state["dir"] = metrics_dir
    from prometheus_client import values

    if metrics_dir is None:
        # In-process values, even if a parent left PROMETHEUS_MULTIPROC_DIR (maybe a folder gone since).
        values.ValueClass = values.MutexValue
        return
    metrics_dir.mkdir(parents=True, exist_ok=True)
    merge_dead_files(metrics_dir)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
    # Chosen at its import, maybe before the variable was set; named by host and pid (module docstring).
    values.ValueClass = values.MultiProcessValue(process_identifier=_process_name)


def _process_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}"


def merge_dead_files(metrics_dir: Path) -> int:
    """Fold the files of this host's ended processes into the host's merged file; how many were folded."""
    from prometheus_client.mmap_dict import MmapedDict

    host = socket.gethostname()
    folded = 0
    with (metrics_dir / "merge.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two processes starting at once fold each file once
        for path in sorted(metrics_dir.glob("*.db")):
            kind, _, name = path.stem.partition("_")
            owner, _, pid = name.rpartition("-")
            if kind not in SUMMED_KINDS or owner not in (host, "") or not pid.isdigit() or _alive(int(pid)):
                continue  # ("": a file of before the host was in the name, written on this host)
            merged = MmapedDict(str(metrics_dir / f"{kind}_{host}-merged.db"))
            try:
                for key, value, timestamp, _ in MmapedDict.read_all_values_from_file(str(path)):
                    total, _ = merged.read_value(key)  # (value, timestamp); a new key reads 0
                    merged.write_value(key, total + value, timestamp)
            finally:
                merged.close()
            path.unlink()
            folded += 1
    return folded


SUMMED_KINDS = ("counter", "histogram")
"""The files whose values the collector sums across processes: the only kinds counted here."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's: alive
        return True
    return True


def _metrics() -> _Metrics:
    found = _state.get("metrics")
    if isinstance(found, _Metrics):
        return found
    configure(None)  # a no-op when the process was configured
    from prometheus_client import Counter, Histogram

    made = _Metrics(
        stage_seconds=Histogram(
            "arxref_stage_duration_seconds",
            "Time one stage of one paper version took, by stage and outcome (ok, error)",
            ["stage", "outcome"],
            buckets=STAGE_BUCKETS,
        ),
        fetch_responses=Counter(
            "arxref_fetch_responses", "HTTP responses from arXiv, by status code", ["status"]
        ),
    )
    _state["metrics"] = made
    return made


@contextmanager
def timed(metrics_dir: Path | None, stage: Stage) -> Iterator[None]:
    """Time a stage: its duration is observed with outcome `ok`, or `error` when it raises."""
    configure(metrics_dir)
    started = time.perf_counter()
    outcome = "error"
    try:
        yield
        outcome = "ok"
    finally:
        seconds = time.perf_counter() - started
        _metrics().stage_seconds.labels(stage=stage.value, outcome=outcome).observe(seconds)


def count_fetch_response(status: int) -> None:
    """One HTTP response from arXiv (a redirect, a 200, a 404, a 503...)."""
    _metrics().fetch_responses.labels(status=str(status)).inc()


def read_collector(metrics_dir: Path | None) -> Collector | None:
    """What every process counted in `metrics_dir`, summed: for the server's registry."""
    if metrics_dir is None or not metrics_dir.is_dir():
        return None
    merge_dead_files(metrics_dir)
    from prometheus_client import CollectorRegistry
    from prometheus_client.multiprocess import MultiProcessCollector

    # MultiProcessCollector registers itself; a throw-away registry keeps it apart from the caller's.
    return MultiProcessCollector(CollectorRegistry(), path=str(metrics_dir))

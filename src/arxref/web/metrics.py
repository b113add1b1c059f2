"""/metrics in Prometheus' text format: the store's counts at scrape time, and what every process counted.

Versions by state and failed versions by stage and error class are read from the database when
Prometheus scrapes (the truth, whichever worker did the work). References by source and status
read every link (0.8 s at a million rows, benchmarks/bench_record.py), so they are counted at most
every REFERENCES_EVERY seconds per server process. Stage durations and fetch responses by HTTP
status come from the processes' multiprocess files (`arxref.telemetry`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from arxref.domain import ResolutionStatus, VersionState
from arxref.store import health, versions
from arxref.telemetry import read_collector

REFERENCES_EVERY = 300.0
"""Seconds a count of references by source and status is served before it is taken again."""


class StoreCollector(Collector):
    """Gauges read from the database at each scrape (references: at most every REFERENCES_EVERY s)."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine
        self._references: dict[tuple[str, str], int] = {}
        self._references_at = float("-inf")

    def collect(self) -> Iterator[Metric]:
        with self._engine.connect() as conn:
            by_state = versions.count_by_state(conn)
            groups = health.failure_groups(conn)
            if time.monotonic() - self._references_at > REFERENCES_EVERY:
                self._references = health.references_by_source_and_status(conn)
                self._references_at = time.monotonic()
            references = self._references
        states = GaugeMetricFamily("arxref_versions", "Paper versions by state", labels=["state"])
        for state in VersionState:
            states.add_metric([state.value], by_state.get(state.value, 0))
        yield states
        failed = GaugeMetricFamily(
            "arxref_failed_versions",
            "Failed paper versions by stage and error class",
            labels=["stage", "error_class"],
        )
        for g in groups:
            failed.add_metric([g.stage or "", g.error_class or ""], g.count)
        yield failed
        refs = GaugeMetricFamily(
            "arxref_references",
            "Stored references by source and resolution status",
            labels=["source", "status"],
        )
        sources = sorted({source for source, _ in references})
        for source in sources:
            for status in ResolutionStatus:
                refs.add_metric([source, status.value], references.get((source, status.value), 0))
        yield refs


def exposition(store: StoreCollector, metrics_dir: Path | None) -> bytes:
    """The text Prometheus scrapes."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(store)
    counted = read_collector(metrics_dir)
    if counted is not None:
        registry.register(counted)
    return generate_latest(registry)

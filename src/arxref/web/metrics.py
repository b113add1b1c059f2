"""/metrics in Prometheus' text format: the store's counts at scrape time, and what every process counted.

Versions by state, references by source and status, and failed versions by stage and error class
are read from the database when Prometheus scrapes (the truth, whichever worker did the work): the
first two from counts kept as rows change (migration 0014, `store.counts`), so a scrape costs the
same at 20 million references as at a thousand. Stage durations and fetch responses by HTTP
status come from the processes' multiprocess files (`arxref.telemetry`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from arxref.domain import ResolutionStatus, VersionState
from arxref.store import counts, health, versions
from arxref.telemetry import read_collector


class StoreCollector(Collector):
    """Gauges read from the database at each scrape."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def collect(self) -> Iterator[Metric]:
        with self._engine.connect() as conn:
            by_state = versions.count_by_state(conn)
            groups = health.failure_groups(conn)
            references = counts.references_by_source_and_status(conn)
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

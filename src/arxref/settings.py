"""One settings object, built once from the environment and passed down.

Nothing reads `os.environ` at import time: `Settings.from_env()` is called by the
CLI (or the Celery app factory) and the result is handed to every stage.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

EXTRACTOR_VERSION = "0.1.0"
"""Stamped on every stored reference; `reprocess --extractor-older-than` compares it."""

class SettingsError(ValueError):
    """An ARXREF_* variable that cannot be used; the message names it and says what it expects."""


FETCH_MODES = ("auto", "folder", "http", "mirror")
"""auto: the folder when ARXREF_SOURCE_DIR is set, else arXiv over HTTP."""


@dataclass(frozen=True)
class Settings:
    """Where arxref keeps its data, where it reads papers from, and how the pool behaves."""

    database_url: str
    blob_dir: Path
    source_dir: Path | None
    broker_url: str | None
    contact: str
    max_download_bytes: int = 256 * 1024 * 1024
    extractor_version: str = EXTRACTOR_VERSION
    # Fetching.
    fetch_mode: str = "auto"
    mirror_dir: Path | None = None
    arxiv_base_url: str = "https://export.arxiv.org"
    fetch_pdf: str = "fallback"  # "fallback": only when the e-print has no usable bibliography; "always"
    redis_url: str | None = None  # the shared rate limit's Redis; defaults to the broker
    rate_limit_seconds: float = 3.0  # one request per this many seconds, all workers together; 0 = off
    rate_limit_burst: int = 1
    connect_timeout: float = 10.0
    read_timeout: float = 60.0
    http_retries: int = 3  # in-process retries of one request before the task retries
    http_backoff: float = 2.0
    http_backoff_max: float = 60.0
    download_deadline: float = 240.0  # one whole download (a server trickling bytes); below the fetch limit
    retry_after_max: float = 3600.0  # a longer Retry-After is recorded as RateLimited, not waited out
    # The worker pool.
    task_max_retries: int = 8
    task_backoff: float = 30.0
    task_backoff_max: float = 600.0
    max_redeliveries: int = 3  # a message whose worker keeps dying is failed after this many
    fetch_soft_time_limit: float = 300.0
    fetch_time_limit: float = 360.0
    extract_soft_time_limit: float = 600.0
    extract_time_limit: float = 660.0
    visibility_timeout: float = 3600.0  # an unacked message goes back to its queue after this long
    restore_interval: float = 10.0  # how often workers look for such messages
    # The sweeper (`arxref worker --beat`): re-sends versions whose message the broker lost.
    sweep_every: float = 300.0  # seconds between sweeps
    stalled_after: float = 1800.0  # queued/running and untouched this long: stalled; above the hard limits
    # Where every process counts stage durations and fetch responses for /metrics (`telemetry`); None: off.
    metrics_dir: Path | None = None

    @property
    def resolved_fetch_mode(self) -> str:
        """The fetch mode with `auto` decided."""
        if self.fetch_mode != "auto":
            return self.fetch_mode
        return "folder" if self.source_dir is not None else "http"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ARXREF_* variables; defaults give the embedded setup under ./var."""
        env = os.environ if env is None else env
        home = Path(env.get("ARXREF_HOME", "var"))
        source = env.get("ARXREF_SOURCE_DIR")
        mirror = env.get("ARXREF_MIRROR_DIR")
        broker = env.get("ARXREF_BROKER_URL") or None
        mode = env.get("ARXREF_FETCH_MODE", "auto")
        if mode not in FETCH_MODES:
            raise SettingsError(f"ARXREF_FETCH_MODE={mode!r}: expected one of {', '.join(FETCH_MODES)}")
        d = cls.__dataclass_fields__
        metrics = env.get("ARXREF_METRICS_DIR", str(home / "metrics"))  # empty: not counted for /metrics

        def num(name: str, field: str) -> float:
            text = env.get(name, str(d[field].default))
            try:
                value = float(text)
            except ValueError:
                raise SettingsError(f"{name}={text!r}: expected a number of seconds (or a count)") from None
            if not value >= 0 or value == float("inf"):
                raise SettingsError(f"{name}={text!r}: expected a finite number, 0 or more")
            return value

        def whole(name: str, field: str) -> int:
            text = env.get(name, str(d[field].default))
            if not text.strip().isdigit():
                raise SettingsError(f"{name}={text!r}: expected a whole number, 0 or more")
            return int(text)

        return cls(
            database_url=env.get("ARXREF_DATABASE_URL", f"sqlite:///{home / 'arxref.db'}"),
            blob_dir=Path(env.get("ARXREF_BLOB_DIR", str(home / "blobs"))),
            source_dir=Path(source) if source else None,
            broker_url=broker,
            contact=env.get("ARXREF_CONTACT", "arxref-operator@example.org"),
            max_download_bytes=whole("ARXREF_MAX_DOWNLOAD_BYTES", "max_download_bytes"),
            fetch_mode=mode,
            mirror_dir=Path(mirror) if mirror else None,
            arxiv_base_url=env.get("ARXREF_ARXIV_URL", d["arxiv_base_url"].default).rstrip("/"),
            fetch_pdf=env.get("ARXREF_FETCH_PDF", d["fetch_pdf"].default),
            redis_url=env.get("ARXREF_REDIS_URL") or broker,
            rate_limit_seconds=num("ARXREF_RATE_LIMIT_SECONDS", "rate_limit_seconds"),
            rate_limit_burst=whole("ARXREF_RATE_LIMIT_BURST", "rate_limit_burst"),
            connect_timeout=num("ARXREF_CONNECT_TIMEOUT", "connect_timeout"),
            read_timeout=num("ARXREF_READ_TIMEOUT", "read_timeout"),
            http_retries=whole("ARXREF_HTTP_RETRIES", "http_retries"),
            http_backoff=num("ARXREF_HTTP_BACKOFF", "http_backoff"),
            http_backoff_max=num("ARXREF_HTTP_BACKOFF_MAX", "http_backoff_max"),
            download_deadline=num("ARXREF_DOWNLOAD_DEADLINE", "download_deadline"),
            retry_after_max=num("ARXREF_RETRY_AFTER_MAX", "retry_after_max"),
            task_max_retries=whole("ARXREF_TASK_MAX_RETRIES", "task_max_retries"),
            task_backoff=num("ARXREF_TASK_BACKOFF", "task_backoff"),
            task_backoff_max=num("ARXREF_TASK_BACKOFF_MAX", "task_backoff_max"),
            max_redeliveries=whole("ARXREF_MAX_REDELIVERIES", "max_redeliveries"),
            fetch_soft_time_limit=num("ARXREF_FETCH_SOFT_TIME_LIMIT", "fetch_soft_time_limit"),
            fetch_time_limit=num("ARXREF_FETCH_TIME_LIMIT", "fetch_time_limit"),
            extract_soft_time_limit=num("ARXREF_EXTRACT_SOFT_TIME_LIMIT", "extract_soft_time_limit"),
            extract_time_limit=num("ARXREF_EXTRACT_TIME_LIMIT", "extract_time_limit"),
            visibility_timeout=num("ARXREF_VISIBILITY_TIMEOUT", "visibility_timeout"),
            restore_interval=num("ARXREF_RESTORE_INTERVAL", "restore_interval"),
            sweep_every=num("ARXREF_SWEEP_EVERY", "sweep_every"),
            stalled_after=num("ARXREF_STALLED_AFTER", "stalled_after"),
            metrics_dir=Path(metrics) if metrics else None,
        )

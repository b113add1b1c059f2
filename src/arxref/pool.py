"""What a pool worker does with one message, decided without Celery (so it is tested without it).

A message names a version. The worker claims it in `paper_versions` (nothing to
do unless it is queued or running: a stale duplicate of a finished version is
dropped), runs the stage, and answers with a `Step` that the thin Celery task in
`tasks` carries out: send the next message, retry later, or stop. Retryable
errors retry with backoff and jitter up to `task_max_retries`, then are recorded;
permanent ones are recorded at once. A version whose tasks keep dying without
recording anything (worker killed, hard time limit) is failed as TooManyAttempts
after `max_redeliveries` extra runs, so a poison paper cannot loop forever.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from enum import StrEnum

import sqlalchemy as sa

from arxref.domain import PaperVersion, Stage
from arxref.errors import (
    ArxrefError,
    DatabaseUnavailable,
    FetchTimeout,
    RetryableError,
    StageTimeout,
    TooManyAttempts,
)
from arxref.fetch import Fetcher, make_fetcher
from arxref.fetch.arxiv_http import backoff_wait
from arxref.pipeline import Next, extract_stage, fetch_stage, record_failure
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.engine import database_errors, make_engine, upgrade_schema

FETCH_TASK = "arxref.fetch"
EXTRACT_TASK = "arxref.extract"
QUEUES = {FETCH_TASK: "fetch", EXTRACT_TASK: "extract"}
"""Task name -> queue: fetch is I/O bound (arXiv's rate limit), extract CPU bound; each scales on its own."""

log = logging.getLogger(__name__)


class Action(StrEnum):
    """What the task does after the stage."""

    EXTRACT = "extract"  # send the version to the extract queue
    FETCH_PDF = "fetch_pdf"  # send it back to the fetch queue for its PDF
    RETRY = "retry"  # run this task again after `countdown` seconds
    STOP = "stop"  # done, failed and recorded, or nothing to do


@dataclass(frozen=True)
class Step:
    """The stage's answer to the task wrapper."""

    action: Action
    countdown: float = 0.0
    can_fetch_pdf: bool = True


@dataclass
class Runtime:
    """One worker process' engine and fetcher, made on first use (after the pool forks)."""

    settings: Settings
    soft_timeout: tuple[type[BaseException], ...] = ()
    _engine: sa.Engine | None = field(default=None, repr=False)
    _fetcher: Fetcher | None = field(default=None, repr=False)

    @property
    def engine(self) -> sa.Engine:
        """The database engine, migrated once per process."""
        if self._engine is None:
            with database_errors():
                engine = make_engine(self.settings.database_url)
                upgrade_schema(engine)
            self._engine = engine
        return self._engine

    @property
    def fetcher(self) -> Fetcher:
        """The configured fetcher (HTTP client with the shared rate limit, mirror or folder)."""
        if self._fetcher is None:
            self._fetcher = make_fetcher(self.settings)
        return self._fetcher

    def reset(self) -> None:
        """Forget resources inherited across a fork."""
        self._engine = None
        self._fetcher = None


def run_fetch(rt: Runtime, paper: PaperVersion, want_pdf: bool, retries: int) -> Step:
    """The fetch queue's work for one message."""
    if not _claim(rt, paper, Stage.FETCH):
        return Step(Action.STOP)
    try:
        fetch_stage(rt.engine, rt.settings, rt.fetcher, paper, want_pdf=want_pdf)
    except rt.soft_timeout:
        timeout = FetchTimeout(f"{paper.key}: fetch ran past its soft time limit")
        return _retry_or_fail(rt, paper, timeout, retries)
    except RetryableError as exc:
        return _retry_or_fail(rt, paper, exc, retries)
    except ArxrefError as exc:
        record_failure(rt.engine, paper, exc, Stage.FETCH)
        return Step(Action.STOP)
    except Exception as exc:  # a bug must not lose the paper: record it
        log.exception("%s: unexpected error while fetching", paper.key)
        record_failure(rt.engine, paper, exc, Stage.FETCH)
        return Step(Action.STOP)
    return Step(Action.EXTRACT, can_fetch_pdf=not want_pdf)


def run_extract(rt: Runtime, paper: PaperVersion, can_fetch_pdf: bool, retries: int) -> Step:
    """The extract queue's work for one message: extract, resolve, store."""
    if not _claim(rt, paper, Stage.EXTRACT):
        return Step(Action.STOP)
    try:
        after = extract_stage(rt.engine, rt.settings, paper, can_fetch_pdf=can_fetch_pdf)
    except rt.soft_timeout:
        limit = rt.settings.extract_soft_time_limit
        record_failure(rt.engine, paper, StageTimeout(f"{paper.key}: over the {limit:g} s soft limit"))
        return Step(Action.STOP)
    except RetryableError as exc:
        return _retry_or_fail(rt, paper, exc, retries)
    except ArxrefError as exc:
        record_failure(rt.engine, paper, exc)
        return Step(Action.STOP)
    except Exception as exc:  # a bug must not lose the paper: record it
        log.exception("%s: unexpected error while extracting", paper.key)
        record_failure(rt.engine, paper, exc)
        return Step(Action.STOP)
    return Step(Action.FETCH_PDF) if after == Next.FETCH_PDF else Step(Action.STOP)


def retry_countdown(settings: Settings, retries: int, retry_after: float | None = None) -> float:
    """Seconds before the next try of a task: backoff with jitter, at least what the server asked."""
    return backoff_wait(retries, retry_after, settings.task_backoff, settings.task_backoff_max, random.random)


def _claim(rt: Runtime, paper: PaperVersion, stage: Stage) -> bool:
    with database_errors(), rt.engine.begin() as conn:
        row = versions.claim_version(conn, paper, stage)
    if row is None:
        log.info("%s: not queued or running, message dropped", paper.key)
        return False
    limit = rt.settings.task_max_retries + 1 + rt.settings.max_redeliveries
    if row.task_runs > limit:
        error = TooManyAttempts(f"{paper.key}: {row.task_runs - 1} runs of the {stage} stage did not finish")
        record_failure(rt.engine, paper, error, stage)
        return False
    return True


def _retry_or_fail(rt: Runtime, paper: PaperVersion, exc: RetryableError, retries: int) -> Step:
    if isinstance(exc, DatabaseUnavailable) or retries < rt.settings.task_max_retries:
        # The database is the record: while it is away, waiting is all there is to do.
        log.warning("%s: %s: %s; retry %d", paper.key, type(exc).__name__, exc, retries + 1)
        return Step(Action.RETRY, countdown=retry_countdown(rt.settings, retries, exc.retry_after))
    record_failure(rt.engine, paper, exc)
    return Step(Action.STOP)

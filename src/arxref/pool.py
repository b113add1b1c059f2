"""What a pool worker does with one message, decided without Celery (so it is tested without it).

A message names a version. The worker claims it in `paper_versions` (nothing to
do unless it is queued or running: a stale duplicate of a finished version is
dropped), runs the stage, and answers with a `Step` that the thin Celery task in
`tasks` carries out: send the next message, retry later, or stop. Retryable
errors retry with backoff and jitter up to `task_max_retries`, then are recorded;
permanent ones are recorded at once. A version whose tasks keep dying without
recording anything (worker killed, hard time limit) is failed as TooManyAttempts
after `max_redeliveries` extra runs, so a poison paper cannot loop forever.

The sweep (`arxref.sweep`, every ARXREF_SWEEP_EVERY s from beat) and `reprocess
--stalled` share `resend_stalled`: a version queued or running, untouched for
the stall age and with no message left in the broker, gets its message again.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum

import sqlalchemy as sa

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import (
    ArxrefError,
    DatabaseUnavailable,
    FetchTimeout,
    RetryableError,
    StageTimeout,
    TooManyAttempts,
    WorkerCrashed,
)
from arxref.fetch import Fetcher, make_fetcher
from arxref.fetch.arxiv_http import backoff_wait
from arxref.settings import Settings
from arxref.stages.fetch import fetch_stage
from arxref.stages.version import Next, record_failure
from arxref.store import versions
from arxref.store.engine import database_errors, make_engine, upgrade_schema

FETCH_TASK = "arxref.fetch"
EXTRACT_TASK = "arxref.extract"
QUEUES = {FETCH_TASK: "fetch", EXTRACT_TASK: "extract"}
"""Task name -> queue: fetch is I/O bound (arXiv's rate limit), extract CPU bound; each scales on its own."""
SWEEP_TASK = "arxref.sweep"
SWEEP_QUEUE = "sweep"
"""The sweep's own queue: a sweep never waits behind a backlog of fetches (hours at arXiv's pace)."""
HARD_KILL_RETRIES = 2
"""A task killed at its hard time limit runs again at most this often (the machine may have been
loaded), each time after task_backoff x the kills so far, then the version fails as StageTimeout."""
SETTLE_SECONDS = 1.0
"""How long the sweep waits before it looks at the broker a second time (see `resend_stalled`)."""

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
        if stopping(exc):
            raise
        log.exception("%s: unexpected error while fetching", paper.key)
        record_failure(rt.engine, paper, exc, Stage.FETCH)
        return Step(Action.STOP)
    return Step(Action.EXTRACT, can_fetch_pdf=not want_pdf)


def run_extract(rt: Runtime, paper: PaperVersion, can_fetch_pdf: bool, retries: int) -> Step:
    """The extract queue's work for one message: extract, resolve, store."""
    if not _claim(rt, paper, Stage.EXTRACT):
        return Step(Action.STOP)
    # Imported on first use: a fetch worker and a worker's main process never load the extraction code.
    from arxref.stages.extract import extract_stage

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
        if stopping(exc):
            raise
        log.exception("%s: unexpected error while extracting", paper.key)
        record_failure(rt.engine, paper, exc)
        return Step(Action.STOP)
    return Step(Action.FETCH_PDF) if after == Next.FETCH_PDF else Step(Action.STOP)


def after_hard_kill(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, stage: Stage, kills: int
) -> Step:
    """A task killed at its hard time limit (its child could record nothing): StageTimeout on the
    version at once; run again within minutes at most HARD_KILL_RETRIES times, then failed."""
    limit = settings.fetch_time_limit if stage == Stage.FETCH else settings.extract_time_limit
    killed = f"{paper.key}: the {stage} stage was killed at its {limit:g} s hard time limit"
    if kills > HARD_KILL_RETRIES:
        record_failure(engine, paper, StageTimeout(f"{killed}, {kills} times"), stage)
        return Step(Action.STOP)
    countdown = settings.task_backoff * kills
    with database_errors(), engine.begin() as conn:
        error = StageTimeout(f"{killed} (kill {kills}); runs again in {countdown:g} s")
        versions.note_interruption(conn, paper, error, requeue=True)
    return Step(Action.RETRY, countdown=countdown)


def after_crash(engine: sa.Engine, paper: PaperVersion, stage: Stage, cause: BaseException) -> None:
    """The worker process running a task died: said on the version (a crash, not a time limit) while
    Celery sends the task again; the poison guard fails a version whose runs keep dying."""
    died = f"the worker process running the {stage} stage died ({cause})"
    error = WorkerCrashed(f"{paper.key}: {died}; sent again")
    with database_errors(), engine.begin() as conn:
        versions.note_interruption(conn, paper, error, requeue=False)


def stopping(exc: BaseException) -> bool:
    """Whether `exc` arose as this process was being stopped: SystemExit or KeyboardInterrupt in its chain.

    Celery cancels a running task by SIGTERM when the broker connection drops (billiard turns it
    into SystemExit), and the database call it interrupts then fails with an ordinary error. The
    message goes back to the queue, so that error says nothing about the paper: it is re-raised,
    never recorded as the version's failure.
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if not isinstance(current, Exception):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


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
        died = ": the worker process running it kept dying" if row.last_error_class == "WorkerCrashed" else ""
        runs = row.task_runs - 1
        error = TooManyAttempts(f"{paper.key}: {runs} runs of the {stage} stage did not finish{died}")
        record_failure(rt.engine, paper, error, stage)
        return False
    return True


def _retry_or_fail(rt: Runtime, paper: PaperVersion, exc: RetryableError, retries: int) -> Step:
    if exc.retry_after is not None and exc.retry_after > rt.settings.retry_after_max:
        # Waiting that long in the queue would hold a worker's prefetch and the shared rate limit:
        # record it (the message says when to come back) for `reprocess --failed` after then.
        record_failure(rt.engine, paper, exc)
        return Step(Action.STOP)
    if isinstance(exc, DatabaseUnavailable) or retries < rt.settings.task_max_retries:
        # The database is the record: while it is away, waiting is all there is to do.
        log.warning("%s: %s: %s; retry %d", paper.key, type(exc).__name__, exc, retries + 1)
        return Step(Action.RETRY, countdown=retry_countdown(rt.settings, retries, exc.retry_after))
    record_failure(rt.engine, paper, exc)
    return Step(Action.STOP)


@dataclass(frozen=True)
class Sweep:
    """What `resend_stalled` did."""

    resent: dict[PaperVersion, str]  # version -> the task whose message was sent again
    in_broker: list[PaperVersion]  # untouched that long, but a message naming it is still in the broker


def resend_stalled(
    engine: sa.Engine,
    stalled_before: datetime,
    send: Callable[[str, PaperVersion], None],
    in_broker: Callable[[], Collection[PaperVersion]],
) -> Sweep:
    """Send again the versions queued or running, untouched since `stalled_before`, whose message is lost.

    The one path of `reprocess --stalled` and of the sweep. A version with a message
    still in the broker (waiting in a queue, held unacked by a worker, waiting out a
    retry countdown) is only slow and is left alone, so a long backlog is not doubled.
    The others get the message of the stage they were at: fetch when queued or fetching,
    extract when extracting, resolving or storing; state, stage and `task_runs` stay
    (`versions.mark_resent`), so a version whose tasks keep dying still meets the poison
    guard. A message that was not lost after all (in a worker's hands between Redis and
    the unacked hash at both looks) makes a duplicate: the claim drops it once the version
    is finished, and before that the stage runs again, which is idempotent (the refetch
    is skipped, references are replaced under the version's row lock).
    """
    with database_errors(), engine.connect() as conn:
        rows = versions.select_versions(conn, versions.Selection(stalled_before=stalled_before))
    if not rows:
        return Sweep({}, [])
    alive = set(in_broker())  # read after the rows: a message consumed meanwhile touched its row
    if any(row.paper not in alive for row in rows):
        # A worker's BRPOP takes a message out of Redis before the worker, when its event loop
        # gets there, records it in the unacked hash: look again once such a message has landed.
        time.sleep(SETTLE_SECONDS)
        alive |= set(in_broker())
    resent: dict[PaperVersion, str] = {}
    for row in rows:
        if row.paper in alive:
            continue
        with database_errors(), engine.begin() as conn:
            if not versions.mark_resent(conn, row.paper, stalled_before):
                continue  # it moved on since it was chosen: its message is alive
        task = _resume_task(row)
        send(task, row.paper)
        resent[row.paper] = task
    return Sweep(resent, [row.paper for row in rows if row.paper in alive])


def sweep(
    rt: Runtime, send: Callable[[str, PaperVersion], None], in_broker: Callable[[], Collection[PaperVersion]]
) -> Sweep:
    """The periodic sweep: `resend_stalled` with the settings' stall age, logged."""
    age = rt.settings.stalled_after
    done = resend_stalled(rt.engine, datetime.now(UTC) - timedelta(seconds=age), send, in_broker)
    keys = ", ".join(p.key for p in list(done.resent)[:10]) + (", ..." if len(done.resent) > 10 else "")
    level = logging.WARNING if done.resent else logging.INFO
    log.log(
        level,
        "sweep: re-sent %d stalled versions%s; %d more untouched for %g s still have a message in the broker",
        len(done.resent),
        f" ({keys})" if keys else "",
        len(done.in_broker),
        age,
    )
    return done


def _resume_task(row: versions.VersionRow) -> str:
    if row.state == VersionState.RUNNING and row.stage in (Stage.EXTRACT, Stage.RESOLVE, Stage.STORE):
        return EXTRACT_TASK
    return FETCH_TASK

"""The Celery app and its tasks: thin wrappers that carry ids and call `pool`; the only Celery user.

Two queues so each scales on its own: `fetch` (I/O bound, arXiv's rate limit)
and `extract` (CPU bound: extract + resolve + store). Messages are JSON and hold
ids only; the bytes travel through the blob folder. Late acks with reject on
worker lost and prefetch 1: a message is acknowledged only once its outcome is
in `paper_versions`, so a killed worker loses nothing, and since a message may
then run twice every write is idempotent. The database, not the broker, is the
truth: `arxref reprocess --stalled` re-sends what a flushed Redis forgot.

`celery -A arxref.tasks:app worker -Q fetch` builds the app on first access of
`app` from `Settings.from_env()`; importing this module reads no environment.
"""

from __future__ import annotations

from typing import Any

from celery import Celery, Task
from celery.exceptions import Reject, Retry, SoftTimeLimitExceeded

from arxref.domain import PaperVersion
from arxref.errors import DatabaseUnavailable
from arxref.pool import (
    EXTRACT_TASK,
    FETCH_TASK,
    QUEUES,
    Action,
    Runtime,
    Step,
    retry_countdown,
    run_extract,
    run_fetch,
)
from arxref.settings import Settings

# Every option of every task, in one place: Celery accepts a misspelt option
# silently, so a test checks these names. Queues are routed by `task_routes` (QUEUES).
TASK_OPTIONS: dict[str, dict[str, Any]] = {
    FETCH_TASK: {
        "bind": True,
        "acks_late": True,
        "reject_on_worker_lost": True,
        "ignore_result": True,
        "max_retries": None,  # `pool` counts retries against ARXREF_TASK_MAX_RETRIES
    },
    EXTRACT_TASK: {
        "bind": True,
        "acks_late": True,
        "reject_on_worker_lost": True,
        "ignore_result": True,
        "max_retries": None,
    },
}


def make_celery(settings: Settings) -> Celery:
    """The Celery app for these settings, with both tasks registered."""
    if not settings.broker_url:
        raise ValueError("ARXREF_BROKER_URL is not set: the worker pool needs a Redis broker")
    app = Celery("arxref", broker=settings.broker_url, set_as_current=False)
    app.conf.update(
        task_serializer="json",
        accept_content=["json"],
        result_serializer="json",
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_routes={name: {"queue": queue} for name, queue in QUEUES.items()},
        task_default_queue="fetch",
        broker_connection_retry_on_startup=True,
        # A running task whose broker connection drops is cancelled; its message was never
        # acked, so Redis gives it back after the visibility timeout and it runs again.
        worker_cancel_long_running_tasks_on_connection_loss=True,
        broker_transport_options={
            "visibility_timeout": settings.visibility_timeout,
            "unacked_restore_interval": settings.restore_interval,
            "unacked_restore_throttle": 1,
        },
        worker_hijack_root_logger=False,
        worker_send_task_events=True,  # flower
        task_send_sent_event=True,
    )
    app.arxref_runtime = Runtime(settings, soft_timeout=(SoftTimeLimitExceeded,))
    limits = {
        FETCH_TASK: (settings.fetch_soft_time_limit, settings.fetch_time_limit),
        EXTRACT_TASK: (settings.extract_soft_time_limit, settings.extract_time_limit),
    }
    for name, run in ((FETCH_TASK, _fetch), (EXTRACT_TASK, _extract)):
        soft, hard = limits[name]
        # shared=False: a task shared across apps would carry the first app's time limits into the next.
        app.task(name=name, soft_time_limit=soft, time_limit=hard, shared=False, **TASK_OPTIONS[name])(run)
    return app


def send_fetch(app: Celery, paper: PaperVersion, want_pdf: bool = False) -> None:
    """Queue a version's fetch (the CLI's enqueue and reprocess, and the extract task)."""
    app.send_task(FETCH_TASK, args=[paper.arxiv_id, paper.version], kwargs={"want_pdf": want_pdf})


def send_extract(app: Celery, paper: PaperVersion, can_fetch_pdf: bool = True) -> None:
    """Queue a version's extract + resolve + store."""
    app.send_task(EXTRACT_TASK, args=[paper.arxiv_id, paper.version], kwargs={"can_fetch_pdf": can_fetch_pdf})


def queue_depths(app: Celery) -> dict[str, int]:
    """Messages waiting in each queue (not counting those a worker holds)."""
    depths = {}
    with app.connection_for_read() as conn:
        channel = conn.default_channel
        for queue in QUEUES.values():
            try:
                depths[queue] = channel.queue_declare(queue=queue, passive=True).message_count
            except conn.channel_errors:  # never declared: nothing was ever sent to it
                depths[queue] = 0
    return depths


def _fetch(task: Task, arxiv_id: str, version: int, want_pdf: bool = False) -> None:
    paper = PaperVersion(arxiv_id, version)
    rt: Runtime = task.app.arxref_runtime
    try:
        step = run_fetch(rt, paper, want_pdf, task.request.retries)
    except DatabaseUnavailable:  # could not even record the outcome: try again later
        step = Step(Action.RETRY, countdown=retry_countdown(rt.settings, task.request.retries))
    _follow(task, paper, step)


def _extract(task: Task, arxiv_id: str, version: int, can_fetch_pdf: bool = True) -> None:
    paper = PaperVersion(arxiv_id, version)
    rt: Runtime = task.app.arxref_runtime
    try:
        step = run_extract(rt, paper, can_fetch_pdf, task.request.retries)
    except DatabaseUnavailable:
        step = Step(Action.RETRY, countdown=retry_countdown(rt.settings, task.request.retries))
    _follow(task, paper, step)


def _follow(task: Task, paper: PaperVersion, step: Step) -> None:
    """Carry out the step; the message is acked only after the next one is safely sent."""
    try:
        if step.action == Action.EXTRACT:
            send_extract(task.app, paper, can_fetch_pdf=step.can_fetch_pdf)
        elif step.action == Action.FETCH_PDF:
            send_fetch(task.app, paper, want_pdf=True)
        elif step.action == Action.RETRY:
            task.retry(countdown=step.countdown)
    except Retry:
        raise
    except Reject as exc:
        # Celery drops the message when it cannot publish the retry; keep it for redelivery instead.
        raise Reject(exc.reason, requeue=True) from exc
    except Exception as exc:  # the broker is gone: leave the message unacked, Redis gives it back
        raise Reject(f"{type(exc).__name__}: {exc}", requeue=True) from exc


_app: Celery | None = None


def __getattr__(name: str) -> Celery:
    """`arxref.tasks:app` for `celery -A`: built from the environment on first access, not at import."""
    global _app
    if name != "app":
        raise AttributeError(name)
    if _app is None:
        _app = make_celery(Settings.from_env())
    return _app

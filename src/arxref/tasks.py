"""The Celery app and its tasks: thin wrappers that carry ids and call `pool`; the only Celery user.

Two queues so each scales on its own: `fetch` (I/O bound, arXiv's rate limit)
and `extract` (CPU bound: extract + resolve + store). Messages are JSON and hold
ids only; the bytes travel through the blob folder. Late acks with reject on
worker lost and prefetch 1: a message is acknowledged only once its outcome is
in `paper_versions`, so a killed worker loses nothing, and since a message may
then run twice every write is idempotent. The database, not the broker, is the
truth: Redis can lose a message popped as it goes down, and a flushed Redis
forgets its queues, so beat sends `arxref.sweep` (queue `sweep`) every
ARXREF_SWEEP_EVERY seconds and the sweep re-sends every version queued or
running, untouched for ARXREF_STALLED_AFTER seconds, that no message in Redis
names (`pool.resend_stalled`, as `arxref reprocess --stalled` does by hand).
The stall age must exceed the longest hard time limit (checked here), so a
task still running is never swept. Exactly one beat per deployment:
`arxref worker --beat`.

`celery -A arxref.tasks:app worker -Q fetch` builds the app on first access of
`app` from `Settings.from_env()`; importing this module reads no environment.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from billiard.exceptions import WorkerLostError
from celery import Celery, Task, signals
from celery.exceptions import Reject, Retry, SoftTimeLimitExceeded, TimeLimitExceeded

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import BrokerUnavailable, DatabaseUnavailable
from arxref.pool import (
    EXTRACT_TASK,
    FETCH_TASK,
    QUEUES,
    SWEEP_QUEUE,
    SWEEP_TASK,
    Action,
    Runtime,
    Step,
    Sweep,
    after_crash,
    after_hard_kill,
    resend_stalled,
    retry_countdown,
    run_extract,
    run_fetch,
    sweep,
)
from arxref.settings import Settings, SettingsError
from arxref.store import versions
from arxref.store.engine import database_errors, make_engine
from arxref.store.versions import utcnow


class VersionFailed(Exception):
    """Raised by the task that recorded its version failed: Celery marks the task FAILURE and Flower shows
    the version's error. The failure is already in `paper_versions`; the message is acked, nothing retries."""


# Every option of every task, in one place: Celery accepts a misspelt option
# silently, so a test checks these names. Queues are routed by `task_routes` (QUEUES).
TASK_OPTIONS: dict[str, dict[str, Any]] = {
    FETCH_TASK: {
        "bind": True,
        "acks_late": True,
        "reject_on_worker_lost": True,
        # A dead child: Celery sends the task again after default_retry_delay and calls on_retry
        # (`_PoolTask` says so on the version); the claim's poison guard bounds how often.
        "retry_on_worker_lost": True,
        "default_retry_delay": 5,
        "acks_on_timeout": True,  # a hard-limit kill is acked: `_PoolTask.on_failure` sends it again
        "ignore_result": True,
        "max_retries": None,  # `pool` counts retries against ARXREF_TASK_MAX_RETRIES
        "throws": (VersionFailed,),  # an expected outcome: logged in one line, no traceback
    },
    EXTRACT_TASK: {
        "bind": True,
        "acks_late": True,
        "reject_on_worker_lost": True,
        "retry_on_worker_lost": True,
        "default_retry_delay": 5,
        "acks_on_timeout": True,
        "ignore_result": True,
        "max_retries": None,
        "throws": (VersionFailed,),
    },
    SWEEP_TASK: {
        "bind": True,
        "acks_late": False,  # a sweep lost with its worker is simply the next one's work
        "ignore_result": True,
        "max_retries": 0,
    },
}


def make_celery(settings: Settings) -> Celery:
    """The Celery app for these settings: fetch, extract and the sweep registered, the sweep scheduled."""
    if not settings.broker_url:
        raise SettingsError("ARXREF_BROKER_URL is not set: the worker pool needs a Redis broker")
    longest = max(settings.fetch_time_limit, settings.extract_time_limit)
    if settings.stalled_after <= longest:
        raise SettingsError(
            f"ARXREF_STALLED_AFTER={settings.stalled_after:g} s must exceed the longest hard time limit"
            f" ({longest:g} s): the sweep would re-send versions whose task is still running"
        )
    if settings.sweep_every <= 0:
        raise SettingsError(f"ARXREF_SWEEP_EVERY={settings.sweep_every:g}: seconds between sweeps, above 0")
    app = Celery("arxref", broker=settings.broker_url, set_as_current=False)
    app.conf.update(
        task_serializer="json",
        accept_content=["json"],
        result_serializer="json",
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_routes={name: {"queue": queue} for name, queue in {**QUEUES, SWEEP_TASK: SWEEP_QUEUE}.items()},
        task_default_queue="fetch",
        broker_connection_retry_on_startup=True,
        # A running task whose broker connection drops is cancelled; its message was never
        # acked, so Redis gives it back after the visibility timeout and it runs again.
        worker_cancel_long_running_tasks_on_connection_loss=True,
        broker_transport_options={
            "visibility_timeout": settings.visibility_timeout,
            "unacked_restore_interval": settings.restore_interval,
            "unacked_restore_throttle": 1,
            # kombu's restore mutex outlives a worker killed while holding it by this long (default
            # 300 s): no unacked message is restored meanwhile. A restore scan takes milliseconds.
            "unacked_mutex_expire": max(30, int(4 * settings.restore_interval)),
        },
        worker_hijack_root_logger=False,
        worker_send_task_events=True,  # flower
        task_send_sent_event=True,
        # Beat (`arxref worker --beat`, one per deployment) sends the sweep; a sweep older than
        # the next one is dropped. The in-memory scheduler writes no schedule file.
        beat_schedule={
            "sweep": {
                "task": SWEEP_TASK,
                "schedule": settings.sweep_every,
                "options": {"expires": settings.sweep_every},
            }
        },
        beat_scheduler="celery.beat:Scheduler",
    )
    app.arxref_runtime = Runtime(settings, soft_timeout=(SoftTimeLimitExceeded,))
    _apps.append(app)
    limits = {
        FETCH_TASK: (settings.fetch_soft_time_limit, settings.fetch_time_limit),
        EXTRACT_TASK: (settings.extract_soft_time_limit, settings.extract_time_limit),
    }
    for name, run in ((FETCH_TASK, _fetch), (EXTRACT_TASK, _extract)):
        soft, hard = limits[name]
        # shared=False: a task shared across apps would carry the first app's time limits into the next.
        options = {"base": _PoolTask, "soft_time_limit": soft, "time_limit": hard, "shared": False}
        app.task(name=name, **options, **TASK_OPTIONS[name])(run)
    app.task(name=SWEEP_TASK, shared=False, **TASK_OPTIONS[SWEEP_TASK])(_sweep)
    return app


def send_fetch(app: Celery, paper: PaperVersion, want_pdf: bool = False) -> None:
    """Queue a version's fetch (the CLI's enqueue and reprocess, and the extract task)."""
    args, kwargs = [paper.arxiv_id, paper.version], {"want_pdf": want_pdf}
    app.send_task(FETCH_TASK, args=args, kwargs=kwargs, shadow=_shown(FETCH_TASK, paper))


def send_extract(app: Celery, paper: PaperVersion, can_fetch_pdf: bool = True) -> None:
    """Queue a version's extract + resolve + store."""
    args, kwargs = [paper.arxiv_id, paper.version], {"can_fetch_pdf": can_fetch_pdf}
    app.send_task(EXTRACT_TASK, args=args, kwargs=kwargs, shadow=_shown(EXTRACT_TASK, paper))


def _shown(task_name: str, paper: PaperVersion) -> str:
    """The name a worker's log and Flower show for a message: the task and the version it carries
    ("Task arxref.fetch:2401.00001v1[...] received"); routing still goes by the task's own name."""
    return f"{task_name}:{paper.key}"


def check_broker(app: Celery, timeout: float = 5.0) -> None:
    """BrokerUnavailable unless the broker answers now: asked before a command changes any version,
    since nothing it saved could be sent (kombu alone would retry for seconds, then raise its own)."""
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
    except Exception as exc:  # kombu wraps redis' errors in its own OperationalError
        raise BrokerUnavailable(f"the broker does not answer ({type(exc).__name__}: {exc})") from exc


def resend_stalled_versions(app: Celery, engine: sa.Engine, stalled_before: datetime) -> Sweep:
    """`pool.resend_stalled` through this app's broker: `reprocess --stalled` and the sweep."""
    return resend_stalled(engine, stalled_before, *_broker_hooks(app))


def messages_in_broker(app: Celery) -> set[PaperVersion]:
    """The versions named by a live fetch or extract message in Redis: queued, or unacked (a worker has it).

    kombu's Redis transport keeps a queue as one list per priority step and every message
    delivered but not acked (running, or waiting out a retry countdown) in the `unacked`
    hash, with its delivery time in the `unacked_index` sorted set; all are read in one
    transaction, so a message moving between them is seen once. An unacked message is live
    while it is younger than the visibility timeout (plus two restore intervals): after that
    kombu should have put it back in its queue. One still in the hash is stuck (its index
    entry lost as Redis reloaded, or the restore mutex held by a worker that died) and does
    not count: the sweep sends the version again, and the claim drops the old one if it
    ever comes back.
    """
    options = app.conf.broker_transport_options or {}
    live_after = time.time() - float(options.get("visibility_timeout", 3600)) - 2 * float(
        options.get("unacked_restore_interval", 10)
    )
    with app.connection_for_read() as conn:
        channel = conn.default_channel
        prefix = channel.global_keyprefix  # kombu does not prefix LRANGE and HVALS itself
        steps = channel.priority_steps
        lists = dict.fromkeys(prefix + channel._q_for_pri(q, pri) for q in QUEUES.values() for pri in steps)
        with channel.client.pipeline(transaction=True) as pipe:
            for key in lists:
                pipe.lrange(key, 0, -1)
            pipe.hgetall(prefix + channel.unacked_key)
            pipe.zrange(prefix + channel.unacked_index_key, 0, -1, withscores=True)
            *queued, unacked, index = pipe.execute()
    delivered = dict(index)
    held = [raw for tag, raw in unacked.items() if delivered.get(tag, 0.0) > live_after]
    found = set()
    for raw, is_held in [(m, False) for chunk in queued for m in chunk] + [(m, True) for m in held]:
        paper = _paper_of(raw, is_held)
        if paper is not None:
            found.add(paper)
    return found


def _paper_of(raw: bytes, held: bool) -> PaperVersion | None:
    """The version a stored kombu message names, if it is a fetch or extract (Celery's protocol 2)."""
    try:
        payload = json.loads(raw)
        if held:  # the unacked hash holds [message, exchange, routing key]
            payload = payload[0]
        if payload["headers"].get("task") not in QUEUES:
            return None
        body = payload["body"]
        if payload["properties"].get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        return PaperVersion(str(args[0]), int(args[1]))
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


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


class _PoolTask(Task):
    """Hooks Celery calls in the worker's main process when the pool child could report nothing.

    A hard time limit kills the child (on_failure with TimeLimitExceeded); a child that dies
    (SIGKILL, out of memory, a crash in C code) is a WorkerLostError (on_retry, with
    retry_on_worker_lost). Each is said on the version at once, with its own error class.
    The main process opens its own short-lived engine: pool children fork from it later.
    """

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # noqa: ANN001
        if not isinstance(exc, TimeLimitExceeded):
            return
        paper, stage = PaperVersion(str(args[0]), int(args[1])), _STAGE_OF[self.name]
        kills = int(kwargs.get("hard_kills", 0)) + 1
        engine = make_engine(self.app.arxref_runtime.settings.database_url)
        try:
            step = after_hard_kill(engine, self.app.arxref_runtime.settings, paper, stage, kills)
        finally:
            engine.dispose()
        if step.action == Action.RETRY:
            again = {**kwargs, "hard_kills": kills}
            shadow = _shown(self.name, paper)
            self.apply_async(args=list(args), kwargs=again, countdown=step.countdown, shadow=shadow)

    def on_retry(self, exc, task_id, args, kwargs, einfo) -> None:  # noqa: ANN001
        if not isinstance(exc, WorkerLostError):
            return
        paper, stage = PaperVersion(str(args[0]), int(args[1])), _STAGE_OF[self.name]
        engine = make_engine(self.app.arxref_runtime.settings.database_url)
        try:
            after_crash(engine, paper, stage, exc)
        finally:
            engine.dispose()


_STAGE_OF = {FETCH_TASK: Stage.FETCH, EXTRACT_TASK: Stage.EXTRACT}


@signals.worker_process_init.connect
def _forget_inherited_resources(**_: object) -> None:
    """A pool child must not share the main process' database connections or HTTP client."""
    for app in _apps:
        app.arxref_runtime.reset()


def _fetch(task: Task, arxiv_id: str, version: int, want_pdf: bool = False, hard_kills: int = 0) -> None:
    paper = PaperVersion(arxiv_id, version)
    rt: Runtime = task.app.arxref_runtime
    began = utcnow()
    try:
        step = run_fetch(rt, paper, want_pdf, task.request.retries)
    except DatabaseUnavailable:  # could not even record the outcome: try again later
        step = Step(Action.RETRY, countdown=retry_countdown(rt.settings, task.request.retries))
    _follow(task, paper, step)
    _report_failure(rt, paper, step, began)


def _extract(
    task: Task, arxiv_id: str, version: int, can_fetch_pdf: bool = True, hard_kills: int = 0
) -> None:
    paper = PaperVersion(arxiv_id, version)
    rt: Runtime = task.app.arxref_runtime
    began = utcnow()
    try:
        step = run_extract(rt, paper, can_fetch_pdf, task.request.retries)
    except DatabaseUnavailable:
        step = Step(Action.RETRY, countdown=retry_countdown(rt.settings, task.request.retries))
    _follow(task, paper, step)
    _report_failure(rt, paper, step, began)


def _report_failure(rt: Runtime, paper: PaperVersion, step: Step, began: datetime) -> None:
    """Raise VersionFailed when this run recorded its version failed (a stale duplicate did not)."""
    if step.action != Action.STOP:
        return
    try:
        with database_errors(), rt.engine.connect() as conn:
            row = versions.get_version(conn, paper)
    except DatabaseUnavailable:  # the outcome is recorded; only the task's colour in Flower is lost
        return
    if row is None or row.state != VersionState.FAILED or row.finished_at is None:
        return
    finished = row.finished_at if row.finished_at.tzinfo else row.finished_at.replace(tzinfo=UTC)
    if finished >= began:  # stamped by this process' clock, in pool.record_failure, during this run
        stage = row.stage.value if row.stage else "-"
        error = f"{row.last_error_class}: {row.last_error_message}"
        raise VersionFailed(f"{paper.key} failed at {stage}: {error}")


def _sweep(task: Task) -> None:
    sweep(task.app.arxref_runtime, *_broker_hooks(task.app))


def _broker_hooks(
    app: Celery,
) -> tuple[Callable[[str, PaperVersion], None], Callable[[], Collection[PaperVersion]]]:
    senders = {FETCH_TASK: send_fetch, EXTRACT_TASK: send_extract}

    def send(task_name: str, paper: PaperVersion) -> None:
        senders[task_name](app, paper)

    return send, lambda: messages_in_broker(app)


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
_apps: list[Celery] = []  # every app made in this process, for the fork hook


def __getattr__(name: str) -> Celery:
    """`arxref.tasks:app` for `celery -A`: built from the environment on first access, not at import."""
    global _app
    if name != "app":
        raise AttributeError(name)
    if _app is None:
        _app = make_celery(Settings.from_env())
    return _app

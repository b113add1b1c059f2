"""Soft and hard time limits for a stage run by the embedded `process`, as pool workers have them.

A pool worker runs each task under Celery's soft limit (an exception inside the task) and
hard limit (the child process is killed). The embedded run gets the same two: the stage
runs in a forked child process; at the soft limit SIGALRM raises StageTimeout inside it
(pure-Python work, such as a runaway macro expansion, stops there and the failure is
recorded as usual); at the hard limit the parent kills the child (a C call that never
returns to Python) and raises StageTimeout itself. Either way the run goes on with the
next version.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
import warnings
from collections.abc import Callable, Iterator
from typing import TypeVar

from arxref.errors import StageTimeout

T = TypeVar("T")


def run_limited(work: Callable[[], T], soft: float, hard: float, what: str, forget: Callable[[], None]) -> T:
    """`work()` in a child process under the two limits; its result, or its exception raised here.

    `forget` runs first in the child: it drops resources the child must not share with this
    process (the database engine's pooled connections). `what` names the work in messages.
    """
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    with warnings.catch_warnings():
        # Python 3.12+ warns about forking a process with threads; the child only runs `work`.
        warnings.simplefilter("ignore", DeprecationWarning)
        child = context.Process(target=_child, args=(work, soft, what, forget, send), daemon=True)
        child.start()
    send.close()
    try:
        if not receive.poll(hard):
            child.kill()
            raise StageTimeout(f"{what}: over the {hard:g} s hard limit, its process was killed")
        try:
            outcome = receive.recv()
        except EOFError:  # the child died without a word (killed, out of memory)
            child.join(5)
            raise RuntimeError(
                f"{what}: its process ended with code {child.exitcode} and no result"
            ) from None
    finally:
        receive.close()
        child.join(5)
        if child.is_alive():
            child.kill()
            child.join()
    ok, value = outcome
    if ok:
        return value
    raise value


@contextlib.contextmanager
def soft_limited(soft: float, what: str) -> Iterator[None]:
    """The soft limit alone, in this process: StageTimeout raised by SIGALRM after `soft` seconds.

    For the embedded fetch, which must stay in this process (its HTTP client's connections and the
    pace of its rate limit are this process'): its work is Python waiting on sockets, which the signal
    interrupts. Off the main thread, where no signal can be handled, the block runs unlimited.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def overrun(signum: int, frame: object) -> None:
        raise StageTimeout(f"{what}: over the {soft:g} s soft limit")

    before = signal.signal(signal.SIGALRM, overrun)
    signal.setitimer(signal.ITIMER_REAL, soft)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _child(work: Callable[[], T], soft: float, what: str, forget: Callable[[], None], send) -> None:  # noqa: ANN001
    def overrun(signum: int, frame: object) -> None:
        raise StageTimeout(f"{what}: over the {soft:g} s soft limit")

    forget()
    signal.signal(signal.SIGALRM, overrun)
    signal.setitimer(signal.ITIMER_REAL, soft)
    try:
        outcome: tuple[bool, object] = (True, work())
    except BaseException as exc:  # noqa: BLE001 - every outcome goes back to the parent
        outcome = (False, exc)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        send.send(outcome)
    except (pickle.PicklingError, TypeError, AttributeError):
        send.send((False, RuntimeError(f"{what}: {type(outcome[1]).__name__}: {outcome[1]}")))
    with contextlib.suppress(OSError):
        send.close()
    os._exit(0)  # no atexit handlers, no flushing of the parent's buffers a second time

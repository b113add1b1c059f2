"""Shared fixtures: the real PostgreSQL and Redis servers, and a database URL for each backend."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.servers import PostgresServer, RedisServer, start_postgres, start_redis

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
CORPUS = REPO.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL cluster for the whole test session."""
    server = start_postgres()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database on SQLite and on the real PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arxref.db'}"
        return
    yield from _fresh_postgres_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty PostgreSQL database (the worker pool's tests: SQLite is not for many processes)."""
    yield from _fresh_postgres_database(postgres_server)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One redis-server for the session; tests that restart it restart this one."""
    server = start_redis()
    yield server
    server.destroy()


def _fresh_postgres_database(server: PostgresServer) -> Iterator[str]:
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield server.url(name)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')

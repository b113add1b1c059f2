"""Shared fixtures: the real PostgreSQL server, and a database URL for each backend."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.servers import PostgresServer, start_postgres

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
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield server.url(name)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')

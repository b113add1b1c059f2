"""Shared fixtures: the real PostgreSQL and Redis servers, a database URL for each backend, and the
settings the worker pool's tests share (a Redis database, a PostgreSQL database, arXiv on 127.0.0.1)."""

from __future__ import annotations

import itertools
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import psycopg
import pytest
import redis
import sqlalchemy as sa

from arxref.catalog.records import read_catalog_file
from arxref.store.catalog import load_catalog
from arxref.store.engine import make_engine, upgrade_schema
from tests.servers import ArxivStub, PostgresServer, RedisServer, ServerNotFound, start_postgres, start_redis
from tests.workers import FAST_POOL_ENV

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
CORPUS = REPO.parent / "shared" / "corpus"
# 2004.14974's e-print without its figures (its .tex and .bbl, as ../shared/corpus has them): it prints
# arXiv:1911.02782, a sample, so the record tests have a citation between two processed papers in any clone
CITING_EPRINT = REPO / "tests" / "data" / "2004.14974v1-tex.tar.gz"
WIDE = REPO.parent / "shared" / "corpus-wide"
T = TypeVar("T")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL cluster for the whole test session."""
    server = _started(start_postgres)
    yield server
    server.stop()


def _started(start: Callable[[], T]) -> T:
    """A server the session needs, or each test that needs it fails in a line saying what is missing."""
    try:
        return start()
    except ServerNotFound as exc:
        pytest.fail(str(exc), pytrace=False)


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
    server = _started(start_redis)
    yield server
    server.destroy()


_REDIS_DB = itertools.count(1)


@pytest.fixture
def stub() -> Iterator[ArxivStub]:
    """arXiv on 127.0.0.1 serving the samples."""
    server = ArxivStub(folder=SAMPLES).start()
    yield server
    server.stop()


@pytest.fixture
def broker_url(redis_server: RedisServer) -> str:
    """A Redis database of its own for each test (1..15), emptied first."""
    url = f"redis://127.0.0.1:{redis_server.port}/{next(_REDIS_DB) % 15 + 1}"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture
def pool(
    tmp_path: Path, postgres_url: str, broker_url: str, stub: ArxivStub, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """The settings every process of the test shares (this one too, for the CLI)."""
    base = {
        "ARXREF_DATABASE_URL": postgres_url,
        "ARXREF_BROKER_URL": broker_url,
        "ARXREF_BLOB_DIR": str(tmp_path / "blobs"),
        "ARXREF_ARXIV_URL": stub.url,
        "ARXREF_HOME": str(tmp_path / "var"),
    }
    for key, value in {**FAST_POOL_ENV, **base}.items():
        monkeypatch.setenv(key, value)
    engine = make_engine(postgres_url)
    upgrade_schema(engine)
    load_catalog(engine, read_catalog_file(SAMPLES / "catalog.jsonl"))
    engine.dispose()
    return base


@pytest.fixture
def engine(database_url: str) -> Iterator[sa.Engine]:
    """A migrated database, on each backend, holding the samples' catalog (a test file may define its own)."""
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, read_catalog_file(SAMPLES / "catalog.jsonl"))
    yield engine
    engine.dispose()


@pytest.fixture
def pool_engine(pool: dict[str, str]) -> Iterator[sa.Engine]:
    """An engine on the pool's PostgreSQL database, for the test to watch the jobs."""
    engine = make_engine(pool["ARXREF_DATABASE_URL"])
    yield engine
    engine.dispose()


def empty_database(home: Path) -> Path:
    """An embedded home (ARXREF_HOME) with a database of the newest schema and nothing in it: what a
    command that reads needs to find (it makes none)."""
    path = home / "arxref.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade_schema(engine)
    engine.dispose()
    return path


def _fresh_postgres_database(server: PostgresServer) -> Iterator[str]:
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield server.url(name)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def modules_loaded_by(code: str, of: set[str]) -> list[str]:
    """Which of the modules `of` a fresh interpreter has loaded after running `code` (import costs)."""
    probe = f"import sys\n{code}\nprint(','.join(sorted({sorted(of)!r} & sys.modules.keys())))\n"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return [name for name in out.strip().split(",") if name]

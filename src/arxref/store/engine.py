"""Opening the database and bringing its schema to the newest migration."""

from __future__ import annotations

import fcntl
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from arxref.errors import DatabaseUnavailable

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def sqlite_file(database_url: str) -> Path | None:
    """The file of a SQLite URL (absolute), None for another database or SQLite in memory."""
    url = sa.make_url(database_url)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database).absolute()


def make_engine(database_url: str) -> sa.Engine:
    """An engine for SQLite (file created with its folder) or PostgreSQL via psycopg 3."""
    url = sa.make_url(database_url)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # JIT off: every statement here is a short lookup, and PostgreSQL compiles one whenever the planner's
    # estimate passes jit_above_cost. A join over a parameter array (the catalog's title openings) is
    # estimated at 10^8 rows whatever it reads: 100 ms of compiling for 4 ms of index scans.
    engine = sa.create_engine(url, pool_pre_ping=True, connect_args={"options": "-c jit=off"})
    sa.event.listen(engine, "handle_error", _mid_command_is_disconnect)
    return engine


def left_mid_command(dbapi_connection) -> bool:  # noqa: ANN001
    """Whether a failed statement left the driver's connection inside a command, or in no known state.

    psycopg calls a connection `broken` (SQLAlchemy's only test of a disconnect) once libpq has read
    its failure. When the server's socket closes while a query is being sent, the error comes before
    that and the connection stays mid-command: it can run nothing more, not even the ROLLBACK that
    would return it to the pool, so it is as lost as a closed one. (SQLite's connections have no such
    state.)
    """
    status = getattr(getattr(dbapi_connection, "info", None), "transaction_status", None)
    return status is not None and status.name in {"ACTIVE", "UNKNOWN"}


def _mid_command_is_disconnect(context: sa.engine.ExceptionContext) -> None:
    """A statement's error that leaves its connection mid-command invalidates it, as a disconnect does."""
    connection = context.connection
    if context.is_disconnect or connection is None or connection.closed or connection.invalidated:
        return
    if left_mid_command(connection.connection.dbapi_connection):
        context.is_disconnect = True


# Bytes of the database file SQLite reads through a memory map (capped by its build, 2 GiB by default).
SQLITE_MMAP_SIZE = 1 << 34


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # noqa: ANN001
    """Foreign keys on (SQLite's default is off), WAL so readers don't block the writer, and pages
    read through a memory map: resolution's lookups touch thousands of pages of a catalog of millions
    scattered over the file, and through the default 2 MB page cache each costs a read() (2.5M rows:
    a record by id 8 -> 5 us)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_SIZE}")
    cursor.close()


def _alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


# Any constant shared by every arxref process; pg_advisory_xact_lock takes a bigint key.
_SCHEMA_LOCK_KEY = 0x617278726566  # "arxref"


def upgrade_schema(engine: sa.Engine) -> None:
    """Apply every migration not yet applied; a production database upgrades in place.

    Upgrades are serialized: many workers (or two first runs) starting on a fresh
    database would otherwise all create the same tables and all but one die. PostgreSQL:
    a transaction-level advisory lock inside the upgrade's transaction. SQLite: a lock on
    a file beside the database, held from before the first connection (which switches the
    file to WAL: two processes doing that at once can get "database is locked" at once,
    busy timeout or not), then BEGIN EXCLUSIVE for the migrations. Whoever waited finds
    the schema already at head.
    """
    with _sqlite_file_lock(engine):
        _upgrade(engine)


@contextmanager
def _sqlite_file_lock(engine: sa.Engine, timeout: float = 120.0) -> Iterator[None]:
    """An exclusive lock on `<database>.migrate.lock` (flock); nothing for PostgreSQL or in-memory SQLite."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        yield
        return
    deadline = time.monotonic() + timeout
    with open(f"{database}.migrate.lock", "a") as handle:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    held = f"{database}: another process holds its migration lock"
                    raise DatabaseUnavailable(held) from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _upgrade(engine: sa.Engine) -> None:
    config = _alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK_KEY})
        elif engine.dialect.name == "sqlite":
            # pysqlite opens no transaction before DDL by itself: this one holds every migration.
            connection.exec_driver_sql("BEGIN EXCLUSIVE")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def schema_revision(engine: sa.Engine) -> str | None:
    """The migration the database is at (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    """The newest migration shipped with this code."""
    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head is not None
    return head


@contextmanager
def database_errors() -> Iterator[None]:
    """Turn a lost or refused database connection into DatabaseUnavailable (retryable)."""
    try:
        yield
    except (sa.exc.OperationalError, sa.exc.InterfaceError) as exc:
        raise DatabaseUnavailable(f"database unreachable: {type(exc.orig).__name__}: {exc.orig}") from exc
    except sa.exc.DBAPIError as exc:
        if exc.connection_invalidated:
            raise DatabaseUnavailable(f"database connection lost: {exc.orig}") from exc
        raise

"""What several command modules share: exit codes, opening the database, reading a catalog file.

The store (SQLAlchemy, Alembic) is imported by the functions that open a database, not here:
`extract` and `eval` read a catalog file without one, and should not pay for it; the catalog
module only by the functions that read a catalog file (`extract` without --catalog reads none).
"""

from __future__ import annotations

import gzip
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arxref.cli._exits import EXIT_INPUT, EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, InputError
from arxref.cli._progress import Progress
from arxref.settings import Settings

if TYPE_CHECKING:
    import sqlalchemy as sa

    from arxref.catalog.records import CatalogReading, CatalogRecord

__all__ = ["EXIT_INPUT", "EXIT_OK", "EXIT_SOME_FAILED", "EXIT_USAGE", "InputError"]


def open_database(settings: Settings, create: bool = False) -> sa.Engine:
    """The configured database, migrated to the newest schema; a SQLite file that is not there yet is
    made only for a command that writes (`create`): see `require_database`."""
    from arxref.store.engine import make_engine, upgrade_schema

    if not create:
        require_database(settings)
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    return engine


def require_database(settings: Settings) -> None:
    """InputError, saying where it looked and how to make one, when the SQLite file does not exist: a
    command that reads, run from another folder or with a mistyped URL, made a new empty database (and
    its folders) and answered "none"."""
    from arxref.store.engine import sqlite_file

    path = sqlite_file(settings.database_url)
    if path is not None and not path.is_file():
        raise InputError(
            f"no database at {path}: `arxref process PAPERS` or `arxref catalog load FILE` makes one there;"
            " or point ARXREF_HOME, ARXREF_DATABASE_URL or --database at yours"
        )


def load_catalog_file(engine: sa.Engine, path: Path) -> None:
    """Load a snapshot file into the catalog with a progress display on stderr."""
    from arxref.catalog.records import CatalogReading, read_catalog_file
    from arxref.store.catalog import count_catalog, load_catalog

    progress = Progress("catalog")
    reading = CatalogReading()
    with catalog_errors(path, reading):
        total = load_catalog(engine, read_catalog_file(path, reading), progress=progress.at)
    progress.close()
    with engine.connect() as conn:
        size = count_catalog(conn)
    print(f"catalog: {total} records read from {path.name}; {size} in the catalog", file=sys.stderr)


def read_catalog_records(path: Path) -> list[CatalogRecord]:
    """Every record of a snapshot file (for a catalog held in memory), or InputError saying why not."""
    from arxref.catalog.records import CatalogReading, read_catalog_file

    reading = CatalogReading()
    with catalog_errors(path, reading):
        records = list(read_catalog_file(path, reading))
    return records


@contextmanager
def catalog_errors(path: Path, reading: CatalogReading) -> Iterator[None]:
    """A file that is no snapshot (or is cut short) is refused in one line; skipped lines are said."""
    try:
        yield
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise InputError(f"{path}: a damaged gzip file ({exc}); {reading.records} records read") from exc
    if reading.records == 0:
        why = "; ".join(reading.first_skipped) or "no line with an arXiv id"
        lines = reading.lines
        raise InputError(f"{path}: not an arXiv metadata snapshot: no record in {lines} lines ({why})")
    if reading.skipped:
        first = "; ".join(reading.first_skipped)
        print(f"catalog: skipped {reading.skipped} bad lines of {path.name} ({first})", file=sys.stderr)


@contextmanager
def database(settings: Settings, create: bool = False) -> Iterator[sa.Engine]:
    """`open_database` for one command: its connections are closed when the command ends."""
    engine = open_database(settings, create)
    try:
        yield engine
    finally:
        engine.dispose()

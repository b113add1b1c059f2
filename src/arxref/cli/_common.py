"""What several command modules share: opening the database, loading a catalog file."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

from arxref.catalog import read_catalog_file
from arxref.settings import Settings
from arxref.store.catalog import count_catalog, load_catalog
from arxref.store.engine import make_engine, upgrade_schema


def open_database(settings: Settings) -> sa.Engine:
    """The configured database, migrated to the newest schema."""
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    return engine


def load_catalog_file(engine: sa.Engine, path: Path) -> None:
    """Load a snapshot file into the catalog with a progress display on stderr."""

    def progress(n: int) -> None:
        print(f"\rcatalog: {n} records", end="", file=sys.stderr, flush=True)

    interactive = sys.stderr.isatty()
    total = load_catalog(engine, read_catalog_file(path), progress=progress if interactive else None)
    with engine.connect() as conn:
        size = count_catalog(conn)
    end = "\r" if interactive else ""
    print(f"{end}catalog: {total} records read from {path.name}; {size} in the catalog", file=sys.stderr)


@contextmanager
def database(settings: Settings) -> Iterator[sa.Engine]:
    """`open_database` for one command: its connections are closed when the command ends."""
    engine = open_database(settings)
    try:
        yield engine
    finally:
        engine.dispose()

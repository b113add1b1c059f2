"""The `arxiv_catalog` table: loading snapshot records and looking them up."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict
from itertools import islice

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from arxref.catalog import CatalogRecord, first_author_surname, normalize_title
from arxref.store.tables import arxiv_catalog

BATCH_SIZE = 2000


def load_catalog(
    engine: sa.Engine,
    records: Iterable[CatalogRecord],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Insert or update records in batches (a reload refreshes them); returns the count."""
    total = 0
    iterator = iter(records)
    while batch := list(islice(iterator, BATCH_SIZE)):
        rows = [_row(record) for record in batch]
        # A snapshot may list an id twice; the last line wins, as a reload would.
        rows = list({row["arxiv_id"]: row for row in rows}.values())
        with engine.begin() as conn:
            conn.execute(_upsert(conn), rows)
        total += len(batch)
        if progress is not None:
            progress(total)
    return total


def count_catalog(conn: sa.Connection) -> int:
    """How many records the catalog holds."""
    return conn.execute(sa.select(sa.func.count()).select_from(arxiv_catalog)).scalar_one()


class SqlCatalog:
    """Catalog lookups over one open connection (the `CatalogLookup` protocol)."""

    def __init__(self, conn: sa.Connection) -> None:
        self._conn = conn

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        row = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.arxiv_id == arxiv_id)).first()
        return _record(row) if row is not None else None

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        if not title_norm:
            return []
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.title_norm == title_norm))
        return [_record(row) for row in rows]

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        rows = self._conn.execute(sa.select(arxiv_catalog).where(arxiv_catalog.c.doi == doi.lower()))
        return [_record(row) for row in rows]


def _row(record: CatalogRecord) -> dict:
    row = asdict(record)
    row["title_norm"] = normalize_title(record.title) or None
    row["first_author_norm"] = first_author_surname(record.authors) or None
    return row


def _upsert(conn: sa.Connection) -> sa.Insert:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(arxiv_catalog)
    updated = {c.name: statement.excluded[c.name] for c in arxiv_catalog.columns if c.name != "arxiv_id"}
    return statement.on_conflict_do_update(index_elements=["arxiv_id"], set_=updated)


def _record(row: sa.Row) -> CatalogRecord:
    m = row._mapping
    return CatalogRecord(
        arxiv_id=m["arxiv_id"],
        title=m["title"],
        authors=m["authors"],
        doi=m["doi"],
        journal_ref=m["journal_ref"],
        categories=m["categories"],
        latest_version=m["latest_version"],
        year=m["year"],
        update_date=m["update_date"],
    )

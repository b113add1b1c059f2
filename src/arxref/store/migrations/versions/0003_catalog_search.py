"""Catalog candidate search: FTS5 over normalized titles on SQLite, a pg_trgm index on PostgreSQL.

Exact title lookup has its B-tree index since 0001; fuzzy lookup needs an index that
finds titles by their words, never a scan of millions of rows per reference.

- SQLite: `arxiv_catalog_fts`, an external-content FTS5 table over `title_norm`, kept
  in sync with `arxiv_catalog` by triggers (loads, upserts, harvests, deletes alike), and
  `arxiv_catalog_terms`, its fts5vocab view, which says how many titles hold a word (the
  search uses the rarest words).
- PostgreSQL: the pg_trgm extension (a contrib module; Debian's postgresql-15 ships it)
  and a GIN trigram index on `title_norm`.

Revision ID: 0003
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SQLITE_UP = (
    "CREATE VIRTUAL TABLE arxiv_catalog_fts USING fts5("
    "title_norm, content='arxiv_catalog', content_rowid='rowid')",
    "CREATE VIRTUAL TABLE arxiv_catalog_terms USING fts5vocab(arxiv_catalog_fts, 'row')",
    "CREATE TRIGGER arxiv_catalog_fts_insert AFTER INSERT ON arxiv_catalog BEGIN "
    "INSERT INTO arxiv_catalog_fts(rowid, title_norm) VALUES (new.rowid, new.title_norm); END",
    "CREATE TRIGGER arxiv_catalog_fts_delete AFTER DELETE ON arxiv_catalog BEGIN "
    "INSERT INTO arxiv_catalog_fts(arxiv_catalog_fts, rowid, title_norm) "
    "VALUES ('delete', old.rowid, old.title_norm); END",
    "CREATE TRIGGER arxiv_catalog_fts_update AFTER UPDATE ON arxiv_catalog BEGIN "
    "INSERT INTO arxiv_catalog_fts(arxiv_catalog_fts, rowid, title_norm) "
    "VALUES ('delete', old.rowid, old.title_norm); "
    "INSERT INTO arxiv_catalog_fts(rowid, title_norm) VALUES (new.rowid, new.title_norm); END",
    # Rows loaded before this migration.
    "INSERT INTO arxiv_catalog_fts(arxiv_catalog_fts) VALUES ('rebuild')",
)
SQLITE_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_insert",
    "DROP TABLE IF EXISTS arxiv_catalog_terms",
    "DROP TABLE IF EXISTS arxiv_catalog_fts",
)
POSTGRES_UP = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX ix_arxiv_catalog_title_trgm ON arxiv_catalog USING gin (title_norm gin_trgm_ops)",
)
POSTGRES_DOWN = ("DROP INDEX IF EXISTS ix_arxiv_catalog_title_trgm",)


def upgrade() -> None:
    for statement in SQLITE_UP if op.get_bind().dialect.name == "sqlite" else POSTGRES_UP:
        op.execute(statement)


def downgrade() -> None:
    for statement in SQLITE_DOWN if op.get_bind().dialect.name == "sqlite" else POSTGRES_DOWN:
        op.execute(statement)

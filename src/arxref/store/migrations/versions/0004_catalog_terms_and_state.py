"""Catalog word counts kept by triggers (SQLite) and a key-value table for catalog bookkeeping.

- SQLite: `arxiv_catalog_words` holds how many titles contain each word. The fts5vocab
  view of 0003 computes that by walking the word's whole posting list at every lookup,
  which costs milliseconds for a common word in a catalog of millions; the search only
  needs the rarest words, so it reads these counts instead. Triggers keep them in step
  with `arxiv_catalog` on every insert, update and delete, like the FTS5 table's.
  A title_norm is words of [0-9a-z] joined by single spaces, so it is split into a JSON
  array by replacing each space (CTEs are not allowed inside SQLite triggers).
- Both: `catalog_state` (key, value), e.g. the last OAI-PMH datestamp harvested, so a
  later `arxref catalog harvest` continues from it.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_WORDS_OF_NEW = "json_each('[\"' || replace(new.title_norm, ' ', '\",\"') || '\"]')"
_WORDS_OF_OLD = "json_each('[\"' || replace(old.title_norm, ' ', '\",\"') || '\"]')"
_ADD_NEW = (
    f"INSERT INTO arxiv_catalog_words(term, doc) SELECT DISTINCT value, 1 FROM {_WORDS_OF_NEW} "
    "WHERE new.title_norm IS NOT NULL ON CONFLICT(term) DO UPDATE SET doc = doc + 1;"
)
_REMOVE_OLD = (
    "UPDATE arxiv_catalog_words SET doc = doc - 1 WHERE old.title_norm IS NOT NULL "
    f"AND term IN (SELECT value FROM {_WORDS_OF_OLD});"
)
SQLITE_UP = (
    "CREATE TABLE arxiv_catalog_words (term TEXT PRIMARY KEY, doc INTEGER NOT NULL) WITHOUT ROWID",
    "INSERT INTO arxiv_catalog_words(term, doc) SELECT term, doc FROM arxiv_catalog_terms",
    f"CREATE TRIGGER arxiv_catalog_words_insert AFTER INSERT ON arxiv_catalog BEGIN {_ADD_NEW} END",
    f"CREATE TRIGGER arxiv_catalog_words_delete AFTER DELETE ON arxiv_catalog BEGIN {_REMOVE_OLD} END",
    "CREATE TRIGGER arxiv_catalog_words_update AFTER UPDATE OF title_norm ON arxiv_catalog "
    f"BEGIN {_REMOVE_OLD} {_ADD_NEW} END",
)
SQLITE_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_words_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_words_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_words_insert",
    "DROP TABLE IF EXISTS arxiv_catalog_words",
)


def upgrade() -> None:
    op.create_table(
        "catalog_state",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    if op.get_bind().dialect.name == "sqlite":
        for statement in SQLITE_UP:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for statement in SQLITE_DOWN:
            op.execute(statement)
    op.drop_table("catalog_state")

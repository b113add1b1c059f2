"""Catalog search tables kept in step in the time a changed title's words need.

0005's triggers removed a record's postings by `arxiv_id` from a table keyed (term, arxiv_id):
a full scan per updated row, so loading a snapshot into a catalog that already held it took
30-50x the first load. Now:
- postings are removed by the old title's words, each an index lookup on the primary key;
- nothing happens when the title did not change (SQLite: a WHEN clause on the update
  triggers; PostgreSQL: the statement trigger pairs old and new rows and skips equal titles);
- `load_catalog` itself skips rows whose values are all unchanged (ON CONFLICT ... WHERE),
  so reloading an unchanged snapshot writes nothing.

Revision ID: 0007
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_WORDS_OF_NEW = "json_each('[\"' || replace(new.title_norm, ' ', '\",\"') || '\"]')"
_WORDS_OF_OLD = "json_each('[\"' || replace(old.title_norm, ' ', '\",\"') || '\"]')"
_POSTINGS_ADD_NEW = (
    f"INSERT OR IGNORE INTO arxiv_catalog_postings(term, arxiv_id) SELECT DISTINCT value, new.arxiv_id "
    f"FROM {_WORDS_OF_NEW} WHERE new.title_norm IS NOT NULL;"
)
_POSTINGS_REMOVE_OLD = (
    "DELETE FROM arxiv_catalog_postings WHERE arxiv_id = old.arxiv_id "
    f"AND term IN (SELECT value FROM {_WORDS_OF_OLD});"
)
_WORDS_ADD_NEW = (
    f"INSERT INTO arxiv_catalog_words(term, doc) SELECT DISTINCT value, 1 FROM {_WORDS_OF_NEW} "
    "WHERE new.title_norm IS NOT NULL ON CONFLICT(term) DO UPDATE SET doc = doc + 1;"
)
_WORDS_REMOVE_OLD = (
    "UPDATE arxiv_catalog_words SET doc = doc - 1 WHERE old.title_norm IS NOT NULL "
    f"AND term IN (SELECT value FROM {_WORDS_OF_OLD});"
)
_TITLE_CHANGED = "old.title_norm IS NOT new.title_norm OR old.arxiv_id IS NOT new.arxiv_id"

SQLITE_UP = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_words_update",
    f"CREATE TRIGGER arxiv_catalog_postings_delete AFTER DELETE ON arxiv_catalog "
    f"BEGIN {_POSTINGS_REMOVE_OLD} END",
    f"CREATE TRIGGER arxiv_catalog_postings_update AFTER UPDATE OF title_norm, arxiv_id ON arxiv_catalog "
    f"WHEN {_TITLE_CHANGED} BEGIN {_POSTINGS_REMOVE_OLD} {_POSTINGS_ADD_NEW} END",
    f"CREATE TRIGGER arxiv_catalog_words_update AFTER UPDATE OF title_norm ON arxiv_catalog "
    f"WHEN old.title_norm IS NOT new.title_norm BEGIN {_WORDS_REMOVE_OLD} {_WORDS_ADD_NEW} END",
)
# 0004's and 0005's triggers, as they created them.
_OLD_POSTINGS_REMOVE = "DELETE FROM arxiv_catalog_postings WHERE arxiv_id = old.arxiv_id;"
SQLITE_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_words_update",
    f"CREATE TRIGGER arxiv_catalog_postings_delete AFTER DELETE ON arxiv_catalog "
    f"BEGIN {_OLD_POSTINGS_REMOVE} END",
    "CREATE TRIGGER arxiv_catalog_postings_update AFTER UPDATE OF title_norm, arxiv_id ON arxiv_catalog "
    f"BEGIN {_OLD_POSTINGS_REMOVE} {_POSTINGS_ADD_NEW} END",
    "CREATE TRIGGER arxiv_catalog_words_update AFTER UPDATE OF title_norm ON arxiv_catalog "
    f"BEGIN {_WORDS_REMOVE_OLD} {_WORDS_ADD_NEW} END",
)

# The rows whose (id, title) left, and those that came: an UPDATE that kept a title is neither.
_GONE = (
    "SELECT DISTINCT t.term, o.arxiv_id FROM old_rows AS o, unnest(string_to_array(o.title_norm, ' ')) "
    "AS t(term) WHERE o.title_norm IS NOT NULL{keep}"
)
_CAME = (
    "SELECT DISTINCT t.term, n.arxiv_id FROM new_rows AS n, unnest(string_to_array(n.title_norm, ' ')) "
    "AS t(term) WHERE n.title_norm IS NOT NULL{keep}"
)
_OLD_KEPT = (
    " AND NOT EXISTS (SELECT 1 FROM new_rows AS k WHERE k.arxiv_id = o.arxiv_id "
    "AND k.title_norm IS NOT DISTINCT FROM o.title_norm)"
)
_NEW_KEPT = (
    " AND NOT EXISTS (SELECT 1 FROM old_rows AS k WHERE k.arxiv_id = n.arxiv_id "
    "AND k.title_norm IS NOT DISTINCT FROM n.title_norm)"
)


def _remove(rows: str) -> str:
    return f"""
        WITH gone AS (
            DELETE FROM arxiv_catalog_postings AS p USING ({rows}) AS x
            WHERE p.term = x.term AND p.arxiv_id = x.arxiv_id RETURNING p.term
        )
        UPDATE arxiv_catalog_words AS w SET doc = w.doc - g.n
        FROM (SELECT term, count(*) AS n FROM gone GROUP BY term) AS g WHERE w.term = g.term;"""


def _add(rows: str) -> str:
    return f"""
        WITH added AS (
            INSERT INTO arxiv_catalog_postings (term, arxiv_id) {rows}
            ON CONFLICT DO NOTHING RETURNING term
        )
        INSERT INTO arxiv_catalog_words (term, doc) SELECT term, count(*) FROM added GROUP BY term
        ON CONFLICT (term) DO UPDATE SET doc = arxiv_catalog_words.doc + excluded.doc;"""


# One function for the three statement triggers; each branch reads only the transition tables its
# event declares (PL/pgSQL plans a statement when it first runs it).
_PG_SYNC = f"""
CREATE OR REPLACE FUNCTION arxiv_catalog_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN{_remove(_GONE.format(keep=""))}
    ELSIF TG_OP = 'UPDATE' THEN{_remove(_GONE.format(keep=_OLD_KEPT))}{_add(_CAME.format(keep=_NEW_KEPT))}
    ELSE{_add(_CAME.format(keep=""))}
    END IF;
    RETURN NULL;
END $$
"""
# 0005's function, as it created it.
_PG_SYNC_0005 = """
CREATE OR REPLACE FUNCTION arxiv_catalog_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        WITH gone AS (
            DELETE FROM arxiv_catalog_postings AS p USING old_rows AS o
            WHERE p.arxiv_id = o.arxiv_id RETURNING p.term
        )
        UPDATE arxiv_catalog_words AS w SET doc = w.doc - g.n
        FROM (SELECT term, count(*) AS n FROM gone GROUP BY term) AS g WHERE w.term = g.term;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        WITH added AS (
            INSERT INTO arxiv_catalog_postings (term, arxiv_id)
            SELECT DISTINCT t.term, n.arxiv_id
            FROM new_rows AS n, unnest(string_to_array(n.title_norm, ' ')) AS t(term)
            WHERE n.title_norm IS NOT NULL
            ON CONFLICT DO NOTHING RETURNING term
        )
        INSERT INTO arxiv_catalog_words (term, doc) SELECT term, count(*) FROM added GROUP BY term
        ON CONFLICT (term) DO UPDATE SET doc = arxiv_catalog_words.doc + excluded.doc;
    END IF;
    RETURN NULL;
END $$
"""


def upgrade() -> None:
    for statement in SQLITE_UP if op.get_bind().dialect.name == "sqlite" else (_PG_SYNC,):
        op.execute(statement)


def downgrade() -> None:
    for statement in SQLITE_DOWN if op.get_bind().dialect.name == "sqlite" else (_PG_SYNC_0005,):
        op.execute(statement)

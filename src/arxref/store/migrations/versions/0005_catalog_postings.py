"""Catalog search by a word -> id B-tree on both backends, replacing FTS5 (SQLite) and pg_trgm (PostgreSQL).

- Both: `arxiv_catalog_postings (term, arxiv_id)`, primary key in that order, one row per
  distinct word of a title. The search counts, per id, how many of a query's picked words
  a title holds: an index-only range scan per word, and the same candidates on SQLite,
  PostgreSQL and `MemoryCatalog` (the trigram similarity of 0003 found other ones, and at
  a long entry's low similarity bar nearly every row qualified).
- PostgreSQL also gets 0004's `arxiv_catalog_words` (how many titles hold each word), so
  both pick the rarest words from the same counts. Statement-level triggers with transition
  tables keep both tables in step: a batch upsert or a COPY costs one set-based statement,
  not one trigger call per row. The trigram index is dropped: nothing searches by it.
- SQLite: row triggers keep the postings (the word counts keep 0004's triggers); the FTS5
  table of 0003 and its triggers are dropped, nothing reads them.
- `arxiv_id` is compared bytewise (COLLATE "C" on PostgreSQL), so ties are broken in the
  same order as Python's sort on every backend.

Revision ID: 0005
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_WORDS_OF_NEW = "json_each('[\"' || replace(new.title_norm, ' ', '\",\"') || '\"]')"
_ADD_NEW = (
    f"INSERT OR IGNORE INTO arxiv_catalog_postings(term, arxiv_id) SELECT DISTINCT value, new.arxiv_id "
    f"FROM {_WORDS_OF_NEW} WHERE new.title_norm IS NOT NULL;"
)
_REMOVE_OLD = "DELETE FROM arxiv_catalog_postings WHERE arxiv_id = old.arxiv_id;"
SQLITE_UP = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_fts_insert",
    "DROP TABLE IF EXISTS arxiv_catalog_terms",
    "DROP TABLE IF EXISTS arxiv_catalog_fts",
    "CREATE TABLE arxiv_catalog_postings (term TEXT NOT NULL, arxiv_id VARCHAR(64) NOT NULL, "
    "PRIMARY KEY (term, arxiv_id)) WITHOUT ROWID",
    "INSERT INTO arxiv_catalog_postings(term, arxiv_id) SELECT DISTINCT j.value, c.arxiv_id "
    "FROM arxiv_catalog AS c, json_each('[\"' || replace(c.title_norm, ' ', '\",\"') || '\"]') AS j "
    "WHERE c.title_norm IS NOT NULL ORDER BY 1, 2",
    f"CREATE TRIGGER arxiv_catalog_postings_insert AFTER INSERT ON arxiv_catalog BEGIN {_ADD_NEW} END",
    f"CREATE TRIGGER arxiv_catalog_postings_delete AFTER DELETE ON arxiv_catalog BEGIN {_REMOVE_OLD} END",
    "CREATE TRIGGER arxiv_catalog_postings_update AFTER UPDATE OF title_norm, arxiv_id ON arxiv_catalog "
    f"BEGIN {_REMOVE_OLD} {_ADD_NEW} END",
)
SQLITE_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_update",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_delete",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_insert",
    "DROP TABLE IF EXISTS arxiv_catalog_postings",
    # 0003's search index, as it created it.
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
    "INSERT INTO arxiv_catalog_fts(arxiv_catalog_fts) VALUES ('rebuild')",
)
# One function for the three statement triggers; each branch reads only the transition tables its
# event declares (PL/pgSQL plans a statement when it first runs it).
_PG_SYNC = """
CREATE FUNCTION arxiv_catalog_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
POSTGRES_UP = (
    "DROP INDEX IF EXISTS ix_arxiv_catalog_title_trgm",
    "ALTER TABLE arxiv_catalog ALTER COLUMN arxiv_id TYPE VARCHAR(64) COLLATE \"C\"",
    "CREATE TABLE arxiv_catalog_words (term TEXT COLLATE \"C\" PRIMARY KEY, doc INTEGER NOT NULL)",
    "CREATE TABLE arxiv_catalog_postings (term TEXT COLLATE \"C\" NOT NULL, "
    "arxiv_id VARCHAR(64) COLLATE \"C\" NOT NULL, PRIMARY KEY (term, arxiv_id))",
    "INSERT INTO arxiv_catalog_postings (term, arxiv_id) SELECT DISTINCT t.term, c.arxiv_id "
    "FROM arxiv_catalog AS c, unnest(string_to_array(c.title_norm, ' ')) AS t(term) "
    "WHERE c.title_norm IS NOT NULL",
    "INSERT INTO arxiv_catalog_words (term, doc) "
    "SELECT term, count(*) FROM arxiv_catalog_postings GROUP BY term",
    _PG_SYNC,
    "CREATE TRIGGER arxiv_catalog_postings_insert AFTER INSERT ON arxiv_catalog "
    "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_postings_sync()",
    "CREATE TRIGGER arxiv_catalog_postings_update AFTER UPDATE ON arxiv_catalog "
    "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows "
    "FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_postings_sync()",
    "CREATE TRIGGER arxiv_catalog_postings_delete AFTER DELETE ON arxiv_catalog "
    "REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_postings_sync()",
)
POSTGRES_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_delete ON arxiv_catalog",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_update ON arxiv_catalog",
    "DROP TRIGGER IF EXISTS arxiv_catalog_postings_insert ON arxiv_catalog",
    "DROP FUNCTION IF EXISTS arxiv_catalog_postings_sync()",
    "DROP TABLE IF EXISTS arxiv_catalog_postings",
    "DROP TABLE IF EXISTS arxiv_catalog_words",
    "ALTER TABLE arxiv_catalog ALTER COLUMN arxiv_id TYPE VARCHAR(64) COLLATE \"default\"",
    "CREATE INDEX ix_arxiv_catalog_title_trgm ON arxiv_catalog USING gin (title_norm gin_trgm_ops)",
)


def upgrade() -> None:
    for statement in SQLITE_UP if op.get_bind().dialect.name == "sqlite" else POSTGRES_UP:
        op.execute(statement)


def downgrade() -> None:
    for statement in SQLITE_DOWN if op.get_bind().dialect.name == "sqlite" else POSTGRES_DOWN:
        op.execute(statement)

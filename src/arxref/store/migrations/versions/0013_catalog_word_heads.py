"""PostgreSQL: each word's first ids with their titles, and first authors' titles in their index.

At 2.5M rows the server spent ~47 ms a round of the bench's PDF entries (a third of its CPU)
reading the normalized title of each search hit and first author's record by id (`title_norms`,
~9,000 index descents of ~5 us), so that `resolve.narrowing` can score them before any record is
read whole. Most of those hits are the first SEARCH_LIMIT ids of a query's one word (a word past
the budget with another leaves a query one word), the rest a first author's records:

- `arxiv_catalog_heads (term, arxiv_id, title_norm)`: the HEAD_SIZE (20, the resolver's
  SEARCH_LIMIT) first ids, bytewise, of each word's postings, each with its title, read from
  the primary key alone (title_norm INCLUDEd). Kept by statement triggers of their own,
  which do not depend on the postings triggers having run: an insert merges the new rows'
  (word, id) pairs into the heads of their words, an update or delete of a title removes its
  pairs and refills those words from the postings (the changed ids left out: their new pairs
  are merged as an insert's). A COPY batch of the bulk loader fires them once, set-based.
- `ix_arxiv_catalog_first_author` INCLUDEs title_norm, and its surname is compared bytewise
  (COLLATE "C"; equality is the same under any deterministic collation): the first-author lookup
  returns each id's title from the index pages it walks already.

SQLite gets neither: its title lookups cost half as much, it meets the bench's target without
them, and its per-row triggers would make every first load slower.

Revision ID: 0013
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

HEAD_SIZE = 20

# The (word, id) pairs of `fresh` (arxiv_id, title_norm rows) merged into the heads: of each word only the
# HEAD_SIZE first new ids can enter; with the word's present heads they are ranked, those past HEAD_SIZE
# leave, the new ones within it come in with their titles. A pair there already (an upsert's update
# trigger may have refilled it from the postings first) is taken as new: its title is written again.
_MERGE = f"""
        WITH fresh AS (SELECT arxiv_id, title_norm FROM {{source}} AS s WHERE title_norm IS NOT NULL),
        pairs AS (
            SELECT DISTINCT t.term, f.arxiv_id
            FROM fresh AS f, unnest(string_to_array(f.title_norm, ' ')) AS t(term)
        ),
        firsts AS (
            SELECT term, arxiv_id FROM (
                SELECT term, arxiv_id, row_number() OVER (PARTITION BY term ORDER BY arxiv_id) AS k FROM pairs
            ) AS r WHERE k <= {HEAD_SIZE}
        ),
        merged AS (
            SELECT term, arxiv_id, is_new, row_number() OVER (PARTITION BY term ORDER BY arxiv_id) AS k FROM (
                SELECT term, arxiv_id, true AS is_new FROM firsts
                UNION ALL
                SELECT h.term, h.arxiv_id, false FROM arxiv_catalog_heads AS h
                WHERE h.term IN (SELECT term FROM firsts)
                AND NOT EXISTS (SELECT 1 FROM firsts AS f WHERE f.term = h.term AND f.arxiv_id = h.arxiv_id)
            ) AS b
        ),
        pushed AS (
            DELETE FROM arxiv_catalog_heads AS h USING merged AS m
            WHERE NOT m.is_new AND m.k > {HEAD_SIZE} AND h.term = m.term AND h.arxiv_id = m.arxiv_id
        )
        INSERT INTO arxiv_catalog_heads (term, arxiv_id, title_norm)
        SELECT m.term, m.arxiv_id, f.title_norm FROM merged AS m JOIN fresh AS f ON f.arxiv_id = m.arxiv_id
        WHERE m.is_new AND m.k <= {HEAD_SIZE}
        ON CONFLICT (term, arxiv_id) DO UPDATE SET title_norm = excluded.title_norm;
"""
# The words of `gone` (arxiv_id, title_norm rows no longer in the catalog as they were): their pairs leave
# the heads, and each such word's heads are filled again from its postings, the `gone` ids left out
# (whether or not the postings trigger has removed them yet; an id that stays comes back by `_MERGE`).
_REMOVE = f"""
        WITH gone AS (SELECT arxiv_id, title_norm FROM {{source}} AS s WHERE title_norm IS NOT NULL),
        pairs AS (
            SELECT DISTINCT t.term, g.arxiv_id
            FROM gone AS g, unnest(string_to_array(g.title_norm, ' ')) AS t(term)
        )
        DELETE FROM arxiv_catalog_heads AS h USING pairs AS p
        WHERE h.term = p.term AND h.arxiv_id = p.arxiv_id;
        WITH gone AS (SELECT arxiv_id, title_norm FROM {{source}} AS s WHERE title_norm IS NOT NULL),
        words AS (
            SELECT DISTINCT t.term FROM gone AS g, unnest(string_to_array(g.title_norm, ' ')) AS t(term)
        )
        INSERT INTO arxiv_catalog_heads (term, arxiv_id, title_norm)
        SELECT w.term, c.arxiv_id, c.title_norm FROM words AS w
        CROSS JOIN LATERAL (
            SELECT p.arxiv_id FROM arxiv_catalog_postings AS p
            WHERE p.term = w.term AND p.arxiv_id NOT IN (SELECT arxiv_id FROM gone)
            ORDER BY p.arxiv_id LIMIT {HEAD_SIZE}
        ) AS f
        JOIN arxiv_catalog AS c ON c.arxiv_id = f.arxiv_id
        ON CONFLICT DO NOTHING;
"""
# An update changes the heads only where a row's (id, title) changed: most reloads change other columns.
_OLD_ONLY = "(SELECT arxiv_id, title_norm FROM old_rows EXCEPT SELECT arxiv_id, title_norm FROM new_rows)"
_NEW_ONLY = "(SELECT arxiv_id, title_norm FROM new_rows EXCEPT SELECT arxiv_id, title_norm FROM old_rows)"
_SYNC = f"""
CREATE FUNCTION arxiv_catalog_heads_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        {_MERGE.format(source="new_rows")}
    ELSIF TG_OP = 'DELETE' THEN
        {_REMOVE.format(source="old_rows")}
    ELSE
        {_REMOVE.format(source=_OLD_ONLY)}
        {_MERGE.format(source=_NEW_ONLY)}
    END IF;
    RETURN NULL;
END $$
"""
POSTGRES_UP = (
    "CREATE TABLE arxiv_catalog_heads (term TEXT COLLATE \"C\" NOT NULL, "
    "arxiv_id VARCHAR(64) COLLATE \"C\" NOT NULL, title_norm TEXT COLLATE \"C\" NOT NULL, "
    "PRIMARY KEY (term, arxiv_id) INCLUDE (title_norm))",
    "INSERT INTO arxiv_catalog_heads (term, arxiv_id, title_norm) "
    "SELECT w.term, c.arxiv_id, c.title_norm FROM arxiv_catalog_words AS w "
    "CROSS JOIN LATERAL (SELECT p.arxiv_id FROM arxiv_catalog_postings AS p WHERE p.term = w.term "
    f"ORDER BY p.arxiv_id LIMIT {HEAD_SIZE}) AS f JOIN arxiv_catalog AS c ON c.arxiv_id = f.arxiv_id",
    _SYNC,
    "CREATE TRIGGER arxiv_catalog_heads_insert AFTER INSERT ON arxiv_catalog "
    "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_heads_sync()",
    "CREATE TRIGGER arxiv_catalog_heads_update AFTER UPDATE ON arxiv_catalog "
    "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows "
    "FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_heads_sync()",
    "CREATE TRIGGER arxiv_catalog_heads_delete AFTER DELETE ON arxiv_catalog "
    "REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION arxiv_catalog_heads_sync()",
    "DROP INDEX ix_arxiv_catalog_first_author",
    'ALTER TABLE arxiv_catalog ALTER COLUMN first_author_norm TYPE TEXT COLLATE "C"',
    "CREATE INDEX ix_arxiv_catalog_first_author ON arxiv_catalog (first_author_norm, year, arxiv_id) "
    "INCLUDE (title_norm)",
    "ANALYZE arxiv_catalog (first_author_norm)",
    "ANALYZE arxiv_catalog_heads",
)
POSTGRES_DOWN = (
    "DROP TRIGGER IF EXISTS arxiv_catalog_heads_delete ON arxiv_catalog",
    "DROP TRIGGER IF EXISTS arxiv_catalog_heads_update ON arxiv_catalog",
    "DROP TRIGGER IF EXISTS arxiv_catalog_heads_insert ON arxiv_catalog",
    "DROP FUNCTION IF EXISTS arxiv_catalog_heads_sync()",
    "DROP TABLE IF EXISTS arxiv_catalog_heads",
    "DROP INDEX ix_arxiv_catalog_first_author",
    'ALTER TABLE arxiv_catalog ALTER COLUMN first_author_norm TYPE TEXT COLLATE "default"',
    "CREATE INDEX ix_arxiv_catalog_first_author ON arxiv_catalog (first_author_norm, year, arxiv_id)",
    "ANALYZE arxiv_catalog (first_author_norm)",
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for statement in POSTGRES_UP:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for statement in POSTGRES_DOWN:
            op.execute(statement)

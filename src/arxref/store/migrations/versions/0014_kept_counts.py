"""Counts kept as the rows change, so /status, /metrics and a record never count a large table.

At 20 million references, counting links by status joins two 20-million-row tables (tens of
seconds), versions by state walks every version, and a paper cited 100,000 times has its
100,000 links read to count them and find the newest. Three small tables hold those counts:

- `version_state_counts (state, slot, total)`: versions by state, kept by a row trigger on
  `paper_versions`, which every state change goes through (queue, claim, fail, store, requeue).
- `reference_counts (source, status, slot, total)`: stored references by source and resolution
  status, and `paper_inbound_counts (arxiv_id, total, changed_at, revision)`: how many stored
  references resolve to each paper, and a number raised at every change of them (a record's
  page anchors are valid while it stands). Both are kept by `store.counts`, called by the only
  writer of references and links (`store.references`), which adds each transaction's changes as
  upserts in key order: row triggers would lock two papers' counts in the order a bibliography
  names them, and two workers storing papers that cite the same two papers in opposite orders
  would deadlock.

`slot` (a version's id modulo 16) spreads the counts that every worker changes over 16 rows, so
two workers finishing at once rarely wait on the same row; readers add the slots up. The
upgrade counts what is already stored.

Revision ID: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

SLOTS = 16

# One pair of rows per changed version, in state order (LEAST first), so that two transactions moving
# versions of one slot between the same two states lock the two counts in the same order.
POSTGRESQL_UP = (
    f"""
    CREATE FUNCTION arxref_count_version_states() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            INSERT INTO version_state_counts AS c (state, slot, total) VALUES (NEW.state, NEW.id % {SLOTS}, 1)
            ON CONFLICT (state, slot) DO UPDATE SET total = c.total + 1;
        ELSIF TG_OP = 'DELETE' THEN
            UPDATE version_state_counts SET total = total - 1
            WHERE state = OLD.state AND slot = OLD.id % {SLOTS};
        ELSIF OLD.state IS DISTINCT FROM NEW.state THEN
            INSERT INTO version_state_counts AS c (state, slot, total)
            VALUES (LEAST(OLD.state, NEW.state), NEW.id % {SLOTS},
                    CASE WHEN OLD.state < NEW.state THEN -1 ELSE 1 END),
                   (GREATEST(OLD.state, NEW.state), NEW.id % {SLOTS},
                    CASE WHEN OLD.state < NEW.state THEN 1 ELSE -1 END)
            ON CONFLICT (state, slot) DO UPDATE SET total = c.total + excluded.total;
        END IF;
        RETURN NULL;
    END $$
    """,
    "CREATE TRIGGER paper_versions_count_states AFTER INSERT OR DELETE OR UPDATE OF state ON paper_versions "
    "FOR EACH ROW EXECUTE FUNCTION arxref_count_version_states()",
)
POSTGRESQL_DOWN = (
    "DROP TRIGGER IF EXISTS paper_versions_count_states ON paper_versions",
    "DROP FUNCTION IF EXISTS arxref_count_version_states()",
)

_ADD_NEW = (
    f"INSERT INTO version_state_counts (state, slot, total) VALUES (new.state, new.id % {SLOTS}, 1) "
    "ON CONFLICT (state, slot) DO UPDATE SET total = total + 1;"
)
_REMOVE_OLD = (
    f"UPDATE version_state_counts SET total = total - 1 WHERE state = old.state AND slot = old.id % {SLOTS};"
)
SQLITE_UP = (
    f"CREATE TRIGGER paper_versions_count_insert AFTER INSERT ON paper_versions BEGIN {_ADD_NEW} END",
    f"CREATE TRIGGER paper_versions_count_delete AFTER DELETE ON paper_versions BEGIN {_REMOVE_OLD} END",
    "CREATE TRIGGER paper_versions_count_update AFTER UPDATE OF state ON paper_versions "
    f"WHEN old.state IS NOT new.state BEGIN {_REMOVE_OLD} {_ADD_NEW} END",
)
SQLITE_DOWN = (
    "DROP TRIGGER IF EXISTS paper_versions_count_update",
    "DROP TRIGGER IF EXISTS paper_versions_count_delete",
    "DROP TRIGGER IF EXISTS paper_versions_count_insert",
)

RESOLVED = "('verified_exact', 'verified_fuzzy')"
COUNT_EXISTING = (
    f"INSERT INTO version_state_counts (state, slot, total) "
    f"SELECT state, id % {SLOTS}, count(*) FROM paper_versions GROUP BY state, id % {SLOTS}",
    f"INSERT INTO reference_counts (source, status, slot, total) "
    f"SELECT r.source, l.status, r.version_id % {SLOTS}, count(*) FROM paper_references r "
    "JOIN paper_reference_links l ON l.reference_id = r.id "
    f"GROUP BY r.source, l.status, r.version_id % {SLOTS}",
    "INSERT INTO paper_inbound_counts (arxiv_id, total, changed_at) "
    "SELECT cited_arxiv_id, count(*), max(observed_at) FROM paper_reference_links "
    f"WHERE status IN {RESOLVED} AND cited_arxiv_id IS NOT NULL GROUP BY cited_arxiv_id",
)


def upgrade() -> None:
    op.create_table(
        "version_state_counts",
        sa.Column("state", sa.String(16), primary_key=True),
        sa.Column("slot", sa.Integer, primary_key=True),
        sa.Column("total", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "reference_counts",
        sa.Column("source", sa.String(16), primary_key=True),
        sa.Column("status", sa.String(32), primary_key=True),
        sa.Column("slot", sa.Integer, primary_key=True),
        sa.Column("total", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "paper_inbound_counts",
        sa.Column("arxiv_id", sa.String(64), primary_key=True),
        sa.Column("total", sa.BigInteger, nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revision", sa.BigInteger, nullable=False, server_default="0"),
    )
    postgresql = op.get_bind().dialect.name == "postgresql"
    # Triggers first: on PostgreSQL creating one locks out writers of versions until this commits, and
    # the references are locked for the count, so no change falls between the count and the keeping.
    for statement in POSTGRESQL_UP if postgresql else SQLITE_UP:
        op.execute(statement)
    if postgresql:
        op.execute("LOCK TABLE paper_references, paper_reference_links IN SHARE MODE")
    for statement in COUNT_EXISTING:
        op.execute(statement)


def downgrade() -> None:
    for statement in POSTGRESQL_DOWN if op.get_bind().dialect.name == "postgresql" else SQLITE_DOWN:
        op.execute(statement)
    op.drop_table("paper_inbound_counts")
    op.drop_table("reference_counts")
    op.drop_table("version_state_counts")

"""An index on (id, normalized title) of the catalog: a candidate's title read from the index alone.

Batch resolution scores every search hit and first author's record by its title before reading
any whole record (`resolve.narrowing`): at 2.5M rows ~11,000 titles by id per thousand entries.
Through the primary key each costs a visit to the row's page, scattered over the table (PostgreSQL
8 -> 5 us of server CPU a title, SQLite 3.6 -> 2.5 us); this index holds the pairs densely, and
the lookup reads it alone (index-only on PostgreSQL once the table is vacuumed; SQLite names it).
Both backends, the same two columns.

Revision ID: 0012
"""

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_arxiv_catalog_id_title", "arxiv_catalog", ["arxiv_id", "title_norm"])


def downgrade() -> None:
    op.drop_index("ix_arxiv_catalog_id_title", table_name="arxiv_catalog")

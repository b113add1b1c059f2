"""What the citation record service reads: the catalog's dates, and an index for inbound citations.

- `arxiv_catalog.submitted_at` (v1) and `last_updated` (the latest version): a record shows them,
  as arXiv's snapshot dates each version (`versions[].created`). Stored as ISO 8601 text, as
  `update_date` is: the catalog is read at the driver level, and the same text comes back from
  SQLite and PostgreSQL.
- `ix_paper_reference_links_inbound`: the links that resolve to a paper (verified exact or fuzzy),
  by cited id then reference id, partial on those two statuses. A record pages its inbound
  citations in stored order and counts them from this index alone, whatever the size of the
  tables; the plain cited-id index left PostgreSQL joining every citing reference (a hash join
  over all of `paper_references`) to sort 2,000 of them.

Revision ID: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

RESOLVED = sa.text("status IN ('verified_exact', 'verified_fuzzy')")


def upgrade() -> None:
    with op.batch_alter_table("arxiv_catalog") as batch:
        batch.add_column(sa.Column("submitted_at", sa.String(20), nullable=True))
        batch.add_column(sa.Column("last_updated", sa.String(20), nullable=True))
    op.create_index(
        "ix_paper_reference_links_inbound",
        "paper_reference_links",
        ["cited_arxiv_id", "reference_id"],
        postgresql_where=RESOLVED,
        sqlite_where=RESOLVED,
    )


def downgrade() -> None:
    op.drop_index("ix_paper_reference_links_inbound", table_name="paper_reference_links")
    with op.batch_alter_table("arxiv_catalog") as batch:
        batch.drop_column("last_updated")
        batch.drop_column("submitted_at")

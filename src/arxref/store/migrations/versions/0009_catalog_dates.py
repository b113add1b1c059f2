"""The catalog keeps when a paper was submitted and last updated.

A citation record shows `submitted_at` (v1) and `last_updated` (the latest version) of the
paper, as arXiv's snapshot dates each version (`versions[].created`). Stored as ISO 8601
text, as `update_date` is: the catalog is read at the driver level, and the same text comes
back from SQLite and PostgreSQL.

Revision ID: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("arxiv_catalog") as batch:
        batch.add_column(sa.Column("submitted_at", sa.String(20), nullable=True))
        batch.add_column(sa.Column("last_updated", sa.String(20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("arxiv_catalog") as batch:
        batch.drop_column("last_updated")
        batch.drop_column("submitted_at")

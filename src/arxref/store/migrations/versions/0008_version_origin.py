"""Where a version's files were read from.

`arxref process FILE|FOLDER` reads a version from a local folder; `reprocess --failed`
later had no way to know it and went to arXiv instead, overwriting the real error with
a connection error. `paper_versions.origin` keeps that folder (null: arXiv over HTTP or
the mirror, as the settings say).

Revision ID: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("paper_versions") as batch:
        batch.add_column(sa.Column("origin", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("paper_versions") as batch:
        batch.drop_column("origin")

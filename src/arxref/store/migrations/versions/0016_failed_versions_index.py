"""Failed versions in an index of their own: /status and /metrics group them without the table.

/status and each /metrics scrape count failed versions by (stage, error class) and list each
group's newest. Both went through the state index and read every failed version's row: at 20M
references (369,000 versions, 7,400 failed) 16 ms for the groups and 11 ms for each group's
newest, growing with the failures. `ix_paper_versions_failed (stage, last_error_class,
finished_at, id)`, partial on `state = 'failed'` (a few percent of the versions), answers the
groups from the index alone and each group's newest from one range of it.

Revision ID: 0016
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

FAILED = sa.text("state = 'failed'")


def upgrade() -> None:
    op.create_index(
        "ix_paper_versions_failed",
        "paper_versions",
        ["stage", "last_error_class", "finished_at", "id"],
        postgresql_where=FAILED,
        sqlite_where=FAILED,
    )


def downgrade() -> None:
    op.drop_index("ix_paper_versions_failed", table_name="paper_versions")

"""Worker pool: count task runs per stage (poison-message guard) and index finish times (throughput).

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("paper_versions") as batch:
        batch.add_column(sa.Column("task_runs", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_paper_versions_finished_at", "paper_versions", ["finished_at"])


def downgrade() -> None:
    op.drop_index("ix_paper_versions_finished_at", table_name="paper_versions")
    with op.batch_alter_table("paper_versions") as batch:
        batch.drop_column("task_runs")

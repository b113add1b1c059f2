"""The e-print and the PDF of a version cross-checked: a quality figure for every paper without gold.

- `paper_crosschecks`: one row per version (its agreement in [0, 1], counts by agreement and
  disagreement kind, entries per path, the PDF path's error if it failed, the extractor version,
  when), indexed by agreement for the worst-first report.
- `paper_crosscheck_rows`: the alignment, one row per pair or lone entry with both texts.
Both are replaced as a whole on every run, as a version's references are.

Revision ID: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "paper_crosschecks",
        sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), primary_key=True),
        sa.Column("agreement", sa.Float, nullable=False),
        sa.Column("counts", sa.JSON, nullable=False),
        sa.Column("eprint_entries", sa.Integer, nullable=False),
        sa.Column("pdf_entries", sa.Integer, nullable=False),
        sa.Column("pdf_error", sa.Text, nullable=True),
        sa.Column("extractor_version", sa.String(32), nullable=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_paper_crosschecks_agreement", "paper_crosschecks", ["agreement"])
    op.create_table(
        "paper_crosscheck_rows",
        sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("agreement", sa.String(16), nullable=False),
        sa.Column("disagreement", sa.String(24), nullable=True),
        sa.Column("similarity", sa.Float, nullable=True),
        sa.Column("index_agrees", sa.Boolean, nullable=True),
        sa.Column("eprint_bibliography", sa.Integer, nullable=True),
        sa.Column("eprint_index", sa.Integer, nullable=True),
        sa.Column("eprint_text", sa.Text, nullable=True),
        sa.Column("pdf_bibliography", sa.Integer, nullable=True),
        sa.Column("pdf_index", sa.Integer, nullable=True),
        sa.Column("pdf_text", sa.Text, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("paper_crosscheck_rows")
    op.drop_index("ix_paper_crosschecks_agreement", table_name="paper_crosschecks")
    op.drop_table("paper_crosschecks")

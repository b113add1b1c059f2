"""Initial schema: papers, paper_versions (the jobs), references, links, catalog.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "papers",
        sa.Column("arxiv_id", sa.String(64), primary_key=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_table(
        "paper_versions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("arxiv_id", sa.String(64), sa.ForeignKey("papers.arxiv_id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("stage", sa.String(16)),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error_class", sa.String(64)),
        sa.Column("last_error_message", sa.Text),
        sa.Column("reference_source", sa.String(16)),
        sa.Column("reference_count", sa.Integer),
        sa.Column("extraction_notes", sa.JSON),
        sa.Column("eprint_sha256", sa.String(64)),
        sa.Column("pdf_sha256", sa.String(64)),
        sa.Column("extractor_version", sa.String(32)),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.Column("started_at", TS),
        sa.Column("finished_at", TS),
        sa.UniqueConstraint("arxiv_id", "version", name="uq_paper_versions_arxiv_id_version"),
    )
    op.create_index("ix_paper_versions_state", "paper_versions", ["state"])
    op.create_table(
        "paper_references",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), nullable=False),
        sa.Column("citing_arxiv_id", sa.String(64), nullable=False),
        sa.Column("citing_version", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("bibliography", sa.Integer, nullable=False),
        sa.Column("reference_index", sa.Integer, nullable=False),
        sa.Column("label", sa.Text),
        sa.Column("key", sa.Text),
        sa.Column("raw_text", sa.Text, nullable=False),
        sa.Column("authors", sa.JSON, nullable=False),
        sa.Column("et_al", sa.Boolean, nullable=False),
        sa.Column("title", sa.Text),
        sa.Column("year", sa.Integer),
        sa.Column("venue", sa.Text),
        sa.Column("volume", sa.Text),
        sa.Column("pages", sa.Text),
        sa.Column("arxiv_id", sa.String(64)),
        sa.Column("doi", sa.Text),
        sa.Column("url", sa.Text),
        sa.Column("parse_confidence", sa.Float, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("source_observed_at", TS, nullable=False),
        sa.Column("extractor_version", sa.String(32), nullable=False),
        sa.Column("provenance", sa.JSON, nullable=False),
        sa.Column("flags", sa.JSON, nullable=False),
        sa.UniqueConstraint("version_id", "position", name="uq_paper_references_version_position"),
    )
    op.create_index("ix_paper_references_citing", "paper_references", ["citing_arxiv_id", "citing_version"])
    op.create_table(
        "paper_reference_links",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "reference_id",
            sa.Integer,
            sa.ForeignKey("paper_references.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("resolver_source", sa.String(16)),
        sa.Column("cited_arxiv_id", sa.String(64)),
        sa.Column("cited_doi", sa.Text),
        sa.Column("score", sa.Float),
        sa.Column("candidates", sa.JSON, nullable=False),
        sa.Column("observed_at", TS, nullable=False),
    )
    op.create_index("ix_paper_reference_links_status", "paper_reference_links", ["status"])
    op.create_index("ix_paper_reference_links_cited", "paper_reference_links", ["cited_arxiv_id"])
    op.create_table(
        "arxiv_catalog",
        sa.Column("arxiv_id", sa.String(64), primary_key=True),
        sa.Column("title", sa.Text),
        sa.Column("title_norm", sa.Text),
        sa.Column("authors", sa.Text),
        sa.Column("first_author_norm", sa.Text),
        sa.Column("doi", sa.Text),
        sa.Column("journal_ref", sa.Text),
        sa.Column("categories", sa.Text),
        sa.Column("latest_version", sa.Integer),
        sa.Column("year", sa.Integer),
        sa.Column("update_date", sa.String(10)),
    )
    op.create_index("ix_arxiv_catalog_title_norm", "arxiv_catalog", ["title_norm"])
    op.create_index("ix_arxiv_catalog_doi", "arxiv_catalog", ["doi"])


def downgrade() -> None:
    for table in ("arxiv_catalog", "paper_reference_links", "paper_references", "paper_versions", "papers"):
        op.drop_table(table)

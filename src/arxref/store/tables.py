"""The SQL tables, in SQLAlchemy Core, identical on SQLite and PostgreSQL.

The schema is created and upgraded by the Alembic migrations beside this file;
these definitions are what the queries are written against, and
`tests/test_store.py` checks that the two agree.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

papers = sa.Table(
    "papers",
    metadata,
    sa.Column("arxiv_id", sa.String(64), primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

_FAILED = sa.text("state = 'failed'")  # the partial index of failed versions (migration 0016)

paper_versions = sa.Table(
    "paper_versions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("arxiv_id", sa.String(64), sa.ForeignKey("papers.arxiv_id"), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("stage", sa.String(16), nullable=True),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.Column("last_error_class", sa.String(64), nullable=True),
    sa.Column("last_error_message", sa.Text, nullable=True),
    sa.Column("reference_source", sa.String(16), nullable=True),
    sa.Column("reference_count", sa.Integer, nullable=True),
    sa.Column("extraction_notes", sa.JSON, nullable=True),
    sa.Column("eprint_sha256", sa.String(64), nullable=True),
    sa.Column("pdf_sha256", sa.String(64), nullable=True),
    sa.Column("extractor_version", sa.String(32), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    # Task runs in the current stage group (fetch, or extract+resolve+store) since it was queued:
    # a message redelivered this often is a poison paper (migration 0002).
    sa.Column("task_runs", sa.Integer, nullable=False, server_default="0"),
    # The local folder the version's files were read from (`process FILE|FOLDER`), so `reprocess`
    # reads them there again; null: arXiv over HTTP or the mirror, as configured (migration 0008).
    sa.Column("origin", sa.Text, nullable=True),
    sa.UniqueConstraint("arxiv_id", "version", name="uq_paper_versions_arxiv_id_version"),
    sa.Index("ix_paper_versions_state", "state"),
    sa.Index("ix_paper_versions_finished_at", "finished_at"),
    # Migration 0016: failed versions by stage and error class, newest last (/status, /metrics).
    sa.Index(
        "ix_paper_versions_failed",
        "stage",
        "last_error_class",
        "finished_at",
        "id",
        postgresql_where=sa.text("state = 'failed'"),
        sqlite_where=sa.text("state = 'failed'"),
    ),
)

paper_references = sa.Table(
    "paper_references",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), nullable=False),
    sa.Column("citing_arxiv_id", sa.String(64), nullable=False),
    sa.Column("citing_version", sa.Integer, nullable=False),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("bibliography", sa.Integer, nullable=False),
    sa.Column("reference_index", sa.Integer, nullable=False),
    sa.Column("label", sa.Text, nullable=True),
    sa.Column("key", sa.Text, nullable=True),
    sa.Column("raw_text", sa.Text, nullable=False),
    sa.Column("authors", sa.JSON, nullable=False),
    sa.Column("et_al", sa.Boolean, nullable=False),
    sa.Column("title", sa.Text, nullable=True),
    sa.Column("year", sa.Integer, nullable=True),
    sa.Column("venue", sa.Text, nullable=True),
    sa.Column("volume", sa.Text, nullable=True),
    sa.Column("pages", sa.Text, nullable=True),
    sa.Column("arxiv_id", sa.String(64), nullable=True),
    sa.Column("doi", sa.Text, nullable=True),
    sa.Column("url", sa.Text, nullable=True),
    sa.Column("parse_confidence", sa.Float, nullable=False),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("source_observed_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("extractor_version", sa.String(32), nullable=False),
    sa.Column("provenance", sa.JSON, nullable=False),
    sa.Column("flags", sa.JSON, nullable=False),
    sa.UniqueConstraint("version_id", "position", name="uq_paper_references_version_position"),
    sa.Index("ix_paper_references_citing", "citing_arxiv_id", "citing_version"),
)

paper_reference_links = sa.Table(
    "paper_reference_links",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "reference_id",
        sa.Integer,
        sa.ForeignKey("paper_references.id", ondelete="CASCADE"),
        nullable=False,
        unique=True,
    ),
    sa.Column("status", sa.String(32), nullable=False),
    sa.Column("resolver_source", sa.String(16), nullable=True),
    sa.Column("cited_arxiv_id", sa.String(64), nullable=True),
    sa.Column("cited_doi", sa.Text, nullable=True),
    sa.Column("score", sa.Float, nullable=True),
    sa.Column("candidates", sa.JSON, nullable=False),
    sa.Column("observed_at", sa.DateTime(timezone=True), nullable=False),
    # Migration 0015: the links a late paper's arrival looks for (an id printed before it was processed).
    sa.Index(
        "ix_paper_reference_links_awaiting",
        "cited_arxiv_id",
        postgresql_where=sa.text("status = 'unresolved' AND resolver_source = 'arxiv_id'"),
        sqlite_where=sa.text("status = 'unresolved' AND resolver_source = 'arxiv_id'"),
    ),
    # Migration 0009: the links that resolve to a paper, in stored order (a record's inbound citations).
    sa.Index(
        "ix_paper_reference_links_inbound",
        "cited_arxiv_id",
        "reference_id",
        postgresql_where=sa.text("status IN ('verified_exact', 'verified_fuzzy')"),
        sqlite_where=sa.text("status IN ('verified_exact', 'verified_fuzzy')"),
    ),
)

arxiv_catalog = sa.Table(
    "arxiv_catalog",
    metadata,
    sa.Column("arxiv_id", sa.String(64), primary_key=True),
    sa.Column("title", sa.Text, nullable=True),
    # COLLATE "C" on PostgreSQL (migration 0011): a range of its index holds the titles of one opening
    sa.Column("title_norm", sa.Text, nullable=True),
    sa.Column("authors", sa.Text, nullable=True),
    sa.Column("first_author_norm", sa.Text, nullable=True),
    sa.Column("doi", sa.Text, nullable=True),
    sa.Column("journal_ref", sa.Text, nullable=True),
    sa.Column("categories", sa.Text, nullable=True),
    sa.Column("latest_version", sa.Integer, nullable=True),
    sa.Column("year", sa.Integer, nullable=True),
    sa.Column("update_date", sa.String(10), nullable=True),
    # ISO 8601 text (migration 0009), like update_date: the driver-level lookups read it as it is stored.
    sa.Column("submitted_at", sa.String(20), nullable=True),
    sa.Column("last_updated", sa.String(20), nullable=True),
    sa.Index("ix_arxiv_catalog_title_norm", "title_norm"),
    sa.Index("ix_arxiv_catalog_doi", "doi"),
    # Migration 0013, PostgreSQL: titles INCLUDEd, a first author's records scored from the index alone.
    sa.Index(
        "ix_arxiv_catalog_first_author",
        "first_author_norm",
        "year",
        "arxiv_id",
        postgresql_include=["title_norm"],
    ),
    # Migration 0012: a candidate's normalized title by its id, read from the index alone.
    sa.Index("ix_arxiv_catalog_id_title", "arxiv_id", "title_norm"),
)

# Migration 0005: one row per distinct word of a title, the search's index (an index-only scan per word).
arxiv_catalog_postings = sa.Table(
    "arxiv_catalog_postings",
    metadata,
    sa.Column("term", sa.Text, primary_key=True),
    sa.Column("arxiv_id", sa.String(64), primary_key=True),
)

# Migration 0013 adds, on PostgreSQL only, `arxiv_catalog_heads (term, arxiv_id, title_norm)`: each word's
# first 20 postings (bytewise) with their titles, kept by triggers, read by raw SQL only; not declared
# here, since SQLite has no such table.

# Migrations 0004 (SQLite) and 0005 (PostgreSQL): how many titles hold each word, kept by triggers.
arxiv_catalog_words = sa.Table(
    "arxiv_catalog_words",
    metadata,
    sa.Column("term", sa.Text, primary_key=True),
    sa.Column("doc", sa.Integer, nullable=False),
)

# Migration 0010: the e-print and the PDF of a version aligned (`evaluate.crosscheck`), replaced per run.
paper_crosschecks = sa.Table(
    "paper_crosschecks",
    metadata,
    sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), primary_key=True),
    sa.Column("agreement", sa.Float, nullable=False),
    sa.Column("counts", sa.JSON, nullable=False),
    sa.Column("eprint_entries", sa.Integer, nullable=False),
    sa.Column("pdf_entries", sa.Integer, nullable=False),
    sa.Column("pdf_error", sa.Text, nullable=True),  # the PDF path failed: every entry is e-print only
    sa.Column("extractor_version", sa.String(32), nullable=False),
    sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_paper_crosschecks_agreement", "agreement"),
)

paper_crosscheck_rows = sa.Table(
    "paper_crosscheck_rows",
    metadata,
    sa.Column("version_id", sa.Integer, sa.ForeignKey("paper_versions.id"), primary_key=True),
    sa.Column("position", sa.Integer, primary_key=True),
    sa.Column("agreement", sa.String(16), nullable=False),  # both, eprint_only, pdf_only
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

# Migration 0014: counts kept as rows change (`store.counts`), so that no reader counts a large table.
# `slot` spreads the counts every worker changes over COUNT_SLOTS rows; readers add the slots up.
COUNT_SLOTS = 16

version_state_counts = sa.Table(  # kept by a row trigger on paper_versions
    "version_state_counts",
    metadata,
    sa.Column("state", sa.String(16), primary_key=True),
    sa.Column("slot", sa.Integer, primary_key=True),
    sa.Column("total", sa.BigInteger, nullable=False),
)

reference_counts = sa.Table(  # stored references by source and resolution status
    "reference_counts",
    metadata,
    sa.Column("source", sa.String(16), primary_key=True),
    sa.Column("status", sa.String(32), primary_key=True),
    sa.Column("slot", sa.Integer, primary_key=True),
    sa.Column("total", sa.BigInteger, nullable=False),
)

paper_inbound_counts = sa.Table(  # stored references that resolve to each paper, and when that last changed
    "paper_inbound_counts",
    metadata,
    sa.Column("arxiv_id", sa.String(64), primary_key=True),
    sa.Column("total", sa.BigInteger, nullable=False),
    sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
    # One more at every change of the paper's inbound links, net or not: pages' anchors are kept by it.
    sa.Column("revision", sa.BigInteger, nullable=False, server_default="0"),
)

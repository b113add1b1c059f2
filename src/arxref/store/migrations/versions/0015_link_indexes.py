"""Links keep two indexes fewer: every stored reference paid for them, and the reads they served have
their own now.

- `ix_paper_reference_links_status` (all links by status) served /metrics' count of references by
  status, which migration 0014 keeps as a count; `arxref resolve --status S` reads most of the
  table whatever the index.
- `ix_paper_reference_links_cited` (all links by cited id) becomes
  `ix_paper_reference_links_awaiting`, partial on the links a late paper's arrival looks for: an
  id printed before the paper was processed (`unresolved` by `arxiv_id`, `link_earlier_citations`).
  Resolved links are found by `ix_paper_reference_links_inbound` (0009).

At 5 million references a version's write maintained four or five link indexes per row; now
two or three, and the two dropped were a third of the links' index bytes.

PostgreSQL: the links are vacuumed after 2 % of them change or arrive, not 20 %. A record pages a
paper's citations by an index-only scan, which reads the table for every entry on a page changed
since the last vacuum: at 20M rows, after a few thousand writes, the middle page of a paper cited
100,000 times took 21 ms instead of 9 (12,215 heap fetches), and the default waits for 4 million
changed links.

Revision ID: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

AWAITING = sa.text("status = 'unresolved' AND resolver_source = 'arxiv_id'")


VACUUM_SOONER = ("autovacuum_vacuum_scale_factor", "autovacuum_vacuum_insert_scale_factor")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        settings = ", ".join(f"{name} = 0.02" for name in VACUUM_SOONER)
        op.execute(f"ALTER TABLE paper_reference_links SET ({settings})")
    op.drop_index("ix_paper_reference_links_status", table_name="paper_reference_links")
    op.drop_index("ix_paper_reference_links_cited", table_name="paper_reference_links")
    op.create_index(
        "ix_paper_reference_links_awaiting",
        "paper_reference_links",
        ["cited_arxiv_id"],
        postgresql_where=AWAITING,
        sqlite_where=AWAITING,
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE paper_reference_links RESET ({', '.join(VACUUM_SOONER)})")
    op.drop_index("ix_paper_reference_links_awaiting", table_name="paper_reference_links")
    op.create_index("ix_paper_reference_links_cited", "paper_reference_links", ["cited_arxiv_id"])
    op.create_index("ix_paper_reference_links_status", "paper_reference_links", ["status"])

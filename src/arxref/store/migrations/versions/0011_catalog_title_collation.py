"""Normalized titles compared bytewise on PostgreSQL: a range of their index is then the titles opening so.

`SqlCatalog.titles_opening` reads, per text, the title_norm range [opening, opening || '!'): the
titles equal to those words or going on after a space. That holds under bytewise order only; a
linguistic collation (en_US) ignores spaces at its first level and would put other titles in the
range and leave some out. `title_norm` holds [0-9a-z] words and single spaces, so its equality is
the same under either collation: exact title lookups find what they found. The column's index is
rebuilt in the new order, and its statistics, which the type change drops, are gathered again:
without them the planner takes `title_norm = ANY(...)` for 25,000 rows a value and scans the table
(2.5M rows: 0.4 s a lookup). SQLite compares text bytewise already (BINARY): nothing to do there.

Revision ID: 0011
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute('ALTER TABLE arxiv_catalog ALTER COLUMN title_norm TYPE TEXT COLLATE "C"')
        op.execute("ANALYZE arxiv_catalog (title_norm)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute('ALTER TABLE arxiv_catalog ALTER COLUMN title_norm TYPE TEXT COLLATE "default"')
        op.execute("ANALYZE arxiv_catalog (title_norm)")

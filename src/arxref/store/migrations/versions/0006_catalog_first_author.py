"""An index on (first author's surname, year, id) of the catalog.

A cited title made only of words common in titles ("Generative adversarial nets") finds no
candidates by its words in a catalog of millions (each word is in thousands of titles, past
the search's budget); its first author and year find the few records it can be, their ids read
from this index alone. Both backends.

Revision ID: 0006
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = ["first_author_norm", "year", "arxiv_id"]
    op.create_index("ix_arxiv_catalog_first_author", "arxiv_catalog", columns)


def downgrade() -> None:
    op.drop_index("ix_arxiv_catalog_first_author", table_name="arxiv_catalog")

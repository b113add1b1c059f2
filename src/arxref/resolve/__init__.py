"""Resolution: what work does each entry cite? Pure functions over a `CatalogLookup`.

`resolver` decides one entry's status in DESIGN.md's order (a printed arXiv id, a DOI, the title,
the raw text), `evidence` weighs how a candidate agrees, `batch` resolves a paper's entries with
one catalog query per kind, `narrowing` keeps the few candidates worth weighing, `own_tables`
adds the papers we processed to the catalog.

Never imports the store, fetch or Celery: the catalog it asks is handed to it (in memory, or the
store's SQL catalog).
"""

from arxref.resolve.batch import resolve_parsed, resolve_references
from arxref.resolve.resolver import resolve_reference

__all__ = ["resolve_parsed", "resolve_reference", "resolve_references"]

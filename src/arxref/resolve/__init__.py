"""Resolution: what work does each entry cite? Pure functions over a `CatalogLookup`."""

from arxref.resolve.batch import resolve_references
from arxref.resolve.resolver import resolve_reference

__all__ = ["resolve_reference", "resolve_references"]

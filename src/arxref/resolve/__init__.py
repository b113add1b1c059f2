"""Resolution: what work does each entry cite? Pure functions over a `CatalogLookup`."""

from arxref.resolve.batch import resolve_parsed, resolve_references
from arxref.resolve.resolver import resolve_reference

__all__ = ["resolve_parsed", "resolve_reference", "resolve_references"]

"""`arxref resolve`: resolve stored references again (new catalog data), without re-extracting."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from arxref.cli._common import open_database
from arxref.resolve import resolve_reference
from arxref.settings import Settings
from arxref.store.citations import own_tables_catalog
from arxref.store.references import load_references, replace_resolution


def cmd_resolve(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    changes: Counter[str] = Counter()
    try:
        with engine.begin() as conn:
            catalog = own_tables_catalog(conn)  # the catalog, and the processed papers it lacks
            stored = load_references(conn, status=None if args.all else args.status)
            for item in stored:
                old = item.reference.resolution
                new = resolve_reference(item.reference.parsed, item.reference.raw.raw, catalog)
                replace_resolution(conn, item.id, new)
                changes[f"{old.status} -> {new.status}" if new.status != old.status else str(new.status)] += 1
    finally:
        engine.dispose()
    for change, n in sorted(changes.items()):
        print(f"{n:>7}  {change}")
    print(f"{len(stored)} references resolved again", file=sys.stderr)
    return 0

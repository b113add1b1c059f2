"""`arxref resolve`: stored references resolved again after the catalog grew, without re-extracting."""

from __future__ import annotations

import pytest

from arxref.catalog.records import CatalogRecord
from arxref.cli import main
from arxref.domain import (
    PaperVersion,
    ParsedReference,
    RawReference,
    ReferenceSource,
    Resolution,
    ResolutionStatus,
    ResolvedReference,
    ResolverSource,
)
from arxref.store import versions
from arxref.store.catalog import load_catalog
from arxref.store.engine import make_engine, upgrade_schema
from arxref.store.references import load_references, replace_references

TITLE = "GPipe: Efficient training of giant neural networks using pipeline parallelism"
ENTRY = f"Yanping Huang et al. {TITLE}. 2019."


def test_resolve_status_unresolved_picks_up_new_catalog_records(database_url: str) -> None:
    engine = make_engine(database_url)
    upgrade_schema(engine)
    paper = PaperVersion("2104.04473", 5)
    parsed = ParsedReference(authors=("Yanping Huang",), et_al=True, title=TITLE, year=2019, confidence=1.0)
    ref = ResolvedReference(
        RawReference(1, ENTRY, ReferenceSource.PDF_TEXT), parsed, Resolution(ResolutionStatus.UNRESOLVED)
    )
    with engine.begin() as conn:
        versions.enqueue_version(conn, paper)
        replace_references(conn, paper, ReferenceSource.PDF_TEXT, [ref], "test")
    title = "GPipe: Efficient Training of Giant Neural Networks using Pipeline Parallelism"
    load_catalog(engine, [CatalogRecord("1811.06965", title, "Yanping Huang, Youlong Cheng")])
    assert main(["resolve", "--status", "unresolved", "--database", database_url]) == 0
    with engine.connect() as conn:
        (stored,) = load_references(conn, paper)
    engine.dispose()
    resolution = stored.reference.resolution
    assert (resolution.status, resolution.resolver_source, resolution.cited_arxiv_id) == (
        ResolutionStatus.VERIFIED_EXACT,
        ResolverSource.LOCAL_ARXIV,
        "1811.06965",
    )


def test_resolve_needs_a_selection() -> None:
    with pytest.raises(SystemExit):
        main(["resolve"])

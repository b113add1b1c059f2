"""Inbound citations between processed papers: 2004.14974 prints 1911.02782's arXiv id, which the catalog
here lacks (the sample catalog less 1911.02782's own record); both processed, the link resolves to it,
whichever of the two was processed first."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa

from arxref.catalog.records import read_catalog_file
from arxref.domain import PaperVersion, ResolutionStatus, ResolverSource, VersionState
from arxref.settings import Settings
from arxref.stages.process import process_version
from arxref.store.catalog import load_catalog
from arxref.store.citations import inbound_count, inbound_page
from arxref.store.engine import make_engine, upgrade_schema
from arxref.store.references import load_references
from tests.conftest import CITING_EPRINT, SAMPLES

CITING = PaperVersion("2004.14974", 1)
CITED = PaperVersion("1911.02782", 1)


def papers_folder(tmp_path: Path) -> Path:
    """The two papers as a folder of version files: 1911.02782 from samples/, 2004.14974 from the corpus."""
    folder = tmp_path / "papers"
    folder.mkdir()
    shutil.copy(SAMPLES / "1911.02782v1.gz", folder / "1911.02782v1.gz")
    shutil.copy(CITING_EPRINT, folder / "2004.14974v1.gz")
    return folder


@pytest.fixture
def engine(database_url: str) -> Iterator[sa.Engine]:
    """The sample catalog without 1911.02782: only our own tables can know it."""
    engine = make_engine(database_url)
    upgrade_schema(engine)
    records = read_catalog_file(SAMPLES / "catalog.jsonl")
    load_catalog(engine, (r for r in records if r.arxiv_id != CITED.arxiv_id))
    yield engine
    engine.dispose()


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    env = {"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_DATABASE_URL": database_url}
    return replace(Settings.from_env(env), source_dir=papers_folder(tmp_path))


def _link_to_cited(engine: sa.Engine):
    with engine.connect() as conn:
        links = [
            s
            for s in load_references(conn, CITING)
            if s.reference.resolution.cited_arxiv_id == CITED.arxiv_id
        ]
    assert len(links) == 1, "2004.14974 prints arXiv:1911.02782 once"
    return links[0]


@pytest.mark.parametrize("order", [(CITED, CITING), (CITING, CITED)], ids=["cited-first", "citing-first"])
def test_a_printed_id_of_a_processed_paper_resolves_to_it(engine, settings, order) -> None:
    for paper in order:
        assert process_version(engine, settings, paper).state == VersionState.DONE
    link = _link_to_cited(engine).reference.resolution
    assert (link.status, link.resolver_source, link.score) == (
        ResolutionStatus.VERIFIED_EXACT,
        ResolverSource.ARXIV_ID,
        100.0,
    )
    with engine.connect() as conn:
        count, _ = inbound_count(conn, CITED.arxiv_id)
        page = inbound_page(conn, CITED.arxiv_id, 0, 100, count)
    assert count == 1
    assert [(s.paper, s.reference_index) for s in page] == [(CITING, 23)]


def test_a_paper_never_processed_stays_unresolved(engine, settings) -> None:
    """Only a processed paper is known to exist: printing an id we never read proves nothing."""
    process_version(engine, settings, CITING)
    link = _link_to_cited(engine).reference.resolution
    assert (link.status, link.resolver_source) == (ResolutionStatus.UNRESOLVED, ResolverSource.ARXIV_ID)
    with engine.connect() as conn:
        assert inbound_count(conn, CITED.arxiv_id)[0] == 0


def test_a_failed_version_is_not_a_processed_paper(engine, settings, tmp_path: Path) -> None:
    broken = settings.source_dir / "1911.02782v1.gz"
    broken.write_bytes(b"")  # fails at fetch: CorruptArchive
    assert process_version(engine, settings, CITED).state == VersionState.FAILED
    process_version(engine, settings, CITING)
    assert _link_to_cited(engine).reference.resolution.status == ResolutionStatus.UNRESOLVED

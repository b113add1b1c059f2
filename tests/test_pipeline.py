"""The whole job in-process on the bundled samples, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa

from arxref.domain import PaperVersion, ReferenceSource, ResolutionStatus, ResolverSource, Stage, VersionState
from arxref.settings import Settings
from arxref.stages.process import process_version
from arxref.store import versions
from arxref.store.references import load_references
from tests.conftest import SAMPLES

EPRINT_SAMPLES = {"1911.02782": 55, "1611.03199": 33, "1711.08379": 17, "1205.4446": 5}


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    env = {"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_DATABASE_URL": database_url}
    return replace(Settings.from_env(env), source_dir=SAMPLES)


@pytest.mark.parametrize(("arxiv_id", "count"), EPRINT_SAMPLES.items())
def test_eprint_samples_yield_every_gold_reference(engine, settings, arxiv_id: str, count: int) -> None:
    paper = PaperVersion(arxiv_id, 1)
    row = process_version(engine, settings, paper)
    assert (row.state, row.last_error_class) == (VersionState.DONE, None)
    with engine.connect() as conn:
        stored = load_references(conn, paper)
    gold = json.loads((SAMPLES / "gold" / f"{arxiv_id}.json").read_text())["references"]
    assert len(stored) == count == len(gold)
    assert {s.reference.raw.source for s in stored} == {ReferenceSource.ARXIV_SOURCE}
    assert [s.reference.raw.index for s in stored] == [g["index"] for g in gold]


def test_printed_arxiv_ids_resolve_when_in_the_catalog_and_stay_honest_when_not(engine, settings) -> None:
    adam = PaperVersion("1711.08379", 1)
    elze = PaperVersion("0801.0012", 1)
    process_version(engine, settings, adam)
    process_version(engine, settings, elze)
    with engine.connect() as conn:
        cited = {
            s.reference.resolution.cited_arxiv_id: s.reference.resolution for s in load_references(conn, adam)
        }
        elze_refs = {
            s.reference.resolution.cited_arxiv_id: s.reference.resolution for s in load_references(conn, elze)
        }
    # Kingma & Ba, "Adam", printed as arXiv:1412.6980 and present in the sample catalog.
    assert cited["1412.6980"].status == ResolutionStatus.VERIFIED_EXACT
    assert cited["1412.6980"].resolver_source == ResolverSource.ARXIV_ID
    # arXiv:quant-ph/9710063 (Elze, proceedings, no title printed) is well-formed but not in the sample
    # catalog: not verified, and says why.
    assert elze_refs["quant-ph/9710063"].status == ResolutionStatus.UNRESOLVED
    assert elze_refs["quant-ph/9710063"].resolver_source == ResolverSource.ARXIV_ID


def test_processing_twice_keeps_one_copy(engine, settings) -> None:
    paper = PaperVersion("1711.08379", 1)
    process_version(engine, settings, paper)
    process_version(engine, settings, paper)
    with engine.connect() as conn:
        refs = conn.execute(sa.text("select count(*) from paper_references")).scalar_one()
        links = conn.execute(sa.text("select count(*) from paper_reference_links")).scalar_one()
        row = versions.get_version(conn, paper)
    assert refs == links == EPRINT_SAMPLES["1711.08379"]
    assert row is not None
    assert row.attempts == 2


def test_missing_version_fails_at_fetch_and_the_next_one_still_runs(engine, settings) -> None:
    missing = process_version(engine, settings, PaperVersion("1911.02782", 9))
    assert (missing.state, missing.stage, missing.last_error_class) == (
        VersionState.FAILED,
        Stage.FETCH,
        "NotFound",
    )
    assert process_version(engine, settings, PaperVersion("1205.4446", 1)).state == VersionState.DONE


def test_corrupt_pdf_is_recorded_and_reprocessing_after_the_fix_succeeds(engine, settings, tmp_path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00001v1.pdf").write_bytes(b"%PDF-1.7\n this is not really a PDF")
    local = replace(settings, source_dir=folder)
    paper = PaperVersion("2401.00001", 1)
    row = process_version(engine, local, paper)
    assert (row.state, row.stage, row.last_error_class) == (VersionState.FAILED, Stage.EXTRACT, "CorruptPdf")
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "2401.00001v1.tar.gz")
    row = process_version(engine, local, paper)
    assert (row.state, row.reference_source, row.reference_count) == (VersionState.DONE, "arxiv_source", 5)
    assert row.last_error_class is None


def test_an_empty_file_is_named_as_such_not_as_missing(engine, settings, tmp_path) -> None:
    """A zero-byte file exists: the version fails as corrupt, saying the file is empty; an empty PDF
    beside a good e-print does not stop the e-print from being read."""
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00001v1.pdf").write_bytes(b"")
    local = replace(settings, source_dir=folder)
    row = process_version(engine, local, PaperVersion("2401.00001", 1))
    assert (row.state, row.stage, row.last_error_class) == (VersionState.FAILED, Stage.FETCH, "CorruptPdf")
    assert "empty file (0 bytes)" in row.last_error_message
    (folder / "2401.00002v1.tar.gz").write_bytes(b"")
    row = process_version(engine, local, PaperVersion("2401.00002", 1))
    assert (row.last_error_class, row.stage) == ("CorruptArchive", Stage.FETCH)
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "2401.00001v1.tar.gz")
    row = process_version(engine, local, PaperVersion("2401.00001", 1))
    assert (row.state, row.reference_count) == (VersionState.DONE, 5)

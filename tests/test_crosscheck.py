"""The e-print and the PDF of one version aligned: agreement as a quality figure without gold."""

from __future__ import annotations

import io
import re
import tarfile
from dataclasses import replace

import pytest

from arxref.domain import ParsedReference, RawReference, ReferenceSource
from arxref.evaluate.crosscheck import Agreement, Disagreement, cross_check
from arxref.pdf import extract_pdf_references
from arxref.source import extract_source_references, unpack_eprint
from tests.conftest import SAMPLES, WIDE

PAPER = "1711.08379v1"


def _paths(eprint: bytes) -> tuple[tuple[RawReference, ...], tuple[RawReference, ...]]:
    source = extract_source_references(unpack_eprint(eprint)).references
    pdf = extract_pdf_references((SAMPLES / f"{PAPER}.pdf").read_bytes()).references
    return source, pdf


def _without_bibitems(eprint: bytes, keys: set[str]) -> bytes:
    """The real e-print with some \\bibitem entries cut out of its .bbl: a .bbl gone stale."""
    out = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(eprint)) as src, tarfile.open(fileobj=out, mode="w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read() if member.isfile() else None
            if member.name.endswith(".bbl"):
                items = re.split(r"(?=\\bibitem)", data.decode())
                kept = [it for it in items if not any(f"{{{k}}}" in it[:200] for k in keys)]
                data = "".join(kept).encode()
                member.size = len(data)
            dst.addfile(member, io.BytesIO(data) if data is not None else None)
    return out.getvalue()


def test_a_real_paper_whose_paths_agree_scores_one() -> None:
    source, pdf = _paths((SAMPLES / f"{PAPER}.tar.gz").read_bytes())
    check = cross_check(source, pdf)
    assert check.agreement == 1.0
    assert check.counts == {"both": 17}


def test_entries_a_stale_bbl_lost_are_listed_as_pdf_only() -> None:
    eprint = (SAMPLES / f"{PAPER}.tar.gz").read_bytes()
    source, _ = _paths(eprint)
    lost = {source[3].key, source[9].key}
    stale_source, pdf = _paths(_without_bibitems(eprint, lost))
    assert len(stale_source) == 15
    check = cross_check(stale_source, pdf)
    alone = [row for row in check.rows if row.agreement == Agreement.PDF_ONLY]
    assert [row.pdf.index for row in alone] == [4, 10]
    assert {row.disagreement for row in alone} == {Disagreement.MISSING_FROM_EPRINT}
    # The e-print numbers its 15 entries 1..15: from the fourth on they are off by one or two.
    assert check.agreement < 0.3
    assert check.counts["index_differs"] == 12


def _ref(index: int, raw: str, source: ReferenceSource) -> RawReference:
    return RawReference(index=index, raw=raw, source=source)


def test_merged_split_and_composed_entries_are_explained() -> None:
    e = ReferenceSource.ARXIV_SOURCE
    p = ReferenceSource.PDF_TEXT
    a = "A. Author, A first paper on spin glasses, Phys. Rev. B 12, 345 (2001)."
    b = "B. Writer, A second paper about neural networks, J. Mach. Learn. Res. 7, 1 (2006)."
    c = "C. Person, Thermodynamics of small systems revisited in depth, Nature 400, 12 (1999)."
    about = "About"
    eprint = [_ref(1, a, e), _ref(2, b, e), _ref(3, c, e), _ref(4, about, e)]
    pdf = [
        _ref(1, f"{a} {b}", p),  # the PDF merged 1 and 2
        _ref(2, c[:45], p),  # and split 3 in two
        _ref(3, c[45:], p),
        _ref(4, "About. url: https://www.isi.edu/people/gregv/about (Último acceso 26-06-2020).", p),
    ]
    check = cross_check(eprint, pdf)
    kinds = {(row.agreement, row.disagreement) for row in check.rows}
    assert (Agreement.EPRINT_ONLY, Disagreement.PDF_MERGED) in kinds
    assert (Agreement.PDF_ONLY, Disagreement.PDF_SPLIT) in kinds
    composed = next(row for row in check.rows if row.eprint is not None and row.eprint.raw == about)
    assert (composed.agreement, composed.index_agrees) == (Agreement.BOTH, True)


# --- stored, on SQLite and PostgreSQL: `arxref crosscheck`, the report, ARXREF_FETCH_PDF=always, the record


def _folder(tmp_path, stale: bool):  # noqa: ANN001, ANN202
    folder = tmp_path / "papers"
    folder.mkdir(exist_ok=True)
    eprint = (SAMPLES / f"{PAPER}.tar.gz").read_bytes()
    if stale:
        source, _ = _paths(eprint)
        eprint = _without_bibitems(eprint, {source[3].key, source[9].key})
    (folder / "2401.00001v1.tar.gz").write_bytes(eprint)
    (folder / "2401.00001v1.pdf").write_bytes((SAMPLES / f"{PAPER}.pdf").read_bytes())
    return folder


def _process_with_pdf_always(tmp_path, database_url: str, folder, paper):  # noqa: ANN001, ANN202
    """Process one version from `folder` in this process with ARXREF_FETCH_PDF=always: the engine
    (dispose it) and the version's row."""
    from arxref.settings import Settings
    from arxref.stages.process import process_version
    from arxref.store.engine import make_engine, upgrade_schema

    env = {
        "ARXREF_HOME": str(tmp_path / "var"),
        "ARXREF_DATABASE_URL": database_url,
        "ARXREF_SOURCE_DIR": str(folder),
        "ARXREF_FETCH_PDF": "always",
    }
    settings = Settings.from_env(env)
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    return engine, process_version(engine, settings, paper)


def test_crosscheck_of_a_stored_version_is_stored_replaced_and_reported(
    tmp_path,
    database_url: str,
    monkeypatch,
    capsys,  # noqa: ANN001
) -> None:
    import json

    from arxref.cli import main

    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    monkeypatch.setenv("ARXREF_DATABASE_URL", database_url)
    folder = _folder(tmp_path, stale=True)
    assert main(["process", str(folder)]) == 0
    capsys.readouterr()
    for _ in range(2):  # a rerun replaces the rows
        assert main(["crosscheck", "2401.00001", "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
    assert doc["agreement"] < 0.3
    assert (doc["eprint_entries"], doc["pdf_entries"]) == (15, 17)
    alone = [d for d in doc["disagreements"] if d["kind"] == "missing_from_eprint"]
    assert [d["pdf"]["index"] for d in alone] == [4, 10]
    assert doc["counts"]["pdf_only"] == 2
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", doc["checked_at"])  # UTC, with a Z
    assert main(["crosscheck", "--report", "--below", "0.9", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [v["paper"] for v in report["versions"]] == ["2401.00001v1"]
    assert report["disagreements_by_kind"]["missing_from_eprint"] == 2
    assert main(["record", "2401.00001"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["crosscheck"]["agreement"] == doc["agreement"]
    assert [e["index"] for e in record["crosscheck"]["pdf_only"]] == [4, 10]
    assert {o["citation"]["found_by"] for o in record["outbound"]} == {"both"}
    lane = next(lane for lane in record["coverage"] if lane["lane"] == "source_pdf_agreement")
    assert lane["state"] == "measured"
    page = tmp_path / "record.html"
    assert main(["record", "2401.00001", "--html", str(page)]) == 0
    html = page.read_text()
    assert "agreement of the e-print and the PDF" in html
    assert "Printed in the PDF only" in html


def test_with_fetch_pdf_always_every_processed_version_is_cross_checked(
    tmp_path,
    database_url: str,  # noqa: ANN001
) -> None:
    from arxref.domain import PaperVersion
    from arxref.store.crosschecks import load_crosscheck

    paper = PaperVersion("2401.00001", 1)
    engine, row = _process_with_pdf_always(tmp_path, database_url, _folder(tmp_path, stale=False), paper)
    assert row.reference_count == 17
    with engine.connect() as conn:
        check = load_crosscheck(conn, paper)
    engine.dispose()
    assert check is not None
    assert (check.agreement, check.counts, len(check.rows)) == (1.0, {"both": 17}, 17)


def test_a_list_numbered_on_from_the_one_before_is_the_same_numbers_in_one_list() -> None:
    """biblatex's defernumbers splits the e-print's list in two ("Bibliography" 1-2, "Code Samples"
    3-4, numbered on); the PDF path, reading no heading between, prints 1-4 in one list."""
    texts = [
        "A. Author, Paper one, 2001.",
        "B. Author, Paper two, 2002.",
        "G. Koks, Tool three, 2023.",
        "G. Koks, Tool four, 2023.",
    ]
    eprint = [
        RawReference(index=n, raw=t, source=ReferenceSource.ARXIV_SOURCE, bibliography=1 if n < 3 else 2)
        for n, t in enumerate(texts, 1)
    ]
    pdf = [RawReference(index=n, raw=t, source=ReferenceSource.PDF_TEXT) for n, t in enumerate(texts, 1)]
    assert cross_check(eprint, pdf).agreement == 1.0
    restarted = [
        RawReference(
            index=n if n < 3 else n - 2,
            raw=t,
            source=ReferenceSource.ARXIV_SOURCE,
            bibliography=1 if n < 3 else 2,
        )
        for n, t in enumerate(texts, 1)
    ]
    assert cross_check(restarted, pdf).agreement == 0.5  # restarting at 1, the second list is another


def test_a_composed_entry_pairs_with_the_printed_one_of_its_number_by_its_title() -> None:
    """biblatex's fields composed ("Sam Blackshear et al. RacerD: ...") against the printed entry,
    whose names and venue the style sets its own way: the title, printed as given, pairs them."""
    title = "RacerD: Compositional Static Race Detection"
    composed = RawReference(
        index=2,
        raw=f"Sam Blackshear et al. {title}. Proc. ACM Program. Lang. 2. 2018",
        source=ReferenceSource.ARXIV_SOURCE,
        flags=("composed",),
        fields=ParsedReference(title=title),
    )
    names = "Sam Blackshear, Nikos Gorogiannis, Peter W. O’Hearn und Ilya Sergey"
    venue = "In: Bd. 2. OOPSLA. New York, NY, USA: Association for Computing Machinery, 2018"
    printed = RawReference(
        index=2,
        raw=f"{names}. “{title}”. {venue}. doi:10.1145/3276514. url: https://dl.acm.org/doi/pdf/10.1145/3290370",
        source=ReferenceSource.PDF_TEXT,
    )
    assert cross_check([composed], [printed]).agreement == 1.0
    assert cross_check([replace(composed, flags=())], [printed]).agreement == 0.0


def test_a_composed_entry_pairs_with_one_printed_without_its_title_by_its_fields() -> None:
    """A biblatex style that prints no titles ("Aalto, S., ... (2007b). In: Astronomy & Astrophysics
    464.1, pp. 193–200."): the first author, year, volume and pages the style keeps pair them."""
    fields = ParsedReference(
        authors=("Susanne Aalto", "M Spaans"),
        title="Overluminous HNC line emission in Arp 220, NGC 4418 and Mrk 231. Global IR pumping or XDRs?",
        year=2007, venue="Astronomy & Astrophysics", volume="464", pages="193–200",
    )  # fmt: skip
    composed = RawReference(
        index=5,
        raw=f"Susanne Aalto et al. {fields.title}. Astronomy & Astrophysics. 464. 2007. 193–200",
        source=ReferenceSource.ARXIV_SOURCE,
        flags=("composed",),
        fields=fields,
    )
    printed = RawReference(
        index=5,
        raw="Aalto, S., M. Spaans, M. C. Wiedner, and S. Hüttemeister (2007b). In: Astronomy & Astrophysics "
        "464.1, pp. 193–200.",
        source=ReferenceSource.PDF_TEXT,
    )
    assert cross_check([composed], [printed]).agreement == 1.0
    other_pages = replace(printed, raw=printed.raw.replace("193–200", "201–208"))
    assert cross_check([composed], [other_pages]).agreement == 0.0


def test_a_composed_entry_takes_the_pdf_text_printed_under_its_own_number_only() -> None:
    from arxref.domain import COMPOSED, PRINTED_FROM_PDF
    from arxref.extract.printed import with_printed_text

    title = ParsedReference(title="An example of anomalous singular homology")
    eprint = [
        RawReference(1, "M. G. Barratt, John Milnor. An example of anomalous singular homology. Proc. AMS.",
                     ReferenceSource.ARXIV_SOURCE, fields=title, flags=(COMPOSED,)),
        RawReference(2, "S. Author. A paper typeset from a .bbl, as printed. J. Things 1 (2001)",
                     ReferenceSource.ARXIV_SOURCE),
        RawReference(3, "Ann Other. Lost on the way to the page. Some Journal. 4. 1999",
                     ReferenceSource.ARXIV_SOURCE, flags=(COMPOSED,)),
    ]  # fmt: skip
    printed = "M. G. Barratt and John Milnor. “An example of anomalous singular homology”. Proc. AMS"
    pdf = [
        RawReference(1, printed, ReferenceSource.PDF_TEXT),
        RawReference(2, "S. Author. A paper typeset from a .bbl, as printed. J. Things 1 (2001)",
                     ReferenceSource.PDF_TEXT),
        RawReference(4, "Ann Other. Lost on the way to the page. Some Journal 4 (1999)",
                     ReferenceSource.PDF_TEXT),
    ]  # fmt: skip
    carried = with_printed_text(eprint, cross_check(eprint, pdf))
    assert (carried[0].raw, carried[0].flags, carried[0].fields) == (printed, (PRINTED_FROM_PDF,), title)
    assert carried[1] == eprint[1]  # typeset by bibtex: already the printed text
    assert carried[2] == eprint[2]  # paired under another number: not known to be the same entry


@pytest.mark.skipif(not WIDE.is_dir(), reason="shared corpus-wide not beside")
def test_with_fetch_pdf_always_a_biblatex_papers_entries_are_stored_as_its_pdf_prints_them(
    tmp_path,
    database_url: str,  # noqa: ANN001
) -> None:
    """A biblatex .bbl gives fields, not text: with the PDF at hand, the stored text is the page's."""
    from arxref.domain import PaperVersion
    from arxref.record.citation import load_record
    from arxref.source import pack_folder_as_eprint
    from arxref.store.references import load_references

    paper_dir = WIDE / "epjc-biblatex-bibtex-charm"
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00002v1.tar.gz").write_bytes(pack_folder_as_eprint(paper_dir / "source"))
    (folder / "2401.00002v1.pdf").write_bytes((paper_dir / "paper.pdf").read_bytes())
    paper = PaperVersion("2401.00002", 1)
    engine, row = _process_with_pdf_always(tmp_path, database_url, folder, paper)
    assert row.reference_count == 68
    with engine.connect() as conn:
        stored = load_references(conn, paper)
        record = load_record(conn, "2401.00002")
    engine.dispose()
    assert {o["citation"]["raw_text_source"] for o in record["outbound"]} == {"printed_from_pdf"}
    first = stored[0].reference.raw
    assert first.flags == ("printed_from_pdf",)
    assert first.raw.startswith("Hamed Abdolmaleki et al. “Impact of low-x resummation on QCD")
    assert first.source == ReferenceSource.ARXIV_SOURCE
    assert all("printed_from_pdf" in s.reference.raw.flags for s in stored)

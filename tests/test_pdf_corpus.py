"""The PDF path on real corpus papers: counts, printed indexes, repaired text, provenance, links."""

from __future__ import annotations

from functools import cache

import pytest

from arxref.domain import Extraction, ReferenceSource
from arxref.pdf import extract_pdf_references
from tests.conftest import CORPUS

PDFS = sorted(p.parent.name for p in CORPUS.glob("*/paper.pdf"))

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="shared/corpus is not beside the repository")


@cache
def _extract(slug: str) -> Extraction:
    return extract_pdf_references((CORPUS / slug / "paper.pdf").read_bytes())


def _by_index(slug: str, bibliography: int = 1) -> dict[int, str]:
    return {r.index: r.raw for r in _extract(slug).references if r.bibliography == bibliography}


@pytest.mark.parametrize("slug", PDFS)
def test_every_corpus_pdf_yields_references(slug: str) -> None:
    ex = _extract(slug)
    assert ex.source is ReferenceSource.PDF_TEXT
    assert ex.references
    for ref in ex.references:
        assert ref.raw.strip()
        assert ref.provenance.pages
        assert ref.provenance.bbox is not None
        assert 0.0 <= ref.fields.confidence <= 1.0


@pytest.mark.parametrize(
    ("slug", "count"),
    [
        ("0801.0012", 20),  # numeric [n], no heading: found by its label run
        ("1008.4686", 11),  # author-year, after an endnotes list
        ("1307.6212", 40),  # two-column author-year with hanging indent
        ("1611.03199", 33),  # (1) labels, double-spaced
        ("1911.02782", 55),  # footnotes at the column foot are not entries
        ("2004.14974", 36),  # the appendix after the bibliography is not read into it
        ("qsl-atomic-wavepackets", 59),  # wide figure captions inside the list are skipped
        ("revtex-article", 5),  # two-column list under a rule, below two-column body text
        ("rk-bfr", 95),  # the supplement after the bibliography is not read into it
        ("schakko-xtext-bsc-thesis", 25),  # alpha labels, running head "Literaturverzeichnis"
        ("varner-coagulation", 39),  # the tables after the bibliography end it
        ("laska-erste-erde-msc-thesis", 13),  # letter-spaced "L I T E R AT U R"
    ],
)
def test_entry_counts(slug: str, count: int) -> None:
    assert len(_extract(slug).references) == count


def test_printed_numbers_are_the_indexes() -> None:
    refs = _by_index("0905.2465")
    assert sorted(refs) == list(range(1, 59))
    assert refs[30].startswith("Y. Iwasaki, preprint UTHEP-118")


def test_alpha_labels_are_kept_and_indexed_by_position() -> None:
    refs = _extract("schakko-xtext-bsc-thesis").references
    assert [(r.index, r.label) for r in refs[:4]] == [(1, "All12"), (2, "Art04"), (3, "Bal09"), (4, "BCD+12")]


def test_per_chapter_bibliographies_restart_their_numbering() -> None:
    refs = _extract("tds-course-notes").references
    sizes: dict[int, int] = {}
    for r in refs:
        sizes[r.bibliography] = sizes.get(r.bibliography, 0) + 1
    # One list per chapter with a non-empty .bbl, then the book's closing list of 56.
    assert list(sizes.values()) == [8, 7, 7, 6, 2, 14, 2, 2, 3, 6, 56]
    for b in sizes:
        assert [r.index for r in refs if r.bibliography == b] == list(range(1, sizes[b] + 1))


def test_line_break_hyphens_are_repaired_from_the_documents_vocabulary() -> None:
    raws = " ".join(_by_index("1911.02782").values())
    assert "detection in research papers" in raws  # "re- search": a split word
    assert "Citation-enhanced keyphrase" in raws  # both halves are words: a real hyphen
    assert "probabilistic" in raws  # "probabilis-" + "tic": a fragment, not a word


def test_line_break_hyphens_neither_form_of_which_the_document_prints() -> None:
    raws = " ".join(_by_index("qsl-atomic-wavepackets").values())
    assert "Process Tomography of Dynamical Decoupling" in raws
    assert "Single-qubit" in raws


def test_split_urls_are_rejoined() -> None:
    raw = _by_index("schakko-xtext-bsc-thesis")[13]
    assert "http://blog.efftinge.de/2010/09/xbase-new-programming-language.html" in raw


def test_ligatures_and_dashes_of_fonts_without_unicode_map() -> None:
    raw = _by_index("tds-course-notes", 2)[7]
    assert "Efficient algorithms" in raw
    cyrillic = _by_index("lebedeva-petrunin-5pt-cat0")[5]
    assert cyrillic.startswith("А. Д. Милка.")


def test_t1_ligatures_of_bitmap_fonts_without_unicode_map() -> None:
    # dvips' Type 3 fonts: fi, ff, fl come as codes 0x1B-0x1F, read as T1 where the font sets T1 quotes
    raws = " ".join(_by_index("qsl-atomic-wavepackets").values())
    assert "“High-fidelity quantum driving,”" in raws
    assert "S. Deffner and S. Campbell" in raws
    assert "R. Laflamme" in raws
    assert "characterization of five points" in " ".join(_by_index("lebedeva-petrunin-5pt-cat0").values())


def test_identifiers_from_text_and_link_annotations() -> None:
    refs = {r.index: r for r in _extract("1911.02782").references}
    assert refs[2].fields.doi == "10.18653/v1/n18-3011"  # DOIs are stored normalized, lower case
    arxiv = {r.index: r.fields.arxiv_id for r in _extract("0905.2465").references}
    assert arxiv[1] == "0710.4225"


def test_provenance_points_at_the_page() -> None:
    ref = _extract("1611.03199").references[0]
    assert ref.provenance.pages == (27,)
    x0, y0, x1, y1 = ref.provenance.bbox
    assert 70 < x0 < 80
    assert 100 < y0 < 120
    assert x1 > 500
    assert y1 < 175


def test_running_heads_and_page_numbers_stay_out() -> None:
    refs = _extract("1001.0012").references
    assert len(refs) == 87  # the tables after the list are not entries
    for ref in refs:
        assert "Cowan & Agol" not in ref.raw  # the running head of the even pages
        assert "Albedo and Heat Recirculation" not in ref.raw  # and of the odd pages

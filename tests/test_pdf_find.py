"""Finding every bibliography of a PDF, with its start and end, on small generated papers.

Each PDF under tests/data/pdf/ was compiled from the .tex beside it (pdflatex, TeX Live 2023)
or drawn with PyMuPDF here; each shows one layout class that once lost or overran a list.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pymupdf

from arxref.domain import Extraction
from arxref.pdf import extract_pdf_references
from arxref.pdf._section import page_has_heading

DATA = Path(__file__).parent / "data" / "pdf"


@cache
def _extract(name: str) -> Extraction:
    return extract_pdf_references((DATA / name).read_bytes())


def test_margin_line_numbers_of_a_review_copy_stay_out_of_the_entries() -> None:
    refs = _extract("lineno-authoryear.pdf").references
    assert len(refs) == 6
    assert refs[0].raw.startswith("P. Amarasekare. Interference competition")
    assert "Biological Sciences, 269(1509):2541" in refs[0].raw
    assert refs[0].raw.endswith("2002.")
    assert refs[5].raw.startswith("G. P. Wagner. The measurement theory of fitness.")
    assert not any(r.raw[:1].isdigit() for r in refs)


def test_accented_headings_in_other_languages_and_ot1_accents() -> None:
    refs = _extract("ot1-spanish-heading.pdf").references  # "Bibliograf´ıa", an author-year list
    assert [r.raw.split(".")[0] for r in refs] == ["M", "S", "F", "G"]
    assert refs[3].raw.endswith("NeuroImage, 180:68–77, 2018.")
    for heading in ("Referências Bibliográficas", "REFERÊNCIAS", "Bibliografía", "Список литературы"):
        assert page_has_heading(f"{heading}\n"), heading


def _author_year_pdf(entries: list[list[str]]) -> bytes:
    """One page: a "References" heading over an author-year list with a hanging indent."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    y = 100.0
    for entry in entries:
        for k, line in enumerate(entry):
            page.insert_text((72 if k == 0 else 82, y), line, fontsize=10)
            y += 12
        y += 3
    return doc.tobytes()


def test_a_continuation_line_of_short_words_is_no_letter_spaced_heading() -> None:
    entries = [
        ["Hunter, J. D. 2007, Computing In Science", "& Engineering, 9, 90"],
        ["Ireland, M. J. 2013, MNRAS, 433, 1718,", "doi: 10.1093/mnras/stt859"],
        ["Jennison, R. C. 1958, MNRAS, 118, 276"],
    ]
    refs = extract_pdf_references(_author_year_pdf(entries)).references
    assert [r.raw for r in refs] == [
        "Hunter, J. D. 2007, Computing In Science & Engineering, 9, 90",
        "Ireland, M. J. 2013, MNRAS, 433, 1718, doi: 10.1093/mnras/stt859",
        "Jennison, R. C. 1958, MNRAS, 118, 276",
    ]

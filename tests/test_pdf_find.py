"""Finding every bibliography of a PDF, with its start and end, on small generated papers.

Each PDF under tests/data/pdf/ was compiled from the .tex beside it (pdflatex, TeX Live 2023)
or drawn with PyMuPDF here; each shows one layout class that once lost or overran a list.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from arxref.domain import Extraction
from arxref.pdf import extract_pdf_references

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

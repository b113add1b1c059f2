"""Entry boundaries and indexes on small real PDFs made by pdflatex (tests/data/pdf, beside their .tex)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from arxref.domain import RawReference
from arxref.pdf import extract_pdf_references

DATA = Path(__file__).parent / "data" / "pdf"


@cache
def _refs(name: str) -> tuple[RawReference, ...]:
    return extract_pdf_references((DATA / f"{name}.pdf").read_bytes()).references


def test_right_aligned_alpha_labels_start_entries_left_of_the_text_indent() -> None:
    refs = _refs("alpha-right-aligned")
    assert [r.label for r in refs] == ["AAQ11", "B+16", "BDRG+10", "Ber03", "SGA 1", "Wei94"]
    assert [r.index for r in refs] == [1, 2, 3, 4, 5, 6]
    assert refs[4].raw.endswith("Springer, Berlin, 1971.")


def test_author_year_labels_in_brackets_long_or_a_bare_year() -> None:
    refs = _refs("authoryear-bracket-labels")
    assert [r.label for r in refs] == [
        "Baptiste, Pape, and Nuijten 2001",
        "Haas 2002",
        "Motahari-Nezhad, Recker, and Weidlich 2015",
        "Senderovich et al. 2015a",
        "2015b",
        "1996",
        "2011",
    ]
    assert refs[5].raw == (
        "Van der Aalst, W. 1996. Petri net based scheduling. Operations-Research-Spektrum 18(4):219–229."
    )


def test_a_number_at_the_text_indent_is_no_label() -> None:
    refs = _refs("authoryear-numbers-at-indent")
    assert [r.label for r in refs] == [None] * 5
    assert [r.index for r in refs] == [1, 2, 3, 4, 5]
    assert refs[1].raw.endswith("Society, 82 (2):421–421, February 1956.")

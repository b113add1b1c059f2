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
from arxref.pdf._headings import page_has_heading
from arxref.pdf._layout import Line
from arxref.pdf._section import closes_list
from tests.conftest import SAMPLES

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
    headings = (
        "Referências Bibliográficas",
        "REFERÊNCIAS",
        "R´ef´erences",
        "Список литературы",
        "Библиографический список",
    )
    for heading in headings:
        assert page_has_heading(f"{heading}\n"), heading


def test_a_russian_heading_in_a_bitmap_font_is_found_in_the_plain_text() -> None:
    # the plain text reads the bitmap T2A heading as Latin-1 letters; an author-year list has no
    # labels to be found by instead
    assert page_has_heading("Ñïèñîê ëèòåðàòóðû\n")
    assert page_has_heading("Ëèòåðàòóðà\n")
    assert not page_has_heading("Ââåäåíèå\n")
    refs = _extract("t2a-heading-authoryear.pdf").references
    assert [r.raw.split(",")[0] for r in refs] == [
        "Иванов И. И.",
        "Kolmogoroff A. Grundbegriffe der Wahrscheinlichkeitsrechnung. Berlin: Springer",
        "Ёлкин В. Кривизна и эффективные оценки // Изв. РАН. 2005. № 3. С. 7–11.",
    ]


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


def test_a_heading_set_in_small_caps_under_the_running_head_starts_the_list() -> None:
    # "R" 12 pt + "EFERENCES" 9.6 pt at the top of page 4, under a running head that recurs on
    # every page; then "A FURTHER EXPERIMENTS" in small caps, whose text is no entry
    refs = _extract("smallcaps-heading-top.pdf").references
    assert len(refs) == 5
    assert refs[0].raw.startswith("G. Anandalingam and Terry L. Friesz. Hierarchical optimization")
    assert refs[4].raw.endswith("In EMNLP, 2016.")


def test_a_wide_figure_floated_into_a_two_column_list_is_skipped() -> None:
    refs = _extract("twocolumn-float-in-list.pdf").references
    assert [r.index for r in refs] == list(range(1, 61))
    assert not any("Recall" in r.raw or "SMOTUNED" in r.raw for r in refs)
    assert refs[26].raw.startswith("A. Pears, B. Writer, and C. Author. 2006.")


def _list_then_appendix_pdf() -> bytes:
    """Page 1: a numbered list; page 2: a figure on top ("Figure A1."), then an appendix whose
    long title is set bold and larger (LNCS, MNRAS), then its text."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=12, fontname="hebo")
    y = 100.0
    for n in range(1, 9):
        page.insert_text(
            (72, y), f"[{n}] A. Author{n} and B. Writer. A title of the paper number {n}.", fontsize=9
        )
        page.insert_text((90, y + 11), f"Journal of Things, {n}(2):{100 + n}-{120 + n}, 2001.", fontsize=9)
        y += 26
    page = doc.new_page()
    page.insert_text((250, 110), "figures/violin_plot.pdf", fontsize=8)
    page.insert_text(
        (72, 200), "Figure A1. Violin plot of pixel values of the search and template images,", fontsize=8
    )
    page.insert_text((72, 210), "scaled between 0 and 1.", fontsize=8)
    title = "A Closed-form Formula for Evaluating the Derivative of the Polynomial at Roots of Unity"
    page.insert_text((72, 240), title, fontsize=12, fontname="hebo")
    for k, line in enumerate(
        [
            "Let A(X) = X^n - 1 and recall the Lagrange polynomials of Section 3.4. Let A'(X) be",
            "the derivative of A and let g(x) = A(X)/(X - w). First, note that A'(w) = g(w).",
            "Second, by carrying out the division of A by (X - w), we obtain the quotient.",
        ]
    ):
        page.insert_text((72, 262 + 12 * k), line, fontsize=10)
    return doc.tobytes()


def test_a_float_and_a_long_appendix_title_end_the_list() -> None:
    refs = extract_pdf_references(_list_then_appendix_pdf()).references
    assert [r.index for r in refs] == list(range(1, 9))
    assert (
        refs[7].raw
        == "A. Author8 and B. Writer. A title of the paper number 8. Journal of Things, 8(2):108-128, 2001."
    )


def test_every_numbered_list_without_heading_with_its_own_numbering() -> None:
    # REVTeX (PRL) prints no heading; the Supplemental Material restarts at [1]
    ex = _extract("revtex-two-lists.pdf")
    main = [r for r in ex.references if r.bibliography == 1]
    supplement = [r for r in ex.references if r.bibliography == 2]
    assert [r.index for r in main] == list(range(1, 32))
    assert [r.index for r in supplement] == list(range(1, 6))
    assert main[30].raw.startswith("A. B. Authorm31, C. D. Writer")
    assert supplement[0].raw.startswith("A. B. Authors1, C. D. Writer")
    assert any("numbered list found by its labels" in note for note in ex.notes)


def test_an_author_year_list_without_heading_is_found_by_its_dates_and_names() -> None:
    # no heading, no labels: the list starts under the text of its page, an appendix follows
    ex = _extract("authoryear-no-heading.pdf")
    refs = ex.references
    assert len(refs) == 9
    assert refs[0].raw.startswith("Bryan, G. H., 2012: Effects of surface exchange coefficients")
    assert refs[8].raw.startswith("Trier, S. B., and R. D. Sharman, 2009")
    assert refs[8].raw.endswith("Mon. Wea. Rev., 137, 1972–1990.")
    assert any("author-year list found by its dates and author names" in note for note in ex.notes)


def _line(text: str, size: float = 10.0, first_size: float | None = None, bold: bool = False) -> Line:
    return Line(0, 72, 100, 400, 110, text, size, bold, 0, first_size or size, 612, 792)


def test_which_lines_close_a_list() -> None:
    assert closes_list(_line("A FURTHER EXPERIMENTS", 9.6, 12.0), 10.0)  # small caps, numbered
    assert closes_list(_line("A.1 DERIVING THE GRADIENT", 8.0, 10.0), 10.0)
    assert closes_list(_line("APPENDIX A: SCALING IMAGES", 9.0, bold=True), 9.0)
    assert closes_list(
        _line("B Computing all the quotients in O(n log n) time from the ones before", 12.0), 9.0
    )
    assert not closes_list(_line("A. SMITH, B. JONES AND C. BROWN", 9.6, 12.0), 10.0)  # small-caps authors
    assert not closes_list(_line("& Engineering, 9, 90"), 10.0)
    assert not closes_list(_line("[12] A. Author, Title, 2001.", 12.0, bold=True), 10.0)


def _headed_then_unheaded_pdf() -> bytes:
    """Page 1: a headed list [1]-[6]; page 2: a supplement whose own list [1]-[4] has no heading."""
    doc = pymupdf.open()
    for page_no, (count, head) in enumerate([(6, "References"), (4, None)]):
        page = doc.new_page()
        y = 72.0
        if head is None:
            page.insert_text((72, y), "Supplementary Material", fontsize=14, fontname="hebo")
            page.insert_text(
                (72, y + 24), "Here we give the derivation of the bound and the details.", fontsize=10
            )
            y += 50
        else:
            page.insert_text((72, y), head, fontsize=14, fontname="hebo")
            y += 28
        for n in range(1, count + 1):
            page.insert_text(
                (72, y),
                f"[{n}] A. Author{page_no}{n}, B. Writer, Journal of Things {n}, 345 (2001).",
                fontsize=9,
            )
            y += 13
    return doc.tobytes()


def test_a_supplements_list_without_heading_after_a_headed_list() -> None:
    refs = extract_pdf_references(_headed_then_unheaded_pdf()).references
    assert [(r.bibliography, r.index) for r in refs] == [(1, n) for n in range(1, 7)] + [
        (2, n) for n in range(1, 5)
    ]
    assert refs[6].raw.startswith("A. Author11, B. Writer")


def _amsart_running_heads_pdf() -> bytes:
    """amsart: the list goes on under a running head "2 REFERENCES" set small, low on a
    page with a deep top margin (14% of the page height)."""
    doc = pymupdf.open()
    n = 0
    for page_no in (1, 2):
        page = doc.new_page()
        y = 130.0
        if page_no == 1:
            page.insert_text((280, y), "References", fontsize=10)
            y += 20
        else:
            page.insert_text((126, 112), f"{page_no} REFERENCES", fontsize=7)
        for _ in range(40):
            n += 1
            page.insert_text(
                (126, y), f"[{n}] A. Author{n}. A paper on things. J. Things {n} (2001).", fontsize=10
            )
            y += 14
    return doc.tobytes()


def test_a_running_head_low_on_a_deep_top_margin_starts_no_new_list() -> None:
    refs = extract_pdf_references(_amsart_running_heads_pdf()).references
    assert [(r.bibliography, r.index) for r in refs] == [(1, n) for n in range(1, 81)]


def _journal_furniture_pdf() -> bytes:
    """ACM-journal furniture on every page: a running head of two pieces on one baseline ("A:3"
    at the left, the authors at the right) and a journal foot 86% down; an author-year list."""
    doc = pymupdf.open()
    n = 0
    for page_no in range(1, 6):
        page = doc.new_page(width=612, height=792)
        page.insert_text((110, 78), f"A:{page_no}", fontsize=9)
        page.insert_text((400, 78), "S. Bindal et al.", fontsize=9)
        page.insert_text(
            (141, 689), "ACM Transactions on Software Engineering, Vol. V, No. N, Article A", fontsize=7
        )
        y = 100.0
        if page_no < 4:
            page.insert_text(
                (110, y), "Body text of the paper, which cites many works on testing.", fontsize=10
            )
            continue
        if page_no == 4:
            page.insert_text((110, y), "REFERENCES", fontsize=10, fontname="hebo")
            y += 20
        for _ in range(27):
            n += 1
            page.insert_text(
                (110, y), f"Author{n}, A. and Writer, B. 2001. A paper on testing number {n}.", fontsize=8
            )
            page.insert_text((126, y + 9), f"In Proceedings of PLDI. {n}-{n + 9}.", fontsize=8)
            y += 20
    return doc.tobytes()


def test_journal_feet_and_two_piece_running_heads_stay_out() -> None:
    refs = extract_pdf_references(_journal_furniture_pdf()).references
    assert [r.index for r in refs] == list(range(1, 55))
    assert not any("Bindal" in r.raw or "ACM Transactions" in r.raw for r in refs)


def _footnote_under_small_list_pdf() -> bytes:
    """A&A: the references in 8 pt, and under them at the column foot a 9 pt footnote with a
    raised marker, set apart by the footnote skip; the list goes on on the next page."""
    doc = pymupdf.open()
    n = 0
    for page_no in (1, 2):
        page = doc.new_page(width=595, height=842)
        y = 60.0
        if page_no == 1:
            page.insert_text((37, y), "References", fontsize=10, fontname="hebo")
            y += 16
        for _ in range(30):
            n += 1
            page.insert_text(
                (37, y),
                f"Author{n}, J., Heavens, A., & Jaffe, A. H. {1990 + n}, MNRAS, {400 + n},",
                fontsize=8,
            )
            page.insert_text((47, y + 9), f"{3000 + n}", fontsize=8)
            y += 20
        if page_no == 1:
            page.insert_text((39, 735), "2", fontsize=6)
            page.insert_text(
                (43, 738), "However, the main objective here is to compare the methods;", fontsize=9
            )
            page.insert_text(
                (37, 748), "the approximation does not change the conclusions at this stage.", fontsize=9
            )
    return doc.tobytes()


def test_a_footnote_under_a_list_set_smaller_than_it_stays_out() -> None:
    refs = extract_pdf_references(_footnote_under_small_list_pdf()).references
    assert [r.index for r in refs] == list(range(1, 61))
    assert not any("objective" in r.raw for r in refs)


def _thesis_back_page_pdf() -> bytes:
    """A thesis whose list stops high on its last page, then a back page (the abstract in
    French, the jury) with no heading the list could end at."""
    doc = pymupdf.open()
    n = 0
    for count in (40, 3):
        page = doc.new_page(width=595, height=842)
        y = 80.0
        if n == 0:
            page.insert_text((76, 60), "Références", fontsize=14, fontname="hebo")
        for _ in range(count):
            n += 1
            page.insert_text(
                (76, y), f"[{n}] R. Auteur{n}, “Un article,” Journal of Things, vol. {n}, 2001.", fontsize=10
            )
            y += 18
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(
        ["SCHUTZ (Sacha) - Description du microbiote respiratoire", "RESUMÉ : La colonisation à Pseudomonas"]
    ):
        page.insert_text((85, 50 + 20 * k), line, fontsize=10)
    return doc.tobytes()


def test_a_list_that_stops_high_on_its_page_ends_there() -> None:
    refs = extract_pdf_references(_thesis_back_page_pdf()).references
    assert [r.index for r in refs] == list(range(1, 44))
    assert refs[42].raw.endswith("vol. 43, 2001.")


def test_a_rule_drawn_before_a_line_starts_an_entry_by_the_authors_above() -> None:
    # AER and CJE print a rule (\bysame: \hrulefill) for the authors of the entry above; the text
    # layer holds only what follows it, set further in than an entry starts, like a continuation
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    lines = [
        (72, "Knuth, Donald E. (1984) The TeXbook (Reading, MA:"),
        (82, "Addison-Wesley)"),
        (82, "(1997) The Art of Computer Programming, Volume 1,"),
        (82, "3rd ed. (Reading, MA: Addison-Wesley)"),
        (72, "Lamport, Leslie (1994) LaTeX: A Document Preparation"),
        (82, "System, 2nd ed. (Addison-Wesley)"),
    ]
    for n, (x, text) in enumerate(lines):
        page.insert_text((x, 100 + 12 * n), text, fontsize=10)
    page.draw_line((72, 100 + 12 * 2 - 3), (79, 100 + 12 * 2 - 3), width=0.4)  # before "(1997)"
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [
        "Knuth, Donald E. (1984) The TeXbook (Reading, MA: Addison-Wesley)",
        "———(1997) The Art of Computer Programming, Volume 1, 3rd ed. (Reading, MA: Addison-Wesley)",
        "Lamport, Leslie (1994) LaTeX: A Document Preparation System, 2nd ed. (Addison-Wesley)",
    ]


def test_a_bracketed_word_that_recurs_at_line_starts_is_no_alpha_label() -> None:
    # Harvard styles (biblatex-bath) print "[Online]" after a journal; where it wraps to the start
    # of a line of a list set flush, it looks like an alpha label: five of them made five entries
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    y = 100.0
    entries = [
        ["Abbott, B.P., Abbott, R., et al., 2016. Observation of gravitational waves.", "[Online], 116(6)."],
        ["Arikan, E., 2009. Channel polarization. IEEE transactions on information", "[Online], 55(7)."],
        ["Bardeen, J. and Cooper, L.N., 1957. Theory of superconductivity. Physical", "[Online], 108(5)."],
        ["Becke, A.D., 1993. Density-functional thermochemistry. The journal of", "[Online], 98."],
        ["Cech, E., 1937. On bicompact spaces. Annals of mathematics", "[Online], 38(4), pp.823-844."],
        ["Cox, D.R., 1972. Regression models and life-tables. Journal of the royal statistical society."],
    ]
    for entry in entries:
        for line in entry:
            page.insert_text((72, y), line, fontsize=9)
            y += 11
        y += 5
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split(",")[0] for r in refs] == ["Abbott", "Arikan", "Bardeen", "Becke", "Cech", "Cox"]
    assert refs[0].label is None
    assert refs[0].raw.endswith("waves. [Online], 116(6).")


def test_an_entry_by_an_organisation_at_the_top_of_a_page_starts_there() -> None:
    # biblatex-bath sets a justified list flush, entries apart by a gap; across a page break no
    # gap can be measured, and "R Core Team, 2023." names no person: the short line ending the
    # entry above (a justified list ends a line short only where an entry ends) says it
    words = "Journal of Things and Other Matters, volume twelve, pages one to twenty, with more words."
    entries = [f"Author{n}, A., 20{10 + n}. A title of the work {n}. {words} {words}" for n in range(1, 12)]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    y = 90.0
    for entry in entries:
        rect = pymupdf.Rect(72, y, 472, y + 60)
        left = page.insert_textbox(rect, entry, fontsize=10, align=pymupdf.TEXT_ALIGN_JUSTIFY)
        y += 60 - left + 4  # the box's unused height given back, and a gap between entries
    page = doc.new_page()
    page.insert_textbox(
        pymupdf.Rect(72, 60, 472, 120),
        f"R Core Team, 2023. R: a language and environment for statistical computing. {words}",
        fontsize=10,
        align=pymupdf.TEXT_ALIGN_JUSTIFY,
    )
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 12
    assert refs[-1].raw.startswith("R Core Team, 2023.")
    assert refs[-2].raw.startswith("Author11, A., 2021.")


def test_a_copyright_notice_at_the_page_foot_is_no_part_of_the_entry_it_interrupts() -> None:
    # OUP's template prints "© The Author ... Published by Oxford University Press ..." across both
    # columns at the foot of the first page, once: not a recurring foot, and here set between two
    # lines of one entry (the page's last, the next page's first)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 72), "References", fontsize=12)
    for col, x in enumerate((50, 310)):
        for k in range(40):
            n = 40 * col + k + 1
            entry = f"[{n}] A. Author{n}. Work {n}. J. Things, {n}:1-9."
            page.insert_text((x, 100 + 17 * k), entry, fontsize=8)
    page.insert_text((310, 100 + 17 * 40), "[81] B. Writer. A long title that goes on", fontsize=8)
    notice = "© The Author 2024. Published by Oxford University Press. All rights reserved."
    page.insert_text((50, 800), notice + " For permissions, please e-mail us.", fontsize=6.5)
    page = doc.new_page()
    page.insert_text((50, 60), "in the Journal of Things, 12:3-4, 2002.", fontsize=8)
    page.insert_text((50, 77), "[82] C. Reader. The last one. J. Things, 1:1-2.", fontsize=8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 83))
    assert refs[80].raw == "B. Writer. A long title that goes on in the Journal of Things, 12:3-4, 2002."


def test_citation_anchors_name_the_pages_the_entries_start_on() -> None:
    """hyperref names a destination for every \\bibitem; the pages they point at are the pages the
    extraction finds the entries on (1911.02782: entries on pages 9-12 of 15)."""
    from arxref.pdf._anchors import cite_anchor_pages

    data = (SAMPLES / "1911.02782v1.pdf").read_bytes()
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        anchors = cite_anchor_pages(doc)
    firsts = {r.provenance.pages[0] - 1 for r in extract_pdf_references(data).references}
    assert anchors == firsts == {8, 9, 10, 11}


def test_a_pdf_without_hyperref_names_no_entry_page() -> None:
    from arxref.pdf._anchors import cite_anchor_pages

    with pymupdf.open(stream=(SAMPLES / "0801.0012v1.pdf").read_bytes(), filetype="pdf") as doc:
        assert cite_anchor_pages(doc) == frozenset()
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "References")
    assert cite_anchor_pages(doc) == frozenset()


def test_only_the_pages_around_anchored_entries_are_read_and_the_entries_are_the_same(monkeypatch) -> None:
    """Entries start on pages 9-12 of 15: pages 6-12 are read (three before, for the heading and the
    running heads); the body and the back matter are not."""
    from arxref.pdf import _extract
    from arxref.pdf._headings import page_has_second_heading
    from arxref.pdf._open import KeptPages, open_pdf, read_page_texts

    data = (SAMPLES / "1911.02782v1.pdf").read_bytes()
    doc = open_pdf(data)
    entry_pages = frozenset({8, 9, 10, 11})
    texts = read_page_texts(doc, page_has_heading, page_has_second_heading, KeptPages(), entry_pages)
    every = read_page_texts(doc, page_has_heading, page_has_second_heading, KeptPages())
    assert [p for p, t in enumerate(texts) if t is not None] == list(range(5, 12))
    assert texts[11] == every[11]
    assert every[14] is not None
    with_anchors = extract_pdf_references(data).references
    monkeypatch.setattr(_extract, "cite_anchor_pages", lambda doc: frozenset())
    assert extract_pdf_references(data).references == with_anchors


def test_anchored_pages_without_text_fall_back_to_reading_from_the_end() -> None:
    """Anchors that name only pages without a text layer (a scanned insert) say nothing useful."""
    from arxref.pdf._open import KeptPages, read_page_texts

    doc = pymupdf.open()
    for _ in range(6):
        doc.new_page()
    doc[5].insert_text((72, 72), "References")
    doc[5].insert_text((72, 90), "[1] A. Author. A title. J. Things 1, 2 (2001).")
    texts = read_page_texts(doc, page_has_heading, lambda t: False, KeptPages(), frozenset({1}))
    assert texts[5] is not None
    assert "References" in texts[5]


def test_a_name_tree_is_walked_only_where_its_limits_reach_cite_names() -> None:
    """A name tree as pdfTeX writes it: intermediate nodes with /Kids and /Limits, leaves with
    /Names. Destinations are arrays, references to arrays, or dictionaries with /D; names are
    literal or hex strings. A leaf whose limits lie outside "cite." is never read, and a
    destination on an object that is no page ("cite.d") names none."""
    from arxref.pdf._anchors import cite_anchor_pages

    doc = pymupdf.open()
    for _ in range(5):
        doc.new_page()
    xref_of = [doc.page_xref(p) for p in range(5)]

    def new_object(source: str) -> int:
        xref = doc.get_new_xref()
        doc.update_object(xref, source)
        return xref

    dest = new_object(f"[{xref_of[3]} 0 R /XYZ 0 0 null]")
    equations = new_object(f"<</Limits[(eq.1)(eq.9)]/Names[(eq.1)[{xref_of[0]} 0 R /Fit]]>>")
    cites = new_object(
        f"<</Limits[(cite.a)(cite.d)]/Names[(cite.a)[{xref_of[2]} 0 R /Fit]"
        f"<636974652E62> {dest} 0 R (cite.c)<</D[{xref_of[4]} 0 R /Fit]>>(cite.d)[{dest} 0 R /Fit]]>>"
    )
    outside = new_object(f"<</Limits[(page.1)(page.5)]/Names[(cite.x)[{xref_of[1]} 0 R /Fit]]>>")
    root = new_object(f"<</Kids[{equations} 0 R {cites} 0 R {outside} 0 R]>>")
    doc.xref_set_key(doc.pdf_catalog(), "Names", f"<</Dests {root} 0 R>>")
    assert cite_anchor_pages(doc) == {2, 3, 4}


def test_a_numbered_heading_word_sets_with_no_space_after_its_period() -> None:
    """Word's heading numbering can leave no space: "8.REFERÊNCIAS" (a Brazilian thesis)."""
    assert page_has_heading("8.REFERÊNCIAS\n")
    assert page_has_heading("VII.References\n")
    assert not page_has_heading("8.REFERÊNCIAS ........................ 25 x\n")  # a contents line


def test_a_references_section_of_prose_beside_the_real_list_is_no_list() -> None:
    """A journal template kept in a thesis (Taylor & Francis's interact): a section "4. References"
    of paragraphs telling how to cite, then the list under "References"; the paragraphs carry no
    dates, the entries do."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "4. References", fontsize=12, fontname="hebo")
    page.insert_text((72, 105), "4.1. References cited in the text", fontsize=11, fontname="hebo")
    prose = [
        "References cited in the text should be quoted by italic numbers in parentheses, in the",
        "order in which they first appear. For further details see the Instructions for Authors.",
        "   Each bibliographic entry has a key, which is assigned by the author and used to refer",
        "to that entry in the text. The citation for a range of entries is produced at once.",
        "   References should be listed at the end of the main text in the order in which they",
        "are first cited in the text. Include all author names with surname first, then initials.",
    ]
    for k, line in enumerate(prose):
        page.insert_text((72, 125 + 14 * k), line, fontsize=10)
    page.insert_text((72, 260), "References", fontsize=12, fontname="hebo")
    entries = [
        "(1) Gould, S.J. The Structure of Evolutionary Theory; Belknap Press: Cambridge, MA, 2002.",
        "(2) Le Couteur, P.; Burreson, J. Napoleon's Buttons; Tarcher/Putnam: New York, 2003.",
        "(3) Bandy, A.R., Ed. The Chemistry of the Atmosphere; Royal Society: Cambridge, 1995.",
        "(4) Saha, B.C., Hayashi, K., Eds. Lignocellulose Biodegradation; ACS: Washington, 2004.",
    ]
    for k, line in enumerate(entries):
        page.insert_text((72, 285 + 14 * k), line, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [e[4:] for e in entries]
    assert {r.bibliography for r in refs} == {1}


def test_a_numbered_list_divided_by_sub_headings() -> None:
    """A Russian dissertation summary: "Основные публикации по теме диссертации", then a bold
    sub-heading before entry 1 and another between 3. and 4.; the numbering runs on under both."""
    rows = [
        "Васин В. В., Акимова Е. Н. Итерационные алгоритмы ньютоновского типа // Вестник. — 2013.",
        "Акимова Е. Н., Мисилов В. Е. Параллельные алгоритмы решения задачи // Вестник. — 2014.",
        "Васин В. В., Скурыдина А. Ф. Двухэтапный метод регуляризации // Труды ИММ. — 2017.",
        "Akimova E., Skurydina A. A Componentwise Newton Type Method // Proceedings. — 2015.",
        "Akimova E., Misilov V. Parallel algorithms for inverse problems // Proceedings. — 2016.",
    ]
    font = pymupdf.Font("cjk")  # has Cyrillic; the base-14 fonts do not
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    writer = pymupdf.TextWriter(page.rect)
    writer.append((72, 80), "Основные публикации по теме диссертации", font=font, fontsize=16)
    y = 110.0
    for k, row in enumerate(rows, 1):
        if k in (1, 4):
            sub = "Статьи в журналах из перечня ВАК" if k == 1 else "Публикации, проиндексированные в Scopus"
            writer.append((72, y), sub, font=font, fontsize=14)
            y += 24
        writer.append((72, y), f"{k}. {row}", font=font, fontsize=10)
        y += 18
    writer.write_text(page)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5]
    assert [r.raw for r in refs] == rows


def test_a_running_head_naming_the_list_under_a_decorated_page_number_starts_no_new_list() -> None:
    """A thesis (bart class): the chapter opens under a large "Bibliography"; every later page has a
    large decorated page number ("122 122 122") atop it and the running head "Bibliography" in the
    text's size below, left on even pages and right on odd ones."""
    names = ["Abell", "Bahcall", "Borgani", "Hansen", "Navarro", "Springel", "Tempel", "Warren"]
    words = ["Rich", "Poor", "Dense", "Sparse", "Hot", "Cold", "Young", "Old", "Bright", "Faint"]
    entries = [
        f"{names[k % 8]}, G.O., {1958 + k}, The {words[k % 10]} {words[k // 10 % 10]} Clusters, ApJS, {k + 3}"
        for k in range(150)
    ]
    doc = pymupdf.open()
    k = 0
    for n in range(4):
        page = doc.new_page(width=595, height=842)
        if n == 0:
            page.insert_text((72, 200), "Bibliography", fontsize=23.9, fontname="hebo")
            y = 280.0
        else:
            page.insert_text(
                (26 if n % 2 else 400, 66), " ".join([str(121 + n)] * 3), fontsize=29.9, fontname="hebo"
            )
            page.insert_text((92 if n % 2 else 443, 98), "Bibliography", fontsize=10.9)
            y = 125.0
        while y < 740 and k < len(entries):
            page.insert_text((57, y), entries[k], fontsize=10.9)
            y, k = y + 13.5, k + 1
    refs = extract_pdf_references(doc.tobytes()).references
    assert {r.bibliography for r in refs} == {1}
    assert [r.raw for r in refs] == entries[:k]


def test_a_line_broken_before_a_period_without_a_rule_drawn_is_no_repeated_authors_dash() -> None:
    """A hanging author-year list in two columns: a title broke right before its period (". Flux-
    and volume-limited samples"), which reads as the text after a drawn dash; no rule is drawn."""
    lines = [
        (57, "Tago, E., Saar, E., Tempel, E., Einasto, J., 2010, Groups of"),
        (68, "galaxies in the SDSS Data Release 7"),
        (68, ". Flux- and volume-limited samples, A&A, 514, A102"),
        (57, "Tarjan, R.E., van Leeuwen, J., 1984, Worst-case Analysis of"),
        (68, "Set Union Algorithms, J. ACM, 31, 2, 245"),
    ]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((57, 72), "Bibliography", fontsize=14, fontname="hebo")
    for n, (x, text) in enumerate(lines):
        page.insert_text((x, 100 + 13 * n), text, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [
        "Tago, E., Saar, E., Tempel, E., Einasto, J., 2010, Groups of galaxies in the SDSS Data Release 7 "
        ". Flux- and volume-limited samples, A&A, 514, A102",
        "Tarjan, R.E., van Leeuwen, J., 1984, Worst-case Analysis of Set Union Algorithms, J. ACM, 31, 2, "
        "245",
    ]


def _thesis_with_an_annexed_article_pdf() -> bytes:
    """A Word thesis of 40 pages: its bibliography on pages 30-31, then an annexed article of eight
    pages whose own short list closes the document, further back than an eighth of it."""
    doc = pymupdf.open()
    prose = "the results of the chapter are discussed here in some detail"
    for p in range(40):
        page = doc.new_page(width=595, height=842)
        if p in (29, 30):
            if p == 29:
                page.insert_text((72, 72), "Bibliografía", fontsize=14, fontname="hebo")
            for k in range(20):
                n = 20 * (p - 29) + k + 1
                entry = f"[{n}] A. Author{n}, A study of things, in Proc. Conf.,"
                page.insert_text((72, 100 + 34 * k), entry, fontsize=10)
                page.insert_text((90, 113 + 34 * k), f"Madrid, {1990 + n % 30}, pp. {n}-9.", fontsize=10)
        elif p == 39:
            page.insert_text((72, 72), "Referencias", fontsize=12, fontname="hebo")
            for k in range(4):
                entry = f"Writer{k}, B. ({2010 + k}). Another work. Journal, 3, 1-9."
                page.insert_text((72, 100 + 30 * k), entry, fontsize=10)
        else:
            for k in range(40):
                page.insert_text((72, 72 + 18 * k), prose, fontsize=10)
    return doc.tobytes()


def test_a_short_list_at_the_end_does_not_hide_the_documents_own_list_further_up() -> None:
    refs = extract_pdf_references(_thesis_with_an_annexed_article_pdf()).references
    main = [r for r in refs if r.raw.startswith("A. Author")]
    assert [r.index for r in main] == list(range(1, 41))
    assert {r.bibliography for r in refs if r.raw.startswith("Writer0")} == {2}  # the annex's own list too

"""Margin line numbers are page furniture, wherever they come from: small PDFs drawn with PyMuPDF.

Word numbers every line in the text's own size, far left of it; a review ruler (CVPR's) steps
down the page at a fixed pitch whatever the text does, touching the right column's text; lineno
sets small numbers apart (tests/test_pdf_layouts.py). None of them is an entry's label.
"""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references
from arxref.pdf._furniture import margin_shapes, remove_furniture
from arxref.pdf._headings import HEADING
from arxref.pdf._layout import Line

_ENTRIES = [
    (
        "Martin, B., Ji, S. & Mattson, M. P. Control laboratory rodents are metabolically",
        "morbid: why it matters. Proc. Natl. Acad. Sci. 107, 6127-6133 (2010).",
    ),
    (
        "Pabis, K. et al. The impact of short-lived controls on the interpretation of",
        "lifespan experiments. Ageing Res. Rev. 101, 102512 (2024).",
    ),
    (
        "Nadon, N. L. et al. Design of aging intervention studies: the interventions",
        "testing program. AGE 30, 187-199 (2008).",
    ),
    (
        "Harrison, D. E. et al. Acarbose improves health and lifespan in aging",
        "mice. Aging Cell 18, e12898 (2019).",
    ),
    (
        "Strong, R. et al. Longer lifespan in male mice treated with a weakly estrogenic",
        "agonist or an antioxidant. Aging Cell 15, 872-884 (2016).",
    ),
    (
        "Liao, C. et al. Fat maintenance is a predictor of the murine lifespan response",
        "to dietary restriction. Aging Cell 10, 629-639 (2011).",
    ),
]


def _word_line_numbered_pdf() -> bytes:
    """A Word manuscript with line numbering: every line numbered in the text's size (11 pt) at
    x 24, the text from x 72; the heading "References" numbered like the rest; numbered 1..6
    from the page before, 340 lines into the document."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    number, y = 341, 60.0

    def line(text: str, x: float = 72, size: float = 11, font: str = "helv") -> None:
        nonlocal number, y
        page.insert_text((24, y), str(number), fontsize=11)
        page.insert_text((x, y), text, fontsize=size, fontname=font)
        number += 1
        y += 25

    for _ in range(4):
        line("The analysis scripts and input data are provided in the accompanying package.")
    line("References", size=14, font="hebo")
    for n, (first, second) in enumerate(_ENTRIES, 1):
        line(f"{n}.  {first}")
        line(second, x=86)
    return doc.tobytes()


def test_word_line_numbers_in_the_text_size_are_no_labels() -> None:
    refs = extract_pdf_references(_word_line_numbered_pdf()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5, 6]
    assert refs[0].raw == " ".join(_ENTRIES[0])


_JUSTIFIED = "the versatility of our approach for retrieval at scale."


def _ruler_review_copy_pdf() -> bytes:
    """A CVPR review copy: a ruler of 8 pt numbers, one every 12 pt down both outer margins, the
    right one touching the right column's justified text (the discussion above the list); boxes
    "CVPR" and "#882" in the side margins beside the running head; after a page of text, the list
    in the right column, 9 pt lines 11 pt apart, an entry running over from one page to the next."""
    doc = pymupdf.open()
    rows: list[tuple[float, str, float, str]] = [(309, "References", 12, "hebo")]
    for n in range(1, _RULED_ENTRIES + 1):
        rows.append((313, f"[{n}] A. Author{n} and B. Writer. Retrieval with features.", 9, "helv"))
        rows.append((329, f"In Proc. IEEE Conf. CVPR, pages {n}-{n + 9}, 2015.", 9, "helv"))
    for page_no in range(3):
        page = doc.new_page(width=612, height=792)
        for x in (12, 572):
            page.insert_text((x, 24), "CVPR", fontsize=9)
            page.insert_text((x + 2, 35), "#882", fontsize=9)
        page.insert_text((139, 46), "CVPR 2017 Submission #882. CONFIDENTIAL REVIEW COPY.", fontsize=8)
        for k in range(54):
            page.insert_text((15, 76 + 12 * k), str(756 + 108 * page_no + k), fontsize=8)
            page.insert_text((545, 76 + 12 * k), str(810 + 108 * page_no + k), fontsize=8)
        for k in range(40 if page_no < 2 else 0):
            page.insert_text(
                (50, 80 + 12 * k), "We compare our results to the state of the art for", fontsize=10
            )
        for k in range(40 if page_no == 0 else 5 if page_no == 1 else 0):
            # justified to the column's edge, where the ruler's numbers begin
            page.insert_text((309, 76 + 12 * k), _JUSTIFIED, fontsize=_JUSTIFIED_SIZE)
        if page_no == 0:
            continue
        # the heading on a ruler's step, ending in a number; the entries drift off the steps
        y = 136.0 if page_no == 1 else 76.0
        while rows and y < 690:
            x, text, size, font = rows.pop(0)
            page.insert_text((x, y), text, fontsize=size, fontname=font)
            y += 24 if font == "hebo" else 11 if x == 313 else 14
    return doc.tobytes()


_JUSTIFIED_SIZE = 236 / pymupdf.get_text_length(_JUSTIFIED, fontsize=1)
_RULED_ENTRIES = 40


def test_a_review_ruler_is_no_label_and_its_boxes_hide_no_running_head() -> None:
    refs = extract_pdf_references(_ruler_review_copy_pdf()).references
    assert [r.index for r in refs] == list(range(1, _RULED_ENTRIES + 1))
    entry = (
        "A. Author{n} and B. Writer. Retrieval with features. In Proc. IEEE Conf. CVPR, pages {n}-{m}, 2015."
    )
    expected = [entry.format(n=n, m=n + 9) for n in range(1, _RULED_ENTRIES + 1)]
    assert [r.raw for r in refs] == expected


def _two_column_lineno_pdf() -> bytes:
    """AASTeX's linenumbers in two columns: small numbers (5 pt) in the left margin, on this page
    for the right column's lines, which the left column's rows fall between; a display equation
    breaks their pitch once."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    names = ["Adams", "Baker", "Clark", "Davis", "Evans", "Fox", "Green", "Hall", "Irwin", "Jones"]
    page.insert_text((54, 60), "in the limit of large optical depth, as the code finds.", fontsize=9)
    for k in range(9):
        page.insert_text((54, 86.6 + 13.3 * k), "the emergent spectrum of the slab and its width", fontsize=9)
    page.insert_text((400, 60), "REFERENCES", fontsize=9)
    y, number = 80.0, 545
    for k, name in enumerate(names):
        page.insert_text((21, y), str(number), fontsize=5)
        entry = f"{name}, A. B., & Other, C. {2000 + k}, ApJ, {800 + k}, {k + 10}"
        page.insert_text((320, y), entry, fontsize=9)
        number += 1
        y += 13.3 if k != 4 else 30.0
    return doc.tobytes()


def test_line_numbers_of_both_columns_in_one_margin_are_furniture() -> None:
    refs = extract_pdf_references(_two_column_lineno_pdf()).references
    assert len(refs) == 10
    assert refs[0].raw.startswith("Adams, A. B.")
    assert not any(r.raw[:1].isdigit() for r in refs)


def test_a_ruler_in_the_texts_size_outside_all_of_it_and_one_stray_fifth_line_number() -> None:
    """sn-jnl with lineno: numbers as large as the text, at a fixed pitch, left of all of it; and a
    Copernicus page with few lines, only one of its every-fifth-line numbers printed (8.5 pt)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 72), "References", fontsize=14, fontname="hebo")
    for k in range(40):
        page.insert_text((51, 85 + 12 * k), str(1174 + k), fontsize=10)
    for n, (first, second) in enumerate(_ENTRIES, 1):
        y = 97 + 36 * (n - 1)
        page.insert_text((80, y), f"[{n}] {first}", fontsize=10)
        page.insert_text((95, y + 12), second, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5, 6]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((46, 40), "References", fontsize=10, fontname="hebo")
    for n, (first, second) in enumerate(_ENTRIES):
        page.insert_text((46, 60 + 30 * n), first, fontsize=9)
        page.insert_text((56, 71 + 30 * n), second, fontsize=9)
    page.insert_text((22, 71 + 30 * 3), "485", fontsize=8.5)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in _ENTRIES]


def test_every_fifth_line_numbered_and_a_run_in_acknowledgements_after_the_list() -> None:
    """A Science manuscript from Word: every fifth line numbered (120, 125, ...) in a smaller type
    left of the text, the heading "References and Notes:" beside one of them, and the list closed
    by a run-in "Acknowledgements: ..." paragraph."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rows = ["of complex networks in the physical, life, and social sciences.", "References and Notes:"]
    rows += [f"{n}. {first} {second}"[:90] for n, (first, second) in enumerate(_ENTRIES, 1)]
    rows += ["Acknowledgements: Conversations with L. Bussiere and M. Tan improved this work."]
    for k, row in enumerate(rows):
        y = 80 + 27.6 * k
        if k % 5 == 1:
            page.insert_text((21, y), str(125 + k - 1), fontsize=10)
        page.insert_text((72, y), row, fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5, 6]
    assert "Acknowledgements" not in refs[-1].raw
    assert not any(r.raw[:3].isdigit() for r in refs)


def test_a_header_with_the_page_number_twice_and_a_list_ending_on_two_numbered_lines() -> None:
    """A Word manuscript converted by LibreOffice: every line numbered in the text's size (blank
    ones too), the header prints the page number at both ends ("20 ... 20"), and the list's last
    entry, two lines, stands alone atop the last page."""
    entries = [
        (
            "Adams DM, Latta GS. Timber trends on private land in western Oregon and Washington: A new",
            "look. Western Journal of Applied Forestry. 2007; 22: 8-14.",
        ),
        (
            "Bailey LL, MacKenzie DI, Nichols JD. Advances and applications of occupancy models.",
            "Methods in Ecology and Evolution. 2014; 5: 1269-79.",
        ),
        (
            "Bates D, Maechler M, Bolker B, Walker S. Fitting linear mixed-effects models using lme4.",
            "Journal of Statistical Software. 2015; 67: 1-48.",
        ),
        (
            "Becker BH, Peery MZ, Beissinger SR. Ocean climate and prey availability affect the",
            "trophic level and reproductive success of the marbled murrelet. MEPS. 2007; 329: 267-279.",
        ),
        (
            "Betts MG, Rodenhouse NL, Sillett TS, Doran PJ, Holmes RT. Dynamic occupancy models",
            "reveal within-breeding season movement by a migratory songbird. Ecography. 2008; 31: 592-600.",
        ),
        (
            "Zemanova MA. Towards more compassionate wildlife research through the 3Rs principles:",
            "moving from invasive to non-invasive methods. Wildlife Biology. 2020; 2020: wlb.00607.",
        ),
    ]
    entries += [
        (
            f"Author{k} AB, Writer CD. A study of the occupancy of seabirds in forest stands,",
            f"number {k}. Ecology. {1990 + k}; {k}: {100 + k}-{110 + k}.",
        )
        for k in range(1, 50)
    ]
    entries.sort(key=lambda e: e[0].startswith("Zemanova"))
    doc = pymupdf.open()
    number = 300
    pages = [(19, entries[:6], 430.0)] + [(20 + k, entries[6 + 12 * k : 18 + 12 * k], 84.0) for k in range(4)]
    for page_no, chunk, top in [*pages, (24, entries[54:], 84.0)]:
        page = doc.new_page(width=612, height=792)
        for x in (46, 528):
            page.insert_text((x, 46), str(page_no), fontsize=11)
        y = top
        if page_no == 19:
            page.insert_text((40, y), str(number), fontsize=11)
            page.insert_text((72, y), "REFERENCES", fontsize=11)
            number, y = number + 1, y + 25.4
        for first, second in chunk:
            for x, text in ((72, first), (90, second)):
                page.insert_text((40, y), str(number), fontsize=11)
                page.insert_text((x, y), text, fontsize=11)
                number, y = number + 1, y + 25.4
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]
    assert [r.label for r in refs] == [None] * len(entries)


def test_the_page_number_printed_at_both_ends_of_a_header_is_furniture() -> None:
    """Writer sets a header's two page numbers ("20" left, "20" right) on one line: "20 20"."""
    def line(y: float, text: str, x0: float = 72.0) -> Line:
        return Line(0, x0, y, 520.0, y + 11, text, 11.0, False, 0, 11.0, 612.0, 792.0)

    page = (
        line(37, "20 20", 46.0),
        *(line(73 + 25.4 * k, f"Betts MG, Rodenhouse NL. Occupancy models, line {k}") for k in range(20)),
    )
    assert [ln.text for ln in remove_furniture([page], HEADING)[0]] == [ln.text for ln in page[1:]]


def test_a_running_head_over_a_page_of_few_lines_is_furniture() -> None:
    """A Word term paper's running head over the page after its list, which holds only a heading, a
    caption and the page number: too few lines one under the other to measure a line gap by."""
    head = "16.07.2023 Felix Zentowski Artificial intelligence"

    def line(y: float, text: str, size: float = 12.0) -> Line:
        return Line(19, 72.0, y, 520.0, y + size, text, size, False, 0, size, 596.0, 842.0)

    caption = "ABBILDUNG 1: CRISP DM CYCLE"
    page = (line(36, head), line(71, "Anhang", 14.0), line(549, caption), line(779, "20"))
    recurring = margin_shapes(tuple(f"{head}\nText of page {n}.\n{n}" for n in range(18, 22)))
    kept = remove_furniture([page], HEADING, recurring)[0]
    assert [ln.text for ln in kept] == ["Anhang", caption]


def test_word_labels_at_the_edge_its_continuation_lines_start_from_are_no_line_numbers() -> None:
    """Word's automatic numbering sets "1" at the margin and the entry's first line at a tab; the
    entry's other lines start back at the margin, under the number. The numbers rise by one per
    entry of three lines, so they count no lines, though the first lines leave their sentence open."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((54, 60), "References", fontsize=14)
    y = 90.0
    for n in range(1, 10):
        page.insert_text((54, y), str(n), fontsize=11)
        first = f"Author{n} S, Writer N, et al. Maternal risk factors and outcomes associated with"
        page.insert_text((90, y), first, fontsize=11)
        second = "HELLP syndrome: a population-based study. BJOG: An"
        third = f"Obstetrics 2020;127:1189-98. {n}"
        page.insert_text((54, y + 16), second, fontsize=11)
        page.insert_text((54, y + 32), third, fontsize=11)
        y += 52
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 10))

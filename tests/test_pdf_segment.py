"""Entry boundaries and indexes on small real PDFs made by pdflatex (tests/data/pdf, beside their .tex)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pymupdf
import pytest

from arxref.domain import RawReference
from arxref.pdf import extract_pdf_references

DATA = Path(__file__).parent / "data" / "pdf"


@cache
def _refs(name: str) -> tuple[RawReference, ...]:
    return extract_pdf_references((DATA / f"{name}.pdf").read_bytes()).references


def test_right_aligned_alpha_labels_start_entries_left_of_the_text_indent() -> None:
    refs = _refs("alpha-right-aligned")
    labels = [r.label for r in refs]
    assert labels[:5] == ["AAQ11", "B+16", "BDRG+10", "Ber03", "SGA 1"]
    assert labels[5].replace(" ", "") == "SGA412"  # the halves of a stacked fraction, one line
    assert labels[6].startswith("Verdier-th")  # long, but without a space
    assert labels[7] == "Wei94"
    assert [r.index for r in refs] == list(range(1, 9))
    assert refs[4].raw.endswith("Springer, Berlin, 1971.")
    assert refs[5].raw.startswith("P. Deligne, Cohomologie")


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


def test_a_label_in_its_own_box_belongs_to_the_column_of_its_text() -> None:
    refs = _refs("biblatex-twocolumn-label-boxes")
    assert [r.label for r in refs] == [str(n) for n in range(1, 35)]
    assert all(r.raw[0].isupper() and not r.raw.rstrip(".").endswith("]") for r in refs)


def test_lncs_alpha_labels_without_brackets() -> None:
    refs = _refs("lncs-alpha-dotted")
    assert [r.label for r in refs] == ["BB08", "BSCTV14", "vzGG13a", "vzGG13b", "Woo"]
    assert refs[4].raw.startswith("Gavin Wood. Ethereum")


@pytest.mark.parametrize(
    ("name", "count", "last_end", "stray"),
    [
        # the first page's foot: the authors' address, the copyright line, the DOI
        ("acmsmall-authoryear-first-page-notes", 14, "10.7380/j.99967 arXiv:2133.17288.", "nnnnnnn"),
        # running head of the list's second page: "Conference'17, July 2017, ..." and "A. Writer"
        ("acmart-authoryear-running-head", 34, "https://doi.org/10.1460/s.49151", "Washington"),
        # "Preprint submitted to Elsevier" and the date, both columns' feet; an entry runs on below
        ("elsarticle-authoryear-running-foot", 34, "269–281. doi:10.1460/s.49151.", "Elsevier"),
        # the authors' addresses after the list, and the page number below them
        ("amsart-address-after", 20, "Graduate Texts in Mathematics 152, Springer, 1995.", "address"),
    ],
)
def test_lines_set_off_at_a_column_top_or_foot_are_not_entries(
    name: str, count: int, last_end: str, stray: str
) -> None:
    refs = _refs(name)
    assert len(refs) == count
    assert [r.index for r in refs] == list(range(1, count + 1))
    assert refs[-1].raw.endswith(last_end)
    assert not any(stray in r.raw for r in refs)


def test_a_list_that_goes_on_in_the_short_right_column_of_a_last_page() -> None:
    refs = _refs("ieee-last-page-short-column")
    assert [r.index for r in refs] == list(range(1, 15))
    assert refs[8].raw.startswith("T. Horvat") or refs[8].label == "9"
    assert refs[-1].raw.endswith("vol. 20, pp. 739–762, 2005.")


def _page_of_entries(page: pymupdf.Page, entries: list[str], x: float, y: float, size: float) -> float:
    """Two-line author-year entries with a hanging indent, from `y` down; the y below the last."""
    for n, first in enumerate(entries):
        page.insert_text((x, y), first, fontsize=size)
        page.insert_text(
            (x + 10, y + size + 1.2), f"Journal of Things {n + 1}, {100 + n} (2001).", fontsize=size
        )
        y += 2 * (size + 1.2)
    return y


def test_a_footnote_in_its_own_size_at_a_column_foot_is_no_entry() -> None:
    """A&A sets a footnote in 9 pt at the foot of the column, below a list set in 8 pt."""
    doc = pymupdf.open()
    names = [
        f"Author{n}, A., Writer, B., & Other, C. {1990 + n}, A title of the work number {n}"
        for n in range(30)
    ]
    page = doc.new_page()
    page.insert_text((50, 60), "References", fontsize=12)
    _page_of_entries(page, names[:18], 50, 80, 8)
    page.insert_text(
        (52, 760), "2 However, as the main objective of this project is to compare the", fontsize=9
    )
    page.insert_text(
        (50, 770.5), "strategies, we are not very concerned with the implications of this.", fontsize=9
    )
    _page_of_entries(doc.new_page(), names[18:], 50, 60, 8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 31))
    assert not any("However" in r.raw for r in refs)
    assert refs[18].raw.startswith("Author18, A.")


def test_a_biography_beside_its_photo_ends_the_last_entry() -> None:
    """IEEE papers pull the first biography up against the list; its lines start beside the photo."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "References", fontsize=12)
    y = 80.0
    for n in range(1, 7):
        page.insert_text(
            (50, y), f"[{n}] A. Author{n} and B. Writer, 'A title of the work,' in Proc.", fontsize=8
        )
        page.insert_text((68, y + 9), f"Conference on Things, vol. {n}, 2001, pp. 1-9.", fontsize=8)
        y += 19
    page.draw_rect(pymupdf.Rect(50, y, 120, y + 80))
    for k in range(8):
        page.insert_text((131, y + 7 + 9 * k), f"Andrew Wagner received a degree in {2000 + k}", fontsize=8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5, 6]
    assert refs[-1].raw.endswith("Conference on Things, vol. 6, 2001, pp. 1-9.")


def test_an_author_year_list_set_without_indent_or_gaps() -> None:
    """A&A sets short entries on one line each, flush and evenly spaced: each line that starts an
    author list after one that ends short of the margin, or ends as a reference does, is an entry."""
    entries = [
        "Adamo, T. & Newman, E. T. 2014, Scholarpedia, 9, 31791",
        "Astropy Collaboration, Robitaille, T. P., Tollerud, E. J., et al. 2013, A&A, 558, A33",
        "Bambi, C. 2013, Physical Review D, 87",
        "Cano Rodríguez, J. L., Hidalgo, A., Bapat, S., et al. 2019, poliastro: poliastro 0.13",
        "Shaikh, R., Kocherlakota, P., Narayan, R., & Joshi, P. S. 2018, Monthly Notices, 482, 52",
        "Van der Walt, S., Colbert, S. C., & Varoquaux, G. 2011, Computing in Science, 13, 22",
        "de Geus, E. J. 1992, A&A, 262, 258",
        "O'Neill H., Dubois P., 2023, in Advances in Systems. pp 3-7, https://example.org/papers/4000.pdf",
        "de la Cruz M., 2006, in Proceedings of the International Conference. pp 757-778",
    ]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((40, 60), "References", fontsize=12)
    for n, text in enumerate(entries):
        page.insert_text((40, 80 + 9 * n), text, fontsize=8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == entries


def test_a_flat_list_of_entries_over_several_lines() -> None:
    refs = _refs("natbib-flat-list")
    assert [r.index for r in refs] == list(range(1, 35))
    starts = [r.raw[:16] for r in refs]
    assert starts[:5] == [
        "Ines André, Priy",
        "Kofi Beĭlinson a",
        "Jonas Čech and C",
        "Wen Čech. Large ",
        "Farid Côté. Stoc",
    ]
    assert starts[-1] == "Lena Wärn, Priya"


def _justified_flat_list_pdf(entries: list[list[str]]) -> bytes:
    """An author-year list set flat (natbib with zero \\bibsep and \\bibhang) and justified: every
    line of an entry but its last runs to the right margin, word spaces stretched."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=12, fontname="hebo")
    y, left, right = 96.0, 72.0, 540.0
    for entry in entries:
        for k, line in enumerate(entry):
            words = line.split()
            last = k == len(entry) - 1 and not line.endswith("|")
            words = [w.rstrip("|") for w in words]
            widths = [pymupdf.get_text_length(w, fontsize=9) for w in words]
            gap = 2.5 if last or len(words) == 1 else (right - left - sum(widths)) / (len(words) - 1)
            x = left
            for w, width in zip(words, widths, strict=True):
                page.insert_text((x, y), w, fontsize=9)
                x += width + gap
            y += 12
    return doc.tobytes()


def test_a_justified_flat_list_starts_entries_after_short_lines_and_at_names_after_full_ones() -> None:
    # a "|" at a line's end: the line runs to the margin although it ends its entry
    entries = [
        [
            "J. Bardeen, L. N. Cooper, and J. R. Schrieffer. Theory of superconductivity.",
            "Physical Review, 108(5):1175-1204, 1957.",
        ],
        [
            "Axel D. Becke. Density-functional thermochemistry. III. The role of exact exchange.",
            "The Journal of Chemical Physics, 98(7):5648-5652, 1993.",
        ],
        ["Alexander Graham Bell. Improvement in telegraphy. U.S. Patent 174,465, 1876."],
        [
            "IEEE. IEEE standard for floating-point arithmetic. Standard IEEE Std 754-2019,",
            "Institute of Electrical and Electronics Engineers, New York, 2019.",
        ],
        [
            "Donald E. Knuth. The TeXbook. Addison-Wesley, Reading, MA, with many pages, in the",
            "series Computers and Typesetting, volume A, Reading, MA|",
        ],
        ["Jan Lukasiewicz. O logice trojwartosciowej. Ruch Filozoficzny, 5:170-171, 1920.|"],
        [
            "Juan Maldacena. The large N limit of superconformal field theories and super-",
            "gravity. Advances in Theoretical and Mathematical Physics, 2:231-252, 1998.",
        ],
    ]
    refs = extract_pdf_references(_justified_flat_list_pdf(entries)).references
    assert [r.raw.split(".")[0] for r in refs] == [
        "J",
        "Axel D",
        "Alexander Graham Bell",
        "IEEE",
        "Donald E",
        "Jan Lukasiewicz",
        "Juan Maldacena",
    ]
    assert refs[0].raw.endswith("Physical Review, 108(5):1175-1204, 1957.")


def test_an_entry_whose_repeated_authors_are_a_drawn_rule_starts_after_it() -> None:
    # Chicago: "———. 1997." for the authors of the entry above, the dash a rule the text layer
    # does not hold; the line reads ". 1997. ...", further in than entries start
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=12, fontname="hebo")
    rows = [
        (72, "Knuth, Donald E. 1984. The TeXbook. Reading, MA: Addison-Wesley."),
        (72, "Knuth, Donald E. 1986. The METAFONTbook. Reading, MA: Addison-"),
        (84, "Wesley."),
        (None, ". 1997. The Art of Computer Programming, Volume 1: Fundamental"),
        (84, "Algorithms. 3rd. Reading, MA: Addison-Wesley."),
        (72, "Lamport, Leslie. 1994. LaTeX: A Document Preparation System. 2nd."),
    ]
    y = 96.0
    for x, text in rows:
        if x is None:
            page.draw_line((72, y - 3), (104, y - 3), width=0.4)
            x = 106
        page.insert_text((x, y), text, fontsize=10)
        y += 13
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw[:14] for r in refs] == [
        "Knuth, Donald ",
        "Knuth, Donald ",
        "———. 1997. The",
        "Lamport, Lesli",
    ]
    assert refs[2].raw.endswith("Algorithms. 3rd. Reading, MA: Addison-Wesley.")


def test_a_justified_flat_list_of_surname_first_entries() -> None:
    # biblatex authoryear with \bibhang 0: "Surname, Firstname (Year)." entries, an overfull line
    # that runs past the margin, and lines ending in a name after "and" or in a publisher's word
    entries = [
        [
            "Abramowitz, Milton and Irene A. Stegun, eds. (1965). Handbook of Mathematical",
            "Functions with Formulas, Graphs, and Mathematical Tables. New York: Dover.|",
        ],
        [
            "Arikan, Erdal (2009). Channel Polarization: A Method for Constructing Capacity-",
            "Achieving Codes. In: IEEE Transactions on Information Theory 55.7, pp. 3051-3073.",
        ],
        [
            "Brown, Tom B. et al. (2020). Language Models are Few-Shot Learners. arXiv:2005.14165.|",
            "arXiv: 2005.14165 [cs.CL].",
        ],
        [
            "Chomsky, Noam (1967). A Review of Verbal Behavior. Ed. by Leon A. Jakobovits and Murray",
            "S. Miron. Englewood Cliffs, NJ: Prentice-Hall, pp. 142-143. With a long note of the MIT",
            "Press, Cambridge, MA, that runs on over three lines of the entry in the list above it.",
        ],
        ["Steele Jr., Guy L. (1990). Common LISP: The Language. 2nd. Bedford, MA: Digital Press."],
    ]
    refs = extract_pdf_references(_justified_flat_list_pdf(entries)).references
    assert [r.raw.split(" (")[0] for r in refs] == [
        "Abramowitz, Milton and Irene A. Stegun, eds.",
        "Arikan, Erdal",
        "Brown, Tom B. et al.",
        "Chomsky, Noam",
        "Steele Jr., Guy L.",
    ]


def test_a_wide_alpha_label_box_keeps_the_last_entrys_lines() -> None:
    # alpha labels in 11 pt ("[ZBH+17]") hang 71 pt; the last entry, alone atop its page, keeps
    # its lines at that indent
    doc = pymupdf.open()
    n = 0
    for page_no, count in ((1, 14), (2, 1)):
        page = doc.new_page()
        y = 72.0
        if page_no == 1:
            page.insert_text((89, y), "Bibliography", fontsize=14, fontname="hebo")
            y += 30
        for _ in range(count):
            n += 1
            page.insert_text((89, y), f"[ZBH+{n:02d}]", fontsize=11)
            page.insert_text((160, y), f"Chiyuan Zhang, Samy Bengio, and Oriol Vinyals {n}.", fontsize=11)
            page.insert_text((160, y + 14), "Understanding deep learning requires rethinking.", fontsize=11)
            page.insert_text((160, y + 28), "In Learning Representations (ICLR), 2017.", fontsize=11)
            y += 46
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 15
    assert refs[14].raw.endswith(
        "Understanding deep learning requires rethinking. In Learning Representations (ICLR), 2017."
    )


def test_a_label_typed_without_its_dot_in_a_numbered_list() -> None:
    """A Word paper numbering "1.", "2.", then "3 Koetter, F." (the dot left out), "4.": the
    chain skips 3, and the number at the label position with a name after it is the label."""
    rows = [
        ("1.", "Jusoh, S. Intelligent Conversational Agent for Online Sales. In Proceedings of ECAI;"),
        (None, "Iasi, Romania, 28-30 June 2018; pp. 1-4."),
        ("2.", "Majumder, A.; Pande, A. Automated Assistance in E-commerce. In Advances in Information"),
        (None, "Retrieval; Springer: Cham, Switzerland, 2018; pp. 604-610."),
        ("3", "Koetter, F.; Blohm, M. Motivations, Classification and Model Trial of Conversational"),
        (None, "Agents for Insurance Companies. In Proceedings of ICAART, Prague, 2019; pp. 19-30."),
        ("4.", "Zabój, D. (2023). All You Need to Know to Use Chatbots in Business. Complete Guide."),
        ("5.", "Sha, A. (2023). How to Train an AI Chatbot with a Custom Knowledge Base. Beebom."),
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((72, 80), "References", fontsize=12, fontname="hebo")
    for k, (label, text) in enumerate(rows):
        if label:
            page.insert_text((72, 104 + 14 * k), label, fontsize=10)
        page.insert_text((92, 104 + 14 * k), text, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5]
    assert refs[2].raw.startswith("Koetter, F.; Blohm, M.")
    assert refs[2].raw.endswith("pp. 19-30.")


def test_bare_labels_right_aligned_before_their_entries_hang_the_list() -> None:
    """RSC: bare numbers right-aligned in their box ("1" to "9" further in than "10"), most entries
    one line long, the continuation lines further in than any label."""
    entries = [
        (f"A. Author{n}, B. Writer and C. Third, Phys. Rev., {1945 + n}, {60 + n}, 143-144.", None)
        if n not in (3, 12)
        else (
            f"G. Contini{n}, V. Carravetta, V. Di Castro, S. Stranges, R. Richter and M. Alagia,",
            "J. Phys. Chem. A., 2001, 105, 7308-7314.",
        )
        for n in range(1, 16)
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((66, 70), "References", fontsize=14, fontname="hebo")
    y = 104.0
    for n, (first, second) in enumerate(entries, 1):
        page.insert_text((76 - 5 * (n >= 10), y), f"{n}", fontsize=10)
        page.insert_text((87, y), first, fontsize=10)
        if second:
            page.insert_text((87, y + 12), second, fontsize=10)
            y += 12
        y += 20
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 16))
    assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in entries]


def test_a_journals_name_broken_after_an_abbreviation_does_not_start_an_entry() -> None:
    """AIP (REVTeX jcp) prints its list without labels, indent or gaps: a line that ends in "J.
    Chem." and a next one that opens "Theory Comput. 7, 2689" look like an entry's end and a single
    author's name ("Greta Johnson. Title"), but a number follows: the rest of the journal's name."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), "REFERENCES", fontsize=10, fontname="hebo")
    lines = []
    for n in range(1, 13):
        if n % 4 == 0:
            journal = f"Theory Comput. {n}, 2689 (2011)."
            lines += [f"A. Sirjoosingh{n}, M. V. Pak, and S. Hammes, J. Chem.", journal]
        else:
            lines += [f"T. Kreibich{n}, R. van Leeuwen, and E. Gross, Phys. Rev. A {n},", f"25 (20{10 + n})."]
    for k, text in enumerate(lines):
        page.insert_text((72, 80 + 11 * k), text, fontsize=9)
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 12
    assert refs[3].raw.endswith("J. Chem. Theory Comput. 4, 2689 (2011).")

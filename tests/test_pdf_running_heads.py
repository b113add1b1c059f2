"""Running heads that read like text and headings that read like running heads (cross-check sweep
round 4), on small PDFs drawn with PyMuPDF: each drawing keeps only what makes the class."""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references

_NAMES = ["Abel", "Bryan", "Norman", "Agertz", "Moore", "Ahn", "Iliev", "Shapiro", "Alpher", "Bethe", "Gamow"]
_WORDS = ["stars", "gas", "noise", "waves", "halos", "dust", "winds", "clouds", "quasars", "fields", "jets"]


def _entry(n: int) -> tuple[str, str]:
    """Entries that differ in their words, not only their numbers (a running head's shape is its
    words with the numbers set aside)."""
    name, word = _NAMES[n % len(_NAMES)], _WORDS[(n // len(_NAMES)) % len(_WORDS)]
    return (
        f"{name}, A., & Other, B. 20{n % 90 + 10:02d}. A study of the {word} numbered {n}, in:",
        f"Journal of {word.title()} {n}, p. {n}-{n + 9}.",
    )


def test_a_letter_spaced_chapter_heading_over_running_heads_in_plain_small_caps() -> None:
    """classicthesis: "B I B L I O G R A P H I E" opens the chapter in the text's size, lower than
    the running head "bibliographie 175" its later pages carry; two entries without date open it."""
    doc = pymupdf.open()
    entries = [("ALMA (Atacama Large Millimeter Array) (s. d.). url: http://www.eso.", "org/alma/.")]
    entries += [("ATHENA (Advanced Telescope for High-ENergy Astrophysics) (s. d.). url:", "https://a.fr/.")]
    entries += [_entry(n) for n in range(3, 80)]
    page = doc.new_page(width=595, height=842)
    page.insert_text((97, 124), "B I B L I O G R A P H I E", fontsize=10.9)
    y, number = 200.0, 171
    for first, second in entries:
        if y > 760:
            number += 1
            page = doc.new_page(width=595, height=842)
            page.insert_text((300, 43), f"bibliographie {number}", fontsize=10)
            y = 80.0
        page.insert_text((96, y), first, fontsize=10.9)
        page.insert_text((116, y + 14), second, fontsize=10.9)
        y += 30
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split()[0] for r in refs] == [first.split()[0] for first, _ in entries]


def test_running_heads_of_a_double_spaced_referee_copy_in_the_text_size() -> None:
    """GJI's referee mode: double spacing, and running heads in the text's size no farther from the
    text than its lines: "46 M. A. Denolle" on even pages, the paper's title on odd ones."""
    doc = pymupdf.open()
    entries = [_entry(n) for n in range(1, 80)]
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 88), "References", fontsize=12, fontname="hebo")
    y, number = 140.0, 44
    for first, second in entries:
        if y > 760:
            number += 1
            page = doc.new_page(width=595, height=842)
            title = "The reproducibility cost of noise monitoring"
            page.insert_text((72, 88), f"{number} M. A. Denolle" if number % 2 == 0 else title, fontsize=12)
            y = 112.0
        page.insert_text((78, y), first, fontsize=12)
        page.insert_text((84, y + 24), second, fontsize=12)
        y += 52
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [f"{a} {b}" for a, b in entries]


def test_author_date_labels_of_works_without_a_date() -> None:
    """biblatex's alphabetic author-year labels: "[Cheeseman et al. n.d.]" labels an entry as
    "[Finger and Bona 2011]" does."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "References", fontsize=14, fontname="hebo")
    labels = ["Ceylan et al. 2016", "Cheeseman et al. n.d.", "Cormen et al. 2009", "Finger and Bona 2011"]
    labels += ["Finger and Lopes n.d.", "Ford and Fulkerson 1962", "Sonnenschein n.d.", "Teixeira 2012"]
    for n, label in enumerate(labels):
        y = 120 + 40 * n
        text = f"[{label}] {label.split()[0]}, A. “A work of theirs”. In: Proceedings."
        page.insert_text((72, y), text, fontsize=10)
        page.insert_text((90, y + 13), "Publisher, pp. 1–10 (cit. on p. 25).", fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.label for r in refs] == labels


def test_a_numbered_list_without_heading_whose_entries_print_no_year() -> None:
    """REVTeX (PRL) sets its list under no heading, and a .bib without years prints none: the chain
    [1] ... [28] of entries that open with their authors' names is still the bibliography."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for n in range(20):
        text = f"The drive frequency sets localization in regime {n} of the model."
        page.insert_text((50, 60 + 14 * n), text, fontsize=10)
    page = doc.new_page(width=612, height=792)
    names = [f"{chr(65 + n % 26)}. {_NAMES[n % len(_NAMES)]}" for n in range(28)]
    for n, name in enumerate(names, 1):
        y = 60 + 24 * (n - 1)
        text = f"[{n}] {name}, and B. Other, A study of the {_WORDS[n % len(_WORDS)]}"
        page.insert_text((50, y), text, fontsize=9)
        page.insert_text((62, y + 11), f"in periodically driven systems, {n}, {100 + n}.", fontsize=9)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 29))


def _pnas_pdf() -> bytes:
    """PNAS: four pages, feet alternating "Booker et al. | December 3, 2026 | vol. XXX | 3" and
    "4 | Booker et al." (too few pages to recur); the list ends in the right column and its last
    entry stands alone atop the next page, across its width."""
    doc = pymupdf.open()
    for k in range(2):
        page = doc.new_page(width=612, height=792)
        for n in range(40):
            text = f"Recombination shapes diversity in window {n} of genome {k}."
            page.insert_text((58, 70 + 16 * n), text, fontsize=8)
    page = doc.new_page(width=612, height=792)  # the list in the right column
    for n in range(1, 15):
        y = 70 + 48 * (n - 1)
        text = f"{n}. {_NAMES[n % len(_NAMES)]} A, Other B. A study of the {_WORDS[n % 11]}"
        page.insert_text((312, y), text, fontsize=6)
        page.insert_text((325, y + 8), f"in populations. Genetics {n}:{100 + n} (19{60 + n}).", fontsize=6)
    page.insert_text((395, 755), "| December 3, 2026 | vol. XXX | no. XX | 3", fontsize=6.6)
    page = doc.new_page(width=612, height=792)
    text = "15. Bruce S Weir. Genetic data analysis. Methods for discrete population genetic data."
    page.insert_text((58, 67), text, fontsize=6)
    page.insert_text((70, 75), "Sinauer Associates, Inc. Publishers, 1990.", fontsize=6)
    page.insert_text((59, 755), "4 | Booker et al.", fontsize=6.6)
    return doc.tobytes()


def test_a_short_papers_feet_with_their_page_number_behind_a_bar() -> None:
    refs = extract_pdf_references(_pnas_pdf()).references
    assert [r.index for r in refs] == list(range(1, 16))
    assert refs[14].raw.startswith("Bruce S Weir")

"""Where a word processor's list starts, goes on and stops across pages (held-out round 8), on
small PDFs drawn with PyMuPDF: each drawing keeps only what makes the class."""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references

_ITALIAN = [
    "Artprice, The 2024 contemporary art market report, 2024",
    "Bennett, Jane, Art-Secured Lending and Evaluating the Loan-to-Value Ratio, <<Research Journal>>, 2023",
    "Bisioli, Aldo; La tokenizzazione delle opere d'arte, <<WeWealth>>, 2019",
    "Brodie, Stephen, The Risk Calculus of Art Loans: Lending Against Value, <<Art-Advocacy>>, 2012",
    "Deloitte, Il mercato della pittura nelle diverse piazze internazionali, <<Art and Finance report "
    "2024>>, 2024",
    "Deloitte, Il mercato della pittura per comparto, <<Art and Finance report 2025>>, 2025",
    "Fontanarossa, Raffaella; Collezionisti e musei. Una storia culturale, Torino, Einaudi, 2022",
    "Giardini, Giuditta, Art-Secured Lending: Obstacles and Proposed Solutions, <<Law Review>>, 2021",
]


def _lines(text: str, width: int = 80) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*out, line]


def _italian_thesis_pdf() -> bytes:
    """A Word thesis (Italian): the chapter "Bibliografia" opens a page of its own, its heading in the
    text's 12 pt, not bold, as high as the next page's first entry; entries unindented with a blank
    line between, no period at their ends; the page breaks after an entry's short last line."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for n in range(30):
        text = f"Il mercato dell'arte nel {1990 + n} crebbe ancora, come nota il capitolo."
        page.insert_text((72, 84 + 21 * n), text, fontsize=12)
    page.insert_text((505, 790), "104", fontsize=11)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 84), "Bibliografia", fontsize=12)
    y = 137.0
    for n, entry in enumerate(_ITALIAN):
        if n == 4:
            y = 740.0  # the page's last entry at its foot, its last line short
        if n == 5:
            page.insert_text((505, 790), "105", fontsize=11)
            page = doc.new_page(width=595, height=842)
            y = 84.0
        for line in _lines(entry):
            page.insert_text((72, y), line, fontsize=12)
            y += 21
        y += 12
    page.insert_text((505, 790), "106", fontsize=11)
    return doc.tobytes()


def test_a_chapter_heading_in_the_text_size_atop_its_page_and_an_entry_that_ends_the_page_short() -> None:
    refs = extract_pdf_references(_italian_thesis_pdf()).references
    assert [r.raw for r in refs] == _ITALIAN


def _thesis_with_appendices_pdf() -> bytes:
    """A Word thesis: a numbered list filling its page, then three appendices, each opening a page
    of its own under a bold heading ("APPENDIX 1", "APPENDIX 2", ...: the same words atop three pages,
    as a running head's) and the first holding a numbered listing of a build's output."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((300, 50), "34", fontsize=14)
    page.insert_text((160, 80), "LIST OF SOURCES USED", fontsize=14, fontname="hebo")
    y = 130.0
    for n in range(1, 14):
        text = f"{n}. Author{n}, A., Software build systems, part {n} / Publisher. – {1990 + n}."
        page.insert_text((71, y), text, fontsize=14)
        page.insert_text((89, y + 24), "– 120 p.", fontsize=14)
        y += 48
    for k in (1, 2, 3):
        page = doc.new_page(width=595, height=842)
        page.insert_text((300, 50), str(34 + k), fontsize=14)
        page.insert_text((250, 80), f"APPENDIX {k}", fontsize=14, fontname="hebo")
        if k == 1:
            for n in range(1, 23):
                text = f"{n} --- [util_test] Build step {n} : dynamic 64-bit library"
                page.insert_text((71, 130 + 28 * n), text, fontsize=14)
        else:
            page.insert_text((71, 130), "The configuration files of the build.", fontsize=14)
    return doc.tobytes()


def test_appendix_headings_that_recur_atop_their_pages_end_the_list() -> None:
    refs = extract_pdf_references(_thesis_with_appendices_pdf()).references
    assert [r.index for r in refs] == list(range(1, 14))
    assert all(r.raw.startswith(f"Author{r.index}, A.") for r in refs)


_HANGING = [
    ("Chai, Wesley. What is SaaS? Everything You Need to Know. o.D.", "https://x.com/saas (Zugriff 2022)."),
    ("csvtojson - npm. 2019. https://www.npmjs.com/package/csvtojson (Zugriff am 23. 12", "2022)."),
    ("Deutsche Projekt Akademie. Funktionale Anforderungen. 2021.", "https://x.de/a (Zugriff 2023)."),
    ("opensource. The MIT License | Open Source Initiative. o. D.", "https://x.org/mit (Zugriff 2022)."),
    ("Pittet, Sten. Unterschiedliche Arten von Softwaretests. o. D.", "https://x.com/tests (Zugriff 2022)."),
]


def test_an_entry_in_lower_case_after_one_that_closes_its_bracket_with_a_period() -> None:
    """A hanging list (Chicago, German): an organisation in lower case opens an entry after one whose
    access date closes it: "(Zugriff am 14. 11 2022)." ends a reference as "2022." does."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "Literaturverzeichnis", fontsize=16, fontname="hebo")
    y = 120.0
    for first, second in _HANGING * 2:
        page.insert_text((72, y), first, fontsize=11)
        page.insert_text((108, y + 19), second, fontsize=11)
        y += 44
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split()[0] for r in refs] == [a.split()[0] for a, _ in _HANGING * 2]


def test_a_numbered_list_goes_on_past_the_next_pages_footer_and_a_sub_heading() -> None:
    """A memoir from Word: the list stops high on its page (its first part ends), the next page's text
    opens with the footer every page prints, then a sub-heading, then the next label."""
    doc = pymupdf.open()
    footer = "Conception et realisation d'un systeme de gestion"
    for k in range(2):
        page = doc.new_page(width=595, height=842)
        page.insert_text((70, 780), footer, fontsize=9)
        page.insert_text((70, 792), "Nafissa NDIAYE", fontsize=9)
        page.insert_text((300, 815), str(27 + k), fontsize=9)
        for n in range(30):
            text = f"Le systeme de gestion des modules, partie {n}, decrit ci-dessus."
            page.insert_text((70, 84 + 21 * n), text, fontsize=12)
    page = doc.new_page(width=595, height=842)
    page.insert_text((70, 780), footer, fontsize=9)
    page.insert_text((70, 792), "Nafissa NDIAYE", fontsize=9)
    page.insert_text((70, 90), "Références Bibliographiques", fontsize=20)
    page.insert_text((99, 130), "- Webographies", fontsize=14)
    for n in range(1, 14):
        text = f"[{n}] [En ligne]. Disponible sur : Page {n} du site, Consulte le {n} Avril 2024"
        page.insert_text((70, 130 + 34 * n), text, fontsize=12)
    page = doc.new_page(width=595, height=842)
    page.insert_text((70, 780), footer, fontsize=9)  # first in the page's text, as Word wrote it
    page.insert_text((70, 792), "Nafissa NDIAYE", fontsize=9)
    page.insert_text((300, 815), "30", fontsize=9)
    page.insert_text((98, 84), "- Bibliographies", fontsize=14)
    for n in range(14, 24):
        text = f"[{n}] Auteur {n}, 'Un livre de programmation', Editeur, {1990 + n}"
        page.insert_text((70, 84 + 34 * (n - 13)), text, fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 24))


def test_a_bulleted_list_keeps_its_bullets_out_of_the_entries() -> None:
    """A Spanish APA list typed as Word's bulleted list: the bullet at the margin, each entry's lines
    at the tab after it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "Referencias", fontsize=14, fontname="hebo")
    entries = [
        ("Bishop, J. (2015). C# Programming: From Problem Analysis to Program", "Design. Cengage Learning."),
        ("Date, C. J. (2019). An Introduction to Database Systems (8th ed.).", "Pearson Education."),
        ("Microsoft. (s.f.). Entity Framework documentation. Recuperado de", "https://learn.example.com/ef/"),
    ]
    y = 120.0
    for first, second in entries:
        page.insert_text((72, y), "\u2022", fontsize=11)  # Helvetica's bullet, read back as a middle dot
        page.insert_text((90, y), first, fontsize=11)
        page.insert_text((90, y + 14), second, fontsize=11)
        y += 36
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [f"{a} {b}" for a, b in entries]

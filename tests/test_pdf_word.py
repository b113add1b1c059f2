"""What PDFs from word processors (Word, LibreOffice, Google Docs) print that LaTeX's do not, on
small PDFs drawn with PyMuPDF: each drawing keeps only what makes the class.
"""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references
from arxref.pdf._headings import page_has_heading
from arxref.pdf._joins import Vocabulary, join_lines

_APA = [
    (
        "Delgado, O. (2003). Debates sobre el espacio en la geografía contemporánea.",
        "http://bdigital.unal.edu.co/1280/4/03CAPI02.pdf",
    ),
    (
        "Dennett, A. (2012). Estimating Flows between Geographical Locations. UCL working",
        "paper series, 181, 1-24. http://www.example.ac.uk/casa/pdf/paper181",
    ),
    (
        "Dennett, A. (2018). Modelling Population Flows Using Spatial Interaction Models.",
        "Australian Population Studies, 2, 33-58. http://hdl.handle.net/11343/233564",
    ),
    (
        "Garrocho, C. (2003). La teoría de interacción espacial como síntesis de las teorías",
        "de localización. Economía, 4(14), 203-251. https://doi.org/10.22136/est002003426",
    ),
    ("Google. (2017a). Google Distance Matrix API.", None),
    ("Google. (2017b). Google Maps API.", None),
    ("Gregory, D., Johnston, R., y Pratt, G. (2009). The Dictionary of Human Geography.", "Blackwell."),
]


def _apa_across_pages_pdf(split: int) -> bytes:
    """A Spanish APA thesis from LibreOffice: no indent, 14 pt between entries and 4 pt within
    one; the page breaks before entry `split`, after a line that ends in a URL or a DOI."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    before = sum(15.8 * (2 - e.count(None)) + 10 for e in _APA[:split])
    y = 770.0 - before  # the first page filled: the list goes on
    page.insert_text((72, y - 40), "Bibliografía", fontsize=16, fontname="hebo")
    for n, (first, second) in enumerate(_APA):
        if n == split:
            page = doc.new_page(width=595, height=842)
            y = 80.0
        for line in (first, second):
            if line is not None:
                page.insert_text((72, y), line, fontsize=11)
                y += 15.8
        y += 10
    return doc.tobytes()


def test_an_author_year_entry_starts_a_page_after_an_entry_that_ended_in_a_url() -> None:
    for split in (2, 4):
        refs = extract_pdf_references(_apa_across_pages_pdf(split)).references
        assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in _APA], split


def test_headings_in_the_languages_of_word_processed_papers() -> None:
    for heading in (
        "Referensi",
        "DAFTAR PUSTAKA",
        "Kaynakça",
        "Literatura",
        "Lähteet",
        "参考文献",
        "참고문헌",
        "BIBLIOGRAPHIE ET WEBOGRAPHIE",
        "WEBOGRAPHIE",
        "Sitografia",
        "Список используемой литературы",  # the present participle, beside "использованной"
        "Список использованных источников",
        "СПИСОК ВИКОРИСТАНИХ ДЖЕРЕЛ",  # Ukrainian
        "Список використаної літератури",
        "Використані джерела",
    ):
        assert page_has_heading(f"{heading}\n"), heading
    assert not page_has_heading("Kaynak kodu\n")


_AUTHORS = ["Smith", "Jones", "Garcia", "Chen", "Kumar", "Novak", "Silva", "Weber", "Rossi", "Tanaka"]


_TOPICS = [
    "rivers",
    "lakes",
    "glaciers",
    "forests",
    "deserts",
    "islands",
    "cities",
    "markets",
    "schools",
    "hospitals",
    "bridges",
    "engines",
    "proteins",
    "genes",
    "cells",
    "neurons",
    "birds",
    "fishes",
    "insects",
    "plants",
    "soils",
    "clouds",
    "storms",
    "tides",
    "stars",
    "planets",
    "galaxies",
    "atoms",
    "crystals",
    "metals",
    "polymers",
    "songs",
    "poems",
    "novels",
    "laws",
    "courts",
    "votes",
    "wages",
    "prices",
    "firms",
]


def _entries(count: int) -> list[tuple[str, str]]:
    """Author-year entries of two lines, the second going on from the first; no two alike but
    for their numbers (a running head is what recurs)."""
    return [
        (
            f"{_AUTHORS[n % 10]}, A. B., & {_AUTHORS[(n + 3) % 10]}, C. ({2000 + n}). A study of the",
            f"{_TOPICS[n % 40]} and other things. Journal of Stuff, {n + 1}(2). https://doi.org/10.1/j{n}",
        )
        for n in range(count)
    ]


def test_a_manuscripts_line_numbers_in_the_text_size_with_numbered_blank_lines() -> None:
    """LibreOffice numbers every line of an MDPI manuscript in the text's size, blank lines too,
    its running head apart (100, 101) and a page number in the same margin; entries in title case."""
    doc = pymupdf.open()
    number = 463
    entries = _entries(30)
    for page_no in range(2):
        page = doc.new_page(width=595, height=842)
        page.insert_text((11, 40), "100", fontsize=8)
        page.insert_text((36, 40), "Diversity 2025, 17, x FOR PEER REVIEW", fontsize=8)
        page.insert_text((11, 52), "101", fontsize=8)
        page.insert_text((8, 70), str(34 + page_no), fontsize=10)  # the page number, in that margin
        y = 100.0
        rows: list[str | None] = ["REFERENCES", None] if page_no == 0 else []
        for n, (first, second) in enumerate(entries[20 * page_no : 20 + 10 * page_no], 20 * page_no + 1):
            rows += [f"{n}. {first.replace('A study', 'A Study')}", second[:1].upper() + second[1:]]
        for row in rows:
            page.insert_text((8, y), str(number), fontsize=10)
            if row is not None:
                page.insert_text((36, y), row, fontsize=10)
            number += 1
            y += 16.5
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 31))
    assert refs[10].raw.startswith("Smith, A. B., & Chen, C. (2010). A Study of the Bridges and")


def _apa_pdf(first_x: float, rest_x: float, gap: float, heading: str = "References") -> pymupdf.Document:
    """An APA list double-spaced over two pages, each entry's first line at `first_x` and the
    rest at `rest_x`, `gap` points of space after each entry."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((280, 90), heading, fontsize=12)
    y = 120.0
    for first, second in _entries(24):
        if y > 660:
            page = doc.new_page(width=612, height=792)
            y = 90.0
        page.insert_text((first_x, y), first, fontsize=12)
        page.insert_text((rest_x, y + 28), second, fontsize=12)
        y += 56 + gap
    return doc


def test_an_author_year_list_that_indents_first_lines() -> None:
    """A manuscript whose Bibliography paragraphs indent their first line instead of hanging."""
    refs = extract_pdf_references(_apa_pdf(108, 72, 0).tobytes()).references
    assert [r.index for r in refs] == list(range(1, 25))
    assert refs[-1].raw == " ".join(_entries(24)[-1])  # its second line at the margin, a line of its own
    assert refs[3].raw == " ".join(_entries(24)[3])


def test_space_between_entries_tells_where_a_tab_indented_list_starts() -> None:
    """A Spanish thesis in Word: each entry opens with a typed tab, its other lines at the margin,
    9 pt more between entries than between lines."""
    doc = _apa_pdf(128, 103, 9)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 25))


def test_a_journal_masthead_of_several_lines_is_furniture() -> None:
    """An Indonesian journal from Word: six masthead lines on every page, the list running over
    pages under them."""
    doc = pymupdf.open()
    entries = _entries(30)
    for page_no in range(4):
        page = doc.new_page(width=595, height=842)
        for k, (left, right) in enumerate(
            [
                ("Jurnal Informatika Universitas Pamulang", "ISSN: 2541-1004"),
                ("Penerbit: Program Studi Teknik Informatika", "e-ISSN: 2622-4615"),
                ("Vol. 6, No. 2, Juni 2021 (312-318)", "10.32493/informatika.v6i2.10135"),
            ]
        ):
            page.insert_text((71, 40 + 12 * k), left, fontsize=10)
            page.insert_text((400, 40 + 12 * k), right, fontsize=10)
        y = 100.0
        if page_no < 2:
            for _ in range(40):
                page.insert_text((71, y), "Penelitian ini membahas peramalan stok barang.", fontsize=11)
                y += 16
            continue
        if page_no == 2:
            page.insert_text((71, y), "References", fontsize=12, fontname="hebo")
            y += 24
        for first, second in entries[:20] if page_no == 2 else entries[20:]:
            page.insert_text((71, y), first, fontsize=11)
            page.insert_text((89, y + 14), second, fontsize=11)
            y += 32
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_a_figure_legends_heading_over_its_first_caption_ends_the_list() -> None:
    doc = _apa_pdf(72, 90, 12)
    page = doc[-1]
    page.insert_text((72, 560), "Figure/table legends", fontsize=16, fontname="hebo")
    page.insert_text(
        (72, 590), "Figure 1: a) An overview of the experimental design with 12 days of", fontsize=10
    )
    for k in range(6):
        page.insert_text(
            (72, 607 + 17 * k), "training, preceded by 7 days involving familiarization with", fontsize=10
        )
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 24
    assert refs[-1].raw == " ".join(_entries(24)[-1])


def _vancouver_pdf(entries: list[str], heading: str = "References") -> pymupdf.Document:
    """A Vancouver list from Word: "n." then a tab, the text hanging at x 100, one page."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), heading, fontsize=14, fontname="hebo")
    y = 110.0
    for n, entry in enumerate(entries, 1):
        lines = [entry[i : i + 70] for i in range(0, len(entry), 70)] if entry[:4] != "http" else [entry]
        page.insert_text((72, y), f"{n}.", fontsize=11)
        if entry.startswith("http"):  # a URL too long for the line: Word wraps it below the number
            y += 15
        for line in lines:
            page.insert_text((100, y), line, fontsize=11)
            y += 15
        y += 6
    return doc


def test_a_label_that_word_wrapped_away_from_its_url() -> None:
    entries = [f"Author{n} A, Writer B. A study of things. J Stuff. 2018;{n}:1-9." for n in range(1, 5)]
    entries.insert(2, "https://www.noveltyjournals.com/upload/paper/Patient%20Safety%20Perspective.pdf")
    refs = extract_pdf_references(_vancouver_pdf(entries).tobytes()).references
    assert [r.index for r in refs] == [1, 2, 3, 4, 5]
    assert refs[2].raw == entries[2]


def test_a_url_broken_after_a_percent_escape_is_one_url() -> None:
    vocab = Vocabulary("")
    joined = join_lines(
        ["https://www.example.com/upload/Patient%20Safety%20from%20", "Surgical%20Perspective.pdf"], vocab
    )
    assert joined == "https://www.example.com/upload/Patient%20Safety%20from%20Surgical%20Perspective.pdf"


def test_a_numbered_appendix_heading_set_larger_ends_the_list() -> None:
    """A German thesis: the list fills its page, "7 Anhang" opens the next one, larger, not bold."""
    entries = [f"Author{n} A, Writer B. A study of things. J Stuff. 2018;{n}:1-9." for n in range(1, 31)]
    doc = _vancouver_pdf(entries)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 70), "7 Anhang", fontsize=16)
    page.insert_text((72, 100), "7.1 Anhang 1: Das Winton Statement", fontsize=13)
    page.insert_text(
        (72, 122), "Das abschließende Statement von Winton zu Stock-Market-Challenge.", fontsize=11
    )
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 30
    assert refs[-1].raw == entries[-1]


def test_numbered_paragraphs_before_a_headed_list_are_no_list() -> None:
    """An Indonesian paper numbers four paragraphs of its results, near its end, a page before the list."""
    doc = pymupdf.open()
    for _ in range(4):
        page = doc.new_page(width=595, height=842)
        for k in range(40):
            page.insert_text(
                (72, 80 + 16 * k), "Penelitian ini membahas kebutuhan dosen di jurusan.", fontsize=11
            )
    page = doc.new_page(width=595, height=842)
    for k in range(4):
        page.insert_text(
            (72, 100 + 60 * k), f"{k + 1}. Kebutuhan Dosen Tahun Akademik 2018/2019", fontsize=11
        )
        page.insert_text(
            (86, 115 + 60 * k), "Penelitian yang telah dilakukan terhadap kebutuhan dosen di", fontsize=11
        )
        page.insert_text(
            (86, 130 + 60 * k), "Jurusan Teknik Sipil menunjukkan jumlah yang ideal.", fontsize=11
        )
    entries = [f"Author{n} A, Writer B. A study of things. J Stuff. 2018;{n}:1-9." for n in range(1, 7)]
    doc.insert_pdf(_vancouver_pdf(entries, heading="DAFTAR PUSTAKA"))
    refs = extract_pdf_references(doc.tobytes()).references
    assert [(r.bibliography, r.index) for r in refs] == [(1, n) for n in range(1, 7)]


def _stamped_pdf(stamp_pieces: list[tuple[float, float, str]], head_size: float, head_gap: float) -> bytes:
    """An author-year list over three pages, each page stamped at its top with `stamp_pieces`
    (x, y, text) drawn as separate pieces after the page's text (a server stamps finished pages),
    the list `head_gap` below them."""
    doc = pymupdf.open()
    entries = _entries(78)
    top = max(y for _, y, _ in stamp_pieces)
    for page_no in range(3):
        page = doc.new_page(width=612, height=792)
        y = top + head_gap + 9
        if page_no == 0:
            page.insert_text((72, y), "References", fontsize=12, fontname="hebo")
            y += 20
        for first, second in entries[26 * page_no : 26 * page_no + 26]:
            page.insert_text((72, y), first, fontsize=9.1)
            page.insert_text((90, y + 11), second, fontsize=9.1)
            y += 24
        for x, y, text in stamp_pieces:
            page.insert_text((x, y), text, fontsize=head_size)
    return doc.tobytes()


def test_a_preprint_servers_stamp_in_pieces_is_furniture() -> None:
    """bioRxiv stamps its licence notice on every page in nine pieces on three lines, which the
    plain text keeps apart and close reading joins into lines."""
    pieces = [
        (54, 10, "bioRxiv preprint"),
        (118, 10, "doi:"),
        (134, 10, "https://doi.org/10.1101/2022.12.13.519519"),
        (310, 10, ";"),
        (314, 10, "this version posted December 13, 2022."),
        (460, 10, "The copyright holder for this preprint"),
        (54, 20, "(which was not certified by peer review) is the author/funder, who has granted a licence."),
        (202, 30, "available under a"),
        (270, 30, "CC-BY-NC-ND 4.0 International license"),
    ]
    refs = extract_pdf_references(_stamped_pdf(pieces, 7, 30)).references
    assert [r.raw for r in refs] == [" ".join(e) for e in _entries(78)]


def test_a_browsers_print_header_close_over_the_text_is_furniture() -> None:
    """Chrome prints the date and the page's title in 8 pt, 5 pt over 9 pt text set 2 pt apart."""
    pieces = [(26, 22, "5/5/23, 11:33 PM"), (250, 22, "Exploring the Evolution of Luciferase1")]
    refs = extract_pdf_references(_stamped_pdf(pieces, 8, 5)).references
    assert [r.raw for r in refs] == [" ".join(e) for e in _entries(78)]


def test_an_authors_biography_after_the_list_ends_it() -> None:
    """An Indonesian journal closes with the authors' biographies, under a bold "Biodata Penulis"."""
    entries = [f"Author{n} A, Writer B. A study of things. J Stuff. 2018;{n}:1-9." for n in range(1, 31)]
    doc = _vancouver_pdf(entries)
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 70), "Biodata Penulis", fontsize=11, fontname="hebo")
    page.insert_text(
        (72, 96), "Aditiya Matra. Lahir di Payakumbuh, 23 Maret 1993. Menyelesaikan S1.", fontsize=11
    )
    refs = extract_pdf_references(doc.tobytes()).references
    assert refs[-1].raw == entries[-1]


def test_a_jss_affiliation_block_after_the_list_ends_it() -> None:
    """The Journal of Statistical Software closes with the authors' addresses under "Affiliation:",
    set at the list's left edge under its last entry."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 70), "References", fontsize=12, fontname="hebo")
    y = 350.0
    for first, second in _entries(12):
        page.insert_text((72, y), first, fontsize=11)
        page.insert_text((94, y + 14), second, fontsize=11)
        y += 34
    page = doc.new_page(width=612, height=792)  # the list filled its page: the addresses come next
    page.insert_text((72, 80), "Affiliation:", fontsize=12, fontname="hebo")
    rows = ["Daniel Kaschek", "Institute of Physics", "University of Freiburg", "Hermann-Herder-Str. 3"]
    for k, row in enumerate(rows):
        page.insert_text((72, 96 + 14 * k), row, fontsize=11)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in _entries(12)]


def test_a_list_of_references_repeated_in_the_running_head_goes_on() -> None:
    """A thesis's chapter "List of References" whose running head repeats its title on the next page."""
    entries = [
        f"[{n}] Author{n} A, Writer B. A study of things. J Stuff. 2018;{n}:1-9." for n in range(1, 61)
    ]
    doc = pymupdf.open()
    for page_no, chunk in enumerate((entries[:40], entries[40:])):
        page = doc.new_page(width=595, height=842)
        if page_no == 0:
            page.insert_text((72, 80), "List of References", fontsize=16, fontname="hebo")
        else:
            page.insert_text((72, 40), "7 LIST OF REFERENCES", fontsize=9)
        for k, text in enumerate(chunk):
            page.insert_text((72, 110 + 17 * k), text, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 61))


def test_a_hanging_list_whose_space_between_entries_is_uneven() -> None:
    """A dissertation converted by LibreOffice: a hanging indent, double spacing and space after
    most entries, but none after some (the paragraph's spacing lost where an entry ends in a URL)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((99, 90), "References", fontsize=12)
    y = 120.0
    for n, (first, second) in enumerate(_entries(16)):
        if y > 700:
            page = doc.new_page(width=612, height=792)
            y = 80.0
        page.insert_text((72, y), first, fontsize=12)
        page.insert_text((100.5, y + 20.7), second, fontsize=12)
        y += 41.4 + (0 if n % 4 == 1 else 8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in _entries(16)]


def test_numbers_on_lines_of_their_own_above_their_entries() -> None:
    """A French thesis from Word (a Zotero export): each entry's number on a line of its own above
    it, a running head on every page, and a page that opens with a number under the head."""
    doc = pymupdf.open()
    entries = _entries(14)
    page, y = None, 1e9
    for n, (first, second) in enumerate(entries, 1):
        if y > 660:
            page = doc.new_page(width=595, height=842)
            page.insert_text((71, 46), "EPISEN 2019-2020", fontsize=11)
            page.insert_text((436, 46), "Systèmes d'information", fontsize=11)
            y = 82.0
            if n == 1:
                page.insert_text((71, y), "Bibliographie", fontsize=16)
                y += 30
        page.insert_text((71, y), str(n), fontsize=12)
        page.insert_text((71, y + 29), first, fontsize=12)
        page.insert_text((71, y + 50), second, fontsize=12)
        y += 83
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 15))
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_an_entry_typed_without_the_lists_first_line_indent_and_one_set_off_at_a_page_foot() -> None:
    """A Brazilian thesis from LibreOffice 4.4: first lines indented, the rest at the margin; one
    entry typed flush left of both, and the page's last entry set further off (uneven space)."""
    doc = pymupdf.open()
    entries = _entries(14)
    page = doc.new_page(width=596, height=842)
    page.insert_text((250, 60), "Referências Bibliográficas", fontsize=14)
    y = 100.0
    for n, (first, second) in enumerate(entries):
        if n == 9:
            page = doc.new_page(width=596, height=842)
            y = 60.0
        x_first = 75.1 if n == 6 else 116.6
        x_rest = 75.1 if n == 6 else 81.2
        if n == 8:
            y += 10  # the page's last entry, set further off
        page.insert_text((x_first, y), first, fontsize=12)
        page.insert_text((x_rest, y + 20.7), second, fontsize=12)
        y += 41.4 + 28
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_a_page_opens_with_an_entry_after_a_doi_broken_over_two_lines() -> None:
    """A Word for Mac manuscript in APA 7: no indent, space between entries, and a page whose last
    line is the rest of a DOI ("9652-9") before the next page opens with a new entry."""
    doc = pymupdf.open()
    entries = [
        (
            ", ".join(f"{_AUTHORS[(n + k) % 10]}, {'ABCDE'[k]}. F." for k in range(5)) + ",",
            f"& {_AUTHORS[(n + 5) % 10]}, C. ({2000 + n}). A study of {_TOPICS[n % 40]}. Journal of Stuff,",
            f"{n + 1}(2). https://doi.org/10.1007/s10980-011-",
            f"{9652 + n}-9",
        )
        for n in range(12)
    ]
    page = doc.new_page(width=612, height=792)
    y = 90.0
    for n, lines in enumerate(entries):
        if n in (5, 9):
            page = doc.new_page(width=612, height=792)
            y = 86.0
        for line in lines:
            page.insert_text((72.6, y), line, fontsize=12)
            y += 28.1
        y += 10
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 13))
    assert refs[5].raw.startswith(entries[5][0])


def test_a_double_spaced_manuscript_with_its_running_head_line_numbers_and_captions_after() -> None:
    """A Wildlife Society manuscript converted by LibreOffice: double-spaced, a running head with
    the page's number as far above the text as its lines are apart, line numbers in the margin on
    every line, blank ones too, and after the list a page of figure captions under a plain heading."""
    doc = pymupdf.open()
    number = 800
    entries = _entries(18)
    rows: list[str | None] = ["REFERENCES"]
    for first, second in entries:
        rows += [first.replace(" (", ". ").replace("). ", ". "), second]
    pages = [rows[:16], rows[16:32], rows[32:], [None] * 20 + ["Figure Captions", "Figure 1: Study area."]]
    for page_no, page_rows in enumerate(pages):
        page = doc.new_page(width=612, height=792)
        page.insert_text((72, 54), f"{47 + page_no} | Wildey and Bickford", fontsize=12)
        y = 90.0
        for k, row in enumerate(page_rows):
            page.insert_text((39, y), str(number), fontsize=10)
            number += 1
            if row is not None:
                first_line = row == "REFERENCES" or row.startswith(("Fig", *_AUTHORS))
                hang = 72 if first_line else 114
                page.insert_text((hang, y), row, fontsize=12)
            y += 36 if page_no < 3 else 18 + (4 if k == 19 else 0)
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 18
    assert [r.raw.split(",")[0] for r in refs] == [e[0].split(",")[0] for e in entries]
    assert "Wildey" not in " ".join(r.raw for r in refs)
    assert "Figure" not in refs[-1].raw


def test_paragraphs_that_hang_less_and_one_that_lost_its_hanging_indent() -> None:
    """A Word 2007 manuscript in APA: most entries hang by 22.6 pt, some by 18 pt, and one entry's
    second line starts at the margin (its paragraph lost the hanging indent)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 70), "References", fontsize=12)
    entries = _entries(24)
    y = 100.0
    for n, (first, second) in enumerate(entries):
        if y > 700:  # the page is full
            page = doc.new_page(width=612, height=792)
            y = 72.0
        rest_x = 72.0 if n == 7 else (90.0 if n % 3 == 0 else 94.6)
        page.insert_text((72, y), first, fontsize=12)
        page.insert_text((rest_x, y + 15.9), second, fontsize=12)
        y += 31.8
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


# Entries as printed, two lines each ("|" where the line breaks).
_ABNT = [
    tuple(entry.split("|")) if "|" in entry else (entry, None)
    for entry in (
        "AWS. Documentação oficial da AWS EC2. Disponível em: https://aws.amazon.com/.|Acesso em: 2024.",
        "BOOCH, Grady; RUMBAUGH, James. Unified Modeling Language User Guide.|Boston: Addison-Wesley, 2005.",
        "FLANAGAN, David. JavaScript: o guia definitivo. 6. ed. São Paulo: Bookman,|2013.",
        "FOWLER, Martin. Patterns of enterprise application architecture. Boston:|Addison-Wesley, 2002.",
        "FullCalendar. (s.d.). FullCalendar. Disponível em: https://fullcalendar.io/.|Acesso em: 8 dez.",
        "GALINDO JUNIOR, Edemilton Alcides; ROCHA, Romeu Dias. Desenvolvimento|de API REST. Revista, 2021.",
        "GOOGLE. Firebase documentation. Disponível em: https://firebase.google.com/.|Acesso em: 2024.",
        "IBGE; ABINPET. População de animais de estimação no Brasil. 2013. Disponível|em: 22 mai. 2024.",
        "JITSI. Documentação oficial do Jitsi. Disponível em:|https://jitsi.github.io/. Acesso em: 2024.",
        "KRASNER, G. E.; POPE, S. T. A cookbook for using the model-view-controller|paradigm. JOOP, 1988.",
        "MARTINS, Aline dos Santos et al. Processos de Desenvolvimento para Web.|São Paulo: Novatec, 2019.",
        "PRESSMAN, Roger S. Engenharia de software. 7. ed. São Paulo: McGraw-Hill, 2011.",
    )
]


def test_an_abnt_list_whose_pages_open_with_a_name_in_capitals_or_a_work_without_date() -> None:
    """A Brazilian thesis from Google Docs: ABNT, no indent, a blank line between entries; pages
    open with "JITSI." (an organisation in capitals) and "FullCalendar. (s.d.)." (Portuguese for no
    date), the latter set a little further off the next entry than entries usually are."""
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((60, 80), "pesquisa, e os resultados mostram o uso da telemedicina.", fontsize=12)
    page.insert_text((250, 580), "REFERÊNCIAS", fontsize=12, fontname="hebo")
    y = 610.0  # each page filled to its foot
    for n, (first, second) in enumerate(_ABNT):
        if n in (4, 8):
            page = doc.new_page(width=596, height=842)
            y = 600.0
        page.insert_text((106, y), first, fontsize=12)
        if second is not None:
            page.insert_text((106, y + 13.8), second, fontsize=12)
        y += 13.8 * (2 if second else 1) + (20.6 if n == 4 else 12.5)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in _ABNT]


def test_an_entry_that_breaks_off_high_on_a_page_and_one_spread_by_wide_gaps() -> None:
    """An Italian thesis from Word through ilovepdf: a page holds only the first lines of an entry,
    breaking off at "of", and the last entry's lines are spread far apart, one at the label's place."""
    doc = pymupdf.open()
    entries = [
        f"[{n}] {_AUTHORS[n % 10]}, A. \"A study of the {_TOPICS[n]}.\" Journal of Stuff {n} (2011): 53-55."
        for n in range(1, 18)
    ]
    page = doc.new_page(width=595, height=842)
    page.insert_text((85, 70), "Bibliografia", fontsize=16, fontname="hebo")
    y = 110.0
    for text in entries:
        page.insert_text((85.5, y), text, fontsize=13)
        y += 40
    page = doc.new_page(width=595, height=842)
    page.insert_text((85.5, 80), "[18] Beneventano, P. \"Run Production: The Impact", fontsize=13)
    page.insert_text((108.8, 95), "of", fontsize=13)
    page = doc.new_page(width=595, height=842)
    page.insert_text((108.8, 85), "Sabermetrics.\" (2012).", fontsize=13)
    page.insert_text((85.5, 140), "[19]Waskom, M. L. \"Seaborn.\" Journal", fontsize=13)
    page.insert_text((85.5, 179), "of", fontsize=13)
    page.insert_text((108.8, 218), "Open Source Software 6, no. 60 (2021): 3021.", fontsize=13)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 20))
    assert refs[17].raw.endswith("The Impact of Sabermetrics.\" (2012).")
    assert refs[18].raw.endswith("Journal of Open Source Software 6, no. 60 (2021): 3021.")


def test_two_abnt_works_typed_into_one_paragraph_are_two_entries() -> None:
    """A Brazilian thesis from LibreOffice: one paragraph of its ABNT list runs on into the next
    work ("... Redes de Computadores. NIELSEN, Jakob. Projetando Websites ..."); a chapter's editor
    after "In:" stays in its entry."""
    rows = [
        "ANGELONI, Maria Terezinha. Organizações do Conhecimento. São Paulo: Saraiva, 2002.",
        "BARBIERI, Carlos. BI - Business Intelligence. Rio de Janeiro: Axcel, 2001.",
        "CARDOSO, A. Como as intranets apóiam os negócios? In: SILVA, João (Org.). Redes. 2003.",
        "MODESTO, F. Como as intranets apóiam os negócios eletrônicos? Redes de Computadores. "
        "NIELSEN, Jakob. Projetando Websites. Rio de Janeiro: Campus. 2000.",
        "NONAKA, I.; TAKEUCHI, H. Gestão do conhecimento. Porto Alegre: Bookman, 2008.",
        "PROBST, G.; RAUB, S. Gestão do conhecimento. Porto Alegre: Bookman, 2002.",
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((230, 70), "Referências Bibliográficas", fontsize=14, fontname="hebo")
    y = 110.0
    for row in rows:
        first, rest = (row[:80], row[80:]) if len(row) > 80 else (row, "")
        page.insert_text((116.6, y), first, fontsize=12)
        if rest:
            page.insert_text((81.2, y + 17.6), rest.strip(), fontsize=12)
        y += 17.6 * (2 if rest else 1) + 20
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split(",")[0].split(".")[0] for r in refs] == [
        "ANGELONI", "BARBIERI", "CARDOSO", "MODESTO", "NIELSEN", "NONAKA", "PROBST",
    ]
    assert [r.index for r in refs] == list(range(1, 8))


def test_a_page_that_opens_with_the_dash_repeating_the_authors_and_captions_after_the_list() -> None:
    """A pandoc manuscript converted by LibreOffice (Chicago author-date, space between entries): a
    page opens with "———. 2014." after an entry that ended in a URL; after the list a plain
    "Figure captions:" line, then the captions (the dash drawn as three hyphens here)."""
    iso = "http://www.iso.org/iso/catalogue_detail.htm?csnumber="
    entries = [
        (
            "International Organization for Standardization. 2013. ISO 32000-1:2008 - Document",
            f"Management. ISO. {iso}51502.",
        ),
        ("---. 2014. ISO/IEC 10646:2014 - Information Technology - Coded", f"Character Set. {iso}63182."),
    ]
    entries += [(first.replace(" (", ". ").replace("). ", ". "), second) for first, second in _entries(20)]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((85, 600), "References", fontsize=14, fontname="hebo")
    y = 640.0
    for n, (first, second) in enumerate(entries):
        if n in (1, 9, 17):
            page = doc.new_page(width=612, height=792)
            y = 124.0
        page.insert_text((85.2, y), first, fontsize=12)
        page.insert_text((85.2, y + 27.6), second, fontsize=12)
        y += 27.6 * 2 + 18
    page = doc.new_page(width=612, height=792)
    page.insert_text((85.2, 124), "Figure captions:", fontsize=12)
    page.insert_text((85.2, 152), "Figure 1. Breeding ranges of the four subspecies.", fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_a_bold_sub_heading_of_the_text_after_a_numbered_list_closes_it() -> None:
    """A Word template's leftover instructions follow the list under a bold "Subheadings" line in the
    text size: its paragraphs are no part of the last entry (nor, with line numbers, a chain of labels)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 72), "6 References", fontsize=14, fontname="hebo")
    y = 100
    for n in range(1, 13):
        entry = f'[{n}] Author{n}, A., and B. Writer. "A study of things." Journal {n}'
        page.insert_text((72, y), entry, fontsize=12)
        page.insert_text((72, y + 14), f"({2000 + n}): {n}-9.", fontsize=12)
        y += 40
    page.insert_text((72, y + 30), "Subheadings", fontsize=12, fontname="hebo")
    prose = [
        "The results and discussion may be presented separately, or in one combined section, and may",
        "optionally be divided into headed subsections.",
        "Equations should be provided in a text format, rather than as an image. Microsoft Word's",
        "equation tool is acceptable. Equations should be numbered consecutively, in round brackets.",
    ]
    line = 502  # the template's next page is line-numbered in the margin, as Word numbers lines
    for k, text in enumerate(prose * 3):
        page.insert_text((72, y + 46 + 14 * k), text, fontsize=12)
    page = doc.new_page(width=595, height=842)
    for k, text in enumerate(prose * 12):
        page.insert_text((40, 72 + 14 * k), str(line + k), fontsize=9)
        page.insert_text((72, 72 + 14 * k), text, fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 13))
    assert refs[-1].raw.endswith("(2012): 12-9.")


def test_a_numbered_heading_at_a_pages_foot_over_numbered_sub_lists() -> None:
    """A German Word thesis: "7 Literaturverzeichnis" is the last line of its page, and the list
    overleaf is divided by "7.1 Primärliteratur" and "7.2 Sekundärliteratur"; an entry's line may
    open with a year ("2004. (= Kleine Schriften. Band 2.)"), which is no label."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    prose = "Abschließend lässt sich sagen, dass es sich lohnt, den Texten"
    for k in range(40):
        page.insert_text((72, 72 + 16 * k), prose, fontsize=12)
    page.insert_text((72, 760), "7 Literaturverzeichnis", fontsize=16, fontname="hebo")
    page = doc.new_page(width=595, height=842)
    y = 72.0

    def put(text: str, size: float = 12, font: str = "helv") -> None:
        nonlocal y
        page.insert_text((72, y), text, fontsize=size, fontname=font)
        y += 16

    put("7.1 Primärliteratur", 14, "hebo")
    y += 10
    for title in ("Orchester von oben", "Die großen Boulevards"):
        put(f"Polgar, Alfred: {title}. In: Alfred Polgar. Kreislauf. Hrsg. von Marcel")
        put("Reich-Ranicki. Reinbeck bei Hamburg: Rowohlt")
        put("2004. (= Kleine Schriften. Band 2.) S. 90 - 93.")
        y += 12
    put("7.2 Sekundärliteratur", 14, "hebo")
    y += 10
    for n in range(1, 11):
        put(f"Autor{n}, Anna: Das Feuilleton und die Stadt. Band {n}. Wien: Löcker")
        put(f"{1990 + n}.")
        y += 12
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split(",")[0] for r in refs] == ["Polgar", "Polgar"] + [f"Autor{n}" for n in range(1, 11)]



def test_underscores_typed_for_the_authors_above_start_an_entry_atop_a_page() -> None:
    """A Spanish thesis types the repeated authors as two underscores ("__ (2018b) Boletín"): atop
    a new page, after an entry that closed the page above, that line starts an entry too."""
    entries = [
        (f"Autor{n}, A. ({2000 + n}) Un informe sobre las cosas que pasan en el campo y en", "la ciudad.")
        for n in range(1, 20)
    ]
    entries += [
        ("Somos Defensores (2017) Contra las cuerdas. Informe Anual 2016. Bogotá: Programa", "Somos."),
        ("__ (2018) Piedra en el zapato. Informe Anual 2017. Bogotá: Programa Somos", "Defensores."),
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Referencias", fontsize=14, fontname="hebo")
    y = 96
    for first, rest in entries:
        page.insert_text((72, y), first, fontsize=12)
        page.insert_text((72, y + 14), rest, fontsize=12)
        y += 34
    page = doc.new_page(width=595, height=842)
    y = 72
    for first, rest in [
        ("__ (2018b) Boletín trimestral SIADDHH, Julio – septiembre de 2018. Bogotá:", "Programa Somos."),
        ("__ (2019) La Naranja Mecánica. Informe Anual 2018. Bogotá: Programa Somos", "Defensores."),
        ("Tarrow, S. (1994). El poder en movimiento. Los movimientos sociales, la acción", "colectiva."),
    ]:
        page.insert_text((72, y), first, fontsize=12)
        page.insert_text((72, y + 14), rest, fontsize=12)
        y += 34
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 24
    assert refs[21].raw.startswith("__ (2018b) Boletín")


def test_a_label_too_wide_for_words_tab_stop_breaks_before_its_bracket() -> None:
    """Word's built-in IEEE bibliography: from [10] on, the label no longer fits its tab stop, and
    its closing bracket starts the entry's second line ("[10 R. Vasquez, «MÉTODOS" + "] PARA")."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "VII. BIBLIOGRAFÍA", fontsize=10)
    y = 84
    for n in range(1, 16):
        wide = n >= 10
        label, second = (f"[{n}", "]  agua") if wide else (f"[{n}]", "agua")
        page.insert_text((72, y), f"{label} A. Autor{n}, «Un trabajo sobre las cosas del", fontsize=10)
        page.insert_text((72 if wide else 90, y + 12), f"{second},» {2000 + n}. [En línea].", fontsize=10)
        page.insert_text((90, y + 24), f"Available: https://example.org/{n}. [Último acceso].", fontsize=10)
        y += 40
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 16))
    assert refs[11].raw.startswith("A. Autor12, «Un trabajo sobre las cosas del agua,» 2012. [En línea].")


def test_an_author_in_lower_case_and_its_date_start_an_entry_after_a_urls_tail() -> None:
    """A Dutch APA list hangs its entries; one ends with a URL broken across lines (its tail ends in
    "/", no period), and the next opens with a user name in lower case and its date: "klricks.
    (2022, 3 september)". A line in lower case after an open line would go on the entry above."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Referenties", fontsize=14, fontname="hebo")
    entries = [
        [f"Auteur{n}, A. ({2010 + n}, 3 maart). Een studie over containers.", f"https://example.org/{n}"]
        for n in range(1, 9)
    ]
    entries[4] = [
        "Johnston, S. (2024, 16 juli). 11 Years of Docker: Shaping the Next Decade of",
        "Development | Docker. Docker. https://www.docker.com/blog/docker-11-",
        "year-anniversary/",
    ]
    klricks = "klricks. (2022, 3 september). Difference between the Raspberry Pi OS images."
    entries.insert(5, [klricks, "Raspberry Pi. https://forums.raspberrypi.com/viewtopic.php?t=339721"])
    y = 90
    for lines in entries:
        for k, text in enumerate(lines):
            page.insert_text((72 if k == 0 else 108, y), text, fontsize=11)
            y += 24
    refs = extract_pdf_references(doc.tobytes()).references
    first_words = [lines[0].split(".")[0].split(",")[0] for lines in entries]
    assert [r.raw.split(".")[0].split(",")[0] for r in refs] == first_words


def test_a_label_typed_with_a_wrong_number_still_starts_its_entry() -> None:
    """A Russian thesis numbers its list 1, 2, 3, 3, 5, ... 9, 7, 11: each misnumbered label stands
    where the chain skips one, at the label position, before a capital; its entry keeps the number
    it prints."""
    printed = [1, 2, 3, 3, 5, 6, 7, 8, 9, 7, 11, 12, 13, 14, 15]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Literature", fontsize=14, fontname="hebo")
    for k, n in enumerate(printed):
        entry = f"{n}. Avtor{k} A.B. Nazvanie raboty nomer {k} // Zhurnal. - 2019. - T. {k},"
        page.insert_text((72, 90 + 34 * k), entry, fontsize=11)
        page.insert_text((90, 104 + 34 * k), f"No. 2. - S. {k}-{k + 9}.", fontsize=11)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == printed


def test_a_list_that_stops_high_on_a_page_goes_on_where_the_next_label_opens_the_page() -> None:
    """Word keeps an entry's lines together: a double-spaced IEEE list stops halfway down a page
    after [7], and the next page opens with [8]. A list that ends high on its page otherwise ends
    there (a thesis's back matter follows)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((240, 80), "DAFTAR PUSTAKA", fontsize=12, fontname="hebo")
    y = 120.0
    entry = "A. Penulis{}, “Analisis Kebijakan Subsidi Listrik,” J. Ekon.,"  # noqa: RUF001
    for n in range(1, 8):
        page.insert_text((72, y), f"[{n}]  " + entry.format(n), fontsize=12)
        page.insert_text((108, y + 28), f"vol. {n}, no. 1, pp. 1-9, 2024.", fontsize=12)
        y += 56 if n < 7 else 0
    page.insert_text((300, 800), "45", fontsize=12)
    page = doc.new_page(width=595, height=842)
    page.insert_text((520, 60), "46", fontsize=12)
    for k, n in enumerate(range(8, 12)):
        page.insert_text((72, 90 + 56 * k), f"[{n}]  " + entry.format(n), fontsize=12)
        page.insert_text((108, 118 + 56 * k), f"vol. {n}, no. 1, pp. 1-9, 2024.", fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 12))

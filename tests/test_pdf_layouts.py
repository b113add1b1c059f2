"""Page layouts that once cut, reordered or overran a list, on small PDFs drawn with PyMuPDF.

Each drawing keeps only what makes the class: where the lines sit, their sizes and texts.
"""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references


def _ref(n: int) -> tuple[str, str]:
    return f"[{n}] A. Author{n} and B. Writer, Journal of Fluid", f"Mechanics {n}, {100 + n} (2001)."


def _draft_name_across_the_gutter_pdf() -> bytes:
    """REVTeX PRL, two columns, no heading: the left column holds a float (its draft box's file
    name reaches 20 pt across the gutter), text, and entries [1]-[6]; the right column goes on
    with [6]'s last line and [7]-[10] at its top; the page number sits centred in the foot."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 90.0
    for k in range(5):
        page.insert_text((72, y + 10 * k), "FIG. 2. Heat map of the amplification for the case", fontsize=9)
    page.insert_text((152, 212), "./Figures/Frozen-eps-converted-to-a-pdf-file.pdf", fontsize=9)
    y = 300.0
    for k in range(12):
        page.insert_text(
            (72, y + 12 * k), "the growing perturbation will visibly alter the system", fontsize=10
        )
    y = 580.0
    for n in range(1, 7):
        first, second = _ref(n)
        page.insert_text((77, y), first, fontsize=9)
        if n < 6:
            page.insert_text((90, y + 10), second, fontsize=9)
        y += 21
    page.insert_text((333, 82), _ref(6)[1], fontsize=9)
    y = 93.0
    for n in range(7, 11):
        first, second = _ref(n)
        page.insert_text((320, y), first, fontsize=9)
        page.insert_text((333, y + 10), second, fontsize=9)
        y += 21
    page.insert_text((304, 730), "5", fontsize=10)
    return doc.tobytes()


def test_a_line_across_the_gutter_inside_a_column_keeps_the_columns_in_order() -> None:
    refs = extract_pdf_references(_draft_name_across_the_gutter_pdf()).references
    assert [r.index for r in refs] == list(range(1, 11))
    assert refs[5].raw == "A. Author6 and B. Writer, Journal of Fluid Mechanics 6, 106 (2001)."
    assert not any("Figures" in r.raw for r in refs)


def _figures_after_the_list_pdf() -> bytes:
    """A double-spaced manuscript: the list ends three quarters down its page; the next page
    holds a figure (a draft box's file name near the label position) and its caption, whose
    lines are as far apart as the list's and start where the labels [10]... do."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "References", fontsize=12, fontname="hebo")
    y = 110.0
    for n in range(1, 13):
        page.insert_text(
            (76.5 if n < 10 else 72, y), f"[{n}] A. Author{n} and B. Writer, Physical Review", fontsize=11
        )
        page.insert_text((95, y + 24), f"E {n}, {5000 + n} (2018).", fontsize=11)
        y += 48
    page = doc.new_page(width=612, height=792)
    page.insert_text((75.6, 300), "fig2.jpg", fontsize=11)
    caption = [
        "FIG. 2. Forced response of a single Rijke tube. (a,c) The phase response shown in",
        "(b,d) amplitude response in terms of fractional change in the amplitude of LCO",
        "for (a,b) p = 120 Pa and (c,d) p = 200 Pa for different values of the forcing.",
    ]
    for k, line in enumerate(caption):
        page.insert_text((72, 548 + 24 * k), line, fontsize=11)
    return doc.tobytes()


def test_a_float_after_the_list_is_no_part_of_its_last_entry() -> None:
    refs = extract_pdf_references(_figures_after_the_list_pdf()).references
    assert [r.index for r in refs] == list(range(1, 13))
    assert refs[11].raw == "A. Author12 and B. Writer, Physical Review E 12, 5012 (2018)."


def _entry(page: pymupdf.Page, n: int, x: float, y: float) -> None:
    """A two-line entry, its label right-aligned in a box: "[9]" starts right of "[10]"."""
    page.insert_text(
        (x + (5 if n < 10 else 0), y), f"[{n}] A. Author{n} and B. Writer, A title of", fontsize=9
    )
    page.insert_text((x + 14, y + 13), f"the paper, Phys. Rev. {n}, {100 + n} (2001).", fontsize=9)


def _floats_beside_the_list_pdf() -> bytes:
    """REVTeX PRL with draft figures, no heading: on page 1 the left column holds [1]-[3]'s
    first line, then a draft box whose file name runs 90 pt into the right column beside its
    entries, then Fig. 1's caption at the foot; the right column opens with Fig. 2's caption,
    then [3]'s last line and [4]-[12]. Page 2 holds [13]-[40]."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(8):
        page.insert_text(
            (54, 80 + 13 * k), "Text of the paper, which cites a few works on things.", fontsize=10
        )
    for n, y in ((1, 380.0), (2, 408.0)):
        _entry(page, n, 58, y)
    page.insert_text((63, 436), "[3] A. Author3 and B. Writer, A title of", fontsize=9)
    page.insert_text(
        (69, 600), "figures/amplification-heat-map-of-the-frozen-coefficient-analysis.pdf", fontsize=9
    )
    page.insert_text((54, 705), "FIG. 1. Heat map of the amplification for the case K = 0.", fontsize=9)
    page.insert_text((54, 718), "The bold line shows the neutral curve.", fontsize=9)
    page.insert_text((317, 370), "FIG. 2. Threshold of the growth as a function of the initial", fontsize=9)
    page.insert_text((317, 383), "time.", fontsize=9)
    page.insert_text((335, 423), "the paper, Phys. Rev. 3, 103 (2001).", fontsize=9)
    for k, n in enumerate(range(4, 13)):
        _entry(page, n, 321, 438 + 28 * k)
    page = doc.new_page(width=612, height=792)
    for k, n in enumerate(range(13, 41)):
        x, row = (58, k) if k < 14 else (321, k - 14)
        _entry(page, n, x, 80 + 28 * row)
    return doc.tobytes()


def test_floats_beside_a_two_column_list_keep_it_whole() -> None:
    refs = extract_pdf_references(_floats_beside_the_list_pdf()).references
    assert [r.index for r in refs] == list(range(1, 41))
    assert refs[2].raw == "A. Author3 and B. Writer, A title of the paper, Phys. Rev. 3, 103 (2001)."
    assert not any("FIG" in r.raw or "figures/" in r.raw for r in refs)


def _page_number_under_the_list_pdf() -> bytes:
    """elsarticle 1p: the page number, centred in the text size (10 pt), sits 3 pt under the
    list's last line (8 pt), at 84% of the page height, above the usual foot band."""
    doc = pymupdf.open()
    n = 0
    for page_no in (1, 2):
        page = doc.new_page(width=595, height=842)
        y = 150.0
        if page_no == 1:
            page.insert_text((111, 130), "References", fontsize=10, fontname="hebo")
        while y < 700:
            n += 1
            page.insert_text(
                (111, y), f"[{n}] A. Author{n}, B. Writer, A paper on things, Journal", fontsize=8
            )
            page.insert_text((129, y + 9.5), f"of Things {n} (2001) {100 + n}-{120 + n}.", fontsize=8)
            y += 19
        page.insert_text((295, y + 7), str(page_no + 1), fontsize=10)
    return doc.tobytes()


def test_a_page_number_close_under_the_list_ends_nothing() -> None:
    refs = extract_pdf_references(_page_number_under_the_list_pdf()).references
    assert [r.index for r in refs] == list(range(1, 59))
    assert refs[27].raw == "A. Author28, B. Writer, A paper on things, Journal of Things 28 (2001) 128-148."


def _acm_first_page_list_pdf() -> bytes:
    """acmart sigconf, a short paper: the list starts on the first page under the text of the
    left column and runs into the right column, atop which the second author's block stands
    ("Ben Reader", "X", "Y", larger than the list) beside the first one's."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((205, 95), "A Study of Bibliographies", fontsize=17)
    for k, (left, right) in enumerate(
        [("Ada Writer", "Ben Reader"), ("University of Somewhere", "X"), ("USA", "Y")]
    ):
        size = 12 if k == 0 else 10
        page.insert_text((130, 120 + 13 * k), left, fontsize=size)
        page.insert_text((426, 120 + 13 * k), right, fontsize=size)
    for k in range(12):
        page.insert_text(
            (54, 162 + 12 * k), "Text of the paper, which cites a few works on things.", fontsize=9
        )
    page.insert_text((54, 350), "REFERENCES", fontsize=11)
    y, n = 366.0, 0
    while y < 560:
        n += 1
        page.insert_text(
            (62, y), f"[{n}] A. Author{n} and B. Writer. 2001. A paper on the things of", fontsize=7
        )
        page.insert_text(
            (74, y + 9), f"the world. Journal of Things and Stuff {n}, 2 (2001), {n}-{n + 9}.", fontsize=7
        )
        y += 19
    page.insert_text(
        (54, 640), "Permission to make digital or hard copies of all or part of this work", fontsize=7
    )
    page.insert_text((54, 649), "Conference'17, July 2017, Washington, DC, USA", fontsize=7)
    y = 172.0
    while y < 700:
        n += 1
        page.insert_text(
            (326, y), f"[{n}] A. Author{n} and B. Writer. 2001. A paper on the things of", fontsize=7
        )
        page.insert_text(
            (338, y + 9), f"the world. Journal of Things and Stuff {n}, 2 (2001), {n}-{n + 9}.", fontsize=7
        )
        y += 19
    return doc.tobytes()


def test_an_author_block_atop_the_column_the_list_runs_into_ends_nothing() -> None:
    refs = extract_pdf_references(_acm_first_page_list_pdf()).references
    assert [r.index for r in refs] == list(range(1, 40))
    assert (
        refs[11].raw
        == "A. Author12 and B. Writer. 2001. A paper on the things of the world. Journal of Things "
        "and Stuff 12, 2 (2001), 12-21."
    )
    assert not any("Reader" in r.raw or "Permission" in r.raw for r in refs)


def _main_and_supplement_pdf(main_heading: str | None, supplement_heading: str, text_pages: int) -> bytes:
    """A main list of 248 entries over five pages (under `main_heading`, or none as in REVTeX
    PRL), then `text_pages` pages of supplementary text, then the supplement's own list of 4
    (right under the main list, numbered on from it as multibib does, when there is no text
    between)."""
    doc = pymupdf.open()
    page = doc.new_page()
    for k in range(30):
        page.insert_text(
            (72, 80 + 13 * k), "Text of the paper, which cites the works listed below.", fontsize=10
        )
    n = 0
    for page_no in range(5):
        page = doc.new_page()
        y = 72.0
        if page_no == 0 and main_heading:
            page.insert_text((72, y), main_heading, fontsize=14, fontname="hebo")
            y += 28
        for _ in range(50 if page_no < 4 else 40 if text_pages == 0 else 48):
            n += 1
            page.insert_text(
                (72, y), f"[{n}] A. Author{n}, B. Writer, Journal of Things {n}, 345 (2001).", fontsize=9
            )
            y += 13
    for _ in range(text_pages):
        page = doc.new_page()
        for k in range(40):
            page.insert_text(
                (72, 80 + 13 * k), "Here we give the derivation of the bound in detail.", fontsize=10
            )
    y = y + 20 if text_pages == 0 else 72
    if text_pages:
        page = doc.new_page()
    page.insert_text((72, y), supplement_heading, fontsize=14, fontname="hebo")
    for k in range(4):
        label = k + 1 + (n if text_pages == 0 else 0)
        text = f"[{label}] C. Other{k + 1}, D. Writer, Journal of Stuff {k}, 12 (2019)."
        page.insert_text((72, y + 28 + 13 * k), text, fontsize=9)
    return doc.tobytes()


def test_a_supplements_list_under_its_own_heading_after_a_long_list() -> None:
    for main, supplement, text_pages in [
        ("References", "Supplementary References", 0),
        ("References", "References for the Supplement", 2),
        (None, "Additional references", 2),
    ]:
        refs = extract_pdf_references(_main_and_supplement_pdf(main, supplement, text_pages)).references
        count = 240 if text_pages == 0 else 248
        got = [(r.bibliography, r.index) for r in refs]
        first = count + 1 if text_pages == 0 else 1
        supplement_list = [(2, n) for n in range(first, first + 4)]
        assert got == [(1, n) for n in range(1, count + 1)] + supplement_list, (main, supplement)
        assert refs[count].raw == "C. Other1, D. Writer, Journal of Stuff 0, 12 (2019)."


def _lineno_two_columns_pdf() -> bytes:
    """lineno in a two-column review copy (switch): numbers in the outer margins, 5 pt, one per
    line; the first number of the right column is set astray, inside the column's indent."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 120), "References", fontsize=12, fontname="hebo")
    number, n = 1, 0
    for col, (x, margin) in enumerate(((72.0, 57.0), (311.0, 551.0))):
        y = 140.0
        while y < 700:
            n += 1
            lines = [
                f"Author{n}, A. and B. Writer. A paper on the things of",
                f"the world. J. Things, {n}:1-9, 2001.",
            ]
            for k, line in enumerate(lines):
                page.insert_text((x + (10 if k else 0), y), line, fontsize=10)
                astray = col == 1 and y == 140.0
                page.insert_text(
                    (x + 5 if astray else margin, y + 2 if astray else y), str(number), fontsize=5
                )
                number += 1
                y += 12
            y += 2
    return doc.tobytes()


def test_a_line_number_set_astray_is_still_a_line_number() -> None:
    refs = extract_pdf_references(_lineno_two_columns_pdf()).references
    assert [r.index for r in refs] == list(range(1, 45))
    assert (
        refs[25].raw
        == "Author26, A. and B. Writer. A paper on the things of the world. J. Things, 26:1-9, 2001."
    )


def _acm_journal_first_page_pdf() -> bytes:
    """acmsmall, a short paper: the author-year list starts on the first page, under which the
    page's notes (the authors' addresses, the permission block) stand in the list's type size,
    set off by a gap; the list goes on on the next page."""
    doc = pymupdf.open()
    n = 0
    for page_no in (1, 2):
        page = doc.new_page(width=486, height=720)
        y = 60.0
        if page_no == 1:
            for k in range(10):
                page.insert_text(
                    (46, y + 12 * k), "Text of the paper, which cites works on many things.", fontsize=9
                )
            page.insert_text((46, 200), "REFERENCES", fontsize=10)
            y = 222.0
        while y < (520 if page_no == 1 else 640):
            n += 1
            page.insert_text(
                (46, y), f"Author{n}, A. and Writer, B. 2001. A paper on the things of the", fontsize=8
            )
            page.insert_text(
                (56, y + 10), f"world. Journal of Things {n}, 2 (2001), {n}-{n + 9}.", fontsize=8
            )
            y += 21
        if page_no == 1:
            notes = [
                "Authors' addresses: Ada Writer, University of Somewhere, Springfield, USA, ada@example.org;",
                "Ben Reader, X, Y.",
                "",
                "Permission to make digital or hard copies of all or part of this work for personal or",
                "classroom use is granted without fee provided that copies are not made or distributed",
                "for profit or commercial advantage and that copies bear this notice and the full citation",
                "on the first page. Copyrights for components of this work owned by others than ACM must",
                "be honored. Abstracting with credit is permitted. To copy otherwise, or republish, to post",
                "to redistribute to lists, requires prior specific permission and/or a fee.",
                "© 2026 Association for Computing Machinery.",
            ]
            y = 556.0
            for line in notes:
                if line:
                    page.insert_text((46, y), line, fontsize=8)
                y += 10 if line else 12
    return doc.tobytes()


def test_a_first_pages_notes_under_a_short_papers_list_stay_out() -> None:
    refs = extract_pdf_references(_acm_journal_first_page_pdf()).references
    assert [r.index for r in refs] == list(range(1, len(refs) + 1))
    assert not any("Permission" in r.raw or "addresses" in r.raw for r in refs)
    assert (
        refs[13].raw == "Author14, A. and Writer, B. 2001. A paper on the things of the world. Journal of "
        "Things 14, 2 (2001), 14-23."
    )


def _two_sided_author_year_pdf() -> bytes:
    """COB/JEB, two columns, two-sided: the author-year list starts at the foot of the right
    column with one entry of two lines, hanging by 8 pt; on the next page the columns sit 2.3 pt
    further right, so the indent measured there is not where the first page's lines start."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(50):
        page.insert_text((50, 80 + 12 * k), "Text of the paper, which cites the works below.", fontsize=9)
    for k in range(44):
        page.insert_text((312, 80 + 12 * k), "Text of the discussion, which cites works too.", fontsize=9)
    page.insert_text((312, 640), "REFERENCES", fontsize=8)
    page.insert_text(
        (312, 652), "Archer J (1988) The behavioural biology of aggression, volume 1. CUP", fontsize=8
    )
    page.insert_text((320, 662), "Archive.", fontsize=8)
    page = doc.new_page(width=612, height=792)
    n = 0
    for x in (52.3, 314.3):
        for k in range(25):
            n += 1
            page.insert_text(
                (x, 80 + 22 * k), f"Author{n} G, Elwood RW (2008) Information gathering and", fontsize=8
            )
            page.insert_text(
                (x + 8, 90 + 22 * k), f"decision making. Animal Behaviour 76:{n}–542.", fontsize=8
            )
    return doc.tobytes()


def test_a_two_line_column_shows_its_own_indent() -> None:
    refs = extract_pdf_references(_two_sided_author_year_pdf()).references
    assert refs[0].raw == "Archer J (1988) The behavioural biology of aggression, volume 1. CUP Archive."
    assert len(refs) == 51


def _to_margin(text: str) -> float:
    """The size that sets `text` from x 275 to the right margin at 388."""
    return 113 / pymupdf.get_text_length(text, fontsize=1)


def _stretched_spaces_in_line_pdf() -> bytes:
    """sn-jnl, one column 337 pt wide, a justified list: lines whose word spaces stretch 15 pt
    (a long title word or URL would not fit) break into two fragments, and where several break
    at one place the strip between them looks like a gutter, crossed by the other lines."""
    doc = pymupdf.open()
    page = doc.new_page(width=439, height=666)
    page.insert_text((51, 60), "References", fontsize=12, fontname="hebo")
    y = 84.0
    long = "In Proc. of the Seismological Society of America, volume {n}, 2023."
    for n in range(1, 13):
        broken = 2 - (n - 1) % 3  # lines of the entry that break at a stretched space: 2, 1, 0
        if broken:
            page.insert_text((51, y), f"[{n}] Giuseppe Petrillo and Jiancang Zhuang.", fontsize=10)
            page.insert_text(
                (275, y), "Verifying the Magnitude", fontsize=_to_margin("Verifying the Magnitude")
            )
        else:
            page.insert_text(
                (51, y), f"[{n}] Jörn Davidsen and Adam Green. Are Earthquake Magnitudes", fontsize=10
            )
        if broken == 2:
            page.insert_text((71.5, y + 12), "Dependence in Earthquake Occurrence.", fontsize=10)
            page.insert_text(
                (275, y + 12), "Physical Review Letters,", fontsize=_to_margin("Physical Review Letters,")
            )
        else:
            page.insert_text(
                (71.5, y + 12), "Dependence in Earthquake Occurrence of the Pacific Plate.", fontsize=10
            )
        page.insert_text((71.5, y + 24), long.format(n=n), fontsize=10)
        y += 46
    return doc.tobytes()


def test_stretched_word_spaces_in_one_column_make_no_gutter() -> None:
    refs = extract_pdf_references(_stretched_spaces_in_line_pdf()).references
    assert [r.index for r in refs] == list(range(1, 13))
    assert refs[0].raw == (
        "Giuseppe Petrillo and Jiancang Zhuang. Verifying the Magnitude Dependence in Earthquake Occurrence. "
        "Physical Review Letters, In Proc. of the Seismological Society of America, volume 1, 2023."
    )


def _author_year_page(page: pymupdf.Page, first: int, count: int, y: float, x: float = 75) -> float:
    """`count` author-year entries of two lines, hanging by 20 pt, from `y`; the next free y."""
    for n in range(first, first + count):
        page.insert_text((x, y), f"Author{n}, A. and Writer, B. ({1990 + n}). A study of things", fontsize=11)
        page.insert_text((x + 20, y + 13), f"and their kinds. Journal of Stuff {n}, 1-9.", fontsize=11)
        y += 30
    return y


def test_a_springer_caption_inside_the_list_is_a_float() -> None:
    """sn-jnl referee mode: a figure's caption, "Fig. A2" with no punctuation after its number,
    set atop a page the list runs over."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "References", fontsize=14, fontname="hebo")
    _author_year_page(page, 1, 24, 110)
    page = doc.new_page(width=595, height=842)
    caption = [
        "Fig. A2 The flowchart of the program reproducing females. The input",
        "is N females and N males; the output is N females. Males can be",
        "reproduced similarly. The sampling method is the binomial sampling",
        "that is used in the Wright-Fisher model.",
    ]
    for k, line in enumerate(caption):
        page.insert_text((75, 80 + 14 * k), line, fontsize=11)
    _author_year_page(page, 25, 10, 160)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 35))
    assert (
        refs[24].raw
        == "Author25, A. and Writer, B. (2015). A study of things and their kinds. Journal of Stuff 25, 1-9."
    )


def test_a_small_centred_heading_closes_the_list() -> None:
    """Biometrics referee copy: "Supplementary Materials" under the list's last entries, in a type
    smaller than the list's, centred in the text block (whose margins differ), neither bold nor
    capitals; a double-spaced paragraph under it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "References", fontsize=14, fontname="hebo")
    _author_year_page(page, 1, 24, 110)
    page = doc.new_page(width=595, height=842)
    y = _author_year_page(page, 25, 3, 90)
    heading = "Supplementary Materials"
    width = pymupdf.get_text_length(heading, fontsize=10)
    page.insert_text(((75 + 542 - width) / 2, y + 20), heading, fontsize=10)
    for k in range(6):
        line = "Code to reproduce all figures and the simulation study in this paper is here"
        x = 85 if k == 2 else 75  # justified to the right margin at 542
        page.insert_text(
            (x, y + 52 + 26 * k), line, fontsize=(542 - x) / pymupdf.get_text_length(line, fontsize=1)
        )
    refs = extract_pdf_references(doc.tobytes()).references
    assert len(refs) == 27
    assert refs[-1].raw.endswith("Journal of Stuff 27, 1-9.")


def test_a_table_whose_caption_is_under_it_lets_the_list_go_on() -> None:
    """ACL: a table at the top of the column the list runs into, its caption under its rows."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "References", fontsize=14, fontname="hebo")
    _author_year_page(page, 1, 24, 110)
    page = doc.new_page(width=595, height=842)
    for k, row in enumerate(["Datasets #S #A #O #T", "Train 1259 1008 849 2066", "Dev 315 358 321 489"]):
        page.insert_text((200, 80 + 10 * k), row, fontsize=7)
    page.insert_text(
        (75, 130), "Table 5: Statistic information of our two experiment datasets: the", fontsize=10
    )
    page.insert_text((75, 144), "numbers of sentences, triplets, aspects and opinions.", fontsize=10)
    _author_year_page(page, 25, 4, 170)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 29))


def test_line_numbers_close_to_a_headings_row_are_still_line_numbers() -> None:
    """elsarticle's review copy: 5 pt line numbers (set after the page's text, as lineno does) 7 pt
    left of the list's text and 3 pt left of its heading."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((37.6, 90), "References", fontsize=10, fontname="hebo")
    for n in range(1, 31):
        y = 90 + 19 * n
        page.insert_text(
            (41.6, y - 9.5), f"[{n}] Author{n} JM. Application of optical ray tracing to sonar.", fontsize=8
        )
        page.insert_text((55.9, y), f"Optical Engineering 1997;{n}(6):1806-13.", fontsize=8)
    for k in range(61):
        page.insert_text((27, 90 + 9.5 * k), str(557 + k), fontsize=4.7)
    extraction = extract_pdf_references(doc.tobytes())
    assert [r.index for r in extraction.references] == list(range(1, 31))
    assert not any(note.startswith("no heading") for note in extraction.notes)  # found under its heading


def test_a_caption_with_a_dash_after_its_number_is_a_float() -> None:
    """French: "FIGURE 14 – Débit du réseau", a figure atop the page the list runs on to."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "Références", fontsize=14, fontname="hebo")
    _author_year_page(page, 1, 24, 110)
    page = doc.new_page(width=595, height=842)
    page.insert_text((200, 160), "Fig12.pdf", fontsize=10)
    page.insert_text((76, 200), "FIGURE 14 – Débit du réseau mesuré en transactions par seconde", fontsize=10)
    _author_year_page(page, 25, 10, 240)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 35))
    assert refs[23].raw.endswith("Journal of Stuff 24, 1-9.")


def test_a_tables_rows_under_its_caption_then_the_list_goes_on() -> None:
    """A&A: a table across the page's top, caption over its rows set in another size; the list
    goes on below it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "References", fontsize=14, fontname="hebo")
    _author_year_page(page, 1, 24, 110)
    page = doc.new_page(width=595, height=842)
    page.insert_text(
        (75, 60), "Table A.1. Notable correlations between the asymmetry and the FWHM.", fontsize=9
    )
    for k, row in enumerate(
        ["Star # CCFs R(SN, Bis) slope", "HD192310 1577 0.888 0.000786", "HD10700 7928 0.78 0.0006"]
    ):
        page.insert_text((110, 80 + 11 * k), row, fontsize=9)
    _author_year_page(page, 25, 10, 140)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 35))


def test_a_foot_line_under_a_short_right_column_keeps_the_columns_in_order() -> None:
    """A&A: the left column ends its text, then "References" and the list's first entries run to the
    page's foot; the right column holds the rest of the list from the top and ends above the
    heading's height; "Article number, page 17 of 25" sits at the foot on the right."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k in range(40):
        page.insert_text((37, 60 + 12.5 * k), "Text of the paper, which cites the works listed.", fontsize=10)
    page.insert_text((37, 600), "References", fontsize=10.4, fontname="hebo")
    for n in range(1, 9):
        page.insert_text(
            (37, 612 + 18 * n), f"Author{n}, A. & Writer, B. {2000 + n}, A&A, {n}, 101", fontsize=8
        )
        page.insert_text((47, 621 + 18 * n), f"and a title of the work number {n}", fontsize=8)
    for n in range(9, 34):
        page.insert_text(
            (303, 60 + 18 * (n - 9)), f"Author{n}, A. & Writer, B. {2000 + n}, A&A, {n}, 101", fontsize=8
        )
        page.insert_text((313, 69 + 18 * (n - 9)), f"and a title of the work number {n}", fontsize=8)
    page.insert_text((451, 780), "Article number, page 17 of 25", fontsize=9)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 34))
    assert refs[8].raw.startswith("Author9, A.")


def test_sections_that_end_near_the_same_height_in_both_columns_cut_no_band() -> None:
    """MNRAS, a last page: the left column's text ends, the acknowledgements and the list begin 34 pt
    lower; the right column holds the rest of the list from the top, ends at about the same height
    and begins the appendix 46 pt lower. The page is read column by column all the same."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k in range(18):
        page.insert_text((42, 110 + 11 * k), "Text of the paper, which cites the works below.", fontsize=9)
    page.insert_text((42, 352), "ACKNOWLEDGEMENTS", fontsize=9, fontname="hebo")
    page.insert_text((42, 369), "T.L. is supported by a consolidated grant of a council.", fontsize=9)
    page.insert_text((42, 456), "REFERENCES", fontsize=9, fontname="hebo")
    for n in range(1, 16):
        page.insert_text(
            (42, 462 + 20 * n), f"Author{n} A., Writer B., {2000 + n}, The Astrophysical", fontsize=8
        )
        page.insert_text((56, 472 + 20 * n), f"Journal, {n}, 101", fontsize=8)
    for n in range(16, 27):
        page.insert_text(
            (305, 92 + 20 * (n - 16)), f"Author{n} A., Writer B., {2000 + n}, The Astrophysical", fontsize=8
        )
        page.insert_text((319, 102 + 20 * (n - 16)), f"Journal, {n}, 101", fontsize=8)
    page.insert_text((305, 367), "APPENDIX A: ALL COLLISION CASES", fontsize=9, fontname="hebo")
    page.insert_text((305, 386), "The trivial case where the segment is either entirely blocked.", fontsize=9)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split()[0] for r in refs] == [f"Author{n}" for n in range(1, 27)]


def test_a_page_of_floats_inside_the_list_is_passed_over() -> None:
    """LaTeX sets figures on a page of their own among the list's pages: draft file names, panel
    letters and a caption; the list goes on on the page after."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((75, 80), "References", fontsize=14, fontname="hebo")
    for n in range(1, 25):
        page.insert_text(
            (75, 80 + 30 * n),
            f"[{n}] A. Author{n}, Discrete-time travelling waves and their kinds.",
            fontsize=10,
        )
        page.insert_text((95, 93 + 30 * n), f"Journal of Stuff {n}, 1-9 (2001).", fontsize=10)
    page = doc.new_page(width=595, height=842)
    for k, name in enumerate(["figures/fig3a.png figures/fig3d.png", "figures/fig3b.png figures/fig3e.png"]):
        page.insert_text((115, 160 + 160 * k), name, fontsize=10)
        page.insert_text((202, 240 + 160 * k), "(a) (b)", fontsize=9)
    page.insert_text((75, 600), "Figure 3: Growth of the waves in each of the six cases.", fontsize=10)
    page = doc.new_page(width=595, height=842)
    for n in range(25, 29):
        page.insert_text(
            (75, 80 + 30 * (n - 24)),
            f"[{n}] A. Author{n}, Discrete-time travelling waves and their kinds.",
            fontsize=10,
        )
        page.insert_text((95, 93 + 30 * (n - 24)), f"Journal of Stuff {n}, 1-9 (2001).", fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 29))
    assert refs[23].raw.endswith("Journal of Stuff 24, 1-9 (2001).")


def test_an_underscore_drawn_as_a_rule_where_a_url_breaks_is_no_repeated_authors_dash() -> None:
    """apacite: a URL broken after an underscore, which the font draws as a rule a third of an em
    long before the next line; the dash that repeats the authors above is an em long or more."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "References", fontsize=14, fontname="hebo")
    y = _author_year_page(page, 1, 3, 110, x=72)
    for x, dy, text in [
        (72, 0, "Baumgartner, J. (2016). I have every publicly available reddit comment."),
        (92, 13, "https://www.reddit.com/r/datasets/comments/3bxlg7/i have every"),
        (97, 26, "publicly available reddit comment/. (Accessed: 2011-11-07)"),
    ]:
        page.insert_text((x, y + dy), text, fontsize=11)
    page.draw_line((93, y + 23), (96.7, y + 23), width=0.4)  # the underscore
    _author_year_page(page, 5, 3, y + 40, x=72)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 8))
    assert refs[3].raw.endswith("(Accessed: 2011-11-07)")


def test_a_numbered_note_at_the_foot_in_a_smaller_size_is_no_entry() -> None:
    """COLT: footnote 6 of the text, 9 pt under a list set in 11 pt, numbered in its own size."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((90, 600), "References", fontsize=12, fontname="hebo")
    for x, y, text, size in [
        (90, 623, "Muhammad Abulaish, Mohammad Najmud Doja, and Tanvir Ahmad. Feature", 10.9),
        (101, 636, "and opinion mining for review summarization. In Proceedings, 2009.", 10.9),
        (90, 672, "Sébastien Bubeck and Nicolò Cesa-Bianchi. Regret analysis of bandit", 10.9),
        (101, 685, "problems. Foundations and Trends in Machine Learning, 2012.", 10.9),
        (95, 705, "6. This will lead to a different dependence on N in the regret bound.", 9),
    ]:
        page.insert_text((x, y), text, fontsize=size)
    page = doc.new_page(width=612, height=792)
    _author_year_page(page, 3, 4, 90, x=90)
    refs = extract_pdf_references(doc.tobytes()).references
    assert not any("regret bound" in r.raw for r in refs)
    assert len(refs) == 6


def _mnras_entry(page: pymupdf.Page, n: int, x: float, y: float) -> None:
    page.insert_text((x, y), f"Author{n} A., Writer B., {2000 + n}, MNRAS, {n}, 101", fontsize=8)
    page.insert_text((x + 14, y + 10), f"and a title of the work number {n}", fontsize=8)


def test_two_figures_atop_the_page_a_right_column_list_goes_on_to() -> None:
    """MNRAS: the list starts in the right column of one page; the next page opens with two
    figures across it (a draft file name over each caption), then the list goes on in the left
    column, where it had not been set before."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    text = "Text of the paper, which cites the works listed below."
    for k in range(60):
        page.insert_text((42, 60 + 12 * k), text, fontsize=9)
    for k in range(25):
        page.insert_text((305, 60 + 12 * k), text, fontsize=9)
    page.insert_text((305, 400), "REFERENCES", fontsize=9, fontname="hebo")
    for n in range(1, 16):
        _mnras_entry(page, n, 305, 400 + 24 * n)
    page = doc.new_page(width=595, height=842)
    for k, top in enumerate((96, 245)):
        page.insert_text((237, top), f"figures/Fig{6 + k}.png", fontsize=8)
        caption = f"Figure {6 + k}. Mass accretion rate as a function of time for the discs."
        page.insert_text((42, top + 60), caption, fontsize=8)
    for n in range(16, 31):
        _mnras_entry(page, n, 42, 400 + 24 * (n - 16))
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split()[0] for r in refs] == [f"Author{n}" for n in range(1, 31)]


def test_an_ieee_list_that_goes_on_under_a_page_of_plots() -> None:
    """IEEEtran, two columns: the list starts low in the right column; the next page opens with
    three full-width figures, each of many small axis labels and a row of panel names
    ("(a) CAIDA (b) Campus Network ...") over its caption, and the list goes on under them."""
    entries = [
        f"[{n}] A. Author{n}, B. Writer, A study of things, J. Stuff, {n}, 2019." for n in range(1, 13)
    ]
    text = "the switch keeps the records of flows in its tables"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(40):
        page.insert_text((49, 60 + 16 * k), text, fontsize=10)
    for k in range(34):
        page.insert_text((313, 60 + 16 * k), text, fontsize=10)
    page.insert_text((410, 640), "REFERENCES", fontsize=10)
    page.insert_text((317, 660), entries[0], fontsize=8)
    page.insert_text((317, 680), entries[1], fontsize=8)
    page = doc.new_page(width=612, height=792)
    y = 50.0
    for fig in range(3):
        for k in range(12):
            for x in (63, 190, 317, 444):  # four plots side by side, their axes' tick labels
                page.insert_text((x, y + 9 * k), f"{k * 0.25:.2f}", fontsize=6.6)
        page.insert_text((97, y + 116), "(a) CAIDA (b) Campus Network (c) ISP1 (d) ISP2", fontsize=8)
        page.insert_text((206, y + 134), f"Fig. {fig + 7}. Flow Set Coverage for Flow Records.", fontsize=8)
        y += 160
    for n, entry in enumerate(entries[2:7]):
        page.insert_text((53, 540 + 20 * n), entry, fontsize=8)
    for n, entry in enumerate(entries[7:]):
        page.insert_text((317, 540 + 20 * n), entry, fontsize=8)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.index for r in refs] == list(range(1, 13))


def test_a_two_sided_list_of_mostly_one_line_entries_keeps_its_hanging_indent() -> None:
    """Annual Reviews: a two-sided layout whose text block sits 126 pt further right on odd pages,
    an unlabelled list hanging 9 pt, most entries one line long; on three of five pages too few
    lines are continuation lines to show the indent there."""
    entries: list[tuple[str, str | None]] = []
    for page in range(5):
        two_line, count = (14, 36) if page in (0, 1) else (4, 46)  # 50 lines a page
        for n in range(count):
            name = f"{_AUTHORS_AR[(page + n) % len(_AUTHORS_AR)]} {chr(65 + n % 26)}{chr(65 + page)}"
            first = (
                f"{name}, Smith J, Jones K. {1990 + n}. Astrophysical Journal {100 + n}({page + 1}):{n + 10}"
            )
            entries.append(
                (first, "Monthly Notices of the Royal Astronomical Society" if n < two_line else None)
            )
    doc = pymupdf.open()
    starts = {0, 36, 72, 118, 164}
    for n, (first, second) in enumerate(entries):
        if n in starts:
            page = doc.new_page(width=612, height=792)
            left = 41.0 if page.number % 2 else 167.0
            y = 90.0
        page.insert_text((left, y), first, fontsize=8)
        y += 12
        if second is not None:
            page.insert_text((left + 9.2, y), second, fontsize=8)
            y += 12
    doc[0].insert_text((167, 70), "LITERATURE CITED", fontsize=10, fontname="hebo")
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in entries]


_AUTHORS_AR = ["Gibson NP", "Gillen E", "Gillon M", "Gordon TA", "Grunblatt SK", "Haywood RD", "Luger R"]


def _mnras_like_pdf(heading_at_foot: bool) -> tuple[bytes, list[str]]:
    """A two-column author-year list (MNRAS, A&A) hanging 13 pt, most entries one line long: on the
    first page one continuation line in ten, too few to show the indent there; the next page shows
    it. The heading stands atop the left column, or at its foot over the first two entries (one
    line each) under the text, the list going on atop the right column."""
    doc = pymupdf.open()
    texts: list[str] = []
    page = doc.new_page(width=595, height=842)
    if heading_at_foot:
        for k in range(50):
            page.insert_text(
                (42, 80 + 11 * k), "the detection of a flare can provide constraints on the", fontsize=9
            )
        page.insert_text((42, 660), "REFERENCES", fontsize=9, fontname="hebo")
        slots = [(42.0, 680.0 + 10 * k) for k in range(2)]
    else:
        page.insert_text((42, 70), "REFERENCES", fontsize=9, fontname="hebo")
        slots = [(42.0, 90.0 + 10 * k) for k in range(72)]
    slots += [(305.0, 80.0 + 10 * k) for k in range(72)]
    n = 0
    while slots:
        x, y = slots.pop(0)
        name = f"{_AUTHORS_AR[n % len(_AUTHORS_AR)]}{chr(65 + n % 26)}"
        first = f"{name}, Smith J., Jones K., {1990 + n % 30}, ApJ Supplement, {100 + n}, {n + 7}"
        page.insert_text((x, y), first, fontsize=8)
        if n % 10 == 9 and slots and slots[0][0] == x:
            page.insert_text((x + 13.4, slots.pop(0)[1]), f"{200 + n}", fontsize=8)
            first += f" {200 + n}"
        texts.append(first)
        n += 1
    page = doc.new_page(width=595, height=842)
    y = 80.0
    for k in range(20):
        first = f"Zeta{chr(65 + k)} B., et al., {2000 + k}, Physical Review Letters, {k + 1},"
        page.insert_text((42, y), first, fontsize=8)
        page.insert_text((55.4, y + 10), f"{1000 + k}", fontsize=8)
        texts.append(f"{first} {1000 + k}")
        y += 20
    return doc.tobytes(), texts


def test_a_list_of_mostly_one_line_entries_hangs_where_another_page_shows_it() -> None:
    for heading_at_foot in (False, True):
        pdf, texts = _mnras_like_pdf(heading_at_foot)
        refs = extract_pdf_references(pdf).references
        assert [r.raw for r in refs] == texts, heading_at_foot


def test_editors_names_at_the_edge_after_ed_stay_in_their_entry() -> None:
    """AASTeX: a hanging author-year list where TeX set a line of editors' names at the column's
    edge, after a line that ends "..., ed." (the names must follow), and one after "... and"."""
    entries = [
        ["Breivik, K., Coughlin, S., Zevin, M., et al. 2020, ApJ, 898,", "71, doi: 10.3847/1538-4357/ab9d85"],
        [
            "Neuhäuser, R., Magazzu, A., Sterzik, M. F., et al. 1996, in",
            "Astronomical Society of the Pacific Conference Series,",
            "Vol. 109, Cool Stars, Stellar Systems, and the Sun, ed.",
            "R. Pallavicini & A. K. Dupree, 433",
        ],
        ["Neuhäuser, R., Torres, G., Sterzik, M. F., & Randich, S.", "1997, A&A, 325, 647"],
        ["Patruno, A., Kama, M., Torres, G., Sterzik, M. F., and", "Randich, S. 2017, A&A, 608, A147"],
        ["Rein, H., & Liu, S. F. 2012, A&A, 537, A128,", "doi: 10.1051/0004-6361/201118085"],
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((321, 80), "REFERENCES", fontsize=10, fontname="hebo")
    y = 100.0
    for lines in entries:
        for k, line in enumerate(lines):
            at_edge = k == 0 or line.startswith(("R. Pallavicini", "Randich"))
            page.insert_text((321 if at_edge else 330, y), line, fontsize=9)
            y += 10
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_a_table_atop_the_page_the_list_goes_on_to_with_a_row_where_entries_start() -> None:
    """NeurIPS style: the list starts at the foot of a page; the next opens with a table (its own
    rows over its caption, then more rows under it, one starting where the entries start), and the
    list goes on under it."""
    entries = [
        (
            "Dosovitskiy Alexey. An image is worth 16x16 words: Transformers for image recognition.",
            "arXiv preprint arXiv:2010.11929, 2020.",
        ),
        (
            "Martin Arjovsky, Léon Bottou, and David Lopez-Paz. Invariant risk minimization,",
            "2020. URL https://arxiv.org/abs/1907.02893.",
        ),
        (
            "Alberto Bacchin and Emanuele Menegatti. Sood-imagenet: a large-scale dataset for semantic",
            "out-of-distribution image classification. arXiv preprint arXiv:2409.01109, 2024.",
        ),
        (
            "David R Cox. The regression analysis of binary sequences. Journal of the Royal Statistical",
            "Society Series B: Statistical Methodology, 20(2):215-232, 1958.",
        ),
        (
            "Rachel Lea Draelos and Lawrence Carin. Use hirescam instead of grad-cam for faithful",
            "explanations of convolutional neural networks. arXiv preprint arXiv:2011.08891, 2020.",
        ),
    ]
    entries += [
        (
            f"Sahil Singla and Soheil Feizi. Salient imagenet: how to discover spurious features, part {k}.",
            f"In International Conference on Learning Representations, {2000 + k}.",
        )
        for k in range(12)
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(50):
        page.insert_text(
            (108, 80 + 11 * k),
            "the validation accuracy is significantly behind the training one.",
            fontsize=10,
        )
    page.insert_text((108, 650), "References", fontsize=12, fontname="hebo")
    y = 672.0
    for first, second in entries[:2]:
        page.insert_text((108, y), first, fontsize=10)
        page.insert_text((118, y + 11), second, fontsize=10)
        y += 23
    page = doc.new_page(width=612, height=792)
    key = [(207, "Key      Descriptor"), (210.5, "F1       F-1 Score"), (213, "ID       In-Distribution")]
    for k, (x, row) in enumerate(key):  # centred in their column: no two rows start alike
        page.insert_text((x, 80 + 11 * k), row, fontsize=10)
    page.insert_text((246, 130), "Table 2: Without pre-training:", fontsize=10)
    rows = [
        "Method      F1 | ID    F1 | E    F1 | H",
        "Cross-Entropy      TBR    69.6%    52.9%",
        "Ablated CE (Ours)      TBR    TBR    TBR",
    ]
    for k, (x, row) in enumerate(zip((128, 116, 107.5), rows, strict=True)):
        page.insert_text((x, 150 + 11 * k), row, fontsize=10)
    y = 220.0
    for first, second in entries[2:]:
        page.insert_text((108, y), first, fontsize=10)
        page.insert_text((118, y + 11), second, fontsize=10)
        y += 23
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def test_a_plots_tick_labels_over_its_caption_atop_a_page_of_the_list_are_the_figures() -> None:
    """COLT: the list goes on to a page that opens with a figure of plots; their tick labels, in a
    size a little smaller than the list's, start where the list's lines do ("0 0", "60 50")."""
    entries = [
        (
            f"Author{chr(65 + k)} Writer and Coauthor Person. A study of bandits, part {k}. The Annals of",
            f"Statistics, {30 + k}(3):1516-1541, {1990 + k}.",
        )
        for k in range(24)
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((90, 70), "References", fontsize=12, fontname="hebo")
    y = 95.0
    for first, second in entries[:20]:
        page.insert_text((90, y), first, fontsize=10.9)
        page.insert_text((101, y + 14), second, fontsize=10.9)
        y += 32
    page = doc.new_page(width=612, height=792)
    page.insert_text((131, 93), "Cumulative regret for Beta rewards", fontsize=10.1)
    for k, (x, ticks) in enumerate(
        [(93, "100 100"), (98, "50"), (104, "0 0"), (110, "0 100 200 300 400 500")]
    ):
        page.insert_text((x, 148 + 40 * k), ticks, fontsize=10.1)
    page.insert_text((192, 300), "(a) (b)", fontsize=10.9)
    page.insert_text((93, 330), "60 50", fontsize=10.4)
    page.insert_text((99.5, 360), "0 0", fontsize=10.4)
    page.insert_text(
        (90, 390),
        "Figure 3: The cumulative average regret for simulations of 5-armed bandits.",
        fontsize=10.9,
    )
    y = 430.0
    for first, second in entries[20:]:
        page.insert_text((90, y), first, fontsize=10.9)
        page.insert_text((101, y + 14), second, fontsize=10.9)
        y += 32
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


def _mbe_entry(page: pymupdf.Page, n: int, x: float, y: float) -> None:
    page.insert_text((x, y), f"Author{n}, A. and Writer, B. {1990 + n}. A study of the", fontsize=10)
    page.insert_text((x + 10, y + 12), f"evolution of proteins {n}. Mol Biol Evol, {n}: 1-9.", fontsize=10)


def test_a_table_across_both_columns_atop_the_page_the_list_goes_on_to() -> None:
    """MBE, two columns: the list breaks off mid-entry at the foot of the right column; the next
    page holds only a figure; the page after opens with a table set across both columns (its
    caption, then rows of few words, one starting near the list's own edge), and the list goes on
    under it with the rest of the broken entry."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    text = "the paper cites the works listed below it in the list"
    for k in range(56):
        page.insert_text((72, 60 + 12 * k), text, fontsize=10)
    for k in range(20):
        page.insert_text((320, 60 + 12 * k), text, fontsize=10)
    page.insert_text((320, 320), "References", fontsize=12, fontname="hebo")
    for n in range(1, 17):
        _mbe_entry(page, n, 320, 320 + 26 * n)
    page.insert_text((320, 320 + 26 * 17), "Author17, A., Writer, B., Maker, C., and", fontsize=10)
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 600), "Figure 5: Example target diagrams of the angles of each.", fontsize=10)
    page.insert_text((72, 612), "The plots show the share of angles predicted in each radius.", fontsize=10)
    page = doc.new_page(width=612, height=792)
    page.insert_text((258, 60), "Table 2: Benchmarks", fontsize=10)
    page.insert_text((78, 80), "Dataset structure information", fontsize=10)
    for k in range(10):
        page.insert_text((130, 94 + 12 * k), f"4OOV 4RPD 0.{70 + k}", fontsize=10)
    page.insert_text((82, 228), "Maker, D. 2014. Equilibrium simulations of", fontsize=10)
    page.insert_text((82, 240), "proteins. Proc Natl Acad Sci, 111: 13852.", fontsize=10)
    for n in range(18, 38):
        _mbe_entry(page, n, 72, 240 + 26 * (n - 17))
    for n in range(38, 58):
        _mbe_entry(page, n, 320, 240 + 26 * (n - 37))
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split()[0] for r in refs] == [f"Author{n}," for n in range(1, 58)]
    tail = "and Maker, D. 2014. Equilibrium simulations of proteins. Proc Natl Acad Sci, 111: 13852."
    assert refs[16].raw.endswith(tail)

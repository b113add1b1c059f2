"""Sub-steps of the PDF path on small, explicit inputs."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from arxref.ids import arxiv_id_from_url, doi_from_url, find_arxiv_ids, find_dois
from arxref.pdf import extract_pdf_references
from arxref.pdf._extract import _letters
from arxref.pdf._furniture import _recurs, margin_shapes
from arxref.pdf._glyphs import repair_cyrillic
from arxref.pdf._joins import document_vocabulary, join_lines
from arxref.pdf._labels import accept_number, label_of
from arxref.pdf._layout import read_page_lines
from arxref.pdf._links import Link, read_links
from arxref.pdf._open import KeptPages, read_page_texts
from arxref.pdf._unheaded import find_label_chains


def test_hyphen_removed_when_the_joined_word_is_in_the_document() -> None:
    vocab = document_vocabulary("the conference addresses the problem")
    assert join_lines(["the conference ad-", "dresses it"], vocab) == "the conference addresses it"


def test_hyphen_kept_when_the_hyphenated_form_is_in_the_document() -> None:
    vocab = document_vocabulary("we train with pipeline-parallel schedules")
    assert join_lines(["Memory-efficient pipeline-", "parallel dnn training"], vocab) == (
        "Memory-efficient pipeline-parallel dnn training"
    )


def test_hyphen_before_a_capital_is_real() -> None:
    assert join_lines(["D. Guéry-", "Odelin, Rev."], frozenset()) == "D. Guéry-Odelin, Rev."
    assert join_lines(["Jean-", "Pierre Serre and Hewlett-", "Packard"], frozenset()) == (
        "Jean-Pierre Serre and Hewlett-Packard"
    )


@pytest.mark.parametrize(
    ("lines", "joined"),
    [
        (["models from natu-", "ral language"], "models from natural language"),
        (["Process Tomog-", "raphy of"], "Process Tomography of"),
        (["deep net-", "works"], "deep networks"),  # both halves are words, but "networks" is common
        (["a probabilis-", "tic model"], "a probabilistic model"),
        (["A. Abdul-", "lahi"], "A. Abdullahi"),  # a fragment that is no word
        (["a data-", "driven method"], "a data-driven method"),
        (["Citation-", "enhanced keyphrase"], "Citation-enhanced keyphrase"),
        (["state-of-the-", "art results"], "state-of-the-art results"),
        (["the state-", "of-the-art"], "the state-of-the-art"),
        (["time-", "dependent"], "time-dependent"),
        (["set partition-", "ing problems"], "set partitioning problems"),  # a suffix is no word
        (["USING MULTI-", "PLE INDICATORS"], "USING MULTIPLE INDICATORS"),  # capitals say nothing
        (["FOR DATA-", "DRIVEN METHODS"], "FOR DATA-DRIVEN METHODS"),
        (["Mask R-", "CNN. 2018."], "Mask R-CNN. 2018."),  # an acronym among lower-case words
    ],
)
def test_hyphen_without_the_documents_evidence_decided_by_word_frequencies(
    lines: list[str], joined: str
) -> None:
    assert join_lines(lines, frozenset()) == joined


def test_the_documents_own_spelling_beats_word_frequencies() -> None:
    lines = ["solutions of a non-", "linear equation"]
    printed = document_vocabulary("a non-linear diffusion")
    assert join_lines(lines, printed) == "solutions of a non-linear equation"
    assert join_lines(lines, frozenset()) == "solutions of a nonlinear equation"
    # "gluon" is a rarer word: a half of a compound when the document prints it
    assert join_lines(["quark-", "gluon plasma"], document_vocabulary("gluon fields")) == "quark-gluon plasma"


def test_known_words_that_join_into_no_word_are_a_compound() -> None:
    """Without the document's evidence: "readmission" and "early" are words, "earlyreadmission" none."""
    nothing = document_vocabulary("")
    assert join_lines(["methods for early-", "readmission prediction"], nothing) == (
        "methods for early-readmission prediction"
    )
    assert join_lines(["arXiv:1234.5678 [hep-", "ex]."], nothing) == "arXiv:1234.5678 [hep-ex]."
    # a name broken at its line end joins again, though its halves are words ("devan", "shu")
    assert join_lines(["Devan-", "shu Gupta"], nothing) == "Devanshu Gupta"
    # halves the list knows only as fragments or typos do not make a compound
    assert join_lines(["perturbative resum-", "mation"], nothing) == "perturbative resummation"


def test_a_text_without_punctuation_is_read_once_however_many_questions() -> None:
    """A stretch between punctuation is read once: a page of words alone (an index, a word list, a
    hostile file) must not be read again for every question."""
    vocab = document_vocabulary(" ".join(["semi", "direct", "gyro", "scope"] * 5000))
    asked = [a + sep + b for a in ("semi", "gyro") for b in ("direct", "scope") for sep in ("", "-")]
    assert [w for w in asked if w in vocab] == []
    assert "scope" in vocab
    assert len(vocab._stretches) == 1


def test_halves_of_a_split_word_are_not_words_of_the_document() -> None:
    vocab = document_vocabulary("visual models from natu-\nral language")
    assert "natu" not in vocab
    assert "ral" not in vocab
    assert "models" in vocab


def test_a_word_is_known_only_where_the_document_prints_it_whole() -> None:
    """Occurrences inside longer words, or across a line-end split, are not the word printed."""
    vocab = document_vocabulary(
        "State-of-the-\nart methods, a 12abc code, networks (input), x1-ab-\ncd; Non-Linear.\nmeson"
    )
    printed = ["state-of", "state", "of", "abc", "networks", "input", "x1", "non-linear", "linear", "meson"]
    # "the-\nart" is a split; a word starts at its first letter ("12abc"); "ab-\ncd" is a split
    not_printed = ["the", "art", "state-of-the", "12abc", "network", "ab", "cd", "nonlinear", "mes", ""]
    assert [w for w in printed if w not in vocab] == []
    assert [w for w in not_printed if w in vocab] == []


def test_broken_url_and_arxiv_id_are_rejoined() -> None:
    assert join_lines(["URL: http://www.", "eclipse.org/xtend/doc.html."], frozenset()) == (
        "URL: http://www.eclipse.org/xtend/doc.html."
    )
    assert (
        join_lines(["arXiv:quant-", "ph/0703103, (2007)."], frozenset()) == "arXiv:quant-ph/0703103, (2007)."
    )


def test_label_families() -> None:
    assert label_of("[12] A. Author").text == "12"
    assert label_of("[BCD+12] A. Author").family == "alpha"
    assert label_of("(3) Author, A.").number == 3
    assert label_of("4. Author, A.").family == "dot"
    assert label_of("Author, A. 2015") is None


def test_a_year_never_continues_the_chain() -> None:
    assert accept_number(14, 15, at_label_position=False)
    assert accept_number(14, 17, at_label_position=True)  # a visible gap
    assert not accept_number(14, 2015, at_label_position=True)
    assert not accept_number(14, 16, at_label_position=False)


def test_identifiers_as_the_pdf_path_reads_them() -> None:
    def valid_ids(text: str) -> list[str]:
        return [m.value for m in find_arxiv_ids(text) if m.valid]

    assert valid_ids("Preprint arXiv:0708.1233, (2007).") == ["0708.1233"]
    assert valid_ids("eds. T. Kodama et al., arXiv:quant-ph/9710063.") == ["quant-ph/9710063"]
    assert valid_ids("Phys. Rev. D 72, 1234.5678 (2005)") == []
    assert find_dois("Nature 5 (2020). doi:10.1038/s41586-020-2649-2.") == ["10.1038/s41586-020-2649-2"]
    assert str(arxiv_id_from_url("https://arxiv.org/abs/2104.04473")) == "2104.04473"
    assert doi_from_url("https://doi.org/10.18653/v1/N18-3011") == "10.18653/v1/n18-3011"


def test_t2a_cyrillic_repaired() -> None:
    assert repair_cyrillic("À. Ä. Ìèëêà. Äîêë. ÀÍ ÑÑÑÐ 284") == "А. Д. Милка. Докл. АН СССР 284"
    assert repair_cyrillic("Schrödinger and Müller") == "Schrödinger and Müller"


def _bibliography_pdf(labels: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    y = 100
    for n, label in enumerate(labels):
        page.insert_text(
            (72, y), f"{label} A. Author{n}, B. Writer, Journal of Things 12, 345 (2001).", fontsize=10
        )
        page.insert_text((90, y + 12), "A second line of the same entry, with more words.", fontsize=10)
        y += 28
    page.insert_link(
        {
            "kind": pymupdf.LINK_URI,
            "from": pymupdf.Rect(72, 90, 400, 118),
            "uri": "https://doi.org/10.1000/xyz",
        }
    )
    return doc.tobytes()


def test_read_links_keeps_uri_links_in_page_order_and_skips_jumps() -> None:
    doc = pymupdf.open()
    doc.new_page()
    page = doc.new_page()
    page.insert_link({"kind": pymupdf.LINK_GOTO, "from": pymupdf.Rect(72, 60, 90, 70), "page": 0})
    page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 90, 400, 118), "uri": "https://arxiv.org/abs/2104.04473"})
    page.insert_link({"kind": pymupdf.LINK_GOTO, "from": pymupdf.Rect(72, 120, 90, 130), "page": 0})
    page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 140, 300, 150), "uri": "https://doi.org/10.1000/xyz"})
    reopened = pymupdf.open(stream=doc.tobytes(), filetype="pdf")
    links = read_links(reopened[1])
    assert links == (
        Link(1, (72.0, 90.0, 400.0, 118.0), "https://arxiv.org/abs/2104.04473"),
        Link(1, (72.0, 140.0, 300.0, 150.0), "https://doi.org/10.1000/xyz"),
    )
    assert read_links(reopened[0]) == ()


def _superscript_pdf(gap: float) -> bytes:
    """Labels set raised and smaller before the entry, as ACS and Nature styles print them."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    y = 100
    for n in range(1, 13):
        page.insert_text((72, y - 3.5), str(n), fontsize=6.5)
        x = 72 + pymupdf.get_text_length(str(n), fontsize=6.5) + gap
        page.insert_text((x, y), f"Author{n}, A.; Writer, B. Things. J. Things 2001, {n}, 345.", fontsize=9)
        page.insert_text((x, y + 11), "A second line of the same entry, with more words.", fontsize=9)
        y += 26
    return doc.tobytes()


@pytest.mark.parametrize("gap", [0.0, 1.5])
def test_superscript_labels_are_the_indexes(gap: float) -> None:
    refs = extract_pdf_references(_superscript_pdf(gap)).references
    assert [r.index for r in refs] == list(range(1, 13))
    assert [r.label for r in refs] == [str(n) for n in range(1, 13)]
    assert refs[9].raw.startswith("Author10, A.; Writer, B. Things.")
    assert refs[9].raw.endswith("345. A second line of the same entry, with more words.")


def test_index_gap_kept_visible_and_flagged() -> None:
    refs = extract_pdf_references(_bibliography_pdf(["[1]", "[2]", "[4]", "[5]"])).references
    assert [r.index for r in refs] == [1, 2, 4, 5]
    assert "index_gap" in refs[2].flags
    assert refs[2].raw.endswith("with more words.")


def test_link_annotation_gives_the_doi() -> None:
    refs = extract_pdf_references(_bibliography_pdf(["[1]", "[2]", "[3]"])).references
    assert refs[0].fields.doi == "10.1000/xyz"
    assert refs[1].fields.doi is None


def test_a_range_broken_at_its_dash_is_rejoined() -> None:
    assert join_lines(["Trans. 52 (2006), 489–", "509."], frozenset()) == "Trans. 52 (2006), 489–509."
    assert join_lines(["ISBN 978-", "3-540-76790-9"], frozenset()) == "ISBN 978-3-540-76790-9"
    assert join_lines(["Social Networks 8:365—", "385."], frozenset()) == "Social Networks 8:365—385."


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        ("Nagoya Math. J. 1 (1950) (cit. on p. 5).", "Nagoya Math. J. 1 (1950)"),  # biblatex backref
        ("S. 552–563 (Zitiert auf Seite 38.)", "S. 552–563"),
        ("Cambridge University Press, (2009). [cf. p. 1, 3]", "Cambridge University Press, (2009)."),
        ("Phys. Rev. 5 (2001). Cited on pages 3 and 7.", "Phys. Rev. 5 (2001)."),  # hyperref backref
        ("Web page [cited 2020 Jan 5].", "Web page [cited 2020 Jan 5]."),  # an access date: kept
    ],
)
def test_back_references_after_an_entry_are_left_out(printed: str, read: str) -> None:
    assert join_lines([printed], frozenset()) == read


@pytest.mark.parametrize(
    "line", ["[10001] A. Author, Title", "(10001) A. Author", "10001. A. Author", "10001 A. Author"]
)
def test_labels_of_five_digits_or_more_continue_the_chain(line: str) -> None:
    """A list of more than 9,999 entries (a catalogue, a long survey) keeps its labels past 9999; the
    chain still keeps a year at a line start from being taken for one."""
    assert label_of(line).number == 10001
    assert accept_number(10000, 10001, at_label_position=False)
    assert not accept_number(14, 10001, at_label_position=True)


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        (  # biblatex's stretchable glue inside a URL, read as spaces on a justified line
            "url: https : / / github . com / SofiaAlmeida / TFG (Último acceso 28-05-2020).",
            "url: https://github.com/SofiaAlmeida/TFG (Último acceso 28-05-2020).",
        ),
        ("doi: 10 . 1080 / 104852504200026815. url: x", "doi: 10.1080/104852504200026815. url: x"),
        ("p. 036004. arXiv: hep - ph / 9910250 [hep-ph].", "p. 036004. arXiv: hep-ph/9910250 [hep-ph]."),
        ("p. 015. arXiv: 1808 . 08623 [hep-ph].", "p. 015. arXiv: 1808.08623 [hep-ph]."),
        ("DOI: 10. 1007/978-3-642-40988-2. URL: y", "DOI: 10.1007/978-3-642-40988-2. URL: y"),
        ("URL: http: //www.sciencedirect.com/pii/S1566.", "URL: http://www.sciencedirect.com/pii/S1566."),
        # identifiers read without spaces, and text around them, stay as printed
        ("url: https://x.org/ accessed 2020", "url: https://x.org/ accessed 2020"),
        ("arXiv: 1503.01200 [astro-ph.IM]", "arXiv: 1503.01200 [astro-ph.IM]"),
        ("Vol. 10. doi 5", "Vol. 10. doi 5"),
        ("A. B. Smith - the best / worst . paper", "A. B. Smith - the best / worst . paper"),
    ],
)
def test_identifiers_read_with_spaces_inside_are_closed_up(printed: str, read: str) -> None:
    assert join_lines([printed], frozenset()) == read


def test_identifiers_broken_at_a_line_end_and_the_next_field() -> None:
    # a DOI broken after its prefix goes on; a new field or identifier after one does not
    assert join_lines(["DOI 10.", "1103/physrevd.46.5236."], frozenset()) == "DOI 10.1103/physrevd.46.5236."
    assert join_lines(["DOI: 10.1088/aa83d0.", "arXiv: 1612.09035"], frozenset()) == (
        "DOI: 10.1088/aa83d0. arXiv: 1612.09035"
    )
    assert join_lines(["doi: 10.5281/zenodo.2537188.", "https://doi.org/10.5281/z"], frozenset()) == (
        "doi: 10.5281/zenodo.2537188. https://doi.org/10.5281/z"
    )
    assert join_lines(["doi:10.1016/j.jcp.2020.109629.", "URL https://www.x.com/"], frozenset()) == (
        "doi:10.1016/j.jcp.2020.109629. URL https://www.x.com/"
    )


def test_a_url_broken_inside_its_scheme_is_rejoined() -> None:
    assert join_lines(["Engineers. htt", "ps://doi.org/10.1109/IEEESTD.2019.8766229."], frozenset()) == (
        "Engineers. https://doi.org/10.1109/IEEESTD.2019.8766229."
    )
    assert join_lines(["see http", "and https"], frozenset()) == "see http and https"


def test_a_year_with_a_letter_is_a_year() -> None:
    # author-year styles tell one author's works of a year apart: "1998a", "1998b"
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontsize=14)
    for k, line in enumerate(
        ["Witten E., 1998a, Adv. Theor. Math. Phys., 2, 253", "Witten E., 1998b, ibid., 505"]
    ):
        page.insert_text((72, 100 + 14 * k), line, fontsize=10)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [
        "Witten E., 1998a, Adv. Theor. Math. Phys., 2, 253",
        "Witten E., 1998b, ibid., 505",
    ]
    assert not any("no_year" in r.flags for r in refs)


def test_a_text_page_kept_from_the_plain_pass_reads_the_same_lines_as_a_fresh_one() -> None:
    """Close reading may reuse the plain pass's text page only because both see the same page."""
    data = (Path(__file__).parents[1] / "samples" / "1611.03199v1.pdf").read_bytes()
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        kept = KeptPages()
        texts = read_page_texts(doc, lambda t: "References" in t, lambda t: False, kept)
        assert kept.pages, "the pages read from the end are kept"
        last = doc.page_count - 1
        assert texts[last] is not None
        page, textpage = kept.take(last)
        assert kept.take(last) is None, "handed over once"
        reused = read_page_lines(page, textpage)
        fresh = read_page_lines(doc[last])
        assert reused
        assert reused == fresh
        kept.pages.clear()


def test_a_line_opening_with_apas_ellipsis_is_no_drawn_dash() -> None:
    from arxref.pdf._authoryear import DRAWN_DASH

    assert DRAWN_DASH.match(". 1997. The Structure of Scientific Revolutions")  # Chicago's ———. 1997.
    assert DRAWN_DASH.match(", Title of the second work")  # amsplain's ———, Title
    assert not DRAWN_DASH.match(". . . others (2021). Highly accurate protein structure prediction")


def test_headings_judged_page_by_page_are_those_judged_in_the_whole_span() -> None:
    """A list read a page at a time asks its pages for headings once each: a heading is told by
    its own page, so the answers are those of the whole span."""
    from arxref.pdf._headings import page_headings
    from arxref.pdf._section import split_sections

    data = (Path(__file__).parents[1] / "samples" / "1611.03199v1.pdf").read_bytes()
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        pages = [list(read_page_lines(doc[p])) for p in range(doc.page_count)]
    lines = [ln for page in pages for ln in page]
    heads = {id(ln) for page in pages for ln in page_headings(page)}
    starts = [i for i, ln in enumerate(lines) if id(ln) in heads]
    assert [lines[i].text for i in starts] == ["References"]
    assert split_sections(lines, starts=starts) == split_sections(lines)
    assert split_sections(lines, starts=[]) == []


def test_a_page_no_encoding_reads_otherwise_is_read_without_asking_for_its_fonts(monkeypatch) -> None:
    """Asking a page for its fonts costs about a quarter of its text; ASCII and lone accented letters
    read the same in every TeX encoding, so a page of them does not ask."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "[1] J. Müller. A title. J. Things 1, 2 (2001).", fontsize=10)
    asked = []
    monkeypatch.setattr(pymupdf.Page, "get_fonts", lambda self, *a, **k: asked.append(self.number) or [])
    assert [ln.text for ln in read_page_lines(doc[0])] == ["[1] J. Müller. A title. J. Things 1, 2 (2001)."]
    assert asked == []
    page.insert_text((72, 100), "[2] Ñïèñîê ëèòåðàòóðû", fontsize=10)
    asked.clear()  # inserting text asks for the page's fonts too
    read_page_lines(doc[0])
    assert asked == [0], "two Latin-1 letters together may be T2A Cyrillic: the fonts are asked"


def test_a_long_anchored_list_is_read_with_one_page_before_it_a_short_one_with_three() -> None:
    """Six pages of a list show each running head three times, MNRAS's alternating ones too; a
    shorter list needs pages before it to tell its running heads from its text."""
    from arxref.pdf._open import _anchored_pages

    assert _anchored_pages(frozenset({8, 9, 10, 11}), 15) == [11, 10, 9, 8, 7, 6, 5]
    assert _anchored_pages(frozenset(range(10, 16)), 20) == [15, 14, 13, 12, 11, 10, 9]
    assert _anchored_pages(frozenset({1, 10, 11, 12, 13, 14, 15}), 20) == [15, 14, 13, 12, 11, 10, 9, 1, 0]


def test_a_running_head_recurs_whether_its_accent_is_set_apart_or_composed() -> None:
    """A bitmap font's plain text sets the accent apart ("BIBLIOGRAF´IA") where close reading
    composes it ("BIBLIOGRAFÍA"): the same running head either way."""
    pages = tuple(f"{80 + n}\nBIBLIOGRAF´IA\n[{n}] S. R. Marschner. Inverse Rendering.\n" for n in range(4))
    recurring = margin_shapes(pages)
    assert _recurs("80 BIBLIOGRAFÍA", recurring, {len(r) for r in recurring})


def test_a_lines_letters_read_alike_whether_its_accents_are_set_apart_or_composed() -> None:
    """The plain text of a bitmap font gives "Mart´ın" (a dotless i under a spacing accent) where
    close reading gives "Martín": one list, found under its heading, is not found again by its labels."""
    assert _letters("[1] Mart´ın Abadi, ´Ulfar Erlingsson") == _letters("[1] Martín Abadi, Úlfar Erlingsson")


def test_a_label_in_a_box_of_its_own_reads_as_a_line_of_its_own_in_the_plain_text() -> None:
    """PNAS sets each label "1." in its own box: the plain text gives "1." a line, its entry the next."""
    entries = [f"{n}.\nA. Author{n} and B. Writer. Asymmetric patterns. Mol. Biol. Evol., {n}:660, 1996.\n"
               for n in range(1, 7)]
    chains = find_label_chains(("The text of the paper.\n" + "".join(entries),))
    assert [(c.family, c.count) for c in chains] == [("dot", 6)]


def test_an_issue_number_opening_a_continuation_line_is_no_label() -> None:
    """An author-year entry wraps before its issue: "(1), S. 90–116. DOI: ..." goes on with the entry
    (a German thesis from Word read 2 entries of 56 when these were labels)."""
    assert label_of("(1), S. 90–116. DOI: 10.1177/1745691619868208.") is None
    assert label_of("(4): 565–602.") is None
    assert label_of("(12) A. Author, A title, J. Things 1 (2001)").text == "12"


@pytest.mark.parametrize(
    "line",
    ["[S.l.: s.n.], 2013. p. 1.", "[S.l.]: Springer, 2015.", "[s.n.], 2009.", "[Online]. Available: x"],
)
def test_abnt_and_iso_690_brackets_opening_a_line_are_no_labels(line: str) -> None:
    """ABNT prints "[S.l.]" (no place) and "[s.n.]" (no publisher) in brackets, and a continuation
    line may open with one; read as alpha labels they made a chain of two "entries" of a list of 87."""
    assert label_of(line) is None


def test_author_date_labels_still_read() -> None:
    assert label_of("[Finger and Lopes n.d.] Marcelo Finger. Title.").text == "Finger and Lopes n.d."
    assert label_of("[Knu84] D. Knuth. Literate programming.").text == "Knu84"


def test_an_organisation_in_lower_case_dated_day_first_opens_an_apa_entry() -> None:
    """Word's German APA dates day first: "pysentimiento. (29. August 2024)." opens an entry as
    "klricks. (2022, 3 september)." does."""
    from arxref.pdf._authoryear import _LOWER_AUTHOR_DATE

    assert _LOWER_AUTHOR_DATE.match("pysentimiento. (29. August 2024). pysentimiento: A Python toolkit")
    assert _LOWER_AUTHOR_DATE.match("klricks. (2022, 3 september). Title")
    assert not _LOWER_AUTHOR_DATE.match("and a big deal (29. August 2024)")

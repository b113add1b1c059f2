"""Where the entries of an unlabelled (author-year) list start.

A list set with a hanging indent starts an entry at each outdented line. A flush list with
space between entries starts one after each wider gap. A list with neither (A&A, natbib with
zero \\bibsep and \\bibhang) starts one at a line shaped like the start of an author list after
a line that ends short of the margin or ends the way a reference does. One spurious start
shifts every later index: these shapes must hold for names in general, with particles ("van
der", "de la"), non-ASCII capitals, and no digits ("Conference'17," is no author).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pymupdf

from arxref.pdf._indent import Indents, max_hang
from arxref.pdf._layout import Line

_FEW_GAPS = 6  # a list with fewer gaps than one in six lines is set without them
_UPPER = "A-ZÀ-ÖØ-ÞĀ-ſ"
_NAME = rf"[{_UPPER}][^\W\d_]*(?:['’\-][^\W\d_]+)*"  # "Smith", "O'Neill", "Jean-Pierre"
_PARTICLE_WORD = r"(?:[Vv][ao]n|[Dd](?:e|er|en|i|u|a|os|as|el|ella)|[Ll][ae]|[Tt]e[rn]|[Zz]ur?|[Aa]l|[Ee]l)"
_PARTICLE = rf"(?:{_PARTICLE_WORD}\s+)"
# The start of an author list: "Van der Walt, S.", "Cano Rodríguez, J. L.", "J. Smith", "Kida S.,"
_AUTHOR_START = re.compile(
    rf"^(?:{_PARTICLE}*{_NAME}(?:\s+{_NAME})?,\s*[{_UPPER}]|[A-Z]\.(?:\s?[A-Z]\.)*\s*[A-Z]"
    rf"|{_PARTICLE}*{_NAME}\s+(?:[A-Z]\.\s*)+|{_NAME}\s+{_PARTICLE}*{_NAME}(?:,\s*[{_UPPER}]|\s+and\b))"
)
# In a list without indent or gaps a single author's name also starts an entry ("Greta Johnson.
# Title", a Spanish name with both surnames: "Santiago Murillo González."), and so does the dash
# that repeats the authors of the entry above ("— (2023).", "———,", typed "__ (2018b)").
# Not before a number: "Theory Comput. 7, 2689 (2011)." is the rest of a journal's name.
_ONE_AUTHOR = re.compile(
    rf"^(?:{_NAME}(?:\s+[A-Z]\.)*\s+{_PARTICLE}*{_NAME}(?:\s+{_NAME})?\.\s(?!\d)|(?:—+|–{{2,}}|-{{3,}}|_{{2,}}(?=[\s.,(])))"
)
# A person's name as an author list starts with it: "J. Bardeen,", "J.-P. Serre", "Smith, J.", "John P. A.
# Ioannidis", "Hubble E.," (MNRAS), "Chodera JD," (Vancouver), "Arıkan, Erdal (2009)", "Broglie, Louis de
# (1924)" (biblatex), "Daniel Kahneman and", "John Jumper, Richard Evans,": no journal ("Physical Review,
# 108") or publisher ("Springer, New York") has this shape.
_SURNAME = rf"{_PARTICLE}*{_NAME}(?:\s+(?:Jr\.|Sr\.|II|III|IV))?"  # "van der Walt", "Steele Jr."
_PERSON_START = re.compile(
    rf"^(?:[A-Z]\.(?:\s?-?[A-Z]\.)*\s*{_PARTICLE}*{_NAME}|{_SURNAME},\s*[A-Z]\."
    rf"|{_NAME}(?:\s+[A-Z]\.)+\s+{_PARTICLE}*{_NAME}|{_SURNAME}(?:\s+[A-Z]\.)+(?:,|\s+(?:and|&)\s)"
    rf"|{_SURNAME}\s+[A-Z]{{2,3}},\s"
    rf"|{_SURNAME},\s+{_NAME}(?:\s+[A-Z]\.)*(?:\s+{_PARTICLE_WORD})*(?:\s*\(|\s+(?:and|&|et\s+al)\b)"
    rf"|{_NAME}\s+{_PARTICLE}*{_NAME}(?:\s+and\s|,\s+{_NAME}\s+{_PARTICLE}*{_NAME}[,.\s]))"
)
# An author list surname first, initials after ("Siriaraya, P.,", "van Dijk, J. A."): never a
# journal's abbreviation ("J. Chromatogr. A") nor a title's words
_INVERTED_START = re.compile(rf"^{_SURNAME},\s*(?:[A-Z]\.\s*)+")
_CAPITAL_START = re.compile(rf"^(?:[{_UPPER}]|—|–|-{{3}}|_{{3}})")
_IDENTIFIER = re.compile(r"^(?:https?:|www\.|doi\b|DOI\b|URL\b|arXiv:|ISBN|ISSN)")
# A line that leaves its sentence open: a lower-case word ("IEEE Standard for", "Conference on"),
# a comma of an author list, an initial, a name after "and" ("and Murray" + "S. Miron."); the next
# line goes on with it.
_GOES_ON = re.compile(r"(?:[,;:&(\-–]|(?:^|\s)[a-z]+|\b(?:In|eds?\.|[A-Z]\.)|\b(?:and|&)\s+[^\s.]+)$")
_JUSTIFIED = 0.5  # a list whose lines end at the margin this often is justified, not ragged
_AT_MARGIN = 1.5  # points: a justified line ends this close to the column's right edge
# What a line starts with when the dash that repeats the authors above is a drawn rule; not an
# ellipsis ". . . others": APA's cut in a long author list, which can begin a line of its entry.
DRAWN_DASH = re.compile(r"^[.,]\s+[^\s.]")
# A line that ends a reference: a page, a volume, a year, a closing parenthesis, a sentence's
# period (not an initial's: "Smith, J."), a bracket closed with one ("(Zugriff am 14. 11 2022)."),
# or a URL or DOI.
_REFERENCE_END = re.compile(r"(?:\d|\)|[)\]]\.|[^\W\d_]{2}\.|\d\.|(?:https?://|doi:|\b10\.\d{4,9}/)\S+)$")

# A line that closes a sentence or an entry: a period, or a URL or DOI (an entry's last item), or
# the angle bracket that closes one (ABNT's "Disponível em: <https://...>", broken across lines)
_CLOSED = re.compile(r"(?:\.|(?:https?://|doi:|\b10\.\d{4,9}/)\S+|\S>)$")


# A function word no sentence ends with: a line ending in one breaks off ("... The Impact" + "of")
_BROKEN_OFF = re.compile(
    r"(?:^|\s)(?:of|the|and|in|on|for|to|with|a|an|by|from|at|de|la|le|et|und|der|di|e|y)$"
)


def breaks_off(text: str) -> bool:
    """Whether a line stops inside a sentence, at a function word."""
    return bool(_BROKEN_OFF.search(text.rstrip()))


def goes_on_from(above: str, below: str) -> bool:
    """Whether `below` carries on the sentence `above` left open, whatever lies between them: above
    breaks off at a function word, or below opens in lower case after a line that closes no entry."""
    return breaks_off(above) or below[:1].islower() and not closes_entry(above)


# A name in lower case and its date in brackets opens an author-date entry ("klricks. (2022, 3 september)")
# (Word's German APA dates day first: "pysentimiento. (29. August 2024).")
_LOWER_AUTHOR_DATE = re.compile(
    r"^[a-z][\w.-]{1,30}\.?\s\((?:\d{1,2}\.?\s[^\W\d_]{3,}\.?\s)?(?:1[6-9]|20)\d\d"
)


def closes_entry(text: str) -> bool:
    """Whether a line ends the way an entry's last line does: a period, a URL or a DOI."""
    return bool(_CLOSED.search(text.rstrip()))


# An author-date start: a capitalised name or group and, before any other sentence, the date in
# brackets ("Google. (2017a).", "World Bank (2020)", "Smith, J. (n.d.)", "FullCalendar. (s.d.).")
_NO_DATE = r"[ns]\.\s?[df]\.|o\.\s?J\."  # n.d., Portuguese s.d., Spanish s.f., German o.J.
_DATED_START = re.compile(rf"^[{_UPPER}][^()]{{0,60}}?\s\((?:(?:1[6-9]|20)\d\d[a-z]?|{_NO_DATE})\)")


def unlabeled_starts(
    lines: tuple[Line, ...], indents: Indents, after_rule: Callable[[Line], bool] | None = None
) -> list[int]:
    """Where the entries of an author-year list start: hanging indent, else gaps, else line ends
    and author-list shapes; and wherever the authors of the entry above are repeated by a dash
    drawn as a rule, which the text layer does not hold: the line starts with the punctuation
    after it (Chicago's "———. 1997.", amsplain's "———, Title"), further in than entries start,
    or `after_rule` finds the rule drawn just before it (AER's "——— (1997)", "——— and O. M.")."""
    ruled = after_rule or (lambda _: False)
    # the rule itself, where the page's drawings can be asked: a line TeX broke before a period
    # (". Flux- and volume-limited samples") has the punctuation but no rule before it
    dashed = {
        i for i, ln in enumerate(lines) if i and (ruled(ln) if after_rule else _after_drawn_dash(ln, indents))
    }
    return sorted(dashed.union(_starts(lines, indents)))


def _after_drawn_dash(ln: Line, indents: Indents) -> bool:
    """A line that starts with the punctuation after a dash drawn as a rule, set in from its column's
    edge by the rule; at the edge it is a line Word broke before a comma ("Saraiva Educação" +
    ", SA, 2014."), the rest of its entry."""
    return bool(DRAWN_DASH.match(ln.text)) and ln.x0 > indents.left[(ln.page, ln.col)] + 0.5 * ln.size


Rule = tuple[float, float, float]  # a short horizontal rule drawn on a page: x0, x1, y


def drawn_rules(page: pymupdf.Page) -> tuple[Rule, ...]:
    """Short horizontal rules among the page's drawings: a stroke or a filled box under 1.5 pt high."""
    rules = []
    for path in page.get_cdrawings():
        x0, y0, x1, y1 = path["rect"]
        if y1 - y0 < 1.5 and 3 <= x1 - x0 <= 80:
            rules.append((x0, x1, (y0 + y1) / 2))
    return tuple(rules)


def follows_rule(line: Line, rules: tuple[Rule, ...]) -> bool:
    """A rule ends just before the line's first glyph, on the line: the line goes on after it. The
    dash that repeats the authors is half an em long or more (three, as \\bysame draws it); an underscore
    a URL broke the line after (OT1 draws it as a rule, a third of an em) is no dash."""
    return any(
        x1 <= line.x0 + 0.5
        and line.x0 - x1 <= 2 * line.size
        and x1 - x0 >= _DASH_EMS * line.size
        and line.y0 <= y <= line.y1
        for x0, x1, y in rules
    )


_DASH_EMS = 0.5  # the shortest rule that repeats the authors above, in ems of the line's type size


def _starts(lines: tuple[Line, ...], indents: Indents) -> list[int]:
    gapped = _gap_starts(lines)
    clear = gapped if _clear_gaps(lines) else None  # gaps of two kinds far apart may overrule indents
    if indents.hanging:
        outdented = [_nearer_the_edge(ln, indents) for ln in lines]
        first_lines = _indented_first_lines(lines, outdented)
        starts = [i for i, out in enumerate(outdented) if out != first_lines and not _goes_on(lines, i)]
        if first_lines:
            starts = sorted({*starts, *_flush_paragraphs(lines, outdented)})
        return _unless_gaps_differ(starts, clear, lines)
    offsets = [ln.x0 - indents.left[(ln.page, ln.col)] for ln in lines]
    indented = sum(1 for o, ln in zip(offsets, lines, strict=True) if 3 < o < max_hang(ln.size))
    if indented >= 0.15 * len(lines):
        return _unless_gaps_differ([i for i, o in enumerate(offsets) if o <= 2.5], clear, lines)
    return gapped if gapped is not None else _flat_starts(lines)


def _goes_on(lines: tuple[Line, ...], i: int) -> bool:
    """A line in lower case after one that cannot end an entry: the rest of a paragraph Word set without
    its hanging indent ("... Doherty, P. H. (2016). GPS scintillations" + "over Kampala, Uganda"),
    unless a name with its particle opens it ("de Geus, E. J. 1992"); and any line after one that
    leaves the editors or authors to come ("..., ed.", "... and")."""
    ln = lines[i]
    if i > 0 and _EDITORS_NEXT.search(lines[i - 1].text.rstrip()):
        return True
    after_open = i > 0 and not _REFERENCE_END.search(lines[i - 1].text.rstrip())
    lower = ln.text[:1].islower() and not _LOWER_AUTHOR_DATE.match(ln.text)  # not "klricks. (2022, 3 ..."
    return after_open and lower and not opens_author_list(ln)


# A line ending where the names of editors or further authors must follow: no entry ends so, and the
# names may start the next line at the edge (AASTeX's "... and the Sun, ed." + "R. Pallavicini & ...")
_EDITORS_NEXT = re.compile(r"(?:,\s*eds?\.|\b(?:and|&))$")


def _nearer_the_edge(ln: Line, indents: Indents) -> bool:
    """In a hanging list without labels, a line that starts nearer the column's edge than its text
    indent: an entry's first line. A word processor may hang some paragraphs less than others (18 pt
    against 22.6 pt in one Word manuscript): those continuation lines are still far from the edge."""
    key = (ln.page, ln.col)
    left, text = indents.left[key], indents.text[key]
    if text - left <= 2 * _OUTDENT_SLACK:
        return indents.outdented(ln)
    return ln.x0 < (left + text) / 2


_OUTDENT_SLACK = 2.0
_GAPS_DIFFER = 0.1  # share of a page's entry starts on which indents and gaps may disagree


def _unless_gaps_differ(by_indent: list[int], gapped: list[int] | None, lines: tuple[Line, ...]) -> list[int]:
    """Entry starts told by the indents, unless the list also sets space between its entries and
    the two disagree within pages (a word processor's first-line indent typed with a tab, a
    paragraph indented where a hanging one was meant): then the space tells."""
    if gapped is None:
        return by_indent
    inside = {
        i
        for i in range(1, len(lines))
        if (lines[i - 1].page, lines[i - 1].col) == (lines[i].page, lines[i].col)
    }
    differ = (set(by_indent) ^ set(gapped)) & inside
    opening = all(opens_author_list(lines[i]) or _DATED_START.match(lines[i].text) for i in differ)
    if differ <= set(by_indent) and opening:
        return by_indent  # uneven space (LibreOffice): each start only the indent tells opens an entry
    return gapped if len(differ) > max(1, _GAPS_DIFFER * len(gapped)) else by_indent


def _clear_gaps(lines: tuple[Line, ...]) -> bool:
    """Whether the gaps between a list's lines fall in two groups well apart, line spacing and
    space between entries (a double-spaced manuscript's 15 pt and 24 pt), with none between."""
    gaps = sorted(
        (b.y0 - a.y1) / b.size
        for a, b in zip(lines, lines[1:], strict=False)
        if a.page == b.page and a.col == b.col
    )
    if len(gaps) < 4:
        return False
    typical = gaps[len(gaps) // 4]
    wide = [g for g in gaps if g > typical + 0.35]
    return bool(wide) and all(g <= typical + 0.15 or g >= typical + 0.6 for g in gaps)


def _gap_starts(lines: tuple[Line, ...]) -> list[int] | None:
    """Entry starts of a list set with space between its entries: after each wider gap, and
    across a page or column break where an entry ends and an author list begins; None when the
    list shows too few wide gaps to be set that way."""
    gaps = sorted(
        b.y0 - a.y1 for a, b in zip(lines, lines[1:], strict=False) if a.page == b.page and a.col == b.col
    )
    typical = gaps[len(gaps) // 4] if gaps else 2.0
    margin, justified = _margins(lines)
    wide = {
        i
        for i in range(1, len(lines))
        if (lines[i - 1].page, lines[i - 1].col) == (lines[i].page, lines[i].col)
        and lines[i].y0 - lines[i - 1].y1 > typical + 0.35 * lines[i].size
    }
    # ABNT: most entries open with a name in capitals ("SILVA, J.", "GOOGLE.", "JITSI.")
    capitals = sum(bool(_CAPS.match(lines[i].text)) for i in wide) > 0.5 * len(wide)
    if capitals and not _clear_gaps(lines):
        # ... and where paragraphs were typed with uneven spacing, a wide gap inside an entry is as
        # wide as one between entries: only one before a name in capitals or an author list counts
        wide = {i for i in wide if _opens_abnt_entry(lines[i - 1].text.rstrip(), lines[i])}
    edge = _right_edges(lines)
    starts, early = [0], []
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if a.page == b.page and a.col == b.col:
            # ... and, in a justified ABNT list, where a line ends short after an entry's end and
            # the next opens with a name in capitals: a paragraph typed without the space before it;
            # so in any list where a surname and initials ("Siriaraya, P.,") open a line whose first
            # word would have fit on the line above, after an entry's end: only a paragraph's end
            # breaks a line early
            if i in wide or capitals and justified and _short_end(a, margin) and _CAPS.match(b.text):
                starts.append(i)
            elif closes_entry(a.text) and _fits_above(a, b, edge) and (
                _INVERTED_START.match(b.text) or capitals and _CAPS.match(b.text)  # "SOS COSTURA. SOS"
            ):
                early.append(i)
        elif (
            (closes_entry(a.text) or _link_tail(lines, i - 1))
            and (
                _AUTHOR_START.match(b.text)
                or _REPEAT.match(b.text)
                or capitals and _CAPS.match(b.text)
                or _link_tail(lines, i - 1) and _DATED_START.match(b.text)  # ".../" + "Prensa Libre (2018)"
            )
            # no gap to measure across a page or column break: an author and a date in brackets
            # right after ("Google. (2017a).", "Nakada S, ..., et al (2016b)"), or one author's
            # name alone ("Santiago Murillo González. Title"), after any end of a reference
            # ("..., (2007), 4"), and a name in capitals in an ABNT list after one (abnTeX2's back-
            # references: "..., 2009. 26"); in a justified list a line that ends short ends its entry ("R Core
            # Team, 2023." and "GitHub, n.d." name no person)
            or _REFERENCE_END.search(a.text.rstrip())
            and (_DATED_START.match(b.text) or _ONE_AUTHOR.match(b.text) or capitals and _CAPS.match(b.text))
            or justified
            and _short_end(a, margin)
            and _CAPITAL_START.match(b.text)
            and not _IDENTIFIER.match(b.text)
            # a line that ends as a reference does, with room left for the next page's first word:
            # its paragraph ended there ("..., <<Art and Finance report 2024>>, 2024" + "Deloitte, Il ...")
            or _REFERENCE_END.search(a.text.rstrip())
            and _fits_above(a, b, edge)
            and _AUTHOR_START.match(b.text)
        ):
            starts.append(i)
    if len(starts) <= 1 + len(lines) // _FEW_GAPS:
        return None  # (a list without gaps is not told by the few early line ends it has)
    return sorted(starts + early)


_OPEN_PUNCTUATION = re.compile(r"[,;:&\-–]$")


def _opens_abnt_entry(above: str, ln: Line) -> bool:
    """In an ABNT list, a line that opens an entry: a name in capitals, unless the line above leaves
    its sentence open ("Brasília:" + "OMS, 2019."); or an author list in other case after a line
    that ends a reference (not "... – Universidade" + "Federal de Viçosa, Minas Gerais")."""
    if _CAPS.match(ln.text):
        return not _OPEN_PUNCTUATION.search(above)
    return opens_author_list(ln) and bool(_REFERENCE_END.search(above) or closes_entry(above))


def _right_edges(lines: tuple[Line, ...]) -> dict[tuple[int, int], float]:
    """Where each page's column ends on the right: as far as nine lines in ten reach (an overfull
    URL runs past)."""
    ends: dict[tuple[int, int], list[float]] = {}
    for ln in lines:
        ends.setdefault((ln.page, ln.col), []).append(ln.x1)
    return {key: sorted(xs)[int(0.9 * (len(xs) - 1))] for key, xs in ends.items()}


def _fits_above(a: Line, b: Line, edge: dict[tuple[int, int], float]) -> bool:
    """Whether the first word of `b` would have fit at the end of `a` (at a generous 0.6 em a
    letter): then `a` was broken where its paragraph ended, not where the column did."""
    word = b.text.split(maxsplit=1)[0] if b.text.strip() else ""
    return a.x1 + (len(word) + 1) * 0.6 * b.size < edge[(a.page, a.col)]


def _short_end(ln: Line, margin: dict[tuple[int, int], float]) -> bool:
    """A line that closes an entry well short of its column's right margin."""
    return closes_entry(ln.text) and ln.x1 < margin[(ln.page, ln.col)] - 2 * ln.size


# the dash repeating the authors above: "———. 2014.", typed "__ (2018b)"
_REPEAT = re.compile(r"^(?:—{2,}|–{2,}|-{3,}|_{2,}(?=[\s.,(]))")
# ... with its acronym in brackets, and a one-letter word: "INSTITUTO NACIONAL DE SEGURIDAD E HIGIENE
# EN EL TRABAJO (INSHT), 2017."; or a dash after it: "BALLONE GJ – Estresse."
_CAPS = re.compile(
    rf"^[{_UPPER}][{_UPPER}.&'’-]+(?:\s+[{_UPPER}][{_UPPER}.&'’-]*)*(?:\s+\([{_UPPER}]{{2,}}\))?(?:[.,;]|\s[–—-])\s"
)
_LINK_OPEN = re.compile(r"(?:https?://|doi:|\b10\.\d{4,9}/)\S*$")


def _link_tail(lines: tuple[Line, ...], i: int) -> bool:
    """Line i is the rest of a URL or DOI the line above broke ("https://doi." + "9652-9"): the
    entry's last item, though it ends in no period."""
    return i > 0 and " " not in lines[i].text.strip() and bool(_LINK_OPEN.search(lines[i - 1].text.rstrip()))


def opens_author_list(ln: Line) -> bool:
    """A line that opens with an author list ("Journal of Things 1, 100 (2001)" has its date early too)."""
    return bool(_AUTHOR_START.match(ln.text) or _PERSON_START.match(ln.text))


def _indented_first_lines(lines: tuple[Line, ...], outdented: list[bool]) -> bool:
    """Whether the list indents each entry's first line instead of hanging the rest (a word
    processor's paragraph indent where a hanging one was meant): the lines at the indent open
    with an author list, the lines left of it do not."""
    inside = [ln for ln, out in zip(lines, outdented, strict=True) if not out]
    outside = [ln for ln, out in zip(lines, outdented, strict=True) if out]
    if not inside or not outside:
        return False
    opening_in = sum(map(opens_author_list, inside)) / len(inside)
    opening_out = sum(map(opens_author_list, outside)) / len(outside)
    return opening_in >= 0.6 and opening_out <= 0.3


def _flush_paragraphs(lines: tuple[Line, ...], outdented: list[bool]) -> list[int]:
    """In a list that indents first lines, an entry typed without the indent: a line left of where
    its column's other lines go on, opening an author list after a line that closes an entry."""
    rest: dict[tuple[int, int], list[float]] = {}
    for ln, out in zip(lines, outdented, strict=True):
        if out:
            rest.setdefault((ln.page, ln.col), []).append(ln.x0)
    edge = {key: sorted(xs)[len(xs) // 2] for key, xs in rest.items()}
    return [
        i
        for i in range(1, len(lines))
        if outdented[i]
        and lines[i].x0 < edge[(lines[i].page, lines[i].col)] - 2.0
        and opens_author_list(lines[i])
        and closes_entry(lines[i - 1].text)
    ]


def _margins(lines: tuple[Line, ...]) -> tuple[dict[tuple[int, int], float], bool]:
    """Where lines end in each page's column (most of them: an overfull URL runs past), and
    whether the list is justified: most lines end there."""
    ends: dict[tuple[int, int], dict[int, int]] = {}
    for ln in lines:
        col = ends.setdefault((ln.page, ln.col), {})
        col[round(ln.x1)] = col.get(round(ln.x1), 0) + 1
    margin = {key: float(max(col, key=lambda x: col[x])) for key, col in ends.items()}
    at = sum(abs(ln.x1 - margin[(ln.page, ln.col)]) <= _AT_MARGIN for ln in lines)
    return margin, at >= _JUSTIFIED * len(lines)


def _flat_starts(lines: tuple[Line, ...]) -> list[int]:
    """Entry starts of a list set without indent or gaps (A&A's one-line entries, natbib with zero
    \\bibsep and \\bibhang): a line shaped like the start of an author list after a line that
    ends short of the margin, or ends the way a reference does.

    In a justified list a line ends short only where its entry ends (or before an unbreakable
    URL): after one, any line that starts with a capital or a dash starts an entry ("IEEE.",
    "Alexander Graham Bell."); after a full line that leaves no sentence open, only one that
    starts with a person's name does ("Physical Review, 108(5)", "Springer, New York" go on).
    """
    right: dict[tuple[int, int], float] = {}
    for ln in lines:
        right[(ln.page, ln.col)] = max(right.get((ln.page, ln.col), 0.0), ln.x1)
    margin, justified = _margins(lines)
    at_margin = [ln.x1 >= margin[(ln.page, ln.col)] - _AT_MARGIN for ln in lines]
    starts = [0]
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if justified and not at_margin[i - 1]:
            start = bool(_CAPITAL_START.match(b.text)) and not _IDENTIFIER.match(b.text)
        elif justified:
            person = _PERSON_START.match(b.text) or _ONE_AUTHOR.match(b.text)
            start = not _GOES_ON.search(a.text.rstrip()) and bool(person)
        else:
            short = a.x1 < right[(a.page, a.col)] - 2 * a.size
            ends = short or bool(_REFERENCE_END.search(a.text.rstrip()))
            start = ends and bool(_AUTHOR_START.match(b.text) or _ONE_AUTHOR.match(b.text))
        if start:
            starts.append(i)
    return starts

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
# Title"), and so does the dash that repeats the authors of the entry above ("— (2023).", "———,").
_ONE_AUTHOR = re.compile(
    rf"^(?:{_NAME}(?:\s+[A-Z]\.)*\s+{_PARTICLE}*{_NAME}\.\s|(?:—+|–{{2,}}|-{{3,}}|_{{3,}}))"
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
# period (not an initial's: "Smith, J."), or a URL or DOI.
_REFERENCE_END = re.compile(r"(?:\d|\)|[^\W\d_]{2}\.|\d\.|(?:https?://|doi:|\b10\.\d{4,9}/)\S+)$")

# A line that closes a sentence or an entry: a period, or a URL or DOI (an entry's last item)
_CLOSED = re.compile(r"(?:\.|(?:https?://|doi:|\b10\.\d{4,9}/)\S+)$")

# An author-date start: a capitalised name or group and, before any other sentence, the date in
# brackets ("Google. (2017a).", "World Bank (2020)", "Smith, J. (n.d.)")
_DATED_START = re.compile(rf"^[{_UPPER}][^()]{{0,60}}?\s\((?:(?:1[6-9]|20)\d\d[a-z]?|n\.\s?d\.)\)")


def unlabeled_starts(
    lines: tuple[Line, ...], indents: Indents, after_rule: Callable[[Line], bool] | None = None
) -> list[int]:
    """Where the entries of an author-year list start: hanging indent, else gaps, else line ends
    and author-list shapes; and wherever the authors of the entry above are repeated by a dash
    drawn as a rule, which the text layer does not hold: the line starts with the punctuation
    after it (Chicago's "———. 1997.", amsplain's "———, Title"), further in than entries start,
    or `after_rule` finds the rule drawn just before it (AER's "——— (1997)", "——— and O. M.")."""
    ruled = after_rule or (lambda _: False)
    dashed = {i for i, ln in enumerate(lines) if i and (DRAWN_DASH.match(ln.text) or ruled(ln))}
    return sorted(dashed.union(_starts(lines, indents)))


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
    """A rule ends just before the line's first glyph, on the line: the line goes on after it."""
    return any(
        x1 <= line.x0 + 0.5 and line.x0 - x1 <= 2 * line.size and line.y0 <= y <= line.y1
        for _, x1, y in rules
    )


def _starts(lines: tuple[Line, ...], indents: Indents) -> list[int]:
    if indents.hanging:
        return [i for i, ln in enumerate(lines) if indents.outdented(ln)]
    offsets = [ln.x0 - indents.left[(ln.page, ln.col)] for ln in lines]
    indented = sum(1 for o, ln in zip(offsets, lines, strict=True) if 3 < o < max_hang(ln.size))
    if indented >= 0.15 * len(lines):
        return [i for i, o in enumerate(offsets) if o <= 2.5]
    gaps = sorted(
        b.y0 - a.y1 for a, b in zip(lines, lines[1:], strict=False) if a.page == b.page and a.col == b.col
    )
    typical = gaps[len(gaps) // 4] if gaps else 2.0
    margin, justified = _margins(lines)
    starts = [0]
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if a.page == b.page and a.col == b.col:
            if b.y0 - a.y1 > typical + 0.35 * b.size:
                starts.append(i)
        elif _CLOSED.search(a.text.rstrip()) and (
            _AUTHOR_START.match(b.text)
            # no gap to measure across a page or column break: an author and a date in brackets
            # right after ("Google. (2017a).", "INE. (2011b)."); in a justified list a line that
            # ends short ends its entry ("R Core Team, 2023." and "GitHub, n.d." name no person)
            or _DATED_START.match(b.text)
            or justified
            and a.x1 < margin[(a.page, a.col)] - 2 * a.size
            and _CAPITAL_START.match(b.text)
            and not _IDENTIFIER.match(b.text)
        ):
            starts.append(i)
    if len(starts) > 1 + len(lines) // _FEW_GAPS:
        return starts
    return _flat_starts(lines)


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

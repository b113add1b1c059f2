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

from arxref.pdf._indent import MAX_HANG, Indents
from arxref.pdf._layout import Line

_FEW_GAPS = 6  # a list with fewer gaps than one in six lines is set without them
_UPPER = "A-ZÀ-ÖØ-ÞĀ-ſ"
_NAME = rf"[{_UPPER}][^\W\d_]*(?:['’\-][^\W\d_]+)*"  # "Smith", "O'Neill", "Jean-Pierre"
_PARTICLE = r"(?:(?:[Vv][ao]n|[Dd](?:e|er|en|i|u|a|os|as|el|ella)|[Ll][ae]|[Tt]e[rn]|[Zz]ur?|[Aa]l|[Ee]l)\s+)"
# The start of an author list: "Van der Walt, S.", "Cano Rodríguez, J. L.", "J. Smith", "Kida S.,"
_AUTHOR_START = re.compile(
    rf"^(?:{_PARTICLE}*{_NAME}(?:\s+{_NAME})?,\s*\S|[A-Z]\.(?:\s?[A-Z]\.)*\s*[A-Z]"
    rf"|{_PARTICLE}*{_NAME}\s+(?:[A-Z]\.\s*)+|{_NAME}\s+{_PARTICLE}*{_NAME}(?:,|\s+and\b))"
)
# In a list without indent or gaps a single author's name also starts an entry ("Greta Johnson.
# Title"), and so does the dash that repeats the authors of the entry above ("— (2023).", "———,").
_ONE_AUTHOR = re.compile(
    rf"^(?:{_NAME}(?:\s+[A-Z]\.)*\s+{_PARTICLE}*{_NAME}\.\s|(?:—+|–{{2,}}|-{{3,}}|_{{3,}}))"
)
# A line that ends a reference: a page, a volume, a year, a closing parenthesis, a sentence's
# period (not an initial's: "Smith, J."), or a URL or DOI.
_REFERENCE_END = re.compile(r"(?:\d|\)|[^\W\d_]{2}\.|\d\.|(?:https?://|doi:|\b10\.\d{4,9}/)\S+)$")


def unlabeled_starts(lines: tuple[Line, ...], indents: Indents) -> list[int]:
    """Where the entries of an author-year list start: hanging indent, else gaps, else line ends
    and author-list shapes."""
    if indents.hanging:
        return [i for i, ln in enumerate(lines) if indents.outdented(ln)]
    offsets = [ln.x0 - indents.left[(ln.page, ln.col)] for ln in lines]
    indented = sum(1 for o in offsets if 3 < o < MAX_HANG)
    if indented >= 0.15 * len(lines):
        return [i for i, o in enumerate(offsets) if o <= 2.5]
    gaps = sorted(
        b.y0 - a.y1 for a, b in zip(lines, lines[1:], strict=False) if a.page == b.page and a.col == b.col
    )
    typical = gaps[len(gaps) // 4] if gaps else 2.0
    starts = [0]
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        if a.page == b.page and a.col == b.col:
            if b.y0 - a.y1 > typical + 0.35 * b.size:
                starts.append(i)
        elif a.text.rstrip().endswith(".") and _AUTHOR_START.match(b.text):
            starts.append(i)
    if len(starts) > 1 + len(lines) // _FEW_GAPS:
        return starts
    return _flat_starts(lines)


def _flat_starts(lines: tuple[Line, ...]) -> list[int]:
    """Entry starts of a list set without indent or gaps (A&A's one-line entries): a line shaped
    like the start of an author list after a line that ends short of the margin, or ends the
    way a reference does."""
    right: dict[tuple[int, int], float] = {}
    for ln in lines:
        right[(ln.page, ln.col)] = max(right.get((ln.page, ln.col), 0.0), ln.x1)
    starts = [0]
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        short = a.x1 < right[(a.page, a.col)] - 2 * a.size
        ends = short or bool(_REFERENCE_END.search(a.text.rstrip()))
        if ends and (_AUTHOR_START.match(b.text) or _ONE_AUTHOR.match(b.text)):
            starts.append(i)
    return starts

"""Split a bibliography's lines into entries, for each label family or none.

Numeric labels ([1], 1., (1), bare or superscript 1) start an entry only when the
number continues the index chain; alpha labels ([BCD+12]) start one at the label
position; unlabeled author-year lists are split by hanging indent, or, when the list
has none, by vertical gaps and the shape of an author-list start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arxref.pdf._glyphs import undecoded
from arxref.pdf._indent import MAX_HANG, Indents, measure_indents
from arxref.pdf._labels import Label, accept_number, line_labels, raised_label
from arxref.pdf._layout import Line, body_size
from arxref.pdf._strays import drop_stray_lines

_NUMERIC = ("bracket", "paren", "dot", "bare", "raised")
_YEARLESS_ALPHA = re.compile(r"^([A-Z][A-Za-z+\-]{1,7})\.\s+(?=[A-Z])")
_OFF_INDENT = 2.5  # points: a continuation line further than this from the text indent is not one
_FEW_GAPS = 6  # a list with fewer gaps than one in six lines is set without them
_SIZE_CHANGE = 0.7  # points: another type size (footnote, caption), not the same one measured twice
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


@dataclass(frozen=True)
class Entry:
    """One entry's lines with its printed label and index."""

    lines: tuple[Line, ...]
    label: Label | None
    index: int
    flags: tuple[str, ...] = ()


def _chain(
    lines: tuple[Line, ...], family: str, indents: Indents, labels: list[dict[str, Label]]
) -> list[tuple[int, Label]]:
    """Line positions that start an entry under a numeric family, following the index chain.

    In a hanging list a label must stand left of the text indent: a number at the indent
    begins a continuation line ("(2):421", "2014 IEEE Workshop"), whatever it continues.
    """
    starts: list[tuple[int, Label]] = []
    previous = 0
    for i, ln in enumerate(lines):
        lab = raised_label(ln.raised, ln.text) if family == "raised" else labels[i].get(family)
        if lab is None or lab.number is None:
            continue
        at_pos = indents.at_label_position(ln, 12)
        if (indents.hanging or family in ("bare", "raised")) and not at_pos:
            continue
        if accept_number(previous, lab.number, at_pos):
            starts.append((i, lab))
            previous = lab.number
    return starts


def _alpha(
    lines: tuple[Line, ...], indents: Indents, labels: list[dict[str, Label]]
) -> list[tuple[int, Label]]:
    starts = []
    for i, ln in enumerate(lines):
        lab = labels[i].get("alpha")
        if lab is not None and indents.at_label_position(ln, 4):
            starts.append((i, lab))
    return starts


def _unlabeled(lines: tuple[Line, ...], indents: Indents) -> list[int]:
    """Entry starts of an author-year list: hanging indent, else gaps and author-list shape."""
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


def _other_type(rest: list[Line], body: float) -> bool:
    """Two lines or more, none in the list's type size: a caption or a note, not an entry's tail."""
    return len(rest) >= 2 and all(abs(ln.size - body) >= _SIZE_CHANGE for ln in rest)


def _cut_at_gap(entries: list[Entry], lines: tuple[Line, ...]) -> list[Entry]:
    """Each entry ends at a wide vertical gap in its column, or where it would go on across a
    column or page break in another type size: what follows is not part of it."""
    gaps = sorted(
        b.y0 - a.y1 for a, b in zip(lines, lines[1:], strict=False) if a.page == b.page and a.col == b.col
    )
    typical = gaps[len(gaps) // 2] if gaps else 2.0
    body = body_size(lines)
    out = []
    for e in entries:
        ls = list(e.lines)
        for k in range(1, len(ls)):
            a, b = ls[k - 1], ls[k]
            gap = b.y0 - a.y1
            wide = (
                gap > typical + 1.2 * b.size
                or gap > typical + 0.4 * b.size
                and abs(b.size - a.size) >= _SIZE_CHANGE
            )
            same_col = a.page == b.page and a.col == b.col
            if same_col and wide or not same_col and _other_type(ls[k:], body):
                e = Entry(tuple(ls[:k]), e.label, e.index, (*e.flags, "cut_at_gap"))
                break
        out.append(e)
    return out


def split_entries(lines: tuple[Line, ...]) -> list[Entry]:
    """The entries of one bibliography, in order, each with its printed label and index."""
    lines = drop_stray_lines(lines)
    if not lines:
        return []
    labels = [line_labels(ln.text) for ln in lines]
    indents = measure_indents(lines, labels)
    entries = _end_list(_cut_at_gap(_split(lines, indents, labels), lines), indents)
    return [_flag_undecoded(e) for e in entries]


def _flag_undecoded(entry: Entry) -> Entry:
    """An entry with a glyph no font encoding explained (U+FFFD, a control code) says so."""
    if any(undecoded(ln.text) for ln in entry.lines):
        return Entry(entry.lines, entry.label, entry.index, (*entry.flags, "undecoded_glyphs"))
    return entry


def _split(lines: tuple[Line, ...], indents: Indents, labels: list[dict[str, Label]]) -> list[Entry]:
    best_family, best = None, []
    for family in _NUMERIC:
        starts = _chain(lines, family, indents, labels)
        if len(starts) > len(best):
            best_family, best = family, starts
    alpha = _alpha(lines, indents, labels)
    if len(alpha) > len(best):
        best_family, best = "alpha", alpha
        if indents.hanging:  # an alpha label without year, "Woo." (alpha.bst, LNCS), where labels stand
            labelled = {i for i, _ in alpha}
            extra = [
                (i, Label("alpha", m.group(1), None, m.end()))
                for i, ln in enumerate(lines)
                if i not in labelled and indents.outdented(ln) and (m := _YEARLESS_ALPHA.match(ln.text))
            ]
            best = sorted([*alpha, *extra], key=lambda s: s[0])
    if len(best) >= 2:
        return _numbered(lines, best, best_family)
    starts = _unlabeled(lines, indents)
    entries = []
    for n, (a, b) in enumerate(zip(starts, [*starts[1:], len(lines)], strict=False), 1):
        entries.append(Entry(lines[a:b], None, n))
    return entries


def _end_list(entries: list[Entry], indents: Indents) -> list[Entry]:
    """The last entry ends at a line off the list's text indent: what follows the list on its last
    page (IEEE biographies beside their photos, an author's address, the next page's running
    head). Atop a new column, only where that column's indent was seen."""
    if not entries:
        return entries
    last = entries[-1]
    for k in range(1, len(last.lines)):
        a, b = last.lines[k - 1], last.lines[k]
        key = (b.page, b.col)
        same_col = (a.page, a.col) == key
        if (same_col or key in indents.seen) and abs(b.x0 - indents.text[key]) > _OFF_INDENT:
            return [*entries[:-1], Entry(last.lines[:k], last.label, last.index, (*last.flags, "cut_at_end"))]
    return entries


def _numbered(lines: tuple[Line, ...], starts: list[tuple[int, Label]], family: str | None) -> list[Entry]:
    entries = []
    previous = 0
    bounds = [*(i for i, _ in starts[1:]), len(lines)]
    for n, ((i, lab), end) in enumerate(zip(starts, bounds, strict=False), 1):
        flags: tuple[str, ...] = ()
        if family == "alpha":
            index = n
        else:
            index = lab.number or n
            if index != previous + 1:
                flags = ("index_gap",)
            previous = index
        entries.append(Entry(lines[i:end], lab, index, flags))
    return entries

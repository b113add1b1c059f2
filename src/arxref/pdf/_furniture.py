"""Page furniture out: running heads and feet, page numbers, line numbers.

Rotated arXiv side stamps never reach here (the layout drops rotated text). What is
left is told apart by position (a margin line set off from the body by a gap),
by shape (a bare page number) and by repetition across pages. Line numbers of a
review copy go before lines are formed (`_line_numbers.drop_line_numbers`), since they
share a baseline with the text they number.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from arxref.pdf._headings import despace, heading_key

if TYPE_CHECKING:
    from arxref.pdf._layout import Line

# a page number, "Page 3 of 9", "3/9", or the same number at both ends of a header ("20 ... 20")
_PAGE_NO = re.compile(r"^(page\s+)?(\d{1,4}|[ivxlc]{1,6})(\s*(/|of)\s*\d{1,4}|(\s+\2)+)?$", re.I)
_NUMBERED_HEAD = re.compile(r"^\d{1,4}\s|\s\d{1,4}$")
_MARKER = re.compile(r"^[*†‡§¶]")
_NOTE_NUMBER = re.compile(r"^\d{1,2}\.?\s+[A-Z]")
_NOTE_LINES = 3  # lines below the first of a note numbered in its own size, at the most
_CAPTION = re.compile(r"^(fig\.|figure|table|abbildung|tabelle)\s*[0-9IVX]+", re.I)
_MARGIN = 0.085  # fraction of the page height where running heads and feet live
_RECURRING_MARGIN = 0.15  # ... and where a line recurring on three pages or more may live
_FOOT = 0.75  # a centred page number sits below this fraction of the page height
_CENTRED = 0.03  # ... its centre this close to the page's (as a fraction of the page width, doubled)
_NUMBER = re.compile(r"^\d{1,5}$")


def _shape(text: str) -> str:
    """A line as running heads are compared: numbers alike, spaces out, accents folded (the plain
    text of a bitmap font sets them apart, "BIBLIOGRAF´IA", where close reading composes "Í")."""
    if not text.isascii():
        text = _ACCENT_MARKS.sub("", unicodedata.normalize("NFKD", text).replace("ı", "i"))
    return re.sub(r"\d+", "\0", text.lower().replace(" ", ""))


_ACCENT_MARKS = re.compile("[\u0300-\u036f´`¨ˆ˜˘˙¸˚˝ˇ]")


def _in_head_band(ln: Line, margin: float = _MARGIN) -> bool:
    """Whether a line sits in the band at the page's top where running heads live."""
    return ln.y1 < ln.page_height * margin + 40


def _in_foot_band(ln: Line, margin: float = _MARGIN) -> bool:
    """Whether a line sits in the band at the page's foot where running feet live."""
    return ln.y0 > ln.page_height * (1 - margin) - 40


def _is_margin_line(ln: Line, others: list[Line], gap_needed: float, margin: float = _MARGIN) -> bool:
    """A line in the top or bottom margin with nothing beside it and a gap towards the body."""
    top = _in_head_band(ln, margin)
    if not (top or _in_foot_band(ln, margin)):
        return False
    if top:
        if any(o.y1 < ln.y0 for o in others):
            return False
        below = [o.y0 - ln.y1 for o in others if o.y0 > ln.y1 - 1]
        return min(below, default=1e9) > gap_needed
    if any(o.y0 > ln.y1 for o in others):
        return False
    above = [ln.y0 - o.y1 for o in others if o.y1 < ln.y0 + 1]
    return min(above, default=1e9) > gap_needed


def _centred_foot(ln: Line, lines: tuple[Line, ...]) -> bool:
    """A page number centred under the text, however close (elsarticle's 1p sets it 3 pt under a
    list in smaller type, above the usual foot band): the page's lowest line, low on the page,
    centred on the page, with nothing level with it."""
    if ln.y0 < _FOOT * ln.page_height or abs((ln.x0 + ln.x1) - ln.page_width) > _CENTRED * ln.page_width:
        return False
    return all(o.y1 <= ln.y0 + 0.5 * (ln.y1 - ln.y0) for o in lines if o is not ln)


def is_running_head(ln: Line, recurring: frozenset[str], body: float) -> bool:
    """A page's topmost line whose words recur atop pages, in the text's size and not bold: a running
    head ("Bibliography" over each page of a thesis's bibliography, under a decorated page
    number), not the heading the first page sets off in a larger or bold type (the caller asks
    only of a page's topmost line: amsart's "REFERENCES" in the text is its running head's words),
    nor a letter-spaced display line (classicthesis's "B I B L I O G R A P H I E")."""
    plain = not ln.bold and ln.size <= body + 0.9 and despace(ln.text) == ln.text
    return plain and _shape(ln.text) in recurring


def _recurs(text: str, recurring: frozenset[str], lengths: set[int]) -> bool:
    """Whether a line's shape recurs, alone or as recurring pieces the plain text kept apart and
    the layout joined ("A:26" + "S. Bindal et al.", a page number + a title, bioRxiv's stamp
    "bioRxiv preprint" + "doi:" + its DOI + ";" + "this version posted ..."); `lengths`: the
    lengths of the recurring shapes."""
    shape = _shape(text)
    if shape in recurring or _shape(_NUMBERED_HEAD.sub("", text).strip()) in recurring:
        return True
    ends = {0}  # where a run of recurring pieces from the line's start may end
    for at in range(len(shape)):
        if at in ends:
            ends.update(at + k for k in lengths if shape[at : at + k] in recurring)
    return len(shape) in ends


def _typical_gap(lines: tuple[Line, ...], body: float) -> float:
    """The gap between a page's lines: the lower quartile, so that on a page of few lines (a list's
    last entries under its running head) the running head's own gap is not the measure; on a page
    of fewer than three lines one under the other (a heading and a figure), a single-spaced gap."""
    gaps = sorted(
        b.y0 - a.y1
        for a, b in zip(lines, lines[1:], strict=False)
        if a.col == b.col and 0 <= b.y0 - a.y1 < 3 * a.size
    )
    return gaps[len(gaps) // 4] if len(gaps) >= 3 else 0.2 * body


def margin_shapes(texts: tuple[str | None, ...]) -> frozenset[str]:
    """Shapes of the first and last lines of page texts that recur on three pages or more, and of
    the lines further in (a journal's masthead, a preprint server's stamp) that recur on half the
    pages or more.

    Bare numbers are passed over (a ruler's or line numbers come first in a page's text, and a
    page number's shape says nothing), and so is a shape seen already at that end of the page
    (a review copy's side boxes, "CVPR" "#882" on both sides, come before its running head).
    Further in, an entry that a thesis prints in several chapters' lists recurs too, on a few
    pages only.
    """
    ends: dict[str, int] = {}
    inner: dict[str, int] = {}
    pages = [t for t in texts if t]
    for text in pages:
        shapes = [_shape(t) for t in text.splitlines() if t.strip() and not _NUMBER.match(t.strip())]
        for n, counts in ((_END_LINES, ends), (_MASTHEAD_LINES, inner)):
            for shape in set(_first_distinct(shapes, n) + _first_distinct(shapes[::-1], n)):
                counts[shape] = counts.get(shape, 0) + 1
    most = max(3, len(pages) // 2)
    shapes = {k for k, v in ends.items() if v >= 3} | {k for k, v in inner.items() if v >= most}
    return frozenset(k for k in shapes if k.strip("\0"))


_END_LINES = 3  # lines at either end of a page text that may be furniture
_MASTHEAD_LINES = 12  # ... and that a masthead (journal, ISSN, publisher, volume, DOI) or a server's
# stamp (bioRxiv's licence notice, nine pieces in a page's text) may fill


def _first_distinct(items: list[str], n: int) -> list[str]:
    return list(dict.fromkeys(items[: 4 * n]))[:n]


def _is_footnote_start(
    ln: Line, before: Line | None, largest_below: float, lines_below: int, heading: re.Pattern[str]
) -> bool:
    """A note at the foot of a column: a raised marker, smaller type than the text above it, or,
    under a list set smaller still (A&A's 8 pt references over 9 pt notes), set apart by a gap;
    nothing below it in the column is set larger (`largest_below`: the largest size there). A note
    numbered in its own size is a few lines long: a list set small under the text (PNAS) goes on."""
    if ln.y0 < ln.page_height * 0.6 or before is None or heading.match(before.text):
        return False
    marked = ln.first_size < 0.8 * ln.size or bool(_MARKER.match(ln.text))
    smaller = ln.size < before.size - 0.4
    apart = ln.size > before.size + 0.4 and ln.y0 - before.y1 > 0.5 * ln.size
    # a note numbered in its own size ("6. This will lead to ..."), a point smaller and set apart
    gap = ln.y0 - before.y1
    numbered = (
        bool(_NOTE_NUMBER.match(ln.text))
        and ln.size < before.size - 1.0
        and gap > 0.5 * ln.size
        and lines_below <= _NOTE_LINES
    )
    return (marked and (smaller or apart) or numbered) and largest_below <= ln.size + 0.2


def _drop_footnotes(lines: tuple[Line, ...], heading: re.Pattern[str]) -> tuple[Line, ...]:
    drop: set[int] = set()
    for col in {ln.col for ln in lines}:
        idx = [i for i, ln in enumerate(lines) if ln.col == col]
        largest_below = [float("-inf")] * len(idx)  # the largest size set below each line
        for k in range(len(idx) - 2, -1, -1):
            largest_below[k] = max(largest_below[k + 1], lines[idx[k + 1]].size)
        for k, i in enumerate(idx):
            before = lines[idx[k - 1]] if k else None
            if _is_footnote_start(lines[i], before, largest_below[k], len(idx) - k - 1, heading):
                drop.update(idx[k:])
                break
    return tuple(ln for i, ln in enumerate(lines) if i not in drop)


_COPYRIGHT = re.compile(r"^(?:©|\(c\)\s|Copyright\b)", re.IGNORECASE)


def _copyright_foot(ln: Line) -> bool:
    """A copyright notice in the page's foot margin: "© The Author 2024. Published by ..."."""
    return ln.y0 > ln.page_height * (1 - _MARGIN) and bool(_COPYRIGHT.match(ln.text))


def _beside_text(lines: tuple[Line, ...]) -> set[int]:
    """The lines that stand beside the page's text, not above or below it (a review copy's boxes
    beside its running head): few lines of the page share any of their width."""
    ends = sorted(ln.x1 for ln in lines)
    starts = sorted(ln.x0 for ln in lines)
    aside = set()
    for ln in lines:
        # lines wholly left of it, wholly right of it; the rest (itself too) share some width
        apart = bisect_right(ends, ln.x0) + len(starts) - bisect_left(starts, ln.x1)
        if len(lines) - apart - 1 < _ASIDE_SHARE * len(lines):
            aside.add(id(ln))
    return aside


_ASIDE_SHARE = 0.2  # a line that shares its width with fewer than this share of its page's lines is aside


def _margin_stacks(
    lines: tuple[Line, ...],
    recurring: frozenset[str],
    lengths: set[int],
    aside: set[int],
    gap_needed: float,
    heading: re.Pattern[str],
    names_an_end: Callable[[str], bool],
) -> set[int]:
    """Running heads and feet of several lines (a journal's masthead: its name, publisher, volume,
    ISSN and DOI), each line like furniture (recurring, a page number, beside the text), set off
    from the text by a gap as one block. A bibliography's heading under a running head is never
    part of it, however often each chapter prints it; nor is an appendix's bold heading."""

    def furniture_like(ln: Line) -> bool:
        if heading.match(heading_key(ln.text)) or ln.bold and names_an_end(ln.text):
            return False
        recurs = _recurs(ln.text, recurring, lengths) and not _CAPTION.match(ln.text)
        return recurs or bool(_PAGE_NO.match(ln.text)) and not _among_labels(ln, lines) or id(ln) in aside

    stacked: set[int] = set()
    ordered = sorted(lines, key=lambda ln: ln.y0)
    reach = ordered[0].page_height * _RECURRING_MARGIN + 40
    for seq, top in ((ordered, True), (ordered[::-1], False)):
        stack = []
        for ln in seq:
            within = ln.y1 < reach if top else ln.y0 > ln.page_height - reach
            if not (within and furniture_like(ln)):
                break
            stack.append(ln)
        if len(stack) < 2 or len(stack) == len(seq):
            continue
        after = seq[len(stack)]
        gap = after.y0 - max(ln.y1 for ln in stack) if top else min(ln.y0 for ln in stack) - after.y1
        if gap > gap_needed:
            stacked.update(id(ln) for ln in stack)
    return stacked


def _outermost(ln: Line, lines: tuple[Line, ...], aside: set[int]) -> bool:
    """No line of the page's text stands above it (a line in the top half) or below it."""
    top = ln.y0 < ln.page_height / 2
    return not any(
        (o.y1 <= ln.y0 if top else o.y0 >= ln.y1)
        for o in lines
        if o is not ln and id(o) not in aside and not o.text.isdigit()
    )


_BARRED_FOLIO = re.compile(r"^\d{1,4}\s*\|\s*\S|\S\s*\|\s*\d{1,4}$")
_A_YEAR = re.compile(r"(?<!\d)(?:1[6-9]|20)\d\d(?!\d)")
# A running head's page number at either end of it: "48 | Wildey and Bickford", "Smith et al. – 12"
# (or a page number and a capitalised name after one space, as GJI's referee copy sets "46 M. A. Denolle"
# in the text's size and double spacing, no farther from the text than its lines are from each other)
_FOLIO_END = re.compile(r"^\d{1,4}(?:\s*[|–—-]\s*|\s{2,}|\s(?=[A-Z]))\S|\S(?:\s*[|–—-]\s*|\s{2,})\d{1,4}$")


def _unique(ln: Line, lines: tuple[Line, ...]) -> bool:
    """No other line of the page has its shape (a list's entries that differ only in their
    numbers share one: "[50] C. Other, ... 12 (2019)", "[51] C. Other, ...")."""
    shape = _shape(ln.text)
    return not any(o is not ln and _shape(o.text) == shape for o in lines)


def _among_labels(ln: Line, lines: tuple[Line, ...]) -> bool:
    """A number alone that is one of a column of them on its page, at its left edge and in its
    size: a list's labels, each on a line above its entry (a page number has no such siblings)."""
    return ln.text.isdigit() and sum(
        1
        for o in lines
        if o is not ln and o.text.isdigit() and abs(o.x0 - ln.x0) <= 1.0 and abs(o.size - ln.size) <= 0.3
    ) >= 2


def remove_furniture(
    pages: list[tuple[Line, ...]],
    heading: re.Pattern[str],
    recurring: frozenset[str] = frozenset(),
    names_an_end: Callable[[str], bool] = lambda _: False,
) -> list[tuple[Line, ...]]:
    """Each page's lines without running heads, feet, page numbers, line numbers and footnotes.

    `names_an_end(text)`: whether a line names a section that follows a list ("Appendix 2")."""
    lengths = {len(r) for r in recurring}
    out = []
    for lines in pages:
        if not lines:
            out.append(lines)
            continue
        body = sorted(ln.size for ln in lines)[len(lines) // 2]
        typical = _typical_gap(lines, body)
        height = sorted(ln.y1 - ln.y0 for ln in lines)[len(lines) // 2]  # typical + height: the line pitch
        gap_needed = typical + 0.3 * body
        text_left = min((ln.x0 for ln in lines if not ln.text.isdigit()), default=0.0)
        text_right = max((ln.x1 for ln in lines if not ln.text.isdigit()), default=1e9)
        kept = []
        notice = min((ln.y0 for ln in lines if _copyright_foot(ln)), default=None)
        # lines beside the text, in the side margins (a review copy's boxes beside its running
        # head): they stand between no line and the page's edge
        aside = _beside_text(lines)
        stacked = _margin_stacks(lines, recurring, lengths, aside, gap_needed, heading, names_an_end)
        for ln in lines:
            if id(ln) in stacked:
                continue
            if ln.text.isdigit() and (ln.x1 < text_left - 2 or ln.x0 > text_right + 2):
                continue  # line numbers of a review copy
            if notice is not None and ln.y0 >= notice - 0.5:
                continue  # a copyright notice at the foot (OUP's first page) and what is set below it
            if _PAGE_NO.match(ln.text) and _centred_foot(ln, lines):
                continue
            reach = ln.page_height * _RECURRING_MARGIN + 40
            if ln.y1 < reach or ln.y0 > ln.page_height - reach:
                recurs = _recurs(ln.text, recurring, lengths) and not _CAPTION.match(ln.text)
                # ... but a bibliography's heading set large, whose words the running heads of its
                # chapter's later pages repeat (abnTeX2's "Referências"), is no running head
                # (or letter-spaced: classicthesis's "B I B L I O G R A P H I E" over running heads in
                # plain small caps)
                set_off = ln.size >= body + 4 or despace(ln.text) != ln.text
                recurs = recurs and not (set_off and heading.match(heading_key(ln.text)))
                # ... nor are the bold headings of appendices each opening a page of its own ("ПРИЛОЖЕНИЕ
                # 1", "ПРИЛОЖЕНИЕ 2": their words recur atop pages, as a running head's do)
                recurs = recurs and not (ln.bold and names_an_end(ln.text))
                # a line that recurs page after page may sit further in (ACM's journal foot, 86% down)
                margin = _RECURRING_MARGIN if recurs else _MARGIN
                folio = recurs and _FOLIO_END.search(ln.text) is not None
                # ... and in double-spaced text, a recurring head no farther from the text than its
                # lines are from each other, with or without its number (GJI's referee copy: the
                # title atop odd pages), unless it names a list or dates a work as an entry does
                spaced = recurs and typical + height >= 1.7 * body and _in_head_band(ln)
                spaced = spaced and not heading.match(heading_key(ln.text)) and not _A_YEAR.search(ln.text)
                # ... and, in any document however short, a page's outermost line with its number behind
                # a bar in the foot or head band (PNAS: "4 | Booker et al.", "... | no. XX | 3")
                barred = bool(_BARRED_FOLIO.search(ln.text)) and (_in_foot_band(ln) or _in_head_band(ln))
                if (folio or spaced or barred) and _outermost(ln, lines, aside) and _unique(ln, lines):
                    continue  # a running head with the page's number, however close (double spacing)
                if recurs or _PAGE_NO.match(ln.text) and not _among_labels(ln, lines):
                    others = [
                        o
                        for o in lines
                        if o is not ln and id(o) not in aside and (o.col == ln.col or -1 in (o.col, ln.col))
                    ]
                    # a recurring line in a type of its own (a browser's 8 pt print header over
                    # 9 pt text) is set apart by any gap wider than the text's
                    apart = typical + 0.5 if recurs and abs(ln.size - body) >= 0.5 else gap_needed
                    if _is_margin_line(ln, others, apart, margin):
                        continue
            kept.append(ln)
        out.append(_drop_footnotes(tuple(kept), heading))
    return out

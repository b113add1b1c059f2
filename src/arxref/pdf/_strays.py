"""Lines at the top or foot of a column that are set off from the list: not part of it.

A list is set with regular spacing: the same baseline skip inside an entry and the same
item separation between entries (stretched alike when a column is justified to its
height). What sits above the first entry of a column or below its last across a wider gap
than any other in that column is another element of the page: a running head or foot that
escaped the furniture filter ("ACM Computing Surveys, Vol. V", "Preprint submitted to
Elsevier", "Conference'17, July 2017"), a footnote continued at a column's foot (A&A), a
float's caption, or what follows the list on its last page ("current address: ...").
One such line read as an entry shifts every later index of an unlabelled list.
"""

from __future__ import annotations

from arxref.pdf._authoryear import closes_entry, opens_author_list
from arxref.pdf._layout import Line

_RUN_TOP = 2  # a running head has one or two lines
_RUN_FOOT = 6  # a footnote at a column's foot, or the authors' addresses after the list (amsart)
_RUN_FOOT_LONG = 14  # ... a first page's notes (acmart), set off far and reaching the page's foot
_FAR = 3.0  # gaps between entries that set such a longer run off
_LOW = 0.75  # ... whose last line sits below this fraction of the page height
_WIDE = 0.8  # a gap wider than the typical one by this many body sizes (and by the typical one) sets off
_WIDE_OTHER_SIZE = 0.4  # ... or by this many when the type size changes across it (a 9 pt footnote)
_SIZE_CHANGE = 0.7
_ROUNDS = 2  # set-off runs looked for again once one is gone
_ENTRY_GAP_RANK = 0.9  # the list's gaps between entries are its widest regular ones (one in 2-10)
_OVER_OTHERS = 0.25  # and wider than every other gap of the column by this many sizes


def _sets_off(above: Line, below: Line, typical: float) -> bool:
    gap = below.y0 - above.y1
    size = max(above.size, below.size)
    if gap > typical + max(_WIDE * size, typical):  # a stretched last column spreads every gap
        return True
    return gap > typical + _WIDE_OTHER_SIZE * size and abs(above.size - below.size) >= _SIZE_CHANGE


def _column_gap(col: list[Line], list_gap: float) -> float:
    """The column's own spacing (a short last column is stretched to the page's height), unless it
    has too few lines to show one."""
    gaps = sorted(b.y0 - a.y1 for a, b in zip(col, col[1:], strict=False))
    return gaps[(len(gaps) - 1) // 2] if len(gaps) >= 3 else list_gap


def _stray_runs(col: list[Line], list_gap: float, entry_gap: float, first_page: bool) -> tuple[int, int]:
    """How many lines at the column's top and at its foot are set off from the rest.

    The gap that sets a run off must be wider than every gap of the list's lines between the
    runs (a run has its own spacing: a footnote block's paragraphs) and than the list's gaps
    between entries (a column may hold two entries only, set apart by one such gap).
    """
    gaps = [b.y0 - a.y1 for a, b in zip(col, col[1:], strict=False)]
    typical = _column_gap(col, list_gap)
    off = [_sets_off(a, b, typical) for a, b in zip(col, col[1:], strict=False)]

    def apart(k: int, body: list[float]) -> bool:
        return all(gaps[k] > g + _OVER_OTHERS * col[k + 1].size for g in [*body, entry_gap])

    foot_from = [
        k
        for k in range(len(col) - 2, max(len(col) - 1 - _RUN_FOOT_LONG, 1) - 1, -1)
        if off[k]
        and (len(col) - 1 - k <= _RUN_FOOT or first_page and _far_off(col, k, gaps, entry_gap, typical))
    ]
    first_foot = foot_from[0] if foot_from else len(gaps)
    top_k = next(
        (k for k in range(min(_RUN_TOP, len(col) - 1)) if off[k] and apart(k, gaps[k + 1 : first_foot])), None
    )
    start = 0 if top_k is None else top_k + 1
    foot_k = next((k for k in foot_from if k > start and apart(k, gaps[start:k])), None)
    top = 0 if top_k is None else top_k + 1
    foot = 0 if foot_k is None else len(col) - 1 - foot_k
    return top, foot


def _far_off(col: list[Line], k: int, gaps: list[float], entry_gap: float, typical: float) -> bool:
    """A longer run at the foot of the list's first page, blocks of lines set off far beyond the
    list's gaps between entries: the notes of a paper's first page (acmart's addresses and
    permission block, in the list's type size) under a short paper's list. Between the blocks,
    the run's gaps are line gaps or as far."""
    far = _FAR * max(entry_gap, 1.0)
    blocks = all(g <= typical + 0.5 * col[k + 1].size or g > far for g in gaps[k + 1 :])
    flush = all(abs(ln.x0 - col[k + 1].x0) < 1.5 for ln in col[k + 1 :])  # paragraphs set flush left
    return blocks and flush and gaps[k] > far and col[-1].y1 > _LOW * col[-1].page_height


def _opens_like_entries(first: Line, lines: tuple[Line, ...]) -> bool:
    """A foot run that opens an author list where two or more of the list's entries open theirs: a
    last entry that a word processor set further off (LibreOffice's uneven space after a paragraph,
    Word's empty paragraphs between entries), not a foot note or an address."""
    if not opens_author_list(first):
        return False
    same = (ln for ln in lines if ln is not first and abs(ln.x0 - first.x0) <= 1.0)
    return sum(map(opens_author_list, same)) >= 2


def _whole_entry(run: list[Line], rest: list[Line]) -> bool:
    """A run atop a column that is an entry of its own, set further off by uneven space: lines in
    the list's size, the first where the column's lines start, the last closing an entry (a running
    head is one line; a footnote continued there is set smaller)."""
    sizes = {round(ln.size, 1) for ln in rest}
    starts = {round(ln.x0) for ln in rest}
    return (
        all(round(ln.size, 1) in sizes for ln in run)
        and any(abs(round(run[0].x0) - x) <= 1 for x in starts)
        and closes_entry(run[-1].text)
    )


def _same_baseline(a: Line, b: Line) -> bool:
    overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
    return a is not b and a.page == b.page and overlap > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)


def drop_stray_lines(lines: tuple[Line, ...]) -> tuple[Line, ...]:
    """The list without lines set off at a column's top (after its first column) or foot."""
    cols: dict[tuple[int, int], list[Line]] = {}
    for ln in lines:
        cols.setdefault((ln.page, ln.col), []).append(ln)
    first = (lines[0].page, lines[0].col) if lines else None
    gaps = sorted(
        b.y0 - a.y1 for a, b in zip(lines, lines[1:], strict=False) if a.page == b.page and a.col == b.col
    )
    list_gap = gaps[len(gaps) // 2] if gaps else 2.0
    entry_gap = gaps[int(len(gaps) * _ENTRY_GAP_RANK)] if gaps else 2.0
    stray: list[Line] = []
    for key, col in cols.items():
        for _ in range(_ROUNDS):  # a page number below the addresses that end a list
            if len(col) < 2:
                break
            top, foot = _stray_runs(col, list_gap, entry_gap, first is not None and key[0] == first[0])
            foot = 0 if foot and _opens_like_entries(col[len(col) - foot], lines) else foot
            top = 0 if top >= 2 and _whole_entry(col[:top], col[top:]) else top
            top = top if key != first else 0
            if not top and not foot:
                break
            stray.extend([*col[:top], *col[len(col) - foot :]])
            col = col[top : len(col) - foot]
            cols[key] = col
    # a running head or foot split by the gutter ("Preprint submitted to Elsevier" ... "December 1,
    # 2026"): the part in the other column stands on the same baseline, at that column's end
    # and set off a little from the column's lines itself
    ends = []
    for key, col in cols.items():
        if len(col) >= 2:
            typical = _column_gap(col, list_gap)
            if col[-1].y0 - col[-2].y1 > typical + _WIDE_OTHER_SIZE * col[-1].size:
                ends.append(col[-1])
            if key != first and col[1].y0 - col[0].y1 > typical + _WIDE_OTHER_SIZE * col[0].size:
                ends.append(col[0])
    stray.extend(ln for ln in ends if any(_same_baseline(ln, s) for s in stray))
    drop = {id(ln) for ln in stray}
    return tuple(ln for ln in lines if id(ln) not in drop) if drop else lines

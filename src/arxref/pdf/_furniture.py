"""Page furniture out: running heads and feet, page numbers, line numbers.

Rotated arXiv side stamps never reach here (the layout drops rotated text). What is
left is told apart by position (a margin line set off from the body by a gap),
by shape (a bare page number) and by repetition across pages.
"""

from __future__ import annotations

import re

from arxref.pdf._layout import Line

_PAGE_NO = re.compile(r"^(page\s+)?(\d{1,4}|[ivxlc]{1,6})(\s*(/|of)\s*\d{1,4})?$", re.I)
_NUMBERED_HEAD = re.compile(r"^\d{1,4}\s|\s\d{1,4}$")
_MARKER = re.compile(r"^[*†‡§¶]")
_CAPTION = re.compile(r"^(fig\.|figure|table|abbildung|tabelle)\s*[0-9IVX]+", re.I)
_MARGIN = 0.085  # fraction of the page height where running heads and feet live


def _shape(text: str) -> str:
    return re.sub(r"\d+", "#", text.lower().replace(" ", ""))


def _is_margin_line(ln: Line, others: list[Line], gap_needed: float) -> bool:
    """A line in the top or bottom margin with nothing beside it and a gap towards the body."""
    top = ln.y1 < ln.page_height * _MARGIN + 40
    bottom = ln.y0 > ln.page_height * (1 - _MARGIN) - 40
    if not (top or bottom):
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


def _typical_gap(lines: tuple[Line, ...]) -> float:
    gaps = sorted(
        b.y0 - a.y1
        for a, b in zip(lines, lines[1:], strict=False)
        if a.col == b.col and 0 <= b.y0 - a.y1 < 3 * a.size
    )
    return gaps[len(gaps) // 2] if gaps else 2.0


def margin_shapes(texts: tuple[str | None, ...]) -> frozenset[str]:
    """Shapes of the first and last lines of page texts that recur on three pages or more."""
    counts: dict[str, int] = {}
    for text in filter(None, texts):
        lines = [t.strip() for t in text.splitlines() if t.strip()]
        for shape in {_shape(t) for t in lines[:3] + lines[-3:]}:
            counts[shape] = counts.get(shape, 0) + 1
    return frozenset(k for k, v in counts.items() if v >= 3 and k.strip("#"))


def _is_footnote_start(ln: Line, before: Line | None, rest: list[Line], heading: re.Pattern[str]) -> bool:
    """A note at the foot of a column: a raised marker, smaller type than the text above it."""
    if ln.y0 < ln.page_height * 0.6 or before is None or heading.match(before.text):
        return False
    marked = ln.first_size < 0.8 * ln.size or bool(_MARKER.match(ln.text))
    smaller = ln.size < before.size - 0.4
    return marked and smaller and all(o.size <= ln.size + 0.2 for o in rest)


def _drop_footnotes(lines: tuple[Line, ...], heading: re.Pattern[str]) -> tuple[Line, ...]:
    drop: set[int] = set()
    for col in {ln.col for ln in lines}:
        idx = [i for i, ln in enumerate(lines) if ln.col == col]
        for k, i in enumerate(idx):
            before = lines[idx[k - 1]] if k else None
            rest = [lines[j] for j in idx[k + 1 :]]
            if _is_footnote_start(lines[i], before, rest, heading):
                drop.update(idx[k:])
                break
    return tuple(ln for i, ln in enumerate(lines) if i not in drop)


def remove_furniture(
    pages: list[tuple[Line, ...]], heading: re.Pattern[str], recurring: frozenset[str] = frozenset()
) -> list[tuple[Line, ...]]:
    """Each page's lines without running heads, feet, page numbers, line numbers and footnotes."""
    out = []
    for lines in pages:
        if not lines:
            out.append(lines)
            continue
        body = sorted(ln.size for ln in lines)[len(lines) // 2]
        gap_needed = _typical_gap(lines) + 0.3 * body
        text_left = min((ln.x0 for ln in lines if not ln.text.isdigit()), default=0.0)
        text_right = max((ln.x1 for ln in lines if not ln.text.isdigit()), default=1e9)
        kept = []
        for ln in lines:
            if ln.text.isdigit() and (ln.x1 < text_left - 2 or ln.x0 > text_right + 2):
                continue  # line numbers of a review copy
            others = [o for o in lines if o is not ln and (o.col == ln.col or -1 in (o.col, ln.col))]
            if _is_margin_line(ln, others, gap_needed):
                bare = _NUMBERED_HEAD.sub("", ln.text).strip()
                recurs = _shape(ln.text) in recurring or _shape(bare) in recurring
                if _PAGE_NO.match(ln.text) or recurs and not _CAPTION.match(ln.text):
                    continue
            kept.append(ln)
        out.append(_drop_footnotes(tuple(kept), heading))
    return out

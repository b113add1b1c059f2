"""Pages of floats among a list's pages: whether a list runs past them, and where it goes on.

LaTeX sets a figure too big for the page where it is called on a page of its own, and a table
atop the next page; a two-column bibliography runs on past both. The layout may read a table set
across both columns as two columns of short rows, before the list's own lines.
"""

from __future__ import annotations

from arxref.pdf._layout import Line
from arxref.pdf._section import CAPTION, is_prose, opens_entry


def holds_floats_only(lines: list[Line], body: float) -> bool:
    """A page of floats LaTeX set inside a list (figures on a page of their own): a caption, a
    draft figure's file names, little text, and no line in the list's size that starts an entry."""
    if any(opens_entry(ln, body) for ln in lines):
        return False
    in_size = sum(1 for ln in lines if abs(ln.size - body) <= 0.6)
    return any(CAPTION.match(ln.text) for ln in lines) or in_size < _FEW_LINES


_FEW_LINES = 15  # lines in the list's size on a page with no caption that still holds only floats


def first_past_float(lines: list[Line], body: float) -> Line | None:
    """A page's first line in the list's size, past a table set atop it: its caption, then rows of
    few words (which the layout may read into the list's column), up to the line that opens an
    entry. A page that opens with prose, or with no caption, is taken as it comes."""
    in_size = [ln for ln in lines if abs(ln.size - body) <= 0.6]
    if not in_size or not CAPTION.match(in_size[0].text):
        return in_size[0] if in_size else None
    for ln in in_size[1:]:
        if opens_entry(ln, body):
            return ln
        if is_prose(ln):
            break  # a line of prose: the page goes on with text, not with the list
    return in_size[0]


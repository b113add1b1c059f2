"""Where a bibliography's entries start in each column: the label position and the text indent.

A list is set with a hanging indent (every line after an entry's first starts further
right: IEEEtran, natbib, biblatex, amsalpha) or flush (every line at the left edge, the
label inline). In a hanging list an entry starts left of the text indent, wherever its
label begins: labels right-aligned in a box of the widest label's width (amsalpha's
[SGA 4], alpha's [BDRG+10]) start anywhere between the left edge and the indent, and a
label printed at the indent is the first word of a continuation line ("(2):421-421").
"""

from __future__ import annotations

from dataclasses import dataclass

from arxref.pdf._labels import label_of
from arxref.pdf._layout import Line

_SAME_X = 1.6  # two line starts this close are set at the same position (justification, italic overhang)
_OUTDENT = 2.0  # a line starting this far left of the text indent is outdented: an entry start
_HANGING_SHARE = 0.08  # outdented lines among all: fewer are strays (a running head), not a list's starts

Column = tuple[int, int]  # (page, col)


@dataclass(frozen=True)
class Indents:
    """Each column's left edge and text indent, and whether the list hangs."""

    left: dict[Column, float]
    text: dict[Column, float]  # where lines without a label start (continuation lines in a hanging list)
    hanging: bool

    def outdented(self, ln: Line) -> bool:
        """A line starting left of its column's text indent: where a hanging list's entries start."""
        return ln.x0 < self.text[(ln.page, ln.col)] - _OUTDENT

    def at_label_position(self, ln: Line, slack: float) -> bool:
        """Whether a label on `ln` stands where the list prints labels (`slack`: flush lists only)."""
        if self.hanging:
            return self.outdented(ln)
        return ln.x0 <= self.left[(ln.page, ln.col)] + slack


def most_common_x(xs: list[float]) -> float:
    """The start position most lines share (within a point or two)."""
    xs = sorted(xs)
    best, best_n, j = xs[0], 0, 0
    for i, x in enumerate(xs):
        while xs[j] < x - _SAME_X:
            j += 1
        if i - j + 1 > best_n:
            best, best_n = xs[(i + j) // 2], i - j + 1
    return best


def measure_indents(lines: tuple[Line, ...]) -> Indents:
    """The left edge and text indent of each column of the list, and whether it hangs."""
    by_col: dict[Column, list[Line]] = {}
    for ln in lines:
        by_col.setdefault((ln.page, ln.col), []).append(ln)
    left = {key: min(ln.x0 for ln in ls) for key, ls in by_col.items()}
    text: dict[Column, float] = {}
    for key, ls in by_col.items():
        plain = [ln.x0 for ln in ls if label_of(ln.text) is None]
        if plain:
            text[key] = most_common_x(plain)
    offsets = sorted(text[k] - left[k] for k in text)
    offset = offsets[len(offsets) // 2] if offsets else 0.0
    for key in by_col:
        text.setdefault(key, left[key] + offset)  # every line labelled: the indent of the other columns
    indents = Indents(left, text, hanging=False)
    out = sum(1 for ln in lines if indents.outdented(ln))
    return Indents(left, text, hanging=out >= max(2, _HANGING_SHARE * len(lines)))

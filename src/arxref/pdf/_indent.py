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

from arxref.pdf._labels import Label, raised_label
from arxref.pdf._layout import Line, body_size

_SAME_X = 1.6  # two line starts this close are set at the same position (justification, italic overhang)
_OUTDENT = 2.0  # a line starting this far left of the text indent is outdented: an entry start
_HANGING_SHARE = 0.08  # outdented lines among all: fewer are strays (a running head), not a list's starts

_SHARE = 0.25  # lines at one position that make it the column's indent, not a stray line's
MAX_HANG_EM = 7.0  # the widest hanging indent, in type sizes: an alpha label box is 6 to 6.5 ("[BDRG+10]"
# 60 pt at 10 pt, "[ZBH+17]" 71 pt at 11 pt); IEEE's biography beside its photo is in by 10 (79 pt at 8 pt)


def max_hang(size: float) -> float:
    """The widest hanging indent a list set in `size` points may have."""
    return MAX_HANG_EM * size


Column = tuple[int, int]  # (page, col)


@dataclass(frozen=True)
class Indents:
    """Each column's left edge and text indent, and whether the list hangs."""

    left: dict[Column, float]
    text: dict[Column, float]  # where lines without a label start (continuation lines in a hanging list)
    hanging: bool
    seen: frozenset[Column] = frozenset()  # columns whose indent was seen, there or in the same column

    def outdented(self, ln: Line) -> bool:
        """A line starting left of its column's text indent: where a hanging list's entries start."""
        return ln.x0 < self.text[(ln.page, ln.col)] - _OUTDENT

    def at_label_position(self, ln: Line, slack: float) -> bool:
        """Whether a label on `ln` stands where the list prints labels (`slack`: flush lists only)."""
        if self.hanging:
            return self.outdented(ln)
        return ln.x0 <= self.left[(ln.page, ln.col)] + slack


def _clusters(xs: list[float]) -> list[tuple[float, int]]:
    """Line starts grouped by position, left to right: (median x, how many)."""
    xs = sorted(xs)
    groups: list[list[float]] = [[xs[0]]]
    for x in xs[1:]:
        if x - groups[-1][-1] <= _SAME_X:
            groups[-1].append(x)
        else:
            groups.append([x])
    return [(g[len(g) // 2], len(g)) for g in groups]


def _labelled(ln: Line, labels: dict[str, Label]) -> bool:
    """A line that starts with a label; a bare number ("2016, ApJ") begins continuation lines too,
    and so does a number alone ("509." after "489–"), which may also be a label Word wrapped away
    from its entry's text."""
    own = [lab for f, lab in labels.items() if f != "bare" and lab.end < len(ln.text)]
    return bool(own) or raised_label(ln.raised, ln.text) is not None


def _bare_chain(lines: tuple[Line, ...], labels: list[dict[str, Label]]) -> set[int]:
    """Lines whose bare number goes on from the bare number before it, three or more in a row
    ("1 E. M. McMillan", "2 W. Hua", "3 G. Contini", RSC's labels): labels, though a bare number
    alone may also open a continuation line."""
    run: list[int] = []
    found: set[int] = set()
    previous = None
    for ln, labs in zip(lines, labels, strict=True):
        bare = labs.get("bare")
        if bare is None or bare.number is None or bare.end >= len(ln.text):
            continue  # a number alone on its line: a page number's, a line number's
        if previous is not None and bare.number == previous + 1:
            run.append(id(ln))
        else:
            run = [id(ln)]
        previous = bare.number
        if len(run) >= 3:
            found.update(run)
    return found


def _shared_indent(groups: list[tuple[float, int]], n: int, left: float, hang: float) -> float | None:
    """The rightmost position that a good share of a column's unlabelled lines start at (an
    unlabelled hanging list has two, its entries' first lines and the rest); None when too few
    lines share any position to tell."""
    shared = [x for x, k in groups if k >= max(2, _SHARE * n) and x - left <= hang]
    return shared[-1] if shared else None


def _same_column(key: Column, measured: dict[Column, float]) -> float | None:
    """The indent of the same column on the nearest page of the same parity (twoside margins),
    else on the nearest page."""
    page, col = key
    same = [k for k in measured if k[1] == col]
    if not same:
        return None
    best = min(same, key=lambda k: ((k[0] - page) % 2, abs(k[0] - page)))
    return measured[best]


def _same_edge(key: Column, left: dict[Column, float], measured: dict[Column, float]) -> float | None:
    """The text indent of the same column on the nearest other page where it starts at the same
    edge and hangs: the list's first column holding entries of one line only (its first two,
    under its heading at a column's foot) shows no indent of its own, and each line starts an
    entry. (Not a last column: what follows a list there, a publisher's disclaimer, is flush.)"""
    same = [
        k
        for k in measured
        if k[1] == key[1]
        and k != key
        and measured[k] - left[k] > _OUTDENT
        and abs(left[k] - left[key]) <= _SAME_X
    ]
    if not same:
        return None
    return measured[min(same, key=lambda k: abs(k[0] - key[0]))]


def _hung_here(lines: list[Line], offset: float) -> float | None:
    """The right one of two line starts in a column that stand the list's hanging offset apart:
    its text indent, read off its own lines (a column's position shifts from page to page in a
    two-sided layout, so another page's indent may not fit it)."""
    starts = sorted({round(ln.x0, 1) for ln in lines})
    for a in starts:
        for b in starts:
            if abs(b - a - offset) <= _SAME_X:
                return b
    return None


def _list_offset(
    text: dict[Column, float], left: dict[Column, float], groups: dict[Column, list[tuple[float, int]]]
) -> float:
    """The list's hanging offset: the middle of its columns' offsets; or, where most columns show
    none (entries mostly of one line: MNRAS, Annual Reviews), the offset of those that do, if lines
    of two columns or more start there (too few in some to make it their indent)."""
    offsets = sorted(text[k] - left[k] for k in text)
    middle = offsets[len(offsets) // 2] if offsets else 0.0
    hung = [o for o in offsets if o > _OUTDENT]
    if middle > _OUTDENT or not hung:
        return middle
    offset = hung[len(hung) // 2]
    showing = sum(1 for k, gs in groups.items() if any(abs(x - left[k] - offset) <= _SAME_X for x, _ in gs))
    return offset if showing >= 2 else middle


def measure_indents(lines: tuple[Line, ...], labels: list[dict[str, Label]]) -> Indents:
    """The left edge and text indent of each column of the list, and whether it hangs.

    A column where entries of one line outnumber the rest (mnras, A&A) or that holds a few
    lines shows its indent less clearly than the list does: there the list's hanging offset
    picks the position, among those its lines start at, that continuation lines use.
    """
    by_col: dict[Column, list[Line]] = {}
    labelled: set[int] = _bare_chain(lines, labels)
    for ln, labs in zip(lines, labels, strict=True):
        by_col.setdefault((ln.page, ln.col), []).append(ln)
        if _labelled(ln, labs):
            labelled.add(id(ln))
    left = {key: min(ln.x0 for ln in ls) for key, ls in by_col.items()}
    hang = max_hang(body_size(lines))
    groups: dict[Column, list[tuple[float, int]]] = {}
    text: dict[Column, float] = {}
    for key, ls in by_col.items():
        plain = [ln.x0 for ln in ls if id(ln) not in labelled]
        if plain:
            groups[key] = _clusters(plain)
            at = _shared_indent(groups[key], len(plain), left[key], hang)
            if at is not None:
                text[key] = at
    offset = _list_offset(text, left, groups)
    first = (lines[0].page, lines[0].col) if lines else None
    measured = dict(text)
    for key in by_col:
        if offset > _OUTDENT and key in text and text[key] - left[key] <= _OUTDENT:
            near = [x for x, _ in groups[key] if _OUTDENT < x - left[key] <= hang]
            if near:
                text[key] = min(near, key=lambda x: abs(x - left[key] - offset))
            elif key == first and (edge := _same_edge(key, left, measured)) is not None:
                text[key] = edge  # the list's first entries of one line only, under its heading
        if key not in text and offset > _OUTDENT and (here := _hung_here(by_col[key], offset)) is not None:
            text[key] = here  # a few lines, an entry's first and the next, show the column's indent
        if key not in text:  # a few lines (an entry's tail atop a page): the column's indent elsewhere
            elsewhere = _same_column(key, measured)
            if elsewhere is not None:
                text[key] = elsewhere
    seen = frozenset(text)
    for key in by_col:
        text.setdefault(key, left[key] + offset)
    indents = Indents(left, text, hanging=False)
    out = sum(1 for ln in lines if indents.outdented(ln))
    return Indents(left, text, hanging=out >= max(2, _HANGING_SHARE * len(lines)), seen=seen)

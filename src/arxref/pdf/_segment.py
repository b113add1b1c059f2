"""Split a bibliography's lines into entries, for each label family or none.

Lines set off at a column's top or foot are dropped first (_strays). Numeric labels ([1],
1., (1), bare or superscript 1) start an entry only when the number continues the index
chain; alpha labels ([BCD+12], "BB08.", "[Lee and DiCesare 1994]") start one where labels
stand: left of the text indent in a hanging list (_indent), at the left edge in a flush
one. Unlabelled author-year lists are split by _authoryear. An entry ends at a wide gap,
at a column break into another type size, and the last one at a line off the text indent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from arxref.pdf._authoryear import goes_on_from, unlabeled_starts
from arxref.pdf._glyphs import undecoded
from arxref.pdf._indent import Indents, measure_indents
from arxref.pdf._labels import Label, accept_number, line_labels, raised_label
from arxref.pdf._layout import Line, body_size
from arxref.pdf._strays import drop_stray_lines

_NUMERIC = ("bracket", "paren", "dot", "bare", "raised")
_YEARLESS_ALPHA = re.compile(r"^([A-Z][A-Za-z+\-]{1,7})\.\s+(?=[A-Z])")
_OFF_INDENT = 2.5  # points: a continuation line further than this from the text indent is not one
_SIZE_CHANGE = 0.7  # points: another type size (footnote, caption), not the same one measured twice
_RUN_ON = 3  # labels in a row that show a list numbered on from the one before it


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
    candidates: list[tuple[int, Label, bool]] = []
    for i, ln in enumerate(lines):
        lab = raised_label(ln.raised, ln.text) if family == "raised" else labels[i].get(family)
        if lab is None or lab.number is None:
            continue
        at_pos = indents.at_label_position(ln, 12)
        if (indents.hanging or family in ("bare", "raised")) and not at_pos:
            continue
        if family == "bare" and _number_alone(lines, i) and _number_alone(lines, i + 1):
            continue  # a column of numbers alone (line numbers left on a table's page), no entries
        candidates.append((i, lab, at_pos))
    starts: list[tuple[int, Label]] = []
    previous = _numbered_on(candidates)
    for i, lab, at_pos in candidates:
        if accept_number(previous, lab.number, at_pos):
            starts.append((i, lab))
            previous = lab.number
    if family not in ("dot", "bracket"):
        return starts
    return _typed_without_mark(lines, starts, indents, labels, family)


def _typed_without_mark(
    lines: tuple[Line, ...],
    starts: list[tuple[int, Label]],
    indents: Indents,
    labels: list[dict[str, Label]],
    family: str,
) -> list[tuple[int, Label]]:
    """The chain with a label typed amiss put back where it skips one, at the label position with a
    capital after it: typed without its dot or brackets ("15 Koetter, F." between "14." and "16."),
    else typed with a wrong number (a thesis numbering "3.", "3.", "5.": the entry keeps its printed
    number)."""
    found = list(starts)
    for (i, a), (j, b) in zip(starts, starts[1:], strict=False):
        if a.number is None or b.number != a.number + 2:
            continue
        for kind, wanted in (("bare", a.number + 1), (family, None)):
            k, lab = next(
                (
                    (k, lab)
                    for k in range(i + 1, j)
                    if (lab := labels[k].get(kind)) is not None
                    and (wanted is None or lab.number == wanted)
                    and lines[k].text[lab.end : lab.end + 1].isupper()
                    and indents.at_label_position(lines[k], 12)
                ),
                (None, None),
            )
            if k is not None:
                found.append((k, lab))
                break
    return sorted(found, key=lambda s: s[0])


def _late_chain(starts: list[tuple[int, Label]], lines: tuple[Line, ...]) -> bool:
    """A chain of labels that begins only in the second half of the lines (numbers on a table's page
    after an author-year list, line numbers the furniture filter missed): not the list's labels."""
    return starts[0][0] > _LATE_START and starts[0][0] > len(lines) // 2


_LATE_START = 5  # lines before a list's first label: an introductory sentence at most


def _number_alone(lines: tuple[Line, ...], i: int) -> bool:
    return i < len(lines) and lines[i].text.strip().isdigit()


def _numbered_on(candidates: list[tuple[int, Label, bool]]) -> int:
    """The number before the list's first: 0, or n - 1 for a list numbered on from the list before
    it (multibib's, bibtopic's second list: [103], [104], [105]...), whose first labels run on."""
    numbers = [lab.number for _, lab, at_pos in candidates[:_RUN_ON] if at_pos]
    first = numbers[0] if numbers else 1
    if first > 1 and numbers == list(range(first, first + _RUN_ON)):
        return first - 1
    return 0


def _alpha(
    lines: tuple[Line, ...], indents: Indents, labels: list[dict[str, Label]]
) -> list[tuple[int, Label]]:
    """Lines that start with an alpha label at the label position. Labels name one entry each
    (alpha styles add "a", "b" to a repeated one): a bracketed word that recurs at line starts
    is text that wrapped there, as Harvard styles' "[Online]" and "[Accessed ...]", no label."""
    starts = []
    for i, ln in enumerate(lines):
        lab = labels[i].get("alpha")
        if lab is not None and indents.at_label_position(ln, 4):
            starts.append((i, lab))
    if len({lab.text for _, lab in starts}) < _DISTINCT_LABELS * len(starts):
        return []
    return starts


_DISTINCT_LABELS = 0.8  # share of an alpha list's labels that must differ from one another


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
            # ... but a sentence left open goes on, however far ("... Journal" + "of Open Source")
            wide = wide and not goes_on_from(a.text, b.text)
            if same_col and wide or not same_col and _other_type(ls[k:], body):
                e = Entry(tuple(ls[:k]), e.label, e.index, (*e.flags, "cut_at_gap"))
                break
        out.append(e)
    return out


def split_entries(lines: tuple[Line, ...], after_rule: Callable[[Line], bool] | None = None) -> list[Entry]:
    """The entries of one bibliography, in order, each with its printed label and index;
    `after_rule` says whether a rule is drawn just before a line (a dash repeating authors)."""
    lines = _close_broken_labels(drop_stray_lines(lines))
    if not lines:
        return []
    labels = [line_labels(ln.text) for ln in lines]
    indents = measure_indents(lines, labels)
    entries = _end_list(_cut_at_gap(_split(lines, indents, labels, after_rule), lines), indents)
    return [_flag_undecoded(e) for e in entries]


_OPEN_LABEL = re.compile(r"^\[(\d{1,4})\s")


def _close_broken_labels(lines: tuple[Line, ...]) -> tuple[Line, ...]:
    """Word's bibliography sets a label too wide for its tab stop as "[10" on the entry's first line
    and its "]" at the start of the next ("[10 R. Seminario, «MÉTODOS" + "] PARA INGENIERÍA"): the
    label is "[10]", and the next line goes on with the entry's text."""
    out = list(lines)
    for i, (a, b) in enumerate(zip(lines, lines[1:], strict=False)):
        m = _OPEN_LABEL.match(a.text)
        if m and b.text.startswith("]") and (a.page, a.col) == (b.page, b.col) and abs(b.x0 - a.x0) < a.size:
            out[i] = replace(a, text=f"[{m.group(1)}] {a.text[m.end() :]}")
            after = lines[i + 2] if i + 2 < len(lines) else None  # where the entry's text lines start
            hangs = after is not None and (after.page, after.col) == (b.page, b.col) and after.x0 > b.x0
            out[i + 1] = replace(b, text=b.text[1:].lstrip(), x0=after.x0 if hangs else b.x0 + a.size)
    return tuple(out)


def _flag_undecoded(entry: Entry) -> Entry:
    """An entry with a glyph no font encoding explained (U+FFFD, a control code) says so."""
    if any(undecoded(ln.text) for ln in entry.lines):
        return Entry(entry.lines, entry.label, entry.index, (*entry.flags, "undecoded_glyphs"))
    return entry


def _split(
    lines: tuple[Line, ...],
    indents: Indents,
    labels: list[dict[str, Label]],
    after_rule: Callable[[Line], bool] | None,
) -> list[Entry]:
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
    if len(best) >= 2 and not _late_chain(best, lines):
        return _numbered(lines, best, best_family)
    starts = unlabeled_starts(lines, indents, after_rule)
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
        # an unlabelled entry goes on at the column's edge too: its starts were told otherwise (a
        # first line indented instead of hanging, space between entries), so a line there is its own
        at_edge = last.label is None and abs(b.x0 - indents.left[key]) <= _OFF_INDENT
        off = abs(b.x0 - indents.text[key]) > _OFF_INDENT and not at_edge and not goes_on_from(a.text, b.text)
        if (same_col or key in indents.seen) and off:
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

"""Margin line numbers out, before a page's lines are formed: they share a baseline with the text
they number (LaTeX's lineno, a review copy's ruler, Word's and LibreOffice's line numbering).

A column of rising numbers counts lines when between two of them stand as many text rows as
their values differ; a ruler steps down at one pitch whatever the text does; numbers set
smaller than the text in a margin outside all of it count lines too, even where both columns'
numbers share one margin. An entry label grows by one per entry and touches its text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from statistics import median
from typing import Protocol, TypeVar


class _Box(Protocol):
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float


_B = TypeVar("_B", bound=_Box)
_NUMBER = re.compile(r"^\d{1,5}$")


def _edge_groups(nums: list[_B], edge: str, least: int = 3) -> list[list[_B]]:
    """Numbers whose left (or right) edges line up within a point, each group top to bottom."""
    groups: list[list[_B]] = []
    for f in sorted(nums, key=lambda f: getattr(f, edge)):
        if groups and abs(getattr(f, edge) - getattr(groups[-1][-1], edge)) <= 1.0:
            groups[-1].append(f)
        else:
            groups.append([f])
    return [sorted(g, key=lambda f: f.y0) for g in groups if len(g) >= least]


def _rows(frags: Sequence[_Box]) -> list[float]:
    """Vertical centres of the text rows among `frags`: sub- and superscripts join their row."""
    rows: list[list[_Box]] = []
    for f in sorted(frags, key=lambda f: (f.y0 + f.y1) / 2):
        if rows and (f.y0 + f.y1) / 2 < max(o.y1 for o in rows[-1]):
            rows[-1].append(f)
        else:
            rows.append([f])
    mains = [max(row, key=lambda o: o.size) for row in rows]
    return [(m.y0 + m.y1) / 2 for m in mains]


def _numbers_lines(group: Sequence[_Box], others: Sequence[_Box]) -> bool:
    """Whether aligned numbers count the lines beside them, as margin line numbers do.

    A line number grows by one for each line of text (or by five for every fifth), so
    between two of them there are as many lines as their values differ, and it stands
    apart from the text. An entry label grows by one per entry of one or more lines, and
    touches the text of its entry. Three kinds are told from labels: numbers set after
    the text of their row (a right margin's: labels come first); a ruler's, one per fixed
    step down the page whatever the text does (CVPR's review ruler); and numbers set as
    large as the text (Word's line numbering), which number a list's continuation lines
    as well as the lines that start an entry.
    """
    values = [int(f.text) for f in group]
    if any(b <= a for a, b in zip(values, values[1:], strict=False)):
        return False
    beside: list[_Box] = []
    rows: list[str] = []  # the text of each number's row
    smaller = True
    trailing = touching = 0
    tops = sorted(others, key=lambda o: o.y0)
    starts = [o.y0 for o in tops]
    tallest = max((o.y1 - o.y0 for o in tops), default=0.0)
    for f in group:
        # the rows beside f: only fragments starting less than the tallest one's height above it
        near_rows = tops[bisect_left(starts, f.y0 - tallest) : bisect_right(starts, f.y1)]
        row = [o for o in near_rows if min(o.y1, f.y1) - max(o.y0, f.y0) > 0]
        if not row:
            continue
        rows.append(" ".join(o.text for o in sorted(row, key=lambda o: o.x0)))
        near = min(row, key=lambda o: max(o.x0 - f.x1, f.x0 - o.x1))
        if near.x1 <= f.x0 + 1:
            trailing += 1  # set after the text (a right margin's): never a label
        elif near.x0 - f.x1 < 0.3 * near.size:
            touching += 1
        smaller = smaller and f.size <= 0.9 * near.size
        beside.append(near)
    if touching > 0.5 * len(beside):
        return False  # labels touch the text of their entries (one line may come close, a heading's)
    outside = _outside_text(group, others)
    if _ruled(group, values) and (smaller or not beside or outside):
        return True  # a ruler: smaller than the text, or standing in a margin outside all of it
    if smaller and len(group) >= _RULER_MIN and outside and _line_steps(group, others):
        return True  # lineno in two columns: both columns' numbers in one margin, a line's height apart
    steps = {b - a for a, b in zip(values, values[1:], strict=False)}
    if smaller and len(group) >= 3 and steps in ({5}, {10}) and outside:
        return True  # every fifth (or tenth) line numbered, outside the text: no labels step so
    if len(beside) < 0.5 * len(group):
        return False
    if trailing > 0.8 * len(beside):
        return True
    matched = _matched_steps(group, values, beside, others)
    if not smaller:
        # only a list of one-line entries numbers every row with labels: each row a whole entry
        lone = len(group) - len(beside)  # a blank line numbered (Word, LibreOffice)
        open_rows = sum(1 for t in rows if _GOES_ON.match(t) or _LEFT_OPEN.search(t))
        return len(group) >= 5 and matched == len(group) - 1 and (lone or open_rows >= 0.2 * len(rows))
    # a page's last few numbered lines (the end of a list) must all agree; a longer run may
    # cross displayed equations or floats whose lines are not numbered
    return matched == len(group) - 1 or len(group) >= 5 and matched >= 0.6 * (len(group) - 1)


# How a line that goes on from the one above starts: a lower-case word, a number, a bracket
_GOES_ON = re.compile(r"^[a-z0-9(\[]")
# How a line that the next one goes on from ends: a comma, a hyphen, a word with no stop after it
_LEFT_OPEN = re.compile(r"(?:[,;:\-–]|[^\W\d_])$")
_RULER_MIN = 8  # numbers a ruler shows at the least on a page


def _line_steps(group: Sequence[_Box], others: Sequence[_Box]) -> bool:
    """Whether numbers step down about one text line at a time (a list's labels step an entry)."""
    steps = sorted(b.y0 - a.y0 for a, b in zip(group, group[1:], strict=False))
    heights = sorted(o.y1 - o.y0 for o in others if len(o.text.strip()) > 1)
    return bool(steps) and bool(heights) and steps[len(steps) // 2] <= 1.6 * heights[len(heights) // 2]


def _outside_text(group: Sequence[_Box], others: Sequence[_Box]) -> bool:
    """Whether a column of numbers stands wholly outside the page's text, left or right of it."""
    text = [o for o in others if len(o.text.strip()) > 1]
    if not text:
        return False
    left, right = min(o.x0 for o in text), max(o.x1 for o in text)
    return all(f.x1 < left - 1 for f in group) or all(f.x0 > right + 1 for f in group)


def _ruled(group: Sequence[_Box], values: list[int]) -> bool:
    """Whether numbers step down the page at one fixed pitch, one value per step: a ruler."""
    if len(group) < _RULER_MIN or any(b - a != 1 for a, b in zip(values, values[1:], strict=False)):
        return False
    steps = [b.y0 - a.y0 for a, b in zip(group, group[1:], strict=False)]
    pitch = median(steps)
    if pitch <= 0 or any(not 0.9 * pitch <= s <= 1.5 * pitch for s in steps):
        return False
    # a step or two a little longer (a numbered blank paragraph's space before): still a ruler
    off = sum(1 for s in steps if abs(s - pitch) > 0.05 * pitch)
    return off <= _RULER_OFF_STEPS * len(steps)


_RULER_OFF_STEPS = 0.1  # share of a ruler's steps that may be longer than its pitch


def _matched_steps(
    group: Sequence[_Box], values: list[int], beside: list[_Box], others: Sequence[_Box]
) -> int:
    """How many steps from one number to the next have as many text rows between them as the
    values differ by, less one."""
    left, right = min(o.x0 for o in beside), max(o.x1 for o in beside)
    # the rows of the numbered text's column: any line across its span, though it start further
    # out (a list's continuation lines left of its first lines' text, under Word's labels)
    rows = _rows([o for o in others if o.x1 > left + 1 and o.x0 < right - 1])
    room = 0.4 * median(o.size for o in beside)  # a number and its own row share a centre
    matched = 0
    for a, b, va, vb in zip(group, group[1:], values, values[1:], strict=False):
        ca, cb = (a.y0 + a.y1) / 2, (b.y0 + b.y1) / 2
        between = sum(1 for y in rows if ca + room < y < cb - room)
        matched += between == vb - va - 1
    return matched


def drop_line_numbers(frags: list[_B]) -> list[_B]:
    """The page's text fragments without the margin line numbers of a review copy (lineno)."""
    nums = [f for f in frags if _NUMBER.match(f.text)]
    others = [f for f in frags if not _NUMBER.match(f.text)]
    if len(nums) < 3:
        strays = {id(f) for f in [*_margin_strays(nums, others), *sum(_numbered_pairs(nums, others), [])]}
        return [f for f in frags if id(f) not in strays] if strays else frags
    drop: set[int] = set()
    groups = []
    for edge in ("x0", "x1"):
        for group in (run for g in _edge_groups(nums, edge) for run in _rising_runs(g)):
            if _numbers_lines(group, others):
                drop.update(id(f) for f in group)
                groups.append(group)
    for f in nums:
        if id(f) not in drop and any(_continues_group(f, g) for g in groups):
            drop.add(id(f))
    drop.update(id(f) for f in _margin_strays(nums, others) if not groups)
    if not groups:
        drop.update(id(f) for pair in _numbered_pairs(nums, others) for f in pair)
    return [f for f in frags if id(f) not in drop] if drop else frags


def _numbered_pairs(nums: list[_B], others: list[_B]) -> list[list[_B]]:
    """The only two numbers at their edge, one after the other, beside two lines one under the other
    (a line-numbered manuscript's list ending atop a page): line numbers when the second numbers a
    line that goes on from the first, which a label never does: the first leaves its sentence
    open, or the second starts at a hanging indent."""
    pairs = []
    for edge in ("x0", "x1"):
        for a, b in (g for g in _edge_groups(nums, edge, least=2) if len(g) == 2):
            local = [o for o in others if a.y0 - 3 * a.size < o.y0 < b.y1 + 3 * a.size]  # not a header
            if int(b.text) != int(a.text) + 1 or not _outside_text([a, b], local):
                continue
            rows = [[o for o in others if min(o.y1, f.y1) - max(o.y0, f.y0) > 0] for f in (a, b)]
            between = [o for o in others if a.y1 < (o.y0 + o.y1) / 2 < b.y0]
            if not all(rows) or between or b.y0 - a.y0 > 3 * a.size:
                continue  # a row between them: the labels of an entry of several lines
            first, second = (min(r, key=lambda o: o.x0) for r in rows)
            first_text = " ".join(o.text for o in sorted(rows[0], key=lambda o: o.x0))
            if _LEFT_OPEN.search(first_text) or second.x0 > first.x0 + 2:
                pairs.append([a, b])
    return pairs


def _margin_strays(nums: list[_B], others: list[_B]) -> list[_B]:
    """One or two numbers in the side margin beside the text's lines, left of all of it and set
    in a smaller type: a line numbering that prints every fifth number (Copernicus), on a page with
    few lines (a list's labels are set in its own size)."""
    text = [o for o in others if len(o.text.strip()) > 1]
    if not text or len(nums) > 2:
        return []
    left, top, bottom = min(o.x0 for o in text), min(o.y0 for o in text), max(o.y1 for o in text)
    size = sorted(o.size for o in text)[len(text) // 2]
    return [f for f in nums if f.x1 < left - size and top <= f.y0 and f.y1 <= bottom and f.size <= size - 0.4]


def _rising_runs(group: list[_B]) -> list[list[_B]]:
    """A column of numbers cut where the values stop rising, or rise by more lines than the space
    between them holds, each run of three or more: a page's head and foot may be numbered on
    their own (MDPI's template numbers its header 100, 101, its foot 102, in the margin that
    numbers the text 463, 464, ...), and a page number may stand in that margin (103 over 977)."""
    runs: list[list[_B]] = [[]]
    for f in group:
        if runs[-1]:
            last = runs[-1][-1]
            rise = int(f.text) - int(last.text)
            if rise <= 0 or f.y0 - last.y0 < 0.5 * f.size * rise:
                runs.append([])
        runs[-1].append(f)
    return [r for r in runs if len(r) >= 3]


def _continues_group(f: _Box, group: list[_B]) -> bool:
    """Whether a number out of line with a group of line numbers is one of them by its value: set
    where the group's count puts it (lineno in two columns sets a column's first number astray)."""
    if abs(f.size - group[0].size) > 0.5:
        return False
    value = int(f.text)
    near = min(group, key=lambda g: abs(int(g.text) - value))
    steps = int(near.text) - value
    if not 0 < abs(steps) <= 3:
        return False
    pitches = [(b.y0 - a.y0) / (int(b.text) - int(a.text)) for a, b in zip(group, group[1:], strict=False)]
    pitch = median(pitches)
    return abs(near.y0 - steps * pitch - f.y0) < 0.4 * pitch

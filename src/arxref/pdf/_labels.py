"""Printed entry labels: their families, and the index chain that keeps numbers honest.

A number is accepted as an index only when it continues the chain (previous + 1, or a
small forward jump at the label position, kept visible as a gap), so a year or a page
number at a line start never becomes an index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PATTERNS = (
    ("bracket", re.compile(r"^\[(\d{1,4})\]\s*")),
    ("alpha", re.compile(r"^\[([^\]\s]*[A-Za-z][^\]]{0,20})\]\s*")),
    ("paren", re.compile(r"^\((\d{1,4})\)\s*")),
    ("dot", re.compile(r"^(\d{1,4})\.(?:\s+|(?=[A-Z]))")),
    ("bare", re.compile(r"^(\d{1,4})\s+(?=\S)")),
)
_RAISED = re.compile(r"^\d{1,4}$")
_MAX_JUMP = 3  # a forward jump at the label position larger than this is not believed


@dataclass(frozen=True)
class Label:
    """A label printed at the start of a line."""

    family: str
    text: str  # as printed inside its brackets, e.g. "12", "BCD+12"
    number: int | None
    end: int  # offset in the line where the entry text begins


def label_of(text: str, family: str | None = None) -> Label | None:
    """The label a line starts with (of `family` if given), or None."""
    for fam, pat in _PATTERNS:
        if family is not None and fam != family:
            continue
        m = pat.match(text)
        if m:
            if fam == "alpha" and len(m.group(1)) > 12 and " " in m.group(1):
                continue
            number = int(m.group(1)) if m.group(1).isdigit() else None
            return Label(fam, m.group(1), number, m.end())
    return None


def raised_label(raised: str, text: str) -> Label | None:
    """The superscript number a line starts with (ACS, Nature styles), given the raised span's text."""
    if not _RAISED.match(raised) or not text.startswith(raised):
        return None
    rest = text[len(raised) :]
    return Label("raised", raised, int(raised), len(text) - len(rest.lstrip()))


def accept_number(previous: int, number: int, at_label_position: bool) -> bool:
    """Whether `number` may be the next index after `previous` (a gap only at the label position)."""
    if number == previous + 1:
        return True
    return at_label_position and previous + 1 < number <= previous + 1 + _MAX_JUMP

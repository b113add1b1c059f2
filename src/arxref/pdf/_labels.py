"""Printed entry labels: their families, and the index chain that keeps numbers honest.

A number is accepted as an index only when it continues the chain (previous + 1, or a
small forward jump at the label position, kept visible as a gap), so a year or a page
number at a line start never becomes an index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_PATTERNS = (
    ("bracket", re.compile(r"^\[(\d{1,6})\]\s*")),
    ("alpha", re.compile(r"^\[([^\]]{1,80})\]\s*")),
    # alpha labels without brackets, as LNCS prints them: "BB08.", "BSCTV14." (letters, a two-digit year)
    ("alpha", re.compile(r"^([A-Za-z][A-Za-z+\-]{0,7}\d\d[a-z]?)\.\s+")),
    # (never an issue number opening a continuation line: "(1), S. 90–116", "(4): 565–602")
    ("paren", re.compile(r"^\((\d{1,6})\)(?![,.;:])\s*")),
    # the label may stand alone on its line: Word wraps an entry that opens with a long URL
    ("dot", re.compile(r"^(\d{1,6})\.(?:\s+|(?=[A-Z])|$)")),
    # ... a bare number too, on a line of its own above its entry (a Zotero export's numbered list)
    ("bare", re.compile(r"^(\d{1,6})(?:\s+(?=\S)|\s*$)")),
)
_RAISED = re.compile(r"^\d{1,6}$")
# An author-year label in brackets ("[Lee and DiCesare 1994]", AAAI, Harvard styles) ends in a year;
# a long bracketed text ending otherwise is a note ("[cf. p. 3, 39]"), not a label; so is one with a
# day before its year or a colon, an access date ("[consulta: 4 de mayo de 2018]", "[Accessed 12 May 2019]").
# ... or in its "no date" ("[Cheeseman et al. n.d.]", Portuguese "s.d.", German "o.J.")
_YEAR_END = re.compile(r"(?:(?:1[5-9]|20)\d\d[a-z]?|\b[ns]\.\s?[df]\.|\bo\.\s?J\.|\bin\s+press)$")
_DATE_NOTE = re.compile(r":|\b\d{1,2}\b\D+(?:1[5-9]|20)\d\d")
_SHORT_ALPHA = 12
_MAX_JUMP = 3  # a forward jump at the label position larger than this is not believed


@dataclass(frozen=True)
class Label:
    """A label printed at the start of a line."""

    family: str
    text: str  # as printed inside its brackets, e.g. "12", "BCD+12"
    number: int | None
    end: int  # offset in the line where the entry text begins


@lru_cache(maxsize=4096)  # a line is asked again as a list's span grows page by page
def label_of(text: str, family: str | None = None) -> Label | None:
    """The label a line starts with (of `family` if given), or None."""
    for fam, pat in _PATTERNS:
        if family is not None and fam != family:
            continue
        m = pat.match(text)
        if m:
            if fam == "alpha" and not _is_alpha(m.group(1)):
                continue
            number = int(m.group(1)) if m.group(1).isdigit() else None
            return Label(fam, m.group(1), number, m.end())
    return None


def line_labels(text: str) -> dict[str, Label]:
    """Every family's label the line starts with, read once for all the families a list may use."""
    found: dict[str, Label] = {}
    if not text or not (text[0].isalnum() or text[0] in "[("):
        return found
    for fam, pat in _PATTERNS:
        if fam in found:
            continue
        m = pat.match(text)
        if m and (fam != "alpha" or _is_alpha(m.group(1))):
            number = int(m.group(1)) if m.group(1).isdigit() else None
            found[fam] = Label(fam, m.group(1), number, m.end())
    year = found.get("bracket")
    if "alpha" not in found and year is not None and _YEAR_END.search(year.text):
        # "[1996]": the label a year-only citation gets in an author-year list, not a number
        found["alpha"] = Label("alpha", year.text, None, year.end)
    return found


# What ABNT and ISO 690 print in brackets where a place, a publisher or a date is unknown ("[S.l.]",
# "[s.n.]", "[S.l.: s.n.]", "[s.d.]") or the medium is given ("[Online]", "[Электронный ресурс]"): a
# continuation line may open with one, and it is no label.
_NO_LABEL = re.compile(
    r"(?:s\.\s?l\.|s\.\s?n\.|s\.\s?d\.|s\.\s?f\.|n\.\s?d\.|online|on-line|en\s+l[ií]nea|internet"
    r"|электронный\s+ресурс)(?:\s*[:;,]\s*(?:s\.\s?n\.|s\.\s?d\.))?",
    re.IGNORECASE,
)


def _is_alpha(text: str) -> bool:
    if not any(c.isalpha() for c in text) or _NO_LABEL.fullmatch(text.strip()):
        return False
    if len(text) <= _SHORT_ALPHA or " " not in text:
        return True
    return bool(_YEAR_END.search(text)) and not _DATE_NOTE.search(text)


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

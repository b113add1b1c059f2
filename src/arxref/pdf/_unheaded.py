"""Bibliographies printed without a heading, found in the pages' plain text (the cheap pass).

REVTeX's PRL and PRB styles, and supplements compiled into the same PDF, print a list with
no heading. A labelled list shows as a chain of lines starting 1, 2, 3... in one label
family, each entry reference-sized and dated; every such chain is a list of its own (a
supplement's list restarts at 1). An unlabelled (author-year) list shows as a run of pages
dense in years near the end of the document. Only the pages found here are read closely.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import median

# Label families as the plain text shows them at a line start; a superscript label (REVTeX)
# reads as a bare number before the entry.
_LABEL = re.compile(r"^(?:\[(\d{1,4})\]|\((\d{1,4})\)\s|(\d{1,4})\.\s|(\d{1,4})\s+(?=\S))")
_FAMILIES = ("bracket", "paren", "dot", "bare")
_YEAR = re.compile(r"\b(?:1[6-9]\d\d|20\d\d)[a-z]?\b|arXiv|doi|https?://", re.I)
_NEXT_WITHIN = 60  # lines from one label to the next: a longer gap is no entry
_MIN_LABELS = 3
_YEAR_DENSITY = 3.5  # years per 1000 characters: a list page has ~6, body text ~0 (q90 1.8)
_END_MATTER = 0.4  # an unheaded author-year list starts after this share of the pages


@dataclass(frozen=True)
class Chain:
    """A run of plain-text lines labelled 1, 2, 3... in one family: an unheaded numbered list."""

    family: str
    first_page: int  # 0-based, the page of label 1
    last_page: int  # the page of the last label
    count: int
    first_line: str  # the text of label 1's line, to tell a chain a headed section already holds
    ends_page: bool  # the last label sits among its page's last lines: the entry may go on


@dataclass
class _Open:
    family: str
    labels: list[tuple[int, int]]  # (page, position in the document's lines)
    entries: list[str]
    first_line: str
    numbers: list[int]


def _dated(entries: list[str]) -> bool:
    """Entries of reference size, most dated (a year, an arXiv id, a DOI or a URL) and starting
    as a reference does, with a name or a title: a numbered list of clauses in the text starts
    in lower case ("(1) the age discrepancy ... (Herczeg & Hillenbrand 2015)")."""
    entries = [e.strip() for e in entries]
    sizes = [len(e) for e in entries]
    if not 30 <= median(sizes) <= 900:
        return False
    dated = sum(1 for e in entries if _YEAR.search(e))
    capital = sum(1 for e in entries if e[:1].isupper() or e[:1] in "\"“‘'«\x10")
    return dated >= 0.6 * len(entries) and capital >= 0.8 * len(entries)


def find_label_chains(texts: tuple[str | None, ...]) -> list[Chain]:
    """Every numbered list among the pages read: chains 1, 2, 3... of reference-like entries."""
    lines: list[tuple[int, str]] = []
    for p, text in enumerate(texts):
        if text is None:
            lines.append((p, "\f"))  # a page not read breaks every chain
            continue
        lines.extend((p, t.strip()) for t in text.splitlines() if t.strip())
    chains: list[Chain] = []
    current: dict[str, _Open] = {}
    for pos, (page, line) in enumerate(lines):
        for fam, c in list(current.items()):
            if line == "\f" or pos - c.labels[-1][1] > _NEXT_WITHIN:
                chains.extend(_close(c, lines))
                del current[fam]
        m = _LABEL.match(line) if line[:1] in "[(0123456789" else None
        if m is None:
            for c in current.values():
                c.entries[-1] += " " + line
            continue
        k = next(i for i, g in enumerate(m.groups()) if g is not None)
        fam, number = _FAMILIES[k], int(m.group(k + 1))
        c = current.get(fam)
        if number == 1:
            if c is not None:
                chains.extend(_close(c, lines))
            current[fam] = _Open(fam, [(page, pos)], [line[m.end() :]], line, [1])
        elif c is not None and c.numbers[-1] < number <= c.numbers[-1] + 2:
            c.labels.append((page, pos))
            c.entries.append(line[m.end() :])
            c.numbers.append(number)
        else:
            for other in current.values():
                other.entries[-1] += " " + line
    for c in current.values():
        chains.extend(_close(c, lines))
    return sorted(chains, key=lambda ch: ch.first_page)


def _close(c: _Open, lines: list[tuple[int, str]]) -> list[Chain]:
    if len(c.labels) < _MIN_LABELS or not _dated(c.entries):
        return []
    last_page, last_pos = c.labels[-1]
    rest = [t for p, t in lines[last_pos + 1 : last_pos + 6] if p == last_page]
    return [Chain(c.family, c.labels[0][0], last_page, len(c.labels), c.first_line, len(rest) < 4)]


def find_author_year_run(texts: tuple[str | None, ...]) -> tuple[int, int] | None:
    """The last run of pages dense in years in the end matter: an unheaded author-year list."""
    n = len(texts)
    dense = []
    for text in texts:
        body = text or ""
        dense.append(len(body) >= 300 and len(_YEAR.findall(body)) * 1000 / len(body) >= _YEAR_DENSITY)
    if not any(dense):
        return None
    last = max(i for i, d in enumerate(dense) if d)
    first = last
    while first > 0 and dense[first - 1]:
        first -= 1
    if first < _END_MATTER * n and first > 0:
        return None
    return first, last

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

from arxref.pdf._headings import HEADING, heading_key
from arxref.pdf._labels import label_of
from arxref.pdf._layout import Line, body_size
from arxref.pdf._section import NAME_START, Section, closes_list, skip_floats, text_blocks
from arxref.pdf._segment import Entry, split_entries

# Label families as the plain text shows them at a line start;
# a superscript label (REVTeX) reads as a bare number before the entry, and a label set in a box of
# its own (PNAS) as a line of its own: "1." then "J. R. Lobry. Asymmetric ..."
_LABEL = re.compile(r"^(?:\[(\d{1,6})\]|\((\d{1,6})\)(?:\s|$)|(\d{1,6})\.(?:\s|$)|(\d{1,6})\s+(?=\S))")
_FAMILIES = ("bracket", "paren", "dot", "bare")
_YEAR = re.compile(r"\b(?:1[6-9]\d\d|20\d\d)[a-z]?\b|arXiv|doi|https?://", re.I)
_NEXT_WITHIN = 60  # lines from one label to the next: a longer gap is no entry
_MIN_LABELS = 3
_YEAR_DENSITY = 3.5  # years per 1000 characters: a list page has ~6, body text ~0 (q90 1.8)


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


_NAMED_CHAIN = 10  # entries of an undated chain that name their authors, at the least


def _dated(entries: list[str]) -> bool:
    """Entries of reference size, most dated (a year, an arXiv id, a DOI or a URL), few starting
    in lower case as a numbered list of clauses in the text does ("(1) the age discrepancy ...
    (Herczeg & Hillenbrand 2015)"); an entry starts with a name, a title, "——" or "(2020)"."""
    entries = [e.strip() for e in entries]
    sizes = [len(e) for e in entries]
    if not 30 <= median(sizes) <= 900:
        return False
    dated = sum(1 for e in entries if _YEAR.search(e))
    lower = sum(1 for e in entries if e[:1].islower())
    if lower > 0.2 * len(entries):
        return False
    # ... or, in a long chain, most opening with a person's name: a .bib without years (REVTeX prints
    # "P. Bordia, H. Lüschen, ..., Periodically driving ..., 13, 460."); a chain keeps the text after
    # each label
    named = sum(1 for e in entries if NAME_START.match(e))
    return dated >= 0.6 * len(entries) or len(entries) >= _NAMED_CHAIN and named >= 0.8 * len(entries)


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


def _dense(text: str | None, years: int) -> bool:
    return bool(text) and len(text) >= 300 and years * 1000 / len(text) >= _YEAR_DENSITY


def find_author_year_run(texts: tuple[str | None, ...]) -> tuple[int, int] | None:
    """The run of pages densest in years: where a list printed without heading lies.

    A page of references carries about six years per 1000 characters, a page of text almost
    none (a tenth of them 1.8 or more); of several dense runs (an appendix of dated tables,
    a chapter thick with citations) the one with the most years wins, the later on a tie.
    """
    years = [len(_YEAR.findall(t)) if t else 0 for t in texts]
    dense = [_dense(t, years[p]) for p, t in enumerate(texts)]
    best: tuple[int, int] | None = None
    p = len(texts) - 1
    while p >= 0:
        if not dense[p]:
            p -= 1
            continue
        last = p
        while p >= 0 and dense[p]:
            p -= 1
        if best is None or sum(years[p + 1 : last + 1]) > sum(years[best[0] : best[1] + 1]):
            best = (p + 1, last)
    return best


def _running_head(text: str | None) -> str | None:
    """A page's first line of plain text, where a running head sits."""
    return next((t.strip() for t in text.splitlines() if t.strip()), None) if text else None


def find_running_head_run(texts: tuple[str | None, ...]) -> tuple[int, int] | None:
    """The pages whose running head names the bibliography ("Referencias bibliográficas" atop
    every page of a thesis's bibliography chapter printed on its own), when no page prints a
    heading above the list: the longest run of two or more such pages, the later on a tie."""
    named = [
        (h := _running_head(t)) is not None and len(h) <= 60 and bool(HEADING.match(heading_key(h)))
        for t in texts
    ]
    best: tuple[int, int] | None = None
    p = 0
    while p < len(named):
        if not named[p]:
            p += 1
            continue
        first = p
        while p < len(named) and named[p]:
            p += 1
        if p - first >= 2 and (best is None or p - 1 - first >= best[1] - best[0]):
            best = (first, p - 1)
    return best


def _text(entry: Entry) -> str:
    """The entry's words after its label (a superscript label glued to a name: "26H. Ness")."""
    return " ".join(ln.text for ln in entry.lines)[entry.label.end if entry.label else 0 :].strip()


def _reference_like(entry: Entry) -> bool:
    text = _text(entry)
    return 25 <= len(text) <= 900 and bool(_YEAR.search(text)) and not text[:1].islower()


def _blocks(lines: list[Line]) -> list[list[Line]]:
    """The lines between headings: a list never spans one, and a heading's section number
    ("3 Results") is no entry label."""
    body = body_size(lines)
    edges = text_blocks(lines)
    blocks: list[list[Line]] = [[]]
    for ln in lines:
        if closes_list(ln, body, edges.get((ln.page, ln.col))):
            blocks.append([])
        else:
            blocks[-1].append(ln)
    return [b for b in blocks if b]


def _best_run(entries: list[Entry]) -> tuple[int, int] | None:
    """The longest run of dated, reference-shaped entries from one that starts with a name
    (one undated entry, a manual or a piece of software, may sit inside)."""
    good = [_reference_like(e) for e in entries]
    best: tuple[int, int] | None = None
    k = 0
    while k < len(entries):
        if not good[k] or not NAME_START.match(_text(entries[k])):
            k += 1
            continue
        end = k
        while end + 1 < len(entries) and (good[end + 1] or end + 2 < len(entries) and good[end + 2]):
            end += 1 if good[end + 1] else 2
        if best is None or end - k > best[1] - best[0]:
            best = (k, end)
        k = end + 1
    return best


def find_author_year(lines: list[Line]) -> Section | None:
    """The list among `lines` found by its entries: the longest run of dated entries that
    start as references do, inside one stretch between headings."""
    best: tuple[int, list[Line]] | None = None
    for block in _blocks(lines):
        entries = split_entries(tuple(block))
        run = _best_run(entries)
        if run is None or (best is not None and run[1] - run[0] + 1 <= best[0]):
            continue
        start = block.index(entries[run[0]].lines[0])
        stop = block.index(entries[run[1]].lines[-1]) + 1
        best = (run[1] - run[0] + 1, block[start:stop])
    if best is None or best[0] < _MIN_LABELS:
        return None
    return Section(bound_list(best[1]), None)


def _chain_length(lines: list[Line], i: int, family: str) -> int:
    """How many labels continue 2, 3, ... after the label 1 at `i` (within 80 lines)."""
    want = 2
    for ln in lines[i + 1 : i + 80]:
        lab = label_of(ln.text, family)
        if lab is not None and lab.number == want:
            want += 1
    return want - 2


def bound_list(chunk: list[Line]) -> tuple[Line, ...]:
    """A list without heading, from its first entry: floats skipped, ended by the next heading."""
    chunk = skip_floats(chunk)
    body = body_size(chunk[:60])
    blocks = text_blocks(chunk)
    for j, ln in enumerate(chunk[1:], 1):
        if closes_list(ln, body, blocks.get((ln.page, ln.col))):
            return tuple(chunk[:j])
    return tuple(chunk)


def find_unheaded(lines: list[Line], family: str | None = None, page: int | None = None) -> Section | None:
    """A numbered list printed without heading: from a label 1 (on `page`, of `family`) whose
    numbering goes on, to the next list's label 1 or a heading that ends it."""
    firsts = [
        i
        for i, ln in enumerate(lines)
        if (lab := label_of(ln.text, family)) is not None
        and lab.number == 1
        and (page is None or ln.page == page)
    ]
    for i in reversed(firsts) if page is None else firsts:
        fam = label_of(lines[i].text, family).family
        if _chain_length(lines, i, fam) < 2:
            continue
        restarts = (
            j for j in range(i + 1, len(lines)) if (b := label_of(lines[j].text, fam)) and b.number == 1
        )
        end = next(restarts, len(lines))
        return Section(bound_list(lines[i:end]), None)
    return None

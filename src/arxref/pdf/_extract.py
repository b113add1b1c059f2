"""The PDF path end to end: bytes in, an `Extraction` of `pdf_text` references out.

Pages are read as plain text (cheap) around the pages hyperref's citation anchors name, or,
without anchors, from the end back to a little before the earliest bibliography heading, for
the headings and the vocabulary of hyphenated words; only the pages that hold a bibliography
are read closely (lines with their boxes and fonts).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pymupdf

from arxref.domain import Extraction, ParsedReference, Provenance, RawReference, ReferenceSource
from arxref.errors import NoBibliography
from arxref.ids import arxiv_id_from_url, doi_from_url, find_arxiv_ids, find_dois
from arxref.pdf._anchors import cite_anchor_pages
from arxref.pdf._authoryear import DRAWN_DASH, Rule, breaks_off, drawn_rules, follows_rule
from arxref.pdf._float_pages import first_past_float, holds_floats_only
from arxref.pdf._furniture import is_running_head, margin_shapes, remove_furniture
from arxref.pdf._headings import HEADING, page_has_heading, page_has_second_heading, page_headings
from arxref.pdf._joins import Vocabulary, document_vocabulary, join_lines
from arxref.pdf._labels import label_of
from arxref.pdf._layout import Line, body_size, read_page_lines
from arxref.pdf._links import Link, links_inside, read_links
from arxref.pdf._open import KeptPages, open_pdf, read_page_texts
from arxref.pdf._runon import split_run_on
from arxref.pdf._section import (
    NAME_START,
    Section,
    names_an_end,
    opens_entry,
    split_sections,
)
from arxref.pdf._segment import Entry, split_entries
from arxref.pdf._unheaded import (
    Chain,
    bound_list,
    find_author_year,
    find_author_year_run,
    find_label_chains,
    find_running_head_run,
    find_unheaded,
)

_FILLED = 0.7  # a page of a list that goes on is filled at least this far down
# Word's and LibreOffice's bullets, also as the Symbol font's (read as a middle dot or a private-use
# code) and Wingdings'
_BULLET = re.compile("^[\u2022\u00b7\u25cf\u25aa\u25e6\u25b8\u25ba\u25a0\u25a1\u25cb\u25c6\u25c7"
                     "\uf0b7\uf0a7\uf0d8]\\s+")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"]+")
_YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)[a-z]?\b")  # "2015a": one author's second work of a year


class _Pages:
    """Close reading of pages on demand, each page read at most once."""

    def __init__(self, doc: pymupdf.Document, texts: tuple[str | None, ...], kept: KeptPages) -> None:
        self.doc = doc
        self.kept = kept
        self.recurring = margin_shapes(texts)
        self.cache: dict[int, tuple[Line, ...]] = {}
        self.cleaned: dict[int, tuple[Line, ...]] = {}  # a page's lines without its furniture
        self.links: dict[int, tuple[Link, ...]] = {}
        self.rules: dict[int, tuple[Rule, ...]] = {}
        self.headings: dict[int, set[int]] = {}  # ids of a cleaned page's heading lines

    def lines(self, pages: list[int]) -> list[Line]:
        for p in pages:
            if p not in self.cache:
                page, textpage = self.kept.take(p) or (self.doc[p], None)
                self.cache[p] = read_page_lines(page, textpage)
                self.links[p] = read_links(page)
        # each page is cleaned on its own, and once: a list's span grows a page at a time
        fresh = [p for p in dict.fromkeys(pages) if p not in self.cleaned]
        cleaned = remove_furniture([self.cache[p] for p in fresh], HEADING, self.recurring, names_an_end)
        self.cleaned.update(zip(fresh, cleaned, strict=True))
        return [ln for p in pages for ln in self.cleaned[p]]

    def heading_starts(self, span: list[int], lines: list[Line]) -> list[int]:
        """Where the headings are among the lines of `span` (as `lines` returned them), each page
        judged once however often its list's span grows."""
        for p in span:
            if p not in self.headings:
                page = list(self.cleaned[p])
                body = body_size(page)
                top = min((ln.y0 for ln in page), default=0.0)
                self.headings[p] = {
                    id(ln)
                    for ln in page_headings(page, self.top, self.top_text)
                    if not (ln.y0 <= top and is_running_head(ln, self.recurring, body))
                }
        ids = set().union(*(self.headings[p] for p in span))
        return [i for i, ln in enumerate(lines) if id(ln) in ids] if ids else []

    def _read(self, p: int) -> tuple[Line, ...]:
        """Page `p`'s lines before furniture removal, read closely if they were not; none past the
        document's ends."""
        if not 0 <= p < len(self.doc):
            return ()
        if p not in self.cache:
            self.lines([p])
        return self.cache[p]

    def top(self, p: int) -> float | None:
        """The bottom of page `p`'s first line before furniture removal (a running head's); None past
        the document's ends."""
        return min((ln.y1 for ln in self._read(p)), default=None)

    def top_text(self, p: int) -> str | None:
        """The text of page `p`'s first line before furniture removal; None past the document's ends
        or on a page without text."""
        first = min(self._read(p), key=lambda ln: ln.y0, default=None)
        return first.text if first is not None else None

    def after_rule(self, line: Line) -> bool:
        """Whether a rule is drawn just before the line; a page's drawings are read only when a
        line of an unlabelled list asks (they cost about a page's text)."""
        if line.page not in self.rules:
            self.rules[line.page] = drawn_rules(self.doc[line.page])
        return follows_rule(line, self.rules[line.page])


@dataclass(frozen=True)
class _Found:
    """A bibliography found and split into its entries (split once: splitting is the costly step)."""

    section: Section
    entries: tuple[Entry, ...]


def _headed_sections(pages: _Pages, texts: tuple[str | None, ...]) -> list[_Found]:
    """Bibliographies that start at a heading, each read page by page until it ends."""
    heads = [p for p, t in enumerate(texts) if t and page_has_heading(t)]
    sections: list[_Found] = []
    p = 0
    for h in heads:
        if h < p:
            continue
        span = [h]
        while True:
            lines = pages.lines(span)
            starts = pages.heading_starts(span, lines)
            found = split_sections(lines, pages.top, starts)
            if starts and starts[-1] == len(lines) - 1 and span[-1] + 1 < len(texts):
                span.append(span[-1] + 1)  # a heading at the foot of its page: the list starts overleaf
                continue
            ended = found and found[-1].lines and found[-1].lines[-1] is not lines[-1]
            # a list that stops high on its page ended there: what the next page holds (a
            # thesis's abstract page, a back cover) is no part of it
            stops_high = bool(lines) and lines[-1].y1 < _FILLED * lines[-1].page_height
            # ... unless its last line breaks off a sentence ("... in Baseball: The Impact" + "of"):
            # a word processor's page broke early (a kept-together paragraph), the entry goes on
            stops_high = stops_high and not breaks_off(lines[-1].text)
            # ... or the next page opens with the label after the last one ("[7]" here, "[8]" there)
            stops_high = stops_high and not _next_label_overleaf(lines, pages, texts, span[-1] + 1)
            if ended or stops_high or span[-1] + 1 >= len(texts) or not found:
                break
            span.append(_page_after(pages, span[-1], found[-1].lines, len(texts)))
        sections.extend(f for s in found if _looks_like_references(f := _split(s, pages)))
        p = span[-1] + 1
    return sections


def _next_label_overleaf(lines: list[Line], pages: _Pages, texts: tuple[str | None, ...], nxt: int) -> bool:
    """Whether page `nxt` opens (within its first few lines, past its furniture) with the label
    that follows the last one of `lines`: Word kept an entry's lines together and left the page's
    foot empty ("[7]" here, "[8]" there), or a sub-heading divides the list ("- Bibliographies")."""
    last = next((lab for ln in reversed(lines) if (lab := label_of(ln.text)) and lab.number), None)
    text = texts[nxt] if 0 <= nxt < len(texts) else None
    if last is None or not text or str(last.number + 1) not in text:
        return False
    heads = [ln.text for ln in pages.lines([nxt])[:_TOP_LINES]]
    follows = [lab for t in heads if (lab := label_of(t)) is not None and lab.family == last.family]
    return any(lab.number == last.number + 1 for lab in follows)


_TOP_LINES = 4  # lines of text atop a page before its first entry: a running head, a page number


_FLOAT_PAGES = 3  # pages of floats a list may run past


def _page_after(pages: _Pages, page: int, listed: tuple[Line, ...], n: int) -> int:
    """The page a list goes on to from `page`: the next one, or, past pages that hold only floats
    (figures LaTeX set on pages of their own, among the list's pages), the first whose first line
    in the list's size starts an entry."""
    body = body_size(listed[-60:])
    for ahead in range(page + 1, min(page + 2 + _FLOAT_PAGES, n)):
        lines = pages.lines([ahead])
        first = first_past_float(lines, body)
        if first is not None and opens_entry(first, body):
            return ahead
        if not holds_floats_only(lines, body):
            break
    return page + 1


def _split(section: Section, pages: _Pages) -> _Found:
    return _Found(section, tuple(split_entries(section.lines, pages.after_rule)))


def _looks_like_references(found: _Found) -> bool:
    """A list under a "References" heading whose entries are reference-sized (not a table column)."""
    if not found.entries:
        return False
    sizes = sorted(sum(len(ln.text) for ln in e.lines) for e in found.entries)
    return sizes[len(sizes) // 2] >= 30


_DATED = 0.34  # share of a list's entries with a year, a URL or an identifier, at least


def _dated_share(found: _Found) -> float:
    texts = [" ".join(ln.text for ln in e.lines) for e in found.entries]
    dated = sum(1 for t in texts if _YEAR.search(t) or _URL.search(t) or "doi" in t.lower())
    return dated / max(1, len(texts))


def _holds(section: Section, chain: Chain) -> bool:
    """Whether a section found under a heading already holds the chain's first entry."""
    start = _letters(chain.first_line)[:10]
    return any(ln.page == chain.first_page and _letters(ln.text).startswith(start) for ln in section.lines)


def _letters(text: str) -> str:
    """A line's ASCII letters and digits: the plain text sets a bitmap font's accents apart
    ("Lo´pez") where close reading composes them ("López"), and control codes of T1 fonts differ."""
    folded = unicodedata.normalize("NFKD", text.replace("ı", "i"))  # a bitmap font's dotless i under "´"
    return "".join(c for c in folded if c.isascii() and c.isalnum())


def _unheaded_lists(pages: _Pages, texts: tuple[str | None, ...], headed: list[_Found]) -> list[_Found]:
    """Numbered lists no heading announced: each chain 1, 2, 3... of the plain text not yet held.

    Beside lists found under headings, a chain before the first of them counts only in the
    end matter or when it is no shorter than they are, so a numbered list of the author's
    publications at the front of a thesis is not taken for a bibliography; a REVTeX paper's
    main list before its supplement's headed one is.
    """
    first_headed = min((ln.page for f in headed for ln in f.section.lines), default=None)
    shortest = min((len(f.entries) for f in headed), default=0)
    found = []
    for chain in find_label_chains(texts):
        if any(_holds(f.section, chain) for f in headed):
            continue
        early = chain.first_page < 0.4 * len(texts)
        if first_headed is not None and chain.first_page < first_headed and early and chain.count < shortest:
            continue
        last = min(chain.last_page + chain.ends_page, len(texts) - 1)
        span = list(range(chain.first_page, last + 1))
        section = find_unheaded(pages.lines(span), chain.family, chain.first_page)
        if section is None or not _looks_like_references(f := _split(section, pages)):
            continue
        if first_headed is not None and chain.first_page < first_headed and not _opens_with_authors(f):
            continue  # numbered paragraphs of the text before the list ("1. Kebutuhan Dosen ...")
        found.append(f)
    return found


def _opens_with_authors(found: _Found) -> bool:
    """Whether most entries of a list open with an author's name, as a list before a headed one
    must (REVTeX's main list before its supplement's) to be told from numbered paragraphs."""
    starts = [e.lines[0].text[e.label.end if e.label else 0 :].lstrip() for e in found.entries]
    return sum(1 for text in starts if NAME_START.match(text)) >= 0.5 * len(starts)


def _pages_note(how: str, section: Section) -> str:
    pg = sorted({ln.page + 1 for ln in section.lines})
    return f"no heading: {how}, pages {pg[0]}-{pg[-1]}"


def _find_sections(pages: _Pages, texts: tuple[str | None, ...]) -> tuple[list[_Found], list[str]]:
    """Every bibliography in reading order, and notes on those found without a heading.

    Lists under a heading first, then numbered lists no heading announced; only when there
    is neither, the pages a running head names as the bibliography, else an author-year list
    in the end matter, found by its dates and author names.
    """
    headed = _headed_sections(pages, texts)
    unheaded = _unheaded_lists(pages, texts, headed)
    notes = [_pages_note("numbered list found by its labels 1, 2, 3...", f.section) for f in unheaded]
    found = sorted([*headed, *unheaded], key=lambda f: (f.section.lines[0].page, f.section.lines[0].y0))
    if len(found) > 1:
        # a section headed "References" that is prose (a template's "4. References" telling how to
        # cite) beside a real list: its paragraphs carry no dates
        found = [f for f in found if _dated_share(f) >= _DATED] or found
    if not found and (run := find_running_head_run(texts)) is not None:
        section = bound_list(pages.lines(list(range(run[0], run[1] + 1))))
        if section:
            found = [_split(Section(section, None), pages)]
            notes.append(_pages_note("the running head names the list", found[0].section))
    if not found and (run := find_author_year_run(texts)) is not None:
        section = find_author_year(pages.lines(list(range(max(0, run[0] - 1), run[1] + 1))))
        if section is not None and section.lines:
            found = [_split(section, pages)]
            notes.append(_pages_note("author-year list found by its dates and author names", section))
    return found, notes


def _box(lines: tuple[Line, ...]) -> tuple[float, float, float, float]:
    first = [ln for ln in lines if ln.page == lines[0].page and ln.col == lines[0].col]
    return (
        round(min(ln.x0 for ln in first), 2),
        round(min(ln.y0 for ln in first), 2),
        round(max(ln.x1 for ln in first), 2),
        round(max(ln.y1 for ln in first), 2),
    )


def _entry_parts(entry: Entry) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Each (page, column) piece of an entry with its box, for link lookup."""
    parts: dict[tuple[int, int], list[Line]] = {}
    for ln in entry.lines:
        parts.setdefault((ln.page, ln.col), []).append(ln)
    return [
        (
            page,
            (
                min(ln.x0 for ln in ls),
                min(ln.y0 for ln in ls),
                max(ln.x1 for ln in ls),
                max(ln.y1 for ln in ls),
            ),
        )
        for (page, _), ls in parts.items()
    ]


def _confidence(text: str, entry: Entry) -> tuple[float, tuple[str, ...]]:
    """How much the entry looks like one whole reference, and the flags that say why not."""
    score, flags = 1.0, list(entry.flags)
    if "index_gap" in flags:
        score -= 0.2
    if len(text) < 25:
        score -= 0.4
        flags.append("too_short")
    if len(text) > 700:
        score -= 0.4
        flags.append("too_long")
    if not _YEAR.search(text) and not _URL.search(text):
        score -= 0.2
        flags.append("no_year")
    if score < 0.6:
        flags.append("low_confidence")
    return round(max(score, 0.0), 2), tuple(flags)


def _reference(
    entry: Entry,
    ordinal: int,
    vocab: Vocabulary,
    links: dict[int, tuple[Link, ...]],
    after_rule: Callable[[Line], bool],
) -> RawReference:
    first = entry.lines[0].text
    if entry.label is not None:
        first = first[entry.label.end :].lstrip()
    first = _BULLET.sub("", first)  # a bulleted list's mark is no part of the entry
    if DRAWN_DASH.match(first) or (entry.label is None and after_rule(entry.lines[0])):
        first = "———" + first  # the dash that repeats the authors above, drawn as a rule
    text = join_lines([first, *(ln.text for ln in entry.lines[1:])], vocab)
    arxiv_id = next((m.value for m in find_arxiv_ids(text) if m.valid), None)
    doi = next(iter(find_dois(text)), None)
    url_m = _URL.search(text)
    url = url_m.group(0).rstrip(".,;)") if url_m else None
    pages = {ln.page for ln in entry.lines}
    linked_parts = _entry_parts(entry) if any(links.get(p) for p in pages) else []
    for page, box in linked_parts:
        for link in links_inside(links.get(page, ()), page, box):
            linked = arxiv_id_from_url(link.uri)
            a = str(linked) if linked else None
            d = None if linked else doi_from_url(link.uri)
            arxiv_id, doi = arxiv_id or a, doi or d
            if url is None and not (a or d):
                url = link.uri
    confidence, flags = _confidence(text, entry)
    return RawReference(
        index=entry.index,
        raw=text,
        source=ReferenceSource.PDF_TEXT,
        label=entry.label.text if entry.label else None,
        bibliography=ordinal,
        fields=ParsedReference(arxiv_id=arxiv_id, doi=doi, url=url, confidence=confidence),
        provenance=Provenance(
            pages=tuple(sorted(p + 1 for p in pages)), bbox=_box(entry.lines)
        ),
        flags=flags,
    )


def extract_pdf_references(data: bytes) -> Extraction:
    """Every bibliography entry a PDF prints, with index, provenance and confidence, or a named error."""
    doc = open_pdf(data)
    kept = KeptPages()
    try:
        entry_pages = cite_anchor_pages(doc)
        texts = read_page_texts(doc, page_has_heading, page_has_second_heading, kept, entry_pages)
        pages = _Pages(doc, texts, kept)
        found, notes = _find_sections(pages, texts)
        vocab = document_vocabulary("\n".join(t for t in texts if t))
        lists = [f.entries for f in found if f.entries]
        refs: list[RawReference] = []
        for ordinal, es in enumerate(lists, 1):
            refs += split_run_on([_reference(e, ordinal, vocab, pages.links, pages.after_rule) for e in es])
    finally:
        kept.pages.clear()  # text pages before their document
        doc.close()
    if not refs:
        raise NoBibliography("no reference section found in the PDF")
    notes.append(f"pages read closely: {sorted(p + 1 for p in pages.cache)}")
    return Extraction(source=ReferenceSource.PDF_TEXT, references=tuple(refs), notes=tuple(notes))


__all__ = ["extract_pdf_references"]

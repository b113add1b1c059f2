"""Open a PDF from bytes and turn PyMuPDF's failures into the named errors of `arxref.errors`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pymupdf

from arxref.content import is_html, is_withdrawal_notice
from arxref.errors import CorruptPdf, EmptyPdf, EncryptedPdf, NoTextLayer, Withdrawn

# MuPDF reports recoverable syntax problems on stderr; they say nothing we act on.
pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)


def open_pdf(data: bytes) -> pymupdf.Document:
    """Open `data` as a readable PDF, or raise the error that names why it cannot be read."""
    if not data:
        raise CorruptPdf("empty input: zero bytes")
    if b"%PDF-" not in data[:1024]:  # the header may follow up to 1 KB of junk, and nothing else
        if is_withdrawal_notice(data):
            raise Withdrawn("a withdrawal notice where the PDF belongs")
        if is_html(data):
            raise CorruptPdf(f"an HTML page, not a PDF ({len(data)} bytes)")
        raise CorruptPdf(f"not a PDF: no %PDF- header in the first 1024 bytes ({len(data)} bytes)")
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # MuPDF raises several unrelated classes for a broken file
        raise CorruptPdf(f"PyMuPDF cannot open the PDF: {exc}") from exc
    if doc.needs_pass:
        doc.close()
        raise EncryptedPdf("the PDF needs a password")
    try:
        pages = doc.page_count
    except Exception as exc:
        raise CorruptPdf(f"PyMuPDF cannot count the pages: {exc}") from exc
    if pages == 0:
        if doc.is_repaired or b"%%EOF" not in data[-2048:]:
            raise CorruptPdf(f"truncated or damaged: no page could be read ({len(data)} bytes)")
        raise EmptyPdf("the PDF has zero pages")
    return doc


TEXT_FLAGS = pymupdf.TEXT_MEDIABOX_CLIP  # the plain pass and the close reading see the same characters
_KEEP_CHARS = 120_000  # text pages kept for close reading: about 10 MB, the last 30 pages of a paper


@dataclass
class KeptPages:
    """Pages whose text page (MuPDF's costly analysis of the page, the same for plain text and for
    lines with their fonts) is kept from the plain pass, so close reading does not redo it."""

    pages: dict[int, tuple[pymupdf.Page, pymupdf.TextPage]] = field(default_factory=dict)
    chars: int = 0

    def take(self, p: int) -> tuple[pymupdf.Page, pymupdf.TextPage] | None:
        """The kept page and its text page, handed over once (close reading caches its result)."""
        return self.pages.pop(p, None)


def _page_text(page: pymupdf.Page, kept: KeptPages) -> str:
    try:
        textpage = page.get_textpage(flags=TEXT_FLAGS)
        text = textpage.extractText()  # `page.get_text("text", textpage=...)` without its checks
    except Exception as exc:
        raise CorruptPdf(f"page {page.number + 1} cannot be read: {exc}") from exc
    if kept.chars + len(text) <= _KEEP_CHARS:
        kept.pages[page.number] = (page, textpage)  # a text page needs its page alive
        kept.chars += len(text)
    return text


_HEAD_PAGES = 3  # pages read before an anchored entry's page: its heading, and running heads to compare
_LONG_LIST = 6  # a list over this many pages shows each running head three times, alternating ones too


def _anchored_pages(entry_pages: frozenset[int], n: int) -> list[int]:
    """The pages the citation anchors name and `_HEAD_PAGES` before each run of them, last first:
    the list's heading, and running heads to compare (MNRAS alternates them, so one page is not
    enough to tell them from the text). A run of `_LONG_LIST` pages or more shows its running heads
    itself: one page before it, for the heading. A last entry that runs onto the next page is
    followed there by close reading, which needs no plain text of it."""
    runs: list[list[int]] = []
    for p in sorted(entry_pages):
        if runs and p == runs[-1][-1] + 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    wanted: set[int] = set()
    for run in runs:
        before = 1 if len(run) >= _LONG_LIST else _HEAD_PAGES
        wanted.update(q for q in range(run[0] - before, run[-1] + 1) if 0 <= q < n)
    return sorted(wanted, reverse=True)


_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
# Years per page of the document a bibliography at its end prints, at least: fewer, and the
# heading found last is more likely a template's sample list or an annexed article's own short
# list than the document's (a thesis of 83 pages, an article of 23, each with its list further up)
_YEARS_PER_PAGE = 0.25


def read_page_texts(
    doc: pymupdf.Document,
    is_heading_page: Callable[[str], bool],
    is_second_list_page: Callable[[str], bool],
    kept: KeptPages,
    entry_pages: frozenset[int] = frozenset(),
) -> tuple[str | None, ...]:
    """Plain text of the pages that can hold a bibliography: the cheap pass.

    `entry_pages`: the pages bibliography entries start on, when the PDF names them (hyperref's
    citation anchors). Then only the pages around them are read, and the body of a paper, its
    appendices and its back cover never are.

    Without them, bibliographies sit at the end of a document or of its chapters, so pages
    are read backwards and the pass stops once a stretch of pages (an eighth of the document,
    at least four) before the earliest heading found holds no further heading. Two headings
    apart (per-chapter lists, main + supplement) mean more may come, and so does a second
    list's own heading ("Supplementary References": a main list, under its heading or none,
    comes before it): then every page is read, as it is when no heading is found. A list too
    short for the document (fewer years printed than a quarter of its page count) doubles the
    stretch: a thesis's own list may stand before an annexed article and its short list.

    Pages not read are None. The text pages of the pages read go into `kept`, up to its budget.
    """
    n = doc.page_count
    texts: list[str | None] = [None] * n
    for p in _anchored_pages(entry_pages, n):
        texts[p] = _page_text(doc[p], kept)
    if any(t and t.strip() for t in texts):
        return tuple(texts)
    window = max(4, n // 8)
    earliest = None
    several = False
    short = False  # the list under the earliest heading is too short for the document
    years = 0  # years printed on the pages read so far, from the end
    for p in range(n - 1, -1, -1):
        if earliest is not None and earliest - p > (2 * window if short else window) and not several:
            break
        if texts[p] is None:
            texts[p] = _page_text(doc[p], kept)
        years += len(_YEAR.findall(texts[p] or ""))
        if is_heading_page(texts[p]):
            several = several or (earliest is not None and earliest - p > 1) or is_second_list_page(texts[p])
            earliest = p
            short = years < n * _YEARS_PER_PAGE
    if earliest is None and not any(t and t.strip() for t in texts):
        raise NoTextLayer(f"none of the {n} pages holds extractable text")
    return tuple(texts)

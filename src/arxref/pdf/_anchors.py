"""The pages that hyperref's citation anchors point at: where the bibliography entries are printed.

LaTeX with hyperref (most arXiv PDFs) names a destination for every \\bibitem: "cite.<key>",
"cite.0@<key>" under biblatex. They sit in the document's name tree (or, from dvips, in the
catalog's older /Dests dictionary), sorted by name, so
the "cite." range is found by the tree's limits without touching the thousands of other
names (pages, equations, figures). Reading them costs less than the plain text of one page,
and says which pages hold entries without reading any page.
"""

from __future__ import annotations

import re

import pymupdf

_PREFIX = "cite."
_PAST = "cite/"  # the first name after every "cite." one: "/" follows "." in byte order
_MAX_DEPTH = 32  # a name tree deeper than this is broken or hostile
_MAX_NODES = 20_000

_STRING = r"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>"
_ENTRY = re.compile(rf"({_STRING})\s*(\d+\s+\d+\s+R|\[[^\]]*\]|<<.*?>>)", re.DOTALL)
_LIMITS = re.compile(rf"/Limits\s*\[\s*({_STRING})\s*({_STRING})\s*\]")
_KIDS = re.compile(r"/Kids\s*\[([^\]]*)\]")
_NAMES = re.compile(r"/Names\s*\[")
_REF = re.compile(r"(\d+)\s+\d+\s+R")
_PAGE_REF = re.compile(r"\[\s*(\d+)\s+\d+\s+R")
_OLD_STYLE = re.compile(r"/cite\.[^\s/\[\]<>()]*\s*(\d+\s+\d+\s+R|\[[^\]]*\]|<<.*?>>)", re.DOTALL)


def _text(pdf_string: str) -> str:
    """A PDF string's characters, enough to compare names (escapes of the literal form kept)."""
    if pdf_string.startswith("<"):
        raw = bytes.fromhex("".join(pdf_string[1:-1].split()))
        if raw.startswith(b"\xfe\xff"):
            return raw[2:].decode("utf-16-be", "replace")
        return raw.decode("latin-1")
    return pdf_string[1:-1]


def _node_text(doc: pymupdf.Document, node: int, path: str) -> str:
    """A name tree node's source, read in one call: an object of its own, or (`path`) a dictionary
    inside one. One read costs about a fifth of one key's (`xref_get_key` loads and prints the
    object every time), and a node is asked for three keys."""
    if not path:
        return doc.xref_object(node, compressed=True)
    kind, value = doc.xref_get_key(node, path.rstrip("/"))
    return value if kind == "dict" else ""


def _overlaps(node_text: str) -> bool:
    """Whether a node's names can include "cite." ones: true unless its /Limits say otherwise."""
    limits = _LIMITS.search(node_text)
    if limits is None:
        return True
    low, high = _text(limits.group(1)), _text(limits.group(2))
    return high >= _PREFIX and low < _PAST


def _dest_page_refs(doc: pymupdf.Document, root: int, path: str) -> list[int]:
    """The page objects that the "cite." destinations of the name tree at `root`'s `path` (an
    object of its own: path "", or a dictionary inside the catalog) point at."""
    refs: list[int] = []
    stack = [(root, path, 0)]
    seen: set[int] = set()
    while stack:
        node, path, depth = stack.pop()
        if node in seen or depth > _MAX_DEPTH or len(seen) > _MAX_NODES:
            continue
        seen.add(node)
        text = _node_text(doc, node, path)
        if not _overlaps(text):
            continue
        if (kids := _KIDS.search(text)) is not None:
            stack.extend((int(x), "", depth + 1) for x in _REF.findall(kids.group(1)))
            continue
        if (names := _NAMES.search(text)) is not None:
            entries = _ENTRY.findall(text, names.end())
            cites = [value for name, value in entries if _text(name).startswith(_PREFIX)]
            refs.extend(_page_refs(doc, cites))
    return refs


def _page_refs(doc: pymupdf.Document, dests: list[str]) -> list[int]:
    """The page object of each destination: an array [page /XYZ ...], a dictionary with /D, or a
    reference to either."""
    refs = []
    for value in dests:
        if (ref := _REF.fullmatch(value.strip())) is not None:
            value = doc.xref_object(int(ref.group(1)), compressed=True)
        if (page := _PAGE_REF.search(value)) is not None:
            refs.append(int(page.group(1)))
    return refs


def cite_anchor_pages(doc: pymupdf.Document) -> frozenset[int]:
    """Page numbers (0-based) that hold a citation anchor; empty when the PDF names none (no
    hyperref, or an unreadable name tree: the caller then reads the pages as it would anyway)."""
    try:
        catalog = doc.pdf_catalog()
        kind, value = doc.xref_get_key(catalog, "Names/Dests")
        old_kind, old_value = doc.xref_get_key(catalog, "Dests")
        if kind == "xref":
            refs = _dest_page_refs(doc, int(value.split()[0]), "")
        elif kind == "dict":
            refs = _dest_page_refs(doc, catalog, "Names/Dests/")
        elif old_kind == "xref":
            old = doc.xref_object(int(old_value.split()[0]), compressed=True)
            refs = _page_refs(doc, _OLD_STYLE.findall(old))
        else:
            return frozenset()
        return frozenset(_page_numbers(doc, set(refs)).values()) if refs else frozenset()
    except Exception:  # a damaged name tree only costs the shortcut
        return frozenset()


def _page_numbers(doc: pymupdf.Document, xrefs: set[int]) -> dict[int, int]:
    """The page number of each page object among `xrefs`, looked up from the last page back:
    bibliographies sit at the end, and each lookup walks the page tree (about 30 µs a page)."""
    found: dict[int, int] = {}
    for p in range(doc.page_count - 1, -1, -1):
        xref = doc.page_xref(p)
        if xref in xrefs and xref not in found:
            found[xref] = p
            if len(found) == len(xrefs):
                break
    return found

"""The fields a source states outright: from .bib entries, biblatex fields, and links in an entry."""

from __future__ import annotations

import re
from collections.abc import Mapping

from arxref.domain import ParsedReference
from arxref.ids import find_arxiv_ids, find_dois
from arxref.source.biblatex import BiblatexEntry
from arxref.source.bibtex import BibEntry, split_names
from arxref.source.latex_text import Macro, latex_to_text
from arxref.source.texscan import read_group

_LINK = re.compile(r"\\(?:url|href|doi|Eprint|eprint|arxiv|mn@doi|path|nolinkurl)\s*(?:\[[^\]]*\])?\s*\{")
# Every arXiv id has YYMM.NNNN (new scheme) or archive/YYMMNNN (old): a cheap, sound pre-filter.
# Its two halves, each led by a literal, let the regex engine skip to `.` and `/` first.
_MAYBE_ARXIV = re.compile(r"\d{4}\.\d{4}|/\d{7}")
_DOT_DIGITS = re.compile(r"\.\d{4}")
_SLASH_DIGITS = re.compile(r"/\d{7}")
_YEAR = re.compile(r"(1[5-9]\d\d|20\d\d)")
_STATED_TITLE = re.compile(r"\\(?:bibinfo\s*\{title\}|showarticletitle)\s*")
_VENUE_FIELDS = ("journal", "journaltitle", "booktitle", "publisher", "school", "institution",
                 "howpublished", "organization")


def first_arxiv_id(text: str) -> str | None:
    """The first valid arXiv id printed or linked in `text` (canonical, version kept if printed)."""
    if not (_DOT_DIGITS.search(text) or _SLASH_DIGITS.search(text)) or not _MAYBE_ARXIV.search(text):
        return None
    for match in find_arxiv_ids(text):
        if match.valid:
            return match.value
    return None


def first_doi(text: str) -> str | None:
    """The first DOI in `text`, normalised."""
    found = find_dois(text) if "10." in text else []
    return found[0] if found else None


def link_targets(body: str) -> list[str]:
    """Targets of \\url, \\href, \\doi, \\eprint... in an entry: where DOIs and arXiv ids hide."""
    targets = []
    for m in _LINK.finditer(body):
        arg, _ = read_group(body, m.end() - 1)
        if arg:
            name = m.group().lstrip("\\").split("{")[0].split("[")[0].strip()
            targets.append(("doi:" + arg) if name in ("doi", "mn@doi") else
                           ("arXiv:" + arg) if name == "arxiv" else arg)
    return targets


def ids_from_entry(body: str, text: str) -> tuple[str | None, str | None, str | None]:
    """(arXiv id, DOI, URL) printed in an entry or hidden in its links."""
    targets = link_targets(body)
    joined = " ".join(targets)
    arxiv = first_arxiv_id(joined) or first_arxiv_id(text)
    doi = first_doi(joined) or first_doi(text)
    url = next((t for t in targets if t.startswith(("http://", "https://", "ftp://"))), None)
    return arxiv, doi, url


def stated_title(body: str, macros: Mapping[str, Macro]) -> str | None:
    """A title the .bbl marks up as such (apsrev \\bibinfo{title}, ACM \\showarticletitle)."""
    m = _STATED_TITLE.search(body)
    if not m:
        return None
    arg, _ = read_group(body, m.end())
    return latex_to_text(arg, macros) or None if arg else None


def _year(value: str | None) -> int | None:
    m = _YEAR.search(value or "")
    return int(m.group(1)) if m else None


def display_name(name: str, macros: Mapping[str, Macro]) -> str:
    """A bibtex name ('Last, First' or 'First Last') as 'First Last' plain text."""
    return _first_last(latex_to_text(name, macros))


def _first_last(text: str) -> str:
    last, comma, first = text.partition(",")
    if comma and "," not in first:
        # 'Last, First', by far the most common form: the general rule below, without the lists.
        first, last = first.strip(), last.strip()
        return f"{first} {last}".strip() if first else last
    if "," in text:
        parts = [p.strip() for p in text.split(",")]
        last, rest = parts[0], [p for p in parts[1:] if p]
        return " ".join([*rest[-1:], last, *rest[:-1]]).strip() if rest else last
    return text


def fields_from_bib(entry: BibEntry, macros: Mapping[str, Macro],
                    printed: tuple[str | None, str | None, str | None] = (None, None, None)
                    ) -> ParsedReference:
    """Fields of a .bib entry as plain text, with its DOI and arXiv id normalised.

    `printed` is the (arXiv id, DOI, URL) that the typeset entry shows: each wins over the .bib's,
    which is then not looked for.
    """
    printed_arxiv, printed_doi, printed_url = printed
    f = entry.fields
    names = split_names(f.get("author") or f.get("editor") or "")
    # One render for the whole list: the separator survives rendering untouched.
    rendered = latex_to_text("\x00".join(n for n in names if n.lower() != "others"), macros).split("\x00")
    authors = tuple(_first_last(n.strip()) for n in rendered if n.strip())
    venue = next((f[k] for k in _VENUE_FIELDS if f.get(k)), None)
    arxiv = printed_arxiv or _bib_arxiv_id(f)
    doi = printed_doi or (first_doi("doi:" + f["doi"]) if f.get("doi") else first_doi(f.get("url", "")))
    title = latex_to_text(f["title"], macros) if f.get("title") else None
    return ParsedReference(
        authors=authors, et_al=any(n.lower() == "others" for n in names), title=title or None,
        year=_year(f.get("year") or f.get("date")), venue=latex_to_text(venue, macros) if venue else None,
        volume=f.get("volume"), pages=latex_to_text(f["pages"]) if f.get("pages") else None,
        arxiv_id=arxiv, doi=doi, url=printed_url or f.get("url"), confidence=1.0,
    )


def _bib_arxiv_id(f: Mapping[str, str]) -> str | None:
    eprint = f.get("eprint", "")
    prefix = (f.get("archiveprefix") or f.get("eprinttype") or "").lower()
    arxiv = first_arxiv_id(f"arXiv:{eprint}") if eprint and prefix in ("", "arxiv") else None
    where = ("journal", "url", "note", "howpublished")
    return arxiv or first_arxiv_id(" ".join(f.get(k, "") for k in where))


def _person(parts: Mapping[str, str]) -> str:
    return " ".join(latex_to_text(parts[k]) for k in ("given", "prefix", "family", "suffix") if parts.get(k))


def fields_from_biblatex(entry: BiblatexEntry) -> ParsedReference:
    """Fields of a biblatex entry as plain text."""
    f = entry.fields
    people = entry.names.get("author") or entry.names.get("editor") or ()
    venue = next((f[k] for k in _VENUE_FIELDS if f.get(k)), None)
    if venue is None and entry.lists.get("publisher"):
        venue = entry.lists["publisher"][0]
    eprint, etype = f.get("eprint", ""), f.get("eprinttype", "").lower()
    arxiv = first_arxiv_id(f"arXiv:{eprint}") if eprint and etype in ("", "arxiv") else None
    doi = first_doi("doi:" + f["doi"]) if f.get("doi") else None
    return ParsedReference(
        authors=tuple(_person(p) for p in people),
        title=latex_to_text(f["title"]) if f.get("title") else None,
        year=_year(f.get("year") or f.get("date")), venue=latex_to_text(venue) if venue else None,
        volume=f.get("volume"), pages=latex_to_text(f["pages"]) if f.get("pages") else None,
        arxiv_id=arxiv, doi=doi, url=f.get("url"), confidence=1.0,
    )


def compose_biblatex_text(entry: BiblatexEntry, parsed: ParsedReference,
                          limits: tuple[int, int] | None = None, author_year: bool = False) -> str:
    """The entry as a reader would roughly see it: authors. title. venue. volume. year. pages. eprint;
    in an author-year style the year follows the names, as the style prints it ("Bickel, Nichols
    (2013). Fusion of ..."). The .bbl holds fields, not the printed text: the result says what
    was printed, in the style family's order, not how.

    `limits` (maxbibnames, minbibnames) shortens a long name list to its first names and "et al.",
    as biblatex prints it.
    """
    f = entry.fields
    authors = ", ".join(parsed.authors)
    more = "moreauthor" in entry.flags if entry.names.get("author") else "moreeditor" in entry.flags
    if limits is not None and len(parsed.authors) > limits[0]:
        authors, more = ", ".join(parsed.authors[: limits[1]]), True
    if more and authors:
        authors += " et al"
    year = str(parsed.year) if parsed.year else None
    if author_year and authors and year:
        parts = [f"{authors} ({year})", parsed.title, parsed.venue, f.get("volume"), parsed.pages]
    else:
        parts = [authors, parsed.title, parsed.venue, f.get("volume"), year, parsed.pages]
    if f.get("eprint"):
        parts.append(f"{f.get('eprinttype') or 'eprint'}: {f['eprint']}")
    return ". ".join(p for p in parts if p)


def compose_bib_text(parsed: ParsedReference) -> str:
    """A readable entry for a reference rebuilt from the .bib: authors. title. venue, volume, pages, year."""
    tail = ", ".join(p for p in (parsed.venue, parsed.volume, parsed.pages,
                                 str(parsed.year) if parsed.year else None) if p)
    authors = ", ".join(parsed.authors) + (" et al." if parsed.et_al else "")
    return ". ".join(p for p in (authors, parsed.title, tail) if p) + "."

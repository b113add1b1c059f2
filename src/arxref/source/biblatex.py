"""Read a biblatex/biber .bbl: per refsection, the entries of its first data list, in typeset order."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from arxref.source.texscan import match_brace, read_group, read_optional, skip_space

_REFSECTION = re.compile(r"\\refsection\s*\{([^}]*)\}")
_LIST_START = re.compile(r"\\(?:datalist|sortlist)\s*(?:\[[^\]]*\])?\s*\{[^}]*\}")
_LIST_END = re.compile(r"\\end(?:datalist|sortlist)\b")
_ENTRY = re.compile(r"\\entry\s*\{")
_ENDENTRY = re.compile(r"\\endentry\b")
_PART = re.compile(r"\\(field|name|list|verb|range|strng|true|keyw)(?![A-Za-z])")
_VERB = re.compile(r"\{([^}]*)\}((?:\s*\\verb [^\n]*)*)\s*\\endverb")
_NAMEPART = re.compile(r"\b(family|given|prefix|suffix)=")
_SKIP_OPTIONS = ("skipbib", "dataonly")


@dataclass(frozen=True)
class BiblatexEntry:
    """One biblatex entry: key, type, fields (LaTeX values), name lists and literal lists."""

    key: str
    type: str
    fields: dict[str, str]
    names: dict[str, tuple[dict[str, str], ...]]
    lists: dict[str, tuple[str, ...]]
    flags: frozenset[str] = frozenset()  # \\true{moreauthor}: the data list ended in "and others"
    keywords: frozenset[str] = frozenset()


# biblatex's own styles keep its default name limits (maxbibnames=3, minbibnames=1); contributed
# styles (ieee, apa, nature, phys, chem-*, gost...) set their own, which the .bbl does not record.
_STANDARD_STYLES = re.compile(r"(?:numeric|alphabetic|authoryear|authortitle|verbose|reading|draft|debug)"
                              r"(?:-[a-z0-9]+)*")


def is_numeric_style(options: Mapping[str, str]) -> bool:
    """True when the biblatex style prints numbers (numeric*, ieee, phys, nature, science, chem-*)."""
    style = (options.get("bibstyle") or options.get("style") or "numeric").strip()
    return "numeric" in style or style in ("ieee", "phys", "nature", "science") or style.startswith("chem-")


def is_author_year_style(options: Mapping[str, str]) -> bool:
    """True when the biblatex style prints the year right after the names (authoryear*, apa,
    chicago-authordate, ext-authoryear, the humanities' and the sciences' author-date styles)."""
    style = (options.get("bibstyle") or options.get("style") or "").strip().lower()
    return any(mark in style for mark in ("authoryear", "apa", "authordate", "author-date", "harvard"))


def defers_numbers(options: Mapping[str, str]) -> bool:
    """defernumbers: split lists of a numeric style are numbered in print order, on from list to list."""
    return "defernumbers" in options and options["defernumbers"] in ("", "true") and is_numeric_style(options)


def name_limits(options: dict[str, str]) -> tuple[int, int] | None:
    """(maxbibnames, minbibnames) that the bibliography applies, from biblatex's options; None if unknown.

    A name list longer than the maximum prints its first `minbibnames` names and "et al.".
    """
    def number(*keys: str) -> int | None:
        for k in keys:
            v = options.get(k, "").strip()
            if v.isdigit():
                return int(v)
        return None

    most = number("maxbibnames", "maxnames")
    least = number("minbibnames", "minnames")
    style = (options.get("bibstyle") or options.get("style") or "numeric").strip()
    if most is None:
        if not _STANDARD_STYLES.fullmatch(style):
            return None
        most = 3
    least = 1 if least is None else least
    return most, min(least, most)


def select_entries(entries: list[BiblatexEntry], filters: Mapping[str, str],
                   categories: Mapping[str, frozenset[str]]) -> list[BiblatexEntry]:
    """The entries that a \\printbibliography with these options prints (type, keyword, category, not...)."""
    def keep(e: BiblatexEntry) -> bool:
        for option, value in filters.items():
            negated = option.startswith("not")
            test = option.removeprefix("not")
            if test == "type":
                found = e.type.lower() == value.lower()
            elif test == "keyword":
                found = value in e.keywords
            elif test == "category":
                found = e.key in categories.get(value, frozenset())
            else:
                continue
            if found == negated:
                return False
        return True

    return [e for e in entries if keep(e)]


def is_biblatex_bbl(text: str) -> bool:
    """True when the .bbl was written by biber/biblatex rather than bibtex."""
    return "\\entry{" in text or "biblatex auxiliary file" in text[:400]


def parse_biblatex_bbl(text: str) -> list[list[BiblatexEntry]]:
    """The entry lists of a biblatex .bbl, one per refsection with entries, each in typeset order;
    the refsections in the order they open in the document (biber may write them in another:
    refsection=chapter gave 10, 8, 9)."""
    sections = parse_refsections(text)
    return [sections[number] for number in sorted(sections) if sections[number]]


def _printed_list(body: str) -> re.Match[str] | None:
    """The data list the bibliography prints, of those a refsection holds: biber writes one per
    sorting template used, named sorting/sortingnamekey/labelprefix/...; biblatex-apa sorts its
    citations by a template of its own ("apa/apasortcite//global/global") and prints its
    bibliography by the global one ("apa/global//global/global")."""
    lists = list(_LIST_START.finditer(body))
    for m in lists:
        name = m.group(0)[m.group(0).rfind("{") + 1 : -1].split("/")
        if len(name) < 2 or name[1] in ("global", ""):
            return m
    return lists[0] if lists else None


def parse_refsections(text: str) -> dict[int, list[BiblatexEntry]]:
    """Each refsection's entries (its printed data list, in typeset order), by refsection number."""
    sections: dict[int, list[BiblatexEntry]] = {}
    starts = list(_REFSECTION.finditer(text)) or [None]
    for n, m in enumerate(starts):
        begin = m.end() if m else 0
        stop = starts[n + 1].start() if m and n + 1 < len(starts) else len(text)
        body = text[begin:stop]
        lst = _printed_list(body)
        if lst:
            end = _LIST_END.search(body, lst.end())
            body = body[lst.end() : end.start() if end else len(body)]
        number = m.group(1).strip() if m else "0"
        sections.setdefault(int(number) if number.isdigit() else len(sections), list(_iter_entries(body)))
    return sections


def _iter_entries(body: str):
    pos = 0
    while True:
        m = _ENTRY.search(body, pos)
        if m is None:
            return
        key, p = read_group(body, m.end() - 1)
        etype, p = read_group(body, p)
        options, p = read_group(body, p)
        end = _ENDENTRY.search(body, p)
        stop = end.start() if end else len(body)
        pos = end.end() if end else len(body)
        if any(o in (options or "") for o in _SKIP_OPTIONS):
            continue
        yield _parse_entry((key or "").strip(), (etype or "").strip(), body[p:stop])


def _parse_entry(key: str, etype: str, body: str) -> BiblatexEntry:
    fields: dict[str, str] = {}
    names: dict[str, tuple[dict[str, str], ...]] = {}
    lists: dict[str, tuple[str, ...]] = {}
    flags: set[str] = set()
    keywords: frozenset[str] = frozenset()
    pos = 0
    for m in _PART.finditer(body):
        if m.start() < pos:
            continue
        kind = m.group(1)
        p = m.end()
        if kind == "verb":
            v = _VERB.match(body, p)
            if v:
                lines = [ln.strip()[len("\\verb "):] for ln in v.group(2).strip().splitlines()]
                fields.setdefault(v.group(1), "".join(x.strip() for x in lines))
                pos = v.end()
            continue
        _, p = read_optional(body, p)
        name, p = read_group(body, p)
        if kind == "field":
            value, p = read_group(body, p)
            fields.setdefault((name or "").strip(), value or "")
        elif kind == "name":
            _, p = read_group(body, p)
            _, p = read_group(body, p)
            block, p = read_group(body, p)
            names[(name or "").strip()] = tuple(_parse_names(block or ""))
        elif kind == "list":
            _, p = read_group(body, p)
            block, p = read_group(body, p)
            lists[(name or "").strip()] = tuple(_groups(block or ""))
        elif kind == "true":
            flags.add((name or "").strip())
        elif kind == "keyw":
            # \keyw{a,b} has one argument, already read as `name`.
            keywords = frozenset(k.strip() for k in (name or "").split(",") if k.strip())
        else:
            _, p = read_group(body, p) if kind in ("range", "strng") else (None, p)
        pos = p
    return BiblatexEntry(key, etype, fields, names, lists, frozenset(flags), keywords)


def _groups(block: str) -> list[str]:
    out = []
    pos = skip_space(block, 0)
    while pos < len(block):
        if block[pos] == "{":
            end = match_brace(block, pos)
            out.append(block[pos + 1 : end - 1])
            pos = end
        else:
            pos += 1
    return out


def _parse_names(block: str) -> list[dict[str, str]]:
    people = []
    for person in _groups(block):
        parts: dict[str, str] = {}
        for m in _NAMEPART.finditer(person):
            value, _ = read_group(person, m.end())
            parts.setdefault(m.group(1), value or "")
        if parts:
            people.append(parts)
    return people

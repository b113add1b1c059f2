"""amsrefs bibliographies: \\bib{key}{type}{field={value}, ...} inside a biblist environment.

Mathematicians write them into the .tex, or amsrn.bst/amsra.bst write them into the .bbl.
Each entry is a list of fields (author and editor repeat, one person each), and the package
composes the printed text: "First Last, First Last, and First Last, Title, Journal 12 (1999),
no. 3, 45–67, available at arXiv id." `compose` follows that order, so the text reads as the
PDF prints it; a style's finer points (reviews, translations) are left out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from arxref.source.apacite import ordinal
from arxref.source.bibtex import BibEntry
from arxref.source.latex_text import Macro, latex_to_text
from arxref.source.texscan import read_group, skip_space

_BEGIN = re.compile(r"\\begin\s*\{biblist\*?\}")
_END = re.compile(r"\\end\s*\{biblist\*?\}")
_BIB = re.compile(r"\\bib(\*?)(?![A-Za-z@])")
_FIELD_NAME = re.compile(r"[A-Za-z]+")
_REPEATED_AUTHORS = "———"
_WITH_BOOKTITLE = ("incollection", "inproceedings", "inbook")


@dataclass(frozen=True)
class AmsEntry:
    """One \\bib: key, type, and each field's values in order (author and editor repeat)."""

    key: str
    type: str
    fields: Mapping[str, tuple[str, ...]]

    def get(self, name: str) -> str:
        values = self.fields.get(name)
        return values[0] if values else ""


def has_biblist(text: str) -> bool:
    return _BEGIN.search(text) is not None


def parse_biblists(text: str) -> list[list[AmsEntry]]:
    """The printed entries of every biblist in `text`, in order (\\bib* entries are not printed)."""
    lists = []
    for begin in _BEGIN.finditer(text):
        end = _END.search(text, begin.end())
        body = text[begin.end() : end.start() if end else len(text)]
        entries = []
        for m in _BIB.finditer(body):
            key, pos = read_group(body, m.end())
            kind, pos = read_group(body, pos)
            fields, _ = read_group(body, pos)
            if key is None or kind is None or fields is None or m.group(1):
                continue
            entries.append(AmsEntry(key.strip(), kind.strip().lower(), parse_fields(fields)))
        lists.append(entries)
    return lists


def parse_fields(body: str) -> dict[str, tuple[str, ...]]:
    """`name={value}, name=value, ...` with names lower-cased; a repeated name keeps every value."""
    fields: dict[str, list[str]] = {}
    pos = 0
    while pos < len(body):
        pos = skip_space(body, pos)
        name = _FIELD_NAME.match(body, pos)
        if name is None:
            comma = body.find(",", pos)
            pos = len(body) if comma < 0 else comma + 1
            continue
        pos = skip_space(body, name.end())
        if body[pos : pos + 1] != "=":
            continue
        pos = skip_space(body, pos + 1)
        if body[pos : pos + 1] == "{":
            value, pos = read_group(body, pos)
        else:
            comma = body.find(",", pos)
            stop = len(body) if comma < 0 else comma
            value, pos = body[pos:stop], stop
        fields.setdefault(name.group().lower(), []).append((value or "").strip())
    return {k: tuple(v) for k, v in fields.items()}


def _person(parts: list[str]) -> str:
    """A name's parts "Last", "First"[, "Jr."] as printed: "First Last", "First Last Jr."."""
    parts = [p.strip() for p in parts]
    if len(parts) == 1:
        return parts[0]
    return " ".join(p for p in (parts[1], parts[0], *parts[2:]) if p)


def _top_level_parts(name: str) -> list[str]:
    """`name` split at its commas outside braces ("{Foo, Inc.}" is one part)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(name):
        depth += (c == "{") - (c == "}")
        if c == "," and depth == 0:
            parts.append(name[start:i])
            start = i + 1
    return [*parts, name[start:]]


def _people(names: tuple[str, ...], macros: Mapping[str, Macro]) -> str:
    shown = [
        _person([latex_to_text(p, macros) for p in _top_level_parts(n)])
        for n in names
        if n.strip().lower() != "others"
    ]
    if len(shown) < len(names):
        return ", ".join([*shown, "et al."])
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


def _edition(edition: str) -> str:
    return f"{ordinal(edition)} ed." if edition.isdigit() else edition


def compose(entry: AmsEntry, macros: Mapping[str, Macro], people: str, previous_people: str | None) -> str:
    """The entry's text as amsrefs prints it; `people` are its names (`who`), replaced by a rule
    when they are `previous_people`, the names of the entry above."""
    rendered: dict[str, str] = {}

    def text(name: str) -> str:  # each field rendered once, and only the fields printed
        if name not in rendered:
            rendered[name] = latex_to_text(entry.get(name), macros) if entry.get(name) else ""
        return rendered[name]

    kind = entry.type
    year = text("date")[:4] or text("year")
    parts: list[str] = []
    if people:
        parts.append(_REPEATED_AUTHORS if people == previous_people else people)
    parts.append(text("title"))
    if kind == "article":
        journal = " ".join(p for p in (text("journal"), text("volume")) if p)
        parts.append(f"{journal} ({year})" if year else journal)
        parts.append(f"no. {text('number')}" if text("number") else "")
        parts.append(text("pages"))
    elif kind in _WITH_BOOKTITLE and entry.get("booktitle"):
        parts += [text("booktitle"), year, f"pp. {text('pages')}" if text("pages") else ""]
    elif kind == "techreport":
        parts += [f"Technical Report {text('number')}".strip(), text("institution"), year]
    elif kind == "thesis":
        parts += [text("type"), text("school") or text("organization"), year]
    else:
        volume = f"vol. {text('volume')}" if text("volume") else ""
        publisher = text("publisher") or text("organization")
        parts += [_edition(text("edition")), text("series"), volume, publisher, text("address"), year]
    if entry.get("eprint"):
        parts.append(f"available at {text('eprint')}")
    composed = ", ".join(p for p in parts if p) + "."
    note = text("note")
    if note:
        composed += " " + (note if note.endswith(".") else note + ".")
    return composed


def who(entry: AmsEntry, macros: Mapping[str, Macro]) -> str:
    """The entry's authors, or its editors marked (ed.)/(eds.)."""
    if entry.fields.get("author"):
        return _people(entry.fields["author"], macros)
    editors = entry.fields.get("editor", ())
    if not editors:
        return ""
    return f"{_people(editors, macros)} ({'eds.' if len(editors) > 1 else 'ed.'})"


def as_bib_entry(entry: AmsEntry) -> BibEntry:
    """The entry as .bib fields (people joined by "and", date as year) for the shared field reader."""
    fields = {k: v[0] for k, v in entry.fields.items() if v}
    for role in ("author", "editor"):
        if entry.fields.get(role):
            fields[role] = " and ".join(entry.fields[role])
    if "date" in fields and "year" not in fields:
        fields["year"] = fields["date"][:4]
    return BibEntry(entry.type, entry.key, fields)

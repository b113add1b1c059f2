"""Read a .bib database: entries with their fields as LaTeX strings, @string macros expanded."""

from __future__ import annotations

import re
from dataclasses import dataclass

from arxref.source.texscan import SHALLOW_GROUP, match_brace, skip_space

_AT = re.compile(r"@\s*([A-Za-z]+)\s*([{(])")
_KEY = re.compile(r"\s*([^,\s{}()=\"#]*)\s*,?")
_FIELD = re.compile(r"\s*,?\s*([A-Za-z][\w:.+/-]*)\s*=\s*")
_WORD = re.compile(r"[^\s,#{}()\"=]+")
# The common field, `name = {shallow}` / `"plain"` / word, with no `#` concatenation after it: read
# by one regex match; anything else goes through `_parse_value`.
_SIMPLE_FIELD = re.compile(
    r"\s*,?\s*([A-Za-z][\w:.+/-]*)\s*=[ \t\r\n]*"
    r'(?:(' + SHALLOW_GROUP + r')|"([^"{}\\]*)"|([^\s,#{}()"=]++))[ \t\r\n]*+(?!#)',
    re.DOTALL,
)
# Inside a "quoted" value only braces, quotes and their escapes matter.
_QUOTE_TOKEN = re.compile(r'\\[\\{}"]|[{}"]')
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
# The space before an `and` that separates two names, when outside braces.
_AND_SEPARATOR = re.compile(r"\s(?=and\s)", re.IGNORECASE)
_MONTHS = {m: m.capitalize() for m in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                       "oct", "nov", "dec")}


@dataclass(frozen=True)
class BibEntry:
    """One .bib entry: type, key, and fields (lower-case names -> LaTeX value)."""

    type: str
    key: str
    fields: dict[str, str]


@dataclass(frozen=True)
class BibIndex:
    """A .bib split into entries whose fields are parsed only when asked for (big .bib, few citations)."""

    bodies: dict[str, tuple[str, str]]
    strings: dict[str, str]


def index_bib(text: str) -> BibIndex:
    """Split .bib text into {key: (type, body)} and expand its @string macros."""
    strings: dict[str, str] = dict(_MONTHS)
    bodies: dict[str, tuple[str, str]] = {}
    for kind, body in _split_entries(text):
        if kind in ("comment", "preamble"):
            continue
        if kind == "string":
            strings.update({k.lower(): v for k, v in _parse_fields(body, strings).items()})
            continue
        km = _KEY.match(body)
        if km is not None and km.group(1):
            bodies.setdefault(km.group(1), (kind, body[km.end():]))
    return BibIndex(bodies, strings)


def bib_entry(index: BibIndex, key: str) -> BibEntry | None:
    """The entry `key` of an indexed .bib (exact key, else bibtex's case-insensitive match)."""
    found = index.bodies.get(key)
    if found is None:
        low = key.lower()
        key = next((k for k in index.bodies if k.lower() == low), key)
        found = index.bodies.get(key)
    if found is None:
        return None
    return BibEntry(found[0], key, _parse_fields(found[1], index.strings))


def parse_bib(text: str) -> dict[str, BibEntry]:
    """Parse .bib text into {key: entry}; malformed entries are skipped, never fatal."""
    index = index_bib(text)
    return {k: BibEntry(t, k, _parse_fields(b, index.strings)) for k, (t, b) in index.bodies.items()}


_LINE_AT = re.compile(r"^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*([{(])", re.MULTILINE)


def _split_entries(text: str) -> list[tuple[str, str]]:
    """(type, body) of each @entry; entries starting on their own line are cut without brace matching."""
    starts = list(_LINE_AT.finditer(text))
    if starts and len(starts) >= text.count("@{") // 2:
        out = []
        for n, m in enumerate(starts):
            stop = starts[n + 1].start() if n + 1 < len(starts) else len(text)
            close = "}" if m.group(2) == "{" else ")"
            end = text.rfind(close, m.end(), stop)
            out.append((m.group(1).lower(), text[m.end() : end if end >= 0 else stop]))
        return out
    return _scan_entries(text)


def _scan_entries(text: str) -> list[tuple[str, str]]:
    out = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _AT.search(text, pos)
        if m is None:
            break
        kind = m.group(1).lower()
        close = "}" if m.group(2) == "{" else ")"
        start = m.end()
        if m.group(2) == "{":
            end = match_brace(text, m.end() - 1)
        else:
            end = text.find(")\n", start)
            end = n if end < 0 else end + 1
        body = text[start : end - 1] if text[end - 1 : end] == close else text[start:end]
        pos = end
        out.append((kind, body))
    return out


def _parse_fields(body: str, strings: dict[str, str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    pos = 0
    n = len(body)
    while pos < n:
        simple = _SIMPLE_FIELD.match(body, pos)
        if simple is not None:
            braced, quoted, word = simple.group(2, 3, 4)
            if braced is not None:
                value = braced[1:-1]
            elif quoted is not None:
                value = quoted
            else:
                value = word if word.isdigit() else strings.get(word.lower(), word)
            fields.setdefault(simple.group(1).lower(), value)
            pos = simple.end()
            continue
        m = _FIELD.match(body, pos)
        if m is None:
            nxt = body.find(",", pos + 1)
            if nxt < 0:
                break
            pos = nxt
            continue
        name = m.group(1).lower()
        value, pos = _parse_value(body, m.end(), strings)
        fields.setdefault(name, value)
    return fields


def _parse_value(body: str, pos: int, strings: dict[str, str]) -> tuple[str, int]:
    parts: list[str] = []
    n = len(body)
    while pos < n:
        pos = skip_space(body, pos)
        if pos >= n:
            break
        c = body[pos]
        if c == "{":
            end = match_brace(body, pos)
            parts.append(body[pos + 1 : end - 1])
            pos = end
        elif c == '"':
            end = _quote_end(body, pos + 1)
            parts.append(body[pos + 1 : end])
            pos = end + 1
        else:
            w = _WORD.match(body, pos)
            if w is None:
                break
            word = w.group()
            parts.append(word if word.isdigit() else strings.get(word.lower(), word))
            pos = w.end()
        pos = skip_space(body, pos)
        if pos < n and body[pos] == "#":
            pos += 1
            continue
        break
    return "".join(parts), pos


def _quote_end(body: str, pos: int) -> int:
    depth = 0
    while (m := _QUOTE_TOKEN.search(body, pos)) is not None:
        c = m.group()
        pos = m.end()
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == '"' and depth <= 0:
            return m.start()
    return len(body)


def split_names(value: str) -> list[str]:
    """Split a bibtex name list at ' and ' outside braces."""
    if "{" not in value:
        return [x.strip() for x in _AND.split(value) if x.strip()]
    names, start, depth, seen = [], 0, 0, 0
    for m in _AND_SEPARATOR.finditer(value):
        pos = m.start()
        depth += value.count("{", seen, pos) - value.count("}", seen, pos)
        seen = pos
        if depth == 0:
            names.append(value[start:pos].strip())
            start = pos + 4
    names.append(value[start:].strip())
    return [x for x in names if x]

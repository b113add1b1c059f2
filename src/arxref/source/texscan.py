"""Low-level TeX scanning shared by every parser here: comments, balanced groups, arguments, decoding."""

from __future__ import annotations

import re

# A `%` starts a comment unless escaped; \url/\href targets and biblatex \verb lines keep theirs.
# Every branch starts with `\\`, `\n` or `%`, so the regex engine skips plain text between them:
# a \verb line is matched from the line break before it (the text is scanned with a "\n" prepended),
# and a comment directly followed by a \verb line takes that line along, as group 1, to keep it.
_COMMENT_OR_PROTECTED = re.compile(
    r"\\\\|\\%|\\(?:url|href|path|nolinkurl)\s*\{[^{}\n]*\}|\n[ \t]*\\verb [^\n]*"
    r"|%[^\n]*(?:\n(\\verb [^\n]*)|\n[ \t]*)?"
)


def _keep_protected(m: re.Match[str]) -> str:
    found = m.group()
    return (m.group(1) or "") if found[0] == "%" else found


def strip_comments(text: str) -> str:
    """Remove TeX comments (and the line break they swallow) without touching escaped or URL `%`.

    Only the lines around a `%` can change, so the regex runs on those windows alone, each begun
    where a scan of the whole text would also be fresh (see `_fresh_line_start`).
    """
    if "%" not in text:
        return text
    out: list[str] = []
    done = 0
    start = end = -1
    pct = text.find("%")
    while pct >= 0:
        line_end = text.find("\n", pct)
        line_end = len(text) if line_end < 0 else line_end
        # A comment swallows its line break and what follows on the next line (indent, \verb line).
        next_end = text.find("\n", line_end + 1)
        next_end = len(text) if next_end < 0 else next_end
        begin = _fresh_line_start(text, pct, end)
        if begin > end:
            if end >= 0:
                out.append(text[done:start])
                out.append(_strip_window(text, start, end))
                done = end
            start = begin
        end = max(end, next_end)
        pct = text.find("%", line_end)
    out.append(text[done:start])
    out.append(_strip_window(text, start, end))
    out.append(text[end:])
    return "".join(out)


def _fresh_line_start(text: str, pos: int, window_end: int) -> int:
    """The start of `pos`'s line, or of an earlier one, where no match of the comment regex is open.

    A match spans a line break only as a comment (the line before holds a `%`) or as \\url and friends
    reading their `{` past blank space (the line before is blank or ends in url/href/path). Inside
    the current window (before `window_end`) any line start will do: the windows merge.
    """
    start = text.rfind("\n", 0, pos) + 1
    while start > max(window_end, 0):
        before = text[text.rfind("\n", 0, start - 1) + 1 : start - 1].rstrip()
        if before and "%" not in before and not before.endswith(("url", "href", "path")):
            return start
        start = text.rfind("\n", 0, start - 1) + 1
    return start


def _strip_window(text: str, start: int, end: int) -> str:
    # The line break before the window (or a made-up one at the very start) lets a \verb line match.
    window = text[start - 1 : end] if start > 0 else "\n" + text[:end]
    return _COMMENT_OR_PROTECTED.sub(_keep_protected, window)[1:]


# TeX's `^^xy` notation for one byte (two lowercase hex digits): 8-bit bibtex writes the bytes of
# non-ASCII text this way when a style changes case or cuts a string (GOST styles: `^^d0^^a2.` is "Т.").
_HAT_BYTE = re.compile(rb"\^\^([0-9a-f]{2})")


_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def decode_tex(data: bytes, fallback: str = "latin-1") -> tuple[str, str]:
    """Decode TeX bytes as UTF-8 (BOM tolerated) or UTF-16/32 (by BOM), else as `fallback`; return the
    text and the encoding used.

    `fallback` is the 8-bit encoding the document declares (inputenc's cp1251, koi8-r...), else
    latin-1, which decodes any byte.
    """
    for bom, encoding in _WIDE_BOMS:  # UTF-16/32 as some editors save: only a BOM says so
        if data.startswith(bom):
            return data.decode(encoding, "replace"), encoding
    if b"^^" in data:
        data = _HAT_BYTE.sub(lambda m: bytes((int(m.group(1), 16),)), data)
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode(fallback, "replace"), fallback


def skip_space(text: str, pos: int) -> int:
    """Index of the first non-whitespace character at or after `pos`."""
    n = len(text)
    while pos < n and text[pos] in " \t\r\n":
        pos += 1
    return pos


# Only an escaped brace or backslash changes brace matching; any other `\\x` is skipped as plain text.
_BRACE = re.compile(r"\\[\\{}]|[{}]")


def _nested_group(depth: int) -> str:
    """A regex for a braced group nested at most `depth` deep (escape pairs `\\x` read as text)."""
    inner = r"(?:[^{}\\]++|\\.)*+"
    for _ in range(depth - 1):
        inner = r"(?:[^{}\\]++|\\.|\{" + inner + r"\})*+"
    return r"\{" + inner + r"\}"


# Most groups (fields, arguments, names) are shallow: the regex engine finds their end without a
# Python loop over every brace; deeper ones fall back to counting in `match_brace`.
SHALLOW_GROUP = _nested_group(3)
_SHALLOW_GROUP = re.compile(SHALLOW_GROUP, re.DOTALL)
_SHALLOW_ARGUMENT = re.compile(r"[ \t\r\n]*(" + SHALLOW_GROUP + ")", re.DOTALL)
_OPTIONAL_TOKEN = re.compile(r"\\[\\{}\[\]]|[{\[\]]")
_CONTROL = re.compile(r"\\(?:[A-Za-z@]+|.)", re.DOTALL)


def match_brace(text: str, pos: int) -> int:
    """Given `text[pos] == '{'`, the index just past its matching `}` (or len(text) when unbalanced)."""
    shallow = _SHALLOW_GROUP.match(text, pos)
    if shallow is not None:
        return shallow.end()
    depth = 0
    for m in _BRACE.finditer(text, pos):
        c = m.group()
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return m.end()
    return len(text)


def read_group(text: str, pos: int) -> tuple[str | None, int]:
    """Read a mandatory argument at `pos`: a braced group's inside, or one token; None when none is there."""
    shallow = _SHALLOW_ARGUMENT.match(text, pos)
    if shallow is not None:
        return shallow.group(1)[1:-1], shallow.end()
    pos = skip_space(text, pos)
    if pos >= len(text):
        return None, pos
    c = text[pos]
    if c == "{":
        end = match_brace(text, pos)
        return text[pos + 1 : end - 1], end
    if c == "\\":
        m = _CONTROL.match(text, pos)
        # A lone backslash at the very end (a truncated fragment) is read as itself.
        return (m.group(), m.end()) if m is not None else ("\\", pos + 1)
    if c in "}[]":
        return None, pos
    return c, pos + 1


def read_optional(text: str, pos: int) -> tuple[str | None, int]:
    """Read an optional `[...]` argument at `pos`: as LaTeX reads it, up to the first `]` outside
    braces, however many `[` come before it (`\\citep[\\url{...}[]{key}`: a stray bracket ends
    it there, where counting brackets would run on to the end of the document)."""
    start = skip_space(text, pos)
    if start >= len(text) or text[start] != "[":
        return None, pos
    i = start + 1
    while (m := _OPTIONAL_TOKEN.search(text, i)) is not None:
        if m.group() == "{":
            i = match_brace(text, m.start())
            continue
        i = m.end()
        if m.group() == "]":
            return text[start + 1 : m.start()], i
    return text[start + 1 :], len(text)

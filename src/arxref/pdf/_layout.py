"""Lines of a page in reading order: PyMuPDF fragments → visual lines → column bands.

A two-column page is read band by band: a line that crosses the gutter (title, wide
float, a one-column bibliography after a two-column body) closes the band above it,
and inside a band the left column is read before the right one, so columns never mix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import median

import pymupdf

from arxref.pdf._furniture import drop_line_numbers

# No PRESERVE_LIGATURES: "ﬁ" comes out as "fi", so words match the document's vocabulary.
_FLAGS = pymupdf.TEXT_MEDIABOX_CLIP
_BOLD = 16


@dataclass(frozen=True)
class Line:
    """One visual line of text with where it sits and how it is set."""

    page: int  # 0-based
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float  # dominant font size
    bold: bool  # every glyph bold
    col: int  # 0 left/only column, 1 right column, -1 across the gutter
    first_size: float  # size of the first glyphs (superscript labels are smaller)
    page_width: float
    page_height: float
    raised: str = ""  # text of a smaller span the line starts with: a superscript label "12"


@dataclass(frozen=True)
class _Frag:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    bold: bool
    first_size: float
    raised: str


def _fragments(page: pymupdf.Page) -> list[_Frag]:
    """Horizontal text fragments; rotated text (arXiv side stamps, sideways tables) is left out."""
    blocks = page.get_text("dict", flags=_FLAGS)["blocks"]
    t1 = _t1_fonts(blocks)
    frags = []
    for block in blocks:
        for line in block.get("lines", ()):
            dx, dy = line["dir"]
            if abs(dy) > 0.05 or dx <= 0:
                continue
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            raw = "".join(_span_text(sp, t1) for sp in line["spans"])
            text = _OT1_DASH.sub("–", raw.translate(_CONTROL)).strip()
            weights: dict[float, int] = {}
            for s in spans:
                weights[round(s["size"], 1)] = weights.get(round(s["size"], 1), 0) + len(s["text"].strip())
            size = max(weights, key=lambda k: weights[k])
            bold = all(s["flags"] & _BOLD or "Bold" in s["font"] for s in spans)
            x0, y0, x1, y1 = line["bbox"]
            raised = spans[0]["text"].strip() if spans[0]["size"] < 0.8 * size else ""
            frags.append(_Frag(x0, y0, x1, y1, " ".join(text.split()), size, bold, spans[0]["size"], raised))
    return frags


def _span_text(span: dict, t1: set[str]) -> str:
    return span["text"].translate(_T1_LIGATURES) if span["font"] in t1 else span["text"]


def _t1_fonts(blocks: list[dict]) -> set[str]:
    """Fonts without a Unicode map that show T1 (Cork) encoding on the page: its quotes or dashes.

    Such a font (dvips' bitmap Type 3 fonts name their glyphs /a28, which says nothing)
    comes through as raw codes. Codes 0x1B-0x1F are the ligatures ff, fi, fl, ffi, ffl in
    T1 but œ, ø, Æ, Œ, Ø in OT1, so they are read as ligatures only in a font that also
    sets T1's quotes (0x10 “ before a letter, 0x11 ” after one) or dashes (0x15, 0x16
    between digits or spaces): codes OT1 gives to dotless i and accents.
    """
    fonts = set()
    for block in blocks:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if _T1_EVIDENCE.search(span["text"]):
                    fonts.add(span["font"])
    return fonts


def _gutter(frags: list[_Frag], width: float) -> float | None:
    """The x of the empty vertical strip between two columns, or None on a one-column page."""
    if len(frags) < 8:
        return None
    lo, hi = int(width * 0.3), int(width * 0.7)
    cover = [0] * (hi - lo)
    for f in frags:
        for x in range(max(lo, int(f.x0)), min(hi, int(f.x1) + 1)):
            cover[x - lo] += 1
    least = min(cover)
    if least > 0.6 * len(frags):
        return None
    best, run_start, best_len = None, None, 0
    for i, c in enumerate([*cover, least + 1]):
        if c == least and run_start is None:
            run_start = i
        elif c != least and run_start is not None:
            if i - run_start > best_len:
                best, best_len = lo + (run_start + i) / 2, i - run_start
            run_start = None
    if best is None:
        return None
    left = sorted(f.x1 - f.x0 for f in frags if f.x1 <= best)
    right = sorted(f.x1 - f.x0 for f in frags if f.x0 >= best)
    if sum(w > 0.25 * width for w in left) < 2 or sum(w > 0.25 * width for w in right) < 2:
        return None  # no column-wide lines on a side: a table, not two columns of text
    return best


def _merge(frags: list[_Frag]) -> list[list[_Frag]]:
    """Fragments that share a baseline (justified gaps, superscripts) grouped into one line."""
    rows: list[list[_Frag]] = []
    for f in sorted(frags, key=lambda f: ((f.y0 + f.y1) / 2, f.x0)):
        for row in reversed(rows[-3:]):
            ry0 = min(g.y0 for g in row)
            ry1 = max(g.y1 for g in row)
            overlap = min(ry1, f.y1) - max(ry0, f.y0)
            main = max(row, key=lambda g: g.size)
            if overlap >= 0.45 * min(f.y1 - f.y0, main.y1 - main.y0) and not any(
                g.x0 < f.x1 - 1 and f.x0 < g.x1 - 1 for g in row
            ):
                row.append(f)
                break
        else:
            rows.append([f])
    return rows


_T2A = {c: chr(c - 0xC0 + 0x410) for c in range(0xC0, 0x100)} | {0xBE: "«", 0xBF: "»"}
# T1/T2A slots for quotes and dashes that a font without a Unicode map leaves as control characters.
# OT1 puts the ligatures ff, fi, fl, ffi, ffl at 0x0B-0x0F and the en dash at "{" ("1259{1263").
_CONTROL = str.maketrans(
    {"\x10": "“", "\x11": "”", "\x15": "–", "\x16": "–", "\x17": "—"}
    | {"\x0b": "ff", "\x0c": "fi", "\x0d": "fl", "\x0e": "ffi", "\x0f": "ffl"}
)
_OT1_DASH = re.compile(r"(?<=\d)\{(?=\d)")
_T1_LIGATURES = str.maketrans({"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl"})
_T1_EVIDENCE = re.compile(r"(?:^|\s)\x10[^\W\d_\x1b-\x1f]|[^\W_]\x11|(?:\d|\s)[\x15\x16](?:\d|\s)")


def _is_t2a_word(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and all("\u00c0" <= c <= "\u00ff" for c in letters)


def _repair_encoding(text: str) -> str:
    """Cyrillic set in a T2A font without a Unicode map comes out as Latin-1 letters (Ìèëêà → Милка)."""
    words = text.split(" ")
    long_words = sum(1 for w in words if _is_t2a_word(w) and sum(c.isalpha() for c in w) >= 2)
    if long_words < 2:
        return text
    return " ".join(w.translate(_T2A) if _is_t2a_word(w) else w for w in words)


def _to_line(row: list[_Frag], page: pymupdf.Page, col: int) -> Line:
    row = sorted(row, key=lambda f: f.x0)
    parts = [row[0].text]
    for prev, cur in zip(row, row[1:], strict=False):
        gap = cur.x0 - prev.x1
        parts.append(("" if gap < 0.12 * cur.size else " ") + cur.text)
    chars: dict[float, int] = {}
    for f in row:
        chars[f.size] = chars.get(f.size, 0) + len(f.text)
    size = max(chars, key=lambda k: chars[k])
    main = [f for f in row if f.size == size]
    return Line(
        page=page.number,
        x0=row[0].x0,
        y0=min(f.y0 for f in main),
        x1=max(f.x1 for f in row),
        y1=max(f.y1 for f in main),
        text=_repair_encoding("".join(parts)),
        size=size,
        bold=all(f.bold for f in row),
        col=col,
        first_size=row[0].first_size,
        page_width=page.rect.width,
        page_height=page.rect.height,
        raised=row[0].text if row[0].size < 0.8 * size else row[0].raised,
    )


def read_page_lines(page: pymupdf.Page) -> tuple[Line, ...]:
    """The page's lines in reading order, columns kept apart."""
    frags = drop_line_numbers(_fragments(page))
    gutter = _gutter(frags, page.rect.width)
    groups: dict[int, list[_Frag]] = {0: [], 1: [], -1: []}
    for f in frags:
        if gutter is None or f.x1 <= gutter + 1:
            groups[0].append(f)
        elif f.x0 >= gutter - 1:
            groups[1].append(f)
        else:
            groups[-1].append(f)
    lines = [_to_line(row, page, col) for col, fs in groups.items() for row in _merge(fs)]
    lines.sort(key=lambda ln: (ln.y0 + ln.y1) / 2)
    ordered: list[Line] = []
    for stripe in _stripes(lines):
        band: list[Line] = []
        for ln in stripe:
            if ln.col == -1:
                ordered.extend(sorted(band, key=lambda b: b.col))
                ordered.append(ln)
                band = []
            else:
                band.append(ln)
        ordered.extend(sorted(band, key=lambda b: b.col))
    return tuple(ordered)


def _stripes(lines: list[Line]) -> list[list[Line]]:
    """Lines cut where an empty horizontal stripe crosses both columns (a rule, a float, a break)."""
    if not lines or not any(ln.col == 1 for ln in lines):
        return [lines]
    heights = sorted(ln.y1 - ln.y0 for ln in lines)
    need = 1.6 * heights[len(heights) // 2]
    stripes: list[list[Line]] = [[]]
    bottom = None
    for ln in lines:  # sorted by vertical centre
        if bottom is not None and ln.y0 - bottom > need:
            stripes.append([])
        stripes[-1].append(ln)
        bottom = ln.y1 if bottom is None else max(bottom, ln.y1)
    return stripes


def body_size(lines: tuple[Line, ...] | list[Line]) -> float:
    """The font size most of the text is set in."""
    if not lines:
        return 10.0
    chars: dict[float, int] = {}
    for ln in lines:
        chars[ln.size] = chars.get(ln.size, 0) + len(ln.text)
    return max(chars, key=lambda k: chars[k])


def line_pitch(lines: list[Line]) -> float:
    """Typical distance between consecutive baselines in one column."""
    gaps = [
        b.y0 - a.y0
        for a, b in zip(lines, lines[1:], strict=False)
        if a.page == b.page and a.col == b.col and 0 < b.y0 - a.y0 < 3 * a.size
    ]
    return median(gaps) if gaps else 12.0

"""Lines of a page in reading order: PyMuPDF fragments → visual lines → column bands.

A two-column page is read band by band: a line that crosses the gutter (title, wide
float, a one-column bibliography after a two-column body) closes the band above it,
and inside a band the left column is read before the right one, so columns never mix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate
from statistics import median

import pymupdf

from arxref.pdf._glyphs import compose_accents, decode, font_encoding, repair_cyrillic
from arxref.pdf._line_numbers import drop_line_numbers
from arxref.pdf._open import TEXT_FLAGS

# No PRESERVE_LIGATURES: "ﬁ" comes out as "fi", so words match the document's vocabulary.
_FLAGS = TEXT_FLAGS
_BOLD = 16
_OVERFLOW = 0.2  # share of a column's width a line of that column may reach across the gutter


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


@dataclass(slots=True)  # not frozen: made for every line of every page read closely, never changed
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


def _fragments(page: pymupdf.Page, textpage: pymupdf.TextPage | None) -> list[_Frag]:
    """Horizontal text fragments; rotated text (arXiv side stamps, sideways tables) is left out."""
    # the text page's own call: `Page.get_text` checks its arguments and measures the page each time
    textpage = textpage if textpage is not None else page.get_textpage(flags=_FLAGS)
    blocks = textpage.extractDICT()["blocks"]
    encodings = _font_encodings(page, blocks)
    frags = []
    for block in blocks:
        for line in block.get("lines", ()):
            dx, dy = line["dir"]
            if abs(dy) > 0.05 or dx <= 0:
                continue
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            if encodings:
                raw = "".join(_span_text(sp, encodings) for sp in line["spans"])
            else:
                raw = "".join(sp["text"] for sp in line["spans"])
                if _CONTROL_CHAR.search(raw):
                    raw = raw.translate(_CONTROL)
            if "{" in raw:
                raw = _OT1_DASH.sub("–", raw)
            text = compose_accents(" ".join(raw.split()))
            size = _main_size(spans)
            bold = all(s["flags"] & _BOLD or "Bold" in s["font"] for s in spans)
            x0, y0, x1, y1 = line["bbox"]
            raised = spans[0]["text"].strip() if spans[0]["size"] < 0.8 * size else ""
            frags.append(_Frag(x0, y0, x1, y1, text, size, bold, spans[0]["size"], raised))
    return frags


def _main_size(spans: list[dict]) -> float:
    """The size (to a tenth of a point) most of a line's characters are set in."""
    first = spans[0]["size"]
    if all(s["size"] == first for s in spans):
        return round(first, 1)
    weights: dict[float, int] = {}
    for s in spans:
        key = round(s["size"], 1)
        weights[key] = weights.get(key, 0) + len(s["text"].strip())
    return max(weights, key=lambda k: weights[k])


def _span_text(span: dict, encodings: dict[str, str]) -> str:
    encoding = encodings.get(span["font"])
    return decode(span["text"], encoding) if encoding else span["text"].translate(_CONTROL)


def _line_text(line: dict) -> str:
    return "".join(sp["text"] for sp in line["spans"])


def _restore_codes(line: dict, codes: str) -> None:
    """Each U+FFFD of the line's spans replaced by the code read in its place; a code read as a
    space (0x09, 0x0A: T1's macron and dot accents) says too little and stays U+FFFD."""
    if len(codes) != len(_line_text(line)):
        return
    at = 0
    for sp in line["spans"]:
        text = sp["text"]
        if "\ufffd" in text:
            got = codes[at : at + len(text)]
            sp["text"] = "".join(
                g if c == "\ufffd" and not g.isspace() else c for c, g in zip(text, got, strict=True)
            )
        at += len(text)


def _font_encodings(page: pymupdf.Page, blocks: list[dict]) -> dict[str, str]:
    """The TeX encoding of each font on the page that comes through as raw codes.

    Those are pdfTeX's Type 3 bitmap fonts, and any font whose text holds control codes. A
    code such a font has no Unicode for at all comes out as U+FFFD (T1's accents 0x00-0x0A:
    "G\ufffdokova"); the page is then read again with the codes themselves, for those spans.
    """
    lines = [ln for b in blocks for ln in b.get("lines", ())]
    spans = [sp for ln in lines for sp in ln["spans"]]
    page_text = " ".join(sp["text"] for sp in spans)
    if not _ENCODED.search(page_text):
        return {}  # most pages: no code any encoding reads otherwise, so no need to ask for the fonts
    raw_fonts = {f[3] for f in page.get_fonts() if f[2] == "Type3"}
    if _CONTROL_CODE.search(page_text):
        raw_fonts |= {sp["font"] for sp in spans if _CONTROL_CODE.search(sp["text"])}
    if not raw_fonts:
        return {}
    lost = [
        i
        for i, ln in enumerate(lines)
        if any("\ufffd" in sp["text"] and sp["font"] in raw_fonts for sp in ln["spans"])
    ]
    if lost:
        again = page.get_text("dict", flags=_FLAGS | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE)["blocks"]
        codes = [ln for b in again for ln in b.get("lines", ())]
        for i in lost:
            if len(codes) == len(lines):
                _restore_codes(lines[i], _line_text(codes[i]))
    texts: dict[str, list[str]] = {}
    for sp in spans:
        if sp["font"] in raw_fonts:
            texts.setdefault(sp["font"], []).append(sp["text"])
    found = {font: font_encoding(" ".join(ts)) for font, ts in texts.items()}
    return {font: enc for font, enc in found.items() if enc}


def _gutter(frags: list[_Frag], width: float) -> float | None:
    """The x of the empty vertical strip between two columns, or None on a one-column page."""
    if len(frags) < 8:
        return None
    lo, hi = int(width * 0.3), int(width * 0.7)
    starts = [0] * (hi - lo + 1)  # +1 where a fragment's span of x begins, -1 past its end
    for f, x1 in zip(frags, _label_reach(frags), strict=True):
        a, b = max(lo, int(f.x0)), min(hi, int(x1) + 1)
        if a < b:
            starts[a - lo] += 1
            starts[b - lo] -= 1
    cover = list(accumulate(starts[:-1]))  # fragments over each x from lo to hi
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
    if _lines_across(frags, best):
        return None
    return best


_UNCROSSED = 0.5  # share of the right column's steps down the page that no fragment crosses, at least


def _lines_across(frags: list[_Frag], gutter: float) -> bool:
    """Whether fragments run across the strip in between the right column's fragments, down the
    page: the lines of one column, whose stretched word spaces (a justified list's URLs and long
    words) happened to line up. Two columns are crossed above or below them (a title and
    abstract, notes, AASTeX's one-column text over a two-column list), or by a wide float once."""
    kinds = [
        "right" if f.x0 >= gutter - 1 else "left" if f.x1 <= gutter + 1 else "across"
        for f in sorted(frags, key=lambda f: f.y0 + f.y1)
    ]
    rights = [i for i, k in enumerate(kinds) if k == "right"]
    steps = list(zip(rights, rights[1:], strict=False))
    uncrossed = sum(1 for a, b in steps if "across" not in kinds[a:b])
    return uncrossed < _UNCROSSED * len(steps)


def _label_reach(frags: list[_Frag]) -> list[float]:
    """Each fragment's right end, a lone label's taken to the text it starts on its baseline.

    A label set in its own box ("[34]" at x 319-332, its entry's text from x 340: IEEEtran,
    biblatex) leaves an empty strip between itself and its text on every line that starts an
    entry; with the continuation lines indented to the text, the strip runs down the column
    like a gutter. A label belongs to the column of the text it starts.
    """
    reach = [f.x1 for f in frags]
    labels = [i for i, f in enumerate(frags) if _LONE_LABEL.match(f.text)]
    if not labels:
        return reach
    for i in labels:
        f = frags[i]
        mid, gap = (f.y0 + f.y1) / 2, 3 * f.size
        after = [g.x0 for g in frags if g.x0 >= f.x1 - 0.5 and g.x0 - f.x1 < gap and g.y0 < mid < g.y1]
        if after:
            reach[i] = min(after)
    return reach


def _side_by_side(a: _Frag, b: _Frag) -> bool:
    """Whether two fragments stand one beside the other, not one above the other: they may overlap
    by a little, as the stacked halves of a fraction do ("[SGA 4 1" over "2] Pierre": 4 pt)."""
    overlap = min(a.x1, b.x1) - max(a.x0, b.x0)
    return overlap <= max(1.0, min(0.5 * min(a.size, b.size), 0.5 * min(a.x1 - a.x0, b.x1 - b.x0)))


def _merge(frags: list[_Frag]) -> list[list[_Frag]]:
    """Fragments that share a baseline (justified gaps, superscripts) grouped into one line."""
    rows: list[list[_Frag]] = []
    spans: list[tuple[float, float, _Frag]] = []  # each row's top, bottom and first largest fragment
    for f in sorted(frags, key=lambda f: ((f.y0 + f.y1) / 2, f.x0)):
        for r in range(len(rows) - 1, max(-1, len(rows) - 4), -1):
            row, (ry0, ry1, main) = rows[r], spans[r]
            overlap = min(ry1, f.y1) - max(ry0, f.y0)
            shared = overlap >= 0.45 * min(f.y1 - f.y0, main.y1 - main.y0)
            if shared and all(_side_by_side(g, f) for g in row):
                row.append(f)
                spans[r] = (min(ry0, f.y0), max(ry1, f.y1), f if f.size > main.size else main)
                break
        else:
            rows.append([f])
            spans.append((f.y0, f.y1, f))
    return rows


_LONE_LABEL = re.compile(r"^(?:\[[^\]]{1,12}\]|\(\d{1,6}\)|\d{1,6}\.?)$")
# Fonts no encoding was seen for: T1's quotes and dashes at 0x10-0x17, OT1's ligatures at 0x0B-0x0F
# (the codes OT1 uses below 0x20 otherwise are accents, which come before a letter).
_CONTROL = str.maketrans(
    {"\x10": "“", "\x11": "”", "\x15": "–", "\x16": "–", "\x17": "—"}
    | {"\x0b": "ff", "\x0c": "fi", "\x0d": "fl", "\x0e": "ffi", "\x0f": "ffl"}
)
# One search spares most lines the translation
_CONTROL_CHAR = re.compile("[" + "".join(chr(c) for c in _CONTROL) + "]")
# What a TeX encoding could read otherwise (`font_encoding`'s signs: control codes, 0x80-0x9F, two
# Latin-1 letters together), or a code with no Unicode (U+FFFD); ASCII and single accented letters
# read the same in every encoding.
_ENCODED = re.compile("[\x00-\x1f\x7f-\x9f\ufffd]|[\xc0-\xff]{2}")
_CONTROL_CODE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_OT1_DASH = re.compile(r"(?<=\d)\{(?=\d)")  # OT1 sets the en dash at "{": "1259{1263"


def _to_line(row: list[_Frag], page: int, size_wh: tuple[float, float], col: int) -> Line:
    if len(row) == 1:  # most lines: one fragment, whose measures are the line's
        f = row[0]
        text = repair_cyrillic(f.text)
        return Line(page, f.x0, f.y0, f.x1, f.y1, text, f.size, f.bold, col, f.first_size, *size_wh, f.raised)
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
        page=page,
        x0=row[0].x0,
        y0=min(f.y0 for f in main),
        x1=max(f.x1 for f in row),
        y1=max(f.y1 for f in main),
        text=repair_cyrillic("".join(parts)),
        size=size,
        bold=all(f.bold for f in row),
        col=col,
        first_size=row[0].first_size,
        page_width=size_wh[0],
        page_height=size_wh[1],
        raised=row[0].text if row[0].size < 0.8 * size else row[0].raised,
    )


def read_page_lines(page: pymupdf.Page, textpage: pymupdf.TextPage | None = None) -> tuple[Line, ...]:
    """The page's lines in reading order, columns kept apart; `textpage`, if the plain pass kept
    it, spares MuPDF analysing the page again (it must have been made with `_FLAGS`)."""
    frags = drop_line_numbers(_fragments(page, textpage))
    rect = page.rect
    gutter = _gutter(frags, rect.width)
    groups: dict[int, list[_Frag]] = {0: [], 1: [], -1: []}
    for f, col in zip(frags, _columns(frags, gutter), strict=True):
        groups[col].append(f)
    wh = (rect.width, rect.height)
    lines = [_to_line(row, page.number, wh, col) for col, fs in groups.items() for row in _merge(fs)]
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


def _columns(frags: list[_Frag], gutter: float | None) -> list[int]:
    """Each fragment's column: 0 left (or only), 1 right, -1 across the gutter.

    A fragment that crosses the gutter but overflows its own column (a draft figure's file
    name, an overfull URL) stays in the column that holds most of it, so it neither closes the
    band nor puts the other column's lines above it before its own column's lines below it.
    It overflows when the other column has text beside it (a wide element never has), or when,
    with no other crossing line above or below it, it crosses by a little, mostly lying on one
    side, or sits in its column's flow, close between two of its lines. A wide element (title,
    figure* caption, a one-column list after a two-column body) crosses far, or line after
    line, set apart from the columns; a centred heading crosses both ways alike.
    """
    if gutter is None:
        return [0] * len(frags)
    cols = [0 if f.x1 <= gutter + 1 else 1 if f.x0 >= gutter - 1 else -1 for f in frags]
    crossing = [f for f, c in zip(frags, cols, strict=True) if c == -1]
    if not crossing:
        return cols
    left = [f.x0 for f, c in zip(frags, cols, strict=True) if c == 0]
    right = [f.x1 for f, c in zip(frags, cols, strict=True) if c == 1]
    reach = _OVERFLOW * min(gutter - min(left, default=0.0), max(right, default=gutter * 2) - gutter)
    for i, f in enumerate(frags):
        if cols[i] != -1:
            continue
        own = 0 if gutter - f.x0 > f.x1 - gutter else 1
        small, big = sorted((gutter - f.x0, f.x1 - gutter))
        beside = [g for g, c in zip(frags, cols, strict=True) if c == 1 - own and _beside(f, g)]
        if not beside:
            mid = (f.y0 + f.y1) / 2
            if any(g is not f and 0 < abs((g.y0 + g.y1) / 2 - mid) < 2 * f.size for g in crossing):
                continue  # a line of a wide paragraph: its last line may be short
            if (small > reach or small > _OVERFLOW * big) and not _in_flow(f, own, frags, cols):
                continue  # a centred heading or a wide line crosses both ways alike
        cols[i] = own
    return cols


def _in_flow(f: _Frag, own: int, frags: list[_Frag], cols: list[int]) -> bool:
    """Whether a crossing line sits in its column's flow: that column's lines close above and below
    it, one of them starting where it starts (an overfull URL of an entry, however far it runs)."""
    near = [g for g, c in zip(frags, cols, strict=True) if c == own and g is not f]
    gap = 0.8 * (f.y1 - f.y0)
    above = [g for g in near if 0 <= f.y0 - g.y1 < gap]
    below = [g for g in near if 0 <= g.y0 - f.y1 < gap]
    return bool(above and below) and any(abs(g.x0 - f.x0) < 1 for g in above + below)


def _beside(f: _Frag, g: _Frag) -> bool:
    """Whether `g` stands in the other column beside `f`, level with it but on a baseline of its
    own: on the same baseline it may be the rest of `f`'s line, past a stretched word space."""
    overlap = min(f.y1, g.y1) - max(f.y0, g.y0)
    if overlap <= 0.3 * min(f.y1 - f.y0, g.y1 - g.y0):
        return False
    return abs((f.y0 + f.y1) / 2 - (g.y0 + g.y1) / 2) >= 0.2 * f.size


_FOOT_BAND = 0.1  # share of the page's height at its foot where the page's own foot line sits


def _stripes(lines: list[Line]) -> list[list[Line]]:
    """Lines cut where an empty horizontal stripe crosses both columns (a rule, a float, a break).

    A stripe that is empty only because one column has ended (the short right column of a last
    page) cuts nothing: the column that goes on below it is still read after the other's top.
    """
    if not lines or not any(ln.col == 1 for ln in lines):
        return [lines]
    heights = sorted(ln.y1 - ln.y0 for ln in lines)
    need = 1.6 * heights[len(heights) // 2]
    below_cols = [set() for _ in lines]  # columns with a line at or below each position
    seen: set[int] = set()
    for i in range(len(lines) - 1, -1, -1):
        ln = lines[i]
        # a page number, or the page's foot line ("Article number, page 17 of 22"), is no column going on
        if not ln.text.isdigit() and ln.y0 < (1 - _FOOT_BAND) * ln.page_height:
            seen.add(ln.col)
        below_cols[i] = set(seen)
    stripes: list[list[Line]] = [[]]
    bottom = None
    for i, ln in enumerate(lines):  # sorted by vertical centre
        both_go_on = -1 in below_cols[i] or {0, 1} <= below_cols[i]
        if bottom is not None and ln.y0 - bottom > need and both_go_on and _starts_level(lines, i, need):
            stripes.append([])
        stripes[-1].append(ln)
        bottom = ln.y1 if bottom is None else max(bottom, ln.y1)
    return stripes


def _starts_level(lines: list[Line], i: int, need: float) -> bool:
    """Whether what follows an empty stripe starts level in both columns, as columns do under a
    float or a break across the page; two sections that end and begin near the same height in
    each column by chance (acknowledgements on the left, an appendix on the right, the list
    running on at the right column's top) start apart, and the page is read column by column."""
    firsts: dict[int, float] = {}
    for ln in lines[i:]:
        firsts.setdefault(ln.col, ln.y0)
        if len(firsts) == 3 or -1 in firsts:
            break
    if -1 in firsts or 0 not in firsts or 1 not in firsts:
        return True
    return abs(firsts[0] - firsts[1]) < 0.5 * need


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

"""What a glyph means: codes of fonts without a Unicode map read in their TeX encoding, and
spacing accents composed with their letter.

pdfTeX embeds a font that exists only as Metafont bitmaps (EC fonts in T1 without cm-super,
LH fonts in T2A, old dvips CM fonts in OT1) as a Type 3 font whose glyphs are named /a28:
PyMuPDF passes its codes through as characters. Which encoding a font has is seen on the
page: T1 and T2A set the ligatures ff, fi, fl, ffi, ffl at 0x1B-0x1F and quotes at 0x10,
0x11; OT1 sets the ligatures at 0x0B-0x0F and æ œ ø Æ Œ Ø at 0x1A-0x1F; T2A sets words of
codes 0xC0-0xFF (Cyrillic, read as Latin-1 letters: "Ìèëêà" for Милка).

A letter TeX builds with \\accent (OT1 has no accented letters: "\\'e", "\\v C") comes out as
a spacing accent before the letter ("L´opez", "ˇCech"), a cedilla often after it
("Franc¸ois"). Composed, they read as printed: "López", "Čech", "François".
"""

from __future__ import annotations

import re
import unicodedata

# Spacing accents as PyMuPDF reads TeX's accent glyphs, and the combining mark each stands for.
_ACCENTS = {
    "`": "\u0300",
    "´": "\u0301",
    "ˆ": "\u0302",
    "˜": "\u0303",
    "¯": "\u0304",
    "ˉ": "\u0304",
    "˘": "\u0306",
    "˙": "\u0307",
    "¨": "\u0308",
    "˚": "\u030a",
    "˝": "\u030b",
    "ˇ": "\u030c",
    "¸": "\u0327",
    "˛": "\u0328",
}
_ACCENT = re.compile("[" + "".join(_ACCENTS) + "^]")
_CIRCUMFLEXED = "aeiouAEIOU"  # an ASCII caret is read as a circumflex only inside a word, over a vowel
_BELOW = "¸˛"  # set after the letter as often as before it
_LIKELY_BELOW = {"¸": "cCsStTgG", "˛": "aAeEiIuUoO"}
_DOTLESS = {"ı": "i", "ȷ": "j"}
_STROKED = re.compile("\ufffd([Ll])")

# Every TeX text encoding sets its quotes at the ASCII grave and apostrophe: ` is ‘ there, never the grave
# accent (a code of its own, below), so "`A review ...'" is a quotation, not "À review".
_QUOTES = {0x60: "‘", 0x27: "’"}
# T1 (Cork) and T2A share the codes below 0x20: accents, quotes, dashes, dotless i and j, ligatures.
_LOW = dict(enumerate("`´ˆ˜¨˝˚ˇ˘¯˙¸˛‚‹›“”„«»–—", 0x00)) | {
    0x17: "",  # compound-word mark: no glyph
    0x18: "",
    0x19: "ı",
    0x1A: "ȷ",
    0x1B: "ff",
    0x1C: "fi",
    0x1D: "fl",
    0x1E: "ffi",
    0x1F: "ffl",
    0x7F: "-",
}
_T1 = str.maketrans(
    _LOW
    | _QUOTES
    | dict(enumerate("ĂĄĆČĎĚĘĞĹĽŁŃŇŊŐŔŘŚŠŞŤŢŰŮŸŹŽŻĲİđ§ăąćčďěęğĺľłńňŋőŕřśšşťţűůÿźžżĳ¡¿£", 0x80))
    | {0xD7: "Œ", 0xDF: "SS", 0xF7: "œ", 0xFF: "ß"}
)
_T2A = str.maketrans(
    _LOW
    | _QUOTES
    | {0x0B: "", 0x0C: "", 0x0D: "Ӏ", 0x0E: "‹", 0x0F: "›", 0x12: "", 0x13: "", 0x14: ""}
    | dict(enumerate("ҐҒЂЋҺҖҘЉЇҚҠҜӔҢҤЅӨҪЎҮҰҲЏҸҶЄӘЊЁ№¤§ґғђћһҗҙљїқҡҝӕңҥѕөҫўүұҳџҹҷєәњё„«»", 0x80))
    | {c: chr(c - 0xC0 + 0x410) for c in range(0xC0, 0x100)}
)
# OT1 below 0x20 (bitmap CM fonts of old dvips PDFs): ligatures, dotless i and j, accents, ß æ œ ø.
_OT1 = str.maketrans(
    dict(enumerate(["ff", "fi", "fl", "ffi", "ffl", "ı", "ȷ", "`", "´", "ˇ", "˘", "¯", "˚", "¸", "ß"], 0x0B))
    | dict(enumerate("æœøÆŒØ", 0x1A))
    | {0x7F: "¨"}
    | _QUOTES
)
_TABLES = {"T1": _T1, "T2A": _T2A, "OT1": _OT1}

# A font whose codes say its encoding: ligatures inside words, T1's quotes and dashes, high codes.
_T1_SIGNS = re.compile(
    r"[^\W\d_][\x1b-\x1f]|[\x1b-\x1f][^\W\d_]|(?:^|\s)\x10[^\W\d_]|[^\W_]\x11|(?:\d|\s)[\x15\x16](?:\d|\s)"
    r"|[^\W\d_]?[\x80-\x9f][^\W\d_]"
)
_OT1_SIGNS = re.compile(r"[^\W\d_][\x0b-\x0f]|[\x0b-\x0f][^\W\d_]")
_T2A_WORD = re.compile(r"(?<![^\W\d_])[\xc0-\xff]{2,}(?![^\W\d_])")
_LATIN1_LETTER = re.compile(r"[\xc0-\xff]")
_RAW_CODE = re.compile(r"[\x00-\x1f\x7f-\xff]")
_UNDECODED = re.compile(r"[\ufffd\x00-\x08\x0b-\x1f\x7f-\x9f]")


def font_encoding(text: str) -> str | None:
    """The TeX encoding a font without a Unicode map shows in `text` (all it sets on a page)."""
    if not _RAW_CODE.search(text):
        return None
    if len(_T2A_WORD.findall(text)) >= 2:
        return "T2A"
    ot1 = len(_OT1_SIGNS.findall(text))
    t1 = len(_T1_SIGNS.findall(text))
    if t1 > ot1:
        return "T1"
    return "OT1" if ot1 else None


def decode(text: str, encoding: str) -> str:
    """Codes read in `encoding` (T1, T2A or OT1)."""
    return text.translate(_TABLES[encoding])


def _composed(base: str, accent: str) -> str | None:
    c = unicodedata.normalize("NFC", _DOTLESS.get(base, base) + _ACCENTS[accent])
    return c if len(c) == 1 else None


def compose_accents(text: str) -> str:
    """Spacing accents joined with the letter they belong to ("L´opez" → "López", "Gonc¸alves"), and
    OT1's Polish stroke with its letter: the stroke glyph has no Unicode, so U+FFFD comes before
    the L or l TeX sets over it ("\ufffdLukasiewicz" → "Łukasiewicz")."""
    if "\ufffd" in text:
        text = _STROKED.sub(lambda m: "Ł" if m.group(1) == "L" else "ł", text)
    if not _ACCENT.search(text):
        return text
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        prev = out[-1] if out else ""
        if ch == "^" and prev.isalpha() and nxt in _CIRCUMFLEXED:
            out.append(unicodedata.normalize("NFC", nxt + "\u0302"))  # "C^oté": Libertine's circumflex
            i += 2
            continue
        if ch not in _ACCENTS:
            out.append(ch)
            i += 1
            continue
        after = _composed(nxt, ch) if nxt else None
        before = _composed(prev, ch) if prev and ch in _BELOW else None
        if after and ch in _BELOW and before and nxt not in _LIKELY_BELOW[ch]:
            after = None  # "Franc¸ois": the cedilla goes with the c before it, not the o after it
        if after and ch == "´" and nxt == "s" and prev.isalpha() and not text[i + 2 : i + 3].isalpha():
            after = None  # "Alzheimer´s": an acute for an apostrophe
        if after and ch == "˜" and prev == "/":
            after = None  # "/˜user" in a URL: a tilde
        if after:
            out.append(after)
            i += 2
        elif before:
            out[-1] = before
            i += 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def repair_cyrillic(text: str, least: int = 2) -> str:
    """Cyrillic of a T2A font no encoding was seen for, read as Latin-1 letters (Ìèëêà → Милка),
    when `least` words of the text are such letters only."""
    if not _LATIN1_LETTER.search(text):
        return text
    words = text.split(" ")
    if sum(1 for w in words if _is_t2a_word(w) and sum(c.isalpha() for c in w) >= 2) < least:
        return text
    return " ".join(w.translate(_T2A) if _is_t2a_word(w) else w for w in words)


def _is_t2a_word(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and all("\u00c0" <= c <= "\u00ff" for c in letters)


def undecoded(text: str) -> bool:
    """Whether `text` holds a glyph no encoding explained: U+FFFD or a control character."""
    return bool(_UNDECODED.search(text))

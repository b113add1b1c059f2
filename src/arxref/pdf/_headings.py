"""What a bibliography heading reads like, in many languages and however the PDF sets its letters
(spaced small caps, a bitmap font's loose accents, Cyrillic read as Latin-1), and where it stands:
not in a table of contents, not as a running head."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from arxref.pdf._glyphs import repair_cyrillic
from arxref.pdf._layout import Line, body_size

# Matched against `heading_key`: accents folded, so "Referências", "Bibliografía" and a
# bitmap font's "Bibliograf´ıa" read as "referencias", "bibliografia".
# A second list's own heading: "Supplementary References", "References for the Supplement".
_SECOND_NAMES = (
    r"(supplementa(ry|l)|additional|further|appendix)\s+references|references\s+(for|in)\s+(the\s+)?"
    r"(supplement(ary\s+(material|information))?|appendix|appendices)"
)
_NAMES = (
    r"references(\s+(and|&)\s+notes)?|notes\s+and\s+references|references\s+cited|cited\s+references"
    rf"|{_SECOND_NAMES}"
    r"|reference\s+list|list\s+of\s+references|bibliography|bibliographie|literature(\s+cited)?"
    r"|cited\s+literature|works\s+cited"
    # ... and the web sites cited beside the books (French and Italian theses): "Webographie", "Sitografia"
    r"|(bibliograph(ie|y)|bibliografia)\s+(et|and|e|y)\s+(webograph(ie|y)|sitografia|webografia)"
    r"|webographie|webography|webografia|sitografia"
    r"|references\s+bibliographiques|literatur|literaturverzeichnis|quellenverzeichnis|quellen|literatuur(lijst)?"
    r"|bibliografia|referencias(\s+bibliograficas)?|riferimenti(\s+bibliografici)?|referenties"
    r"|список\s+(использ\w+\s+)?(литературы|источников)|библиографически\w*\s+список|литература"
    # Ukrainian: "Список використаних джерел", "Список використаної літератури", "Використані джерела"
    r"|список\s+(використан\w+\s+)?(джерел|літератури)|використан\w+\s+(джерела|література)|література"
    r"|бібліографі[яi]"
    # a Russian dissertation's summary (автореферат) lists the author's papers as its bibliography
    r"|(основные\s+|список\s+)?публикаци[ий](\s+автора)?(\s+по\s+теме\s+диссертации)?"
    # Indonesian, Malay, Turkish, Polish/Czech/Croatian, Hungarian, Finnish, Scandinavian, Romanian,
    # Catalan, Afrikaans, Vietnamese, Greek, Chinese and Japanese, Korean, Arabic
    r"|referensi|daftar\s+(pustaka|rujukan|referensi)|rujukan|pustaka\s+acuan|bibliografi|kaynaklar|kaynakca"
    r"|literatura|(seznam|pouzita)\s+literatury?|irodalom(jegyzek)?|hivatkozasok|lahteet|lahdeluettelo|kirjallisuus"
    r"|referenser|referanser|litteratur(liste|forteckning)?|kallor|kilder|bibliografie|referinte|referencies"
    r"|verwysings|tai\s+lieu\s+tham\s+khao|βιβλιογραφια|αναφορες|参考文献|参考资料|參考文獻|引用文献|المراجع"
    # folded as heading_key folds it: NFKD splits Hangul syllables into their letters
    rf"|{unicodedata.normalize('NFKD', '참고')}\s*{unicodedata.normalize('NFKD', '문헌')}"
)
# An optional section number ("7", "7.", "VII.", "A.") may precede the name; after a number's period
# Word's headings may set no space ("8.REFERÊNCIAS").
_NUMBER = r"(?:(?:\d{1,2}|[IVXL]{1,5})\.\s*|(?:\d{1,2}|[IVXL]{1,5}|[A-Z])\.?\s+)"
HEADING = re.compile(rf"^{_NUMBER}?(?:{_NAMES})\s*:?$", re.I)
_SECOND_HEADING = re.compile(rf"^{_NUMBER}?(?:{_SECOND_NAMES})\s*:?$", re.I)
# The spacing accents a bitmap (Type 3) font's text layer sets beside its letter.
_SPACING_ACCENTS = re.compile("[´`¨ˆ˜˘˙¸˚˝ˇ^~]")
_COMBINING = re.compile("[\u0300-\u036f]")
# Every heading name holds one of these (spaces closed up, lower case, accents as printed:
# "réf", "r´ef", "re\u0301f", "rif"):
# a cheap test before a plain-text line is folded and matched.
_LATIN1 = re.compile("[\u00c0-\u00ff]")
_ASCII_LOWER = re.compile("[a-z]")
_STEMS = re.compile(
    "r.{0,3}f|bib|lit|quell|works|cited|webog|sitog|spis|спис|литер|библ|публ|літер|бібл|викор|note|pustaka|rujuk|kaynak|seznam|irodalom|hivatkoz"
    "|l.hte|kirjall|k.llor|kilder|verwys|tham|βιβλ|αναφορ|参考|參考|引用|참고|مراجع"
)



def despace(text: str) -> str:
    """`L I T E R AT U R` (letter-spaced small caps) read as `LITERATUR`."""
    if text.count(" ") < 3:
        return text
    parts = text.split()
    if (
        len(parts) >= 4
        and all(p.isalpha() for p in parts)
        and sum(len(p) <= 2 for p in parts) >= 0.75 * len(parts)
    ):
        return "".join(parts)
    return text


@lru_cache(maxsize=4096)  # a line is asked again as a list's span grows page by page
def heading_key(text: str) -> str:
    """A line as heading names are matched: letter spacing closed up, accents folded."""
    if not text.isascii():
        folded = unicodedata.normalize("NFKD", _SPACING_ACCENTS.sub("", text).replace("ı", "i"))
        text = _COMBINING.sub("", folded)
    elif "`" in text or "^" in text or "~" in text:
        text = _SPACING_ACCENTS.sub("", text)
    return despace(text.strip())


def is_heading(ln: Line) -> bool:
    """Whether a line is a bibliography heading by its words."""
    return len(ln.text) <= 80 and bool(HEADING.match(heading_key(ln.text)))


@lru_cache(maxsize=128)  # asked of each page twice: by the plain pass, then to find the lists
def page_has_heading(text: str) -> bool:
    """Whether a page's plain text holds a line that reads as a bibliography heading; a bitmap T2A
    font's Cyrillic reads as Latin-1 letters in the plain text ("Ñïèñîê ëèòåðàòóðû")."""
    return any(
        HEADING.match(heading_key(t))
        for line in text.splitlines()
        if len(line) < 60
        and despace(line).count(" ") < 12  # "B I B L I O G R A P H I E" is one word
        and _STEMS.search((t := _cyrillic(line)).replace(" ", "").lower())
    )


def _cyrillic(line: str) -> str:
    # T2A read as Latin-1 has no ASCII lower-case letter; an accented Latin line has
    return repair_cyrillic(line, least=1) if _LATIN1.search(line) and not _ASCII_LOWER.search(line) else line


def page_has_second_heading(text: str) -> bool:
    """Whether a page's plain text holds the heading of a second list (a supplement's), which
    says that a main list, with its own heading or none, comes before it."""
    return any(
        _SECOND_HEADING.match(heading_key(t)) for t in text.splitlines() if len(t) < 60 and "ef" in t.lower()
    )


_TOC_NUMBER = re.compile(r"^(\.\s*)*([0-9]{1,4}|[ivxlc]{1,6})$")


def real_heading(
    i: int,
    lines: list[Line],
    top_of: Callable[[int], float | None],
    top_text_of: Callable[[int], str | None] | None = None,
) -> bool:
    """A heading line that is neither a table-of-contents entry nor a running head.

    `top_of(page)` gives a page's first line bottom before furniture was removed (None past
    the document's ends). A heading with a running head above it is the first line of the
    text block, however it is set (a small-caps "REFERENCES" in the text size, just under
    the running head); so is one set lower than a neighbouring page's first line (a
    chapter's opening page, "L I T E R AT U R"). Otherwise a page's first line in the text
    size is its running head, if it reads as the first line of a neighbouring page does
    (`top_text_of(page)`, when the caller can tell): Word sets a chapter's heading in the text's
    size atop its own page, as high as the next page's first entry.
    """
    ln = lines[i]
    if not is_heading(ln):
        return False
    same_page = [o for o in lines if o.page == ln.page and o is not ln]
    for o in same_page:
        if min(o.y1, ln.y1) - max(o.y0, ln.y0) > 0.5 * (ln.y1 - ln.y0) and _TOC_NUMBER.match(o.text):
            return False  # "References .... 55" in a table of contents
    first = ln.y1 < ln.page_height * 0.2 and not any(o.y1 <= ln.y0 for o in same_page)
    if not first or (top_of(ln.page) or ln.y1) < ln.y0:
        return True
    body = body_size(same_page)
    if ln.size > body + 0.9 or ln.bold:
        return True
    neighbour = top_of(ln.page + 1)
    neighbour = top_of(ln.page - 1) if neighbour is None else neighbour
    if neighbour is not None and neighbour < ln.y0 - 2:
        return True
    if top_text_of is None or ln.size < body - 0.9:
        return False  # ... and one set smaller than the text is one ("2 REFERENCES" in amsart's 7 pt)
    own = _words_only(ln.text)
    tops = (top_text_of(p) for p in (ln.page - 1, ln.page + 1))
    return all(_words_only(t) != own for t in tops if t is not None)


def _words_only(text: str) -> str:
    """A line's words as running heads repeat them: page numbers, spaces and case aside."""
    return re.sub(r"[\d\s]+", "", heading_key(text)).lower()


def unknown_top(page: int) -> float | None:
    return None


def page_headings(
    page_lines: list[Line],
    top_of: Callable[[int], float | None] = unknown_top,
    top_text_of: Callable[[int], str | None] | None = None,
) -> list[Line]:
    """The bibliography headings among the lines of one page (a heading is told by its page alone)."""
    return [ln for i, ln in enumerate(page_lines) if real_heading(i, page_lines, top_of, top_text_of)]

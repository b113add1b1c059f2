"""Where the bibliographies are: their headings, where each ends, and a fallback without heading."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from arxref.pdf._labels import label_of
from arxref.pdf._layout import Line, body_size

# Matched against `heading_key`: accents folded, so "Referências", "Bibliografía" and a
# bitmap font's "Bibliograf´ıa" read as "referencias", "bibliografia".
_NAMES = (
    r"references(\s+(and|&)\s+notes)?|notes\s+and\s+references|references\s+cited|cited\s+references"
    r"|reference\s+list|bibliography|bibliographie|literature(\s+cited)?|cited\s+literature|works\s+cited"
    r"|references\s+bibliographiques|literatur|literaturverzeichnis|quellenverzeichnis|quellen|literatuur(lijst)?"
    r"|bibliografia|referencias(\s+bibliograficas)?|riferimenti(\s+bibliografici)?|referenties"
    r"|список\s+(использованн\w+\s+)?(литературы|источников)|библиографический\s+список|литература"
)
# An optional section number ("7", "7.", "VII.", "A.") may precede the name.
HEADING = re.compile(rf"^(?:(?:\d{{1,2}}|[IVXL]{{1,5}}|[A-Z])\.?\s+)?(?:{_NAMES})\s*:?$", re.I)
_END = re.compile(
    r"^(?:(?:\d{1,2}|[IVXL]{1,5}|[A-Z])\.?\s+)?(?:appendix|appendices|appendix\s+\w+|supplementary|supplemental"
    r"|supporting\s+information|biograph(?:y|ies)|author\s+biograph\w*|about\s+the\s+authors?|acknowledge?ments?"
    r"|anhang|\w*erklarung|danksagung|lebenslauf|curriculum\s+vitae|index|glossary|list\s+of\s+\w+|figure\s+captions"
    r"|tables?|chapter\s+\d+|endnotes|notes|apendices?|anexos?|annexes?|appendice)\b",
    re.I,
)
# The spacing accents a bitmap (Type 3) font's text layer sets beside its letter.
_SPACING_ACCENTS = str.maketrans("", "", "´`¨ˆ˜˘˙¸˚˝ˇ^~")


_TOC_NUMBER = re.compile(r"^(\.\s*)*([0-9]{1,4}|[ivxlc]{1,6})$")
_CAPTION = re.compile(r"^(fig\.|figure|table|abbildung|tabelle)\s*[0-9IVX]+[a-z]?(\s*[:.|]|$)", re.I)


@dataclass(frozen=True)
class Section:
    """The lines of one bibliography, from after its heading to its end."""

    lines: tuple[Line, ...]
    heading: str | None


def _despace(text: str) -> str:
    """`L I T E R AT U R` (letter-spaced small caps) read as `LITERATUR`."""
    parts = text.split()
    if (
        len(parts) >= 4
        and all(p.isalpha() for p in parts)
        and sum(len(p) <= 2 for p in parts) >= 0.75 * len(parts)
    ):
        return "".join(parts)
    return text


def heading_key(text: str) -> str:
    """A line as heading names are matched: letter spacing closed up, accents folded."""
    folded = unicodedata.normalize("NFKD", text.translate(_SPACING_ACCENTS).replace("ı", "i"))
    return _despace("".join(c for c in folded if not unicodedata.combining(c)).strip())


def is_heading(ln: Line) -> bool:
    """Whether a line is a bibliography heading by its words."""
    return bool(HEADING.match(heading_key(ln.text)))


def page_has_heading(text: str) -> bool:
    """Whether a page's plain text holds a line that reads as a bibliography heading."""
    return any(HEADING.match(heading_key(t)) for t in text.splitlines() if len(t) < 60)


def _ends_section(ln: Line, body: float) -> bool:
    """A heading that closes a bibliography: appendix, biographies, a new chapter..."""
    if len(ln.text) > 70 or label_of(ln.text) is not None and not ln.bold:
        return False
    key = heading_key(ln.text)
    if _despace(ln.text) != ln.text and not HEADING.match(key):
        return True  # a letter-spaced display line is a heading of its own
    if _END.match(key) and (ln.bold or ln.size > body + 0.5 or ln.text.isupper()):
        return True
    return ln.size >= body + 1.5 and len(ln.text.split()) <= 10 and not ln.text.endswith((".", ","))


def _real_heading(i: int, lines: list[Line]) -> bool:
    """A heading line that is neither a table-of-contents entry nor a running head."""
    ln = lines[i]
    if not is_heading(ln):
        return False
    same_page = [o for o in lines if o.page == ln.page and o is not ln]
    for o in same_page:
        if min(o.y1, ln.y1) - max(o.y0, ln.y0) > 0.5 * (ln.y1 - ln.y0) and _TOC_NUMBER.match(o.text):
            return False  # "References .... 55" in a table of contents
    if ln.y1 < ln.page_height * 0.12 and not any(o.y1 <= ln.y0 for o in same_page):
        return ln.size > body_size(same_page) + 0.9 or ln.bold
    return True


def _caption_cut(chunk: list[Line]) -> list[Line]:
    """The section without float captions: a wide float inside the list is skipped, any other ends it."""
    kept: list[Line] = []
    j = 0
    while j < len(chunk):
        ln = chunk[j]
        if not _CAPTION.match(ln.text):
            kept.append(ln)
            j += 1
            continue
        end = j + 1  # the caption's paragraph: following lines set close below it
        while (
            end < len(chunk)
            and chunk[end].page == ln.page
            and 0 <= chunk[end].y0 - chunk[end - 1].y1 < 0.6 * ln.size
        ):
            end += 1
        while end < len(chunk) and chunk[end].page == ln.page and chunk[end].col == -1:
            end += 1  # more of the float: further wide captions or lines
        after = chunk[end] if end < len(chunk) else None
        known = {round(o.x0) for o in kept}
        resumes = after is not None and after.col != -1 and any(abs(round(after.x0) - x) <= 1 for x in known)
        if not (ln.col == -1 and resumes):
            break
        j = end
    return kept


def split_sections(lines: list[Line]) -> list[Section]:
    """Every bibliography among `lines` (reading order), each ended by the next heading or the end."""
    starts = [i for i in range(len(lines)) if _real_heading(i, lines)]
    sections = []
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
        chunk = lines[start + 1 : stop]
        body = body_size(chunk[:60])
        for j, ln in enumerate(chunk):
            if _ends_section(ln, body):
                chunk = chunk[:j]
                break
        chunk = _caption_cut(chunk)
        if chunk:
            sections.append(Section(tuple(chunk), lines[start].text))
    return sections


def find_unheaded(lines: list[Line]) -> Section | None:
    """A bibliography printed without heading: the last run of label-shaped starts 1, 2, 3..."""
    firsts = [i for i, ln in enumerate(lines) if (lab := label_of(ln.text)) and lab.number == 1]
    for i in reversed(firsts):
        fam = label_of(lines[i].text).family
        want, seen = 2, 0
        for ln in lines[i + 1 : i + 80]:
            lab = label_of(ln.text)
            if lab and lab.family == fam and lab.number == want:
                want, seen = want + 1, seen + 1
        if seen >= 2:
            chunk = lines[i:]
            body = body_size(chunk[:60])
            for j, ln in enumerate(chunk[1:], 1):
                if _ends_section(ln, body):
                    chunk = chunk[:j]
                    break
            return Section(tuple(_caption_cut(chunk)), None)
    return None

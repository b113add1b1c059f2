"""A title's tail: what the split leaves after the title's words and is no part of it.

Quotes and closing punctuation, a publisher or edition in brackets, a trailing arXiv number,
GB/T 7714's document type, ISO 690's medium, a volume and pages where the journal is missing.
Split from title.py, which finds where a title stops; this cleans what was found.
"""

from __future__ import annotations

import re

from arxref.parse.title import YEAR

_TRAILING_CHAPTER_RE = re.compile(r"[\s,]+(?i:chapter|chap\.)\s*\d+$")
# The pages that cite an entry (backref, ECCV/CVPR review copies) after its year: "Title (2015) 2, 4"
_BACKREF_PAGES_RE = re.compile(rf"(\({YEAR}\))\s+\d{{1,4}}(?:,\s*\d{{1,4}})*$")
# A publisher / place / year parenthetical closing a book title: "(Springer US, 1997)".
# ... and ACM's edition "(2nd ed.)", MNRAS's preprint "(arXiv:1312.6034)".
# What a bracket after the title holds when it is no part of it: the publisher ("(Springer, 2009)", CJE's
# "(New York: Dover)", "(Reading, MA: Addison-Wesley)"), the edition, or APA's description of the work
# ("(Unpublished doctoral dissertation)", "(Standard No. IEEE Std 754-2019)", "(Tech. Rep. No. 12)").
_PUBLISHER_TAIL_RE = re.compile(
    r"\s*\([^()]*(?:\b(?:1[89]|20)\d\d\b|Press|Springer|Wiley|Verlag|Publish|Media|Inc\b|Ltd|Univ|"
    r"Elsevier|Academic|edn|[Ee]dition|\bed\.|arXiv|[Dd]issertation|[Tt]hesis|Tech\. Rep|Technical [Rr]eport|"
    r"Standard No|Unpublished|Working [Pp]aper|Computer software|Data set|Patent|"
    r"Books\b|Schuster|Norton|Macmillan|Penguin)[^()]*\)\s*$"
    r"|\s*\([A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?:,\s?[A-Z]{2})?:\s[A-Z][^()]*\)\s*$"
    # PNAS: "Title, (Stanford InfoLab), Technical Report", "Title (Institute ..., New York)"
    r"|\s*,\s*\([^()]+\)\s*$|\s*\([A-Z][^()]*,\s(?:[A-Z][a-z]+\s?){1,3}(?:,\s[A-Z]{2,3})?\)\s*$"
)
_BRACKETED_YEAR_RE = re.compile(r"\(((?:1[89]|20)\d\d)\)\s*$")
# The years a work covers close its title, never a publisher's bracket: "... Records (1978-1992)",
# "A tribute to Per Bech, MD (1942-2018)".
_YEARS_COVERED_RE = re.compile(rf"\(\s*{YEAR}\s*[–—-]\s*{YEAR}\s*\)\s*$")


_OPENING_QUOTE_RE = re.compile(r"([\"“„«]|``)(?:\.\.\.|…)?\s*")
_CLOSING_QUOTE = {"\"": "\"", "“": "”", "„": "“", "«": "»", "``": "''"}


def clean_title(t: str | None, year: int | None = None) -> str | None:
    """The title without its quotes, closing punctuation and publisher tail; None if no words.

    A bracketed year other than the entry's `year` is part of the title: "... of Hurricane Patricia
    (2015)" in an entry of 2018 (LNCS's "Title (2016), url" prints the entry's year there).
    """
    if t is None:
        return None
    t = re.sub(r"\s+", " ", t).strip(" \t,;:")
    opening = _OPENING_QUOTE_RE.match(t)
    if opening and _CLOSING_QUOTE.get(opening.group(1), "\0") in t[opening.end():].rstrip(" .\"”'»“"):
        # a quotation opening the title keeps its quotes: "“... no one can hack my mind”: Comparing ..."
        t = t.rstrip(" \t,;:.\"“”„«»'`")
    else:
        t = t.strip(" \t,;:.\"“”„«»'`")
    t = _BACKREF_PAGES_RE.sub(r"\1", t)
    t = _TRAILING_CHAPTER_RE.sub("", t)  # REVTeX: "Title (Springer, New York, 2009) Chap. 7"
    bracketed = _BRACKETED_YEAR_RE.search(t)
    other_year = bracketed and year is not None and int(bracketed.group(1)) != year
    if not (other_year or _YEARS_COVERED_RE.search(t)):
        t = _PUBLISHER_TAIL_RE.sub("", t).strip(" \t,;:.")
    t = re.sub(r"^(?:in:\s*)", "", t, flags=re.IGNORECASE)
    t = _TRAILING_ARXIV_RE.sub("", t)  # "... few-shot learners arXiv:2005.14165" (no period between)
    t = _GB_TYPE_RE.sub("", t)  # GB/T 7714: "Attention is all you need[C]//Advances in ..."
    t = _MEDIUM_RE.sub("", t)  # ISO 690: "Adam: ... Optimization [arXiv preprint arXiv:1412.6980]"
    t = _BARE_LOCATOR_RE.sub("", t)  # an entry without its journal: "Title 43(4), 363"
    return t if re.search(r"[^\W\d_]{2}", t) else None


# GB/T 7714's document type after the title ([J] journal, [C] proceedings, [M] book, [D] thesis,
# [R] report, [EB/OL] web...), and the container after "//".
_GB_TYPE_RE = re.compile(r"\s*\[(?:[JCMDRSPNZAGK]|CP|DB|EB)(?:/OL)?\](?:\s*//.*)?$")
# ISO 690 and bath print the medium or the address in brackets after the title ("[Online]", "[arXiv
# preprint arXiv:1412.6980]", "[https://...]", whose URL the parse has already cut out: "[ ]"), and
# APA 7 the kind of work ("[Video]", "[Audio podcast episode]", "[Tweet]").
_MEDIUM_RE = re.compile(
    r"\s*\[(?:\s*|[^\]]*,\s*|[^\]]*\b(?:online|arxiv|preprint|https?|www|e-?print|patent|software|"
    r"computer\s+program|data\s*set|video|v[íi]deo|film|podcast|audio|tweet|webinar|slides)\b[^\]]*)\]\s*$",
    re.IGNORECASE,
)
# Volume, issue and pages right after a title, where the entry lost its journal's name (a .bib
# without `journal`): "A formally verified compiler back-end 43(4), 363", "... VHDL, 88–105", "..., 17". Not a
# range of years: "Mortality in the United States, 1999–2010" ends a title.
_BARE_LOCATOR_RE = re.compile(
    r"(?:\s+\d{1,4}\s*\(\d[\w–-]*\),\s*[\w–-]*\d[\w–-]*"
    rf"|,\s*(?!{YEAR}\s*[–-]\s*{YEAR}\b)\d{{1,5}}\s*[–-]\s*\d{{1,5}}"
    rf"|\s+\d{{1,4}},\s*\d{{1,5}}\s*[–-]\s*\d{{1,5}}|,\s*(?!{YEAR}$)\d{{1,4}})$"  # "... 93, 42–68", "..., 17"
)
_TRAILING_ARXIV_RE = re.compile(r"[\s,.;]+arXiv:\s*(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$")

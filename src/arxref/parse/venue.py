"""The publication part of an entry: is a chunk a venue, and its venue / volume / pages / year.

Used by `reference` twice: to tell where a title stops ("..., Phys. Rev. A 54, 1098
(1996)" starts a venue; "..., heterogeneous, and incomplete observations" does not),
and to read the fields out of what follows the title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A chunk that opens a venue whatever follows: "in Proc. ...", "arXiv preprint", "vol. 3", ...
_VENUE_CUE_RE = re.compile(
    r"^(?:in:?\s+(?:the\s+)?[A-Z0-9]|in\s*:|proc\b|proc\.|proceedings\b|conference\b|workshop\b|symposium\b|arxiv|"
    r"preprint\b|e-?print|corr\b|working\s+paper\b|tome\s+\d|(?:bio|med|chem)rxiv|ssrn\b|journal\s+of\b|transactions\s+on\b|vol\.|volume\b|pp?\.\s*\d|pages?\s+\d|ph\.?\s?d\.?|phd\b|thesis\b|"
    r"master['’]?s?\s+thesis|tech(?:nical|\.)\s+rep|report\b|edited\s+by\b|eds?\.|\(eds?\.?\)|url\b|"
    r"available\b|https?:|www\.|doi\b|isbn\b|issn\b|ibid\b|submitted\b|in\s+press\b|accepted\b|"
    r"unpublished\b|private\s+communication\b|springer\b|wiley\b|elsevier\b|cambridge\s+university|"
    r"oxford\s+university|mit\s+press|acm\b|ieee\b|siam\b|aip\s+conf|pos\b|accessed\b|retrieved\b|"
    r"last\s+(?:visited|accessed)|\d+(?:st|nd|rd|th)\s+(?:ed\b|edn\b|edition\b)"
    # the edition field in words as AMS styles print it ("second ed."); "Third Edition" is in a title
    r"|(?-i:(?:first|second|third|fourth|fifth|sixth|revised|enlarged)\s+(?:ed|edn)\b))",
    re.IGNORECASE,
)
# Where software and data are archived, named on their own after a title ("spectral-cube: Read and analyze
# ..., Astrophysics Source Code Library", "..., Zenodo, doi: ...", "..., Github v1.0 (2020)").
_SOFTWARE_ARCHIVE_RE = re.compile(
    r"(?:zenodo|figshare|software\s+heritage|astrophysics\s+source\s+code\s+library|ascl|git\s?hub|git\s?lab|"
    r"bitbucket|pypi|cran|dryad|osf)(?:\s+v?\d[\w.-]*)?(?:\s*\(\d{4}\))?",
    re.IGNORECASE,
)
# Volume/pages/year only: "13", "45(1):5-32", "pp. 1-10", "L8", "2019", "vol. 12, no. 1".
_NUMERIC_RE = re.compile(
    r"^\s*(?:(?:vol(?:ume)?\.?|no\.|nr\.|issue|pp?\.|pages?|seiten|art\.|article)\s*)?"
    r"[A-Za-z]?\d+[a-z]?(?:\s*\(\d+[^)]*\))?(?:\s*[-–—:]+\s*[A-Za-z]?\d+[a-z]?)*\s*(?:\(\d{4}\))?\s*\.?\s*$",
    re.IGNORECASE,
)
# An abbreviated journal word: "Phys.", "Rev.", "J.", "Astrophys.", "Lett." (not "al.", "no.").
# (never a part's roman number: "Planck 2018 results. I. Overview ...", "EIGER. III. JWST ...")
_ABBREV_RE = re.compile(r"(?<![\w.])(?!al\.|no\.|vs\.|[IVX]{1,4}\.)[A-Z][a-z]{0,9}\.(?=\s|$|,|\d)")
# A venue chunk that ends in its volume: "Nature 458", "Phys. Rev. A 54", "Phys. Rev. D74".
# (a decimal is no volume: "... at Redshift 7.5")
_ENDS_IN_VOLUME_RE = re.compile(
    r"(?:[A-Za-z)]|(?<!\d)\.)\s*[A-Z]?\d+[A-Za-z]?(?:[\s:]+[A-Z]?\d+(?:\s*[-–—]+\s*\d+)?)?\s*$"
)
# "Journal 76, 013009 (2007)" / "Phys. Rev. D74, 065014 (2006)" / "Journal 12 (2019) 1".
_PHYSICS_RE = re.compile(
    r"^(?P<venue>[^\d,]*?[A-Za-z.)&])\s*(?P<vol>\d+[A-Za-z]?)\s*"
    r"(?:,\s*(?P<pages>[A-Za-z]{0,4}\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+)?)\s*\((?P<year>\d{4})\)"
    r"|\((?P<year2>\d{4})\)\s*,?\s*(?P<pages2>[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+)?))"
)
# elsarticle's "Journal of Complexity 3 (2) (1987) 136-145", "Nonlinearity 22 (2009)": a volume, maybe
# an issue, then the year in brackets.
# A bracket may stand before the volume ("Applied Mathematics and Mechanics (English Edition) 39 (11)
# (2018) 1529"), and a journal without volume puts its pages after the year ("Engineering with Computers
# (2020) 1–19").
_VOLUME_YEAR_RE = re.compile(
    r"(?:[^\W\d_]|\))\.?\s+\d{1,5}[a-z]?\s*(?:\([^()]{1,12}\)\s*)?\((?:1[89]|20)\d\d[a-z]?\)"
    r"|[^\W\d_]\s+\((?:1[89]|20)\d\d\)\s+[A-Za-z]?\d+(?:\s*[-–—]+\s*\d+)?\s*\.?$"
)
# A year: not part of a longer number, a decimal, or a page range ("1820-1833").
_YEAR_RE = re.compile(r"(?<![\d.\-–—:/])(?:1[89]\d\d|20\d\d)(?![\d.]\d|\s*[-–—]\s*\d)")
_ISBN_RE = re.compile(r"\b(?:ISBN[:\s]*)?97[89][-\s]?[\d-]{9,}[\dX]\b")
# "(Publisher, Place, Year)" closing a book's title in physics styles.
_PUBLISHER_PAREN_RE = re.compile(r"\s\([A-Z][^()]*,\s*(?:1[89]|20)\d\d\)$")
_YEAR_CLOSES_RE = re.compile(r"\((?:1[89]|20)\d\d\)\s*$")
# Publisher names anywhere in a chunk mark the publication part of a book entry.
_PUBLISHER_RE = re.compile(
    r"\b(?:Press|Publishers?|Publishing|Verlag|Wiley|Springer|Elsevier|Sons|Kluwer|Birkh[aä]user|"
    r"Chapman|Addison[- ]Wesley|McGraw[- ]Hill|Prentice[- ]Hall|O'Reilly|Dover|Pergamon|North[- ]Holland|"
    r"Routledge|Taylor\s*&\s*Francis|World\s+Scientific|Morgan\s+Kaufmann|Gauthier[- ]Villars|Dunod|"
    r"Teubner|Vieweg|de\s+Gruyter|Nauka|Curran\s+Associates|"
    # ... publishing houses in other languages, and a foundation that publishes ("R Foundation for
    # Statistical Computing", "Python Software Foundation"), never "Foundations of ..." or "Foundation models"
    r"Imprenta|Librer[ií]a|Editora|Editorial|[ÉE]ditions|Edi[çc][õo]es|Edizioni|Ediciones|"
    r"Foundation(?=\s+for\s|\s*$))\b"
)
_VOLUME_RE = re.compile(r"\bvol(?:ume)?\.?\s*(?P<vol>[A-Za-z]?\d+[A-Za-z]?)", re.IGNORECASE)
_PAGES_RE = re.compile(
    r"(?:\bpp?\.|\bpages?|\bSeiten?)\s*(?P<pages>[A-Za-z]?\d+[a-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+[a-z]?)?)",
    re.IGNORECASE,
)
# "45(1):5-32", "29 (12): 1989-1996", "117:1405-1423", "6: 45"
_VOL_ISSUE_PAGES_RE = re.compile(
    r"(?<![\w.])(?P<vol>\d+)\s*(?:\((?P<issue>[^)]{1,12})\))?\s*:\s*"
    r"(?P<pages>[A-Za-z]?\d+[a-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+)?)"
)
# ", 721, 1861" / " 2015, 55, 263-274" / ", 55, 263": volume then pages, comma separated.
_VOL_COMMA_PAGES_RE = re.compile(
    r"(?:^|[,\s])(?P<vol>[A-Z]?\d{1,5}[a-z]?)\s*,\s*(?P<pages>[A-Za-z]{0,2}\d+[a-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+)?)"
    r"\s*(?:[,.;]|\(|$)"
)
# Where a venue name may stop: a field keyword, a number, or a sentence end (checked in code).
_VENUE_BREAK_RE = re.compile(
    r"(?P<field>,?\s*(?:vol(?:ume)?\b|pp?\.\s*\d|pages?\s+\d|no\.\s*\d))|(?P<comma>,\s*\(?\d)"
    r"|(?P<num>\s\(?\d)|(?P<stop>\.(?=\s+[A-Z\d(]))"
)
# Proceedings-like venues carry numbers in their names ("the 2019 Conference of ...").
_PROC_RE = re.compile(
    r"^(?:in:?\s+)?(?:the\s+)?(?:proc\b|proc\.|proceedings|advances|conference|workshop|symposium|annual|"
    r"international|\d+(?:st|nd|rd|th)\b)",
    re.IGNORECASE,
)
# ISBNs and editions mark a book's publisher part: "Springer 9783319152875", "2nd ed.", "2ed".
_BOOK_RE = re.compile(r"\b97[89]-?\d|\b\d+(?:st|nd|rd|th)?\s*(?:ed|edn|edition)\b", re.IGNORECASE)


@dataclass(frozen=True)
class VenueFields:
    """What the publication part of an entry says."""

    venue: str | None = None
    volume: str | None = None
    pages: str | None = None
    year: int | None = None


# Chunks that continue a title although they hold a number: "Version 1.0", "version 2.2", "v3".
_VERSION_RE = re.compile(r"^\s*(?:version|v\.?|release|rev\.)\s*\d[\w.]*\s*$", re.IGNORECASE)
# Tail chunks after a publisher or venue name: "New York (1968)", "ascl:1112.014", "2019".
# (a place has no number before its year: "Frontiers in Robotics and AI 7 (2020)" is a journal and volume)
_TAIL_RE = re.compile(
    r"^\s*(?:[A-Z](?:[^\W\d_]|[ .'-]){0,30}\(?(?:1[89]|20)\d\d\)?|[a-z]+:\s*[\d.]+)\s*\.?\s*$"
)


# A chunk that is an arXiv number or a software release alone (JHEP: "Title, 1304.0735"; "JAX: ...,
# 0.1.55"): what follows the title, never part of it.
_ID_OR_RELEASE_RE = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?|v?\d+(?:\.\d+){2,}")


def is_version_chunk(chunk: str) -> bool:
    """'Version 1.0': part of a software or standard's title, not its venue."""
    return bool(_VERSION_RE.match(chunk))


def opens_with_venue_cue(chunk: str) -> bool:
    """A chunk that starts with a venue's word: "in Proc.", "arXiv preprint", "volume 2", "accessed"."""
    return bool(_VENUE_CUE_RE.match(chunk.strip()))


def names_publisher(chunk: str) -> bool:
    """A chunk with a publisher's name in it ("Springer-Verlag", "Birkhäuser Boston", "... Press")."""
    return bool(_PUBLISHER_RE.search(chunk))


def is_numeric_chunk(chunk: str) -> bool:
    """A chunk that is only volume / issue / pages / year ("13", "45(1):5-32", "pp. 1-10")."""
    return bool(_NUMERIC_RE.match(chunk))


def looks_like_venue(chunk: str, following: list[str] | None = None) -> bool:
    """Whether a comma-separated chunk starts the publication part rather than continuing a title."""
    s = chunk.strip().strip(".")
    if not s:
        return True
    if is_version_chunk(s):
        return False
    if _VENUE_CUE_RE.match(s) or is_numeric_chunk(s) or _PHYSICS_RE.match(s):
        return True
    if _ID_OR_RELEASE_RE.fullmatch(s) or _SOFTWARE_ARCHIVE_RE.fullmatch(s):
        return True
    if s[0].isupper() and _VOLUME_YEAR_RE.search(s):
        return True
    nxt = [f for f in (following or []) if f.strip()]
    year_closes = s[0].isupper() and nxt and _YEAR_CLOSES_RE.search(s)
    if year_closes and is_numeric_chunk(nxt[0]) and not title_like(s):
        return True  # a journal without volume, then its number: "Astérisque (2006), no. 308"
    book = _PUBLISHER_PAREN_RE.search(s)
    head = s[: book.start()] if book else ""
    publisher = book and _PUBLISHER_RE.search(book.group()) and not re.search(r"\bProc", book.group())
    if publisher and head.strip() and not any(c.isdigit() for c in head) and not _ABBREV_RE.search(head):
        # REVTeX's and Science's book: "Methods of quantum field theory ... (Dover Publications, Inc.,
        # 1963)", "Collective Learning (Springer US, Boston, MA, 2012)": no journal is followed so
        return False
    if re.search(r"\s(?:to|in|by|until|since|for|of|from|through)\s(?:1[89]|20)\d\d$", s) and title_like(s):
        return False  # a title ending in a year: "... communication technology: trends to 2030"
    if any(c.isdigit() for c in s) and (_ABBREV_RE.search(s) or _ENDS_IN_VOLUME_RE.search(s)):
        # ... but "The ising model on S2" is a title ending in a symbol, not a venue and volume
        return not (re.search(r"\s[A-Za-z]\d{1,2}$", s) and title_like(s) and not _ABBREV_RE.search(s))
    # "Python for Data Analysis (O'Reilly Media)": a book title with its publisher in brackets
    core = re.sub(r"\s*\([^()]*\)\s*$", "", s) or s
    if _BOOK_RE.search(core) or _PUBLISHER_RE.search(core):
        return True
    # "ApJ, 721, 1861", "Physical Review Letters, 90, 091301": a short name, then numbers only
    if not nxt or len(s.split()) > 8 or not all(_is_tail(f, title_like(s)) for f in nxt[:2]):
        return False
    if re.match(r"An?\s", s):
        return False  # no journal's name opens with "A"/"An": a title in title case ("An Overview of ...")
    # "Title, 2019.": a year alone after a title-like chunk does not make it a venue
    return not (title_like(s) and all(_YEAR_RE.fullmatch(f.strip(" .")) for f in nxt[:2]))


def _is_tail(chunk: str, after_title: bool) -> bool:
    """Volume/pages/year, or a place and year; after a title-like chunk only numbers, as what follows a
    title is a journal of its own ("Title, Adv. in Math. 61 (1986)", "Title, Astérisque (2006), no. 308")."""
    if is_numeric_chunk(chunk):
        return True
    return not after_title and bool(_TAIL_RE.match(chunk))


# The last chunk of a Science/AIP-style entry: a name, then only the year in brackets ("ACL (2019).",
# "Nature Machine Intelligence (2025).", "Lecture notes in computer science pp. 1–26 (2004).").
_NAMED_VENUE_YEAR_RE = re.compile(r"\s*[A-Z][^()]*?\s\((?:1[89]|20)\d\d\)\.?\s*")


def named_venue_with_year(chunk: str) -> bool:
    """A venue closing the entry with its year alone: never a title's last words, which no
    comma style follows by the year in brackets without a journal between."""
    return bool(_NAMED_VENUE_YEAR_RE.fullmatch(chunk))


# Sentences that open with a proceedings / preprint / ibid. marker.
_VENUE_OPENER_RE = re.compile(r"^(?:in:?\s+)?(?:proc\b|proc\.|proceedings\b|arxiv\b|ibid\b)", re.IGNORECASE)


def looks_like_venue_first(sentence: str) -> bool:
    """A period-style sentence right after the authors that is a venue, not a title (physics)."""
    s = sentence.strip()
    phys = _PHYSICS_RE.match(s)
    if phys and len(phys.group("venue").split()) <= 8 and not title_like(phys.group("venue")):
        # ... unless a capitalised title ends before the journal: "Clocking Femtosecond X Rays. Phys. Rev."
        head = re.split(r"\.\s", phys.group("venue"), maxsplit=1)
        return len(head) == 1 or not (len(head[0].split()) >= 3 or two_word_title(head[0]))
    if _VENUE_OPENER_RE.match(s):
        return True
    head = re.split(r",", s, maxsplit=1)[0]
    if not (_ABBREV_RE.search(head) and _ENDS_IN_VOLUME_RE.search(head) and len(head.split()) <= 8):
        return False
    # "Zh. Eksp. Teor. Fiz. 47", "New J. Phys. 4": abbreviations and short words only, never
    # "Die Erotik. Einzelausgabe 2014" (a title, then a long word and a year)
    name = re.sub(r"[\s:]*[A-Z]?\d+[A-Za-z]?(?:[\s:]+[A-Z]?\d+(?:\s*[-–—]+\s*\d+)?)?\s*$", "", head)
    return all(w.endswith(".") or len(w) <= 4 or w.isupper() for w in name.split())


def two_word_title(text: str) -> bool:
    """Two long words that no journal abbreviates: "Cuckoo Hashing", "Stochastic Processes" (a title
    before its journal or publisher), never "Nature Phys", "Living Rev", "New J"."""
    words = text.split()
    return len(words) == 2 and all(len(w) >= 5 and w.isalpha() and w[0].isupper() for w in words) and not any(
        w.lower() in _JOURNAL_WORDS for w in words
    )


# Journal words that abbreviate to five letters or more ("Photon.", "Commun.", "Astrophys.").
_JOURNAL_WORDS = frozenset({
    "photon", "commun", "astrophys", "nanotech", "nanotechnol", "mater", "chem", "phys", "physics",
    "comput", "theor", "appl", "math", "sci", "lett", "rev", "nature", "journal",
})


def title_like(text: str) -> bool:
    """Enough words, some of them long lower-case ones: a title rather than a journal name."""
    words = text.split()
    return len(words) >= 3 and any(w.strip(".,:;").islower() and len(w.strip(".,:;")) >= 4 for w in words)


def find_year(text: str) -> int | None:
    """The publication year in a venue part: parenthesised first, else the last plausible year."""
    m = re.search(r"\((?:[A-Za-z]+\.?\s+)?(1[89]\d\d|20\d\d)[a-z]?\)", text)
    if m:
        return int(m.group(1))
    years = _YEAR_RE.findall(text)
    return int(years[-1]) if years else None


def _clean_venue(v: str) -> str | None:
    v = re.sub(r"^\s*(?:in:?\s+|In:?\s+|(?:1[89]|20)\d\d[a-z]?\s*[,.]\s*)", "", v.strip())
    v = re.sub(r"(?:,\s*|\s+)(?:abs/|\[[\w.-]+\]|\(?eds?\.?\)?)\s*$", "", v)
    v = re.sub(r"\s+", " ", v).strip(" ,;:.([")
    if v.endswith(")") and v.count("(") < v.count(")"):
        v = v[:-1]
    if re.match(r"(?:accessed|retrieved|last\s+(?:visited|accessed)|abgerufen)\b", v, re.IGNORECASE):
        return None
    return v if len(v) >= 2 and re.search(r"[^\W\d_]", v) else None


def parse_venue(part: str) -> VenueFields:
    """Venue name, volume, pages and year from the text after the title (best effort)."""
    s = re.sub(r"\s+", " ", _ISBN_RE.sub(" ", part)).strip(" .,;")
    if not s:
        return VenueFields()
    year = find_year(s)
    m = _PHYSICS_RE.match(s)
    if m:
        y = m.group("year") or m.group("year2")
        return VenueFields(
            _clean_venue(m.group("venue")), m.group("vol"), m.group("pages") or m.group("pages2"),
            int(y) if y else year,
        )
    cut = _venue_end(s)
    venue = _clean_venue(s[:cut])
    volume = pages = None
    vm = _VOLUME_RE.search(s)
    pm = _PAGES_RE.search(s)
    vip = _VOL_ISSUE_PAGES_RE.search(s)
    if vip:
        volume, pages = vip.group("vol"), vip.group("pages")
    rest = s[cut:]
    vcp = _VOL_COMMA_PAGES_RE.search(rest)
    if volume is None and vcp and not _is_year(vcp.group("vol")):
        volume, pages = vcp.group("vol"), vcp.group("pages")
    elif volume is None and vcp and _is_year(vcp.group("vol")):
        # ACS "J. Chem. Inf. Model. 2015, 55, 263-274": the year comes first
        acs = re.search(r"(?:1[89]|20)\d\d\s*,\s*(\d+)\s*,\s*([A-Za-z]?\d+(?:\s*[-–—]+\s*\d+)?)", rest)
        if acs:
            volume, pages = acs.group(1), acs.group(2)
    if vm:
        volume = vm.group("vol")
    if pm:
        pages = pm.group("pages")
    if volume is None:
        # "Astrophysical Journal 665 1489": a lone volume, then maybe its first page
        lone = _LONE_VOLUME_RE.match(rest)
        if lone and not _is_year(lone.group(1)):
            volume = lone.group(1)
            if pages is None and lone.group(2) and not _is_year(lone.group(2)):
                pages = lone.group(2)
    return VenueFields(venue, volume, _tidy_pages(pages), year)


# "665 1489" after a venue name: a lone volume, then maybe its first page.
_LONE_VOLUME_RE = re.compile(
    r"\s*,?\s*([A-Z]?\d{1,4}[a-z]?)\b(?![.\d])(?:\s+([A-Z]?\d+(?:\s*[-–—]+\s*\d+)?)\b)?"
)


def _venue_end(s: str) -> int:
    """Offset where the venue name ends and its volume / pages / year begin."""
    proc = bool(_PROC_RE.match(s))
    for m in _VENUE_BREAK_RE.finditer(s):
        if m.lastgroup == "num" and proc:
            continue
        if m.lastgroup == "stop":
            w = s[s.rfind(" ", 0, m.start()) + 1 : m.start()]  # the word before the period
            if (len(w) <= 11 and w[:1].isupper()) or w.lower() in ("al.", "no.", "vol."):
                continue  # "Phys. Rev.", "J. Chem. Inf. Model.": abbreviations, not a sentence end
        return m.start()
    return len(s)


def _is_year(s: str) -> bool:
    return bool(re.fullmatch(r"(?:1[89]|20)\d\d", s))


def _tidy_pages(p: str | None) -> str | None:
    return re.sub(r"\s*[-–—]+\s*", "-", p) if p else None

"""Name lists the grammar of `authors` cannot read, and titles that are really names.

Used where the grammar failed but the layout still says "names here": the first sentence
of an entry ("Zimmermann, David Klindt, and Wieland Brendel."), a tail after "and" ("and
Jo ao Paulo Souza."), quotes a broken .bib put round names; and, the other way round, to
refuse a would-be title that is a list of names.
"""

from __future__ import annotations

import re

from arxref.parse.name_grammar import clean_name
from arxref.parse.name_words import (
    FUNCTION_WORDS,
    PARTICLES,
    is_capword,
    is_initial,
    is_particle,
    is_vancouver_initials,
)
from arxref.parse.title import APA_DATE, YEAR, sentence_end
from arxref.parse.venue import looks_like_venue, title_like

# Splits a loose name list: ", and", ", &", ";", ",", " and ", " & ".
_LOOSE_SPLIT_RE = re.compile(r"\s*(?:,\s*(?:and|&)\s+|;\s*(?:and\s+)?|,\s*|\s+(?:and|&|und)\s+)\s*")
_SEMICOLON_SPLIT_RE = re.compile(r"\s*;\s*(?:and\s+|&\s+)?|\s+(?:and|&|und)\s+")


def loose_author_list(segment: str, lenient: bool = False) -> tuple[tuple[str, ...], bool] | None:
    """Names in a segment that the grammar could not read but that has the look of a name list.

    Every piece between separators must be 1-5 words, each capitalised, an initial, a
    particle or a short lower-case fragment of a broken accent ("Jo ao"); `lenient` (where
    "and" promised a name) also lets one lower-case word into a piece that has two
    capitalised ones ("Cheng xiang Zhai"). A segment that opens with a semicolon ends a list whose
    names are set apart by semicolons. Returns (names, et_al) or None.
    """
    seg = segment.strip().rstrip(".").strip()
    by_semicolon = ";" in seg
    seg = seg.lstrip(";").strip()
    if not seg or len(seg) > 400:
        return None
    et_al = False
    m = re.search(r",?\s*(?:et\.?\s*al\.?|and others)$", seg)
    if m:
        seg, et_al = seg[: m.start()], True
    # names surname first, each "Surname, Given" and set apart by semicolons (Citavi: "Bonta,
    # Venkateswarlu; Kumaresh, Nandhini; Janardhan, N."): a piece is a name, its comma inside it
    pieces = [p for p in (_SEMICOLON_SPLIT_RE if by_semicolon else _LOOSE_SPLIT_RE).split(seg) if p]
    if not pieces:
        return None
    for piece in pieces:
        words = piece.replace(",", " ").split()
        if not 1 <= len(words) <= 5:
            return None
        caps = lower = 0
        for w in words:
            if is_capword(w) or is_initial(w) or is_vancouver_initials(w) or (w[:1].isupper() and w[1:]):
                caps += 1
            elif w.lower() in PARTICLES or (w.isalpha() and w.islower() and len(w) <= 3):
                continue
            elif lenient and w.isalpha() and w.islower() and w not in FUNCTION_WORDS:
                lower += 1
            else:
                return None
        if caps == 0 or (lower and (lower > 1 or caps < 2)):
            return None
    inverted = not by_semicolon and (
        len(pieces) == 2 and "," in seg and not re.search(r"\b(?:and|und)\b|&|;", seg)
        and len(pieces[0].split()) == 1 and not all(is_initial(w) for w in pieces[1].split())
    )
    if inverted:
        return (clean_name(f"{pieces[0]}, {pieces[1]}"),), et_al  # "Kant, Immanuel"
    return tuple(clean_name(p) for p in pieces), et_al


def looks_like_author_list(text: str) -> bool:
    """Whether a would-be title is really names ("Zimmermann, David Klindt, and Wieland Brendel").

    Deliberately strict (it overrides a title): three or more names, or two with initials,
    every word a name word, and every name of two or more words but a first or last one
    truncated at a line or quote ("Zimmermann, ...", "..., and Preslav").
    """
    t = text.strip().rstrip(".")
    if not re.search(r",|\band\b|&", t):
        return False
    got = loose_author_list(t)
    if got is None:
        return False
    names = _merge_surname_initials(list(got[0]))
    words = [w for n in names for w in n.replace(",", " ").split()]
    if any(w.lower() in FUNCTION_WORDS for w in words) or any(len(n.split()) > 4 for n in names):
        return False  # "Coordination in Naturalistic Driving Videos"
    if any(w[:1].isupper() and not (is_capword(w) or is_initial(w) or is_particle(w)) for w in words):
        return False  # "On", "The", "Deep" ...: title words
    has_initials = any(is_initial(w) or is_vancouver_initials(w) for w in words)
    if len(names) < 2 or (len(names) < 3 and not has_initials):
        return False
    return all(len(n.replace(",", " ").split()) >= 2 for n in names[1:-1])


def _merge_surname_initials(pieces: list[str]) -> list[str]:
    """["Smith", "J. R.", "Doe", "A."] -> ["Smith, J. R.", "Doe, A."]: undo the split of SF names."""
    out: list[str] = []
    for p in pieces:
        if out and all(is_initial(w) for w in p.split()) and not all(is_initial(w) for w in out[-1].split()):
            out[-1] = f"{out[-1]}, {p}"
        else:
            out.append(p)
    return out


# The year of an author-year style after an organisation: "Amazon. 2017a. Amazon EC2 Pricing."
_YEAR_SENTENCE_RE = re.compile(r"\s*" + YEAR + r"[a-z]?(?:\s*[-–]\s*" + YEAR + r")?\.(?=\s)")


def title_follows(body: str, end: int) -> bool:
    """Whether a title follows the sentence that ends at body[end] (after the year of an author-year style).

    A lone name-like sentence is an author only then: "Eclipse. The project description file." vs
    "Tox21 Challenge. <url>, Accessed: ..." and "Jupyter Notebook. http://jupyter.org, 2017." (titles).
    """
    sentence = _next_sentence(body, end)
    return bool(re.search(r"[^\W\d_]{2}", sentence)) and not looks_like_venue(sentence.split(",")[0])


def only_link_follows(body: str, end: int) -> bool:
    """Whether nothing but a link's date follows the sentence ending at body[end] ("Jupyter Notebook.
    http://jupyter.org, 2017. last accessed, ...": the URL is cut out): that sentence is a title."""
    sentence = re.sub(r"^[\s,]*(?:" + YEAR + r"[a-z]?)?[\s.,]*", "", _next_sentence(body, end))
    return not re.search(r"[^\W\d_]{2}", sentence) or bool(_ACCESS_RE.match(sentence))


_ACCESS_RE = re.compile(r"(?:last\s+)?(?:accessed|visited|retrieved|available|online|url|web\s*site)\b", re.I)


def _next_sentence(body: str, end: int) -> str:
    """The sentence after body[end], past the year of an author-year style ("Amazon. 2017a. Title.")."""
    nxt = body[end + 1:].lstrip(" .")  # a cut URL leaves its period: "Informaticup. . Accessed: ..."
    year = _YEAR_SENTENCE_RE.match(nxt)
    if year:
        nxt = nxt[year.end():].lstrip(" .")
    return nxt[: sentence_end(nxt)]


def _venue_not_title(sentence: str) -> bool:
    """A sentence that opens a venue ("In ICML", "Phys. Rev. 12") and has not the long lower-case
    words of a title ("Statement of Commitment from Earth and Space Science Publishers")."""
    parts = [p for p in sentence.split(",") if p.strip()]
    return bool(parts) and looks_like_venue(parts[0], parts[1:3]) and not title_like(parts[0])


# The legal form that ends a company's name.
_COMPANY_SUFFIX_RE = re.compile(r"[\s,](?:AG|GmbH|Inc|Ltd|LLC|Corp|Co|S\.A|SA|B\.V|BV|plc|SE)\.?$")
# A company's name, as LNCS prints it before the colon: "Facebook:", "CircleCI:", "Microsoft:".
_COMPANY_COLON_RE = re.compile(r"([A-Z][a-z]+(?:[A-Z][A-Za-z]*)?):\s+")
# Author-year styles put the year right after an organisation's name: "IEEE, 2019. Title",
# "IEEE (2019). Title", "IEEE: 2019, Title" (one to three capitalised words or an acronym).
_DATED_ORGANISATION_RE = re.compile(
    r"(?P<name>[A-Z][\w&'’-]*(?:\s+[A-Z][\w&'’-]*){0,2})\s*[,:]?\s+\(?" + YEAR + r"[a-z]?\)?[.,:]\s"
)


_ORGANISATION_WORDS_RE = re.compile(
    r"\b(?:[A-Z]{2,}|Foundation|Team|Institute|Society|Association|Organi[sz]ation|Committee|Agency|Council|"
    r"Consortium|Collaboration|Group|Project|Inc|Ltd|Corporation|Company)\b"
)


def _names_organisation(name: str) -> bool:
    """One word ("GitHub", "Wikipedia"), or words with an acronym or an organisation's noun in them
    ("Python Software Foundation", "R Core Team"): not a short title ("Deep Learning")."""
    return len(name.split()) == 1 or bool(_ORGANISATION_WORDS_RE.search(name))


# One word, a comma or period, then a title that opens with the same word: the organisation names its
# own work ("GitHub, GitHub Actions documentation", "IEEE. IEEE standard for floating-point arithmetic").
_REPEATED_NAME_RE = re.compile(r"(?P<name>[A-Z][\w&-]+)[,.]\s+(?P=name)\s+\w")
# APA's group author (or a name the grammar could not read), then the date in brackets and a period:
# "World Health Organization. (1998a).", "Universidad de la República. (2013).", "Harvey, David. (2007)."
_APA_GROUP_RE = re.compile(
    rf"(?P<name>[A-ZÀ-Ý][^\d()]{{1,80}}?)\.?\s+{APA_DATE}\.\s"
)
# An institution named as such, then a comma (Science, AIP): "International Energy Agency (IEA), Energy and
# AI, Tech. rep. ...", "Chalmers University of Technology, Smooth robot movements ...". Capitalised words
# up to the institution's noun, so "Federated Learning for University Students, ..." (a title) never is.
_INSTITUTION_COMMA_RE = re.compile(
    r"(?P<name>(?:[A-Z][\w-]*\s+){0,3}(?:Institute|Agency|University|Federation|Council|Commission|"
    r"Organi[sz]ation|Association|Society|Foundation|Committee|Department|Ministry|Office|Bureau|Laboratory|"
    r"Centre|Center)(?:\s+(?:of|for|on)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+(?:and\s+)?[A-Z][\w-]*)*)?"
    r"(?:\s*\([A-Z]{2,}\))?),\s"
)
# A team that signs its software, then a period, colon or the year: "The pandas development team. pandas-dev/
# pandas: Pandas. Zenodo", "The Astropy Collaboration (2013). Astropy: ..." (a comma may go on with the
# members' names, so it does not close the team here).
_TEAM_HEAD_RE = re.compile(
    r"(?P<name>The\s+(?:[\w&-]+\s+){0,4}?(?i:team|developers|community|contributors|consortium|collaboration))"
    r"(?:[.:]\s|,?\s*\(?(?:1[89]|20)\d\d\b)"
)


def organisation_head(body: str) -> tuple[str, int] | None:
    """An organisation as the author: (its name, offset past it), from the shape of the entry.

    "1Password. 2015. 1Password Whitepaper ..." (ACM: the year of an author-year style follows),
    "COPDESS. Statement of Commitment from ... Facilities. http://..., 2015." (a short capitalised
    sentence, then a title of three or more words that is no venue and is not the last sentence),
    "Facebook: Hack language specification. Tech. rep., Facebook (2014)" (LNCS: a company's name, then
    the colon that closes the authors, a title and more).
    """
    repeated = _REPEATED_NAME_RE.match(body)
    if repeated:
        return repeated.group("name"), repeated.end("name")  # "GitHub, GitHub Actions documentation, ..."
    team = _TEAM_HEAD_RE.match(body)
    if team:
        return team.group("name"), team.end("name")
    institution = _INSTITUTION_COMMA_RE.match(body)
    if institution and len(body[institution.end():].split()) >= 3:
        return institution.group("name"), institution.end("name")
    dated = _DATED_ORGANISATION_RE.match(body)
    if dated and _names_organisation(dated.group("name")):
        return dated.group("name"), dated.end("name")  # "IEEE, 2019. IEEE standard ...", "IEEE (2019)."
    group = _APA_GROUP_RE.match(body)
    if group and len(group.group("name").split()) <= 8:
        return group.group("name"), group.end("name")  # "World Health Organization. (1998a). Title."
    company = _COMPANY_COLON_RE.match(body)
    if company:
        title_end = sentence_end(body, company.end())
        # a capitalised title, then more than a year ("Plasma: at the frontier of ... Science. 2015" is
        # an authorless title with a colon)
        if body[company.end()].isupper() and re.search(r"[^\W\d_]{2}", body[title_end + 1:]):
            return company.group(1), company.end()
    end = sentence_end(body)
    name = body[:end].strip()
    words = name.split()
    if 1 <= len(words) <= 6 and _COMPANY_SUFFIX_RE.search(name) and re.search(r"[^\W\d_]{2}", body[end + 1:]):
        return name, end + 1  # "itemis AG. Xtext.xtext. 2008.", "ARM Ltd. ARM Architecture Reference Manual."
    if not 1 <= len(words) <= 6 or title_like(name) or not (name[:1].isupper() or name[:1].isdigit()):
        return None
    if re.search(r"\b" + YEAR + r"\b", name) or looks_like_venue(name) or end >= len(body):
        return None
    nxt = body[end + 1:]
    if _YEAR_SENTENCE_RE.match(nxt):
        return name, end + 1
    after = nxt.lstrip(" ")
    title_end = sentence_end(after)
    title = after[:title_end]
    tail = after[title_end + 1:].strip(" .,;")
    parts = [p for p in title.split(",") if p.strip()]
    if len(title.split()) < 3 or not tail or _venue_not_title(title):
        return None
    if re.fullmatch(r"\s*" + YEAR + r"\s*", parts[-1]) or looks_like_author_list(title):
        return None  # "TensorFlow. Software available from tensorflow.org, 2015.": publisher and year
    return name, end + 1

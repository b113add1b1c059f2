"""Field parsing of one bibliography entry (from either path) into a ParsedReference.

The entry is read left to right, the way its style lays it out:

1. identifiers first (arXiv id, DOI, URL via `ids.py`), then cut out of the text;
2. a quoted title ("...", “...”, ``...'') when quotes stand where a title stands;
3. otherwise the author list, read by the name grammar of `authors`
   (it knows "Vaswani, A., Shazeer, N.", "A. Vaswani, N. Shazeer", full names,
   collaborations), or, failing that, a first sentence that has the look of names
   (`names`);
4. a year right after the authors (author-year styles), which also tells whether the
   style separates fields with periods or with commas;
5. the title (`title`): the next sentence (period styles) or the comma chunks
   up to the first one that opens a venue (comma styles); none at all when the venue
   comes first (physics: "J. Smith, Phys. Rev. D 76, 013009 (2007)");
6. venue, volume, pages from what is left (`venue`).

A would-be title that reads as a list of names is never returned as the title.
`confidence` says how well the entry fitted this reading; below `UNCERTAIN_BELOW`
the resolver reports `parse_uncertain`. Fields that `stated` gives (biblatex / .bib)
always win over parsed ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from arxref.domain import ParsedReference, RawReference
from arxref.ids import find_arxiv_ids, find_dois
from arxref.parse.authors import first_name_shape, scan_authors
from arxref.parse.gbt import split_gbt
from arxref.parse.names import (
    looks_like_author_list,
    loose_author_list,
    only_link_follows,
    organisation_head,
    title_follows,
)
from arxref.parse.text import prepare
from arxref.parse.title import APA_DATE, YEAR, sentence_end, title_by_commas, title_by_sentence
from arxref.parse.title_tail import clean_title
from arxref.parse.venue import find_year, parse_venue

UNCERTAIN_BELOW = 0.5

# URLs, also as PDF text breaks them after the scheme ("https: //www.osti.gov/..."), and bare
# host names with a path as ACM styles print them ("services.google.com/fh/files/x.pdf").
# A URL broken at a line end after "/" or "-" goes on in the next word when that word is a path
# ("blog.apnic.net/2020/04/13/ whats-in-a-name/", "maxmind.com/en/geoip2- databases").
_URL_RE = re.compile(
    r"(?:(?:https?:\s?//|ftp://|www\.)[^\s<>\"]+"
    r"|(?-i:(?<![\w@./-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,6}/)[^\s<>\"]*)"
    r"(?:(?:(?<=/)\s(?=[\w~%.-]*[/_-])|(?<=-)\s(?=[a-z]))[^\s<>\"]+)*",
    re.IGNORECASE,
)
_DOI_TEXT_RE = re.compile(
    r"(?:\bdoi\s*:?\s*|https?://(?:dx\.)?doi\.org/)?(?<![\d.])10\.\d{4,9}/\S+", re.IGNORECASE
)
# "——." / "—" / "---": same authors as the entry before; AMS \bysame draws its dash as a rule, no
# text, so the entry starts at the comma after it (", The moving lemma for ..., J. Algebraic Geom. 3").
# The mark that repeats the authors of the entry above: a dash (or nothing before the comma), or the
# Latin and German words for it (biblatex-dw, humanities styles: "Idem: Title", "Dies.: Title").
_DITTO_RE = re.compile(
    r"^\s*(?:[—―]+|-{2,}|–{2,}|(?=,)|(?:Idem|Eadem|Iidem|Eaedem|Ders\.|Dies\.)(?=\s*[:,.]\s))\s*"
)
# A quoted title: “...”, "...", ``...'', „...“, «...»; in single quotes (Harvard, CJE), ‘...’ or, from a
# TeX font's text layer, `...': the closing quote is the one a space or punctuation follows, not the
# apostrophe inside a word ("Skinner’s").
_QUOTED_RE = re.compile(
    r"“(?P<a>[^”“]{2,}?)”|``(?P<b>.{2,}?)''|\"(?P<c>[^\"]{2,}?)\"|„(?P<d>[^“„]{2,}?)“|«(?P<e>[^»]{2,}?)»"
    r"|(?<![^\s(])‘(?P<f>[^‘]{2,}?)’(?=[\s.,;:]|$)|(?<![^\s(])`(?P<g>[^`]{2,}?)'(?=[\s.,;:]|$)"
)
# A year right after the authors: ". 2019.", " (2019).", ", 2009,", " 2010, ", "(2009a)", "(1793-1801)",
# Kluwer's ": 2016,",
# and NAR's month inside the brackets: "(March, 2012)", "(09, 2019)".
_YEAR_MARK_RE = re.compile(
    r"^\s*[.,:]?\s*\(?\s*(?:(?<=\()(?:[A-Z][a-z]{2,8}\.?|\d{1,2}),?\s+)?"
    r"(?P<year>" + YEAR + r")[a-z]?(?:\s*[-–]\s*(?:" + YEAR + r")?)?"
    # APA "(1953, June)", "(2020, March 24)", and in other languages "(2024, mayo 13)", "(2020, 24 marzo)"
    r"(?:(?<=[\da-z]),\s(?:\d{1,2}\.?\s)?[^\W\d_]{3,10}\.?(?:\s\d{1,2}(?:[-–]\d{1,2})?)?(?=\)))?\s*\)?"
    r"(?=[\s.,:;)]|$)\s*(?P<punct>[.,:;]?)"
)
# APA's "no date" in its languages where the year would stand: "(n.d.).", "(s.f.).", "(s.d.).", "(o.J.).",
# Dutch "(z.d.)", and the letter that tells two apart: "(z.d.-a)"
_NO_DATE_MARK_RE = re.compile(r"^\s*[.,]?\s*\((?:[nsz]\.\s?[df]\.(?:-[a-z])?|o\.\s?J\.)\)\s*[.,:]?")
# "Kant, Immanuel (1764)" -> "Kant, Immanuel": a year closing a first sentence of names.
_TRAILING_YEAR_RE = re.compile(r"[,.\s]*\(?" + YEAR + r"[a-z]?(?:\s*[-–]\s*(?:" + YEAR + r")?)?\)?$")
# A collaboration tag after the names: "E. Komatsu et al. (WMAP Collaboration)", "[WMAP Collaboration]".
_PAREN_COLLAB_RE = re.compile(
    r"\s*,?\s*(?:\([^()]*(?:collaboration|working group)[^()]*\)"
    r"|\[[^\[\]]*(?:collaboration|working group)[^\[\]]*\])",
    re.IGNORECASE,
)  # ... and "S. Dittmaier et al. (LHC Higgs Cross Section Working Group), Handbook of ..."
_LEADING_DATE_RE = re.compile(
    r"^\(\s*(?:(?:[A-Z][a-z]{2,8}\.?|\d{1,2}),?\s+)?(?P<year>" + YEAR + r")[a-z]?"
    r"(?:\s*,\s*[A-Z][a-z]{2,8}\.?(?:\s*\d{1,2})?)?\s*\)\s*[.,]?\s*"
)  # also NAR's "(02, 2020) Pan-cancer analysis of whole genomes.."
_GOST_SOURCE_RE = re.compile(r"\s//\s")
# GOST's area of responsibility after " / ": editors, translators, compilers, or initials.
_GOST_RESPONSIBILITY_RE = re.compile(
    r"\s/\s(?=(?:Eds?\.|ed\.|[Пп]од ред|[Пп]ер\.|[Сс]ост\.|[Оо]тв\. ред|[A-ZА-ЯЁ]\.\s?[A-ZА-ЯЁ]\.))"
)
# editors after the names: "(eds.)", "Eds.", German "(Hrsg.)"; biblatex-dw closes them with ":"
_EDS_RE = re.compile(r"\s*,?\s*(?:\((?:eds?|hrsg|hg)\.?\)|eds?\.?|editors?\b)(?=[\s,.:]|$)", re.IGNORECASE)
@dataclass(frozen=True)
class _Split:
    """How the head of an entry divided into authors / year / title / the rest."""

    authors: tuple[str, ...] = ()
    et_al: bool = False
    # grammar | gbt (Chinese GB/T 7714) | loose | quoted-pre | ditto | dated (no authors, a date) | none
    authors_how: str = "none"
    year: int | None = None
    title: str | None = None
    title_how: str = "none"  # quoted | sentence | comma | venue-first | gbt | none
    rest: str = ""
    names_as_title: bool = False


_APA_DATE_BEFORE_RE = re.compile(r"\((?:1[5-9]|20)\d\d[a-z]?\)\.$")


def _quoted_content(m: re.Match[str]) -> str:
    """What a `_QUOTED_RE` match holds between its quotes (one group per kind of quotes)."""
    return next(g for g in m.groups() if g is not None)


def _quoted(body: str) -> _Split | None:
    """Entries whose title stands in quotes right after the authors (IEEE, physics, Hogg-style)."""
    for m in _QUOTED_RE.finditer(body):
        content = _quoted_content(m)
        pre = body[: m.start()].rstrip()
        if pre and pre[-1] not in ",.:;)":  # ")": after the year, "(1967) ‘Title.’" (CJE)
            continue  # a quotation inside a title, not a quoted title
        if re.match(r"\s*:\s*\w", body[m.end():]):
            continue  # a quotation opening a title: "“... no one can hack my mind”: Comparing Expert ..."
        opens_title = content.rstrip()[-1:] in "?!" and re.match(r"\s+[A-Z]", body[m.end():])
        if opens_title and _APA_DATE_BEFORE_RE.search(pre):
            continue  # APA quotes no title: after its date a quotation opens one ("“Mind the Gap!” Integ...")
        if re.search(r"[,.;]\s+[Ii]n:?\s", pre):
            continue  # a quoted booktitle: "..., Title, in L. A. Jakobovits, eds, ‘Readings in ...’" (agsm)
        if looks_like_author_list(content) or not re.search(r"[^\W\d_]{2}", content):
            continue
        authors, et_al, how = (), False, "none"
        year = None
        if pre:
            scan = scan_authors(pre)
            if scan.names:
                authors, et_al, how = scan.names, scan.et_al, "grammar"
                ym = _YEAR_MARK_RE.match(pre[scan.end:])
                year = int(ym.group("year")) if ym else None
            else:
                loose = loose_author_list(re.sub(r"[,.\s]*\(?(?:1[89]|20)\d\d[a-z]?\)?[,.\s]*$", "", pre))
                if loose:
                    (authors, et_al), how = loose, "loose"
        return _Split(authors, et_al, how, year, content, "quoted", body[m.end():])
    return None


def _absorb_names(body: str, pos: int) -> tuple[tuple[str, ...], int] | None:
    """Names the grammar gave up on before the first sentence end ("and Jo ao Paulo Souza.")."""
    end = sentence_end(body, pos)
    chunk = body[pos:end].strip(" ,;")
    chunk = re.sub(r"^(?:and|&)\s+", "", chunk)
    if not chunk or end >= len(body):
        return None
    got = loose_author_list(chunk, lenient=True)
    return (got[0], end + 1) if got else None


def _split(body: str, surname_first: bool = False) -> _Split:
    """Divide an entry (identifiers already removed) into authors, year, title and the rest.

    `surname_first`: the entry's list prints its names surname first (see `parse_references`)."""
    authors: tuple[str, ...] = ()
    et_al, how, pos = False, "none", 0
    dated = _LEADING_DATE_RE.match(body)
    if dated:  # IEEEtran's authorless web page: "(2020, Mar.) kubeless. [Online]. Available: ..."
        title, after, title_how = title_by_sentence(body[dated.end():])
        split = _Split((), False, "dated", int(dated.group("year")), title, title_how, after)
        return _check_title(split)
    if (gbt := split_gbt(body)) is not None:  # Chinese GB/T 7714: "王岑依,梁计陵,等.基于...[J].期刊,2024"
        names, et_al, year, title, after = gbt
        return _Split(names, et_al, "gbt", year, clean_title(title, year), "gbt", after)
    ditto = _DITTO_RE.match(body)
    if ditto:
        how, pos = "ditto", ditto.end()
    else:
        quoted = _quoted(body)
        if quoted is not None:
            return _check_title(quoted)
        scan = scan_authors(body, surname_first=surname_first or bool(_GOST_SOURCE_RE.search(body)))
        lone_full_name = scan.kind == "FN" and len(scan.names) == 1 and scan.stop == "period"
        if lone_full_name and only_link_follows(body, scan.end - 1):
            scan = replace(scan, names=())  # "Jupyter Notebook. http://jupyter.org, 2017.": a title
        if scan.names:
            authors, et_al, how, pos = scan.names, scan.et_al, "grammar", scan.end
            dated = _date_after_names(body, pos)
            if dated is not None:  # the grammar stopped inside the list: the date closes it
                more = loose_author_list(body[pos:dated].strip(" ,&"), lenient=True)
                authors, pos = authors + (more[0] if more else ()), dated
            elif scan.kind == "SI" and scan.stop == "separator" and (rest := _vancouver_rest(body, pos)):
                (more, et_al), pos = rest  # "Wang X, How S, ...", "Bruin E de", "Kluess": Vancouver still
                authors = authors + more
            if scan.stop == "separator" and re.match(r"\s*,?\s*(?:and|&)\s", body[pos:]):
                more = _absorb_names(body, pos)  # "and" promises a name the grammar could not read
                if more:
                    authors, pos = authors + more[0], more[1]
        elif organisation := organisation_head(body):
            authors, how, pos = (organisation[0],), "loose", organisation[1]
        else:
            end = sentence_end(body)
            if not loose_author_list(body[:end]) and re.search(r"\.\s", body):
                # a lower-case title after an organisation: "Circonus. libcircllhist: ..."
                end = min(end, re.search(r"\.\s", body).start())
            head = _TRAILING_YEAR_RE.sub("", body[:end])
            loose = loose_author_list(head) if end < len(body) else None
            if loose and re.match(r"\.\s*[A-Z][a-z]{0,5}\.", body[end:]) and len(head.split()[-1]) <= 5:
                loose = None  # "R. Lewis, Phys. Rev. 102": the sentence "ended" inside an abbreviation
            if loose and len(loose[0]) == 1 and not title_follows(body, end):
                loose = None  # "Tox21 Challenge. <url>, Accessed: ...": a title, not an author
            if loose:
                (authors, et_al), how, pos = loose, "loose", len(head)
    for skip in (_PAREN_COLLAB_RE, _EDS_RE):
        m = skip.match(body, pos)
        if m:
            pos = m.end()
    year = None
    ym = _YEAR_MARK_RE.match(body[pos:])
    undated = _NO_DATE_MARK_RE.match(body[pos:]) if how != "none" else None
    if ym and how != "none":
        year, pos = int(ym.group("year")), pos + ym.end()
        comma = ym.group("punct") in (",", ";")
    elif undated:  # "Zoronza, J. (n.d.). The ROC Curve: Unveiled."
        pos, comma = pos + undated.end(), False
    else:
        lead = re.match(r"\s*([.,:;]?)\s*", body[pos:])
        # "A. Author, Title, ..." reads by commas; LNCS "Author, A.: Title. In: ..." by sentences
        comma = lead.group(1) in (",", ";") if how in ("grammar", "loose", "ditto") else False
        if how in ("grammar", "loose", "ditto"):
            pos += lead.end()
    rest = body[pos:].lstrip(" .,;:")
    gost = _GOST_SOURCE_RE.search(rest)
    responsibility = _GOST_RESPONSIBILITY_RE.search(rest, 0, sentence_end(rest)) if " / " in rest else None
    if gost and how == "none" and not re.search(r"\b" + YEAR + r"\b", rest[gost.end():]):
        gost = None  # "About me: machine learning researcher // Gaël Varoquaux: ...": a web page's title
    if gost and re.search(r"[^\W\d_]{2}", rest[: gost.start()]):
        # GOST 7.0.5 / 7.1: "Title / Responsibility // Journal. — 2004. — Vol. 1." (the venue after "//"),
        # also without authors: "Individual decisions, ... // Animal Groups in Three Dimensions / Ed. by ..."
        title, after, title_how = re.split(r"\s/\s", rest[: gost.start()])[0], rest[gost.end():], "sentence"
    elif responsibility:  # a GOST book: "Design patterns: elements of ... / Ed. by E. Gamma. Addison-Wesley"
        title, after, title_how = rest[: responsibility.start()], rest[responsibility.end():], "sentence"
    elif how == "ditto" and (quoted := _whole_quoted_field(rest)) is not None:
        (title, end), title_how = quoted, "quoted"  # "——— (1950b): “Title,” Ph.D. ...", "——, “Title,” in"
        after = rest[end:]
    else:
        title, after, title_how = (title_by_commas if comma else title_by_sentence)(rest)
    split = _Split(authors, et_al, how, year, title, title_how, after)
    return _check_title(split)


def _whole_quoted_field(text: str) -> tuple[str, int] | None:
    """A quoted title opening `text` and closed as a field ("“Title,” in ...", "‘Title.’ Journal"),
    not a quotation that opens a longer title ("“Hello world” programs in ..."): the title, and
    where its closing quote ends."""
    m = _QUOTED_RE.match(text)
    if m is None:
        return None
    content = _quoted_content(m).rstrip()
    closed = content.endswith((",", ".")) or re.match(r"\s*[,.;]", text[m.end() :])
    return (content, m.end()) if closed else None


# APA's date after the author list: "(2019).", "(2011b).", "(n.d.)."
_APA_DATE_RE = re.compile(rf"\s{APA_DATE}[.:]\s")
# What may stand between names: initials, capitalised words, particles, separators, "et al.", an ellipsis
_NAMES_ONLY_RE = re.compile(
    r"(?:[\s,;&]|\.\.\.|…|et\s+al\.?|and\b|y\b|und\b|[A-ZÀ-Ý][^\s,;&()]*|(?:van|von|de|der|den|da|di|du|del|la|le)\b)*"
)


_VANCOUVER_PIECE_RE = re.compile(
    r"(?:(?:van|von|de|der|den|da|di|du|del|la|le|ten|ter)\s+)*[A-ZÀ-Ý][\w'’-]*(?:\s+[A-ZÀ-Ý][\w'’-]*)?"
    r"(?:\s+[A-Z]{1,4}(?:-[A-Z]{1,2})?(?:\s+(?:van|von|de|der|den|da|di|du))?)?|[A-Z]{1,3}"
)


def _vancouver_rest(body: str, pos: int) -> tuple[tuple[tuple[str, ...], bool], int] | None:
    """The rest of a Vancouver list the grammar stopped in ("Wang X, How S, ...": "How" is a title's
    word elsewhere): up to the first period, every piece a surname with its initials, a surname alone,
    initials alone ("Lauber, C") or "et al."; the names and the offset past the list."""
    end = body.find(". ", pos)
    if end < 0 or end - pos > 400:
        return None
    pieces = [p.strip() for p in body[pos:end].strip(" ,").split(",")]
    et_al = bool(pieces) and re.fullmatch(r"(?:.*\s)?et al", pieces[-1]) is not None
    if et_al:
        pieces[-1] = pieces[-1][: -len("et al")].strip()
        pieces = [p for p in pieces if p]
    if not pieces or not all(_VANCOUVER_PIECE_RE.fullmatch(p) for p in pieces):
        return None
    return (tuple(pieces), et_al), end + 1


def _date_after_names(body: str, pos: int) -> int | None:
    """Where APA's date stands after a list the grammar read only in part ("Nüst, D., Ostermann,
    F. O. Sileryte, R., ... (2019)."): every word between is a name's, so the list runs to the date."""
    date = _APA_DATE_RE.search(body, pos, pos + 600)
    if date is None or date.start() == pos or not _NAMES_ONLY_RE.fullmatch(body[pos : date.start()]):
        return None
    return date.start()


def _check_title(split: _Split) -> _Split:
    """Never return names as a title: fold them into the authors and read the next sentence."""
    title = clean_title(split.title, split.year)
    if title is None or not looks_like_author_list(title):
        return replace(split, title=title)
    if split.authors and split.year is not None and split.authors_how != "dated":
        # the date closed the author list ("Howe, B. (2012). Virtual Appliances, Cloud Computing, and
        # Reproducible Research."): no names follow it, however the title reads
        return replace(split, title=title)
    names, et_al = loose_author_list(title) or ((), False)
    rest = split.rest.lstrip(" .,;:")
    year = split.year
    ym = _YEAR_MARK_RE.match(rest)
    if ym:
        year, rest = int(ym.group("year")), rest[ym.end():].lstrip(" .,;:")
    new_title, after, how = title_by_sentence(rest)
    new_title = clean_title(new_title)
    if new_title is not None and looks_like_author_list(new_title):
        new_title = None
    return replace(
        split, authors=split.authors + names, et_al=split.et_al or et_al, year=year,
        title=new_title, title_how=how, rest=after, names_as_title=True,
        authors_how=split.authors_how if split.authors else "loose",
    )


def _confidence(split: _Split, has_venue: bool, has_volume: bool, has_id: bool) -> float:
    """How well the entry fitted the reading: authors found, title found in a proper place."""
    thesis = bool(re.match(r"\s*(?:ph\.?\s?d\.?|master|diploma|bachelor|doctoral)?\s*(?:thesis|dissertation)",
                           split.rest, re.IGNORECASE))
    read = {"grammar": 0.4, "gbt": 0.4, "loose": 0.3, "ditto": 0.3, "quoted-pre": 0.3, "dated": 0.2}
    score = read.get(split.authors_how, 0.0)
    if split.title is not None:
        score += {"quoted": 0.45, "sentence": 0.4, "gbt": 0.4, "comma": 0.35}.get(split.title_how, 0.3)
        words = split.title.split()
        if len(words) > 40 or len(split.title) > 350:
            score -= 0.3
        if split.authors_how == "none":
            score -= 0.1
        if split.title[:1] in "[(":
            score -= 0.3  # a bracketed tag where the title should start: "[WMAP Collaboration], Astrophys"
    elif split.title_how == "venue-first" and ((has_venue and has_volume) or has_id or thesis):
        score += 0.35  # a physics-style entry ("J. Smith, Phys. Rev. D 76, ...", "..., arXiv:0811.0482")
    score += 0.1 if split.year is not None else 0.0
    score += 0.05 if has_venue else 0.0
    if split.names_as_title:
        score -= 0.25
    return round(max(0.0, min(1.0, score)), 3)


# What ends a sentence or closes a bracket after a URL, not part of it ("[https://...]." ISO 690)
_URL_TRAIL = ".,;)]"


def parse_reference(
    raw: str, stated: ParsedReference | None = None, surname_first: bool = False
) -> ParsedReference:
    """Fields of one raw bibliography entry; `stated` fields (biblatex, .bib, link targets) win.

    `surname_first`: the entry's list prints "Surname Initials" names (Vancouver, MNRAS), so a
    name read that way beats a given-first one ("Fukushima K. Neocognitron: ..." is "Fukushima K."
    and a title, not the name "Fukushima K. Neocognitron")."""
    text = prepare(raw)
    arxiv = next((m.value for m in find_arxiv_ids(text) if m.valid), None)
    dois = find_dois(raw)
    urls = [re.sub(r"\s", "", u).rstrip(_URL_TRAIL) for u in _URL_RE.findall(text)]
    url = next((u for u in urls if "doi.org" not in u.lower()), None)
    # a URL goes, what closes its sentence stays (the comma)
    body = _URL_RE.sub(lambda m: " " + m.group(0)[len(m.group(0).rstrip(_URL_TRAIL)):], text)
    body = _DOI_TEXT_RE.sub(" ", body)
    body = _unquote_names(re.sub(r"\s+", " ", body).strip())
    split = _split(body, surname_first)
    venue = parse_venue(_strip_ids(split.rest))
    year = split.year or venue.year or find_year(body.replace(split.title or "\0", " "))
    parsed = ParsedReference(
        authors=split.authors,
        et_al=split.et_al,
        title=split.title,
        year=year,
        venue=venue.venue,
        volume=venue.volume,
        pages=venue.pages,
        arxiv_id=arxiv,
        doi=dois[0] if dois else None,
        url=url,
        confidence=_confidence(split, venue.venue is not None, venue.volume is not None, bool(arxiv or dois)),
    )
    if len(body) >= 40 and body.count(" ") * 20 < len(body):
        # "S.Aokietal.(JLQCDcollaboration),Phys.Lett.B665,...": text without its spaces
        parsed = replace(parsed, confidence=round(parsed.confidence * 0.5, 3))
    return _merge(parsed, stated) if stated is not None else parsed


def _unquote_names(body: str) -> str:
    """Drop straight quotes wrapped around names by a broken .bib ('Ramy "Baly, ..., Preslav" Nakov')."""
    for m in re.finditer(r"\"([^\"]{2,})\"", body):
        if looks_like_author_list(m.group(1)):
            return body[: m.start()] + m.group(1) + body[m.end():]
    return body


def _strip_ids(rest: str) -> str:
    """The venue part without arXiv ids and their brackets ("[arXiv:0710.4225 [hep-lat]]")."""
    for m in reversed(find_arxiv_ids(rest)):
        rest = rest[: m.start] + rest[m.end:]
    rest = re.sub(r"\[\s*(?:arXiv:?\s*)?(?:\[[\w.-]+\])?\s*\]", " ", rest, flags=re.IGNORECASE)
    return re.sub(r"\barXiv\s*:\s*(?=\s|$|[\],;])", "arXiv ", rest, flags=re.IGNORECASE)


def _merge(parsed: ParsedReference, stated: ParsedReference) -> ParsedReference:
    """Stated fields win; a stated title or author list also vouches for the parse."""
    out = parsed
    for name in ("title", "year", "venue", "volume", "pages", "arxiv_id", "doi", "url"):
        value = getattr(stated, name)
        if value not in (None, ""):
            out = replace(out, **{name: value})
    if stated.authors:
        out = replace(out, authors=stated.authors, et_al=stated.et_al)
    confidence = out.confidence
    if stated.title:
        confidence = max(confidence, 0.9)
    return replace(out, confidence=max(confidence, stated.confidence))


def parse_references(references: Sequence[RawReference]) -> list[ParsedReference]:
    """The fields of every entry of an extraction, in order; stated fields win.

    One list keeps one style: where most of its entries open with a "Surname Initials" name, every
    entry is read surname first.
    """
    lists: dict[int | None, list[str]] = {}
    for raw in references:
        lists.setdefault(raw.bibliography, []).append(raw.raw)
    surname_first = {b: _prints_surname_first(raws) for b, raws in lists.items()}
    return [
        parse_reference(raw.raw, stated=raw.fields, surname_first=surname_first[raw.bibliography])
        for raw in references
    ]


_SURNAME_FIRST_SHARE = 0.6  # of a list's entries that open with a "Surname Initials" name
_SURNAME_FIRST_MIN = 5  # ... and at least this many: a short list says little about its style


def _prints_surname_first(raws: list[str]) -> bool:
    """Whether a list prints its names "Surname Initials" (Vancouver "Smith AB", MNRAS "Smith A. B.")."""
    kinds = [first_name_shape(prepare(raw)) for raw in raws]
    si = kinds.count("SI")
    return si >= _SURNAME_FIRST_MIN and si >= _SURNAME_FIRST_SHARE * len(kinds)

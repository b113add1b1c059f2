"""arXiv identifiers and DOIs: recognise them in any dress, tell valid from malformed.

arXiv has two numbering schemes:

- old (Aug 1991 .. Mar 2007): ``archive[.SC]/YYMMNNN``, e.g. ``hep-th/9901001``,
  ``math.GT/0309136``. The subject class (``.GT``) is not part of the identity:
  the canonical number is ``math/0309136``.
- new (from Apr 2007): ``YYMM.NNNN`` up to 1412, ``YYMM.NNNNN`` from 1501.

Policy for free text (`find_arxiv_ids`): an id-shaped token is reported when

1. it is cued: ``arXiv:``, ``arXiv preprint arXiv:``, ``arXiv 1412.6980``,
   ``ArXiv e-prints, ...``, ``eprint = {...}``, ``abs/`` or ``pdf/`` paths,
   arXiv's own DOI ``10.48550/arXiv.``; or followed by a category such as
   ``[hep-th]`` / ``[cs.CL]``. Cued tokens are reported valid or malformed.
2. it is old-style with a known archive (``hep-th/9901001``): the shape alone
   is distinctive. Reported valid or malformed (bad date, digit count).
3. it is a bare new-style token (``1412.6980``) in an entry that mentions
   arXiv, e-prints or CoRR anywhere, or carries a version (``1412.6980v2``).
   Reported only when valid: a malformed bare decimal is more likely something
   else than a typo'd id.

A bare ``1234.5678`` with no cue anywhere in the entry is *not* reported: in
ordinary entries such numbers are decimals, report numbers or page ids, and a
false id would send the resolver after the wrong paper. Tokens inside a DOI
(other than arXiv's own) or inside a non-arXiv URL are never reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote

# Archives of the old scheme (and their pre-2007 subject-class forms live after a dot).
OLD_ARCHIVES = frozenset({
    "acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph", "bayes-an",
    "chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat", "cs", "dg-ga", "funct-an",
    "gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th", "math", "math-ph", "mtrl-th",
    "nlin", "nucl-ex", "nucl-th", "patt-sol", "physics", "plasm-ph", "q-alg", "q-bio",
    "quant-ph", "solv-int", "supr-con",
})
# Archives that exist only in the new scheme; valid as `[stat.ML]`-style category suffixes.
NEW_ONLY_ARCHIVES = frozenset({"stat", "q-fin", "econ", "eess"})
CATEGORY_ARCHIVES = OLD_ARCHIVES | NEW_ONLY_ARCHIVES

ARXIV_DOI_PREFIX = "10.48550/arxiv."


@dataclass(frozen=True)
class ArxivId:
    """A valid arXiv identifier: canonical number without version, plus the version if printed."""

    number: str
    version: int | None = None

    @property
    def versioned(self) -> str:
        """The id as arXiv prints it with a version, e.g. `2104.04473v5` (bare number if none)."""
        return f"{self.number}v{self.version}" if self.version is not None else self.number

    def __str__(self) -> str:
        return self.versioned


@dataclass(frozen=True)
class IdentifierMatch:
    """An id-shaped token found in text; `value` is canonical (versioned if printed) when valid."""

    text: str
    value: str
    valid: bool
    reason: str | None
    start: int
    end: int


# New scheme: YYMM.N{4,5}; 3..6 digits after the dot are captured so that wrong digit counts
# can be reported as malformed instead of being silently missed. The look-behind keeps us out of
# longer numbers and dotted chains ("1.2104.04473"), except right after arXiv's DOI "arXiv.".
_NEW_RE = re.compile(
    r"(?:(?<![\d.])|(?<=[Aa][Rr][Xx][Ii][Vv]\.))"
    r"(?P<yymm>\d{4})\.(?P<num>\d{3,6})(?:[vV](?P<ver>\d+))?(?![\d\w-]|\.\d)"
)
# Old scheme: archive[.SC]/YYMMNNN. Subject classes are "GT", "AI", "CO", "stat-mech", ...
_OLD_RE = re.compile(
    r"(?<![\w.-])(?P<archive>[A-Za-z]+(?:-[A-Za-z]+)?)(?P<sc>\.[A-Za-z]{2,}(?:-[A-Za-z]+)?)?"
    r"/(?P<num>\d{5,8})(?:[vV](?P<ver>\d+))?(?![\d\w-])"
)
_OLD_NUMBER = re.compile(r"/\d{5}")  # what every old-style id holds
# What may directly precede an id for it to count as cued: the cue word, then a little
# punctuation ("arXiv: ", "eprint = {", "e-prints, ", "abs/", "arXiv.").
_CUE_BEFORE_RE = re.compile(
    r"(?:arxiv|e-?prints?|\babs|\bpdf)[ \t\n:={,./]{0,5}$", re.IGNORECASE
)
# A category right after the id: "1412.6980 [cs.LG]", "[arXiv:0710.4225 [hep-lat]]".
_CATEGORY_AFTER_RE = re.compile(r"\s*\[(?P<cat>[A-Za-z-]+)(?:\.[A-Za-z-]+)?\]")
# Any mention anywhere in the entry that arXiv numbers are in play.
_ENTRY_CUE_RE = re.compile(r"arxiv|e-?prints?\b|\bcorr\b", re.IGNORECASE)
_URL_RE = re.compile(r"(?:https?://|ftp://|www\.)[^\s<>\"]+", re.IGNORECASE)

# DOI: 10.<registrant>/<suffix>. The suffix runs to whitespace; trailing punctuation and
# unbalanced closing brackets are trimmed afterwards.
_DOI_RE = re.compile(r"(?<![\d.])10\.\d{4,9}/[^\s\"<>{}]*")
# A DOI broken at a line end: after "/" or "-" (any whitespace), or after "." when the next
# line starts with a digit ("PhysRevD.76.\n013009").
_DOI_CONT_RE = re.compile(r"\s+(?P<next>[^\s\"<>{}]+)")
_DOI_TRAIL = ".,;:'`\u2019\u201d"
_BRACKETS = {")": "(", "]": "[", "}": "{", ">": "<"}


def _check_new(yymm: str, num: str, ver: str | None) -> str | None:
    """Why a new-scheme id is malformed, or None when it is valid."""
    yy, mm = int(yymm[:2]), int(yymm[2:])
    if not 1 <= mm <= 12:
        return f"month {mm:02d} out of range"
    if int(yymm) < 704:
        return f"new-style number dated {yymm}, before the scheme began (0704)"
    if len(num) not in (4, 5):
        return f"{len(num)}-digit sequence number (expected 4 or 5)"
    if yy >= 15 and len(num) == 4:
        return f"4-digit sequence number in {yymm}; 5 digits since 1501"
    if yy < 15 and len(num) == 5:
        return f"5-digit sequence number in {yymm}; 4 digits until 1412"
    if int(num) == 0:
        return "sequence number 0"
    if ver is not None and int(ver) == 0:
        return "version 0"
    return None


def _check_old(archive: str, num: str, ver: str | None) -> str | None:
    """Why an old-scheme id is malformed, or None when it is valid."""
    if archive not in OLD_ARCHIVES:
        return f"unknown archive {archive!r}"
    if len(num) != 7:
        return f"{len(num)}-digit number (expected 7, YYMMNNN)"
    yy, mm = int(num[:2]), int(num[2:4])
    if not 1 <= mm <= 12:
        return f"month {mm:02d} out of range"
    year = 1900 + yy if yy >= 91 else 2000 + yy
    if (year, mm) < (1991, 8):
        return f"old-style number dated {num[:4]}, before arXiv began (9108)"
    if (year, mm) > (2007, 3):
        return f"old-style number dated {num[:4]}, after the scheme ended (0703)"
    if int(num[4:]) == 0:
        return "sequence number 0"
    if ver is not None and int(ver) == 0:
        return "version 0"
    return None


def _spans(pattern: re.Pattern[str], text: str, keep: str) -> list[tuple[int, int]]:
    """Spans of `pattern` in `text` whose lower-cased text does not contain `keep`."""
    return [(m.start(), m.end()) for m in pattern.finditer(text) if keep not in m.group(0).lower()]


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _candidates(text: str) -> list[tuple[re.Match[str], bool]]:
    """Every id-shaped match in `text`, with whether it is old-style; sorted by position."""
    found = [(m, False) for m in _NEW_RE.finditer(text)]
    if _OLD_NUMBER.search(text):  # tried at every word, the old scheme's pattern is the costly one
        found += [(m, True) for m in _OLD_RE.finditer(text)]
    return sorted(found, key=lambda pair: pair[0].start())


def _is_cued(text: str, start: int, end: int) -> bool:
    """Whether an id-shaped token at [start, end) is introduced or followed by an arXiv cue."""
    if _CUE_BEFORE_RE.search(text[max(0, start - 40):start]):
        return True
    after = _CATEGORY_AFTER_RE.match(text, end)
    return bool(after and after.group("cat").lower() in CATEGORY_ARCHIVES)


def _classify(m: re.Match[str], old: bool) -> tuple[str, str | None, ArxivId | None]:
    """Canonical value, reason if malformed, and the ArxivId if valid, for one shape match."""
    ver = m.group("ver")
    if old:
        archive = m.group("archive").lower()
        value = f"{archive}/{m.group('num')}"
        reason = _check_old(archive, m.group("num"), ver)
    else:
        value = f"{m.group('yymm')}.{m.group('num')}"
        reason = _check_new(m.group("yymm"), m.group("num"), ver)
    if reason is not None:
        return (value + (f"v{ver}" if ver else "")), reason, None
    aid = ArxivId(value, int(ver) if ver else None)
    return str(aid), None, aid


def find_arxiv_ids(text: str) -> list[IdentifierMatch]:
    """Every arXiv id in a bibliography entry, valid or malformed, under the module's cue policy."""
    candidates = _candidates(text)
    if not candidates:
        return []  # most entries: no id-shaped token, so no need to find their URLs and DOIs
    excluded = _spans(_URL_RE, text, "arxiv") + [
        (s, e) for s, e in _doi_spans(text) if not text[s:e].lower().startswith(ARXIV_DOI_PREFIX)
    ]
    entry_cued = bool(_ENTRY_CUE_RE.search(text))
    out: list[IdentifierMatch] = []
    taken_until = -1
    for m, old in candidates:
        start, end = m.start(), m.end()
        if start < taken_until or _inside(start, end, excluded):
            continue
        value, reason, _ = _classify(m, old)
        cued = _is_cued(text, start, end)
        if old:
            known = m.group("archive").lower() in OLD_ARCHIVES
            report = cued or (known and len(m.group("num")) == 7)
        else:
            bare_ok = (entry_cued or m.group("ver") is not None) and reason is None
            report = cued or bare_ok
        if not report:
            continue
        out.append(IdentifierMatch(m.group(0), value, reason is None, reason, start, end))
        taken_until = end
    return out


# One id in any dress: strip URL / "arXiv:" / DOI prefixes and ".pdf" / "[cs.CL]" suffixes.
_DRESS_PREFIX_RE = re.compile(
    r"^\s*(?:(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|ps|format)/"
    r"|(?:doi:\s*|(?:https?://)?(?:dx\.)?doi\.org/)?10\.48550/arxiv\."
    r"|arxiv(?:\s+preprint)?(?:\s+e-?prints?)?\s*[:.]?\s*(?:arxiv\s*:\s*)?"
    r"|e-?print\s*[:=]?\s*|(?:corr\s*,?\s*)?abs/)?",
    re.IGNORECASE,
)
_DRESS_SUFFIX_RE = re.compile(r"(?:\.pdf)?(?:\s*\[[\w.-]+\])?[\s.,;)\]}]*$", re.IGNORECASE)


@lru_cache(maxsize=1 << 12)
def parse_arxiv_id(text: str) -> ArxivId | None:
    """The arXiv id that a single id-ish string denotes (any dress), or None if it is not a valid one.

    Cached: a batch reads each printed id before the resolver does (`resolve.batch.prefetch`), and two
    regex passes an id were ~5 ms a round of the bench's PDF entries."""
    core = _DRESS_PREFIX_RE.sub("", unquote(text), count=1)
    core = _DRESS_SUFFIX_RE.sub("", core).strip()
    for pattern, old in ((_NEW_RE, False), (_OLD_RE, True)):
        m = pattern.fullmatch(core)
        if m:
            return _classify(m, old)[2]
    return None


def check_arxiv_id(text: str) -> IdentifierMatch | None:
    """Classify a single id-ish string (e.g. a biblatex `eprint` field) as valid or malformed."""
    core = _DRESS_PREFIX_RE.sub("", unquote(text), count=1)
    core = _DRESS_SUFFIX_RE.sub("", core).strip()
    for pattern, old in ((_NEW_RE, False), (_OLD_RE, True)):
        m = pattern.fullmatch(core)
        if m:
            value, reason, _ = _classify(m, old)
            return IdentifierMatch(text, value, reason is None, reason, 0, len(text))
    return None


def arxiv_id_from_url(url: str) -> ArxivId | None:
    """The arXiv id a link points at (arxiv.org abs/pdf URL or arXiv DOI link), for link annotations."""
    u = unquote(url.strip())
    m = re.search(r"arxiv\.org/(?:abs|pdf|ps|format)/(\S+)", u, re.IGNORECASE)
    if m:
        return parse_arxiv_id(m.group(1).split("?")[0].split("#")[0])
    doi = doi_from_url(u)
    return arxiv_id_from_doi(doi) if doi else None


def arxiv_id_from_doi(doi: str) -> ArxivId | None:
    """The arXiv id behind arXiv's own DOI (10.48550/arXiv.2104.04473), else None."""
    norm = normalize_doi(doi)
    if norm and norm.startswith(ARXIV_DOI_PREFIX):
        return parse_arxiv_id(norm[len(ARXIV_DOI_PREFIX):])
    return None


def _trim_doi(doi: str) -> str:
    """Drop trailing punctuation and closing brackets that the DOI does not open itself."""
    while doi:
        last = doi[-1]
        unbalanced = last in _BRACKETS and doi.count(_BRACKETS[last]) < doi.count(last)
        if last not in _DOI_TRAIL and not unbalanced:
            break
        doi = doi[:-1]
    return doi


def _join_doi(doi: str, gap: str, nxt: str) -> str | None:
    """`doi` continued by the next text chunk when a line break split it, else None."""
    if doi.endswith("/"):
        return doi + nxt
    if doi.endswith("-"):
        if doi[-2:-1].isalpha() and nxt[0].isalpha():
            return doi[:-1] + nxt  # "Phys-\nRevD": the hyphen is the typesetter's, not the DOI's
        return doi + nxt  # "978-3-030-\n05312-3": a real hyphen that the line broke at
    if doi.endswith(".") and "\n" in gap and nxt[0].isdigit():
        return doi + nxt
    return None


def _doi_spans(text: str) -> list[tuple[int, int]]:
    """Spans of DOIs in text, extended across line-break splits."""
    return [(s, e) for s, e, _ in _doi_matches(text)]


def _doi_matches(text: str) -> list[tuple[int, int, str]]:
    """(start, end, raw DOI with line-break splits repaired) for every DOI in text."""
    out = []
    for m in _DOI_RE.finditer(text):
        doi, end = m.group(0), m.end()
        while True:
            cont = _DOI_CONT_RE.match(text, end)
            if not cont:
                break
            nxt = cont.group("next")
            joined = _join_doi(doi, cont.group(0)[: -len(nxt)], nxt)
            if joined is None:
                break
            doi, end = joined, cont.end()
        doi = _trim_doi(doi)
        if "/" in doi and not doi.endswith("/"):
            out.append((m.start(), m.start() + len(doi) if end == m.end() else end, doi))
    return out


def normalize_doi(text: str) -> str | None:
    """The lower-case DOI in one DOI-ish string (doi:, doi.org URL, bare), so DOIs compare equal."""
    found = find_dois(unquote(text))
    return found[0] if found else None


def find_dois(text: str) -> list[str]:
    """Every DOI in free text, normalized (lower case, no dress, no trailing punctuation), in order."""
    seen: dict[str, None] = {}
    for _, _, doi in _doi_matches(text):
        seen.setdefault(doi.lower(), None)
    return list(seen)


def doi_from_url(url: str) -> str | None:
    """The DOI a link points at (doi.org / dx.doi.org, or a `doi:` target), for link annotations."""
    u = unquote(url.strip())
    m = re.match(r"(?:https?://)?(?:dx\.)?doi\.org/(\S+)$|doi:\s*(\S+)$", u, re.IGNORECASE)
    if not m:
        return None
    return normalize_doi(m.group(1) or m.group(2))

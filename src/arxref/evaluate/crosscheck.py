"""The e-print's entries and the PDF's entries of one version, aligned: a quality figure without gold.

The e-print path reads the .bbl (all but exact); the PDF path reads what was printed. Where
both exist, aligning them one-to-one says how far the PDF path can be trusted on this paper,
finds e-prints whose .bbl is stale against the PDF, and catches regressions where no gold exists.

Alignment: a pair printed under the same (bibliography, index) whose texts are alike is taken
first; the rest pair best-first by text similarity (rapidfuzz, on texts folded as `arxref eval`
folds them). What stays alone is explained: a PDF entry that holds two e-print entries (PDF
merged them), an e-print entry the PDF holds in two pieces (PDF split it), or an entry missing
from one side. `agreement` is the share of all aligned rows found by both paths under the same
index: 1.0 when the paths agree on every entry and its number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import fuzz

from arxref.domain import COMPOSED, RawReference
from arxref.evaluate.score import normalize_entry

SAME_ENTRY = 80.0
"""Similarity (0-100) at which two texts are one entry: score.py's pairing threshold."""
SAME_NUMBER_ENTRY = 60.0
"""Lower bar for two entries printed under the same number: the number is evidence too."""
WORDS_CONTAINED = 90.0
"""token_set_ratio at which one text's words are all but found in the other (composed biblatex text)."""
PIECE_OF = 90.0
"""partial_ratio at which a shorter text is a piece of a longer one (merged or split entries)."""


class Agreement(StrEnum):
    """Which paths found an entry."""

    BOTH = "both"
    EPRINT_ONLY = "eprint_only"
    PDF_ONLY = "pdf_only"


class Disagreement(StrEnum):
    """Why the paths differ on an entry."""

    PDF_MERGED = "pdf_merged"  # the PDF entry holds this e-print entry and another one
    PDF_SPLIT = "pdf_split"  # this PDF entry is a piece of one e-print entry
    MISSING_FROM_PDF = "missing_from_pdf"
    MISSING_FROM_EPRINT = "missing_from_eprint"
    INDEX_DIFFERS = "index_differs"


@dataclass(frozen=True)
class AlignedReference:
    """One row of the alignment: an entry of either path, or a pair of both."""

    agreement: Agreement
    eprint: RawReference | None
    pdf: RawReference | None
    similarity: float | None = None  # 0-100, for a pair
    index_agrees: bool | None = None  # for a pair: same bibliography and index
    disagreement: Disagreement | None = None


@dataclass(frozen=True)
class CrossCheck:
    """The alignment of one version's two extractions and its figure."""

    rows: tuple[AlignedReference, ...]
    agreement: float  # pairs under the same index / all rows; 1.0 for two empty lists

    @property
    def counts(self) -> dict[str, int]:
        """Rows by agreement, and disagreements by kind."""
        counts = Counter(row.agreement.value for row in self.rows)
        counts.update(row.disagreement.value for row in self.rows if row.disagreement)
        return dict(counts)


def _numbers(refs: Sequence[RawReference]) -> list[tuple[int, int]]:
    """Each entry's printed number as (list, index); a list numbered on from the one before it (a
    split bibliography with biblatex's defernumbers, multibib's) counts as that list, since a path
    that reads no heading between them prints the same numbers in one list."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for r in refs:
        first[r.bibliography] = min(first.get(r.bibliography, r.index), r.index)
        last[r.bibliography] = max(last.get(r.bibliography, r.index), r.index)
    root: dict[int, int] = {}
    for b in sorted(first):
        before = b - 1
        root[b] = root[before] if before in last and first[b] == last[before] + 1 else b
    return [(root[r.bibliography], r.index) for r in refs]


def _similarity(a: str, b: str, same_number: bool = False) -> float:
    """score.py's similarity: the ratio, or word containment when one side is much shorter.

    An e-print entry composed from biblatex fields lacks what the style prints around them (a URL,
    an access date, a note), so the PDF's text can be many times longer: under the same printed
    number, containment alone pairs them; without it, only up to three times the length.
    """
    score = fuzz.ratio(a, b)
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if short and (same_number or len(long_) <= 3 * len(short)):
        score = max(score, fuzz.token_set_ratio(a, b, score_cutoff=WORDS_CONTAINED))
    return score


def cross_check(eprint: Sequence[RawReference], pdf: Sequence[RawReference]) -> CrossCheck:
    """Align the two paths' entries one-to-one and explain every entry left alone.

    One row per e-print entry first, in the e-print's order, then the PDF's entries left alone.
    """
    e_text = [normalize_entry(r.raw) for r in eprint]
    p_text = [normalize_entry(r.raw) for r in pdf]
    pairs: dict[int, tuple[int, float]] = {}
    taken: set[int] = set()
    e_number, p_number = _numbers(eprint), _numbers(pdf)
    p_by_number = {number: j for j, number in enumerate(p_number)}
    for i in range(len(eprint)):  # the printed number first
        j = p_by_number.get(e_number[i])
        if j is None or j in taken:
            continue
        score = _similarity(e_text[i], p_text[j], same_number=True)
        if score < SAME_NUMBER_ENTRY and (
            _composed_title_printed(eprint[i], p_text[j]) or _composed_fields_printed(eprint[i], p_text[j])
        ):
            score = SAME_NUMBER_ENTRY
        if score >= SAME_NUMBER_ENTRY:
            pairs[i] = (j, score)
            taken.add(j)
    candidates = []
    for i in range(len(eprint)):
        if i in pairs:
            continue
        for j in range(len(pdf)):
            if j in taken:
                continue
            score = fuzz.ratio(e_text[i], p_text[j], score_cutoff=SAME_ENTRY)
            if not score:
                score = _similarity(e_text[i], p_text[j])
            if score >= SAME_ENTRY:
                candidates.append((score, i, j))
    for score, i, j in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if i not in pairs and j not in taken:
            pairs[i] = (j, score)
            taken.add(j)
    rows = []
    for i, ref in enumerate(eprint):
        if i in pairs:
            j, score = pairs[i]
            same = e_number[i] == p_number[j]
            kind = None if same else Disagreement.INDEX_DIFFERS
            rows.append(AlignedReference(Agreement.BOTH, ref, pdf[j], round(score, 1), same, kind))
        else:
            merged = any(_piece(e_text[i], p_text[j]) for j in range(len(pdf)))
            kind = Disagreement.PDF_MERGED if merged else Disagreement.MISSING_FROM_PDF
            rows.append(AlignedReference(Agreement.EPRINT_ONLY, ref, None, disagreement=kind))
    for j, ref in enumerate(pdf):
        if j not in taken:
            split = any(_piece(p_text[j], e_text[i]) for i in range(len(eprint)))
            kind = Disagreement.PDF_SPLIT if split else Disagreement.MISSING_FROM_EPRINT
            rows.append(AlignedReference(Agreement.PDF_ONLY, None, ref, disagreement=kind))
    agreeing = sum(1 for row in rows if row.index_agrees)
    return CrossCheck(tuple(rows), round(agreeing / len(rows), 4) if rows else 1.0)


def _composed_title_printed(ref: RawReference, printed: str) -> bool:
    """Whether an e-print entry composed from biblatex fields has its title printed in the PDF's
    entry of the same number: the style sets the names and the venue its own way (all names or
    "et al.", "Internet Requests for Comments" or "RFC 2818"), the title as given."""
    title = normalize_entry(ref.fields.title or "") if COMPOSED in ref.flags else ""
    return len(title) >= _TITLE_CHARS and fuzz.partial_ratio(title, printed) >= WORDS_CONTAINED


_TITLE_CHARS = 12  # a title this long at the least says which work an entry is


def _composed_fields_printed(ref: RawReference, printed: str) -> bool:
    """Whether the PDF's entry of the same number prints a composed entry's first author, year,
    volume and pages, where the style prints no title ("Aalto, S., ... (2012). In: Astronomy &
    Astrophysics 537, A44."): the fields a style keeps say which work it is."""
    fields = ref.fields
    if COMPOSED not in ref.flags or not (fields.authors and fields.year and fields.volume and fields.pages):
        return False
    surname = normalize_entry(fields.authors[0]).split()
    numbers = normalize_entry(f"{fields.volume} {fields.pages}").split()
    words = set(printed.split())
    words |= {w[:4] for w in words if len(w) == 5 and w[:4].isdigit() and w[4].isalpha()}  # "2007b"
    return bool(surname) and all(w in words for w in [surname[-1], str(fields.year), *numbers])


def _piece(short: str, long_: str) -> bool:
    """Whether `short` is a piece of a clearly longer text (one of two merged entries, a split half)."""
    return len(long_) >= 1.4 * len(short) > 0 and fuzz.partial_ratio(short, long_) >= PIECE_OF

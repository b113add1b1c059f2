"""How well one catalog record fits one entry: title similarity, first author, year.

Each piece of evidence is measured on its own and kept apart (`Evidence`), so that
the decision rules in `resolver.py` can say exactly which agreement they require:
near-identical titles are common in the catalog (SLAM, NeRF, cosmology), and only
the authors and the year tell such records apart.

Scoring is in two steps: every candidate's title is scored (`Scored`, cheap), and
only the candidates a decision or the kept candidate list can see are weighed for
authors, year and numbers (`weigh`), which is where most of the time went.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from arxref.catalog.records import CatalogRecord, first_author_surname, normalize_names, normalize_title
from arxref.domain import ParsedReference
from arxref.ids import IdentifierMatch, find_arxiv_ids, find_dois

# A word broken at a line end and joined back with its hyphen ("natu-ral", "Bridg- ing").
_SPLIT_WORD_RE = re.compile(r"(?<=[a-z])-\s*(?=[a-z])")
_URL_RE = re.compile(r"(?:https?:\s?//|ftp://|www\.)\S+", re.IGNORECASE)
_ET_AL_RE = re.compile(r"\bet\.?\s+al\b\.?|\band others\b", re.IGNORECASE)
_DOI_RE = re.compile(r"(?:doi\s*:?\s*)?10\.\d{4,9}/\S+", re.IGNORECASE)
# A citation may carry a later year than the arXiv id (the journal version), rarely an earlier one
# (posted in January, cited as the year before).
YEARS_BEFORE_ID = 1
YEARS_AFTER_ID = 4


@dataclass(frozen=True)
class Scored:
    """One candidate record with its title score and the text of the entry it was compared with."""

    record: CatalogRecord
    title: float
    text: str


@dataclass(frozen=True)
class Evidence:
    """One candidate record and how it agrees with the entry (None: nothing to compare)."""

    record: CatalogRecord
    title: float
    author: bool | None
    year: bool | None
    numbers: bool = True


@lru_cache(maxsize=1 << 12)
def title_variants(title: str | None) -> tuple[str, ...]:
    """The normalized title, and the same with words split at a hyphen joined back, when different.

    Cached: a batch reads each entry's title before the resolver does (`resolve.batch.prefetch`)."""
    if not title:
        return ()
    plain = normalize_title(title)
    joined = normalize_title(_SPLIT_WORD_RE.sub("", title))
    return (plain,) if joined == plain else (plain, joined)


def entry_text(raw: str, arxiv_ids: Sequence[IdentifierMatch] | None = None) -> tuple[str, ...]:
    """The entry's normalized text without identifiers and links, in the variants of `title_variants`.

    `arxiv_ids` is `find_arxiv_ids(raw)` when the caller has it already (it is most of the cost).
    """
    text = raw
    for match in reversed(find_arxiv_ids(text) if arxiv_ids is None else arxiv_ids):
        text = text[: match.start] + " " + text[match.end :]
    text = _DOI_RE.sub(" ", _URL_RE.sub(" ", text))
    if find_dois(text):
        text = " ".join(w for w in text.split() if not find_dois(w))
    return title_variants(text)


@lru_cache(maxsize=1 << 12)
def first_surname(name: str) -> str:
    """The normalized surname of one author as an entry prints it ("Vaswani, A.", "A. Vaswani")."""
    name = _ET_AL_RE.sub("", name)
    if "," in name:
        words = normalize_names(name.split(",", 1)[0]).split()
    else:
        words = [w for w in normalize_names(name).split() if len(w) > 1 and w not in {"jr", "sr"}]
    return words[-1] if words else ""


def author_agreement(
    parsed: ParsedReference, words: frozenset[str], record: CatalogRecord
) -> bool | None:
    """Whether the entry's first author is the record's: same group, other first author is another paper."""
    theirs = first_author_surname(record.authors)
    if not theirs:
        return None
    ours = first_surname(parsed.authors[0]) if parsed.authors else ""
    if ours:
        return ours == theirs or ours in _first_author_words(record.authors)
    # No author parsed: the record's first author named anywhere in the entry is all we can check.
    return True if theirs in words else None


@lru_cache(maxsize=1 << 16)
def _first_author_words(authors: str) -> tuple[str, ...]:
    """The normalized words of the first comma-separated name of an arXiv `authors` string."""
    return tuple(normalize_names(authors.split(",")[0]).split())


def numbers_agree(ours: str, theirs: str) -> bool:
    """Whether two titles carry the same words with digits: `Qwen3` is not `Qwen2.5`, `SLAM2` not `SLAM`."""
    return _number_words(ours) == _number_words(theirs)


@lru_cache(maxsize=1 << 16)
def _number_words(text: str) -> frozenset[str]:
    return frozenset(w for w in text.split() if not w.isalpha())


def year_agreement(year: int | None, record: CatalogRecord) -> bool | None:
    """Whether the cited year fits the year the record was first posted."""
    if year is None or record.year is None:
        return None
    return -YEARS_BEFORE_ID <= year - record.year <= YEARS_AFTER_ID


@lru_cache(maxsize=1 << 16)
def title_length(title: str | None) -> int:
    """The number of words of a record's normalized title (asked of every candidate, once a title)."""
    return len(normalize_title(title).split())


def title_similarity(variants: tuple[str, ...], record: CatalogRecord) -> tuple[float, str]:
    """rapidfuzz ratio (0-100) of the entry's title against the record's, and the best variant."""
    return similarity(variants, normalize_title(record.title))


def similarity(variants: tuple[str, ...], target: str) -> tuple[float, str]:
    """`title_similarity` against a normalized title (the catalog's title_norm: no record needed)."""
    if not target or not variants:
        return 0.0, ""
    if len(variants) == 1:
        return fuzz.ratio(variants[0], target), variants[0]
    return max((fuzz.ratio(v, target), v) for v in variants)


def title_containment(
    entry_variants: tuple[str, ...], record: CatalogRecord, floor: float = 0.0
) -> tuple[float, str]:
    """How well the record's title is found in the entry's text, whole words only, and the words found.

    The aligned stretch of the entry is widened to word boundaries before scoring, so a title
    never matches inside a longer word (`DRACo-SLAM` inside `DRACo-SLAM2`). With a `floor`, a
    title that cannot score that much is not aligned in full (`partial_floor`) and may score 0:
    every score at or above the floor is the one given without it.
    """
    return _containment(entry_variants, normalize_title(record.title), partial_floor(floor))


def similarities(variants: tuple[str, ...], targets: Sequence[str]) -> list[float]:
    """`title_similarity`'s score against each of these normalized titles (no records needed), each
    variant scored against them all in rapidfuzz's own loop (a batch's candidates: thousands)."""
    scores = [0.0] * len(targets)
    for variant in variants:
        for _, score, i in process.extract(variant, targets, scorer=fuzz.ratio, processor=None, limit=None):
            if score > scores[i] and targets[i]:
                scores[i] = score
    return scores


def containments(entry_variants: tuple[str, ...], targets: Iterable[str], floor: float = 0.0) -> list[float]:
    """`title_containment`'s score against each of these normalized titles (no records needed), with its
    `floor`, worked out once for them all (per title it was a third of the time: a batch's thousands)."""
    cutoff = partial_floor(floor)
    return [_containment(entry_variants, target, cutoff)[0] for target in targets]


def _containment(entry_variants: tuple[str, ...], target: str, cutoff: float) -> tuple[float, str]:
    best = (0.0, "")
    for text in entry_variants:
        if not target or len(text) < len(target):
            continue
        aligned = fuzz.partial_ratio_alignment(target, text, score_cutoff=cutoff)
        if aligned is None:
            continue
        start = text.rfind(" ", 0, aligned.dest_start) + 1
        end = text.find(" ", aligned.dest_end)
        window = text[start : end if end >= 0 else len(text)]
        best = max(best, (fuzz.ratio(target, window), window))
    return best


def partial_floor(floor: float) -> float:
    """The partial ratio below which no stretch of the entry, widened or not, can reach `floor` (0-100).

    The stretch scored by `title_containment` (any substring w of the text) against a title of n
    characters: if w is shorter than n, the n-character window around it keeps its matches, so
    partial >= r / (2 - r) for a ratio r; if w is longer and its matches span s > n characters, an
    n-character window inside them loses at most s - n, so partial >= 3 - 2 / r (the lower of the
    two, less a margin for rounding). rapidfuzz's score_cutoff then skips most of the alignment
    work, and returns the same alignment for every partial ratio above the cutoff.
    """
    r = floor / 100.0
    if r <= 2.0 / 3.0:
        return 0.0
    return max(0.0, 100.0 * min(3.0 - 2.0 / r, r / (2.0 - r)) - 0.5)


def entry_words(entry_variants: tuple[str, ...]) -> frozenset[str]:
    """The words of the entry's text, where a record's first author can be looked for."""
    return frozenset(" ".join(entry_variants).split())


def score_titles(variants: tuple[str, ...], records: Iterable[CatalogRecord]) -> list[Scored]:
    """Each record's title similarity against the entry's title (`title_similarity`), not yet weighed."""
    return [Scored(r, *title_similarity(variants, r)) for r in records]


def score_containment(
    entry_variants: tuple[str, ...], records: Iterable[CatalogRecord], floor: float = 0.0
) -> list[Scored]:
    """The records whose title containment in the entry's text (`title_containment`) reaches `floor`."""
    cutoff = partial_floor(floor)
    scored = (Scored(r, *_containment(entry_variants, normalize_title(r.title), cutoff)) for r in records)
    return [s for s in scored if s.title >= floor]


def weigh(parsed: ParsedReference, words: frozenset[str], scored: Scored) -> Evidence:
    """The evidence for one scored record: authors, year and numbers beside the title score."""
    record = scored.record
    return Evidence(
        record=record,
        title=scored.title,
        author=author_agreement(parsed, words, record),
        year=year_agreement(parsed.year, record),
        numbers=numbers_agree(scored.text, normalize_title(record.title)),
    )

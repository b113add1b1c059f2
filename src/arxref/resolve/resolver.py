"""Resolving one parsed entry against the local arXiv catalog.

Order (the issue, DESIGN.md), first conclusive step wins:

1. a valid printed arXiv id (`arxiv_id`): `verified_exact` when the catalog's title
   agrees with the entry, `metadata_mismatch` when it clearly does not; a valid id
   absent from the catalog is `unresolved` with source `arxiv_id` and the id kept (we
   could not check it); every other `unresolved` has no resolver source;
2. a malformed printed id: `malformed_identifier`;
3. the DOI against the catalog's DOIs (`local_arxiv`);
4. the title (with first author and year) against the catalog (`local_arxiv`):
   `verified_exact` on an equal normalized title, `verified_fuzzy` on a close one; the
   candidates are the equal titles and those sharing the title's rarest words, or, when
   those find nothing, the first author's records of the years the citation allows;
5. the catalog titles found inside the raw text (`raw_fallback`, `verified_fuzzy`), for an
   entry whose title the parser did not read well (`needs_raw_text`): the records its rare words
   find, and those whose whole title some stretch of the text begins with (`raw_openings`);
6. otherwise `parse_uncertain` for an entry the parser could not read, else `unresolved`.

The thresholds below were set on `arxref eval --hide-ids` over shared/corpus and on
the leave-one-out run of `arxref.evaluate.resolution` (every catalog title looked up
with itself removed: anything found then is a false match); see the closing note.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arxref.catalog.records import OPENING_WORDS, AuthorKey, CatalogLookup, CatalogRecord, normalize_title
from arxref.domain import Candidate, ParsedReference, Resolution, ResolutionStatus, ResolverSource
from arxref.ids import IdentifierMatch, find_arxiv_ids, parse_arxiv_id
from arxref.parse import UNCERTAIN_BELOW
from arxref.resolve.evidence import (
    YEARS_AFTER_ID,
    YEARS_BEFORE_ID,
    Evidence,
    Scored,
    entry_text,
    entry_words,
    first_surname,
    score_containment,
    score_titles,
    title_containment,
    title_length,
    title_similarity,
    title_variants,
    weigh,
)

# A printed id whose catalog title scores below this against the entry's title, and is not found
# in the entry's text either, is `metadata_mismatch` (rapidfuzz ratio / partial ratio, 0-100).
TITLE_AGREEMENT = 80.0
# A different title at or above this (ratio, 0-100) can still be the same work, written
# differently ("nets" for "networks", a hyphen-broken word); only with the first author agreeing.
# Leave-one-out over 3,058 catalog titles: with the cited work hidden, 4 false matches at 92
# (7 at 90, 2 at 95, both same-work duplicates); recall 1.000 clean, 0.990 damaged from 85 to 97.
# With a fifth of cited works in the catalog (as in the corpus) that is precision >= 0.994.
FUZZY_TITLE = 92.0
# Two acceptable records closer than this in title score are a tie that authors/year must break.
TIE_MARGIN = 2.0
# Raw fallback: the record's title must be found in the entry's text this well (ratio against the
# stretch of words it aligns with). Leave-one-out: 2 false matches in 3,058 at 95 (3 at 92), recall
# 0.972 clean, 0.901 damaged; at 97 damaged recall falls to 0.881 for no fewer false matches.
RAW_CONTAINMENT = 95.0
assert RAW_CONTAINMENT >= FUZZY_TITLE, "a raw-text record joining `_kept` never lowers `weighed_floor`"
# ...and be at least this many words long: short titles turn up inside unrelated text by chance.
RAW_MIN_WORDS = 5
assert OPENING_WORDS <= RAW_MIN_WORDS, "every title the fallback may take must have a whole opening"
# A record without authors (partial catalog records) can only be matched on a title this long
# (leave-one-out with no author to check, titles of 10+ words: 2 false matches in 3,058 at 95).
RAW_UNSIGNED_MIN_WORDS = 10
# How many candidates the index hands back per search, and how many are kept on the link row: the
# best KEPT_CANDIDATES by score (ties included, then cut) of those considered. Records found by the
# title are all considered; records found in the raw text only when their containment reaches
# RAW_CONTAINMENT (the others could never be chosen, and are not aligned in full: `partial_floor`).
SEARCH_LIMIT = 20
KEPT_CANDIDATES = 5
# The raw text is searched only for an entry the parser did not read well: no title, or a title found
# with less confidence than this (authors by the name grammar and a title in its place give 0.75+).
# On shared/corpus no title read this well was ever resolved by the raw text instead of the title
# (with the 18k catalog, ids hidden); searching the text of every entry was half the time at 1M rows.
RAW_FALLBACK_BELOW = 0.7


def resolve_reference(
    parsed: ParsedReference,
    raw: str,
    catalog: CatalogLookup,
    arxiv_ids: Sequence[IdentifierMatch] | None = None,
    entry_variants: tuple[str, ...] | None = None,
) -> Resolution:
    """The (status, resolver_source) of one entry, with the cited id, score and candidates.

    `arxiv_ids` is `find_arxiv_ids(raw)` and `entry_variants` is `entry_text(raw, arxiv_ids)` when the
    caller has them already (`resolve_references`, whose prefetch reads the same text).
    """
    if parsed.arxiv_id:
        return _by_printed_id(parsed, raw, catalog)
    arxiv_ids = find_arxiv_ids(raw) if arxiv_ids is None else arxiv_ids
    if any(not m.valid for m in arxiv_ids):
        return Resolution(
            ResolutionStatus.MALFORMED_IDENTIFIER, ResolverSource.ARXIV_ID, cited_doi=parsed.doi
        )
    if entry_variants is None:
        entry_variants = entry_text(raw, arxiv_ids)
    found = _by_doi(parsed, entry_variants, catalog)
    if found is not None:
        return found
    words = entry_words(entry_variants)
    titled = title_scored(parsed, catalog)
    found = _by_title(parsed, words, titled)
    if found is not None:
        return found
    # Only a record found RAW_CONTAINMENT well can be chosen from the raw text, so only those are
    # scored in full (a quarter of the time went to aligning the others) and listed as candidates.
    fallback = raw_scored(entry_variants, catalog, RAW_CONTAINMENT) if needs_raw_text(parsed) else []
    found = _by_raw_text(parsed, words, fallback)
    if found is not None:
        return found
    # A record found both ways is listed with its raw-text score.
    merged = {s.record.arxiv_id: s for s in (*titled, *fallback)}
    considered = _kept(parsed, words, list(merged.values()))
    best = considered[0].title if considered else None
    status = (
        ResolutionStatus.PARSE_UNCERTAIN
        if parsed.confidence < UNCERTAIN_BELOW
        else ResolutionStatus.UNRESOLVED
    )
    return Resolution(status, None, cited_doi=parsed.doi, score=best, candidates=_candidates(considered))


def needs_raw_text(parsed: ParsedReference) -> bool:
    """Whether the entry's raw text is searched (step 5): only when its title was not read well."""
    return not parsed.title or parsed.confidence < RAW_FALLBACK_BELOW


def _by_printed_id(parsed: ParsedReference, raw: str, catalog: CatalogLookup) -> Resolution:
    arxiv_id = parse_arxiv_id(parsed.arxiv_id or "")
    if arxiv_id is None:
        return Resolution(
            ResolutionStatus.MALFORMED_IDENTIFIER, ResolverSource.ARXIV_ID, cited_doi=parsed.doi
        )
    record = catalog.by_id(arxiv_id.number)
    if record is None:
        # Well-formed but not in our catalog: unverified, and the source says which id could not be checked.
        return Resolution(ResolutionStatus.UNRESOLVED, ResolverSource.ARXIV_ID, arxiv_id.number, parsed.doi)
    entry_variants = entry_text(raw)
    score = _agreement(parsed, entry_variants, record)
    status = _id_status(parsed, entry_variants, record, score)
    if status is None:
        return Resolution(ResolutionStatus.UNRESOLVED, ResolverSource.ARXIV_ID, arxiv_id.number, parsed.doi)
    return _link(status, ResolverSource.ARXIV_ID, record, score, parsed.doi, ())


def _id_status(
    parsed: ParsedReference, entry_variants: tuple[str, ...], record: CatalogRecord, score: float
) -> ResolutionStatus | None:
    """What a printed identifier's record is, given its title agreement: None when it cannot be told.

    Only a title the parser read well can contradict an identifier (`metadata_mismatch`): a title
    it is not sure of ("[WMAP Collaboration], Astrophys" from a physics entry that prints none)
    leaves the first author and the year to confirm the record, or nothing to conclude.
    """
    if score >= TITLE_AGREEMENT:
        return ResolutionStatus.VERIFIED_EXACT
    if parsed.confidence >= RAW_FALLBACK_BELOW:
        return ResolutionStatus.METADATA_MISMATCH
    evidence = weigh(parsed, entry_words(entry_variants), Scored(record, score, ""))
    if evidence.author is True and evidence.year is not False:
        return ResolutionStatus.VERIFIED_EXACT
    return None


def _agreement(parsed: ParsedReference, entry_variants: tuple[str, ...], record: CatalogRecord) -> float:
    """How well the record's title agrees with the entry: 100 when there is nothing to disagree with.

    A printed title may also be the record's title without its subtitle: the proceedings version
    "Binarized neural networks" of arXiv's "Binarized Neural Networks: Training Deep Neural ...".
    """
    if not parsed.title or not normalize_title(record.title):
        return 100.0
    variants = title_variants(parsed.title)
    score = max(title_similarity(variants, record)[0], title_containment(entry_variants, record)[0])
    head = record.title.split(":", 1)[0]
    if head != record.title and ":" not in parsed.title and normalize_title(head):
        score = max(score, title_similarity(variants, replace(record, title=head))[0])
    return score


def _by_doi(
    parsed: ParsedReference, entry_variants: tuple[str, ...], catalog: CatalogLookup
) -> Resolution | None:
    if not parsed.doi:
        return None
    records = catalog.by_doi(parsed.doi)
    if len(records) != 1:
        return None
    record = records[0]
    score = _agreement(parsed, entry_variants, record)
    status = _id_status(parsed, entry_variants, record, score)
    if status is None:
        return None  # the title, first author and year cannot tell: the steps after the DOI may
    return _link(status, ResolverSource.LOCAL_ARXIV, record, score, parsed.doi, ())


def title_scored(parsed: ParsedReference, catalog: CatalogLookup) -> list[Scored]:
    """Records found by the parsed title (equal, then searched), scored by title similarity."""
    variants = title_variants(parsed.title)
    if not variants or not variants[0]:
        return []
    records = {r.arxiv_id: r for v in variants for r in catalog.by_title(v)}
    for record in catalog.search(variants[-1], SEARCH_LIMIT):
        records.setdefault(record.arxiv_id, record)
    if not records:
        # Words too common to search by, or unknown: a close title can still be among the records
        # of its first author (a fuzzy match needs that author to agree anyway).
        records = {r.arxiv_id: r for r in _first_author_records(parsed, catalog)}
    return score_titles(variants, records.values())


def _first_author_records(parsed: ParsedReference, catalog: CatalogLookup) -> list[CatalogRecord]:
    key = first_author_key(parsed)
    return catalog.by_first_author(*key) if key else []


def first_author_key(parsed: ParsedReference) -> AuthorKey | None:
    """The entry's first-author surname and the years its record may have (None without both)."""
    surname = first_surname(parsed.authors[0]) if parsed.authors else ""
    if not surname or parsed.year is None:
        return None
    return surname, (parsed.year - YEARS_AFTER_ID, parsed.year + YEARS_BEFORE_ID)


def raw_scored(entry_variants: tuple[str, ...], catalog: CatalogLookup, floor: float = 0.0) -> list[Scored]:
    """Records whose titles are searched for in the entry's text, scored by containment (`floor` or more)."""
    if not entry_variants or not entry_variants[0]:
        return []
    records = {r.arxiv_id: r for r in catalog.search(entry_variants[-1], SEARCH_LIMIT)}
    for titles in catalog.titles_opening(raw_openings(entry_variants)):
        for title in titles:
            for record in catalog.by_title(title):
                records.setdefault(record.arxiv_id, record)
    long_enough = [r for r in records.values() if title_length(r.title) >= RAW_MIN_WORDS]
    return score_containment(entry_variants, long_enough, floor)


def raw_openings(entry_variants: tuple[str, ...]) -> list[str]:
    """The entry's text from each word on that leaves RAW_MIN_WORDS or more: where a printed title may begin.

    A title printed whole is then found by its exact words whatever the catalog's size, where the rare
    words the search may read within its budget can all be outside it (or be the venue's, "arXiv").
    """
    openings: dict[str, None] = {}
    for text in entry_variants:
        words = text.split()
        for start in raw_opening_starts(words):
            openings[" ".join(words[start:])] = None
    return list(openings)


def raw_opening_starts(words: Sequence[str]) -> range:
    """Where in a text's words a printed title may begin: each word that leaves RAW_MIN_WORDS or more."""
    return range(len(words) - RAW_MIN_WORDS + 1)


def title_evidence(
    parsed: ParsedReference, entry_variants: tuple[str, ...], catalog: CatalogLookup
) -> list[Evidence]:
    """Every record found by the parsed title, weighed, best first (the calibration looks at them all)."""
    words = entry_words(entry_variants)
    return _best_first([weigh(parsed, words, s) for s in title_scored(parsed, catalog)])


def raw_evidence(
    parsed: ParsedReference, entry_variants: tuple[str, ...], catalog: CatalogLookup
) -> list[Evidence]:
    """Every record searched for in the entry's text, weighed, best first (for the calibration)."""
    words = entry_words(entry_variants)
    return _best_first([weigh(parsed, words, s) for s in raw_scored(entry_variants, catalog)])


def _weighed(
    parsed: ParsedReference, words: frozenset[str], scored: list[Scored], floor: float
) -> list[Evidence]:
    """The records scoring `floor` or more, weighed, best first: the head of the whole list weighed.

    A decision needs a score at or above its threshold, so only that head is weighed: weighing
    the others would change no answer.
    """
    return _best_first([weigh(parsed, words, s) for s in scored if s.title >= floor])


def _kept(parsed: ParsedReference, words: frozenset[str], scored: list[Scored]) -> list[Evidence]:
    """The head of the list that holds the KEPT_CANDIDATES best (ties included), weighed, best first."""
    return _weighed(parsed, words, scored, _kth([s.title for s in scored]))


def _kth(scores: Sequence[float]) -> float:
    """The KEPT_CANDIDATES-th best score (-inf when there are no more than that many)."""
    if len(scores) <= KEPT_CANDIDATES:
        return float("-inf")
    return sorted(scores, reverse=True)[KEPT_CANDIDATES - 1]


def weighed_floor(title_scores: Sequence[float]) -> float:
    """The lowest score of these title-scored records that `_by_title` or `_kept` can ever weigh.

    A record below it changes no answer (nor the kept candidates): a decision needs FUZZY_TITLE,
    the kept list the KEPT_CANDIDATES-th best. Raw-text records that join the list for `_kept`
    score RAW_CONTAINMENT or more (above FUZZY_TITLE), so they can only raise its cut. A batch
    reads whole the records at or above it only (`resolve.narrowing`).
    """
    return min(FUZZY_TITLE, _kth(title_scores))


def _by_title(parsed: ParsedReference, words: frozenset[str], titled: list[Scored]) -> Resolution | None:
    chosen = _choose([e for e in _weighed(parsed, words, titled, FUZZY_TITLE) if _title_match(e)])
    if chosen is None:
        return None
    exact = chosen.title >= 100.0
    status = ResolutionStatus.VERIFIED_EXACT if exact else ResolutionStatus.VERIFIED_FUZZY
    considered = _kept(parsed, words, titled)
    return _link(status, ResolverSource.LOCAL_ARXIV, chosen.record, chosen.title, parsed.doi, considered)


def _title_match(e: Evidence) -> bool:
    """An equal title that nothing contradicts, or a close one whose first author agrees."""
    if e.year is False:
        return False
    if e.title >= 100.0:
        return e.author is not False
    return e.title >= FUZZY_TITLE and e.author is True and e.numbers


def _by_raw_text(parsed: ParsedReference, words: frozenset[str], fallback: list[Scored]) -> Resolution | None:
    chosen = _choose([e for e in _weighed(parsed, words, fallback, RAW_CONTAINMENT) if _raw_match(e)])
    if chosen is None:
        return None
    considered = _kept(parsed, words, fallback)
    source = ResolverSource.RAW_FALLBACK
    return _link(ResolutionStatus.VERIFIED_FUZZY, source, chosen.record, chosen.title, parsed.doi, considered)


def _raw_match(e: Evidence) -> bool:
    """The record's title found whole in the entry, its first author named there, the year fitting."""
    if e.title < RAW_CONTAINMENT or e.year is False or not e.numbers:
        return False
    if e.author is None:
        return title_length(e.record.title) >= RAW_UNSIGNED_MIN_WORDS
    return e.author


def _choose(acceptable: list[Evidence]) -> Evidence | None:
    """The one best acceptable record, or None when another is as good (a guess is not a match)."""
    if not acceptable:
        return None
    best = acceptable[0]
    rivals = [e for e in acceptable[1:] if e.title >= best.title - TIE_MARGIN]
    if not rivals:
        return best
    # Same-title records: the one whose author and year both agree wins, if it is the only one.
    fully = [e for e in [best, *rivals] if e.author is True and e.year is True]
    return fully[0] if len(fully) == 1 else None


def _best_first(evidence: list[Evidence]) -> list[Evidence]:
    """Highest title score first; at equal scores agreeing authors, then years, then the id (stable)."""
    unique = {e.record.arxiv_id: e for e in evidence}
    return sorted(
        unique.values(),
        key=lambda e: (-e.title, e.author is not True, e.year is not True, e.record.arxiv_id),
    )


def _candidates(considered: list[Evidence]) -> tuple[Candidate, ...]:
    return tuple(Candidate(e.record.arxiv_id, round(e.title, 2)) for e in considered[:KEPT_CANDIDATES])


def _link(
    status: ResolutionStatus,
    source: ResolverSource,
    record: CatalogRecord,
    score: float,
    doi: str | None,
    considered: list[Evidence],
) -> Resolution:
    candidates = _candidates(considered) or (Candidate(record.arxiv_id, round(score, 2)),)
    return Resolution(
        status=status,
        resolver_source=source,
        cited_arxiv_id=record.arxiv_id,
        cited_doi=doi or record.doi,
        score=round(score, 2),
        candidates=candidates,
        cited_title=" ".join((record.title or "").split()) or None,
    )

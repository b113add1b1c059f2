"""Resolving one parsed entry against the local arXiv catalog.

Order (DESIGN.md): a printed arXiv id; a malformed one; the DOI; the title
(exact normalized match, made unique by first author and year). Fuzzy title and
raw-text matching belong to the resolution issue and are not attempted here:
an entry they would be needed for stays `unresolved`, never guessed.
"""

from __future__ import annotations

from rapidfuzz import fuzz

from arxref.catalog import CatalogLookup, CatalogRecord, first_author_surname, normalize_title
from arxref.domain import Candidate, ParsedReference, Resolution, ResolutionStatus, ResolverSource
from arxref.ids import find_arxiv_ids, parse_arxiv_id

# Below this title similarity (rapidfuzz ratio, 0-100) a printed id whose catalog title
# disagrees with the parsed title is reported as `metadata_mismatch`.
TITLE_AGREEMENT = 80.0
# Entries parsed with less confidence than this become `parse_uncertain` when nothing resolves them.
MIN_PARSE_CONFIDENCE = 0.3


def resolve_reference(parsed: ParsedReference, raw: str, catalog: CatalogLookup) -> Resolution:
    """The (status, resolver_source) of one entry, with the cited id and score."""
    if parsed.arxiv_id:
        return _resolve_printed_id(parsed, catalog)
    malformed = [m for m in find_arxiv_ids(raw) if not m.valid]
    if malformed:
        return Resolution(
            status=ResolutionStatus.MALFORMED_IDENTIFIER, resolver_source=ResolverSource.ARXIV_ID
        )
    if parsed.doi:
        matches = catalog.by_doi(parsed.doi)
        if len(matches) == 1:
            return _verified(matches[0], ResolverSource.LOCAL_ARXIV, 100.0, parsed.doi)
    title_norm = normalize_title(parsed.title)
    if title_norm:
        chosen = _pick_by_author_and_year(catalog.by_title(title_norm), parsed)
        if chosen is not None:
            return _verified(chosen, ResolverSource.LOCAL_ARXIV, 100.0, parsed.doi)
    if parsed.confidence < MIN_PARSE_CONFIDENCE:
        return Resolution(status=ResolutionStatus.PARSE_UNCERTAIN)
    return Resolution(status=ResolutionStatus.UNRESOLVED, cited_doi=parsed.doi)


def _resolve_printed_id(parsed: ParsedReference, catalog: CatalogLookup) -> Resolution:
    arxiv_id = parse_arxiv_id(parsed.arxiv_id or "")
    if arxiv_id is None:
        return Resolution(
            status=ResolutionStatus.MALFORMED_IDENTIFIER, resolver_source=ResolverSource.ARXIV_ID
        )
    record = catalog.by_id(arxiv_id.number)
    if record is None:
        # Well-formed but not in our catalog: we cannot verify it, and say so.
        return Resolution(
            status=ResolutionStatus.UNRESOLVED,
            resolver_source=ResolverSource.ARXIV_ID,
            cited_arxiv_id=arxiv_id.number,
            cited_doi=parsed.doi,
        )
    if parsed.title and record.title:
        score = fuzz.ratio(normalize_title(parsed.title), normalize_title(record.title))
        if score < TITLE_AGREEMENT:
            return Resolution(
                status=ResolutionStatus.METADATA_MISMATCH,
                resolver_source=ResolverSource.ARXIV_ID,
                cited_arxiv_id=record.arxiv_id,
                cited_doi=parsed.doi,
                score=score,
                candidates=(Candidate(record.arxiv_id, score),),
            )
    return _verified(record, ResolverSource.ARXIV_ID, 100.0, parsed.doi)


def _pick_by_author_and_year(records: list[CatalogRecord], parsed: ParsedReference) -> CatalogRecord | None:
    """One record among same-title ones, or None when the choice would be a guess."""
    if len(records) <= 1:
        return records[0] if records else None
    surname = normalize_title(parsed.authors[0]).split()[-1:] if parsed.authors else []
    narrowed = [r for r in records if surname and first_author_surname(r.authors) in surname]
    if parsed.year is not None:
        narrowed = [r for r in narrowed or records if r.year is not None and abs(r.year - parsed.year) <= 1]
    return narrowed[0] if len(narrowed) == 1 else None


def _verified(record: CatalogRecord, source: ResolverSource, score: float, doi: str | None) -> Resolution:
    return Resolution(
        status=ResolutionStatus.VERIFIED_EXACT,
        resolver_source=source,
        cited_arxiv_id=record.arxiv_id,
        cited_doi=doi or record.doi,
        score=score,
        candidates=(Candidate(record.arxiv_id, score),),
    )

"""Papers of our own tables as resolution targets: a printed id of a processed paper absent from the catalog.

The catalog is arXiv's metadata; a paper we processed exists on arXiv (its files were read under
that id) even when the catalog lags behind it (a demo catalog, a snapshot older than the paper).
`KnownPapers` answers the id lookups for such papers with a record that carries no title: nothing
in it can disagree with the entry, so the printed id resolves `verified_exact` by `arxiv_id`, as it
does for a partial catalog record without a title. Titles, DOIs and words are searched in the
catalog only: a processed paper's own metadata is not ours to guess.

A paper processed after the papers that cite it is linked to them by `earlier_citation`, for the
store to apply when the paper is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arxref.catalog.records import AuthorHits, AuthorKey, BatchLookup, CatalogRecord, SearchHits
from arxref.domain import Candidate, Resolution, ResolutionStatus, ResolverSource

# arXiv id -> the latest processed version of each processed paper among the ids asked.
ProcessedVersions = Callable[[Sequence[str]], dict[str, int]]

OWN_TABLES_SCORE = 100.0
"""A title-less record leaves nothing to disagree with: the resolver's agreement score is 100."""


def own_record(arxiv_id: str, latest_version: int) -> CatalogRecord:
    """What our tables know of a processed paper: that it exists, and its newest version we read."""
    return CatalogRecord(arxiv_id=arxiv_id, title=None, latest_version=latest_version)


class KnownPapers:
    """A batch catalog whose id lookups also find the processed papers it lacks."""

    def __init__(self, catalog: BatchLookup, processed: ProcessedVersions) -> None:
        self._catalog = catalog
        self._processed = processed

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return self.by_ids([arxiv_id]).get(arxiv_id)

    def by_ids(self, arxiv_ids: Sequence[str]) -> dict[str, CatalogRecord]:
        found = self._catalog.by_ids(arxiv_ids)
        missing = sorted(set(arxiv_ids) - found.keys())
        if missing:
            found.update({aid: own_record(aid, v) for aid, v in self._processed(missing).items()})
        return found

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        return self._catalog.by_title(title_norm)

    def by_titles(self, titles_norm: Sequence[str]) -> dict[str, list[CatalogRecord]]:
        return self._catalog.by_titles(titles_norm)

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        return self._catalog.by_doi(doi)

    def by_dois(self, dois: Sequence[str]) -> dict[str, list[CatalogRecord]]:
        return self._catalog.by_dois(dois)

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        return self._catalog.titles_opening(texts_norm)

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        return self._catalog.search(text_norm, limit)

    def search_many(self, texts_norm: Sequence[str], limit: int) -> list[list[CatalogRecord]]:
        return self._catalog.search_many(texts_norm, limit)

    def search_hits_many(self, texts_norm: Sequence[str], limit: int) -> SearchHits:
        return self._catalog.search_hits_many(texts_norm, limit)

    def title_norms(self, arxiv_ids: Sequence[str]) -> dict[str, str]:
        return self._catalog.title_norms(arxiv_ids)

    def by_first_author(self, surname: str, years: tuple[int, int]) -> list[CatalogRecord]:
        return self._catalog.by_first_author(surname, years)

    def first_author_hits(self, keys: Sequence[AuthorKey]) -> AuthorHits:
        return self._catalog.first_author_hits(keys)


def earlier_citation(stored: Resolution, arxiv_id: str) -> Resolution | None:
    """How an entry stored before `arxiv_id` was processed resolves now; None when it does not change.

    Only an entry whose printed id was valid but unknown (`unresolved` by `arxiv_id`, the id kept)
    changes: the resolver, asked again, would find the paper's title-less record and link it. The
    caller checks that the catalog still lacks the paper (with a record, the resolver decided).
    """
    if (
        stored.status != ResolutionStatus.UNRESOLVED
        or stored.resolver_source != ResolverSource.ARXIV_ID
        or stored.cited_arxiv_id != arxiv_id
    ):
        return None
    return Resolution(
        status=ResolutionStatus.VERIFIED_EXACT,
        resolver_source=ResolverSource.ARXIV_ID,
        cited_arxiv_id=arxiv_id,
        cited_doi=stored.cited_doi,
        score=OWN_TABLES_SCORE,
        candidates=(Candidate(arxiv_id, OWN_TABLES_SCORE),),
    )

"""Which of a batch's candidate records can matter, told from their normalized titles alone.

At millions of catalog rows a paper's searches and first-author lookups name thousands of
records (a first author's up to AUTHOR_LIMIT each), and reading each whole cost more than
all the scoring. Yet only a few can be weighed: those whose title score reaches
`weighed_floor` (found by the title), or whose title is found RAW_CONTAINMENT well in the
entry's text (found in it). The batch reads every candidate's title_norm first, keeps those,
and reads only their records; the resolver then sees exactly the records it would weigh, and
gives the answers (and kept candidates) it gives with all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from arxref.catalog.records import CatalogRecord
from arxref.resolve.evidence import containments, similarities, title_similarity
from arxref.resolve.resolver import RAW_CONTAINMENT, RAW_MIN_WORDS, weighed_floor


def title_needs(
    variants: tuple[str, ...], equal: Iterable[CatalogRecord], hits: Mapping[str, str]
) -> set[str]:
    """The ids of `hits` (id -> title_norm) that `title_scored` with the `equal` records may weigh."""
    scores = {r.arxiv_id: title_similarity(variants, r)[0] for r in equal}
    others = [aid for aid in hits if aid not in scores]
    scores.update(zip(others, similarities(variants, [hits[aid] for aid in others]), strict=True))
    floor = weighed_floor(list(scores.values()))
    return {arxiv_id for arxiv_id in hits if scores[arxiv_id] >= floor}


def raw_needs(entry_variants: tuple[str, ...], hits: Mapping[str, str]) -> set[str]:
    """The ids of `hits` (id -> title_norm) that `raw_scored` keeps: long enough, found whole enough."""
    long_enough = {aid: title for aid, title in hits.items() if title.count(" ") + 1 >= RAW_MIN_WORDS}
    scores = containments(entry_variants, long_enough.values(), RAW_CONTAINMENT)
    return {aid for aid, score in zip(long_enough, scores, strict=True) if score >= RAW_CONTAINMENT}

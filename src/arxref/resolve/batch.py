"""Resolving a paper's entries together: every catalog lookup they need asked first, a few queries in all.

`resolve_reference` asks the catalog up to seven questions per entry; over SQL each is a
statement (a round trip on PostgreSQL). `resolve_references` asks them for all entries of a
paper at once through `BatchLookup` (ids first: word search, first authors; then every record
they name in one statement), then resolves each entry against the answers held in memory
(`Prefetched`), so the answers are those of `resolve_reference`, entry by entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from arxref.catalog.records import (
    AuthorKey,
    BatchLookup,
    CatalogLookup,
    CatalogRecord,
    may_be_titled,
    opening_may_be_titled,
)
from arxref.domain import ParsedReference, RawReference, Resolution
from arxref.ids import IdentifierMatch, find_arxiv_ids, parse_arxiv_id
from arxref.resolve.evidence import entry_text, title_variants
from arxref.resolve.narrowing import raw_needs, title_needs
from arxref.resolve.resolver import (
    SEARCH_LIMIT,
    first_author_key,
    needs_raw_text,
    raw_opening_starts,
    resolve_reference,
)

Entry = tuple[ParsedReference, str]


@dataclass(frozen=True)
class Prefetched:
    """Answers fetched ahead for a batch of entries; anything not fetched is asked of the catalog.

    `searches` and `authors` hold, of each answer, only the records some entry of the batch may
    weigh (`narrowing`), in the catalog's order: the resolver answers as with all of them.
    """

    catalog: CatalogLookup
    ids: dict[str, CatalogRecord]
    titles: dict[str, list[CatalogRecord]]
    dois: dict[str, list[CatalogRecord]]
    searches: dict[str, list[CatalogRecord]]
    authors: dict[AuthorKey, list[CatalogRecord]]
    asked_ids: frozenset[str]
    asked_titles: frozenset[str]
    asked_dois: frozenset[str]
    openings: dict[str, list[str]]

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return self.ids.get(arxiv_id) if arxiv_id in self.asked_ids else self.catalog.by_id(arxiv_id)

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        if title_norm in self.asked_titles:
            return list(self.titles.get(title_norm, ()))
        return self.catalog.by_title(title_norm)

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        if doi.lower() in self.asked_dois:
            return list(self.dois.get(doi.lower(), ()))
        return self.catalog.by_doi(doi)

    def by_first_author(self, surname: str, years: tuple[int, int]) -> list[CatalogRecord]:
        if (surname, years) in self.authors:
            return list(self.authors[surname, years])
        return self.catalog.by_first_author(surname, years)

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        if all(text in self.openings for text in texts_norm):
            return [list(self.openings[text]) for text in texts_norm]
        return self.catalog.titles_opening(texts_norm)

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        if limit == SEARCH_LIMIT and text_norm in self.searches:
            return list(self.searches[text_norm])
        return self.catalog.search(text_norm, limit)


def resolve_parsed(
    references: Sequence[RawReference], parsed: Sequence[ParsedReference], catalog: CatalogLookup
) -> list[Resolution]:
    """`resolve_references` of entries parsed already, each with its raw text (the fallback's)."""
    return resolve_references(list(zip(parsed, (r.raw for r in references), strict=True)), catalog)


def resolve_references(entries: Sequence[Entry], catalog: CatalogLookup) -> list[Resolution]:
    """`resolve_reference` of each (parsed, raw) entry, with a batch catalog asked once per kind of lookup."""
    # The ids in each id-less entry's text, found once for the prefetch and the resolver (a regex scan
    # of the whole entry, the costliest step of reading its text).
    found = [None if parsed.arxiv_id else find_arxiv_ids(raw) for parsed, raw in entries]
    # Each id-less entry's normalized text, likewise read once for both (at 2.5M rows: 7 ms a round of
    # the bench's PDF entries, 2% of resolving them on PostgreSQL).
    texts = [
        None if ids is None else entry_text(raw, ids) for (_, raw), ids in zip(entries, found, strict=True)
    ]
    if entries and isinstance(catalog, BatchLookup):
        catalog = prefetch(entries, catalog, found, texts)
    return [
        resolve_reference(parsed, raw, catalog, arxiv_ids, text)
        for (parsed, raw), arxiv_ids, text in zip(entries, found, texts, strict=True)
    ]


def prefetch(
    entries: Sequence[Entry],
    catalog: BatchLookup,
    arxiv_ids: Sequence[Sequence[IdentifierMatch] | None] | None = None,
    entry_texts: Sequence[tuple[str, ...] | None] | None = None,
) -> Prefetched:
    """The lookups `resolve_reference` may make for these entries, answered in one query per kind.

    `arxiv_ids`: `find_arxiv_ids` of each entry's text when the caller has them (None for an entry
    with a printed id); `entry_texts`: likewise `entry_text` of each.
    """
    ids: set[str] = set()
    titles: set[str] = set()
    dois: set[str] = set()
    texts: set[str] = set()
    titled: list[tuple[ParsedReference, tuple[str, ...]]] = []  # id-less entries with a title, its variants
    raw_texts: list[tuple[str, ...]] = []  # the entry texts the raw-text fallback searches
    for n, (parsed, raw) in enumerate(entries):
        if parsed.arxiv_id:
            number = parse_arxiv_id(parsed.arxiv_id)
            if number is not None:
                ids.add(number.number)
            continue
        if parsed.doi:
            dois.add(parsed.doi.lower())
        variants = title_variants(parsed.title)
        if variants and variants[0]:
            titles.update(variants)
            texts.add(variants[-1])
            titled.append((parsed, variants))
        entry_variants: tuple[str, ...] | None = ()
        if needs_raw_text(parsed):
            entry_variants = entry_texts[n] if entry_texts is not None else None
            if entry_variants is None:
                entry_variants = entry_text(raw, arxiv_ids[n] if arxiv_ids is not None else None)
        if entry_variants and entry_variants[0]:
            texts.add(entry_variants[-1])
            raw_texts.append(entry_variants)
    ordered = sorted(texts)
    ranked, known, absent = catalog.search_hits_many(ordered, SEARCH_LIMIT)
    found_ids = dict(zip(ordered, ranked, strict=True))
    # The titles printed whole in a raw text are looked up with the parsed ones (`raw_scored`). A text
    # holding a word no title holds opens or equals none: at 2.5M rows 93% of the bench's PDF entries'
    # openings (~3,300 index descents a round, ~9 ms of PostgreSQL's CPU), told by the search's counts.
    opened: dict[str, list[str]] = {}
    openings: set[str] = set()
    for entry_variants in raw_texts:
        titled_openings, untitled = _openings(entry_variants, absent)
        openings.update(titled_openings)
        opened.update(dict.fromkeys(untitled, []))
    asked = sorted(openings - opened.keys())
    opened.update(zip(asked, catalog.titles_opening(asked), strict=True) if asked else ())
    titles.update(*opened.values())
    looked = sorted(title for title in titles if may_be_titled(title, absent))
    found_titles = catalog.by_titles(looked) if looked else {}
    # A title that neither its equal nor its words found is looked for by its first author
    # (`title_scored`); which ones those are is known only now, so they are a second round.
    authors: set[AuthorKey] = set()
    for parsed, variants in titled:
        if found_ids[variants[-1]]:
            continue
        key = first_author_key(parsed)
        if key is not None and not any(found_titles.get(v) for v in variants):
            authors.add(key)
    author_ids: dict[AuthorKey, list[str]] = {}
    if authors:
        author_ids, author_titles = catalog.first_author_hits(sorted(authors))
        known = {**known, **author_titles}
    # Of the search hits and first authors' records, only those the resolver may weigh are read
    # whole (`narrowing`), with the records of printed ids: one statement for them all.
    wanted = ids | _needed(catalog, titled, raw_texts, found_ids, found_titles, author_ids, known)
    records = catalog.by_ids(sorted(wanted)) if wanted else {}

    def recorded(found: dict) -> dict:
        return {key: [records[aid] for aid in aids if aid in records] for key, aids in found.items()}

    return Prefetched(
        catalog=catalog,
        ids=records,
        titles=found_titles,
        dois=catalog.by_dois(sorted(dois)) if dois else {},
        searches=recorded(found_ids),
        authors=recorded(author_ids),
        asked_ids=frozenset(ids),
        asked_titles=frozenset(titles),
        asked_dois=frozenset(dois),
        openings=opened,
    )


def _openings(entry_variants: tuple[str, ...], absent: AbstractSet[str]) -> tuple[list[str], list[str]]:
    """`raw_openings` of an entry's text, split: those whose opening words may be a title's, and those
    holding a word no title holds (`opening_may_be_titled`), which open no title.

    Told from the text's words as it is cut, not by splitting each opening again: a raw text has one
    opening a word, and an entry needing its raw text is read the most (PDF entries: 3,540 a round).
    """
    titled: list[str] = []
    untitled: list[str] = []
    for text in entry_variants:
        words = text.split()
        for start in raw_opening_starts(words):
            fits = opening_may_be_titled(words, start, absent)
            (titled if fits else untitled).append(" ".join(words[start:]))
    return titled, untitled


def _needed(
    catalog: BatchLookup,
    titled: list[tuple[ParsedReference, tuple[str, ...]]],
    raw_texts: list[tuple[str, ...]],
    found_ids: dict[str, list[str]],
    found_titles: dict[str, list[CatalogRecord]],
    author_ids: dict[AuthorKey, list[str]],
    known: dict[str, str],
) -> set[str]:
    """The ids, among the hits of the searches and first authors, that some entry may weigh.

    Each entry's candidates are those of `title_scored` and `raw_scored`: its equal titles and its
    title's search hits, or when both are empty its first author's records; its text's search hits.
    `known`: the title_norm of hits the lookups read already; the others' are read by id.
    """
    unknown = set().union(*found_ids.values(), *author_ids.values()) - known.keys()
    norms = {**known, **catalog.title_norms(sorted(unknown))} if unknown else known

    def titles(aids: list[str]) -> dict[str, str]:
        return {aid: norms[aid] for aid in aids if aid in norms}

    needed: set[str] = set()
    for parsed, variants in titled:
        equal = [r for v in variants for r in found_titles.get(v, ())]
        hits = found_ids[variants[-1]]
        if not hits and not equal:
            key = first_author_key(parsed)
            hits = author_ids.get(key, []) if key is not None else []
        needed |= title_needs(variants, equal, titles(hits))
    for entry_variants in raw_texts:
        needed |= raw_needs(entry_variants, titles(found_ids[entry_variants[-1]]))
    return needed

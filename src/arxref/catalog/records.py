"""The local arXiv catalog: records read from arXiv's metadata snapshot (JSON lines).

Reads the bulk snapshot's format (`id, title, authors, doi, journal-ref,
categories, versions, update_date`, ...), plain or gzip'd, and partial records
alike. `MemoryCatalog` serves `arxref extract --catalog FILE` without a
database; `arxref.store.catalog` holds the same records in SQL.
"""

from __future__ import annotations

import gzip
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from datetime import UTC
from email.utils import parsedate_to_datetime
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Protocol, runtime_checkable

from arxref.ids import normalize_doi, parse_arxiv_id

_NON_ALNUM = re.compile(r"[^0-9a-z]+")
# TeX that survives in arXiv titles: $...$ delimiters, \command names, braces.
_TEX_COMMAND = re.compile(r"\\[a-zA-Z]+\*?|[{}$]")
# TeX accents in arXiv author fields (Bal\'azs, \c{C}etin): the letter is kept, the accent dropped.
_TEX_ACCENT = re.compile(r"\\['\"`^~=.uvHckr]\s*\{?\s*([A-Za-z])\}?")
# Words too common in titles to find anything by; never used as search terms.
STOPWORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "by",
        "de",
        "der",
        "die",
        "do",
        "does",
        "for",
        "from",
        "how",
        "in",
        "into",
        "is",
        "it",
        "its",
        "la",
        "le",
        "of",
        "on",
        "or",
        "our",
        "the",
        "to",
        "und",
        "using",
        "via",
        "we",
        "what",
        "why",
        "with",
    }
)
# Search terms are the query's rarest title words, taken rarest first while the records they
# find stay within this many: the work per search is bounded whatever the catalog's size (each
# posting read is ~0.5 us in SQLite). On shared/corpus with the 18k catalog every answer is the
# same from 3,000 down to 300; at 100 "Generative adversarial nets" (common words only) is lost.
POSTINGS_BUDGET = 300
# ...and at most this many terms; candidates are ranked by how many of them they share.
SEARCH_TERMS = 6
# A title whose words find nothing (every one past the budget: "Generative adversarial nets" in a
# catalog of millions) is looked for among its first author's records of the years it may have;
# a surname with more records than this in those years (Wang, 2019) is too common to read them all.
AUTHOR_LIMIT = 200
# A catalog title printed whole in an entry's text is also found by its opening words
# (`titles_opening`), not by its rare words only: at millions of records every word of a title can
# be past POSTINGS_BUDGET ("Particle creation, classicality and related issues ...": the rarest is
# in hundreds of titles), and then the word search finds other titles. The opening is this many
# words, the fewest the raw-text fallback takes (resolver.RAW_MIN_WORDS): no shorter title is asked.
OPENING_WORDS = 5


# A first-author surname and the years (first, last) its records are looked for in.
AuthorKey = tuple[str, tuple[int, int]]
# Ids found by a batch's first authors (per key), and the normalized title of those the lookup read on the
# way (SQL reads some with the ids, saving a lookup by id).
AuthorHits = tuple[dict[AuthorKey, list[str]], dict[str, str]]


class SearchHits(NamedTuple):
    """What a batch's searches found, and what they learnt on the way."""

    ranked: list[list[str]]  # the ids found for each text, best first
    titles: dict[str, str]  # the normalized title of those ids read with them (some or none)
    absent: set[str]  # the texts' search words that no title holds


@dataclass(frozen=True)
class CatalogRecord:
    """One arXiv paper as the catalog knows it."""

    arxiv_id: str
    title: str | None
    authors: str | None = None
    doi: str | None = None
    journal_ref: str | None = None
    categories: str | None = None
    latest_version: int | None = None
    year: int | None = None
    update_date: str | None = None
    # When v1 and the latest version were announced (ISO 8601, UTC), from the snapshot's `versions`.
    submitted_at: str | None = None
    last_updated: str | None = None


class CatalogLookup(Protocol):
    """What resolution needs from a catalog, in memory or in SQL."""

    def by_id(self, arxiv_id: str) -> CatalogRecord | None: ...

    def by_title(self, title_norm: str) -> list[CatalogRecord]: ...

    def by_doi(self, doi: str) -> list[CatalogRecord]: ...

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        """Records whose titles share the most rare words with `text_norm` (a title or an entry)."""
        ...

    def by_first_author(self, surname: str, years: tuple[int, int]) -> list[CatalogRecord]:
        """Records of this first-author surname posted in these years (inclusive), in id order;
        none when there are more than AUTHOR_LIMIT."""
        ...

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        """For each text, the normalized titles (OPENING_WORDS words or more) it begins with, whole words."""
        ...


@runtime_checkable
class BatchLookup(CatalogLookup, Protocol):
    """A catalog that answers many lookups in one query each (SQL): one round of queries per paper."""

    def by_ids(self, arxiv_ids: Sequence[str]) -> dict[str, CatalogRecord]: ...

    def by_titles(self, titles_norm: Sequence[str]) -> dict[str, list[CatalogRecord]]: ...

    def by_dois(self, dois: Sequence[str]) -> dict[str, list[CatalogRecord]]: ...

    def search_many(self, texts_norm: Sequence[str], limit: int) -> list[list[CatalogRecord]]:
        """`search` of each text, in order."""
        ...

    def search_hits_many(self, texts_norm: Sequence[str], limit: int) -> SearchHits:
        """The ids of `search_many`'s records, without reading the records, and the normalized title of
        those ids read on the way (some or none)."""
        ...

    def title_norms(self, arxiv_ids: Sequence[str]) -> dict[str, str]:
        """The normalized title of each of these ids ("" for none; absent ids left out): no whole records."""
        ...

    def first_author_hits(self, keys: Sequence[AuthorKey]) -> AuthorHits:
        """The ids of `by_first_author` of each (surname, (first year, last year)), and the normalized
        title ("" for none) of those ids read on the way."""
        ...


@lru_cache(maxsize=1 << 16)
def normalize_title(title: str | None) -> str:
    """Accents, case, TeX and punctuation folded away: the key for exact title lookup."""
    if not title:
        return ""
    text = _TEX_COMMAND.sub(" ", title)
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    return _NON_ALNUM.sub(" ", text.lower()).strip()


@lru_cache(maxsize=1 << 16)
def normalize_names(authors: str | None) -> str:
    """An author string folded like a title, TeX accents first (`Bal\\'azs` -> `balazs`)."""
    return normalize_title(_TEX_ACCENT.sub(r"\1", authors)) if authors else ""


@lru_cache(maxsize=1 << 16)
def first_author_surname(authors: str | None) -> str:
    """The normalized surname of the first author of an arXiv `authors` string."""
    if not authors:
        return ""
    first = re.split(r",| and ", authors, maxsplit=1)[0].strip()
    words = normalize_names(first).split()
    return words[-1] if words else ""


def opening_of(text_norm: str) -> str:
    """The first OPENING_WORDS words of a normalized text ("" with fewer): the key of `titles_opening`."""
    words = text_norm.split(" ", OPENING_WORDS)
    return " ".join(words[:OPENING_WORDS]) if len(words) >= OPENING_WORDS else ""


def opens(text_norm: str, title_norm: str) -> bool:
    """Whether the text begins with the title, whole words (both normalized: single spaces)."""
    return text_norm.startswith(title_norm) and text_norm[len(title_norm) : len(title_norm) + 1] in ("", " ")


def opening_may_be_titled(words: Sequence[str], start: int, absent: AbstractSet[str]) -> bool:
    """`may_be_titled(opening_of(text), absent)` for the text `" ".join(words[start:])`, told from its
    words without joining and splitting it again (a batch asks this of every opening of every entry)."""
    head = words[start : start + OPENING_WORDS]
    return len(head) < OPENING_WORDS or absent.isdisjoint(head)


def may_be_titled(text_norm: str, absent: AbstractSet[str]) -> bool:
    """Whether a normalized text may be a title, or a title's words: none of its words is known to be in
    no title (`absent`, as a search found). Told from the word counts a search read, it spares a lookup."""
    return absent.isdisjoint(text_norm.split())


def search_terms(text_norm: str) -> list[str]:
    """The distinct words of a normalized text that can find a title: no stopwords, no single letters."""
    return list(dict.fromkeys(w for w in text_norm.split() if len(w) > 1 and w not in STOPWORDS))


def pick_terms(doc_counts: dict[str, int]) -> list[str]:
    """The rarest terms found in some title, rarest first, within POSTINGS_BUDGET and SEARCH_TERMS."""
    picked: list[str] = []
    total = 0
    for n, term in sorted((n, t) for t, n in doc_counts.items() if n > 0):
        if len(picked) == SEARCH_TERMS or total + n > POSTINGS_BUDGET:
            break
        picked.append(term)
        total += n
    return picked


def top_hits(hits: Counter[str], limit: int) -> list[str]:
    """The ids with the most hits, ties by id: one order for every backend."""
    # Two C-level sorts (by id, then stably by count) are far cheaper than a keyed heap in Python. Most
    # ids of a query's words are in one word only: those are sorted as bare ids, and only when the ids
    # in several do not fill the limit (a third less time than sorting every (id, count) pair).
    shared = sorted(aid for aid, n in hits.items() if n > 1)
    shared.sort(key=hits.__getitem__, reverse=True)
    if len(shared) >= limit:
        return shared[:limit]
    single = sorted(aid for aid, n in hits.items() if n == 1)
    return shared + single[: limit - len(shared)]


_TEXT_FIELDS = ("id", "title", "authors", "doi", "journal-ref", "categories", "update_date")


class BadCatalogLine(ValueError):
    """A snapshot line that is no catalog record: not JSON, not an object, fields of the wrong type."""


def record_from_json(obj: object) -> CatalogRecord | None:
    """One snapshot line to a record; None when it has no usable arXiv id.

    Raises BadCatalogLine for a line that is not shaped as the snapshot's records are (a field
    that should be text and is an object or a list, text that is not valid Unicode), so one bad
    line never reaches the database, where it would fail its whole batch.
    """
    if not isinstance(obj, dict):
        raise BadCatalogLine(f"a JSON {type(obj).__name__}, not an object")
    for name in _TEXT_FIELDS:
        value = obj.get(name)
        if value is not None and not isinstance(value, str | int | float if name == "id" else str):
            raise BadCatalogLine(f"{name!r} is a JSON {type(value).__name__}, not text")
        if isinstance(value, str) and not _is_unicode(value):
            raise BadCatalogLine(f"{name!r} holds a lone surrogate")
    parsed = parse_arxiv_id(str(obj.get("id") or ""))
    if parsed is None:
        return None
    versions = obj.get("versions") or []
    if not isinstance(versions, list) or not all(isinstance(v, dict) for v in versions):
        raise BadCatalogLine("'versions' is not a list of objects")
    dated = {
        int(str(v["version"])[1:]): _created_at(v.get("created"))
        for v in versions
        if str(v.get("version", "")).startswith("v") and str(v["version"])[1:].isdigit()
    }
    latest = max(dated) if dated else None
    title = obj.get("title")
    title = " ".join(title.split()) if isinstance(title, str) else None
    authors = obj.get("authors")
    return CatalogRecord(
        arxiv_id=parsed.number,
        title=title,
        authors=" ".join(authors.split()) if isinstance(authors, str) else None,
        doi=normalize_doi(obj["doi"]) if isinstance(obj.get("doi"), str) and obj["doi"] else None,
        journal_ref=_text(obj.get("journal-ref")),
        categories=_text(obj.get("categories")),
        latest_version=latest,
        year=_year_of(parsed.number, obj),
        update_date=_text(obj.get("update_date")),
        submitted_at=dated.get(min(dated)) if dated else None,
        last_updated=dated.get(latest) if latest is not None else None,
    )


def _created_at(value: object) -> str | None:
    """A snapshot version's `created` ("Mon, 2 Apr 2007 19:18:42 GMT") as ISO 8601 UTC; None if unreadable."""
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass
class CatalogReading:
    """What reading a snapshot file found: records, skipped lines and where the first ones were."""

    lines: int = 0
    records: int = 0
    skipped: int = 0
    first_skipped: list[str] = field(default_factory=list)  # "line 7: 'title' is a JSON object, not text"

    def skip(self, number: int, why: str) -> None:
        """Count a bad line; the first few are kept with their line number for the message."""
        self.skipped += 1
        if len(self.first_skipped) < 5:
            self.first_skipped.append(f"line {number}: {why}")


def read_catalog_file(path: Path, reading: CatalogReading | None = None) -> Iterator[CatalogRecord]:
    """Records of a JSON-lines snapshot file, plain or gzip'd; bad lines are skipped and counted.

    Each line is decoded on its own, so a stray non-UTF-8 byte costs that line only. Pass a
    `CatalogReading` to learn how many lines were skipped and why.
    """
    reading = reading if reading is not None else CatalogReading()
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    with gzip.open(path, "rb") if gzipped else path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            reading.lines = number
            raw = raw.strip()
            if not raw:
                continue
            try:
                record = record_from_json(json.loads(raw.decode("utf-8")))
            except UnicodeDecodeError:
                reading.skip(number, "not UTF-8 text")
                continue
            except json.JSONDecodeError:
                reading.skip(number, "not JSON")
                continue
            except BadCatalogLine as exc:
                reading.skip(number, str(exc))
                continue
            if record is not None:
                reading.records += 1
                yield record


class MemoryCatalog:
    """A catalog held in dictionaries, for runs without a database."""

    def __init__(self, records: Iterable[CatalogRecord]) -> None:
        self._by_id: dict[str, CatalogRecord] = {}
        self._by_title: dict[str, list[CatalogRecord]] = {}
        self._by_doi: dict[str, list[CatalogRecord]] = {}
        self._titles: dict[str, str] = {}
        self._by_first_author: dict[str, list[CatalogRecord]] = {}
        self._by_opening: dict[str, set[str]] = {}
        for record in records:
            self._by_id[record.arxiv_id] = record
            if record.doi:
                self._by_doi.setdefault(record.doi, []).append(record)
        # Built after reading, so that an id listed twice is indexed once, by its last line. Postings
        # hold each record's place in id order: ranking ints is cheaper than ranking id strings.
        for record in self._by_id.values():
            title_norm = normalize_title(record.title)
            if title_norm:
                self._titles[record.arxiv_id] = title_norm
                self._by_title.setdefault(title_norm, []).append(record)
                if opening := opening_of(title_norm):
                    self._by_opening.setdefault(opening, set()).add(title_norm)
        self._in_id_order = [self._by_id[aid] for aid in sorted(self._by_id)]
        for record in self._in_id_order:
            surname = first_author_surname(record.authors)
            if surname:
                self._by_first_author.setdefault(surname, []).append(record)
        self._postings: dict[str, list[int]] = {}
        for rank, record in enumerate(self._in_id_order):
            for word in set(self._titles.get(record.arxiv_id, "").split()):
                self._postings.setdefault(word, []).append(rank)

    def __len__(self) -> int:
        return len(self._by_id)

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return self._by_id.get(arxiv_id)

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        return list(self._by_title.get(title_norm, ()))

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        return list(self._by_doi.get(doi.lower(), ()))

    def by_first_author(self, surname: str, years: tuple[int, int]) -> list[CatalogRecord]:
        first, last = years
        records = self._by_first_author.get(surname, ())
        found = [r for r in records if r.year is not None and first <= r.year <= last]
        return found if len(found) <= AUTHOR_LIMIT else []

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        return [
            sorted(t for t in self._by_opening.get(opening_of(text), ()) if opens(text, t))
            for text in texts_norm
        ]

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        terms = pick_terms({t: len(self._postings.get(t, ())) for t in search_terms(text_norm)})
        hits: Counter[int] = Counter()
        for term in terms:
            hits.update(self._postings[term])
        # `top_hits` order (most hits, then id) as one int per record: id rank less hits times a
        # number above every rank.
        above = len(self._in_id_order)
        keys = [rank - n * above for rank, n in hits.items()]
        keys.sort()
        return [self._in_id_order[key % above] for key in keys[:limit]]


def _year_of(number: str, obj: dict) -> int | None:
    """Year of first submission, from the id itself (YYMM) where possible."""
    digits = number.split("/")[-1]
    if len(digits) >= 4 and digits[:2].isdigit():
        yy = int(digits[:2])
        return 1900 + yy if yy >= 91 else 2000 + yy
    date = obj.get("update_date")
    return int(date[:4]) if isinstance(date, str) and date[:4].isdigit() else None

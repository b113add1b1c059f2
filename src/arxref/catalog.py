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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from arxref.ids import normalize_doi, parse_arxiv_id

_NON_ALNUM = re.compile(r"[^0-9a-z]+")
# TeX that survives in arXiv titles: $...$ delimiters, \command names, braces.
_TEX_COMMAND = re.compile(r"\\[a-zA-Z]+\*?|[{}$]")


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


class CatalogLookup(Protocol):
    """What resolution needs from a catalog, in memory or in SQL."""

    def by_id(self, arxiv_id: str) -> CatalogRecord | None: ...

    def by_title(self, title_norm: str) -> list[CatalogRecord]: ...

    def by_doi(self, doi: str) -> list[CatalogRecord]: ...


def normalize_title(title: str | None) -> str:
    """Accents, case, TeX and punctuation folded away: the key for exact title lookup."""
    if not title:
        return ""
    text = _TEX_COMMAND.sub(" ", title)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _NON_ALNUM.sub(" ", text.lower()).strip()


def first_author_surname(authors: str | None) -> str:
    """The normalized surname of the first author of an arXiv `authors` string."""
    if not authors:
        return ""
    first = re.split(r",| and ", authors, maxsplit=1)[0].strip()
    words = normalize_title(first).split()
    return words[-1] if words else ""


def record_from_json(obj: dict) -> CatalogRecord | None:
    """One snapshot line to a record; None when it has no usable arXiv id."""
    parsed = parse_arxiv_id(str(obj.get("id") or ""))
    if parsed is None:
        return None
    versions = obj.get("versions") or []
    latest = None
    if versions:
        numbers = [
            int(v["version"].lstrip("v")) for v in versions if str(v.get("version", "")).startswith("v")
        ]
        latest = max(numbers) if numbers else None
    title = obj.get("title")
    title = " ".join(title.split()) if isinstance(title, str) else None
    return CatalogRecord(
        arxiv_id=parsed.number,
        title=title,
        authors=" ".join(obj["authors"].split()) if isinstance(obj.get("authors"), str) else None,
        doi=normalize_doi(obj["doi"]) if obj.get("doi") else None,
        journal_ref=obj.get("journal-ref"),
        categories=obj.get("categories"),
        latest_version=latest,
        year=_year_of(parsed.number, obj),
        update_date=obj.get("update_date"),
    )


def read_catalog_file(path: Path) -> Iterator[CatalogRecord]:
    """Records of a JSON-lines snapshot file, plain or gzip'd; bad lines are skipped."""
    opener = gzip.open if path.read_bytes()[:2] == b"\x1f\x8b" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            try:
                record = record_from_json(json.loads(line))
            except (json.JSONDecodeError, AttributeError, TypeError, ValueError):
                continue
            if record is not None:
                yield record


class MemoryCatalog:
    """A catalog held in dictionaries, for runs without a database."""

    def __init__(self, records: Iterable[CatalogRecord]) -> None:
        self._by_id: dict[str, CatalogRecord] = {}
        self._by_title: dict[str, list[CatalogRecord]] = {}
        self._by_doi: dict[str, list[CatalogRecord]] = {}
        for record in records:
            self._by_id[record.arxiv_id] = record
            self._by_title.setdefault(normalize_title(record.title), []).append(record)
            if record.doi:
                self._by_doi.setdefault(record.doi, []).append(record)
        self._by_title.pop("", None)

    def __len__(self) -> int:
        return len(self._by_id)

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return self._by_id.get(arxiv_id)

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        return list(self._by_title.get(title_norm, ()))

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        return list(self._by_doi.get(doi.lower(), ()))


def _year_of(number: str, obj: dict) -> int | None:
    """Year of first submission, from the id itself (YYMM) where possible."""
    digits = number.split("/")[-1]
    if len(digits) >= 4 and digits[:2].isdigit():
        yy = int(digits[:2])
        return 1900 + yy if yy >= 91 else 2000 + yy
    date = obj.get("update_date")
    return int(date[:4]) if isinstance(date, str) and date[:4].isdigit() else None

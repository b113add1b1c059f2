"""Leave-one-out calibration of metadata matching over a catalog: where the thresholds come from.

The corpus gold has about a hundred resolvable entries: too few to set a threshold
that must keep precision at 0.99. The catalog itself has thousands of titles, many
near-identical. For a sample of its records, an entry is written from the record
(first author, title, year), clean and with the damage citations really carry
(a word broken at a hyphen, a word shortened), and matched twice:

- against the whole catalog: finding the record is a true match (recall);
- against the catalog with that record hidden: anything found is a false match,
  the case of a cited work that is not in the catalog while its look-alikes are.

For each rule (title, raw text) the best score a rule-abiding candidate reaches is
kept, so that precision and recall can be read off for any threshold.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from arxref.catalog.records import CatalogLookup, CatalogRecord, normalize_title
from arxref.domain import ParsedReference
from arxref.resolve.evidence import Evidence, entry_text
from arxref.resolve.resolver import raw_evidence, title_evidence

THRESHOLDS = (85.0, 88.0, 90.0, 92.0, 95.0, 97.0, 99.0, 100.0)


class HiddenRecordCatalog:
    """A catalog view with one record removed from every answer."""

    def __init__(self, catalog: CatalogLookup, hidden: str) -> None:
        self._catalog = catalog
        self._hidden = hidden

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return None if arxiv_id == self._hidden else self._catalog.by_id(arxiv_id)

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        return [r for r in self._catalog.by_title(title_norm) if r.arxiv_id != self._hidden]

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        return [r for r in self._catalog.by_doi(doi) if r.arxiv_id != self._hidden]

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        return [r for r in self._catalog.search(text_norm, limit + 1) if r.arxiv_id != self._hidden][:limit]

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        # A title held by the hidden record only finds nothing: `by_title` leaves it out.
        return self._catalog.titles_opening(texts_norm)


@dataclass(frozen=True)
class Trial:
    """Best rule-abiding scores for one record: found with it present (its own), and with it hidden."""

    rule: str
    damage: str
    own: float | None
    impostor: float | None


def damaged_titles(title: str) -> Iterator[tuple[str, str]]:
    """The title as cited: clean, and with a long word hyphen-broken and another shortened by a letter."""
    yield "clean", title
    words = title.split()
    long_words = sorted(range(len(words)), key=lambda i: -len(words[i]))
    if len(words) >= 3 and len(words[long_words[0]]) >= 6:
        first, second = long_words[0], long_words[1]
        w = words[first]
        words[first] = f"{w[: len(w) // 2]}- {w[len(w) // 2 :]}"
        if len(words[second]) >= 5:
            words[second] = words[second][:-1]
        yield "damaged", " ".join(words)


def _entry(record: CatalogRecord, title: str) -> tuple[ParsedReference, str]:
    first = (record.authors or "").split(",")[0].split(" and ")[0].strip()
    parsed = ParsedReference(authors=(first,) if first else (), title=title, year=record.year, confidence=1.0)
    return parsed, f"{first} et al. {title}. {record.year}."


def _passes(e: Evidence, rule: str) -> bool:
    """The resolver's conditions other than the threshold: author and year agreement."""
    if e.year is False:
        return False
    if rule == "title" and e.title >= 100.0:
        return e.author is not False
    if rule == "unsigned":
        return e.author is None and e.numbers and len(normalize_title(e.record.title).split()) >= 10
    return e.author is True and e.numbers


def run_trials(catalog: CatalogLookup, records: Sequence[CatalogRecord]) -> list[Trial]:
    """Own and impostor scores for every sampled record, title rule and raw-text rule, both damages."""
    trials = []
    for record in records:
        if len(normalize_title(record.title).split()) < 3 or not record.authors:
            continue
        hidden = HiddenRecordCatalog(catalog, record.arxiv_id)
        for damage, title in damaged_titles(record.title or ""):
            parsed, raw = _entry(record, title)
            variants = entry_text(raw)
            for rule, find in (("title", title_evidence), ("raw", raw_evidence), ("unsigned", raw_evidence)):
                query = ParsedReference(authors=parsed.authors, year=parsed.year)
                if rule == "title":
                    query = parsed
                elif rule == "unsigned":
                    # An entry whose authors tell nothing: only the title's length vouches for a match.
                    query = ParsedReference(year=parsed.year)
                    variants = entry_text(f"{title}. {record.year}.")
                own = [e for e in find(query, variants, catalog) if e.record.arxiv_id == record.arxiv_id]
                impostors = [e.title for e in find(query, variants, hidden) if _passes(e, rule)]
                own_score = own[0].title if own and _passes(own[0], rule) else None
                trials.append(Trial(rule, damage, own_score, max(impostors, default=None)))
    return trials


def format_trials(trials: list[Trial]) -> str:
    """Recall and false matches per rule, damage and threshold."""
    lines = [f"{'rule':<6} {'damage':<8} {'n':>6} " + " ".join(f"{t:>12.0f}" for t in THRESHOLDS)]
    groups = sorted({(t.rule, t.damage) for t in trials})
    for rule, damage in groups:
        group = [t for t in trials if t.rule == rule and t.damage == damage]
        cells = []
        for threshold in THRESHOLDS:
            found = sum(1 for t in group if t.own is not None and t.own >= threshold)
            false = sum(1 for t in group if t.impostor is not None and t.impostor >= threshold)
            cells.append(f"{found / len(group):.3f}/{false:>4d}")
        lines.append(f"{rule:<6} {damage:<8} {len(group):>6} " + " ".join(f"{c:>12}" for c in cells))
    lines.append(
        "cells: recall with the record present / false matches with it hidden, at title score >= column"
    )
    return "\n".join(lines)

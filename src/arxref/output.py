"""The JSON shape of extracted references (`arxref extract --json`), as score.py reads it."""

from __future__ import annotations

from dataclasses import asdict

from arxref.domain import (
    Extraction,
    ParsedReference,
    RawReference,
    Resolution,
    ResolutionStatus,
    TitleSource,
)

# Only a verified match may lend its title: a mismatch or a guess would put words in the entry's mouth.
_LENDS_TITLE = frozenset({ResolutionStatus.VERIFIED_EXACT, ResolutionStatus.VERIFIED_FUZZY})


def reference_to_json(raw: RawReference, parsed: ParsedReference, resolution: Resolution | None) -> dict:
    """One entry: score.py's keys (index, raw, title, arxiv_id, doi, resolution) and the rest.

    `title` is the best-known title of the cited work, `title_source` says whence: the
    parsed title when there is one ("printed", never overwritten), else the catalog
    record's title when the resolution is verified ("catalog"), else None. Many physics
    and astronomy styles print no title at all ("Author et al. 2012, ApJ 700, 1"), yet
    the work is known once its arXiv id is verified.
    """
    entry = {
        "index": raw.index,
        "bibliography": raw.bibliography,
        "label": raw.label,
        "key": raw.key,
        "raw": raw.raw,
        "source": raw.source.value,
        **asdict(parsed),
        "authors": list(parsed.authors),
        "flags": list(raw.flags),
        "provenance": asdict(raw.provenance),
    }
    title, title_source = _best_title(parsed, resolution)
    entry["title"] = title
    entry["title_source"] = title_source.value if title_source else None
    if resolution is not None:
        entry["resolution"] = {
            "status": resolution.status.value,
            "resolver_source": resolution.resolver_source.value if resolution.resolver_source else None,
            "cited_arxiv_id": resolution.cited_arxiv_id,
            "cited_title": resolution.cited_title,
            "score": resolution.score,
        }
    return entry


def _best_title(
    parsed: ParsedReference, resolution: Resolution | None
) -> tuple[str | None, TitleSource | None]:
    """(title, title_source): the parsed title, else a verified match's catalog title, else nothing."""
    if parsed.title:
        return parsed.title, TitleSource.PRINTED
    if resolution is not None and resolution.status in _LENDS_TITLE and resolution.cited_title:
        return resolution.cited_title, TitleSource.CATALOG
    return None, None


def extraction_to_json(
    name: str,
    extraction: Extraction,
    parsed: list[ParsedReference],
    resolutions: list[Resolution] | None,
) -> dict:
    """A whole extraction, shaped as score.py's prediction files."""
    return {
        "paper": name,
        "source": extraction.source.value,
        "notes": list(extraction.notes),
        "bibliographies": len({r.bibliography for r in extraction.references}),
        "references": [
            reference_to_json(raw, p, resolutions[i] if resolutions is not None else None)
            for i, (raw, p) in enumerate(zip(extraction.references, parsed, strict=True))
        ],
    }

"""The JSON shape of extracted references (`arxref extract --json`), as score.py reads it."""

from __future__ import annotations

from dataclasses import asdict

from arxref.domain import Extraction, ParsedReference, RawReference, Resolution


def reference_to_json(raw: RawReference, parsed: ParsedReference, resolution: Resolution | None) -> dict:
    """One entry: score.py's keys (index, raw, title, arxiv_id, doi, resolution) and the rest."""
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
    if resolution is not None:
        entry["resolution"] = {
            "status": resolution.status.value,
            "resolver_source": resolution.resolver_source.value if resolution.resolver_source else None,
            "cited_arxiv_id": resolution.cited_arxiv_id,
            "score": resolution.score,
        }
    return entry


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

"""The outbound part of a paper's citation record, shaped like shared/records' JSON."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from arxref.catalog import CatalogRecord
from arxref.domain import PaperVersion, ResolutionStatus
from arxref.store.references import StoredReference

SCHEMA = "arxref.paper-citation-record.v1"


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat().replace("+00:00", "Z")


def build_record(
    paper: PaperVersion,
    references: list[StoredReference],
    cited: dict[str, CatalogRecord],
    about: CatalogRecord | None,
    as_of: datetime,
) -> dict:
    """Observations (reference_index, source, resolution) and the state counts for one version."""
    counts = Counter(r.reference.resolution.status.value for r in references)
    outbound = []
    for stored in references:
        raw, parsed, res = stored.reference.raw, stored.reference.parsed, stored.reference.resolution
        work = cited.get(res.cited_arxiv_id or "")
        outbound.append(
            {
                "citation": {
                    "citing_paper": {"arxiv_id": paper.arxiv_id, "version": paper.version},
                    "cited_work": {
                        "arxiv_id": res.cited_arxiv_id,
                        "doi": res.cited_doi,
                        "title": work.title if work else parsed.title,
                        "year": work.year if work else parsed.year,
                    },
                    "reference_index": raw.index,
                    "bibliography": raw.bibliography,
                    "label": raw.label,
                    "raw_text": raw.raw,
                    "source": raw.source.value,
                    "source_observed_at": _iso(stored.source_observed_at),
                },
                "resolution": {
                    "observed_at": _iso(stored.link_observed_at),
                    "resolver_source": res.resolver_source.value if res.resolver_source else None,
                    "status": res.status.value,
                    "score": res.score,
                },
            }
        )
    total = len(references)
    return {
        "schema": SCHEMA,
        "as_of": _iso(as_of),
        "paper": {
            "arxiv_id": paper.arxiv_id,
            "version": paper.version,
            "title": about.title if about else None,
            "latest_version": about.latest_version if about else None,
        },
        "outbound": outbound,
        "reference_resolution": {
            "displayed": total,
            "total_outbound_references": total,
            "state_counts": {status.value: counts.get(status.value, 0) for status in ResolutionStatus},
        },
        "thesis": f"This record lists {total} of {total} outbound references for arXiv:{paper.key}.",
    }

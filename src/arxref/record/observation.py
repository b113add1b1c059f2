"""One stored reference as an observation of a citation record, with its derived id and digest.

- `observation_id`: UUIDv5 of (citing version, bibliography, reference index, extractor version),
  so a re-run of the same extractor gives the same id (DESIGN.md: the index is unique in its list);
- `observation_digest`: sha256 of the observation's canonical JSON (sorted keys, no spaces, UTF-8),
  the digest field left out.
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime
from functools import lru_cache
from urllib.parse import quote, urlencode

import orjson

from arxref.catalog.records import CatalogRecord
from arxref.domain import COMPOSED, PRINTED_FROM_PDF, PaperVersion, ResolutionStatus
from arxref.store.citations import RESOLVED, CitationRow

OBSERVATION_NAMESPACE = uuid.UUID("5f0c3a52-6d1e-5b7a-9a43-61727872ef01")
"""The UUIDv5 namespace of observation ids: fixed forever, or every id changes."""
_NAMESPACE_BYTES = OBSERVATION_NAMESPACE.bytes


@lru_cache(maxsize=1 << 14)
def record_path(arxiv_id: str, json_twin: bool = False, outbound_page: int = 1, inbound_page: int = 1) -> str:
    """The address of a paper's record (HTML, or its `.json` twin), with its page numbers if not 1."""
    path = f"/paper/{quote(arxiv_id, safe='/')}/citation-record" + (".json" if json_twin else "")
    query = {}
    if outbound_page != 1:
        query["outbound_page"] = outbound_page
    if inbound_page != 1:
        query["inbound_page"] = inbound_page
    return path + (f"?{urlencode(query)}" if query else "")


def catalog_title(record: CatalogRecord | None) -> str | None:
    return " ".join(record.title.split()) if record is not None and record.title else None


def resolved(row: CitationRow) -> bool:
    return row.status in RESOLVED


def observation(
    row: CitationRow, citing_title: str | None, catalog: dict[str, CatalogRecord], found_by: str | None = None
) -> dict:
    """One reference as an observation: the citation, its resolution and links to both papers' records.

    `found_by`: for a cross-checked version, whether the PDF printed it too (`both`) or only the
    e-print gives it (`eprint_only`); left out otherwise.
    """
    linked = resolved(row)
    work = catalog.get(row.cited_arxiv_id or "") if linked else None
    cited_work = {
        "arxiv_id": row.cited_arxiv_id,
        "doi": row.cited_doi or row.doi,
        "title": catalog_title(work) or row.title,
        "year": (work.year if work else None) or row.year,
        "venue": row.venue or (work.journal_ref if work else None),
        "metadata_source": "arxiv_catalog" if work else "printed",
    }
    observation = {
        "observation_id": observation_id(
            row.paper, row.bibliography, row.reference_index, row.extractor_version
        ),
        "citation": {
            "citing_paper": {
                "arxiv_id": row.citing_arxiv_id,
                "version": row.citing_version,
                "title": citing_title,
            },
            "cited_work": cited_work,
            "reference_index": row.reference_index,
            "bibliography": row.bibliography,
            "label": row.label,
            "raw_text": row.raw_text,
            "raw_text_source": raw_text_source(row.flags),
            "source": row.source,
            "source_observed_at": iso(row.source_observed_at),
            "extractor_version": row.extractor_version,
        },
        "resolution": {
            # A reference stored without a link row is unresolved (as `load_references` reads it).
            "status": row.status or ResolutionStatus.UNRESOLVED.value,
            "resolver_source": row.resolver_source,
            "observed_at": iso(row.observed_at),
            "score": shown_score(row.score) if linked else None,
        },
        "links": {
            "citing_paper": record_path(row.citing_arxiv_id),
            "cited_paper": record_path(row.cited_arxiv_id) if row.cited_arxiv_id and linked else None,
        },
    }
    if found_by is not None:
        observation["citation"]["found_by"] = found_by
    observation["observation_digest"] = digest(observation)
    return observation


def raw_text_source(flags: list[str] | None) -> str:
    """Where an entry's text comes from: `printed` (as the paper prints it: the PDF's text, or the
    text bibtex typeset into the .bbl), `composed` (made from biblatex fields, which is all such a
    .bbl holds: the fields' order, not the style's), `printed_from_pdf` (an entry the e-print could
    only compose, given the text its PDF prints under the same number)."""
    flags = flags or []
    if PRINTED_FROM_PDF in flags:
        return PRINTED_FROM_PDF
    return COMPOSED if COMPOSED in flags else "printed"


def shown_score(score: float | None) -> float | None:
    """How alike the entry and the cited work's record are, from 0 to 1 in two decimals, for a reader.

    Only a linked entry shows it: an unresolved entry's best score is that of a work it does not
    cite, which tells a reader nothing. The stored score (0-100, full precision) is unchanged.
    """
    return None if score is None else round(score / 100, 2)


def observation_id(paper: PaperVersion, bibliography: int, index: int, extractor_version: str) -> str:
    """The same id for the same entry read by the same extractor, however often it is re-run."""
    return uuid5_text(f"{paper.key}/{bibliography}/{index}/{extractor_version}")


def uuid5_text(name: str) -> str:
    """`str(uuid.uuid5(OBSERVATION_NAMESPACE, name))`, written out (RFC 4122: SHA-1 of namespace and
    name, version and variant bits set): `uuid.UUID` objects cost a record page of 200 ids 1 ms."""
    raw = bytearray(hashlib.sha1(_NAMESPACE_BYTES + name.encode("utf-8")).digest()[:16])
    raw[6] = (raw[6] & 0x0F) | 0x50  # version 5
    raw[8] = (raw[8] & 0x3F) | 0x80  # the RFC 4122 variant
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def canonical_json(value: object) -> bytes:
    """Sorted keys, no spaces, UTF-8: the bytes `json.dumps(value, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)` encodes for the strings, whole numbers and two-decimal scores a record holds.

    orjson writes them ten times faster than json's encoder, which took 5 ms of a record page's
    201 digests.
    """
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def digest(value: object) -> str:
    """`sha256:` and the hex digest of a value's canonical JSON."""
    return "sha256:" + hashlib.sha256(canonical_json(value)).hexdigest()


@lru_cache(maxsize=1 << 14)  # a paper's references share their observed_at: one formatting each
def iso(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a Z, as the seeds write times."""
    if moment is None:
        return None
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")

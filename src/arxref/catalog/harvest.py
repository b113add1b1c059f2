"""OAI-PMH `ListRecords` pages in arXiv's own format (`metadataPrefix=arXiv`) read into catalog records.

Pure: bytes in, a `HarvestPage` out; `arxref.catalog.oai` does the HTTP. The
arXiv format gives id, created/updated dates, structured authors (keyname, forenames),
title, categories, journal-ref and DOI, but not the list of versions, so a harvested
record's `latest_version` is unknown (None) and the loader keeps the stored one.
A `noRecordsMatch` error is an empty result, not a failure: it is how OAI-PMH says
nothing changed in the window.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from arxref.catalog.records import CatalogRecord, record_from_json
from arxref.errors import UpstreamError

_NS = {"oai": "http://www.openarchives.org/OAI/2.0/", "arxiv": "http://arxiv.org/OAI/arXiv/"}
NO_RECORDS = "noRecordsMatch"


@dataclass(frozen=True)
class HarvestPage:
    """One page of a harvest: its records, deleted ids, the newest datestamp, and the next token."""

    records: tuple[CatalogRecord, ...]
    deleted: tuple[str, ...] = ()
    last_datestamp: str | None = None
    token: str | None = None
    complete_size: int | None = None


def parse_harvest_page(page: bytes) -> HarvestPage:
    """Records of one ListRecords page; UpstreamError for a page that is not OAI-PMH or reports an error."""
    try:
        root = ET.fromstring(page)
    except ET.ParseError as exc:
        raise UpstreamError(f"OAI-PMH page is not XML: {exc}") from exc
    error = root.find("oai:error", _NS)
    if error is not None:
        if error.get("code") == NO_RECORDS:
            return HarvestPage(records=())
        raise UpstreamError(f"OAI-PMH error {error.get('code')}: {(error.text or '').strip()}")
    listing = root.find("oai:ListRecords", _NS)
    if listing is None:
        raise UpstreamError("OAI-PMH page has neither ListRecords nor an error")
    records, deleted, stamps = [], [], []
    for element in listing.iterfind("oai:record", _NS):
        header = element.find("oai:header", _NS)
        stamp = header.findtext("oai:datestamp", default="", namespaces=_NS).strip() if header else ""
        if stamp:
            stamps.append(stamp)
        if header is not None and header.get("status") == "deleted":
            identifier = header.findtext("oai:identifier", default="", namespaces=_NS)
            deleted.append(identifier.strip().removeprefix("oai:arXiv.org:"))
            continue
        metadata = element.find("oai:metadata/arxiv:arXiv", _NS)
        record = record_from_arxiv_format(metadata, stamp) if metadata is not None else None
        if record is not None:
            records.append(record)
    token_element = listing.find("oai:resumptionToken", _NS)
    token = (token_element.text or "").strip() if token_element is not None else ""
    size = token_element.get("completeListSize") if token_element is not None else None
    return HarvestPage(
        records=tuple(records),
        deleted=tuple(deleted),
        last_datestamp=max(stamps, default=None),
        token=token or None,
        complete_size=int(size) if size and size.isdigit() else None,
    )


def record_from_arxiv_format(metadata: ET.Element, datestamp: str) -> CatalogRecord | None:
    """One `<arXiv>` metadata element as a catalog record, through the snapshot reader's rules."""

    def text(name: str) -> str | None:
        value = metadata.findtext(f"arxiv:{name}", default="", namespaces=_NS)
        value = " ".join(value.split())
        return value or None

    # "Forenames Keyname", as the snapshot writes names, so the surname comes last.
    names = []
    for author in metadata.iterfind("arxiv:authors/arxiv:author", _NS):
        parts = [author.findtext(f"arxiv:{n}", default="", namespaces=_NS) for n in ("forenames", "keyname")]
        name = " ".join(" ".join(parts).split())
        if name:
            names.append(name)
    snapshot_line = {
        "id": text("id"),
        "title": text("title"),
        "authors": ", ".join(names) or None,
        "doi": text("doi"),
        "journal-ref": text("journal-ref"),
        "categories": text("categories"),
        "update_date": datestamp or text("updated") or text("created"),
    }
    return record_from_json(snapshot_line)

"""New versions since a date, from arXiv's OAI-PMH feed (`ListRecords`, `metadataPrefix=arXivRaw`).

arXivRaw is the format that lists every version of a paper with its date
(`<version version="v2"><date>...`); the plain `arXiv` format only has created
and updated dates. A record's datestamp changes whenever its metadata does, so
versions are filtered by their own dates. Pages follow resumption tokens; the
client's retries handle the 503 + Retry-After that OAI-PMH uses for flow control.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from email.utils import parsedate_to_datetime

from arxref.domain import PaperVersion
from arxref.errors import UpstreamError
from arxref.fetch.arxiv_http import ArxivClient

OAI_PATH = "/oai2"
_NS = {"oai": "http://www.openarchives.org/OAI/2.0/", "raw": "http://arxiv.org/OAI/arXivRaw/"}


def list_new_versions(client: ArxivClient, since: date, until: date | None = None) -> Iterator[PaperVersion]:
    """Every version submitted on or after `since` (and on or before `until`), page by page."""
    params = {"verb": "ListRecords", "metadataPrefix": "arXivRaw", "from": since.isoformat()}
    if until is not None:
        params["until"] = until.isoformat()
    while True:
        root = _parse(client.get(OAI_PATH, params))
        error = root.find("oai:error", _NS)
        if error is not None:
            if error.get("code") == "noRecordsMatch":
                return
            raise UpstreamError(f"OAI-PMH error {error.get('code')}: {(error.text or '').strip()}")
        for record in root.iterfind("oai:ListRecords/oai:record", _NS):
            yield from _versions_of(record, since, until)
        token = root.findtext("oai:ListRecords/oai:resumptionToken", default="", namespaces=_NS).strip()
        if not token:
            return
        params = {"verb": "ListRecords", "resumptionToken": token}


def _parse(page: bytes) -> ET.Element:
    try:
        return ET.fromstring(page)
    except ET.ParseError as exc:
        raise UpstreamError(f"OAI-PMH page is not XML: {exc}") from exc


def _versions_of(record: ET.Element, since: date, until: date | None) -> Iterator[PaperVersion]:
    header = record.find("oai:header", _NS)
    if header is not None and header.get("status") == "deleted":
        return
    raw = record.find("oai:metadata/raw:arXivRaw", _NS)
    arxiv_id = raw.findtext("raw:id", default="", namespaces=_NS).strip() if raw is not None else ""
    if not arxiv_id:
        return
    for version in raw.iterfind("raw:version", _NS):
        label = (version.get("version") or "").lstrip("v")
        stamp = version.findtext("raw:date", default="", namespaces=_NS)
        try:
            day = parsedate_to_datetime(stamp).date()
        except (TypeError, ValueError):
            continue
        if label.isdigit() and day >= since and (until is None or day <= until):
            yield PaperVersion(arxiv_id, int(label))

"""Catalog harvesting from arXiv's OAI-PMH feed (`ListRecords`, `metadataPrefix=arXiv`): the HTTP side.

Pages come through `ArxivClient.get`, so the User-Agent, the shared rate limit and the
retries (503 with Retry-After, OAI-PMH's flow control) are those of every other arXiv
request; `arxref.catalog.harvest` reads the pages. Following resumption tokens is all
that is left here.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from arxref.catalog.harvest import HarvestPage, parse_harvest_page
from arxref.fetch.arxiv_http import ArxivClient
from arxref.fetch.listing import OAI_PATH

METADATA_PREFIX = "arXiv"


def harvest_pages(
    client: ArxivClient, since: date, until: date | None = None, url: str = OAI_PATH
) -> Iterator[HarvestPage]:
    """Every ListRecords page of records whose datestamp is in [since, until], following tokens.

    `url` is the OAI-PMH endpoint: a path on the client's arXiv base, or an absolute URL.
    """
    params = {"verb": "ListRecords", "metadataPrefix": METADATA_PREFIX, "from": since.isoformat()}
    if until is not None:
        params["until"] = until.isoformat()
    while True:
        page = parse_harvest_page(client.get(url, params))
        yield page
        if not page.token:
            return
        params = {"verb": "ListRecords", "resumptionToken": page.token}

"""Sub-commands over the local arXiv catalog: load a snapshot file, harvest arXiv's OAI-PMH feed."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date

from arxref.catalog.oai import harvest_pages
from arxref.cli._common import load_catalog_file, open_database
from arxref.cli._progress import Progress
from arxref.fetch.arxiv_http import ArxivClient
from arxref.fetch.listing import OAI_PATH
from arxref.settings import Settings
from arxref.store.catalog import count_catalog, load_catalog, read_state, write_state

# catalog_state key: the newest OAI-PMH datestamp harvested (a day), where the next harvest starts.
HARVESTED_UNTIL = "oai_harvest_datestamp"
# The arXiv format carries no version list: a harvested row keeps the version (and its dates) a snapshot
# gave it.
NOT_IN_ARXIV_FORMAT = frozenset({"latest_version", "submitted_at", "last_updated"})


def cmd_catalog_load(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings, create=True)
    load_catalog_file(engine, args.file)
    return 0


def cmd_catalog_harvest(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings, create=True)
    try:
        with engine.connect() as conn:
            stored = read_state(conn, HARVESTED_UNTIL)
        since = args.since or (date.fromisoformat(stored) if stored else None)
        if since is None:
            print("catalog harvest: no earlier harvest is recorded; give --from YYYY-MM-DD", file=sys.stderr)
            return 2
        url = args.url or OAI_PATH  # an absolute URL overrides the client's arXiv base
        summary = {"from": since.isoformat(), "until": args.until.isoformat() if args.until else None}
        pages = records = deleted = 0
        newest = stored
        progress = Progress("catalog harvest")
        with ArxivClient.from_settings(settings) as client:
            for page in harvest_pages(client, since, args.until, url):
                pages += 1
                records += load_catalog(engine, page.records, unknown=NOT_IN_ARXIV_FORMAT)
                deleted += len(page.deleted)
                if page.last_datestamp and (newest is None or page.last_datestamp > newest):
                    newest = page.last_datestamp
                progress.step(len(page.records))
        progress.close()
        with engine.begin() as conn:
            if newest:
                write_state(conn, HARVESTED_UNTIL, newest[:10])
            size = count_catalog(conn)
    finally:
        engine.dispose()
    summary.update(pages=pages, records=records, deleted=deleted, last_datestamp=newest, catalog_size=size)
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"catalog harvest: {records} records from {pages} pages since {since}; {size} in the catalog; "
            f"the next harvest starts at {newest}",
            file=sys.stderr,
        )
    return 0

"""Sub-commands of the worker pool: enqueue versions, run a worker.

Both need ARXREF_BROKER_URL (Redis). `enqueue` writes the jobs to
`paper_versions` first (the truth; a version already there is a duplicate and
is not sent again, a newer version of a paper is a new job), then sends one
fetch message per new version. `worker --beat` also runs Celery beat, which
sends the sweep (re-send what Redis lost) every ARXREF_SWEEP_EVERY seconds:
one such worker per deployment, or every sweep is sent once per beat.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import sqlalchemy as sa

from arxref.cli._common import database
from arxref.cli._progress import Progress
from arxref.domain import PaperVersion
from arxref.errors import InvalidIdentifier
from arxref.fetch.arxiv_http import ArxivClient
from arxref.fetch.listing import list_new_versions
from arxref.ids import parse_arxiv_id
from arxref.pool import QUEUES, SWEEP_QUEUE
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.catalog import SqlCatalog

BATCH = 500


def add_commands(sub: argparse._SubParsersAction) -> None:
    """enqueue, worker."""
    p = sub.add_parser("enqueue", help="queue paper versions for the worker pool")
    p.add_argument("ids", nargs="*", metavar="ID[vN]", help="arXiv ids; no vN: the catalog's latest, else v1")
    p.add_argument("--file", type=Path, help="a file of ids, one per line ('-' for stdin; '#' comments)")
    p.add_argument("--new-since", type=date.fromisoformat, metavar="DATE", help="new versions from OAI-PMH")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run=cmd_enqueue)

    p = sub.add_parser("worker", help="run a Celery worker of the pool")
    queues = ",".join(QUEUES.values())
    p.add_argument("--queues", default=queues, help="comma-separated: fetch, extract, sweep")
    p.add_argument(
        "--beat",
        action="store_true",
        help="also run beat, which sends the sweep every ARXREF_SWEEP_EVERY s, and take the sweep queue;"
        " exactly one worker of a deployment may have it",
    )
    p.add_argument("--concurrency", type=int, default=1, help="processes (default 1: one per core is plenty)")
    p.add_argument("--loglevel", default="info")
    p.add_argument("--hostname", help="worker name (default: celery's <queues>@<host>)")
    p.set_defaults(run=cmd_worker)


def cmd_enqueue(args: argparse.Namespace, settings: Settings) -> int:
    if not (args.ids or args.file or args.new_since):
        raise InvalidIdentifier("nothing to enqueue: give ids, --file or --new-since")
    from arxref.tasks import make_celery, send_fetch  # Celery loads only for the commands that use it

    app = make_celery(settings)

    def send(paper: PaperVersion) -> None:
        send_fetch(app, paper)

    with database(settings) as engine:
        progress = Progress("enqueue")
        new, seen = [], 0
        batch: list[PaperVersion] = []
        for paper in _targets(args, settings, engine):
            batch.append(paper)
            if len(batch) >= BATCH:
                new += _enqueue(engine, send, batch)
                seen, batch = seen + len(batch), []
                progress.step(BATCH)
        new += _enqueue(engine, send, batch)
        seen += len(batch)
        progress.close()
        if args.json:
            print(json.dumps({"queued": [p.key for p in new], "duplicates": seen - len(new)}, indent=1))
        else:
            print(f"{len(new)} versions queued, {seen - len(new)} already known")
        return 0


def cmd_worker(args: argparse.Namespace, settings: Settings) -> int:
    queues = [q.strip() for q in args.queues.split(",") if q.strip()]
    unknown = set(queues) - {*QUEUES.values(), SWEEP_QUEUE}
    if unknown:
        raise InvalidIdentifier(f"unknown queue(s) {', '.join(sorted(unknown))}: use fetch, extract, sweep")
    if args.beat and SWEEP_QUEUE not in queues:
        queues.append(SWEEP_QUEUE)  # beat's sweeps are taken here, not behind a backlog elsewhere
    argv = ["worker", "-Q", ",".join(queues), "-c", str(args.concurrency), "-l", args.loglevel]
    if args.beat:
        argv.append("--beat")
    argv += ["-n", args.hostname or f"{'-'.join(queues)}@%h"]
    from arxref.tasks import make_celery

    make_celery(settings).worker_main(argv)
    return 0


def _enqueue(
    engine: sa.Engine, send: Callable[[PaperVersion], None], papers: list[PaperVersion]
) -> list[PaperVersion]:
    with engine.begin() as conn:
        new = versions.enqueue_versions(conn, papers)
    for paper in new:
        send(paper)
    return new


def _targets(args: argparse.Namespace, settings: Settings, engine: sa.Engine) -> Iterator[PaperVersion]:
    lines = list(args.ids)
    if args.file:
        text = sys.stdin.read() if str(args.file) == "-" else args.file.read_text()
        lines += [line.split("#", 1)[0].strip() for line in text.splitlines()]
    with engine.connect() as conn:
        catalog = SqlCatalog(conn)
        for line in filter(None, lines):
            parsed = parse_arxiv_id(line)
            if parsed is None:
                raise InvalidIdentifier(f"not an arXiv id: {line!r}")
            version = parsed.version
            if version is None:
                record = catalog.by_id(parsed.number)
                version = (record.latest_version if record else None) or 1
            yield PaperVersion(parsed.number, version)
    if args.new_since:
        with ArxivClient.from_settings(settings) as client:
            yield from list_new_versions(client, args.new_since)

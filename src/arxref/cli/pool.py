"""Sub-commands of the worker pool: enqueue versions, run a worker.

Both need ARXREF_BROKER_URL (Redis). `enqueue` checks the broker answers, writes
the jobs to `paper_versions` (the truth; a version already there is a duplicate
and is not sent again, a newer version of a paper is a new job), then sends one
fetch message per new version. A duplicate still queued whose message no longer
is in Redis (an earlier enqueue died as the broker went down) is sent again.
`worker --beat` also runs Celery beat, which sends the sweep (re-send what Redis
lost) every ARXREF_SWEEP_EVERY seconds: one such worker per deployment, or every
sweep is sent once per beat.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator

import sqlalchemy as sa

from arxref.cli._common import database
from arxref.cli._progress import Progress
from arxref.domain import PaperVersion, VersionState
from arxref.errors import BrokerUnavailable, InvalidIdentifier
from arxref.fetch.arxiv_http import ArxivClient
from arxref.fetch.listing import list_new_versions
from arxref.ids import parse_arxiv_id
from arxref.pool import QUEUES, SWEEP_QUEUE
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.catalog import SqlCatalog

BATCH = 500


def cmd_enqueue(args: argparse.Namespace, settings: Settings) -> int:
    if not (args.ids or args.file or args.new_since):
        raise InvalidIdentifier("nothing to enqueue: give ids, --file or --new-since")
    from arxref.tasks import check_broker, make_celery, messages_in_broker, send_fetch  # Celery loads here

    app = make_celery(settings)
    check_broker(app)  # before saving anything: nothing saved would be sent

    def send(paper: PaperVersion) -> None:
        try:
            send_fetch(app, paper)
        except Exception as exc:  # kombu's errors while Redis goes away: recoverable by running again
            raise BrokerUnavailable(
                f"the broker went away while sending ({type(exc).__name__}): run the same enqueue again"
                " when it is back; it sends what is saved and not yet sent"
            ) from exc

    with database(settings, create=True) as engine:
        progress = Progress("enqueue")
        new, seen, known_queued = [], 0, []
        batch: list[PaperVersion] = []
        for paper in _targets(args, settings, engine):
            batch.append(paper)
            if len(batch) >= BATCH:
                new += _enqueue(engine, send, batch, known_queued)
                seen, batch = seen + len(batch), []
                progress.step(BATCH)
        new += _enqueue(engine, send, batch, known_queued)
        seen += len(batch)
        progress.close()
        resent = []
        if known_queued:
            alive = messages_in_broker(app)
            resent = [paper for paper in known_queued if paper not in alive]
            for paper in resent:
                send(paper)
        if args.json:
            queued, again = [p.key for p in new], [p.key for p in resent]
            print(json.dumps({"queued": queued, "duplicates": seen - len(new), "resent": again}, indent=1))
        else:
            again = f"; {len(resent)} queued earlier but not in the broker, sent again" if resent else ""
            print(f"{len(new)} versions queued, {seen - len(new)} already known{again}")
        return 0


def cmd_worker(args: argparse.Namespace, settings: Settings) -> int:
    queues = [q.strip() for q in args.queues.split(",") if q.strip()]
    unknown = set(queues) - {*QUEUES.values(), SWEEP_QUEUE}
    if unknown:
        raise InvalidIdentifier(f"unknown queue(s) {', '.join(sorted(unknown))}: use fetch, extract, sweep")
    if args.beat and SWEEP_QUEUE not in queues:
        queues.append(SWEEP_QUEUE)  # beat's sweeps are taken here, not behind a backlog elsewhere
    argv = ["worker", "-Q", ",".join(queues), "-c", str(args.concurrency), "-l", args.loglevel]
    # No gossip or mingle: nothing here uses them, and after a Redis restart gossip fills the log
    # with "Error on restarting Gossip". Heartbeats stay: Flower shows workers by them.
    argv += ["--without-gossip", "--without-mingle"]
    if args.beat:
        argv.append("--beat")
    argv += ["-n", args.hostname or f"{'-'.join(queues)}@%h"]
    from arxref.tasks import make_celery

    make_celery(settings).worker_main(argv)
    return 0


def _enqueue(
    engine: sa.Engine,
    send: Callable[[PaperVersion], None],
    papers: list[PaperVersion],
    known_queued: list[PaperVersion],
) -> list[PaperVersion]:
    """Save and send the new versions; collect the known ones still queued (their message may be lost)."""
    with engine.begin() as conn:
        new = versions.enqueue_versions(conn, papers)
        known = [p for p in dict.fromkeys(papers) if p not in set(new)]
        for paper in known:
            row = versions.get_version(conn, paper)
            if row is not None and row.state == VersionState.QUEUED:
                known_queued.append(paper)
    for paper in new:
        send(paper)
    return new


def _targets(args: argparse.Namespace, settings: Settings, engine: sa.Engine) -> Iterator[PaperVersion]:
    lines = [(f"argument {n}", text) for n, text in enumerate(args.ids, 1)]
    if args.file:
        text = sys.stdin.read() if str(args.file) == "-" else args.file.read_text()
        lines += [(f"line {n}", line.split("#", 1)[0].strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(where, text) for where, text in lines if text]
    bad = [f"{where}: {text!r}" for where, text in lines if parse_arxiv_id(text) is None]
    if bad:  # said before anything is queued, every bad line named
        shown = "; ".join(bad[:5]) + ("; ..." if len(bad) > 5 else "")
        count = f"{len(bad)} of {len(lines)}"
        raise InvalidIdentifier(f"{count} lines are not arXiv ids, nothing queued ({shown})")
    with engine.connect() as conn:
        catalog = SqlCatalog(conn)
        for _, line in lines:
            parsed = parse_arxiv_id(line)
            assert parsed is not None
            version = parsed.version
            if version is None:
                record = catalog.by_id(parsed.number)
                version = (record.latest_version if record else None) or 1
            yield PaperVersion(parsed.number, version)
    if args.new_since:
        with ArxivClient.from_settings(settings) as client:
            yield from list_new_versions(client, args.new_since)

"""The command line's sub-commands and their arguments, without the code that runs them.

`arxref --help` and argument errors must not pay for SQLAlchemy, PyMuPDF, Celery or httpx:
each sub-command names its implementation as "module:function" of `arxref.cli`, imported
only when that command runs (`arxref.cli.main`).
"""

from __future__ import annotations

import argparse
from datetime import UTC, date, datetime
from pathlib import Path

from arxref.domain import ResolutionStatus, Stage

DEFAULT_QUEUES = "fetch,extract"
"""The pool's two work queues (`arxref.pool.QUEUES`; a test keeps the two the same)."""


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Every sub-command, by group: jobs, pool, reading, catalog, resolving."""
    for add in (add_jobs_commands, add_pool_commands, add_reading_commands, add_catalog_commands):
        add(sub)
    add_resolving_commands(sub)
    add_crosscheck_commands(sub)


def _datetime(text: str) -> datetime:
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (YYYY-MM-DD or YYYY-MM-DDTHH:MM)") from None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def add_jobs_commands(sub: argparse._SubParsersAction) -> None:
    """process, record, serve, status, reprocess."""
    p = sub.add_parser("process", help="fetch, extract, resolve and store papers (embedded, in-process)")
    p.add_argument("targets", nargs="+", metavar="ID|PATH", help="arXiv id[vN], a version file, or a folder")
    p.add_argument("--catalog", type=Path, help="load this arXiv metadata JSON-lines file first")
    p.add_argument("--database", help="database URL (default: ARXREF_DATABASE_URL or var/arxref.db)")
    p.set_defaults(run="jobs:cmd_process")

    p = sub.add_parser("record", help="a paper's citation record as JSON, exactly as `serve` answers it")
    p.add_argument("arxiv_id", metavar="ID[vN]")
    p.add_argument("--html", type=Path, metavar="FILE", help="also write the record's HTML page to FILE")
    p.add_argument("--outbound-page", type=int, default=1, metavar="N", help="page of outbound references")
    p.add_argument("--inbound-page", type=int, default=1, metavar="N", help="page of inbound citations")
    p.add_argument("--database")
    p.set_defaults(run="jobs:cmd_record")

    p = sub.add_parser("serve", help="serve citation records (HTML, JSON), /status, /failures and /metrics")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--database")
    p.set_defaults(run="serving:cmd_serve")

    p = sub.add_parser("status", help="queue depths, versions by state, failures, throughput")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run="jobs:cmd_status")

    p = sub.add_parser("reprocess", help="run failed (or outdated, or stalled) versions again")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--failed", action="store_true", help="failed versions (narrowed below)")
    which.add_argument("--extractor-older-than", metavar="V", help="done versions from an older extractor")
    which.add_argument(
        "--stalled",
        type=float,
        metavar="MINUTES",
        help="queued/running, untouched this long (with the pool: and no message in Redis; the sweep's path)",
    )
    p.add_argument("--stage", choices=[s.value for s in Stage], help="with --failed: only at this stage")
    p.add_argument("--error-class", help="with --failed: only this error class (e.g. UpstreamError)")
    p.add_argument("--since", type=_datetime, metavar="DATE", help="with --failed: only failures since then")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--in-process", action="store_true", help="run here (default without ARXREF_BROKER_URL)")
    how.add_argument("--pool", action="store_true", help="send to the workers (default with a broker)")
    p.add_argument("--source-dir", type=Path, help="folder of e-prints/PDFs (default ARXREF_SOURCE_DIR)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run="jobs:cmd_reprocess")


def add_pool_commands(sub: argparse._SubParsersAction) -> None:
    """enqueue, worker."""
    p = sub.add_parser("enqueue", help="queue paper versions for the worker pool")
    p.add_argument("ids", nargs="*", metavar="ID[vN]", help="arXiv ids; no vN: the catalog's latest, else v1")
    p.add_argument("--file", type=Path, help="a file of ids, one per line ('-' for stdin; '#' comments)")
    p.add_argument("--new-since", type=date.fromisoformat, metavar="DATE", help="new versions from OAI-PMH")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run="pool:cmd_enqueue")

    p = sub.add_parser("worker", help="run a Celery worker of the pool")
    p.add_argument("--queues", default=DEFAULT_QUEUES, help="comma-separated: fetch, extract, sweep")
    p.add_argument(
        "--beat",
        action="store_true",
        help="also run beat, which sends the sweep every ARXREF_SWEEP_EVERY s, and take the sweep queue;"
        " exactly one worker of a deployment may have it",
    )
    p.add_argument("--concurrency", type=int, default=1, help="processes (default 1: one per core is plenty)")
    p.add_argument("--loglevel", default="info")
    p.add_argument("--hostname", help="worker name (default: celery's <queues>@<host>)")
    p.set_defaults(run="pool:cmd_worker")


def add_reading_commands(sub: argparse._SubParsersAction) -> None:
    """extract, eval."""
    p = sub.add_parser("extract", help="print the references of a PDF, e-print or source folder")
    p.add_argument("path", type=Path)
    p.add_argument("--json", action="store_true", help="score.py's prediction shape")
    p.add_argument("--catalog", type=Path, help="also resolve against this catalog file")
    p.set_defaults(run="reading:cmd_extract")

    p = sub.add_parser("eval", help="score extraction against a gold corpus (figures of score.py)")
    p.add_argument("corpus", type=Path)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--source-only", dest="mode", action="store_const", const="source")
    mode.add_argument("--pdf-only", dest="mode", action="store_const", const="pdf")
    p.add_argument("--catalog", type=Path, help="resolve against this catalog file (res_R, res_P)")
    p.add_argument("--out", type=Path, help="write each paper's predictions here as <slug>.json")
    p.add_argument(
        "--hide-ids",
        action="store_true",
        help="cut printed arXiv ids and arXiv DOIs out of every entry first: resolution by metadata alone",
    )
    p.add_argument(
        "--titles",
        action="store_true",
        help="after the table, title accuracy per style over entries that print their title",
    )
    p.set_defaults(run="reading:cmd_eval", mode="pipeline")


def add_catalog_commands(sub: argparse._SubParsersAction) -> None:
    """catalog load, catalog harvest."""
    p = sub.add_parser("catalog", help="the local arXiv catalog")
    actions = p.add_subparsers(required=True, metavar="ACTION")
    c = actions.add_parser("load", help="load an arXiv metadata snapshot file (JSON lines, plain or .gz)")
    c.add_argument("file", type=Path)
    c.add_argument("--database")
    c.set_defaults(run="catalog:cmd_catalog_load")
    h = actions.add_parser("harvest", help="add and update records from arXiv's OAI-PMH feed")
    h.add_argument(
        "--from",
        dest="since",
        type=date.fromisoformat,
        help="first datestamp (YYYY-MM-DD); default: the last one harvested",
    )
    h.add_argument("--until", type=date.fromisoformat, help="last datestamp (YYYY-MM-DD)")
    h.add_argument("--url", help="OAI-PMH endpoint (default: the arXiv base URL + /oai2)")
    h.add_argument("--json", action="store_true", help="print a JSON summary on stdout")
    h.add_argument("--database")
    h.set_defaults(run="catalog:cmd_catalog_harvest")


def add_resolving_commands(sub: argparse._SubParsersAction) -> None:
    """resolve."""
    p = sub.add_parser("resolve", help="resolve stored references again against the current catalog")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true", help="every stored reference")
    which.add_argument(
        "--status",
        type=ResolutionStatus,
        choices=list(ResolutionStatus),
        help="only references with this status",
    )
    p.add_argument("--database")
    p.set_defaults(run="resolving:cmd_resolve")


def add_crosscheck_commands(sub: argparse._SubParsersAction) -> None:
    """crosscheck."""
    p = sub.add_parser(
        "crosscheck",
        help="align a stored version's e-print and PDF entries: its agreement and what disagrees",
    )
    which = p.add_mutually_exclusive_group(required=True)  # neither, or both: a usage error (exit 2)
    which.add_argument("target", nargs="?", metavar="ID[vN]", help="a processed version (no vN: the newest)")
    which.add_argument("--report", action="store_true", help="every cross-checked version, worst first")
    p.add_argument("--below", type=float, metavar="X", help="with --report: only agreement below X")
    p.add_argument("--source-dir", type=Path, help="folder to read the PDF from (default: its own)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run="crosschecking:cmd_crosscheck")

"""The command line's sub-commands, their arguments and their help, without the code that runs them.

`arxref --help` and argument errors must not pay for SQLAlchemy, PyMuPDF, Celery or httpx:
each sub-command names its implementation as "module:function" of `arxref.cli`, imported
only when that command runs (`arxref.cli.main`). Every help text here is written for the
person running the command: what it does, what each argument means, an example; README's CLI
table says the same.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from arxref.cli._arguments import Formatter, command, database_option, json_option, moment
from arxref.domain import ResolutionStatus, Stage

DEFAULT_QUEUES = "fetch,extract"
"""The pool's two work queues (`arxref.pool.QUEUES`; a test keeps the two the same)."""

DESCRIPTION = """\
Turn arXiv papers into resolved citation references. For each paper version, arxref
reads the LaTeX source (or the PDF when the source has no bibliography), takes every
bibliography entry with the number the paper printed, matches each entry against a
local arXiv catalog, and stores both in a database.

By default everything runs on this machine: a SQLite database under ./var, papers read
from a local folder or fetched from arXiv. Set ARXREF_DATABASE_URL to use PostgreSQL,
and ARXREF_BROKER_URL (Redis) to hand the work to a pool of workers."""

EPILOG = """\
examples:
  arxref process samples/ --catalog samples/catalog.jsonl
  arxref serve                       then open http://127.0.0.1:8000/
  arxref extract paper.pdf
  arxref COMMAND --help              what a command does and its options

exit codes: 0 all done; 1 the command ran but some paper versions failed (each
failure is recorded: see `arxref status`, `arxref reprocess --failed`); 2 the command
line was wrong; 3 a missing or unreadable file, a file that is not what the command
reads, a bad setting, or a database or broker that cannot be reached (one line on
stderr)."""


def build_parser() -> argparse.ArgumentParser:
    """The `arxref` command with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="arxref", description=DESCRIPTION, epilog=EPILOG, formatter_class=Formatter
    )
    add_commands(
        parser.add_subparsers(
            title="commands",
            required=True,
            metavar="COMMAND",
            help="what to do (`arxref COMMAND --help`: how)",
        )
    )
    return parser


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Every sub-command, in the order a newcomer meets them."""
    for add in (
        add_jobs_commands,
        add_reading_commands,
        add_catalog_commands,
        add_resolving_commands,
        add_crosscheck_commands,
        add_pool_commands,
    ):
        add(sub)


def add_jobs_commands(sub: argparse._SubParsersAction) -> None:
    """process, record, serve, status, reprocess."""
    p = command(
        sub,
        "process",
        "read, resolve and store papers on this machine, one line per version",
        "Fetch each paper version, extract its references, match them against the catalog and\n"
        "store them, here and one after another; print a line per version (references found,\n"
        "how many resolved) and where the database is. A paper that fails is recorded and the\n"
        "run goes on (exit code 1 at the end).",
        "  arxref process samples/ --catalog samples/catalog.jsonl\n"
        "  arxref process 1706.03762v5          (from ARXREF_SOURCE_DIR if set, else from arXiv)",
    )
    p.add_argument(
        "targets",
        nargs="+",
        metavar="ID|PATH",
        help="an arXiv id (vN for one version, else v1), a file named <id>v<n>.pdf, .tar.gz, .gz or .tex,"
        " or a folder of such files",
    )
    p.add_argument(
        "--catalog",
        type=Path,
        metavar="FILE",
        help="first load this arXiv metadata file (JSON lines, plain or .gz) into the catalog",
    )
    database_option(p)
    p.set_defaults(run="jobs:cmd_process")

    p = command(
        sub,
        "record",
        "print a paper's citation record as JSON, as the web service shows it",
        "Print a paper's citation record: the paper, its outbound references with their\n"
        "resolution, the inbound citations from every processed paper, counts and coverage;\n"
        "exactly the JSON `arxref serve` answers at /paper/ID/citation-record.json.",
        "  arxref record 1911.02782\n  arxref record 1911.02782v1 --html record.html",
    )
    p.add_argument(
        "arxiv_id",
        metavar="ID[vN]",
        help="the paper's arXiv id; with vN, that version's references (default: the newest processed)",
    )
    p.add_argument("--html", type=Path, metavar="FILE", help="also write the record's web page to FILE")
    p.add_argument(
        "--outbound-page", type=int, default=1, metavar="N", help="page N of outbound references (100 a page)"
    )
    p.add_argument(
        "--inbound-page", type=int, default=1, metavar="N", help="page N of inbound citations (100 a page)"
    )
    database_option(p)
    p.set_defaults(run="jobs:cmd_record")

    p = command(
        sub,
        "serve",
        "serve citation records, pool status, failures and metrics over HTTP",
        "Serve the database read-only over HTTP: a citation record per paper\n"
        "(/paper/ID/citation-record), the pool's status (/status), failed versions (/failures)\n"
        "and Prometheus metrics (/metrics). Every page is HTML and has a .json twin.",
        "  arxref serve                      then open http://127.0.0.1:8000/\n"
        "  arxref serve --host 0.0.0.0 --port 8080",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    database_option(p)
    p.set_defaults(run="serving:cmd_serve")

    p = command(
        sub,
        "status",
        "show versions by state, failures, throughput and queue depths",
        "Show how many versions are queued, running, done and failed, the failures grouped by\n"
        "stage and error, how many versions finished in the last 1, 5 and 15 minutes, and,\n"
        "with a worker pool (ARXREF_BROKER_URL), how many messages wait in each queue.",
    )
    json_option(p, "the figures")
    database_option(p)
    p.set_defaults(run="jobs:cmd_status")

    p = command(
        sub,
        "reprocess",
        "run failed, outdated or stalled versions again",
        "Put versions back through the stages: failed ones (narrowed by stage, error or date),\n"
        "done ones read by an older extractor, or stalled ones. They run on this machine\n"
        "without ARXREF_BROKER_URL, else they are sent to the worker pool.",
        "  arxref reprocess --failed\n"
        "  arxref reprocess --failed --stage fetch --error-class UpstreamError\n"
        "  arxref reprocess --extractor-older-than 0.2.0 --pool\n"
        "  arxref reprocess --stalled 60",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--failed", action="store_true", help="failed versions (narrowed by the three below)")
    which.add_argument(
        "--extractor-older-than",
        metavar="VERSION",
        help="done versions read by an extractor older than VERSION (after an upgrade)",
    )
    which.add_argument(
        "--stalled",
        type=float,
        metavar="MINUTES",
        help="queued or running versions untouched for MINUTES (with the pool: only those no queued"
        " message names, as the pool's periodic sweep does)",
    )
    p.add_argument(
        "--stage", choices=[s.value for s in Stage], help="with --failed: only those failed at this stage"
    )
    p.add_argument(
        "--error-class",
        metavar="CLASS",
        help="with --failed: only this error (e.g. UpstreamError, NoBibliography)",
    )
    p.add_argument(
        "--since",
        type=moment,
        metavar="DATE",
        help="with --failed: only failures since DATE (YYYY-MM-DD[THH:MM])",
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--in-process",
        action="store_true",
        help="run them on this machine (the default without ARXREF_BROKER_URL)",
    )
    how.add_argument(
        "--pool",
        action="store_true",
        help="send them to the worker pool (the default with ARXREF_BROKER_URL)",
    )
    p.add_argument(
        "--source-dir",
        type=Path,
        metavar="DIR",
        help="read e-prints and PDFs from DIR (default: where each version was read from, else"
        " ARXREF_SOURCE_DIR)",
    )
    json_option(p, "each version's outcome")
    database_option(p)
    p.set_defaults(run="jobs:cmd_reprocess")


def add_pool_commands(sub: argparse._SubParsersAction) -> None:
    """enqueue, worker."""
    p = command(
        sub,
        "enqueue",
        "queue paper versions for the worker pool",
        "Queue paper versions for the worker pool (needs ARXREF_BROKER_URL). A version already\n"
        "queued or done is not queued again; a newer version of a paper is a new job.",
        "  arxref enqueue 1706.03762v5 2401.00001\n"
        "  arxref enqueue --file ids.txt\n"
        "  arxref enqueue --new-since 2024-01-01",
    )
    p.add_argument(
        "ids",
        nargs="*",
        metavar="ID[vN]",
        help="arXiv ids; without vN, the newest version the catalog knows, else v1",
    )
    p.add_argument(
        "--file",
        type=Path,
        metavar="FILE",
        help="read ids from FILE, one a line ('-': standard input; '#' comments)",
    )
    p.add_argument(
        "--new-since",
        type=date.fromisoformat,
        metavar="DATE",
        help="every version arXiv announced since DATE (YYYY-MM-DD), read from arXiv's OAI-PMH feed",
    )
    json_option(p, "what was queued")
    database_option(p)
    p.set_defaults(run="pool:cmd_enqueue")

    p = command(
        sub,
        "worker",
        "run a worker of the pool (Celery)",
        "Run a worker of the pool: it takes versions from the queues it is given and runs their\n"
        "stages (needs ARXREF_BROKER_URL and a database every worker shares). Fetching is paced\n"
        "by arXiv's rate limit; extracting uses the CPU: run them as separate workers.",
        "  arxref worker --queues fetch\n"
        "  arxref worker --queues extract --concurrency 4\n"
        "  arxref worker --queues fetch,extract --beat     (exactly one worker with --beat)",
    )
    p.add_argument(
        "--queues",
        default=DEFAULT_QUEUES,
        metavar="LIST",
        help="the queues to take work from, comma-separated: fetch, extract, sweep"
        f" (default {DEFAULT_QUEUES})",
    )
    p.add_argument(
        "--beat",
        action="store_true",
        help="also send the periodic sweep (every ARXREF_SWEEP_EVERY seconds: versions whose message was lost"
        " are sent again) and take the sweep queue; exactly one worker of a deployment may have it",
    )
    p.add_argument(
        "--concurrency",
        type=int,
        default=1,
        metavar="N",
        help="worker processes (default 1; more than one per core gains nothing)",
    )
    p.add_argument(
        "--loglevel",
        default="info",
        metavar="LEVEL",
        help="how much the worker logs: debug, info, warning or error (default info)",
    )
    p.add_argument(
        "--hostname",
        metavar="NAME",
        help="the worker's name in status and monitoring (default: <queues>@<host>)",
    )
    p.set_defaults(run="pool:cmd_worker")


def add_reading_commands(sub: argparse._SubParsersAction) -> None:
    """extract, eval."""
    p = command(
        sub,
        "extract",
        "print the references of one PDF, e-print or LaTeX source folder",
        "Print the references of one paper, read from a file or folder: no database. Each line\n"
        "gives the bibliography, the number the paper printed, and the entry's text.",
        "  arxref extract paper.pdf\n"
        "  arxref extract 1911.02782v1.gz --catalog samples/catalog.jsonl\n"
        "  arxref extract paper-source/ --json",
    )
    p.add_argument(
        "path",
        type=Path,
        metavar="PATH",
        help="a PDF, an e-print (.tar.gz, .gz, .tex) or a folder of LaTeX source",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print every entry with its fields (authors, title, year, venue, ids) as JSON, the format"
        " `eval --out` writes",
    )
    p.add_argument(
        "--catalog",
        type=Path,
        metavar="FILE",
        help="also match each entry against this arXiv metadata file (JSON lines) and show its status",
    )
    p.set_defaults(run="reading:cmd_extract")

    p = command(
        sub,
        "eval",
        "measure extraction against a corpus of papers with known references",
        "Read every paper of a gold corpus and compare the references found with the known ones:\n"
        "one row per paper and a total of precision (P), recall (R), F1, and the share of matched\n"
        "entries whose number (index), title, arXiv id, DOI and resolution (res_R, res_P) are right.",
        "  arxref eval ../shared/corpus --pdf-only\n"
        "  arxref eval ../shared/corpus --catalog arxiv-catalog.jsonl.gz --hide-ids\n"
        "  arxref eval ../shared/corpus-wide --source-only --titles --out predictions/",
    )
    p.add_argument(
        "corpus",
        type=Path,
        metavar="CORPUS",
        help="a folder with one folder per paper: its gold.json, and its paper.pdf and/or source/",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--source-only",
        dest="mode",
        action="store_const",
        const="source",
        help="read only each paper's LaTeX source (default: the source, else the PDF, as `process` does)",
    )
    mode.add_argument(
        "--pdf-only", dest="mode", action="store_const", const="pdf", help="read only each paper's PDF"
    )
    p.add_argument(
        "--catalog",
        type=Path,
        metavar="FILE",
        help="match entries against this arXiv metadata file (fills the res_R and res_P columns)",
    )
    p.add_argument(
        "--out", type=Path, metavar="DIR", help="also write each paper's references to DIR/<paper>.json"
    )
    p.add_argument(
        "--hide-ids",
        action="store_true",
        help="cut printed arXiv ids and arXiv DOIs out of every entry first: matching by title and"
        " authors alone",
    )
    p.add_argument(
        "--titles",
        action="store_true",
        help="after the table, title accuracy per bibliography style over the entries that print their title",
    )
    p.set_defaults(run="reading:cmd_eval", mode="pipeline")


def add_catalog_commands(sub: argparse._SubParsersAction) -> None:
    """catalog load, catalog harvest."""
    p = command(
        sub,
        "catalog",
        "load or update the local arXiv catalog that references are matched against",
        "The local arXiv catalog: the titles, authors, years and DOIs that references are\n"
        "matched against. Load a metadata snapshot once, then keep it current from arXiv.",
        "  arxref catalog load arxiv-metadata-oai-snapshot.json.gz\n  arxref catalog harvest",
    )
    actions = p.add_subparsers(
        title="actions",
        required=True,
        metavar="ACTION",
        help="what to do (`arxref catalog ACTION --help`: how)",
    )
    c = command(
        actions,
        "load",
        "load an arXiv metadata snapshot file into the catalog",
        "Load an arXiv metadata snapshot (JSON lines, one paper a line, plain or .gz: the format\n"
        "of arXiv's bulk metadata dump) into the catalog; papers already there are updated.",
        "  arxref catalog load samples/catalog.jsonl",
    )
    c.add_argument(
        "file", type=Path, metavar="FILE", help="the snapshot file (.json, .jsonl, or either gzip'd)"
    )
    database_option(c)
    c.set_defaults(run="catalog:cmd_catalog_load")
    h = command(
        actions,
        "harvest",
        "add new and changed papers from arXiv's OAI-PMH feed",
        "Add new and changed papers to the catalog from arXiv's OAI-PMH feed, day by day;\n"
        "without --from, from the last day harvested on.",
        "  arxref catalog harvest --from 2024-01-01\n  arxref catalog harvest",
    )
    h.add_argument(
        "--from",
        dest="since",
        type=date.fromisoformat,
        metavar="DATE",
        help="first day to harvest (YYYY-MM-DD); default: the last one harvested",
    )
    h.add_argument(
        "--until", type=date.fromisoformat, metavar="DATE", help="last day to harvest (YYYY-MM-DD)"
    )
    h.add_argument("--url", help="the OAI-PMH address (default: ARXREF_ARXIV_URL + /oai2)")
    json_option(h, "a summary")
    database_option(h)
    h.set_defaults(run="catalog:cmd_catalog_harvest")


def add_resolving_commands(sub: argparse._SubParsersAction) -> None:
    """resolve."""
    p = command(
        sub,
        "resolve",
        "match stored references against the catalog again, without reading the papers again",
        "Match stored references against the catalog again: after the catalog grew, references\n"
        "that were unresolved may now find the paper they cite.",
        "  arxref resolve --status unresolved\n  arxref resolve --all",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true", help="every stored reference")
    which.add_argument(
        "--status",
        type=ResolutionStatus,
        choices=list(ResolutionStatus),
        help="only references with this status",
    )
    database_option(p)
    p.set_defaults(run="resolving:cmd_resolve")


def add_crosscheck_commands(sub: argparse._SubParsersAction) -> None:
    """crosscheck."""
    p = command(
        sub,
        "crosscheck",
        "compare a version's references read from its LaTeX source and from its PDF",
        "Read a processed version's references both from its LaTeX source and from its PDF and\n"
        "pair them up: the agreement (the share of entries both give under the same number) and\n"
        "every entry that disagrees, with both texts. The PDF is fetched first if needed.",
        "  arxref crosscheck 1911.02782\n  arxref crosscheck --report --below 0.95",
    )
    which = p.add_mutually_exclusive_group(required=True)  # neither, or both: a usage error (exit 2)
    which.add_argument(
        "target",
        nargs="?",
        metavar="ID[vN]",
        help="a processed paper's arXiv id (without vN: its newest processed version)",
    )
    which.add_argument(
        "--report", action="store_true", help="instead: every compared version, lowest agreement first"
    )
    p.add_argument(
        "--below", type=float, metavar="X", help="with --report: only versions whose agreement is below X"
    )
    p.add_argument(
        "--source-dir",
        type=Path,
        metavar="DIR",
        help="read the PDF from DIR (default: where the version was read from, else arXiv)",
    )
    json_option(p, "the comparison")
    database_option(p)
    p.set_defaults(run="crosschecking:cmd_crosscheck")

"""The `arxref` command. Each sub-command is a small function over the library.

Embedded by default: a SQLite file under ./var, stages run in this process, papers
read from a local folder. ARXREF_DATABASE_URL points it at PostgreSQL instead.
Each module here adds its own sub-commands: `jobs` (process, status, reprocess,
record), `pool` (enqueue, worker: the Celery pool), `reading` (extract, eval),
`catalog` (the local arXiv catalog).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from dataclasses import replace

from arxref.cli import catalog, jobs, pool, reading, resolving
from arxref.errors import ArxrefError
from arxref.settings import Settings

COMMAND_MODULES = (jobs, pool, reading, catalog, resolving)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    settings = Settings.from_env()
    if getattr(args, "database", None):
        settings = replace(settings, database_url=args.database)
    try:
        return args.run(args, settings)
    except ArxrefError as exc:
        print(f"arxref: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `arxref extract ... | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def build_parser() -> argparse.ArgumentParser:
    """The sub-commands of every command module."""
    parser = argparse.ArgumentParser(prog="arxref", description=__doc__)
    sub = parser.add_subparsers(required=True, metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.add_commands(sub)
    return parser

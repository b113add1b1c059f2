"""The `arxref` command. Each sub-command is a small function over the library.

Embedded by default: a SQLite file under ./var, stages run in this process, papers
read from a local folder. ARXREF_DATABASE_URL points it at PostgreSQL instead.
Each module here adds its own sub-commands: `jobs` (process, status, reprocess,
record), `pool` (enqueue, worker: the Celery pool), `reading` (extract, eval),
`catalog` (the local arXiv catalog).

Exit codes: 0 everything asked was done; 1 done, but some paper versions failed
(each failure is recorded on its version); 2 a usage error (argparse); 3 an input
or environment error (a missing or unreadable file, a file that is not what the
command reads, a bad setting or database URL, an unreachable database or broker),
said in one line on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from dataclasses import replace

from arxref.cli._exits import EXIT_INPUT, InputError
from arxref.cli.commands import add_commands
from arxref.errors import ArxrefError
from arxref.settings import Settings, SettingsError


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    try:
        settings = Settings.from_env()
        if getattr(args, "database", None):
            settings = replace(settings, database_url=args.database)
        module, name = args.run.split(":")
        run = getattr(importlib.import_module(f"arxref.cli.{module}"), name)  # its imports, only now
        return run(args, settings)
    except (InputError, SettingsError) as exc:
        return _fail(str(exc))
    except ArxrefError as exc:
        return _fail(f"{type(exc).__name__}: {exc}")
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        return _fail(f"{exc.strerror}: {exc.filename}")
    except BrokenPipeError:  # `arxref extract ... | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


    except Exception as exc:
        message = _database_error(exc)
        if message is None:
            raise
        return _fail(message)


def _database_error(exc: Exception) -> str | None:
    """What a person reads for a bad database URL or an unreachable database; None for anything else."""
    sa = sys.modules.get("sqlalchemy")  # never imported: the error cannot be one of its own
    if sa is None:
        return None
    if isinstance(exc, sa.exc.ArgumentError):
        return f"bad database URL: {exc}"
    if isinstance(exc, sa.exc.OperationalError | sa.exc.InterfaceError):
        return f"database unreachable: {type(exc.orig).__name__}: {str(exc.orig).strip()}"
    return None


def _fail(message: str) -> int:
    """One line on stderr, no traceback: the person can act on it."""
    print(f"arxref: {message.splitlines()[0] if message else 'failed'}", file=sys.stderr)
    return EXIT_INPUT


def build_parser() -> argparse.ArgumentParser:
    """The sub-commands of every command module."""
    parser = argparse.ArgumentParser(prog="arxref", description=__doc__)
    add_commands(parser.add_subparsers(required=True, metavar="COMMAND"))
    return parser

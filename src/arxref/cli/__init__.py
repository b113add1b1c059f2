"""The `arxref` command: argument parsing, settings, and one line on stderr for what a person can fix.

The sub-commands and their help are declared in `commands` (nothing heavy imported there, so
`--help` and usage errors are fast); each names its implementation as "module:function" of
this package, imported only when it runs: `jobs` (process, status, reprocess, record), `pool`
(enqueue, worker), `reading` (extract, eval), `catalog`, `resolving`, `crosschecking`,
`serving`. Exit codes are `_exits`'s: 0 all done, 1 some versions failed, 2 a usage error
(argparse's), 3 an input or environment error said in one line on stderr.

Reads records through the store and `record`; runs papers through the stages (`stages`) or
hands them to the pool (`tasks`). Nothing else imports the command line.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from dataclasses import replace

from arxref.cli._exits import EXIT_INPUT, InputError
from arxref.cli.commands import build_parser
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


__all__ = ["build_parser", "main"]

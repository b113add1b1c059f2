"""What every sub-command's arguments share: the help's layout, --database, --json, a date and time."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and examples as written (line breaks kept); option help wrapped."""


def command(
    sub: argparse._SubParsersAction, name: str, summary: str, about: str = "", examples: str = ""
) -> argparse.ArgumentParser:
    """A sub-command: `summary` in the command list, `about` (else the summary) and examples in its help."""
    return sub.add_parser(
        name,
        help=summary,
        description=(about or summary[0].upper() + summary[1:] + "."),
        epilog=f"examples:\n{examples}" if examples else None,
        formatter_class=Formatter,
    )


def database_option(p: argparse.ArgumentParser) -> None:
    """--database URL, as every command that opens the database has it."""
    p.add_argument(
        "--database",
        metavar="URL",
        help="the database to use: sqlite:///FILE or postgresql://... (default: ARXREF_DATABASE_URL,"
        " else var/arxref.db)",
    )


def json_option(p: argparse.ArgumentParser, what: str) -> None:
    """--json: `what` as JSON instead of text."""
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON instead of text")


def moment(text: str) -> datetime:
    """A date or date and time from the command line; UTC unless it says otherwise."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (YYYY-MM-DD or YYYY-MM-DDTHH:MM)") from None
    return value if value.tzinfo else value.replace(tzinfo=UTC)

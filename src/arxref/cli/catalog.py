"""Sub-commands over the local arXiv catalog."""

from __future__ import annotations

import argparse
from pathlib import Path

from arxref.cli._common import load_catalog_file, open_database
from arxref.settings import Settings


def add_commands(sub: argparse._SubParsersAction) -> None:
    """catalog load."""
    p = sub.add_parser("catalog", help="the local arXiv catalog")
    actions = p.add_subparsers(required=True, metavar="ACTION")
    c = actions.add_parser("load", help="load an arXiv metadata snapshot file (JSON lines, plain or .gz)")
    c.add_argument("file", type=Path)
    c.add_argument("--database")
    c.set_defaults(run=cmd_catalog_load)


def cmd_catalog_load(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    load_catalog_file(engine, args.file)
    return 0

"""Sub-commands over jobs: process, status, reprocess, record."""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from arxref.cli._common import load_catalog_file, open_database
from arxref.domain import PaperVersion, VersionState
from arxref.errors import InvalidIdentifier
from arxref.ids import parse_arxiv_id
from arxref.pipeline import process_version
from arxref.record import build_record
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.catalog import SqlCatalog
from arxref.store.references import StoredReference, load_references

# `<id>v<n>.<suffix>` as a folder of e-prints and PDFs names its files.
_VERSION_FILE = re.compile(r"^(?P<id>.+?)v(?P<version>\d+)\.(?:pdf|tar\.gz|tgz|gz|tar|tex)$")
_OLD_STYLE_STEM = re.compile(r"^(?P<archive>[a-z-]+(?:\.[A-Z]{2})?)(?P<number>\d{7})$")


def add_commands(sub: argparse._SubParsersAction) -> None:
    """process, status, reprocess, record."""
    p = sub.add_parser("process", help="fetch, extract, resolve and store papers (embedded, in-process)")
    p.add_argument("targets", nargs="+", metavar="ID|PATH", help="arXiv id[vN], a version file, or a folder")
    p.add_argument("--catalog", type=Path, help="load this arXiv metadata JSON-lines file first")
    p.add_argument("--database", help="database URL (default: ARXREF_DATABASE_URL or var/arxref.db)")
    p.set_defaults(run=cmd_process)

    p = sub.add_parser("record", help="the outbound citation record of a paper as JSON")
    p.add_argument("arxiv_id")
    p.add_argument("--database")
    p.set_defaults(run=cmd_record)

    p = sub.add_parser("status", help="versions by state and failures by error class")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run=cmd_status)

    p = sub.add_parser("reprocess", help="run failed versions again (in-process)")
    p.add_argument("--failed", action="store_true", required=True)
    p.add_argument("--source-dir", type=Path, help="folder of e-prints/PDFs (default ARXREF_SOURCE_DIR)")
    p.add_argument("--database")
    p.set_defaults(run=cmd_reprocess)


def cmd_process(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    if args.catalog:
        load_catalog_file(engine, args.catalog)
    jobs = [job for target in args.targets for job in _versions_of(target, settings)]
    for paper, folder in jobs:
        row = process_version(engine, replace(settings, source_dir=folder), paper)
        with engine.connect() as conn:
            refs = load_references(conn, paper)
        print(_summary_line(row, refs))
    failed = sum(1 for paper, _ in jobs if _state(engine, paper) != VersionState.DONE)
    print(
        f"{len(jobs)} versions, {len(jobs) - failed} done, {failed} failed; database: {settings.database_url}"
    )
    return 0


def cmd_record(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    parsed = parse_arxiv_id(args.arxiv_id)
    if parsed is None:
        raise InvalidIdentifier(f"not an arXiv id: {args.arxiv_id!r}")
    with engine.connect() as conn:
        done = [
            r for r in versions.list_versions(conn, VersionState.DONE) if r.paper.arxiv_id == parsed.number
        ]
        if parsed.version is not None:
            done = [r for r in done if r.paper.version == parsed.version]
        if not done:
            raise InvalidIdentifier(f"{args.arxiv_id}: no processed version in {settings.database_url}")
        paper = max(done, key=lambda r: r.paper.version).paper
        refs = load_references(conn, paper)
        catalog = SqlCatalog(conn)
        cited = {
            r.reference.resolution.cited_arxiv_id: rec
            for r in refs
            if r.reference.resolution.cited_arxiv_id
            and (rec := catalog.by_id(r.reference.resolution.cited_arxiv_id)) is not None
        }
        record = build_record(paper, refs, cited, catalog.by_id(paper.arxiv_id), datetime.now(UTC))
    print(json.dumps(record, indent=1, ensure_ascii=False))
    return 0


def cmd_status(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    with engine.connect() as conn:
        rows = versions.list_versions(conn)
    by_state = Counter(r.state.value for r in rows)
    failures = Counter(
        f"{r.stage.value if r.stage else '-'}/{r.last_error_class}"
        for r in rows
        if r.state == VersionState.FAILED
    )
    if args.json:
        print(json.dumps({"versions_by_state": by_state, "failures_by_error_class": failures}, indent=1))
        return 0
    print("versions by state: " + (", ".join(f"{k} {v}" for k, v in sorted(by_state.items())) or "none"))
    for key, n in failures.most_common():
        print(f"  failed at {key}: {n}")
    return 0


def cmd_reprocess(args: argparse.Namespace, settings: Settings) -> int:
    engine = open_database(settings)
    if args.source_dir:
        settings = replace(settings, source_dir=args.source_dir)
    with engine.connect() as conn:
        failed = versions.list_versions(conn, VersionState.FAILED)
    for row in failed:
        with engine.begin() as conn:
            versions.mark_requeued(conn, row.paper)
        after = process_version(engine, settings, row.paper)
        print(
            f"{row.paper.key}: {after.state.value}"
            + (f" ({after.last_error_class})" if after.last_error_class else "")
        )
    print(f"{len(failed)} failed versions reprocessed")
    return 0


def _versions_of(target: str, settings: Settings) -> list[tuple[PaperVersion, Path | None]]:
    path = Path(target)
    if path.is_dir():
        found = {_version_from_filename(p.name) for p in sorted(path.iterdir())}
        return [(paper, path) for paper in sorted(found - {None}, key=lambda p: p.key)]
    if path.is_file():
        paper = _version_from_filename(path.name)
        if paper is None:
            raise InvalidIdentifier(f"{path.name}: expected <arxiv id>v<n>.pdf/.tar.gz/.gz/.tex")
        return [(paper, path.parent)]
    parsed = parse_arxiv_id(target)
    if parsed is None:
        raise InvalidIdentifier(f"not an arXiv id, file or folder: {target!r}")
    return [(PaperVersion(parsed.number, parsed.version or 1), settings.source_dir)]


def _version_from_filename(name: str) -> PaperVersion | None:
    match = _VERSION_FILE.match(name)
    if match is None:
        return None
    stem = match["id"]
    old = _OLD_STYLE_STEM.match(stem)
    parsed = parse_arxiv_id(f"{old['archive']}/{old['number']}" if old else stem)
    return PaperVersion(parsed.number, int(match["version"])) if parsed else None


def _state(engine: sa.Engine, paper: PaperVersion) -> VersionState | None:
    with engine.connect() as conn:
        row = versions.get_version(conn, paper)
    return row.state if row else None


def _summary_line(row: versions.VersionRow, refs: list[StoredReference]) -> str:
    if row.state != VersionState.DONE:
        stage = row.stage.value if row.stage else "-"
        error = f"{row.last_error_class}: {row.last_error_message}"
        return f"{row.paper.key:<16} {row.state.value} at {stage}: {error}"
    by_source = Counter(r.reference.raw.source.value for r in refs)
    by_status = Counter(r.reference.resolution.status.value for r in refs)
    sources = ", ".join(f"{k} {v}" for k, v in sorted(by_source.items()))
    statuses = ", ".join(f"{k} {v}" for k, v in by_status.most_common())
    return f"{row.paper.key:<16} done   {len(refs):>3} references ({sources}); {statuses}"

"""The `arxref` command. Each sub-command is a small function over the library.

Embedded by default: a SQLite file under ./var, stages run in this process, papers
read from a local folder. ARXREF_DATABASE_URL points it at PostgreSQL instead.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from arxref.catalog import MemoryCatalog, read_catalog_file
from arxref.domain import PaperVersion, ParsedReference, Resolution, VersionState
from arxref.errors import ArxrefError, InvalidIdentifier
from arxref.evaluate import EvalMode, evaluate_corpus, format_table
from arxref.extract import extract_path
from arxref.ids import parse_arxiv_id
from arxref.output import extraction_to_json
from arxref.parse import parse_reference
from arxref.pipeline import process_version
from arxref.record import build_record
from arxref.resolve import resolve_reference
from arxref.settings import Settings
from arxref.store import versions
from arxref.store.catalog import SqlCatalog, count_catalog, load_catalog
from arxref.store.engine import make_engine, upgrade_schema
from arxref.store.references import load_references

# `<id>v<n>.<suffix>` as a folder of e-prints and PDFs names its files.
_VERSION_FILE = re.compile(r"^(?P<id>.+?)v(?P<version>\d+)\.(?:pdf|tar\.gz|tgz|gz|tar|tex)$")
_OLD_STYLE_STEM = re.compile(r"^(?P<archive>[a-z-]+(?:\.[A-Z]{2})?)(?P<number>\d{7})$")


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


def build_parser() -> argparse.ArgumentParser:
    """The sub-commands and their options."""
    parser = argparse.ArgumentParser(prog="arxref", description=__doc__)
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    p = sub.add_parser("process", help="fetch, extract, resolve and store papers (embedded, in-process)")
    p.add_argument("targets", nargs="+", metavar="ID|PATH", help="arXiv id[vN], a version file, or a folder")
    p.add_argument("--catalog", type=Path, help="load this arXiv metadata JSON-lines file first")
    p.add_argument("--database", help="database URL (default: ARXREF_DATABASE_URL or var/arxref.db)")
    p.set_defaults(run=cmd_process)

    p = sub.add_parser("extract", help="print the references of a PDF, e-print or source folder")
    p.add_argument("path", type=Path)
    p.add_argument("--json", action="store_true", help="score.py's prediction shape")
    p.add_argument("--catalog", type=Path, help="also resolve against this catalog file")
    p.set_defaults(run=cmd_extract)

    p = sub.add_parser("eval", help="score extraction against a gold corpus (figures of score.py)")
    p.add_argument("corpus", type=Path)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--source-only", dest="mode", action="store_const", const=EvalMode.SOURCE)
    mode.add_argument("--pdf-only", dest="mode", action="store_const", const=EvalMode.PDF)
    p.add_argument("--catalog", type=Path, help="resolve against this catalog file (res_R, res_P)")
    p.add_argument("--out", type=Path, help="write each paper's predictions here as <slug>.json")
    p.set_defaults(run=cmd_eval, mode=EvalMode.PIPELINE)

    p = sub.add_parser("record", help="the outbound citation record of a paper as JSON")
    p.add_argument("arxiv_id")
    p.add_argument("--database")
    p.set_defaults(run=cmd_record)

    p = sub.add_parser("catalog", help="the local arXiv catalog")
    csub = p.add_subparsers(required=True, metavar="ACTION")
    c = csub.add_parser("load", help="load an arXiv metadata snapshot file (JSON lines, plain or .gz)")
    c.add_argument("file", type=Path)
    c.add_argument("--database")
    c.set_defaults(run=cmd_catalog_load)

    p = sub.add_parser("status", help="versions by state and failures by error class")
    p.add_argument("--json", action="store_true")
    p.add_argument("--database")
    p.set_defaults(run=cmd_status)

    p = sub.add_parser("reprocess", help="run failed versions again (in-process)")
    p.add_argument("--failed", action="store_true", required=True)
    p.add_argument("--source-dir", type=Path, help="folder of e-prints/PDFs (default ARXREF_SOURCE_DIR)")
    p.add_argument("--database")
    p.set_defaults(run=cmd_reprocess)
    return parser


def cmd_process(args: argparse.Namespace, settings: Settings) -> int:
    engine = _open_database(settings)
    if args.catalog:
        _load_catalog_file(engine, args.catalog)
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


def cmd_extract(args: argparse.Namespace, settings: Settings) -> int:
    extraction = extract_path(args.path)
    catalog = MemoryCatalog(read_catalog_file(args.catalog)) if args.catalog else None
    parsed, resolutions = _parse_and_resolve(extraction.references, catalog)
    doc = extraction_to_json(args.path.name, extraction, parsed, resolutions)
    if args.json:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return 0
    for note in doc["notes"]:
        print(f"# {note}")
    for ref in doc["references"]:
        label = ref["label"] or ref["index"]
        status = f"  [{ref['resolution']['status']}]" if "resolution" in ref else ""
        print(f"{ref['bibliography']}:{ref['index']:>3}  [{label}] {ref['raw']}{status}")
    print(
        f"{len(doc['references'])} references ({doc['source']}) "
        f"in {doc['bibliographies']} bibliography list(s)"
    )
    return 0


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    from arxref.evaluate_inputs import predict_paper

    catalog = MemoryCatalog(read_catalog_file(args.catalog)) if args.catalog else None
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)

    def predict(paper_dir: Path, mode: EvalMode) -> list[dict]:
        doc = predict_paper(paper_dir, mode, catalog)
        if args.out:
            (args.out / f"{paper_dir.name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False))
        return doc["references"]

    print(format_table(evaluate_corpus(args.corpus, args.mode, predict)))
    return 0


def cmd_record(args: argparse.Namespace, settings: Settings) -> int:
    engine = _open_database(settings)
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


def cmd_catalog_load(args: argparse.Namespace, settings: Settings) -> int:
    engine = _open_database(settings)
    _load_catalog_file(engine, args.file)
    return 0


def cmd_status(args: argparse.Namespace, settings: Settings) -> int:
    engine = _open_database(settings)
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
    engine = _open_database(settings)
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


def _open_database(settings: Settings):  # noqa: ANN202 - sqlalchemy stays inside arxref.store
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    return engine


def _load_catalog_file(engine, path: Path) -> None:  # noqa: ANN001
    def progress(n: int) -> None:
        print(f"\rcatalog: {n} records", end="", file=sys.stderr, flush=True)

    total = load_catalog(engine, read_catalog_file(path), progress=progress)
    with engine.connect() as conn:
        size = count_catalog(conn)
    print(f"\rcatalog: {total} records read from {path.name}; {size} in the catalog", file=sys.stderr)


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


def _state(engine, paper: PaperVersion) -> VersionState | None:  # noqa: ANN001
    with engine.connect() as conn:
        row = versions.get_version(conn, paper)
    return row.state if row else None


def _summary_line(row: versions.VersionRow, refs: list) -> str:
    if row.state != VersionState.DONE:
        stage = row.stage.value if row.stage else "-"
        error = f"{row.last_error_class}: {row.last_error_message}"
        return f"{row.paper.key:<16} {row.state.value} at {stage}: {error}"
    by_source = Counter(r.reference.raw.source.value for r in refs)
    by_status = Counter(r.reference.resolution.status.value for r in refs)
    sources = ", ".join(f"{k} {v}" for k, v in sorted(by_source.items()))
    statuses = ", ".join(f"{k} {v}" for k, v in by_status.most_common())
    return f"{row.paper.key:<16} done   {len(refs):>3} references ({sources}); {statuses}"


def _parse_and_resolve(
    references: tuple, catalog: MemoryCatalog | None
) -> tuple[list[ParsedReference], list[Resolution] | None]:
    parsed = [parse_reference(r.raw, stated=r.fields) for r in references]
    if catalog is None:
        return parsed, None
    return parsed, [resolve_reference(p, r.raw, catalog) for p, r in zip(parsed, references, strict=True)]

"""Sub-commands over jobs: process, status, reprocess, record (the JSON of `serve`'s record endpoint).

`reprocess` runs in this process when there is no broker (the embedded setup)
and sends the versions to the worker pool when ARXREF_BROKER_URL is set;
`--in-process` / `--pool` choose explicitly.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from arxref.cli._common import EXIT_OK, EXIT_SOME_FAILED, InputError, database, load_catalog_file
from arxref.cli._progress import Progress
from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import BrokerUnavailable, InvalidIdentifier
from arxref.fetch import Fetcher, check_arxiv_reachable, describe_origin, make_fetcher
from arxref.ids import parse_arxiv_id
from arxref.settings import Settings
from arxref.stages.process import process_version
from arxref.store import versions
from arxref.store.references import StoredReference, load_references

# `<id>v<n>.<suffix>` as a folder of e-prints and PDFs names its files.
_VERSION_FILE = re.compile(r"^(?P<id>.+?)v(?P<version>\d+)\.(?:pdf|tar\.gz|tgz|gz|tar|tex)$")
_PAPER_SUFFIX = re.compile(r"\.(?:pdf|tar\.gz|tgz|gz|tar|tex)$", re.IGNORECASE)
_OLD_STYLE_STEM = re.compile(r"^(?P<archive>[a-z-]+(?:\.[A-Z]{2})?)(?P<number>\d{7})$")


def cmd_process(args: argparse.Namespace, settings: Settings) -> int:
    with database(settings, create=True) as engine:
        if args.catalog:
            load_catalog_file(engine, args.catalog)
        jobs = [job for target in args.targets for job in _versions_of(target, settings)]
        _say_origin([target for target in args.targets if not Path(target).exists()], settings)
        # One fetcher per folder: an HTTP client keeps its pace across versions.
        fetchers: dict[Path | None, Fetcher] = {}
        for paper, folder in jobs:
            local = replace(settings, source_dir=folder)
            if folder not in fetchers:
                fetchers[folder] = make_fetcher(local)
            with engine.begin() as conn:  # so that `reprocess` reads it from there again
                versions.enqueue_version(conn, paper)
                versions.set_origin(conn, paper, _origin(local))
            row = process_version(engine, local, paper, fetchers[folder])
            with engine.connect() as conn:
                refs = load_references(conn, paper)
            print(_summary_line(row, refs))
        failed = sum(1 for paper, _ in jobs if _state(engine, paper) != VersionState.DONE)
        done = len(jobs) - failed
        print(f"{len(jobs)} versions, {done} done, {failed} failed; database: {settings.database_url}")
        return EXIT_SOME_FAILED if failed else EXIT_OK


def cmd_record(args: argparse.Namespace, settings: Settings) -> int:
    from arxref.record.citation import (
        BadPage,
        MalformedId,
        Paging,
        PastTheEnd,
        UnknownPaper,
        load_record,
        parse_page,
    )

    with database(settings) as engine:
        try:
            paging = Paging(parse_page(str(args.outbound_page)), parse_page(str(args.inbound_page)))
            with engine.connect() as conn:
                record = load_record(conn, args.arxiv_id, paging)
        except (MalformedId, BadPage, PastTheEnd) as exc:
            raise InputError(str(exc)) from exc
        except UnknownPaper as exc:
            raise InputError(f"{exc} in {settings.database_url}") from exc
    if args.html:
        from arxref.web.render import make_environment, render_html

        args.html.write_text(render_html(make_environment(), "record.html", record, record["links"]["json"]))
    from arxref.web.render import page_json

    sys.stdout.write(page_json(record))
    return 0


def cmd_status(args: argparse.Namespace, settings: Settings) -> int:
    with database(settings) as engine:
        now = datetime.now(UTC)
        with engine.connect() as conn:
            by_state = versions.count_by_state(conn)
            failures = versions.count_failures(conn)
            throughput = {
                f"last_{m}_min": versions.count_finished_since(conn, now - timedelta(minutes=m))
                for m in (1, 5, 15)
            }
        queues = _queue_depths(settings)
        if args.json:
            doc = {
                "versions_by_state": by_state,
                "failures_by_error_class": failures,
                "throughput": throughput,
                "queues": queues,
            }
            print(json.dumps(doc, indent=1))
            return 0
        if isinstance(queues, dict):
            print("queues: " + ", ".join(f"{k} {v}" for k, v in queues.items()))
        elif queues:
            print(f"queues: {queues}")
        print("versions by state: " + (", ".join(f"{k} {v}" for k, v in sorted(by_state.items())) or "none"))
        for key, n in failures.items():
            print(f"  failed at {key}: {n}")
        for window, counts in throughput.items():
            done, failed = counts.get("done", 0), counts.get("failed", 0)
            minutes = int(window.split("_")[1])
            rate = (done + failed) / minutes
            print(f"{window.replace('_', ' ')}: {done} done, {failed} failed ({rate:.1f}/min)")
        return 0


def cmd_reprocess(args: argparse.Namespace, settings: Settings) -> int:
    with database(settings) as engine:
        explicit_folder = args.source_dir is not None
        if args.source_dir:
            settings = replace(settings, source_dir=args.source_dir)
        if (args.stage or args.error_class or args.since) and not args.failed:
            raise InvalidIdentifier("--stage, --error-class and --since narrow --failed")
        stalled_before = None
        if args.stalled is not None:
            stalled_before = datetime.now(UTC) - timedelta(minutes=args.stalled)
        selection = versions.Selection(
            failed=args.failed,
            stage=Stage(args.stage) if args.stage else None,
            error_class=args.error_class,
            since=args.since,
            extractor_older_than=args.extractor_older_than,
            stalled_before=stalled_before,
        )
        in_process = args.in_process or (not args.pool and not settings.broker_url)
        if stalled_before is not None and not in_process:
            # What the pool's periodic sweep does, by hand and with this stall age.
            results = _resend_stalled(engine, settings, stalled_before)
        else:
            with engine.connect() as conn:
                chosen = versions.select_versions(conn, selection)
            if in_process:
                results = _reprocess_here(engine, settings, chosen, explicit_folder)
            else:
                results = _reprocess_pool(engine, settings, chosen)
        if args.json:
            print(json.dumps({"mode": "in-process" if in_process else "pool", "versions": results}, indent=1))
            return _exit_code(in_process, results)
        for key, outcome in results.items():
            print(f"{key}: {outcome}")
        verb = "reprocessed" if in_process else "queued again"
        count = sum(1 for outcome in results.values() if outcome != _IN_BROKER)
        print(f"{count} versions {verb}")
        return _exit_code(in_process, results)


def _exit_code(in_process: bool, results: dict[str, str]) -> int:
    """In-process runs know their outcome: 1 when some version failed again."""
    done = VersionState.DONE.value
    failed = in_process and any(not outcome.startswith(done) for outcome in results.values())
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _reprocess_here(
    engine: sa.Engine, settings: Settings, rows: list[versions.VersionRow], explicit_folder: bool
) -> dict[str, str]:
    """Run each version again here, reading it where it came from (its recorded folder) unless
    --source-dir says otherwise."""
    fetchers: dict[Path | None, Fetcher] = {}
    progress = Progress("reprocess", len(rows))
    results = {}
    for row in rows:
        local = settings
        if not explicit_folder and row.origin and Path(row.origin).is_dir():
            local = replace(settings, source_dir=Path(row.origin), fetch_mode="folder")
        if local.source_dir not in fetchers:
            fetchers[local.source_dir] = make_fetcher(local)
        with engine.begin() as conn:
            versions.mark_requeued(conn, row.paper)
        after = process_version(engine, local, row.paper, fetchers[local.source_dir])
        results[row.paper.key] = after.state.value + (
            f" ({after.last_error_class})" if after.last_error_class else ""
        )
        progress.step()
    progress.close()
    return results


def _reprocess_pool(engine: sa.Engine, settings: Settings, rows: list[versions.VersionRow]) -> dict[str, str]:
    """Queue each version again; a version whose message could not be sent is left as it was."""
    from arxref.tasks import check_broker, make_celery, send_fetch  # Celery loads only for the pool

    app = make_celery(settings)
    check_broker(app)
    progress = Progress("queue", len(rows))
    for sent, row in enumerate(rows):
        with engine.begin() as conn:
            versions.mark_requeued(conn, row.paper)
        try:
            send_fetch(app, row.paper)
        except Exception as exc:  # kombu's errors as Redis goes away mid-way
            with engine.begin() as conn:
                versions.restore_version(conn, row)
            raise BrokerUnavailable(
                f"the broker went away while sending ({type(exc).__name__}): {sent} of {len(rows)} versions"
                " queued again, the rest left as they were; run the same reprocess when it is back"
            ) from exc
        progress.step()
    progress.close()
    return {row.paper.key: "queued" for row in rows}


_IN_BROKER = "still in the broker, not sent again"


def _resend_stalled(engine: sa.Engine, settings: Settings, stalled_before: datetime) -> dict[str, str]:
    from arxref.tasks import check_broker, make_celery, resend_stalled_versions

    app = make_celery(settings)
    check_broker(app)
    done = resend_stalled_versions(app, engine, stalled_before)
    results = {paper.key: f"queued again ({task})" for paper, task in done.resent.items()}
    results.update(dict.fromkeys((paper.key for paper in done.in_broker), _IN_BROKER))
    return results


def _queue_depths(settings: Settings) -> dict[str, int] | str | None:
    if not settings.broker_url:
        return None
    from arxref.tasks import check_broker, make_celery, queue_depths

    app = make_celery(settings)
    try:
        check_broker(app, timeout=2)  # one try: kombu's own retries took 7 s to say the broker is down
        return queue_depths(app)
    except Exception as exc:  # status must still show the database when the broker is down
        cause = exc.__cause__ if exc.__cause__ is not None else exc
        return f"broker unreachable ({type(cause).__name__})"


def _origin(settings: Settings) -> str | None:
    """The local folder a run reads versions from, as stored on them; None for arXiv or the mirror."""
    if settings.resolved_fetch_mode != "folder" or settings.source_dir is None:
        return None
    return str(settings.source_dir.resolve())


def _versions_of(target: str, settings: Settings) -> list[tuple[PaperVersion, Path | None]]:
    path = Path(target)
    if path.is_dir():
        files = [p for p in sorted(path.iterdir()) if p.is_file()]
        found = {p.name: _version_from_filename(p.name) for p in files}
        # Files that look like papers (by suffix) but are not named as versions; a catalog beside them is not.
        skipped = [name for name, paper in found.items() if paper is None and _PAPER_SUFFIX.search(name)]
        if skipped:
            shown = ", ".join(skipped[:5]) + (", ..." if len(skipped) > 5 else "")
            expected = "<arxiv id>v<n>.pdf/.tar.gz/.gz/.tex"
            print(f"{path}: skipped {len(skipped)} files not named {expected} ({shown})", file=sys.stderr)
        papers = {paper for paper in found.values() if paper is not None}
        if not papers:
            raise InputError(f"{path}: no version files in this folder (<arxiv id>v<n>.pdf/.tar.gz/.gz/.tex)")
        return [(paper, path) for paper in sorted(papers, key=lambda p: p.key)]
    if path.is_file():
        paper = _version_from_filename(path.name)
        if paper is None:
            raise InvalidIdentifier(f"{path.name}: expected <arxiv id>v<n>.pdf/.tar.gz/.gz/.tex")
        return [(paper, path.parent)]
    parsed = parse_arxiv_id(target)
    if parsed is None:
        raise InvalidIdentifier(f"not an arXiv id, file or folder: {target!r}")
    return [(PaperVersion(parsed.number, parsed.version or 1), settings.source_dir)]


def _say_origin(ids: list[str], settings: Settings) -> None:
    """Say where the versions given by id are read from, and fail at once when that is arXiv and it
    cannot be reached (offline), before any version is saved as queued."""
    if not ids:
        return
    print(f"{', '.join(ids)}: from {describe_origin(settings)}", file=sys.stderr)
    if settings.resolved_fetch_mode == "http":
        check_arxiv_reachable(settings)


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

"""`arxref crosscheck`: a version's e-print and PDF entries aligned, and the worst-first report."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from arxref.cli._common import InputError, database
from arxref.domain import PaperVersion, VersionState
from arxref.fetch import make_fetcher
from arxref.ids import parse_arxiv_id
from arxref.record.observation import iso
from arxref.settings import Settings
from arxref.stages.crosscheck import crosscheck_stage
from arxref.store import versions
from arxref.store.crosschecks import StoredCrossCheck, count_disagreements, list_crosschecks, load_crosscheck


def cmd_crosscheck(args: argparse.Namespace, settings: Settings) -> int:
    with database(settings) as engine:
        if args.report:
            with engine.connect() as conn:
                checks = list_crosschecks(conn, args.below)
                kinds = count_disagreements(conn, args.below)
            _print_report(checks, kinds, args.json)
            return 0
        paper = _stored_version(engine, args.target)
        with engine.connect() as conn:
            row = versions.get_version(conn, paper)
        local = settings
        folder = args.source_dir or (Path(row.origin) if row and row.origin else None)
        if folder is not None:
            local = replace(settings, source_dir=folder, fetch_mode="folder")
        crosscheck_stage(engine, local, paper, make_fetcher(local))
        with engine.connect() as conn:
            stored = load_crosscheck(conn, paper, disagreeing_only=True)
    assert stored is not None
    _print_check(stored, args.json)
    return 0


def _stored_version(engine, target: str) -> PaperVersion:  # noqa: ANN001
    parsed = parse_arxiv_id(target)
    if parsed is None:
        raise InputError(f"not an arXiv id: {target!r}")
    with engine.connect() as conn:
        known = [r for r in versions.list_versions(conn) if r.paper.arxiv_id == parsed.number]
    if parsed.version is not None:
        known = [r for r in known if r.paper.version == parsed.version]
    known = [r for r in known if r.state == VersionState.DONE]
    if not known:
        raise InputError(f"{target}: no processed version to cross-check (arxref process it first)")
    return max(known, key=lambda r: r.paper.version).paper


def _check_doc(check: StoredCrossCheck) -> dict:
    return {
        "paper": check.paper.key,
        "agreement": check.agreement,
        "counts": check.counts,
        "eprint_entries": check.eprint_entries,
        "pdf_entries": check.pdf_entries,
        "pdf_error": check.pdf_error,
        "extractor_version": check.extractor_version,
        "checked_at": iso(check.checked_at),  # UTC with a Z, as every time in JSON
        "disagreements": [
            {
                "kind": row["disagreement"],
                "similarity": row["similarity"],
                "eprint": _side(row, "eprint"),
                "pdf": _side(row, "pdf"),
            }
            for row in check.rows
        ],
    }


def _side(row: dict, side: str) -> dict | None:
    if row[f"{side}_text"] is None:
        return None
    return {
        "bibliography": row[f"{side}_bibliography"],
        "index": row[f"{side}_index"],
        "text": row[f"{side}_text"],
    }


def _print_check(check: StoredCrossCheck, as_json: bool) -> None:
    doc = _check_doc(check)
    if as_json:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return
    counts = ", ".join(f"{k} {v}" for k, v in sorted(check.counts.items()))
    print(f"{check.paper.key}: agreement {check.agreement:.3f} ({counts})")
    if check.pdf_error:
        print(f"  the PDF path failed: {check.pdf_error}")
    for item in doc["disagreements"]:
        print(f"  {item['kind']}:")
        for side in ("eprint", "pdf"):
            where = item[side]
            if where is not None:
                print(f"    {side:<6} [{where['bibliography']}:{where['index']}] {where['text']}")


def _print_report(checks: list[StoredCrossCheck], kinds: dict[str, int], as_json: bool) -> None:
    if as_json:
        doc = {
            "versions": [
                {"paper": c.paper.key, "agreement": c.agreement, "counts": c.counts, "pdf_error": c.pdf_error}
                for c in checks
            ],
            "disagreements_by_kind": kinds,
        }
        print(json.dumps(doc, indent=1))
        return
    for check in checks:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(check.counts.items()))
        print(f"{check.agreement:.3f}  {check.paper.key:<16} {counts}")
    print(
        f"{len(checks)} versions; disagreements by kind: "
        + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none")
    )

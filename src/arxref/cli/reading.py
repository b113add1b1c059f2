"""Sub-commands that read papers without a database: extract, eval."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arxref.cli._common import InputError, read_catalog_records
from arxref.cli._progress import Progress
from arxref.settings import Settings


def cmd_extract(args: argparse.Namespace, settings: Settings) -> int:
    # imported here, and the catalog and resolver only when asked for: a one-paper command
    # should not pay for what it does not use (see cli/commands.py)
    from arxref.extract.choice import extract_path
    from arxref.output import extraction_to_json
    from arxref.parse import parse_references

    extraction = extract_path(args.path)
    parsed = parse_references(extraction.references)
    resolutions = None
    if args.catalog:
        from arxref.catalog.records import MemoryCatalog
        from arxref.resolve import resolve_parsed

        catalog = MemoryCatalog(read_catalog_records(args.catalog))
        resolutions = resolve_parsed(extraction.references, parsed, catalog)
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
    from arxref.catalog.records import MemoryCatalog
    from arxref.evaluate.inputs import predict_paper
    from arxref.evaluate.score import EvalMode, evaluate_corpus, format_table
    from arxref.evaluate.titles import evaluate_titles, format_titles

    papers = len(list(args.corpus.glob("*/gold.json")))
    if not papers:
        raise InputError(f"{args.corpus}: no <paper>/gold.json here: not a gold corpus")
    catalog = MemoryCatalog(read_catalog_records(args.catalog)) if args.catalog else None
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    progress = Progress("eval", papers, "papers")
    predictions: dict[str, list[dict]] = {}

    def predict(paper_dir: Path, mode: EvalMode) -> list[dict]:
        progress.step()
        predictions[paper_dir.name] = []  # a paper whose extraction fails still counts its titles
        doc = predict_paper(paper_dir, mode, catalog, hide_ids=args.hide_ids)
        if args.out:
            (args.out / f"{paper_dir.name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False))
        predictions[paper_dir.name] = doc["references"]
        return doc["references"]

    scores = evaluate_corpus(args.corpus, EvalMode(args.mode), predict)
    progress.close()
    print(format_table(scores))
    if args.titles:
        print()
        print(format_titles(evaluate_titles(args.corpus, predictions)))
    return 0

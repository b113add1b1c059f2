"""Sub-commands that read papers without a database: extract, eval."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from arxref.cli._common import InputError, read_catalog_records
from arxref.cli._progress import Progress
from arxref.domain import COMPOSED
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
        print(f"# {note_for_people(note)}")
    composed = sum(COMPOSED in ref["flags"] for ref in doc["references"])
    if composed:
        print(
            f"# {composed} entries marked (composed): their text is made from the bibliography's fields "
            "(a biblatex .bbl holds no printed text), in the fields' order, not as the page prints it"
        )
    for ref in doc["references"]:
        label = ref["label"] or ref["index"]
        status = f"  [{ref['resolution']['status']}]" if "resolution" in ref else ""
        mark = " (composed)" if COMPOSED in ref["flags"] else ""
        print(f"{ref['bibliography']}:{ref['index']:>3}  [{label}]{mark} {ref['raw']}{status}")
    print(
        f"{len(doc['references'])} references ({doc['source']}) "
        f"in {doc['bibliographies']} bibliography list(s)"
    )
    return 0


_PAGE_LIST = re.compile(r"\[(\d+(?:, \d+)*)\]")
_ONE_PAGE_RANGE = re.compile(r"\bpages (\d+)-\1\b")


def note_for_people(note: str) -> str:
    """An extraction note as a person reads it: page lists as ranges ("5-7, 9", not "[5, 6, 7, 9]"),
    "page 13" for "pages 13-13". The note itself (stored, and in `--json`) is left as it is."""
    note = note.replace("pages read closely:", "pages whose layout was read:")
    note = _PAGE_LIST.sub(lambda m: _page_ranges([int(p) for p in m[1].split(", ")]), note)
    return _ONE_PAGE_RANGE.sub(r"page \1", note)


def _page_ranges(pages: list[int]) -> str:
    runs: list[list[int]] = []
    for page in pages:
        if runs and page == runs[-1][-1] + 1:
            runs[-1].append(page)
        else:
            runs.append([page])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


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

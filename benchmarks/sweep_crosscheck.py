"""The cross-check as a search light: both paths on many papers with no gold, agreement per paper.

Each paper folder holds `paper.pdf` and `source/` (the e-print's files as arXiv would serve them)
and `meta.json` (where it came from: origin_repo, origin_commit, document_class, bib_style). For
each, the e-print path and the PDF path run and their entries are aligned (`cross_check`); the
table lists every paper below the threshold with what disagrees, then the distribution of
agreement. The fetched papers stay outside the repository; `--list FILE` writes the list of
what was swept (repo@commit, class, style, agreement), which may be committed.

    .venv/bin/python benchmarks/sweep_crosscheck.py /path/to/sweep [--below 0.95] [--list FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from arxref.errors import ArxrefError
from arxref.evaluate.crosscheck import cross_check
from arxref.evaluate.inputs import corpus_eprint
from arxref.pdf import extract_pdf_references
from arxref.source import extract_source_references, unpack_eprint


def sweep_paper(folder: Path) -> dict:
    """Both paths and their agreement for one paper folder; an error names the path that failed."""
    meta = json.loads((folder / "meta.json").read_text()) if (folder / "meta.json").is_file() else {}
    row = {
        "slug": folder.name,
        "repo": meta.get("origin_repo", ""),
        "commit": (meta.get("origin_commit") or "")[:12],
        "class": meta.get("document_class", ""),
        "style": meta.get("bib_style", ""),
    }
    eprint = corpus_eprint(folder)
    try:
        source = extract_source_references(unpack_eprint(eprint)).references if eprint else ()
    except ArxrefError as exc:
        source, row["source_error"] = (), type(exc).__name__
    try:
        pdf = extract_pdf_references((folder / "paper.pdf").read_bytes()).references
    except ArxrefError as exc:
        pdf, row["pdf_error"] = (), type(exc).__name__
    check = cross_check(source, pdf)
    row.update(
        agreement=round(check.agreement, 4),
        eprint=len(source),
        pdf=len(pdf),
        counts={str(k): v for k, v in check.counts.items()},
    )
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sweep", type=Path, help="a folder of paper folders (paper.pdf, source/, meta.json)")
    ap.add_argument("--below", type=float, default=0.95, help="list the papers whose agreement is below this")
    ap.add_argument("--list", type=Path, help="write every swept paper's row here (TSV)")
    ap.add_argument("--json", type=Path, help="write every row with its counts here (JSON lines)")
    a = ap.parse_args()
    folders = sorted(p.parent for p in a.sweep.glob("*/paper.pdf"))
    rows = []
    started = time.perf_counter()
    for folder in folders:
        rows.append(sweep_paper(folder))
    seconds = time.perf_counter() - started
    print(f"{'paper':<48} {'agree':>6} {'e-print':>7} {'pdf':>5}  counts")
    for r in sorted(rows, key=lambda r: r["agreement"]):
        if r["agreement"] < a.below:
            errors = " ".join(f"{k}={r[k]}" for k in ("source_error", "pdf_error") if k in r)
            figures = f"{r['agreement']:>6.3f} {r['eprint']:>7} {r['pdf']:>5}"
            print(f"{r['slug'][:48]:<48} {figures}  {r['counts']} {errors}")
    values = [r["agreement"] for r in rows]
    if values:
        print(
            f"{len(values)} papers in {seconds:.0f} s; agreement median {statistics.median(values):.3f}, "
            f"mean {statistics.mean(values):.3f}; >= 0.99: {sum(v >= 0.99 for v in values)}, "
            f">= 0.95: {sum(v >= 0.95 for v in values)}, < 0.95: {sum(v < 0.95 for v in values)}"
        )
    if a.list:
        lines = ["slug\trepo\tcommit\tclass\tstyle\teprint\tpdf\tagreement"]
        lines += [
            f"{r['slug']}\t{r['repo']}\t{r['commit']}\t{r['class']}\t{r['style']}\t{r['eprint']}\t{r['pdf']}\t"
            f"{r['agreement']:.3f}"
            for r in rows
        ]
        a.list.write_text("\n".join(lines) + "\n")
    if a.json:
        a.json.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

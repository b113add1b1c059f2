"""Benchmark (not a test): what cross-checking a version costs beside reading its PDF alone.

Over every paper of the corpora with both an e-print and a PDF, CPU time per paper of: the PDF
path alone; the e-print path alone; and the alignment of the two lists (`cross_check`). A
cross-checked version pays all three (and a second arXiv request for its PDF, not measured here).

    .venv/bin/python benchmarks/bench_crosscheck.py [CORPUS_DIR ...] [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from arxref.errors import ArxrefError
from arxref.evaluate.crosscheck import cross_check
from arxref.evaluate.inputs import corpus_eprint
from arxref.pdf import extract_pdf_references
from arxref.source import extract_source_references, unpack_eprint

SHARED = Path(__file__).resolve().parents[2] / "shared"


def _papers(corpora: list[Path]) -> list[tuple[bytes, bytes]]:
    papers = []
    for corpus in corpora:
        for folder in sorted(p for p in corpus.iterdir() if (p / "paper.pdf").is_file()):
            eprint = corpus_eprint(folder)
            if eprint is not None:
                papers.append((eprint, (folder / "paper.pdf").read_bytes()))
    return papers


def _cpu(work) -> float:  # noqa: ANN001
    started = time.process_time()
    work()
    return time.process_time() - started


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="*", type=Path, default=[SHARED / "corpus", SHARED / "corpus-wide"])
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    papers = _papers(a.corpora)
    best = {"pdf": float("inf"), "eprint": float("inf"), "align": float("inf")}
    align_each: list[float] = []
    for _ in range(a.rounds):
        totals = {"pdf": 0.0, "eprint": 0.0, "align": 0.0}
        align_each = []
        for eprint, pdf in papers:
            out: dict = {}

            def read_pdf(pdf: bytes = pdf, out: dict = out) -> None:
                try:
                    out["pdf"] = extract_pdf_references(pdf).references
                except ArxrefError:
                    out["pdf"] = ()

            def read_eprint(eprint: bytes = eprint, out: dict = out) -> None:
                try:
                    out["eprint"] = extract_source_references(unpack_eprint(eprint)).references
                except ArxrefError:
                    out["eprint"] = ()

            totals["pdf"] += _cpu(read_pdf)
            totals["eprint"] += _cpu(read_eprint)
            spent = _cpu(lambda out=out: cross_check(out["eprint"], out["pdf"]))
            totals["align"] += spent
            align_each.append(spent)
        best = {k: min(best[k], v) for k, v in totals.items()}
    n = len(papers)
    pdf_alone = best["pdf"] / n
    checked = (best["pdf"] + best["eprint"] + best["align"]) / n
    print(f"{n} papers with an e-print and a PDF, best of {a.rounds} rounds (CPU time)")
    print(f"PDF path alone           {1000 * pdf_alone:7.1f} ms/paper  {1 / pdf_alone:6.1f} papers/s/core")
    print(f"e-print path             {1000 * best['eprint'] / n:7.1f} ms/paper")
    worst = 1000 * max(align_each)
    print(f"alignment (cross_check)  {1000 * best['align'] / n:7.1f} ms/paper  (max {worst:.0f} ms)")
    print(f"cross-checked version    {1000 * checked:7.1f} ms/paper  {1 / checked:6.1f} papers/s/core")
    print(
        f"cost of the cross-check: x{checked / pdf_alone:.2f} the PDF path alone; median alignment "
        f"{1000 * statistics.median(align_each):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

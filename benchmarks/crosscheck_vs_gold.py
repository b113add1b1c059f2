"""How well the cross-check (no gold) predicts the PDF path's accuracy against gold, paper by paper.

For every corpus paper with an e-print and a PDF: the agreement of the two paths beside the PDF
path's F1 and index against gold (score.py's figures), the correlation of agreement with F1 x index,
and every paper where the two differ by more than 0.05, with the alignment's counts.

    .venv/bin/python benchmarks/crosscheck_vs_gold.py [CORPUS_DIR ...] [--all]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from arxref.errors import ArxrefError
from arxref.evaluate.crosscheck import cross_check
from arxref.evaluate.inputs import corpus_eprint
from arxref.evaluate.score import figures, score_paper
from arxref.pdf import extract_pdf_references
from arxref.source import extract_source_references, unpack_eprint

SHARED = Path(__file__).resolve().parents[2] / "shared"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="*", type=Path, default=[SHARED / "corpus", SHARED / "corpus-wide"])
    ap.add_argument("--all", action="store_true", help="print every paper, not only those that differ")
    a = ap.parse_args()
    rows = []
    for corpus in a.corpora:
        for gold_file in sorted(corpus.glob("*/gold.json")):
            folder = gold_file.parent
            eprint = corpus_eprint(folder)
            if eprint is None or not (folder / "paper.pdf").is_file():
                continue
            try:
                source = extract_source_references(unpack_eprint(eprint)).references
            except ArxrefError:
                continue
            try:
                pdf = extract_pdf_references((folder / "paper.pdf").read_bytes()).references
            except ArxrefError:
                pdf = ()
            check = cross_check(source, pdf)
            gold = json.loads(gold_file.read_text())
            composed = "composed" in (gold.get("gold_from") or "")
            scored = figures(
                score_paper(gold["references"], [{"index": r.index, "raw": r.raw} for r in pdf], composed)
            )
            rows.append((folder.name, check.agreement, scored["F1"], scored["index"] or 0.0, check.counts))
    print(f"{'paper':<32} {'agreement':>9} {'PDF F1':>7} {'index':>7}  counts")
    for name, agreement, f1, index, counts in rows:
        differs = abs(agreement - f1 * index) > 0.05
        if differs or a.all:
            mark = "  <" if differs else ""
            print(f"{name[:32]:<32} {agreement:>9.3f} {f1:>7.3f} {index:>7.3f}  {counts}{mark}")
    agreements = [r[1] for r in rows]
    accuracy = [r[2] * r[3] for r in rows]
    gaps = [abs(x - y) for x, y in zip(agreements, accuracy, strict=True)]
    close = sum(1 for gap in gaps if gap <= 0.05)
    print(
        f"{len(rows)} papers; agreement within 0.05 of F1 x index on {close}; "
        f"Pearson r {statistics.correlation(agreements, accuracy):.3f}; "
        f"mean |agreement - F1 x index| {statistics.mean(gaps):.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark (not a test): papers per second per core for the PDF path, beside PyMuPDF's floor.

The floor is what PyMuPDF alone takes to extract the plain text of every page of the same
PDFs. Each mode runs in its own process on one core, so its peak memory is its own.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_pdf.py [CORPUS_DIR] [--repeat N]
    PYTHONPATH=src .venv/bin/python benchmarks/bench_pdf.py --interleaved DIR [DIR ...] [--repeat N]

`--interleaved` times both modes in one process, paper by paper (floor, then pdf_text, best of
N each), over the PDFs of every DIR: both see the machine in the same state, which on a shared
VM moves the ratio less than two processes run one after the other. It also times a stricter
floor, the same plain text read through the text page's own method (`TextPage.extractText`, as
the PDF path reads it): `page.get_text` checks its arguments and measures the page on every
call, about a tenth of the floor. The goal's ratio is against the floor as a user calls it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _floor(data: bytes) -> None:
    import pymupdf

    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            page.get_text("text")


def _floor_textpage(data: bytes) -> None:
    import pymupdf

    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            page.get_textpage().extractText()


def _pdf_path(data: bytes) -> None:
    from arxref.errors import ArxrefError
    from arxref.pdf import extract_pdf_references

    with contextlib.suppress(ArxrefError):  # a named failure is a processed paper
        extract_pdf_references(data)


def _run_mode(mode: str, corpus: Path, repeat: int) -> dict:
    """Time one mode over every corpus PDF, in this process; best of `repeat` per paper."""
    import pymupdf

    pymupdf.TOOLS.mupdf_display_errors(False)
    fn = _floor if mode == "floor" else _pdf_path
    pdfs = [p.read_bytes() for p in sorted(corpus.glob("*/paper.pdf"))]
    fn(pdfs[0])  # warm imports
    per_paper = []
    for data in pdfs:
        best = min(_timed(fn, data) for _ in range(repeat))
        per_paper.append(best)
    return {
        "mode": mode,
        "papers": len(pdfs),
        "seconds": sum(per_paper),
        "median_s": statistics.median(per_paper),
        "max_s": max(per_paper),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _timed(fn, data: bytes) -> float:
    t = time.process_time()  # CPU time of this process: per core, whatever else runs on the machine
    fn(data)
    return time.process_time() - t


def _interleaved(corpora: list[Path], repeat: int) -> int:
    import pymupdf

    pymupdf.TOOLS.mupdf_display_errors(False)
    pdfs = [p.read_bytes() for corpus in corpora for p in sorted(corpus.glob("*/paper.pdf"))]
    _floor(pdfs[0])
    _pdf_path(pdfs[0])  # warm imports
    modes = (("floor", _floor), ("floor_textpage", _floor_textpage), ("pdf_text", _pdf_path))
    seconds = dict.fromkeys((mode for mode, _ in modes), 0.0)
    for data in pdfs:
        for mode, fn in modes:
            seconds[mode] += min(_timed(fn, data) for _ in range(repeat))
    for mode in seconds:
        rate = len(pdfs) / seconds[mode]
        print(f"{mode:<14} {len(pdfs)} papers {seconds[mode]:.2f} s CPU {rate:.1f} papers/s/core")
    strict = seconds["floor_textpage"] / seconds["pdf_text"]
    print(f"pdf_text speed / floor_textpage speed: {strict:.3f}")
    ratio = seconds["floor"] / seconds["pdf_text"]
    print(f"pdf_text speed / floor speed: {ratio:.3f} (interleaved, best of {repeat})")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--mode", choices=("floor", "pdf_text"), help=argparse.SUPPRESS)
    ap.add_argument("--interleaved", nargs="+", type=Path, metavar="DIR", help="both modes in one process")
    a = ap.parse_args(argv)
    if a.interleaved:
        return _interleaved(a.interleaved, a.repeat)
    if a.mode:
        print(json.dumps(_run_mode(a.mode, a.corpus, a.repeat)))
        return 0
    results = {}
    for mode in ("floor", "pdf_text"):
        out = subprocess.run(
            [sys.executable, __file__, str(a.corpus), "--repeat", str(a.repeat), "--mode", mode],
            check=True,
            capture_output=True,
            text=True,
        )
        results[mode] = json.loads(out.stdout)
    print(
        f"{'mode':<34} {'papers':>6} {'papers/s/core':>13} {'median s':>9} {'max s':>7} {'peak RSS MB':>11}"
    )
    for mode, label in (("floor", "PyMuPDF plain text, every page"), ("pdf_text", "arxref pdf_text path")):
        r = results[mode]
        rate = r["papers"] / r["seconds"]
        print(
            f"{label:<34} {r['papers']:>6} {rate:>13.1f} {r['median_s']:>9.3f} {r['max_s']:>7.3f}"
            f" {r['peak_rss_mb']:>11.0f}"
        )
    ratio = results["floor"]["seconds"] / results["pdf_text"]["seconds"]
    print(f"pdf_text speed / floor speed: {ratio:.2f} (goal: >= 10 papers/s/core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

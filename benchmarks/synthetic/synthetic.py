"""Benchmark (not a test): the PDF path on one bibliography compiled in many classes and styles.

README. `refs.bib` holds some hundred real-looking entries of every kind (articles, books,
chapters, theses, reports, web pages, software, arXiv preprints; accented, particle, corporate
and long author lists). `cases.py` prints it with \\nocite{*} in each document class and
bibliography style this TeX Live has (standard LaTeX with the classic bibtex and natbib styles,
IEEEtran, elsarticle, LNCS, REVTeX, amsart, acmart, AASTeX, MNRAS, achemso, JMLR, report,
memoir, KOMA, book with chapterbib, Russian in T2A, a dozen biblatex styles), in one and two
columns, with floats, line numbers, back-references, appendices and second lists. Each case
is compiled (pdflatex, bibtex or biber, pdflatex twice) into a cache folder outside the
repository, laid out as a corpus paper (`<case>/paper.pdf`, `<case>/source/`, `<case>/gold.json`),
with gold made from the compiled .bbl by arxref's e-print path (the `arxiv_source` path, which
reads every list of corpus-wide exactly). The PDF path is then scored against that gold with
the figures of `arxref eval` (`score_paper`, `figures`): entries, P, R, F1, index. A case is
compiled again only when its sources change. `arxref eval CACHE/corpus --pdf-only` gives the
same table with every column.

    .venv/bin/python benchmarks/synthetic/synthetic.py [--cache DIR] [--only CASE ...] [--jobs N]
        [--score-only] [--save FILE.json] [--compare FILE.json]

`--save` keeps the figures, `--compare` prints them beside an earlier run's (before -> after).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cases import CASES, Case  # noqa: E402

from arxref.errors import ArxrefError  # noqa: E402
from arxref.evaluate.inputs import predict_paper  # noqa: E402
from arxref.evaluate.score import Counts, EvalMode, figures, score_paper  # noqa: E402
from arxref.source import extract_source_references, pack_folder_as_eprint, unpack_eprint  # noqa: E402

HERE = Path(__file__).parent
BIB = HERE / "refs.bib"
DEFAULT_CACHE = Path("/tmp/arxref-synthetic")
_CHAPTERED = re.compile(r"\{(?:report|book|memoir|scrreprt|scrbook)\}")
_PASS_LIMIT = 180  # seconds for one run of a TeX program
COMPOSED = "biblatex bbl (entry text composed from its fields)"


def document(case: Case) -> str:
    """The case's main .tex: front matter, a section of text, the lists and what follows them."""
    section = r"\chapter{Introduction}" if _CHAPTERED.search(case.preamble) else r"\section{Introduction}"
    if "russian" in case.preamble:
        section = r"\section{Введение}"
    return "\n".join(
        [
            case.preamble,
            r"\begin{document}",
            case.front,
            section,
            case.text,
            case.before,
            case.bibliography,
            case.after,
            r"\end{document}",
            "",
        ]
    )


def _stamp(case: Case, tex: str) -> str:
    parts = [tex, BIB.read_text(), case.tool, *(f"{k}\n{v}" for k, v in sorted(case.files.items()))]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _run(args: list[str], cwd: Path) -> None:
    subprocess.run(
        ["nice", "-n", "10", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=_PASS_LIMIT,
        check=False,
    )


def compile_case(case: Case, cache: Path) -> Path | None:
    """The case compiled in `cache/build/<case>` (again only when its sources changed); its PDF or None."""
    work = cache / "build" / case.name
    tex = document(case)
    stamp = _stamp(case, tex)
    pdf = work / "paper.pdf"
    if pdf.is_file() and (work / "stamp").is_file() and (work / "stamp").read_text() == stamp:
        return pdf
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "paper.tex").write_text(tex)
    (work / "refs.bib").write_text(BIB.read_text())
    for name, text in case.files.items():
        (work / name).write_text(text)
    latex = ["pdflatex", "-interaction=nonstopmode", "paper"]
    _run(latex, work)
    if case.tool == "biber":
        _run(["biber", "paper"], work)
    else:  # every .aux that asks for a bibliography: the main one, multibib's, chapterbib's
        for aux in sorted(work.glob("*.aux")):
            if "\\bibdata" in aux.read_text(errors="replace"):
                _run(["bibtex", aux.stem], work)
    _run(latex, work)
    _run(latex, work)
    if not pdf.is_file():
        return None
    errors = sum(
        1 for line in (work / "paper.log").read_text(errors="replace").splitlines() if line[:1] == "!"
    )
    (work / "errors").write_text(str(errors))
    (work / "stamp").write_text(stamp)
    return pdf


def write_paper(case: Case, cache: Path, pdf: Path) -> Path | str:
    """The case as a corpus paper: paper.pdf, source/ (what arXiv would hold), gold.json; or why not."""
    paper = cache / "corpus" / case.name
    shutil.rmtree(paper, ignore_errors=True)
    source = paper / "source"
    source.mkdir(parents=True)
    shutil.copy(pdf, paper / "paper.pdf")
    work = pdf.parent
    for f in [work / "paper.tex", work / "refs.bib", *work.glob("*.bbl"), *(work / n for n in case.files)]:
        shutil.copy(f, source / f.name)
    try:
        extraction = extract_source_references(unpack_eprint(pack_folder_as_eprint(source)))
    except ArxrefError as exc:
        shutil.rmtree(paper)
        return f"the e-print path read no gold: {type(exc).__name__}: {exc}"
    biblatex = any("\\entry{" in b.read_text(errors="replace") for b in work.glob("*.bbl"))
    gold = {
        "paper": case.name,
        "gold_from": COMPOSED if biblatex else "bbl",
        "references": [
            {
                "index": r.index,
                "bibliography": r.bibliography,
                "key": r.key,
                "label": r.label,
                "text": r.raw,
                "title": r.fields.title,
                "arxiv_id": r.fields.arxiv_id,
                "doi": r.fields.doi,
                "resolves_to": None,
                "resolves_known": False,
            }
            for r in extraction.references
        ],
    }
    (paper / "gold.json").write_text(json.dumps(gold, indent=1, ensure_ascii=False))
    return paper


def score_case(paper: Path) -> tuple[Counts, str | None]:
    """The PDF path's counts on one corpus paper, as `arxref eval --pdf-only` takes them."""
    gold_doc = json.loads((paper / "gold.json").read_text())
    error = None
    try:
        pred = predict_paper(paper, EvalMode.PDF, None)["references"]
    except Exception as exc:  # noqa: BLE001 - a failed paper scores zero and is shown
        pred, error = [], f"{type(exc).__name__}: {exc}"
    return score_paper(gold_doc["references"], pred, "composed" in gold_doc["gold_from"]), error


def _row(name: str, c: Counts, before: dict | None) -> str:
    f = figures(c)

    def show(key: str) -> str:
        now = "-" if f[key] is None else f"{f[key]:.3f}"
        if before is None:
            return f"{now:>7}"
        was = before.get(key)
        was_s = "-" if was is None else f"{was:.3f}"
        return f"{now:>7}" if was_s == now else f"{was_s:>5}->{now}"

    return f"{name[:34]:<34} {c.gold:>5} {c.pred:>5} " + " ".join(show(k) for k in ("P", "R", "F1", "index"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--only", nargs="*", default=None, help="case names (default: every case)")
    ap.add_argument("--jobs", type=int, default=1, help="cases compiled at once")
    ap.add_argument("--score-only", action="store_true", help="score the corpus already built")
    ap.add_argument("--save", type=Path, help="write the figures as JSON")
    ap.add_argument("--compare", type=Path, help="an earlier --save to print beside")
    args = ap.parse_args()
    cases = [c for c in CASES if args.only is None or c.name in args.only]
    papers: dict[str, Path | str] = {}
    if args.score_only:
        papers = {c.name: p if (p := args.cache / "corpus" / c.name).is_dir() else "not built" for c in cases}
    else:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            pdfs = dict(
                zip(
                    (c.name for c in cases),
                    pool.map(lambda c: compile_case(c, args.cache), cases),
                    strict=True,
                )
            )
        for c in cases:
            pdf = pdfs[c.name]
            papers[c.name] = write_paper(c, args.cache, pdf) if pdf else "did not compile"
    before = json.loads(args.compare.read_text()) if args.compare else {}
    print(f"{'case':<34} {'gold':>5} {'pred':>5} {'P':>7} {'R':>7} {'F1':>7} {'index':>7}")
    total, saved, notes = Counts(), {}, []
    for name, paper in papers.items():
        if isinstance(paper, str):
            notes.append(f"{name}: {paper}")
            continue
        counts, error = score_case(paper)
        if error:
            notes.append(f"{name}: {error}")
        log = args.cache / "build" / name / "paper.log"
        errors = (
            sum(1 for ln in log.read_text(errors="replace").splitlines() if ln[:1] == "!")
            if log.is_file()
            else 0
        )
        if errors:
            notes.append(f"{name}: compiled with {errors} TeX errors (build/{name}/paper.log)")
        total.add(counts)
        saved[name] = figures(counts) | {"gold": counts.gold, "pred": counts.pred}
        print(_row(name, counts, before.get(name) if args.compare else None))
    saved["ALL"] = figures(total) | {"gold": total.gold, "pred": total.pred}
    print(_row("ALL", total, before.get("ALL") if args.compare else None))
    for note in notes:
        print(note)
    if args.save:
        args.save.write_text(json.dumps(saved, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Comparison (not a test): refextract and arxref's PDF path on the corpus PDFs with gold.

refextract runs from its own virtual environment (created here on first use with
`pip install refextract`; it needs poppler-utils' `pdftotext` on PATH), in a worker
process of this same script that imports nothing of arxref. Its records (one per
citation element, several per printed entry) are grouped back into entries and put
in score.py's prediction shape: index from `linemarker`, raw from `raw_ref`, title,
arXiv id (`reportnumber`) and DOI where it gives them. Both tools are scored with
arxref.evaluate.score (score.py's rules) and timed per paper in wall time and in CPU time,
refextract's including its pdftotext children.

    PYTHONPATH=src .venv/bin/python benchmarks/compare_refextract.py [CORPUS] [--venv DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
DEFAULT_VENV = Path("/tmp/refextract-venv")
_ARXIV = re.compile(r"(?:arxiv:)?\s*(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})", re.I)


def _cpu_with_children() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _first(record: dict, key: str) -> str | None:
    values = record.get(key) or []
    return str(values[0]) if values else None


def _to_prediction(records: list[dict]) -> list[dict]:
    """refextract's records grouped into printed entries, in score.py's prediction shape."""
    refs: list[dict] = []
    last_key = None
    for rec in records:
        key = (_first(rec, "linemarker"), _first(rec, "raw_ref"))
        if key != last_key:
            marker = (key[0] or "").strip()
            index = int(marker) if marker.isdigit() else len(refs) + 1
            refs.append({"index": index, "raw": key[1] or "", "title": None, "arxiv_id": None, "doi": None})
            last_key = key
        ref = refs[-1]
        ref["title"] = ref["title"] or _first(rec, "title")
        for number in rec.get("reportnumber") or []:
            m = _ARXIV.search(str(number))
            if m and not ref["arxiv_id"]:
                ref["arxiv_id"] = m.group(1)
        doi = _first(rec, "doi")
        if doi and not ref["doi"]:
            ref["doi"] = re.sub(r"^(doi:|https?://(dx\.)?doi\.org/)", "", doi, flags=re.I)
    return refs


def _worker(corpus: Path, out: Path) -> None:
    """Runs inside refextract's venv: one prediction file per paper and a timings file."""
    from refextract import extract_references_from_file

    timings = {}
    for gold in sorted(corpus.glob("*/gold.json")):
        pdf = gold.parent / "paper.pdf"
        if not pdf.is_file():
            continue
        wall, cpu = time.perf_counter(), _cpu_with_children()
        try:
            records = extract_references_from_file(str(pdf))
            error = None
        except Exception as exc:  # noqa: BLE001 - a failure scores zero and is reported
            records, error = [], f"{type(exc).__name__}: {exc}"
        timings[gold.parent.name] = {
            "wall": time.perf_counter() - wall,
            "cpu": _cpu_with_children() - cpu,
            "error": error,
        }
        doc = {"references": _to_prediction(records)}
        (out / f"{gold.parent.name}.json").write_text(json.dumps(doc, ensure_ascii=False))
    (out / "_timings.json").write_text(json.dumps(timings))


def _ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([str(python), "-c", "import refextract"], capture_output=True).returncode:
        subprocess.run([str(python), "-m", "pip", "install", "-q", "refextract"], check=True)
    return python


def _arxref_predictions(corpus: Path) -> tuple[dict[str, list[dict]], dict[str, dict]]:
    from arxref.evaluate.inputs import predict_paper
    from arxref.evaluate.score import EvalMode

    preds, timings = {}, {}
    for gold in sorted(corpus.glob("*/gold.json")):
        if not (gold.parent / "paper.pdf").is_file():
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        preds[gold.parent.name] = predict_paper(gold.parent, EvalMode.PDF, None)["references"]
        timings[gold.parent.name] = {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}
    return preds, timings


def _row(name: str, scores: list, timings: dict[str, dict]) -> str:
    from arxref.evaluate.score import Counts, figures

    total = Counts()
    for s in scores:
        total.add(s.counts)
    f = figures(total)
    walls = [t["wall"] for t in timings.values()]
    cpus = [t["cpu"] for t in timings.values()]
    cols = [f[k] for k in ("P", "R", "F1", "index", "title", "arxiv", "doi")]
    shown = " ".join("      -" if v is None else f"{v:>7.3f}" for v in cols)
    return (
        f"{name:<22} {shown} {statistics.median(walls):>9.3f} {statistics.median(cpus):>9.3f}"
        f" {len(cpus) / sum(cpus):>10.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--venv", type=Path, default=DEFAULT_VENV, help="refextract's virtual environment")
    ap.add_argument("--out", type=Path, help="keep refextract's predictions here (default: a temp dir)")
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        _worker(a.corpus, a.worker)
        return 0
    if shutil.which("pdftotext") is None:
        print("refextract needs pdftotext: apt-get install -y poppler-utils", file=sys.stderr)
        return 2
    from arxref.evaluate.score import EvalMode, evaluate_corpus

    python = _ensure_venv(a.venv)
    with tempfile.TemporaryDirectory() as tmp:
        out = a.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(python), __file__, str(a.corpus), "--worker", str(out)], check=True)
        ref_timings = json.loads((out / "_timings.json").read_text())
        ref_preds = {s: json.loads((out / f"{s}.json").read_text())["references"] for s in ref_timings}
    ours, our_timings = _arxref_predictions(a.corpus)
    ref_scores = evaluate_corpus(a.corpus, EvalMode.PDF, lambda d, _m: ref_preds.get(d.name, []))
    our_scores = evaluate_corpus(a.corpus, EvalMode.PDF, lambda d, _m: ours.get(d.name, []))
    version = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('refextract'))"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    cols = " ".join(f"{c:>7}" for c in ("P", "R", "F1", "index", "title", "arxiv", "doi"))
    print(f"{len(ref_scores)} corpus papers with gold, read from their PDFs")
    print(f"{'tool':<22} {cols} {'median s':>9} {'med CPU s':>9} {'papers/s':>10}")
    print(_row(f"refextract {version}", ref_scores, ref_timings))
    print(_row("arxref --pdf-only", our_scores, our_timings))
    print("papers/s: per core, from CPU time (refextract's includes its pdftotext children);")
    print("arxref's is `arxref eval --pdf-only` per paper: PDF extraction and field parsing")
    for slug, t in ref_timings.items():
        if t["error"]:
            print(f"refextract error {slug}: {t['error']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

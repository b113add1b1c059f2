"""`arxref eval`: extraction over a gold corpus, scored with the figures of score.py.

The corpus is laid out as shared/corpus: `<slug>/gold.json`, `<slug>/source/`
(packed here as arXiv packs it, or `eprint.gz` when present) and
`<slug>/paper.pdf`. Matching and figures follow score.py's definitions (its
docstring): normalized texts paired one-to-one, best first, at rapidfuzz ratio
>= 80; where the gold was composed from biblatex fields (`gold_from` says
"composed"), a pair also matches when the gold's words are all but found in the
prediction (token_set_ratio >= 90) and the prediction is at most three times as
long; P, R, F1, index, title, arxiv, doi, res_R, res_P micro-averaged.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from rapidfuzz import fuzz

MATCH_THRESHOLD = 80.0
COMPOSED_THRESHOLD = 90.0
_LEADING_LABEL = re.compile(r"^\s*(\[[^\]]{1,12}\]|\(\d{1,4}\)|\d{1,4}\.(?=\s))\s*")
COLUMNS = ("P", "R", "F1", "index", "title", "arxiv", "doi", "res_R", "res_P")


class EvalMode(StrEnum):
    """Which input of each corpus paper is read."""

    PIPELINE = "pipeline"
    SOURCE = "source"
    PDF = "pdf"


@dataclass
class Counts:
    """The raw counts behind the figures of one paper, or of all."""

    gold: int = 0
    pred: int = 0
    matched: int = 0
    index_ok: int = 0
    title_n: int = 0
    title_ok: int = 0
    arxiv_n: int = 0
    arxiv_ok: int = 0
    doi_n: int = 0
    doi_ok: int = 0
    res_n: int = 0
    res_ok: int = 0
    res_claimed: int = 0
    res_right: int = 0

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class PaperScore:
    """One paper's counts, or the error that stopped its extraction."""

    slug: str
    counts: Counts = field(default_factory=Counts)
    error: str | None = None


def normalize_entry(text: str | None) -> str:
    """Accents, case, punctuation and a leading printed label folded away."""
    if not text:
        return ""
    text = _LEADING_LABEL.sub("", text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^0-9a-z]+", " ", text.lower()).strip()


def _norm_arxiv(value: str | None) -> str:
    if not value:
        return ""
    value = re.sub(r"^arxiv:\s*", "", value.strip().lower())
    return re.sub(r"v\d+$", "", value)


def match_entries(gold: list[dict], pred: list[dict], composed: bool = False) -> list[tuple[int, int]]:
    """One-to-one pairs (gold, predicted), most similar first, above the threshold.

    `composed`: the gold text was composed from fields and lacks what the style
    prints around them, so word containment also counts.
    """
    gold_texts = [normalize_entry(g.get("text")) for g in gold]
    pred_texts = [normalize_entry(p.get("raw")) for p in pred]
    scored = []
    for i, g in enumerate(gold_texts):
        for j, p in enumerate(pred_texts):
            score = fuzz.ratio(g, p, score_cutoff=MATCH_THRESHOLD)
            if composed and len(p) <= 3 * len(g):
                score = max(score, fuzz.token_set_ratio(g, p, score_cutoff=COMPOSED_THRESHOLD))
            if score:
                scored.append((score, i, j))
    scored.sort(reverse=True)
    used_gold, used_pred, pairs = set(), set(), []
    for _, i, j in scored:
        if i not in used_gold and j not in used_pred:
            used_gold.add(i)
            used_pred.add(j)
            pairs.append((i, j))
    return pairs


def score_paper(gold: list[dict], pred: list[dict], composed: bool = False) -> Counts:
    """Counts for one paper's predictions against its gold list."""
    c = Counts(gold=len(gold), pred=len(pred))
    c.title_n = sum(1 for g in gold if g.get("title"))
    c.arxiv_n = sum(1 for g in gold if g.get("arxiv_id"))
    c.doi_n = sum(1 for g in gold if g.get("doi"))
    c.res_n = sum(1 for g in gold if g.get("resolves_to"))
    for i, j in match_entries(gold, pred, composed):
        g, p = gold[i], pred[j]
        c.matched += 1
        c.index_ok += p.get("index") == g.get("index")
        c.title_ok += bool(g.get("title")) and normalize_entry(p.get("title")) == normalize_entry(g["title"])
        c.arxiv_ok += bool(g.get("arxiv_id")) and _norm_arxiv(p.get("arxiv_id")) == _norm_arxiv(g["arxiv_id"])
        c.doi_ok += bool(g.get("doi")) and (p.get("doi") or "").lower().rstrip(".") == g[
            "doi"
        ].lower().rstrip(".")
        resolution = p.get("resolution") or {}
        linked = ""
        if str(resolution.get("status", "")).startswith("verified"):
            linked = _norm_arxiv(resolution.get("cited_arxiv_id"))
        c.res_ok += bool(g.get("resolves_to")) and linked == _norm_arxiv(g["resolves_to"])
        if linked and g.get("resolves_known"):
            c.res_claimed += 1
            c.res_right += linked == _norm_arxiv(g.get("resolves_to"))
    return c


def figures(c: Counts) -> dict[str, float | None]:
    """The ratios printed for a row."""

    def ratio(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    p, r = ratio(c.matched, c.pred), ratio(c.matched, c.gold)
    f1 = round(2 * p * r / (p + r), 4) if p and r else 0.0
    return {
        "P": p,
        "R": r,
        "F1": f1,
        "index": ratio(c.index_ok, c.gold),
        "title": ratio(c.title_ok, c.title_n),
        "arxiv": ratio(c.arxiv_ok, c.arxiv_n),
        "doi": ratio(c.doi_ok, c.doi_n),
        "res_R": ratio(c.res_ok, c.res_n),
        "res_P": ratio(c.res_right, c.res_claimed),
    }


def evaluate_corpus(
    corpus: Path, mode: EvalMode, predict: Callable[[Path, EvalMode], list[dict]]
) -> list[PaperScore]:
    """Score `predict(paper_dir, mode)` on every paper with gold that the mode can read."""
    scores = []
    for gold_file in sorted(corpus.glob("*/gold.json")):
        paper_dir = gold_file.parent
        if mode == EvalMode.SOURCE and not has_source(paper_dir):
            continue
        if mode == EvalMode.PDF and not (paper_dir / "paper.pdf").is_file():
            continue
        gold_doc = json.loads(gold_file.read_text())
        gold = gold_doc["references"]
        composed = "composed" in (gold_doc.get("gold_from") or "")
        score = PaperScore(paper_dir.name)
        try:
            pred = predict(paper_dir, mode)
        except Exception as exc:  # noqa: BLE001 - an error scores zero and is shown, the run goes on
            score.error = f"{type(exc).__name__}: {exc}"
            pred = []
        score.counts = score_paper(gold, pred, composed)
        scores.append(score)
    return scores


def has_source(paper_dir: Path) -> bool:
    """Whether a corpus paper carries its e-print (source/ folder or eprint.gz)."""
    return (paper_dir / "eprint.gz").is_file() or (paper_dir / "source").is_dir()


def format_table(scores: list[PaperScore]) -> str:
    """score.py's table: one row per paper and ALL."""
    row = "{:<24} {:>5} {:>5}" + " {:>7}" * len(COLUMNS)
    lines = [row.format("paper", "gold", "pred", *COLUMNS)]
    total = Counts()

    def show(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    for s in scores:
        f = figures(s.counts)
        lines.append(row.format(s.slug[:24], s.counts.gold, s.counts.pred, *(show(f[k]) for k in COLUMNS)))
        total.add(s.counts)
    f = figures(total)
    lines.append(row.format("ALL", total.gold, total.pred, *(show(f[k]) for k in COLUMNS)))
    lines += [f"error {s.slug}: {s.error}" for s in scores if s.error]
    return "\n".join(lines)

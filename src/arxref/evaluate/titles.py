"""`arxref eval --titles`: title accuracy of the field parser, per bibliography style.

The eval table's title column counts every gold entry that has a title, even where the
style never prints one (A&A, MNRAS, AAS and some REVTeX/achemso styles: the gold title
then comes from the .bib). This report counts only titles the entry prints: a gold
entry "prints its title" when its normalized title occurs in its normalized gold text.
Over those it gives the title accuracy of the parser run on the gold text itself (no
segmentation involved) and of the predictions being scored (the PDF or e-print path),
one row per style: `style_family` of a paper's meta.json (corpus-wide), else its
`bib_style` (corpus, as in MANIFEST*.tsv) cut at its first bracket or comma.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from arxref.evaluate.score import match_entries, normalize_entry
from arxref.parse import parse_reference


@dataclass
class TitleCounts:
    """Title counts of one style (or of all)."""

    papers: int = 0
    titled: int = 0  # gold entries with a title
    printed: int = 0  # ... of which the entry prints the title
    parser_ok: int = 0  # parser on the gold text reads it right
    path_ok: int = 0  # the scored prediction reads it right

    def add(self, other: TitleCounts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def prints_title(entry: dict) -> bool:
    """Whether the gold entry's own text carries its gold title (as a run of whole words)."""
    title = normalize_entry(entry.get("title"))
    return bool(title) and f" {title} " in f" {normalize_entry(entry.get('text'))} "


def same_title(predicted: str | None, gold: str | None) -> bool:
    """The eval table's title test: equal once normalized."""
    return bool(gold) and normalize_entry(predicted) == normalize_entry(gold)


def paper_style(paper_dir: Path) -> str:
    """The bibliography style a corpus paper is filed under (its meta.json)."""
    meta = paper_dir / "meta.json"
    doc = json.loads(meta.read_text()) if meta.is_file() else {}
    style = doc.get("style_family") or re.split(r"[(,;:]", doc.get("bib_style") or "")[0].strip()
    return style or "?"


def score_titles(gold: list[dict], pred: list[dict], composed: bool = False) -> TitleCounts:
    """One paper's title counts: parser on the gold text, and the matched predictions."""
    c = TitleCounts(papers=1)
    matched = {i: pred[j] for i, j in match_entries(gold, pred, composed)}
    for i, g in enumerate(gold):
        if not g.get("title"):
            continue
        c.titled += 1
        if not prints_title(g):
            continue
        c.printed += 1
        c.parser_ok += same_title(parse_reference(g.get("text") or "").title, g["title"])
        c.path_ok += i in matched and same_title(matched[i].get("title"), g["title"])
    return c


def evaluate_titles(corpus: Path, predictions: dict[str, list[dict]]) -> dict[str, TitleCounts]:
    """Title counts per style over the papers that were predicted (slug -> predicted references)."""
    by_style: dict[str, TitleCounts] = {}
    for slug, pred in sorted(predictions.items()):
        gold_doc = json.loads((corpus / slug / "gold.json").read_text())
        composed = "composed" in (gold_doc.get("gold_from") or "")
        counts = score_titles(gold_doc["references"], pred, composed)
        by_style.setdefault(paper_style(corpus / slug), TitleCounts()).add(counts)
    return by_style


def format_titles(by_style: dict[str, TitleCounts]) -> str:
    """Per-style rows, then ALL; "-" where a style prints no title."""
    row = "{:<32} {:>6} {:>6} {:>7} {:>7} {:>7}"

    def line(name: str, c: TitleCounts) -> str:
        def show(ok: int) -> str:
            return f"{ok / c.printed:.3f}" if c.printed else "-"

        return row.format(name[:32], c.papers, c.titled, c.printed, show(c.parser_ok), show(c.path_ok))

    lines = [
        "titles printed in the entry (title = normalized gold title found in the gold text)",
        row.format("style", "papers", "titled", "printed", "parser", "path"),
    ]
    total = TitleCounts()
    for style, c in sorted(by_style.items()):
        lines.append(line(style, c))
        total.add(c)
    lines.append(line("ALL", total))
    return "\n".join(lines)

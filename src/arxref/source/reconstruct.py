"""Rebuild a bibliography from the .bib and the citations when the e-print ships no .bbl.

Bibtex would list the cited entries (all of them after \\nocite{*}) in the order the declared
style uses: order of first citation for unsorted styles, else by author, year and title.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arxref.domain import ParsedReference
from arxref.source.bibtex import BibEntry, split_names
from arxref.source.fields import compose_bib_text, fields_from_bib
from arxref.source.latex_text import Macro, latex_to_text

_UNSORTED = frozenset((
    "ieeetr", "ieeetran", "ieeetrann", "ieeetranurl", "achemso", "apsrev", "apsrev4-1", "apsrev4-2",
    "apsrmp", "apsrmp4-1", "apsrmp4-2", "aipnum4-1", "aipnum4-2", "naturemag", "nature", "science",
    "pnas", "pnas2011", "vancouver", "ama", "jhep", "utphys", "h-physrev", "elsarticle-num",
    "spphys", "revcompchem", "rsc", "angew", "model1-num-names", "sageV", "nar",
))
_ALPHA = frozenset(("alpha", "amsalpha", "alphaurl", "alphadin", "alpha-fr", "halpha"))
_AUTHOR_YEAR = re.compile(r"nat$|^apa|apalike|chicago|agsm|dcu|harvard|mnras|aasjournal|^aa$|^apj|acl|"
                          r"elsarticle-harv|spbasic|ecta|econometrica|jfm|ba$|imsart-nameyear|authoryear")
_WORD = re.compile(r"[^0-9a-z ]+")


@dataclass(frozen=True)
class RebuiltEntry:
    """One entry of a rebuilt bibliography."""

    key: str
    label: str
    text: str
    fields: ParsedReference


def is_unsorted(style: str | None) -> bool:
    """True when the bibtex style lists entries in order of first citation."""
    s = (style or "").lower().removesuffix(".bst").rsplit("/", 1)[-1]
    return "unsrt" in s or s in _UNSORTED


def _last_names(entry: BibEntry, macros: Mapping[str, Macro]) -> str:
    names = split_names(entry.fields.get("author") or entry.fields.get("editor") or "")
    lasts = []
    for name in names:
        text = latex_to_text(name, macros)
        lasts.append(text.split(",")[0] if "," in text else text.rsplit(" ", 1)[-1])
    return " ".join(lasts)


def _sort_key(entry: BibEntry, macros: Mapping[str, Macro]) -> tuple[str, str, str]:
    def purify(s: str) -> str:
        return _WORD.sub("", latex_to_text(s, macros).lower())

    return (purify(_last_names(entry, macros) or entry.fields.get("key", "") or entry.key),
            entry.fields.get("year", ""), purify(entry.fields.get("title", "")))


def _label(style: str | None, index: int, entry: BibEntry, fields: ParsedReference,
           macros: Mapping[str, Macro]) -> str:
    s = (style or "").lower().removesuffix(".bst")
    year = str(fields.year) if fields.year else ""
    lasts = _last_names(entry, macros).split()
    if s in _ALPHA and lasts:
        many = "+" if len(lasts) > 3 else ""
        stem = lasts[0][:3] if len(lasts) == 1 else "".join(x[0] for x in lasts[:3]) + many
        return stem + year[-2:]
    if _AUTHOR_YEAR.search(s) and lasts:
        who = (lasts[0] if len(lasts) == 1 else f"{lasts[0]} and {lasts[1]}" if len(lasts) == 2
               else f"{lasts[0]} et al.")
        return f"{who} ({year})" if year else who
    return str(index)


def rebuild_bibliography(bib: Mapping[str, BibEntry], citations: Sequence[str], style: str | None,
                         macros: Mapping[str, Macro]) -> tuple[list[RebuiltEntry], list[str]]:
    """The entries bibtex would have written for `citations`, in the style's order; plus notes."""
    by_lower = {k.lower(): e for k, e in bib.items()}
    chosen: dict[str, BibEntry] = {}
    missing = []
    for key in citations:
        if key == "*":
            continue
        entry = bib.get(key) or by_lower.get(key.lower())
        if entry is None:
            missing.append(key)
        else:
            chosen.setdefault(entry.key, entry)
    if "*" in citations:
        for entry in bib.values():
            if entry.type not in ("xdata", "set"):
                chosen.setdefault(entry.key, entry)
    order = list(chosen.values())
    if not is_unsorted(style):
        order.sort(key=lambda e: _sort_key(e, macros))
    out = []
    for i, entry in enumerate(order, 1):
        fields = fields_from_bib(entry, macros)
        label = _label(style, i, entry, fields, macros)
        out.append(RebuiltEntry(entry.key, label, compose_bib_text(fields), fields))
    notes = [f"cited but not in the .bib: {', '.join(missing[:20])}"] if missing else []
    return out, notes

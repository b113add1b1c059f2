"""Split a `thebibliography` environment (from a bibtex .bbl or written into the .tex) into items."""

from __future__ import annotations

import re
from dataclasses import dataclass

from arxref.source.latex_text import Macro
from arxref.source.macros import read_definitions
from arxref.source.texscan import read_group, read_optional

# achemso (mciteplus) writes `mcitethebibliography`; the body is the same. AASTeX and emulateapj
# also keep the older `references` environment, whose items start with \reference{key} or \refpar.
_BEGIN = re.compile(r"\\begin\s*\{(?:(?:mcite)?thebibliography|references)\}")
_END = re.compile(r"\\end\s*\{(?:(?:mcite)?thebibliography|references)\}")
# The harvard package's lists (agsm, dcu, kluwer...) start items with
# \harvarditem[short names]{names}{year}{key} in place of \bibitem[label]{key}.
_ITEM = re.compile(r"\\(?:bibitem|(harvarditem)|(reference|refpar))(?![A-Za-z@])\*?")
# A list whose numbers go on from one before it (Nature's Methods references): its counter set or
# raised before its first item.
_COUNTER = re.compile(r"\\(?:addto|set)counter\s*\{\s*(?:\\@listctr|enumiv|enumi)\s*\}\s*\{\s*(\d{1,4})\s*\}")


@dataclass(frozen=True)
class BibItem:
    """One \\bibitem: its optional label as written, its key, and its body in LaTeX."""

    label: str | None
    key: str
    body: str


@dataclass(frozen=True)
class TheBibliography:
    """One thebibliography environment: its items in typeset order and the macros its preamble defines."""

    items: tuple[BibItem, ...]
    macros: dict[str, Macro]
    offset: int = 0  # its numbers printed from offset + 1 ("\\addtocounter{\\@listctr}{48}")


def split_bibliographies(text: str) -> list[TheBibliography]:
    """Every thebibliography environment in `text`, in order (a .bbl may hold more than one)."""
    envs = []
    pos = 0
    while True:
        begin = _BEGIN.search(text, pos)
        if begin is None:
            break
        # thebibliography's argument is its widest label; references has none
        widest = not begin.group().endswith("{references}")
        body_start = read_group(text, begin.end())[1] if widest else begin.end()
        end = _END.search(text, body_start)
        stop = end.start() if end else len(text)
        # definitions a .bbl makes before the environment (cje's, aer's \bysame) hold inside it
        envs.append(split_items(text[body_start:stop], before=text[pos : begin.start()]))
        pos = end.end() if end else len(text)
    if not envs and _ITEM.search(text):
        envs.append(split_items(text))
    return envs


def split_items(body: str, before: str = "") -> TheBibliography:
    """Split the inside of a thebibliography environment at each \\bibitem; `before` is what the
    file holds before the environment, whose definitions count too."""
    starts = [m for m in _ITEM.finditer(body)]
    preamble = before + (body[: starts[0].start()] if starts else body)
    counter = _COUNTER.search(body[: starts[0].start()] if starts else "")
    items = []
    for n, m in enumerate(starts):
        stop = starts[n + 1].start() if n + 1 < len(starts) else len(body)
        # Arguments are read inside the item, so an unclosed `\bibitem[` cannot swallow the items after
        # it as its label (nor make reading them quadratic): its text stays its body.
        span = body[m.end() : stop]
        if m.group(2):  # AASTeX's \reference{key} (the key may be empty) or \refpar: no label
            key, pos = read_group(span, 0) if m.group(2) == "reference" else ("", 0)
            items.append(BibItem(None, (key or "").strip(), span[pos:].strip()))
            continue
        label, pos = read_optional(span, 0)
        if label is not None and span[pos - 1] != "]":
            items.append(BibItem(None, "", span.strip().removeprefix("[").strip()))
            continue
        if m.group(1):  # \harvarditem: the label is natbib's "names(year)", from the short names if given
            names, pos = read_group(span, pos)
            year, pos = read_group(span, pos)
            label = f"{label if label is not None else names or ''}({year or ''})"
        key, pos = read_group(span, pos)
        items.append(BibItem(label, (key or "").strip(), span[pos:].strip()))
    return TheBibliography(tuple(items), preamble_macros(preamble), int(counter.group(1)) if counter else 0)


def merge_starred(items: tuple[BibItem, ...], merged: frozenset[str]) -> list[tuple[BibItem, ...]]:
    """Group each item cited as `*key` with the printed entry before it, as natbib's merge does.

    REVTeX 4.1+ (and natbib's `merge`/`elide` options) print `\\cite{a,*b}` as one numbered entry "A; B":
    the .bbl still holds two \\bibitem, and only the first item of a list can never be merged.
    """
    groups: list[tuple[BibItem, ...]] = []
    for item in items:
        if groups and item.key in merged:
            groups[-1] = (*groups[-1], item)
        else:
            groups.append((item,))
    return groups


def preamble_macros(preamble: str) -> dict[str, Macro]:
    """The definitions a .bbl makes before its first item (\\etalchar, \\noopsort, GOST's \\BibDash...)."""
    return read_definitions(preamble)

"""Two works typed into one paragraph of an ABNT list: split where the second one's author begins.

Brazilian theses (ABNT) open every entry with the surname in capitals ("SILVA, João."). A
paragraph that runs on into another entry ("... Cód.7252, Redes de Computadores. NIELSEN,
Jakob. Projetando Websites. Rio de Janeiro: Campus. 2000.") is two entries to a reader; where
most entries of an unlabelled list open that way, a sentence that opens so inside an entry
starts the next one. Never in labelled lists (their labels tell), and never after "In:" (the
editor of the book a chapter is in: "In: SILVA, J. (Org.)" stands after a colon, not a period).
"""

from __future__ import annotations

import re
from dataclasses import replace

from arxref.domain import RawReference

_UPPER = "A-ZÀ-ÖØ-Þ"
# A capitalised surname (one or two words), a comma, a given name or initials, a period.
_CAPS_AUTHOR = (
    rf"[{_UPPER}]{{3,}}(?:\s[{_UPPER}]{{2,}})?,\s[{_UPPER}][\w.]*(?:\s[{_UPPER}][\w.]*){{0,3}}[.;]\s"
)
_OPENS = re.compile(_CAPS_AUTHOR)
_INSIDE = re.compile(rf"(?<=[a-zà-ÿ0-9)]\.)\s(?={_CAPS_AUTHOR})")
_ABNT_SHARE = 0.6  # entries of the list that open with a surname in capitals
_MIN_ENTRIES = 5


def split_run_on(refs: list[RawReference]) -> list[RawReference]:
    """The list with each run-on ABNT paragraph split in two, positions counted again."""
    if len(refs) < _MIN_ENTRIES or any(r.label is not None for r in refs):
        return refs
    if sum(bool(_OPENS.match(r.raw)) for r in refs) < _ABNT_SHARE * len(refs):
        return refs
    out: list[RawReference] = []
    for ref in refs:
        pieces = _works([p.strip() for p in _INSIDE.split(ref.raw) if p.strip()])
        out.extend(ref if len(pieces) == 1 else _piece(ref, p) for p in pieces)
    if len(out) == len(refs):
        return refs
    return [replace(r, index=n) for n, r in enumerate(out, 1)]


def _works(pieces: list[str]) -> list[str]:
    """The pieces that are works: a piece that holds only an author's name is the first of the
    authors of the work after it ("MARTINS, Paulo. AMORIM, Clovis. Nível de Estresse ...")."""
    out: list[str] = []
    for piece in reversed(pieces):
        if out and _OPENS.fullmatch(piece + " "):
            out[-1] = f"{piece} {out[-1]}"
        else:
            out.append(piece)
    return out[::-1]


def _piece(ref: RawReference, text: str) -> RawReference:
    """One of the works of a run-on entry: its text, and the identifiers it prints itself."""
    f = ref.fields
    fields = replace(
        f,
        arxiv_id=f.arxiv_id if f.arxiv_id and f.arxiv_id in text else None,
        doi=f.doi if f.doi and f.doi.lower() in text.lower() else None,
        url=f.url if f.url and f.url in text else None,
    )
    return replace(ref, raw=text, fields=fields, flags=(*ref.flags, "run_on_split"))

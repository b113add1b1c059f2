"""Name lists the grammar of `parse_authors.py` cannot read, and titles that are really names.

Used where the grammar failed but the layout still says "names here": the first sentence
of an entry ("Zimmermann, David Klindt, and Wieland Brendel."), a tail after "and" ("and
Jo ao Paulo Souza."), quotes a broken .bib put round names; and, the other way round, to
refuse a would-be title that is a list of names.
"""

from __future__ import annotations

import re

from arxref.parse_name_grammar import (
    FUNCTION_WORDS,
    PARTICLES,
    clean_name,
    is_capword,
    is_initial,
    is_particle,
    is_vancouver_initials,
)

# Splits a loose name list: ", and", ", &", ";", ",", " and ", " & ".
_LOOSE_SPLIT_RE = re.compile(r"\s*(?:,\s*(?:and|&)\s+|;\s*(?:and\s+)?|,\s*|\s+(?:and|&|und)\s+)\s*")


def loose_author_list(segment: str, lenient: bool = False) -> tuple[tuple[str, ...], bool] | None:
    """Names in a segment that the grammar could not read but that has the look of a name list.

    Every piece between separators must be 1-5 words, each capitalised, an initial, a
    particle or a short lower-case fragment of a broken accent ("Jo ao"); `lenient` (where
    "and" promised a name) also lets one lower-case word into a piece that has two
    capitalised ones ("Cheng xiang Zhai"). Returns (names, et_al) or None.
    """
    seg = segment.strip().rstrip(".").strip()
    if not seg or len(seg) > 400:
        return None
    et_al = False
    m = re.search(r",?\s*(?:et\.?\s*al\.?|and others)$", seg)
    if m:
        seg, et_al = seg[: m.start()], True
    pieces = [p for p in _LOOSE_SPLIT_RE.split(seg) if p]
    if not pieces:
        return None
    for piece in pieces:
        words = piece.split()
        if not 1 <= len(words) <= 5:
            return None
        caps = lower = 0
        for w in words:
            if is_capword(w) or is_initial(w) or is_vancouver_initials(w) or (w[:1].isupper() and w[1:]):
                caps += 1
            elif w.lower() in PARTICLES or (w.isalpha() and w.islower() and len(w) <= 3):
                continue
            elif lenient and w.isalpha() and w.islower() and w not in FUNCTION_WORDS:
                lower += 1
            else:
                return None
        if caps == 0 or (lower and (lower > 1 or caps < 2)):
            return None
    inverted = (
        len(pieces) == 2 and "," in seg and not re.search(r"\b(?:and|und)\b|&|;", seg)
        and len(pieces[0].split()) == 1 and not all(is_initial(w) for w in pieces[1].split())
    )
    if inverted:
        return (clean_name(f"{pieces[0]}, {pieces[1]}"),), et_al  # "Kant, Immanuel"
    return tuple(clean_name(p) for p in pieces), et_al


def looks_like_author_list(text: str) -> bool:
    """Whether a would-be title is really names ("Zimmermann, David Klindt, and Wieland Brendel").

    Deliberately strict (it overrides a title): three or more names, or two with initials,
    every word a name word, and every name of two or more words but a first or last one
    truncated at a line or quote ("Zimmermann, ...", "..., and Preslav").
    """
    t = text.strip().rstrip(".")
    if not re.search(r",|\band\b|&", t):
        return False
    got = loose_author_list(t)
    if got is None:
        return False
    names = _merge_surname_initials(list(got[0]))
    words = [w for n in names for w in n.replace(",", " ").split()]
    if any(w.lower() in FUNCTION_WORDS for w in words) or any(len(n.split()) > 4 for n in names):
        return False  # "Coordination in Naturalistic Driving Videos"
    if any(w[:1].isupper() and not (is_capword(w) or is_initial(w) or is_particle(w)) for w in words):
        return False  # "On", "The", "Deep" ...: title words
    has_initials = any(is_initial(w) or is_vancouver_initials(w) for w in words)
    if len(names) < 2 or (len(names) < 3 and not has_initials):
        return False
    return all(len(n.replace(",", " ").split()) >= 2 for n in names[1:-1])


def _merge_surname_initials(pieces: list[str]) -> list[str]:
    """["Smith", "J. R.", "Doe", "A."] -> ["Smith, J. R.", "Doe, A."]: undo the split of SF names."""
    out: list[str] = []
    for p in pieces:
        if out and all(is_initial(w) for w in p.split()) and not all(is_initial(w) for w in out[-1].split()):
            out[-1] = f"{out[-1]}, {p}"
        else:
            out.append(p)
    return out

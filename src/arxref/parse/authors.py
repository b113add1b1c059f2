"""Author lists at the head of a bibliography entry: where they end, and who is in them.

A list is read name by name with a small grammar, so that the end of the list is
found by structure (a separator that is not followed by another name), never by
guessing at the first comma; the shapes one name can take (SF "Vaswani, A.", SI
"Abazajian K. N.", IF "A. R. Calderbank", FN "Ashish Vaswani", CO "ATLAS Collaboration")
are the grammar of `name_grammar` (over the words of `name_words`).

Separators are `,` `;` `and` `&` (and German `und`); "et al." ends the list and
sets the flag. Names in one list share a family (surname-first or given-first),
which is what keeps "A. Author, Quantum Gravity, Phys. Rev." from reading the
title as a third author; a switch is allowed only right after "and"/"&"
("Smith, J., and Jane Doe").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arxref.parse.name_grammar import FAMILY, GRAMMAR, clean_name, ellipsis_end, et_al_end
from arxref.parse.name_words import (
    AND_WORDS,
    Token,
    ends_sentence,
    tokenize,
)


@dataclass(frozen=True)
class AuthorScan:
    """An author list read from the head of a text.

    `end` is the offset just past the last name (or "et al."); `stop` says what
    stopped the list: "period" (a name or "et al." carried the sentence period),
    "separator" (a separator not followed by a name: the list ended at `end`),
    or "other" (anything else: a year, a parenthesis, a word).
    """

    names: tuple[str, ...]
    et_al: bool
    end: int
    stop: str
    kind: str | None




@dataclass(frozen=True)
class _ListSoFar:
    """What the names read so far allow the next one to be."""

    kind: str | None = None  # shape of the first name (CO does not set it)
    count: int = 0
    switch_ok: bool = False  # right after "and": any family ("Smith, J., and Jane Doe")
    plain_initials: bool = False  # an initial-first name without periods ("S Chenchal Rao")
    semicolon: bool = False  # the last name was closed by ";" (DIN: "Cominetti, Roberto ; Correa, José R.")


def _fits_list(tokens: list[Token], fit: tuple[int, str], so_far: _ListSoFar) -> bool:
    """Whether a name of shape fit[1] may follow the names read so far."""
    end, shape = fit
    kind = so_far.kind
    if shape == "GI" and so_far.count == 0 and not _separator_at(tokens, end):
        return False  # "SAT Competitions.": capitals then a word open no list unless a separator follows
    if shape == "SG" and kind not in (None, "CO", "SG"):
        return False  # "J. Dean and S. Ghemawat, MapReduce:": no list turns to "Surname, Given" midway
    if shape == "SG" and kind == "SG" and not so_far.semicolon:
        return False  # only DIN repeats it, after ";": MLA and Chicago invert the first name alone
    if kind is None or kind == "CO" or so_far.switch_ok or shape == "CO":
        return True
    if FAMILY[shape] == FAMILY.get(kind):
        # in an initials-first list, a full-name "author" is more likely a title ("J. Smith, Dark Matter
        # Halos, ..."), unless the list prints initials without periods (Google Scholar's .bib: "S Chenchal
        # Rao, Gregor Rainer") or ", and" and a name follow ("M. Pawan Kumar, Benjamin Packer, and Daphne")
        return not (kind == "IF" and shape == "FN") or so_far.plain_initials or _and_name_follows(tokens, end)
    # only the first author inverted (ametsoc, wsc, Chicago): "Iacono, M. J., J. S. Delamere, and ...",
    # "Goodfellow, Ian, Yoshua Bengio, and Aaron Courville"
    first_inverted = (kind == "SF" and shape == "IF") or (kind == "SG" and FAMILY[shape] == "given")
    return so_far.count == 1 and first_inverted


def _separator_at(tokens: list[Token], j: int) -> bool:
    return j < len(tokens) and (tokens[j].text in (",", ";", "&") or tokens[j].text.lower() in AND_WORDS)


def _and_name_follows(tokens: list[Token], j: int) -> bool:
    """', and' (or French/German "et"/"und" alone) then a given-first name closed by a separator or a period
    (never "Title and Title")."""
    k = j + 1 if j < len(tokens) and tokens[j].text in (",", ";") else j
    if k == j and (j >= len(tokens) or tokens[j].text.lower() not in ("et", "und")):
        return False  # "and" needs its comma; the French "et" does not ("Kalle-antti Suominen et Artur")
    if k + 1 >= len(tokens) or tokens[k].text.lower() not in AND_WORDS or et_al_end(tokens, k) > k:
        return False
    for shape, read in GRAMMAR:
        end = read(tokens, k + 1)
        if FAMILY[shape] == "given" and end > k + 1 and _boundary_follows(tokens, end):
            return True
    return False


def _read_name(
    tokens: list[Token], i: int, so_far: _ListSoFar, surname_first: bool = False
) -> tuple[int, str] | None:
    """The longest properly closed name starting at i that fits the list so far: (end index, kind)."""
    fits = []
    for k, fn in GRAMMAR:
        end = fn(tokens, i)
        if end > i:
            fits.append((end, k))
    if surname_first and any(FAMILY[k] == "surname" for _, k in fits):
        # GOST: "Tu Y." then the title "Phases and ...", not the name "Tu Y. Phases"
        fits = [f for f in fits if FAMILY[f[1]] != "given"]
    for fit in sorted(fits, key=lambda f: -f[0]):  # longest first; ties keep the grammar's order
        if _fits_list(tokens, fit, so_far) and _boundary_follows(tokens, fit[0]):
            return fit
    return None


def _boundary_follows(tokens: list[Token], j: int) -> bool:
    """Whether a name ending before token j is properly closed (separator, year, bracket, end)."""
    if j >= len(tokens) or ends_sentence(tokens[j - 1].text) or tokens[j - 1].text.endswith("."):
        return True
    w = tokens[j].text
    if w in ("(", "["):
        return _bracket_after_names(tokens, j)
    return (
        w in (",", ";", ":", "&", "\"", "“", "”")
        or w.lower() in AND_WORDS
        or et_al_end(tokens, j) > j
        or bool(re.match(r"^\(?\d{4}[a-z]?\b", w))
        or w.startswith(":")
        or w in ("eds.", "ed.", "(eds.)", "(ed.)")
        or bool(re.match(r"(?:arxiv|https?:|www\.|doi:)", w, re.IGNORECASE))
    )


# What a bracket after names holds: a year, "Eds.", "Hrsg.", or a collaboration ("[WMAP Collaboration]").
_AFTER_NAMES_BRACKET_RE = re.compile(r"\d{4}|(?:eds?|editors?|hrsg|coord)\b", re.IGNORECASE)
_COLLABORATION_RE = re.compile(r"collab|consortium|group|team", re.IGNORECASE)


def _bracket_after_names(tokens: list[Token], j: int) -> bool:
    """'(2019)', '(Eds.)', '[WMAP Collaboration]' close a name; '(AWS)', '(or What?)' belong to a title."""
    inside = " ".join(t.text for t in tokens[j + 1:j + 6])
    return bool(_AFTER_NAMES_BRACKET_RE.match(inside) or _COLLABORATION_RE.search(inside))


def scan_authors(text: str, surname_first: bool = False) -> AuthorScan:
    """Read the author list at the head of `text` by the name grammar; empty when none is there.

    `surname_first`: the style always prints the surname first (GOST), so "Tu Y." beats "Tu Y. Phases".
    """
    tokens = tokenize(text)
    names: list[str] = []
    so_far = _ListSoFar()
    i, end, stop, et_al = 0, 0, "other", False
    while i < len(tokens):
        j = et_al_end(tokens, i)
        if j > i and names:
            et_al, end = True, tokens[j - 1].end
            stop = "period" if tokens[j - 1].text.endswith(".") and _period_ends(tokens, j) else "other"
            break
        got = _read_name(tokens, i, so_far, surname_first)
        if got is None:
            stop = "separator" if names else "other"
            break
        j, k = got
        names.append(" ".join(t.text for t in tokens[i:j]).replace(" ,", ","))
        kind = so_far.kind
        if kind in (None, "CO") or (k != "CO" and FAMILY[k] != FAMILY.get(kind)):
            kind = k  # the first name, or a switch of family ("Iacono, M. J., J. S. Delamere")
        plain = so_far.plain_initials or (k in ("IF", "GI") and not tokens[i].text.endswith("."))
        so_far = _ListSoFar(kind, so_far.count + 1, so_far.switch_ok, plain)
        end = tokens[j - 1].end
        last = tokens[j - 1].text
        if last.endswith(".") and (ends_sentence(last) or _period_ends(tokens, j)):
            stop = "period"
            break
        # separators: ",", ";", "and", "&", ", and", "; and"; or "et al." right after the name
        n = j
        if et_al_end(tokens, n) > n:
            i = n
            continue
        while n < len(tokens) and tokens[n].text in (",", ";"):
            n += 1  # also a doubled separator: "Derek Cummings, , and Donald S. Burke"
        if et_al_end(tokens, n) == n:  # (". . . others" is APA's et al.)
            n = ellipsis_end(tokens, n)  # APA 7: "Gomez, A. N., . . . Polosukhin, I." (names left out)
        switch_ok = n < len(tokens) and tokens[n].text.lower() in AND_WORDS and et_al_end(tokens, n) == n
        semicolon = j < len(tokens) and tokens[j].text == ";"
        so_far = _ListSoFar(so_far.kind, so_far.count, switch_ok, so_far.plain_initials, semicolon)
        if switch_ok:
            n += 1
        if n == j:
            stop = "other"
            break
        i = n
    else:
        stop = "other" if not names else stop
    return AuthorScan(tuple(clean_name(n) for n in names), et_al, end, stop, so_far.kind)


def first_name_shape(text: str) -> str | None:
    """The shape of the name `scan_authors` reads first in `text` (None if none): what a style prints
    first, read without the rest of the list."""
    got = _read_name(tokenize(text), 0, _ListSoFar())
    return got[1] if got else None


def _period_ends(tokens: list[Token], j: int) -> bool:
    """After an initial with a period at j-1: does the period end the list (no separator next)?"""
    if j >= len(tokens):
        return True
    w = tokens[j].text
    return not (w in (",", ";", "&") or w.lower() in AND_WORDS or et_al_end(tokens, j) > j)

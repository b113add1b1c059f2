"""The words of an author list: tokens, the word lists a name is told by, and tests of one word.

`tokenize` splits a text into the tokens the name grammar (`name_grammar`) reads: words, and the
punctuation that separates names. The tests say what one word can be in a name: an initial
("J.", "W.-S.", "Ch."), Vancouver initials ("JA"), a capitalised name word, a particle ("van",
"de"), a scrap of a name whose accent was lost, or a word that ends the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Words, and the punctuation that separates names, as separate tokens. A trailing period
# stays on its word: on an initial it is part of the name, on a surname it ends the list.
_TOKEN_RE = re.compile(r"[,;&()\[\]{}\"“”„«»]|[^\s,;&()\[\]{}\"“”„«»]+")

PARTICLES = frozenset({
    "van", "von", "der", "den", "de", "del", "della", "dello", "di", "da", "das", "dos", "du", "le",
    "la", "les", "ten", "ter", "zu", "zum", "y", "i", "e", "bin", "ibn", "al", "el", "st.", "mac", "do",
})
# Capitalised words that begin titles, never names; keeps "On Growth", "The Art" out of FN.
TITLE_WORDS = frozenset({
    "the", "a", "on", "in", "of", "for", "and", "to", "with", "from", "by", "towards", "toward",
    "via", "using", "is", "are", "what", "how", "why", "when", "where", "do", "does", "can", "beyond",
    "into", "at", "as", "its", "deep", "learning", "neural", "quantum", "theory", "analysis",
    "model", "models", "data", "proceedings", "proc.", "journal", "conference", "university",
    "phys.", "rev.", "lett.", "nature", "science", "in:", "arxiv", "vol.", "part", "introduction",
})
# Lower-case words that are never a fragment of a name.
FUNCTION_WORDS = frozenset({
    "of", "in", "on", "and", "the", "for", "to", "a", "an", "at", "by", "via", "is", "are", "or", "as",
    "its", "we", "our", "how", "why", "not", "all", "new", "use", "et", "al", "eds", "ed",
})
_DIGRAPH_INITIALS = frozenset({"Ch", "Th", "Sh", "Zh", "Kh", "Ph", "Ts", "Gy", "Sz", "Ll", "Dj"})
# Transliterated Russian initials (Ю, Я) that are also surnames ("X. Yu."): initials only where a
# surname closed by a separator or a period follows ("Yu. Nesterov.", "A. Yu. Kitaev,", "D.Yu. Akimov.").
SURNAME_LIKE_INITIALS = frozenset({"Yu", "Ya"})
SUFFIXES = frozenset({"jr.", "jr", "sr.", "sr", "ii", "iii", "iv", "ii.", "iii.", "iv."})
# ... and the words that make a group an author: "Wikipedia contributors", "The Stacks Project Authors".
COLLAB_WORDS = frozenset({
    "collaboration", "collaborations", "consortium", "team", "group", "collab.", "contributors", "authors",
    "developers",
})
AND_WORDS = frozenset({"and", "&", "und", "et"})  # "et": French ("Charles H. Bennett et Gilles Brassard")
_APOSTROPHES = "'’`′"  # ... and the prime of transliterated soft signs: "Gel′fand"


@dataclass(frozen=True)
class Token:
    """A word or separator of the entry, with its character span."""

    text: str
    start: int
    end: int
# Initials glued to the surname in tight typesetting: "R.R.Lewis", "L.C.Maximon", "J.-P.Serre".
_GLUED_RE = re.compile(r"^((?:[^\W\d_]\.-?){1,4})([^\W\d_](?:[^\W\d_]|['’-])+\.?)$")


def tokenize(text: str) -> list[Token]:
    """Split text into name-grammar tokens with offsets."""
    out = []
    for m in _TOKEN_RE.finditer(text):
        word, start, end = m.group(0), m.start(), m.end()
        colon = None
        if len(word) > 1 and word.endswith(":"):
            # LNCS "Jonsson, B.: Title", ametsoc "Emanuel, K., 2012: Title": the colon closes the names
            word, end, colon = word[:-1], end - 1, Token(":", end - 1, end)
        glued = _GLUED_RE.match(word)
        if glued and word[0].isupper() and glued.group(2)[0].isupper():
            cut = start + glued.end(1)
            out += [Token(glued.group(1), start, cut), Token(glued.group(2), cut, end)]
        else:
            out.append(Token(word, start, end))
        if colon:
            out.append(colon)
    return out


def is_upper_letter(c: str) -> bool:
    return c.isalpha() and c.isupper()


@lru_cache(maxsize=8192)  # a pure test of one word, asked again for every shape
def is_initial(word: str, need_period: bool = False) -> bool:
    """'J.', 'W.-S.', 'J-D', 'A.B.', 'Ch.', or a bare capital 'E' (unless need_period)."""
    if need_period and not word.endswith("."):
        return False
    core = word.rstrip(".")
    if not core or len(core) > 7:
        return False
    parts = [p for p in re.split(r"[.\-‐]", core) if p]
    if not parts:
        return False
    for n, part in enumerate(parts):
        if len(part) == 1 and (is_upper_letter(part) or (n > 0 and part.islower())):
            continue  # "J.", and the odd lower-case second part of "A.-r."
        # two-letter initials of transliterated names, only with a period: "Ch.", "Th.", "Zh."
        # (never "Ba.", "Li.", "Wu.": those are surnames ending a sentence)
        if part in _DIGRAPH_INITIALS and word.endswith("."):
            continue
        return False
    return True


def is_vancouver_initials(word: str) -> bool:
    """'JA', 'DW' in "Smith JA, Doe DW": 2-3 capitals, no periods; a hyphenated given name's
    initials too ("Duann J-R", "Huang Y-HC", "Wong EL-Y")."""
    if 2 <= len(word) <= 3 and all(is_upper_letter(c) for c in word):
        return True
    parts = word.split("-")
    letters = "".join(parts)
    return (
        len(parts) == 2 and all(parts) and 2 <= len(letters) <= 4 and all(is_upper_letter(c) for c in letters)
    )


@lru_cache(maxsize=8192)  # a pure test of one word, asked again for every shape
def is_capword(word: str, caps_ok: bool = False) -> bool:
    """A capitalised name word: 'Vaswani', "O'Shea", 'Fei-Fei', 'McCallum', 'Jun’ichi', 'Barrón-Cede'.

    `caps_ok`: also a surname in capitals where initials stand beside it ("Q. WANG", "BOWEN, R."),
    as elsarticle and ABNT print them; elsewhere a word in capitals is an acronym.
    """
    core = word.rstrip(".")
    if len(core) < 2 or not is_upper_letter(core[0]):
        return False
    if core.lower() in TITLE_WORDS or word.lower() in TITLE_WORDS or core.lower() in COLLAB_WORDS:
        return False
    if not any(c.islower() for c in core) and not caps_ok:
        return False
    return all(c.isalpha() or c in "-‐" + _APOSTROPHES for c in core)


def is_particle(word: str) -> bool:
    """'van', 'de', 'der', capitalised 'De'/'Van': parts of a surname, never a name alone."""
    return word.lower() in PARTICLES and (word.islower() or word in ("De", "Van", "Von", "Da", "Di", "Du"))


def is_fragment(word: str) -> bool:
    """A lower-case scrap of a name whose accent was lost in conversion: 'Carre no', 'Jo ao'."""
    w = word.rstrip(".")
    return w.isalpha() and w.islower() and len(w) <= 3 and w not in FUNCTION_WORDS and w not in PARTICLES


@lru_cache(maxsize=8192)  # a pure test of one word, asked again for every shape
def ends_sentence(word: str) -> bool:
    """A non-initial word carrying a period: the name, and the list, end here (not an abbreviated
    particle: "Carvalho, A. d., Hruschka, E.")."""
    return word.endswith(".") and not is_initial(word) and not ABBREVIATED_PARTICLE_RE.fullmatch(word)


ABBREVIATED_PARTICLE_RE = re.compile(r"[a-z]\.")

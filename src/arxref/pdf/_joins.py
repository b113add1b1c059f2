"""Join an entry's lines into one string: hyphenation repaired, broken identifiers rejoined.

A hyphen at a line end either splits a word (TeX hyphenated it) or is printed (a
compound: "data-driven", "Jean-Pierre"). The document's own words decide first: either
form printed inside a line anywhere in the pages read wins (the bibliography and the pages
before it when hyperref's anchors name its pages). Failing that, an English word-frequency
list: halves that join into a common word ("natu-ral", "net-works") are a split word, two
words of three letters or more ("data-driven", "quark-gluon", "multi-scale") a compound,
and so are two known words that join into no word at all ("early-readmission", "hep-ex");
anything else (a fragment: "probabilis-tic", "Abdul-lahi") is a split word. A capital after
the hyphen is a compound ("Guéry-Odelin"). Where both spellings are in use ("non-linear",
"nonlinear") and the document prints neither, the joined one is common enough to win.
"""

from __future__ import annotations

import re

from arxref.pdf._lexicon import zipf_at_least
from arxref.pdf._spaced import close_spaced_identifiers

_WORD = re.compile(r"[^\W\d_][\w'’]*(?:-[^\W\d_][\w'’]*)*")
# A hyphenated line end with the word that goes on below it: the halves of a split word are
# evidence for neither form, and would make "natu" and "ral" look like words of the document.
# The lookbehind only spares the engine a try at every letter inside a word: a match that
# starts inside one starts, with the same end, at its first letter.
_LINE_END_SPLIT = re.compile(r"(?<![^\W\d_])[^\W\d_][\w'’]*-[ \t]*\n\s*[^\W\d_][\w'’]*")
_TAIL_WORD = re.compile(r"(-?)([^\W\d_]+)-$")
_HEAD_WORD = re.compile(r"^([^\W\d_]+)(-?)")
_URLISH = re.compile(r"(?:https?://|www\.|doi:|doi\.org/|\b10\.\d{4,9}/|arxiv:|arxiv\.org/)\S*$", re.I)
_URL_GO_ON = re.compile(r"^[\w\-./~%#?=&+:;]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
_PERCENT_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")  # a URL's escaped character: no word of prose has one
# The next identifier or field of an entry: "https://doi.org/...", "arXiv: 1612.09035", "URL: http..."
# "Página samba: https://...": a few words, no number nor period in them (never "PhysRevD.99.082003. URL:")
_NAMED_URL = re.compile(r"[^\W\d_][^\s/:.\d]*(?:\s[^\s/:.\d]+){0,6}:\s+(?:https?://|www\.)")
_NEW_URL = re.compile(r"^(?:https?://|www\.|(?:doi|url|arxiv|e-?print|issn|isbn|urn|hdl)\s?:)", re.I)
_DOI_PREFIX_END = re.compile(r"(?:^|[\s:])10\.$")
_REGISTRANT = re.compile(r"^\d{4,9}/\S")
_SCHEME = re.compile(r"^https?://", re.I)
# Back-references after an entry: biblatex "(cit. on pp. 3, 7)." and its translations ("Zitiert
# auf Seite", "citado en", "citato a", "cf. p."), hyperref's backref "Cited on pages 3 and 7." and "↑ 3".
_BACKREF = re.compile(
    r"\s*(?:[(\[](?:cit\.|cited|cf\.|zitiert|citad[oa]|citat[oa]|cit[ée]e?s?)(?:\s+(?:on|auf|en|a|na|in|à))?"
    r"(?:\s+(?:la|las|den|der))?\s+(?:pp?\.|pages?|seiten?|p[áa]gs?\.?|p[áa]ginas?|S\.)\s*[\d,–\-\s.yundet]*[)\]]\.?"
    r"|(?:cited on pages?|↑)\s*[\d,–\- and]+\.?)$",
    re.I,
)
_COMMON_JOIN = 3.0  # Zipf of a joined word too common to be a compound: "tomography" 3.0, "networks" 4.5
_COMMON_PART = 3.0  # Zipf of a half that is a word wherever it stands: "scale" 4.8, "regressive" 3.0
_RARE_PART = 1.0  # a rarer known word counts when the document prints it: "qubit" 2.2, "gluon" 2.2
# Below this the list holds TeX fragments and typos as well as words ("resum" 1.17, "mation" 1.53)
_KNOWN_PART = 1.5
# Endings the word list counts as tokens ("ing" 3.75) that only ever close a word
_SUFFIXES = frozenset({"ing", "ings", "tion", "tions", "ness", "ment", "ments", "ity", "ities", "ism"})


# Nothing a word or a line-end split is made of: a stretch of text between two of these holds
# the same words read alone as read in the whole text
_NO_WORD = re.compile(r"[^\w'’\s-]")


class Vocabulary:
    """Lower-cased words (hyphenated ones whole and by part) that the document prints inside a line.

    A question is answered from the stretches of text around the word's occurrences, not from a
    list of every word in the document: a paper asks a few dozen questions, and listing a paper's
    words cost more than all of its other hyphen rules. Each stretch is read at most once, so a
    text without punctuation costs no more than listing its words would.
    """

    def __init__(self, text: str) -> None:
        self._raw: str | None = text
        self._text = ""
        self._backwards = ""  # the text reversed: the nearest boundary before a word, found by one search
        self._answers: dict[str, bool] = {}
        self._stretches: dict[int, set[str]] = {}  # the words of each stretch read, by its start

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        if self._raw is not None:
            self._text, self._raw = self._raw.lower(), None
            self._backwards = self._text[::-1]
        if word not in self._answers:
            self._answers[word] = self._prints(word)
        return self._answers[word]

    def _prints(self, word: str) -> bool:
        text = self._text
        at = text.find(word) if word else -1
        while at >= 0:
            start, end = self._stretch(at, at + len(word))
            if start not in self._stretches:
                self._stretches[start] = _words(text[start:end])
            if word in self._stretches[start]:
                return True
            at = text.find(word, end)
        return False

    def _stretch(self, start: int, end: int) -> tuple[int, int]:
        """The stretch between the nearest characters either side of [start, end) that no word holds."""
        n = len(self._text)
        before = _NO_WORD.search(self._backwards, n - start)
        after = _NO_WORD.search(self._text, end)
        return (0 if before is None else n - before.start()), (n if after is None else after.start())


def _words(text: str) -> set[str]:
    """The words `text` prints inside a line, hyphenated ones whole and by part."""
    words = set(_WORD.findall(_LINE_END_SPLIT.sub(" ", text)))
    return words | {part for w in words if "-" in w for part in w.split("-")}


def document_vocabulary(text: str) -> Vocabulary:
    """The words `text` prints inside a line, for the hyphen questions of its entries."""
    return Vocabulary(text)


def _is_word(word: str, vocab: Vocabulary) -> bool:
    """A half that stands as a word: three letters at least, common, or known and printed in the document."""
    if len(word) < 3:
        return False  # "me-son": lefthyphenmin is 2, so short heads are mostly syllables
    return zipf_at_least(word, _COMMON_PART) or (word in vocab and zipf_at_least(word, _RARE_PART))


def _unknown_join_of_words(a: str, b: str) -> bool:
    """Two words that join into no English word: a compound, whatever the document prints.

    Only for a lower-case left half: a name broken at its line end ("Devan-shu", "Ari-mondo") is
    unknown joined and its halves can be words. Halves below `_KNOWN_PART` are not trusted.
    """
    return (
        len(a) >= 3
        and zipf_at_least(a, _KNOWN_PART)
        and zipf_at_least(b, _KNOWN_PART)
        and not zipf_at_least(a + b, _RARE_PART)
    )


def _set_in_capitals(left: str, right: str) -> bool:
    """Whether the words either side of a line-end hyphen are all capitals, as a title set in capitals:
    then a capital after the hyphen says nothing. An acronym among lower-case words ("Mask R-" + "CNN",
    "DE-" + "FAKE: Detection") is not such a text, and stays a compound."""
    before, after = left.split()[-2:], right.split()[:2]
    words = [w.strip(".,:;()") for w in before + after]
    capitals = all(len(w) >= 2 and w.replace("-", "").isupper() for w in words)
    return len(before) == 2 and len(after) == 2 and capitals


def _hyphen_is_real(left: str, right: str, vocab: Vocabulary) -> bool:
    head = _HEAD_WORD.match(right)
    tail = _TAIL_WORD.search(left)
    if not head or not tail:
        return True
    if tail.group(1) or head.group(2):
        return True  # "state-of-the-" + "art": TeX breaks a hyphenated compound only at its hyphens
    a, b = tail.group(2).lower(), head.group(1).lower()
    if f"{a}-{b}" in vocab:
        return True
    if a + b in vocab:
        return False
    upper = tail.group(2)[0].isupper() and head.group(1)[0].isupper()
    capitals = upper and _set_in_capitals(left[-80:], right)  # "USING MULTI-" + "PLE INDICATORS"
    if not head.group(1)[0].islower() and not capitals:
        return True  # "Guéry-Odelin", "Hewlett-Packard"
    if b in _SUFFIXES:
        return False  # "partition-ing": a suffix is no word of a compound
    if zipf_at_least(a + b, _COMMON_JOIN):
        return False  # "natu-ral", "net-works"
    if _is_word(a, vocab) and _is_word(b, vocab):
        return True  # "data-driven"; not "probabilis-tic", "me-son"
    return (tail.group(2)[0].islower() or capitals) and _unknown_join_of_words(a, b)  # "early-readmission"


def _url_continues(left: str, right: str) -> bool:
    """Whether `right` carries on the URL, DOI or arXiv id that `left` ends with."""
    if left.endswith("10.") and _DOI_PREFIX_END.search(left) and _REGISTRANT.match(right):
        return True  # "DOI 10." + "1103/physrevd.46.5236": a DOI broken after its prefix
    last = left.rsplit(None, 1)[-1]  # what is searched for has no space: the entry so far need not be
    tail = last.lower()
    if ("https://".startswith(tail) or "http://".startswith(tail)) and _SCHEME.match(tail + right):
        return True  # "htt" + "ps://doi.org/...": a URL broken inside its scheme
    m = _URLISH.search(last)
    if not m or not _URL_GO_ON.match(right):
        return False
    token = m.group(0)
    if token.endswith((".", ",")) and right[:1].isupper():
        return False  # the entry's sentence ended with the URL: "... URL https://", "... In: Proc."
    if _NEW_URL.match(right) and not token.endswith("/"):
        return False  # the next one: "doi: 10.5281/zenodo.2537188." + "https://doi.org/...", "arXiv: ..."
    if _NAMED_URL.match(right):
        return False  # a list of named links: ".../ssh-sin-password-solo-3-pasos/" + "Zabbix: https://..."
    first = right.split()[0]
    if _PERCENT_ESCAPE.search(token) or _PERCENT_ESCAPE.search(first):
        return True  # "...Patient%20Safety%20from%20" + "Surgical%20Perspective-1041.pdf"
    return token[-1] in "/-._?=&#%:~" or bool(re.search(r"[/.\d]", first)) and first.islower()


def join_lines(parts: list[str], vocab: Vocabulary) -> str:
    """The text of lines set one after another, as the author typed it.

    A back-reference the style prints after the entry (the pages that cite it) is no part of
    what the author typed and is left out.
    """
    out = ""
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if not out:
            out = part
        elif _url_continues(out, part):
            out += part
        elif out[-1] in "–—-" and out[-2:-1].isdigit() and part[:1].isdigit():
            out += part  # a range or an ISBN broken at its dash: "489–" + "509", "365—" + "385"
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and part[:1].isalpha():
            out = out + part if _hyphen_is_real(out, part, vocab) else out[:-1] + part
        elif _CJK.match(out[-1]) and _CJK.match(part[0]):
            out += part  # Chinese and Japanese set no space between words: "步态姿" + "势特征"
        else:
            out += " " + part
    return close_spaced_identifiers(_BACKREF.sub("", out))

"""Join an entry's lines into one string: hyphenation repaired, broken identifiers rejoined.

Whether a line-end hyphen splits a word or is a real hyphen is decided from the
document's own vocabulary: "pipeline-parallel" seen elsewhere keeps its hyphen,
"addresses" seen elsewhere loses it; when neither form occurs, two halves that are
words of the document on their own keep it, and otherwise a lower-case continuation
means a split word.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W\d_][\w'’]*(?:-[^\W\d_][\w'’]*)*")
_TAIL_WORD = re.compile(r"([^\W\d_]+)-$")
_HEAD_WORD = re.compile(r"^([^\W\d_]+)")
_URLISH = re.compile(r"(?:https?://|www\.|doi:|doi\.org/|\b10\.\d{4,9}/|arxiv:|arxiv\.org/)\S*$", re.I)
_URL_GO_ON = re.compile(r"^[\w\-./~%#?=&+:;]+")


def document_vocabulary(text: str) -> frozenset[str]:
    """Lower-cased words (hyphenated ones whole) that the document prints inside a line."""
    # A word never runs over a newline, so a line-end "pipeline-" yields "pipeline" only.
    return frozenset(_WORD.findall(text.lower()))


def _hyphen_is_real(left: str, right: str, vocab: frozenset[str]) -> bool:
    head = _HEAD_WORD.match(right)
    tail = _TAIL_WORD.search(left)
    if not head or not tail:
        return True
    a, b = tail.group(1).lower(), head.group(1).lower()
    if f"{a}-{b}" in vocab:
        return True
    if a + b in vocab:
        return False
    if len(a) >= 3 and len(b) >= 3 and a in vocab and b in vocab:
        return True  # two words of the document joined by a hyphen: "citation-enhanced"
    return not head.group(1)[0].islower()


def _url_continues(left: str, right: str) -> bool:
    """Whether `right` carries on the URL, DOI or arXiv id that `left` ends with."""
    m = _URLISH.search(left)
    if not m or not _URL_GO_ON.match(right):
        return False
    token = m.group(0)
    if token.endswith((".", ",")) and re.match(r"^[A-Z][a-z]", right):
        return False  # the entry's sentence ended with the URL
    first = right.split()[0]
    return token[-1] in "/-._?=&#%:~" or bool(re.search(r"[/.\d]", first)) and first.islower()


def join_lines(parts: list[str], vocab: frozenset[str]) -> str:
    """The text of lines set one after another, as the author typed it."""
    out = ""
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if not out:
            out = part
        elif _url_continues(out, part):
            out += part
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and part[:1].isalpha():
            out = out + part if _hyphen_is_real(out, part, vocab) else out[:-1] + part
        else:
            out += " " + part
    return out

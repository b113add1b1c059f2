"""Identifiers a text layer reads with spaces inside: "https : / / github . com / x", "10 . 1080 / 1048",
"arXiv: 1903 . 02583", "hep - ph / 9910250".

biblatex sets URLs, DOIs and eprints with stretchable glue between their characters (so a long
one can break anywhere); on a justified line the glue widens and the text layer reads a space
at each stretched point. Closed up, the identifier reads as printed and is found as one.
"""

from __future__ import annotations

import re

_SEPARATORS = "./-_:#?=&~%+"
# A spaced identifier somewhere in the text: a dot or slash with spaces on both sides ("github . com /
# x", "1808 . 08623"), a scheme read apart ("http: //www"), a DOI's prefix ("10. 1007/").
_MAYBE_SPACED = re.compile(r"\s[./]\s|:\s//|\b10\.\s\d")
# Where an identifier starts: a URL's scheme, "www", a DOI's "10.", or the word after a field label.
_START = re.compile(r"^(?:https?:?|www\.?|10\.?|10\.\d{4,9}/?\S*)$", re.I)
_ID_LABELS = ("arxiv:", "arxiv", "doi:", "doi", "url:", "url", "eprint:", "e-print:")
_REGISTRANT = re.compile(r"^\d{4,9}/")
_FIELD_LABEL = re.compile(r"^[A-Za-z]{2,}:$")  # "URL:", "ISSN:", "In:": the next field, not the identifier


def _separators_only(token: str) -> bool:
    return bool(token) and all(c in _SEPARATORS for c in token)


def _goes_on(prev: str, cur: str) -> bool:
    """Whether `cur` continues the identifier that ends with `prev` across a read space."""
    if not cur or cur[0] in "([" or _FIELD_LABEL.match(cur) and not _separators_only(prev):
        return False
    if _separators_only(cur) or _separators_only(prev):
        return True
    # "10." + "1007/978-...", "python.org/3/" + "glossary": a separator kept by one side
    return prev[-1] in _SEPARATORS and (cur[0].isdigit() or cur[0].islower() or cur[0] in _SEPARATORS)


def _spaced_pair(prev: str, cur: str) -> bool:
    """Two pieces the text layer read apart: a separator alone, "http:" + "//www...", "10." + "1007/"."""
    if _separators_only(prev) or _separators_only(cur):
        return True
    return prev[-1] in _SEPARATORS and cur[0] in _SEPARATORS or prev == "10." and bool(_REGISTRANT.match(cur))


def _starts_identifier(token: str, before: str) -> bool:
    return bool(_START.match(token)) or before.lower() in _ID_LABELS and token[:1].isalnum()


def close_spaced_identifiers(text: str) -> str:
    """The text with each identifier read with spaces inside closed up; one read without is left alone."""
    if not _MAYBE_SPACED.search(text):
        return text
    tokens = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token and _starts_identifier(token, out[-1] if out else ""):
            end, spaced = i, False
            while end + 1 < len(tokens) and _goes_on(tokens[end], tokens[end + 1]):
                spaced = spaced or _spaced_pair(tokens[end], tokens[end + 1])
                end += 1
            if spaced:
                out.append("".join(tokens[i : end + 1]))
                i = end + 1
                continue
        out.append(token)
        i += 1
    return " ".join(out)

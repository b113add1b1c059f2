"""Printed identifiers in an entry's text (private, until arxref.ids settles its API)."""

from __future__ import annotations

import re

_ARXIV_NEW = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
_ARXIV_OLD = re.compile(r"\b([a-z][a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?\b")
_ARXIV_CUE = re.compile(r"arxiv|eprint|e-print|preprint|\[[a-z\-]+(?:\.[a-z]{2})?\]", re.I)
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)")
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/([^\s?#]+?)(?:\.pdf)?(?:v\d+)?$", re.I)


def _valid_new(aid: str) -> bool:
    yy, mm = int(aid[:2]), int(aid[2:4])
    return 1 <= mm <= 12 and (len(aid.split(".")[1]) == 4 or yy >= 15) and yy >= 7


def find_arxiv_id(text: str) -> str | None:
    """The first arXiv id printed in an entry, when the entry gives a cue that it is one."""
    m = re.search(r"arxiv[:\s]*\s*(\d{4}\.\d{4,5})", text, re.I)
    if m and _valid_new(m.group(1)):
        return m.group(1)
    m = re.search(r"arxiv[:\s]*\s*([a-z][a-z\-]+(?:\.[A-Z]{2})?/\d{7})", text, re.I)
    if m:
        return m.group(1)
    if not _ARXIV_CUE.search(text):
        return None
    for m in _ARXIV_NEW.finditer(text):
        if _valid_new(m.group(1)):
            return m.group(1)
    m = _ARXIV_OLD.search(text)
    return m.group(1) if m else None


def find_doi(text: str) -> str | None:
    """The first DOI printed in an entry, trailing punctuation removed."""
    m = _DOI.search(text)
    if not m:
        return None
    doi = m.group(1).rstrip(".,;:")
    while doi.endswith(")") and doi.count(")") > doi.count("("):
        doi = doi[:-1]
    return doi.rstrip(".,;:")


def ids_from_uri(uri: str) -> tuple[str | None, str | None]:
    """(arXiv id, DOI) that a link target names, if any."""
    m = _ARXIV_URL.search(uri)
    if m:
        return m.group(1), None
    m = re.search(r"doi\.org/(10\.\d{4,9}/\S+)$", uri, re.I) or re.match(r"^doi:(10\.\S+)", uri, re.I)
    if m:
        from urllib.parse import unquote

        doi = unquote(m.group(1))
        arx = re.match(r"10\.48550/arxiv\.(.+)$", doi, re.I)
        return (arx.group(1), None) if arx else (None, doi)
    return None, None

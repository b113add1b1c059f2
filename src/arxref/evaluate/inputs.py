"""Reading one corpus paper as each eval mode asks: its e-print, its PDF, or both."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from arxref.catalog.records import CatalogLookup
from arxref.domain import ParsedReference, RawReference, Resolution
from arxref.evaluate.score import EvalMode
from arxref.extract.choice import extract_references
from arxref.ids import ARXIV_DOI_PREFIX, arxiv_id_from_url, find_arxiv_ids
from arxref.output import extraction_to_json
from arxref.parse import parse_references
from arxref.pdf import extract_pdf_references
from arxref.resolve import resolve_parsed
from arxref.source import extract_source_references, pack_folder_as_eprint, unpack_eprint


def corpus_eprint(paper_dir: Path) -> bytes | None:
    """The e-print as arXiv serves it: the real `eprint.gz`, else source/ packed likewise."""
    if (paper_dir / "eprint.gz").is_file():
        return (paper_dir / "eprint.gz").read_bytes()
    if (paper_dir / "source").is_dir():
        return pack_folder_as_eprint(paper_dir / "source")
    return None


# What is left of a printed id once its number is cut out: "arXiv:", "arXiv preprint", a DOI prefix.
_ID_PREFIX_RE = re.compile(r"(?:doi\s*:?\s*|https?://(?:dx\.)?doi\.org/)?10\.48550/arxiv\.$", re.IGNORECASE)


def hide_arxiv_ids(reference: RawReference) -> RawReference:
    """The entry with every printed arXiv id (and arXiv DOI) cut out, so only metadata can resolve it."""
    text = reference.raw
    for match in reversed(find_arxiv_ids(text)):
        start = match.start
        prefix = _ID_PREFIX_RE.search(text[max(0, start - 40) : start])
        if prefix:
            start -= len(prefix.group(0))
        text = text[:start] + text[match.end :]
    stated = reference.fields
    doi = stated.doi if stated.doi and not stated.doi.lower().startswith(ARXIV_DOI_PREFIX) else None
    url = stated.url if stated.url and arxiv_id_from_url(stated.url) is None else None
    fields = replace(stated, arxiv_id=None, doi=doi, url=url)
    return replace(reference, raw=text, fields=fields)


def predict_paper(
    paper_dir: Path, mode: EvalMode, catalog: CatalogLookup | None, hide_ids: bool = False
) -> dict:
    """Extraction (and resolution, given a catalog) of one corpus paper, as `extract --json` prints it."""
    pdf_path = paper_dir / "paper.pdf"
    pdf = pdf_path.read_bytes() if pdf_path.is_file() else None
    if mode == EvalMode.SOURCE:
        extraction = extract_source_references(unpack_eprint(corpus_eprint(paper_dir) or b""))
    elif mode == EvalMode.PDF:
        extraction = extract_pdf_references(pdf or b"")
    else:
        extraction = extract_references(corpus_eprint(paper_dir), pdf)
    if hide_ids:
        extraction = replace(extraction, references=tuple(hide_arxiv_ids(r) for r in extraction.references))
    parsed, resolutions = parse_and_resolve(extraction.references, catalog)
    return extraction_to_json(paper_dir.name, extraction, parsed, resolutions)


def parse_and_resolve(
    references: Sequence[RawReference], catalog: CatalogLookup | None
) -> tuple[list[ParsedReference], list[Resolution] | None]:
    """Fields of every entry and, given a catalog, their resolutions: what `extract` and `eval` print."""
    parsed = parse_references(references)
    if catalog is None:
        return parsed, None
    return parsed, resolve_parsed(references, parsed, catalog)

"""Reading one corpus paper as each eval mode asks: its e-print, its PDF, or both."""

from __future__ import annotations

from pathlib import Path

from arxref.catalog import CatalogLookup
from arxref.evaluate import EvalMode
from arxref.extract import extract_references
from arxref.output import extraction_to_json
from arxref.parse import parse_reference
from arxref.pdf import extract_pdf_references
from arxref.resolve import resolve_reference
from arxref.source import extract_source_references, pack_folder_as_eprint, unpack_eprint


def corpus_eprint(paper_dir: Path) -> bytes | None:
    """The e-print as arXiv serves it: the real `eprint.gz`, else source/ packed likewise."""
    if (paper_dir / "eprint.gz").is_file():
        return (paper_dir / "eprint.gz").read_bytes()
    if (paper_dir / "source").is_dir():
        return pack_folder_as_eprint(paper_dir / "source")
    return None


def predict_paper(paper_dir: Path, mode: EvalMode, catalog: CatalogLookup | None) -> dict:
    """Extraction (and resolution, given a catalog) of one corpus paper, as `extract --json` prints it."""
    pdf_path = paper_dir / "paper.pdf"
    pdf = pdf_path.read_bytes() if pdf_path.is_file() else None
    if mode == EvalMode.SOURCE:
        extraction = extract_source_references(unpack_eprint(corpus_eprint(paper_dir) or b""))
    elif mode == EvalMode.PDF:
        extraction = extract_pdf_references(pdf or b"")
    else:
        extraction = extract_references(corpus_eprint(paper_dir), pdf)
    parsed = [parse_reference(r.raw, stated=r.fields) for r in extraction.references]
    resolutions = None
    if catalog is not None:
        resolutions = [
            resolve_reference(p, r.raw, catalog) for p, r in zip(parsed, extraction.references, strict=True)
        ]
    return extraction_to_json(paper_dir.name, extraction, parsed, resolutions)

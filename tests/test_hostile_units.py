"""Hostile inputs at the function that meets them: each ends at once, as the error that names it."""

from __future__ import annotations

import gzip
from dataclasses import replace
from pathlib import Path

import pytest

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import CorruptArchive, CorruptPdf, EmptyPdf, TexTooComplex, Withdrawn
from arxref.pdf._open import open_pdf
from arxref.settings import Settings
from arxref.source import unpack_eprint
from arxref.source.latex_text import latex_to_text
from arxref.source.texscan import decode_tex
from arxref.stages.process import process_version
from arxref.store.engine import make_engine, upgrade_schema
from tests.conftest import SAMPLES


def test_a_macro_that_calls_itself_ten_times_is_refused() -> None:
    from arxref.source.latex_text import Macro

    with pytest.raises(TexTooComplex, match=r"\\x expands past the budget"):
        latex_to_text("A. \\x", {"x": Macro(0, "\\x" * 10)})


@pytest.mark.parametrize("depth", [330, 100_000])
def test_braces_nested_past_any_entry_are_refused_before_rendering(depth: int) -> None:
    with pytest.raises(TexTooComplex, match=f"nested {depth} deep"):
        latex_to_text("\\emph{" * depth + "deep" + "}" * depth)


def test_real_nesting_still_renders() -> None:
    assert latex_to_text("\\emph{" * 20 + "deep" + "}" * 20) == "deep"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_tex_saved_as_utf_16_or_32_is_read_by_its_bom(encoding: str) -> None:
    text = "\\bibitem{a} J. Müller, Über etwas"
    bom = {"utf-16": b"", "utf-16-be": b"\xfe\xff", "utf-32": b""}[encoding]
    assert decode_tex(bom + text.encode(encoding))[0] == text


def test_html_or_a_notice_or_a_cut_file_where_the_pdf_belongs() -> None:
    page = b"<!DOCTYPE html><html><body>Service Unavailable</body></html>"
    with pytest.raises(CorruptPdf, match="an HTML page, not a PDF"):
        open_pdf(page)
    with pytest.raises(Withdrawn):
        open_pdf(b"<html><body>This paper has been withdrawn by the author.</body></html>")
    real = (SAMPLES / "0801.0012v1.pdf").read_bytes()
    with pytest.raises(CorruptPdf, match="truncated or damaged"):
        open_pdf(real[:3000])
    with pytest.raises(CorruptPdf, match="no %PDF- header"):
        open_pdf(b"\x00\x01 random bytes")


def _zero_page_pdf() -> bytes:
    """A well-formed PDF with an empty page tree (PyMuPDF will not write one)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]
    out = b"%PDF-1.4\n"
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Root 1 0 R /Size {len(objects) + 1} >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def test_a_pdf_with_zero_pages_is_still_empty_not_corrupt() -> None:
    with pytest.raises(EmptyPdf):
        open_pdf(_zero_page_pdf())


def test_a_single_file_eprint_that_is_no_tex_says_what_it_is() -> None:
    with pytest.raises(CorruptArchive, match="not LaTeX, a PDF or an archive"):
        unpack_eprint(bytes(range(256)) * 4)
    with pytest.raises(CorruptArchive, match="an HTML page"):
        unpack_eprint(gzip.compress(b"<html><body>Oops</body></html>"))


def test_an_unusable_eprint_without_a_pdf_fails_as_the_eprints_error(tmp_path: Path) -> None:
    """The PDF is asked for in the e-print's place; when there is none, the version says why the
    e-print could not be read (not only that a PDF is missing)."""
    folder = tmp_path / "papers"
    folder.mkdir()
    bomb = "\\documentclass{article}\\def\\x{" + "\\x" * 10 + "}\\begin{document}\\begin{thebibliography}{9}"
    (folder / "2401.00001v1.gz").write_bytes(
        gzip.compress((bomb + "\\bibitem{a} \\x\\end{thebibliography}").encode())
    )
    settings = Settings.from_env({"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_SOURCE_DIR": str(folder)})
    engine = make_engine(settings.database_url)
    upgrade_schema(engine)
    row = process_version(engine, replace(settings), PaperVersion("2401.00001", 1))
    engine.dispose()
    assert (row.state, row.stage, row.last_error_class) == (
        VersionState.FAILED,
        Stage.EXTRACT,
        "TexTooComplex",
    )

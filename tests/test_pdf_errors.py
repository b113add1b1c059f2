"""Broken inputs end in a named error, never in a crash or an empty success."""

from __future__ import annotations

import os

import pymupdf
import pytest

from arxref.errors import CorruptPdf, EmptyPdf, EncryptedPdf, NoBibliography, NoTextLayer
from arxref.pdf import extract_pdf_references


def _pdf(lines: list[str]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    for n, text in enumerate(lines):
        page.insert_text((72, 72 + 14 * n), text, fontsize=10)
    return doc.tobytes()


def test_random_bytes_are_a_corrupt_pdf() -> None:
    with pytest.raises(CorruptPdf):
        extract_pdf_references(os.urandom(4096))


def test_zero_bytes_are_a_corrupt_pdf() -> None:
    with pytest.raises(CorruptPdf):
        extract_pdf_references(b"")


def test_truncated_pdf_is_corrupt_or_readable_never_a_crash() -> None:
    data = _pdf(["References", "[1] A. Author, J. Phys. 1, 2 (2001)."])
    with pytest.raises((CorruptPdf, NoBibliography, NoTextLayer)):
        extract_pdf_references(data[: len(data) // 3])


def test_password_protected_pdf_is_encrypted() -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "References")
    data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner", user_pw="secret")
    with pytest.raises(EncryptedPdf):
        extract_pdf_references(data)


def test_zero_page_pdf_is_empty() -> None:
    # PyMuPDF refuses to save a document without pages, so the file is written by hand.
    body = (
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
    )
    xref = len(body)
    data = body + (
        b"xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n"
        b"trailer<</Size 3/Root 1 0 R>>\nstartxref\n" + str(xref).encode() + b"\n%%EOF\n"
    )
    with pytest.raises(EmptyPdf):
        extract_pdf_references(data)


def test_image_only_pdf_has_no_text_layer() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.clear_with(200)
    page.insert_image(page.rect, pixmap=pix)
    with pytest.raises(NoTextLayer):
        extract_pdf_references(doc.tobytes())


def test_text_without_bibliography_is_named() -> None:
    with pytest.raises(NoBibliography):
        extract_pdf_references(_pdf(["An essay about nothing in particular.", "It cites no one."]))

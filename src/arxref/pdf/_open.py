"""Open a PDF from bytes and turn PyMuPDF's failures into the named errors of `arxref.errors`."""

from __future__ import annotations

import pymupdf

from arxref.errors import CorruptPdf, EmptyPdf, EncryptedPdf, NoTextLayer

# MuPDF reports recoverable syntax problems on stderr; they say nothing we act on.
pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)


def open_pdf(data: bytes) -> pymupdf.Document:
    """Open `data` as a readable PDF, or raise the error that names why it cannot be read."""
    if not data:
        raise CorruptPdf("empty input: zero bytes")
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # MuPDF raises several unrelated classes for a broken file
        raise CorruptPdf(f"PyMuPDF cannot open the PDF: {exc}") from exc
    if doc.needs_pass:
        doc.close()
        raise EncryptedPdf("the PDF needs a password")
    try:
        pages = doc.page_count
    except Exception as exc:
        raise CorruptPdf(f"PyMuPDF cannot count the pages: {exc}") from exc
    if pages == 0:
        raise EmptyPdf("the PDF has zero pages")
    return doc


def read_page_texts(doc: pymupdf.Document) -> tuple[str, ...]:
    """Plain text of every page: the cheap pass that finds where the bibliography is."""
    texts = []
    for page in doc:
        try:
            texts.append(page.get_text("text", flags=pymupdf.TEXT_MEDIABOX_CLIP))
        except Exception as exc:
            raise CorruptPdf(f"page {page.number + 1} cannot be read: {exc}") from exc
    if not any(t.strip() for t in texts):
        raise NoTextLayer(f"none of the {len(texts)} pages holds extractable text")
    return tuple(texts)

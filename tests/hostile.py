"""Hostile files made on the spot for the tests (never stored): small inputs that cost a reader much."""

from __future__ import annotations

import pymupdf


def form_xobject_bomb(calls: int = 5000, operators: int = 200_000) -> bytes:
    """A 3.5 KB PDF whose page draws one form XObject `calls` times, each showing text `operators`
    times: a billion text operators, which MuPDF reads inside one C call for many minutes, deaf to
    any Python signal. Only a process that can be killed bounds it."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "References", fontname="helv")
    font = page.get_fonts()[0][0]
    form = doc.get_new_xref()
    resources = f"<< /Font << /helv {font} 0 R >> >>"
    doc.update_object(form, f"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources {resources} >>")
    doc.update_stream(form, b"BT /helv 1 Tf 72 700 Td " + b"(ab) Tj " * operators + b"ET")
    page_resources = int(doc.xref_get_key(page.xref, "Resources")[1].split()[0])
    doc.xref_set_key(page_resources, "XObject", f"<< /Fm0 {form} 0 R >>")
    doc.update_stream(page.get_contents()[0], b"q /Fm0 Do Q " * calls)
    data = doc.tobytes(deflate=True)
    doc.close()
    return data

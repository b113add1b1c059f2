"""References from a PDF's text layer (the `pdf_text` path), read with PyMuPDF."""

from arxref.pdf._extract import extract_pdf_references

__all__ = ["extract_pdf_references"]

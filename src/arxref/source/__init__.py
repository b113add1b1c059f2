"""The `arxiv_source` path: references from the LaTeX e-print.

unpack (kind, unpack, pack) -> find the main document (document) -> read its bibliographies
(bbl, biblatex, or bibtex + reconstruct) -> plain text (latex_text) and stated fields (fields).
"""

from arxref.content import detect_kind
from arxref.source.extract import extract_source_references
from arxref.source.pack import pack_folder_as_eprint
from arxref.source.unpack import UnpackLimits, read_source_folder, unpack_eprint

__all__ = [
    "UnpackLimits",
    "detect_kind",
    "extract_source_references",
    "pack_folder_as_eprint",
    "read_source_folder",
    "unpack_eprint",
]

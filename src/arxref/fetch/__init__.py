"""Getting a version's e-print and PDF: from a local folder (embedded, mirror) or arXiv.

Only this package does I/O towards arXiv. Whatever the origin, the bytes go to
the content-addressed blob folder and the stages after it see `Blob`s.
"""

from arxref.fetch.folder import FetchedFiles, fetch_from_folder, version_file_stem

__all__ = ["FetchedFiles", "fetch_from_folder", "version_file_stem"]

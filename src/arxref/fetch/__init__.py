"""Getting a version's e-print and PDF: a local folder (embedded), a mirror (back-fills) or arXiv.

Only this package does I/O towards arXiv and only it imports httpx. Whatever the
origin, the fetch stage (`stages.fetch`) puts the bytes in the content-addressed blob
folder and the stages after it read blobs. `make_fetcher` picks the origin from
the settings (`ARXREF_FETCH_MODE`). Never imports the store, the extraction paths or Celery.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from arxref.domain import PaperVersion
from arxref.errors import StageNotImplemented, UpstreamError
from arxref.fetch.arxiv_http import ArxivClient
from arxref.fetch.folder import FetchedFiles, fetch_from_folder, version_file_stem
from arxref.fetch.mirror import MirrorFetcher
from arxref.settings import Settings


class Fetcher(Protocol):
    """Where a version's bytes come from. `remote`: fetching costs (skip it when blobs exist)."""

    remote: bool

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles: ...

    def fetch_pdf(self, paper: PaperVersion) -> bytes | None: ...


class FolderFetcher:
    """A local folder is read every time: it is cheap, and a fixed file must be seen at once."""

    remote = False

    def __init__(self, folder: Path, max_bytes: int) -> None:
        self._folder = folder
        self._max_bytes = max_bytes

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles:
        """Both files of the version, whatever is asked (reading them costs nothing)."""
        return fetch_from_folder(self._folder, paper, self._max_bytes)

    def fetch_pdf(self, paper: PaperVersion) -> bytes | None:
        """The PDF alone, when the folder has it."""
        return fetch_from_folder(self._folder, paper, self._max_bytes).pdf


class HttpFetcher:
    """arXiv over HTTP: the e-print, and the PDF only when asked (each request costs 3 s of the rate)."""

    remote = True

    def __init__(self, client: ArxivClient, always_pdf: bool = False) -> None:
        self._client = client
        self._always_pdf = always_pdf

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles:
        """The e-print (`/e-print/IDvN`), plus `/pdf/IDvN` when wanted and the e-print is not a PDF."""
        eprint = self._client.eprint(paper)
        is_pdf = eprint.lstrip()[:5] == b"%PDF-"
        pdf = self._client.pdf(paper) if (want_pdf or self._always_pdf) and not is_pdf else None
        return FetchedFiles(eprint=eprint, pdf=pdf)

    def fetch_pdf(self, paper: PaperVersion) -> bytes | None:
        """`/pdf/IDvN` alone (the e-print is already stored)."""
        return self._client.pdf(paper)


def describe_origin(settings: Settings) -> str:
    """Where the settings have versions read from, as `process ID` says it before it starts."""
    mode = settings.resolved_fetch_mode
    if mode == "folder":
        return f"the folder {settings.source_dir}"
    if mode == "mirror":
        return f"the mirror {settings.mirror_dir or settings.source_dir}"
    return f"arXiv over HTTP ({settings.arxiv_base_url}; ARXREF_SOURCE_DIR reads a folder instead)"


def check_arxiv_reachable(settings: Settings, timeout: float = 5.0) -> None:
    """UpstreamError at once when arXiv's host takes no connection: offline, the retries of `process ID`
    spent 15 s before recording a failed version that a folder of files would not have had."""
    url = urlsplit(settings.arxiv_base_url)
    port = url.port or (443 if url.scheme == "https" else 80)
    address = (url.hostname or "", port)
    try:
        with socket.create_connection(address, timeout=min(timeout, settings.connect_timeout)):
            pass
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise UpstreamError(
            f"arXiv is not reachable at {url.hostname}:{port} ({why}): offline? give a folder of version"
            " files, or set ARXREF_SOURCE_DIR"
        ) from exc


def make_fetcher(settings: Settings) -> Fetcher:
    """The fetcher the settings ask for; the HTTP one shares the pool's rate limit through Redis."""
    mode = settings.resolved_fetch_mode
    if mode == "folder":
        if settings.source_dir is None:
            raise StageNotImplemented("ARXREF_FETCH_MODE=folder needs ARXREF_SOURCE_DIR")
        return FolderFetcher(settings.source_dir, settings.max_download_bytes)
    if mode == "mirror":
        folder = settings.mirror_dir or settings.source_dir
        if folder is None:
            raise StageNotImplemented("ARXREF_FETCH_MODE=mirror needs ARXREF_MIRROR_DIR")
        return MirrorFetcher(folder, settings.max_download_bytes)
    return HttpFetcher(ArxivClient.from_settings(settings), always_pdf=settings.fetch_pdf == "always")


__all__ = [
    "FetchedFiles",
    "Fetcher",
    "FolderFetcher",
    "HttpFetcher",
    "check_arxiv_reachable",
    "describe_origin",
    "fetch_from_folder",
    "make_fetcher",
    "version_file_stem",
]

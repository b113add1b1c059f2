"""Back-fills without HTTP: a local folder of version files, or arXiv's bulk tar chunks.

arXiv's bulk data comes as `arXiv_src_YYMM_NNN.tar` / `arXiv_pdf_YYMM_NNN.tar`
chunks whose members are `YYMM/<id>.gz` (sources: the version current when the
chunk was cut, so unversioned) and `YYMM/<id>v<n>.pdf` (PDFs, versioned). A
mirror folder may hold loose `<id>v<n>.*` files (as `folder` reads them), chunks,
or both; loose files win. The member index is built once per process.
"""

from __future__ import annotations

import tarfile
from pathlib import Path

from arxref.domain import PaperVersion
from arxref.errors import CorruptArchive, NotFound, TooLarge
from arxref.fetch.folder import FetchedFiles, fetch_from_folder, version_file_stem

_SOURCE_SUFFIXES = (".tar.gz", ".gz", ".tar", ".tex", ".pdf")


class MirrorFetcher:
    """Reads versions from a mirror folder; stored blobs are reused (reading a chunk is not free)."""

    remote = True

    def __init__(self, folder: Path, max_bytes: int) -> None:
        self._folder = folder
        self._max_bytes = max_bytes
        self._index: dict[str, tuple[Path, str]] | None = None

    def fetch(self, paper: PaperVersion, want_pdf: bool = False) -> FetchedFiles:
        """Loose files first, then the bulk chunks; NotFound when the mirror has neither."""
        try:
            return fetch_from_folder(self._folder, paper, self._max_bytes)
        except NotFound:
            pass
        stem = version_file_stem(paper)
        unversioned = stem[: -len(f"v{paper.version}")]
        eprint = self._first([f"{stem}{s}" for s in _SOURCE_SUFFIXES if s != ".pdf"])
        if eprint is None:
            eprint = self._first([f"{unversioned}{s}" for s in _SOURCE_SUFFIXES])
        pdf = self._first([f"{stem}.pdf"])
        if eprint is None and pdf is None:
            raise NotFound(f"{paper.key}: not in the mirror at {self._folder}")
        return FetchedFiles(eprint=eprint, pdf=pdf)

    def fetch_pdf(self, paper: PaperVersion) -> bytes | None:
        """The PDF alone, loose or from a PDF chunk."""
        loose = self._folder / f"{version_file_stem(paper)}.pdf"
        if loose.is_file():
            return fetch_from_folder(self._folder, paper, self._max_bytes).pdf
        return self._first([f"{version_file_stem(paper)}.pdf"])

    def _first(self, names: list[str]) -> bytes | None:
        index = self._members()
        for name in names:
            if name in index:
                return self._read(*index[name])
        return None

    def _members(self) -> dict[str, tuple[Path, str]]:
        if self._index is None:
            index: dict[str, tuple[Path, str]] = {}
            for chunk in sorted(self._folder.glob("*.tar")):
                try:
                    with tarfile.open(chunk) as tar:
                        for member in tar:
                            if member.isfile():
                                index.setdefault(member.name.rsplit("/", 1)[-1], (chunk, member.name))
                except tarfile.TarError as exc:
                    raise CorruptArchive(f"mirror chunk {chunk.name}: {exc}") from exc
            self._index = index
        return self._index

    def _read(self, chunk: Path, name: str) -> bytes:
        with tarfile.open(chunk) as tar:
            member = tar.getmember(name)
            if member.size > self._max_bytes:
                raise TooLarge(f"{name} in {chunk.name} is {member.size} bytes, over the cap")
            handle = tar.extractfile(member)
            assert handle is not None  # regular files only are indexed
            return handle.read()

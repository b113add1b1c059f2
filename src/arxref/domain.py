"""The plain data that flows between pipeline stages, and the vocabulary of DESIGN.md.

Every vocabulary string (`arxiv_source`, `verified_fuzzy`, ...) is defined here once,
as a StrEnum member; nothing else in the code spells them as literals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class ReferenceSource(StrEnum):
    """Where an entry was read from."""

    ARXIV_SOURCE = "arxiv_source"
    PDF_TEXT = "pdf_text"


class ResolutionStatus(StrEnum):
    """What resolution concluded about an entry."""

    VERIFIED_EXACT = "verified_exact"
    VERIFIED_FUZZY = "verified_fuzzy"
    UNRESOLVED = "unresolved"
    PARSE_UNCERTAIN = "parse_uncertain"
    MALFORMED_IDENTIFIER = "malformed_identifier"
    METADATA_MISMATCH = "metadata_mismatch"


class ResolverSource(StrEnum):
    """Which resolver produced a resolution (None when unresolved)."""

    ARXIV_ID = "arxiv_id"
    LOCAL_ARXIV = "local_arxiv"
    RAW_FALLBACK = "raw_fallback"


class TitleSource(StrEnum):
    """Where an entry's output `title` came from (None when there is no title)."""

    PRINTED = "printed"  # the parser's title: printed in the entry, or stated by its .bib/biblatex fields
    CATALOG = "catalog"  # the verified match's catalog title, for an entry that printed none


class VersionState(StrEnum):
    """The life of a job (one paper version) in `paper_versions`."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class Stage(StrEnum):
    """Pipeline stages, in order; a failure names the stage it happened in."""

    FETCH = "fetch"
    EXTRACT = "extract"
    RESOLVE = "resolve"
    STORE = "store"


class BlobKind(StrEnum):
    """What a fetched file is, told apart by content, never by name or header."""

    TAR_GZ = "tar.gz"
    GZ = "gz"
    TAR = "tar"
    TEX = "tex"
    PDF = "pdf"


@dataclass(frozen=True)
class PaperVersion:
    """One arXiv paper version: the unit of work."""

    arxiv_id: str
    version: int

    @property
    def key(self) -> str:
        """The versioned id as arXiv prints it, e.g. `2104.04473v5`."""
        return f"{self.arxiv_id}v{self.version}"


@dataclass(frozen=True)
class Blob:
    """A fetched e-print or PDF, stored content-addressed."""

    kind: BlobKind
    sha256: str
    path: str
    size: int


@dataclass(frozen=True)
class ParsedReference:
    """The fields of one entry; `None`/empty where not known."""

    authors: tuple[str, ...] = ()
    et_al: bool = False
    title: str | None = None
    year: int | None = None
    venue: str | None = None
    volume: str | None = None
    pages: str | None = None
    arxiv_id: str | None = None
    doi: str | None = None
    url: str | None = None
    confidence: float = 0.0


@dataclass(frozen=True)
class Provenance:
    """Where in the e-print or PDF an entry was found, so a reviewer can look."""

    file: str | None = None
    pages: tuple[int, ...] = ()
    bbox: tuple[float, float, float, float] | None = None
    encoding: str | None = None
    reconstructed: bool = False


@dataclass(frozen=True)
class RawReference:
    """One bibliography entry as extracted, before resolution.

    `index` is the printed number (numeric styles) or the 1-based position, unique
    within the bibliography numbered `bibliography` (1, 2, ... for papers with
    several lists whose numbering restarts). `fields` holds what the source states
    outright (biblatex fields, the .bib entry, link targets); empty for PDF text.
    """

    index: int
    raw: str
    source: ReferenceSource
    label: str | None = None
    bibliography: int = 1
    key: str | None = None
    fields: ParsedReference = field(default_factory=ParsedReference)
    provenance: Provenance = field(default_factory=Provenance)
    flags: tuple[str, ...] = ()


COMPOSED = "composed"
"""A flag: the entry's text was composed from biblatex fields (the .bbl holds no printed text), so
it follows the fields' order, not the style's."""
PRINTED_FROM_PDF = "printed_from_pdf"
"""A flag: an entry the e-print could only compose carries the text its PDF prints under the same
number (read where the PDF was at hand: ARXREF_FETCH_PDF=always)."""


@dataclass(frozen=True)
class Extraction:
    """All entries of one paper version from one path, plus what the reader should know."""

    source: ReferenceSource
    references: tuple[RawReference, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Candidate:
    """A catalog record that resolution considered, with its score."""

    arxiv_id: str
    score: float


@dataclass(frozen=True)
class Resolution:
    """What an entry cites, and how sure we are.

    `cited_title` is the title of the catalog record `cited_arxiv_id` names, as the catalog
    has it (whitespace collapsed, TeX kept), whenever the resolution points at a record;
    it is not stored (the database joins `arxiv_catalog` on `cited_arxiv_id` instead).
    """

    status: ResolutionStatus
    resolver_source: ResolverSource | None = None
    cited_arxiv_id: str | None = None
    cited_doi: str | None = None
    score: float | None = None
    candidates: tuple[Candidate, ...] = ()
    cited_title: str | None = None


@dataclass(frozen=True)
class ResolvedReference:
    """An entry with its parsed fields and its resolution: what the store writes."""

    raw: RawReference
    parsed: ParsedReference
    resolution: Resolution

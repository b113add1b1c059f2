"""The error hierarchy. Every failure recorded on a paper version is one of these.

    ArxrefError
     ├── RetryableError            try again later: the cause is outside the paper
     │    ├── FetchTimeout
     │    ├── RateLimited          (HTTP 429; carries retry_after)
     │    ├── UpstreamError        (HTTP 5xx, connection reset)
     │    ├── DatabaseUnavailable
     │    ├── BrokerUnavailable    (Redis: the broker or the shared rate limit)
     │    └── WorkerCrashed        (the worker process running the task died; sent again)
     └── PermanentError            the same input will fail the same way
          ├── NotFound             (HTTP 404/403, file missing from the mirror)
          ├── UnexpectedResponse   (a redirect off arXiv or in a loop, HTML where a file belongs)
          ├── Withdrawn
          ├── TooLarge             (download or archive over a size cap)
          ├── UnsafeArchive        (absolute paths, `..`, links, devices in a tar)
          ├── CorruptArchive       (not a readable tar/gzip)
          ├── NoBibliography       (the e-print has no bibliography to read)
          ├── TexTooComplex        (TeX nested or expanding past any real entry: a macro bomb)
          ├── CorruptPdf / EncryptedPdf / EmptyPdf / NoTextLayer
          ├── InvalidIdentifier    (not an arXiv id we can fetch)
          ├── StageTimeout         (a stage ran past its time limit)
          ├── TooManyAttempts      (the worker running it kept dying; a poison paper)
          └── StageNotImplemented  (a path that is not built yet: no fake output)

The class name is what `paper_versions.last_error_class` records, so renaming a
class is a data change.
"""

from __future__ import annotations


class ArxrefError(Exception):
    """Base of every error arxref records against a paper version."""


class RetryableError(ArxrefError):
    """The same call may succeed later (network, rate limits, database)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class FetchTimeout(RetryableError):
    """arXiv (or the mirror) did not answer in time. `whole_download`: the download ran past its
    deadline (a server trickling bytes), which another try at once would only repeat."""

    def __init__(self, message: str, retry_after: float | None = None, whole_download: bool = False) -> None:
        super().__init__(message, retry_after)
        self.whole_download = whole_download


class RateLimited(RetryableError):
    """arXiv answered 429; `retry_after` says how long it asked us to wait."""


class UpstreamError(RetryableError):
    """arXiv answered 5xx or the connection broke."""


class DatabaseUnavailable(RetryableError):
    """The database could not be reached."""


class BrokerUnavailable(RetryableError):
    """Redis (the broker, or the rate limit shared by the pool) could not be reached."""


class WorkerCrashed(RetryableError):
    """The worker process running the task died (killed, out of memory, a crash in C code); the task
    is sent again, and a version whose runs keep dying ends as TooManyAttempts."""


class PermanentError(ArxrefError):
    """Retrying will not help; `arxref reprocess` after fixing the cause will."""


class NotFound(PermanentError):
    """No such paper version (HTTP 404/403, or missing from the local folder)."""


class UnexpectedResponse(PermanentError):
    """arXiv's address answered with something that is not the file: a redirect to a host that is not
    arXiv's, a redirect loop or an unsupported scheme, an HTML page where a PDF or e-print belongs."""


class Withdrawn(PermanentError):
    """arXiv serves no source or PDF because the version was withdrawn."""


class TooLarge(PermanentError):
    """A download or an archive went over a configured size cap."""


class UnsafeArchive(PermanentError):
    """An archive member would escape the unpack folder or is not a regular file."""


class CorruptArchive(PermanentError):
    """The e-print is not a readable tar, gzip or TeX file."""


class NoBibliography(PermanentError):
    """The document has no bibliography that the path can read."""


class TexTooComplex(PermanentError):
    """The e-print's TeX nests braces or expands macros past what any real bibliography entry does
    (a macro that calls itself ten times, thousands of nested groups): refused, not run for hours."""


class CorruptPdf(PermanentError):
    """PyMuPDF cannot open the PDF."""


class EncryptedPdf(PermanentError):
    """The PDF needs a password."""


class EmptyPdf(PermanentError):
    """The PDF has zero pages."""


class NoTextLayer(PermanentError):
    """The PDF has pages but no extractable text (a scan)."""


class InvalidIdentifier(PermanentError):
    """The arXiv identifier is not one we can fetch."""


class StageTimeout(PermanentError):
    """A CPU-bound stage ran past its soft time limit; the same input would again."""


class TooManyAttempts(PermanentError):
    """The version's task was redelivered too often (worker killed, hard time limit)."""


class StageNotImplemented(PermanentError):
    """The stage needed for this input is not built yet; recorded, never faked."""


def error_class(name: str) -> type[PermanentError] | None:
    """The permanent error class a version records under `name` (the class name is the data)."""
    found = globals().get(name)
    return found if isinstance(found, type) and issubclass(found, PermanentError) else None

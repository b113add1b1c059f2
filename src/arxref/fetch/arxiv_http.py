"""arXiv over HTTP (httpx): e-prints, PDFs and OAI-PMH pages, fetched politely.

Polite means: a User-Agent naming the project and an operator contact, one rate
shared by the whole pool (`ratelimit`), timeouts, a size cap, and retries with
exponential backoff and jitter on timeouts, 429 and 5xx that never come sooner
than the server's Retry-After. A long Retry-After is not slept through here: it
is raised as RateLimited so the task queue, not a blocked worker, does the waiting.
404/403/410 and withdrawal notices are permanent. The transport is injected
(`httpx.MockTransport` in unit tests, a server on 127.0.0.1 in integration tests).
"""

from __future__ import annotations

import random
import re
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from importlib.metadata import PackageNotFoundError, version

import httpx

from arxref.domain import PaperVersion
from arxref.errors import (
    FetchTimeout,
    InvalidIdentifier,
    NotFound,
    RateLimited,
    RetryableError,
    TooLarge,
    UpstreamError,
    Withdrawn,
)
from arxref.fetch.ratelimit import NoRateLimit, RateLimiter, make_rate_limiter
from arxref.settings import Settings

PROJECT_URL = "https://github.com/arxref/arxref"
_NOTICE_LIMIT = 64 * 1024
_WITHDRAWN = re.compile(
    rb"(?i)(?:(?:paper|article|submission|manuscript|version)\s+(?:has\s+been|was|is)\s+withdrawn"
    rb"|withdrawn\s+by\s+the\s+authors?)"
)


@dataclass(frozen=True)
class HttpPolicy:
    """How the client talks to arXiv; built from Settings."""

    base_url: str
    contact: str
    connect_timeout: float = 10.0
    read_timeout: float = 60.0
    max_bytes: int = 256 * 1024 * 1024
    retries: int = 3
    backoff: float = 2.0
    backoff_max: float = 60.0

    @classmethod
    def from_settings(cls, settings: Settings) -> HttpPolicy:
        """The policy the settings describe."""
        return cls(
            base_url=settings.arxiv_base_url,
            contact=settings.contact,
            connect_timeout=settings.connect_timeout,
            read_timeout=settings.read_timeout,
            max_bytes=settings.max_download_bytes,
            retries=settings.http_retries,
            backoff=settings.http_backoff,
            backoff_max=settings.http_backoff_max,
        )

    @property
    def user_agent(self) -> str:
        """arXiv asks automated clients to say who they are and how to reach the operator."""
        try:
            release = version("arxref")
        except PackageNotFoundError:  # running from a source tree that is not installed
            release = "dev"
        return f"arxref/{release} (+{PROJECT_URL}; mailto:{self.contact})"


def backoff_wait(
    attempt: int, retry_after: float | None, base: float, cap: float, rng: Callable[[], float]
) -> float:
    """Exponential backoff with jitter (half fixed, half random), never shorter than Retry-After."""
    step = min(cap, base * 2**attempt)
    wait = step / 2 + rng() * step / 2
    return max(wait, retry_after) if retry_after else wait


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Retry-After as seconds: either delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def is_withdrawal_notice(data: bytes) -> bool:
    """arXiv serves a withdrawn version as a tiny TeX/HTML note saying so, not as a paper."""
    if len(data) > _NOTICE_LIMIT:
        return False
    text = data
    if data[:2] == b"\x1f\x8b":
        try:
            text = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, _NOTICE_LIMIT)
        except zlib.error:
            return False
    if b"\\begin{document}" in text or b"\\bibitem" in text or text.lstrip()[:5] == b"%PDF-":
        return False
    return _WITHDRAWN.search(text) is not None


class ArxivClient:
    """One httpx client with the policy, the shared rate limit and the retries."""

    def __init__(
        self,
        policy: HttpPolicy,
        limiter: RateLimiter | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: Callable[[], float] = random.random,
    ) -> None:
        self.policy = policy
        self._limiter = limiter or NoRateLimit()
        self._sleep = sleep
        self._rng = rng
        self._http = httpx.Client(
            base_url=policy.base_url,
            transport=transport,
            headers={"User-Agent": policy.user_agent},
            timeout=httpx.Timeout(policy.read_timeout, connect=policy.connect_timeout),
            follow_redirects=True,
            max_redirects=5,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> ArxivClient:
        """A client with the settings' policy and rate limit (shared through Redis when configured)."""
        s = settings
        limiter = make_rate_limiter(s.redis_url, s.rate_limit_seconds, s.rate_limit_burst)
        return cls(HttpPolicy.from_settings(s), limiter)

    def __enter__(self) -> ArxivClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def eprint(self, paper: PaperVersion) -> bytes:
        """The e-print of a version: .tar.gz, .gz or PDF, as arXiv serves it (the caller tells which)."""
        return self._paper_file(f"/e-print/{paper.key}", paper)

    def pdf(self, paper: PaperVersion) -> bytes:
        """The PDF of a version."""
        return self._paper_file(f"/pdf/{paper.key}", paper)

    def get(self, path: str, params: Mapping[str, str] | None = None) -> bytes:
        """GET with rate limit and retries; the body, or an ArxrefError saying why not."""
        attempt = 0
        while True:
            self._limiter.acquire()
            try:
                return self._get_once(path, params)
            except RetryableError as exc:
                if exc.retry_after:
                    self._limiter.hold(exc.retry_after)
                long_wait = exc.retry_after is not None and exc.retry_after > self.policy.backoff_max
                if attempt >= self.policy.retries or long_wait:
                    raise
                p = self.policy
                self._sleep(backoff_wait(attempt, exc.retry_after, p.backoff, p.backoff_max, self._rng))
                attempt += 1

    def _paper_file(self, path: str, paper: PaperVersion) -> bytes:
        data = self.get(path)
        head = data[:512].lstrip().lower()
        if is_withdrawal_notice(data):
            raise Withdrawn(f"{paper.key}: arXiv serves a withdrawal notice at {path}")
        if head.startswith((b"<!doctype html", b"<html")):
            raise UpstreamError(f"{paper.key}: {path} answered an HTML page instead of a file")
        return data

    def _get_once(self, path: str, params: Mapping[str, str] | None) -> bytes:
        try:
            with self._http.stream("GET", path, params=params) as response:
                _raise_for_status(response, path)
                return _read_capped(response, self.policy.max_bytes, path)
        except httpx.TimeoutException as exc:
            raise FetchTimeout(f"{path}: {type(exc).__name__}") from exc
        except httpx.TooManyRedirects as exc:
            raise UpstreamError(f"{path}: too many redirects") from exc
        except httpx.TransportError as exc:  # refused, reset, truncated body (RemoteProtocolError)
            raise UpstreamError(f"{path}: {type(exc).__name__}: {exc}") from exc


def _raise_for_status(response: httpx.Response, path: str) -> None:
    status = response.status_code
    if status == 200:
        return
    retry_after = parse_retry_after(response.headers.get("Retry-After"))
    if status in (403, 404):
        raise NotFound(f"{path}: HTTP {status}")
    if status == 410:
        raise Withdrawn(f"{path}: HTTP 410 Gone")
    if status == 429:
        raise RateLimited(f"{path}: HTTP 429", retry_after=retry_after)
    if status >= 500:
        raise UpstreamError(f"{path}: HTTP {status}", retry_after=retry_after)
    if status == 400:
        raise InvalidIdentifier(f"{path}: HTTP 400")
    raise UpstreamError(f"{path}: unexpected HTTP {status}")


def _read_capped(response: httpx.Response, max_bytes: int, path: str) -> bytes:
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise TooLarge(f"{path}: {declared} bytes declared, over the {max_bytes}-byte cap")
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise TooLarge(f"{path}: over the {max_bytes}-byte cap")
        chunks.append(chunk)
    return b"".join(chunks)

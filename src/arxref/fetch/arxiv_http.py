"""arXiv over HTTP (httpx): e-prints, PDFs and OAI-PMH pages, fetched politely.

Polite means: a User-Agent naming the project and an operator contact, one rate
shared by the whole pool (`ratelimit`), timeouts, a size cap, and retries with
exponential backoff and jitter on timeouts, 429 and 5xx that never come sooner
than the server's Retry-After. A long Retry-After is not slept through here: it
is raised as RateLimited so the task queue, not a blocked worker, does the waiting;
the pool is held back at most `retry_after_max` by one answer. 404/403/410 and
withdrawal notices are permanent.

Guarded means: a whole download has a deadline (a server that trickles one byte at a
time would otherwise hold a version forever), and redirects are followed only to
arXiv's own hosts (the configured base URL's origin; and arxiv.org and its sub-domains
over https when the base is arXiv): a redirect elsewhere, a loop, or an HTML page where
a file belongs is `UnexpectedResponse`, permanent. The transport is injected
(`httpx.MockTransport` in unit tests, a server on 127.0.0.1 in integration tests).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from importlib.metadata import PackageNotFoundError, version

import httpx

from arxref.content import is_withdrawal_notice
from arxref.domain import PaperVersion
from arxref.errors import (
    FetchTimeout,
    InvalidIdentifier,
    NotFound,
    RateLimited,
    RetryableError,
    TooLarge,
    UnexpectedResponse,
    UpstreamError,
    Withdrawn,
)
from arxref.fetch.ratelimit import NoRateLimit, RateLimiter, make_rate_limiter
from arxref.settings import Settings
from arxref.telemetry import count_fetch_response

PROJECT_URL = "https://github.com/arxref/arxref"
_MAX_REDIRECTS = 5
_REDIRECTS = (301, 302, 303, 307, 308)


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
    deadline: float = 240.0
    retry_after_max: float = 3600.0

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
            deadline=settings.download_deadline,
            retry_after_max=settings.retry_after_max,
        )

    @property
    def user_agent(self) -> str:
        """arXiv asks automated clients to say who they are and how to reach the operator."""
        try:
            release = version("arxref")
        except PackageNotFoundError:  # running from a source tree that is not installed
            release = "dev"
        return f"arxref/{release} (+{PROJECT_URL}; mailto:{self.contact})"


def redirect_allowed(base: httpx.URL, target: httpx.URL) -> bool:
    """Whether a redirect stays with arXiv: the base's own origin, or arXiv's domain over https."""
    if target.scheme == base.scheme and target.host == base.host and target.port == base.port:
        return True
    return _is_arxiv_host(base.host) and target.scheme == "https" and _is_arxiv_host(target.host)


def _is_arxiv_host(host: str) -> bool:
    return host == "arxiv.org" or host.endswith(".arxiv.org")


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
            follow_redirects=False,  # followed by hand, only to arXiv's hosts
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
                    self._limiter.hold(min(exc.retry_after, self.policy.retry_after_max))
                long_wait = exc.retry_after is not None and exc.retry_after > self.policy.backoff_max
                # A download cut at its whole deadline is not tried again here: four tries of a trickle
                # held a version 16 minutes; the pool's queue retries it later.
                cut = isinstance(exc, FetchTimeout) and exc.whole_download
                if attempt >= self.policy.retries or long_wait or cut:
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
            raise UnexpectedResponse(f"{paper.key}: {path} answered an HTML page instead of a file")
        return data

    def _get_once(self, path: str, params: Mapping[str, str] | None) -> bytes:
        started = time.monotonic()
        given = httpx.URL(path, params=params)
        # An absolute URL (an OAI-PMH endpoint given on the command line) is its own origin.
        base = given if given.is_absolute_url else self._http.base_url
        url = given if given.is_absolute_url else httpx.URL(str(base).rstrip("/") + path, params=params)
        seen = {str(url)}
        try:
            for _ in range(_MAX_REDIRECTS + 1):
                with self._http.stream("GET", url) as response:
                    count_fetch_response(response.status_code)  # /metrics: responses by status
                    if response.status_code in _REDIRECTS and "Location" in response.headers:
                        url = _next_hop(base, url, response.headers["Location"], path, seen)
                        continue
                    _raise_for_status(response, path)
                    return _read_capped(response, self.policy, path, started)
        except httpx.TimeoutException as exc:
            raise FetchTimeout(f"{path}: {type(exc).__name__}") from exc
        except httpx.TransportError as exc:  # refused, reset, truncated body (RemoteProtocolError)
            raise UpstreamError(f"{path}: {type(exc).__name__}: {exc}") from exc
        raise UnexpectedResponse(f"{path}: more than {_MAX_REDIRECTS} redirects")


def _next_hop(base: httpx.URL, url: httpx.URL, location: str, path: str, seen: set[str]) -> httpx.URL:
    """Where a redirect leads, if it may be followed; else UnexpectedResponse saying why not."""
    try:
        target = url.join(location)
    except httpx.InvalidURL as exc:
        raise UnexpectedResponse(f"{path}: redirect to an unreadable address {location!r}") from exc
    if target.scheme not in ("http", "https"):
        raise UnexpectedResponse(f"{path}: redirect to an unsupported scheme {target.scheme!r}")
    if not redirect_allowed(base, target):
        where = f"{target.scheme}://{target.netloc.decode()}"
        raise UnexpectedResponse(f"{path}: redirect to {where}, not arXiv's")
    if str(target) in seen:
        raise UnexpectedResponse(f"{path}: redirect loop at {target}")
    seen.add(str(target))
    return target


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
        raise RateLimited(f"{path}: HTTP 429{_come_back(retry_after)}", retry_after=retry_after)
    if status >= 500:
        raise UpstreamError(f"{path}: HTTP {status}", retry_after=retry_after)
    if status == 400:
        raise InvalidIdentifier(f"{path}: HTTP 400")
    raise UpstreamError(f"{path}: unexpected HTTP {status}")


def _come_back(retry_after: float | None) -> str:
    """When the server asked us to come back, for the message a person reads."""
    if retry_after is None:
        return ""
    when = datetime.now(UTC) + timedelta(seconds=retry_after)
    return f", asked to come back in {retry_after:.0f} s (after {when:%Y-%m-%d %H:%M} UTC)"


def _read_capped(response: httpx.Response, policy: HttpPolicy, path: str, started: float) -> bytes:
    """The body, within the size cap and the download deadline (counted from the request)."""
    max_bytes = policy.max_bytes
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise TooLarge(f"{path}: {declared} bytes declared, over the {max_bytes}-byte cap")
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise TooLarge(f"{path}: over the {max_bytes}-byte cap")
        if time.monotonic() - started > policy.deadline:
            said = f"{path}: not complete after {policy.deadline:g} s ({size} bytes so far)"
            raise FetchTimeout(said, whole_download=True)
        chunks.append(chunk)
    return b"".join(chunks)

"""The arXiv client against httpx.MockTransport: statuses, retries, Retry-After, caps, withdrawals."""

from __future__ import annotations

import gzip
from collections.abc import Callable

import httpx
import pytest

from arxref.domain import PaperVersion
from arxref.errors import FetchTimeout, NotFound, RateLimited, TooLarge, UpstreamError, Withdrawn
from arxref.fetch.arxiv_http import ArxivClient, HttpPolicy, backoff_wait, parse_retry_after
from tests.conftest import SAMPLES

PAPER = PaperVersion("1205.4446", 1)
EPRINT = (SAMPLES / "1205.4446v1.tar.gz").read_bytes()


class Recorder:
    """Answers from a script, one per request, and records what was asked and how long we slept."""

    def __init__(self, *answers: httpx.Response | Callable[[httpx.Request], httpx.Response]) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.sleeps: list[float] = []
        self.held: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        return answer(request) if callable(answer) else answer

    def client(self, **policy: object) -> ArxivClient:
        recorder = self

        class Limiter:
            def acquire(self) -> None:
                pass

            def hold(self, seconds: float) -> None:
                recorder.held.append(seconds)

        options = {"base_url": "https://export.arxiv.org", "contact": "ops@example.org", **policy}
        return ArxivClient(
            HttpPolicy(**options),
            Limiter(),
            transport=httpx.MockTransport(self),
            sleep=self.sleeps.append,
            rng=lambda: 0.5,
        )


def test_eprint_is_fetched_by_versioned_path_with_a_user_agent_naming_the_project() -> None:
    rec = Recorder(httpx.Response(200, content=EPRINT))
    assert rec.client().eprint(PAPER) == EPRINT
    request = rec.requests[0]
    assert request.url == "https://export.arxiv.org/e-print/1205.4446v1"
    assert request.headers["User-Agent"].startswith("arxref/")
    assert "mailto:ops@example.org" in request.headers["User-Agent"]


def test_429_and_503_are_retried_with_backoff_never_sooner_than_retry_after() -> None:
    rec = Recorder(
        httpx.Response(429, headers={"Retry-After": "7"}),
        httpx.Response(503),
        httpx.Response(200, content=EPRINT),
    )
    assert rec.client(backoff=2.0, backoff_max=60.0).eprint(PAPER) == EPRINT
    assert rec.sleeps == [7.0, backoff_wait(1, None, 2.0, 60.0, lambda: 0.5)]
    assert rec.held == [7.0]  # the whole pool is held back, not just this worker


def test_a_long_retry_after_is_raised_for_the_queue_to_wait_not_slept_through() -> None:
    rec = Recorder(httpx.Response(429, headers={"Retry-After": "3600"}))
    with pytest.raises(RateLimited) as info:
        rec.client(backoff_max=60.0).eprint(PAPER)
    assert info.value.retry_after == 3600
    assert rec.sleeps == []


def test_retries_run_out_into_the_retryable_error() -> None:
    rec = Recorder(*[httpx.Response(502)] * 3)
    with pytest.raises(UpstreamError, match="HTTP 502"):
        rec.client(retries=2).pdf(PAPER)
    assert len(rec.requests) == 3
    assert str(rec.requests[0].url).endswith("/pdf/1205.4446v1")


def test_timeouts_become_fetch_timeout() -> None:
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    rec = Recorder(slow, slow)
    with pytest.raises(FetchTimeout):
        rec.client(retries=1).eprint(PAPER)
    assert len(rec.sleeps) == 1


@pytest.mark.parametrize(("status", "error"), [(404, NotFound), (403, NotFound), (410, Withdrawn)])
def test_missing_and_forbidden_are_permanent_and_not_retried(status: int, error: type) -> None:
    rec = Recorder(httpx.Response(status))
    with pytest.raises(error):
        rec.client().eprint(PAPER)
    assert len(rec.requests) == 1


def test_a_withdrawal_notice_is_recorded_as_withdrawn() -> None:
    notice = gzip.compress(b"%auto-ignore\nThis paper has been withdrawn by the author due to an error.\n")
    with pytest.raises(Withdrawn):
        Recorder(httpx.Response(200, content=notice)).client().eprint(PAPER)


def test_redirects_are_followed() -> None:
    rec = Recorder(
        httpx.Response(301, headers={"Location": "https://arxiv.org/e-print/1205.4446v1"}),
        httpx.Response(200, content=EPRINT),
    )
    assert rec.client().eprint(PAPER) == EPRINT
    assert rec.requests[1].url.host == "arxiv.org"


def test_size_cap_by_header_and_by_body() -> None:
    declared = Recorder(httpx.Response(200, content=EPRINT))
    with pytest.raises(TooLarge):
        declared.client(max_bytes=1000).eprint(PAPER)

    def streamed(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=iter([EPRINT[:800], EPRINT[800:1600]]))

    with pytest.raises(TooLarge):
        Recorder(streamed).client(max_bytes=1000).eprint(PAPER)


def test_retry_after_reads_seconds_and_http_dates() -> None:
    assert parse_retry_after("120") == 120.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == 10.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


def test_backoff_grows_is_capped_and_jittered() -> None:
    waits = [backoff_wait(n, None, 1.0, 8.0, lambda: 1.0) for n in range(6)]
    assert waits == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert backoff_wait(3, None, 1.0, 8.0, lambda: 0.0) == 4.0

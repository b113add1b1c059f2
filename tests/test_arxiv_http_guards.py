"""The arXiv client against real HTTP servers on 127.0.0.1 that misbehave: a trickle, redirects that
leave arXiv or loop, HTML where a file belongs, a Retry-After of a day. Every case ends in bounded
time as a named error, and no request ever leaves this machine."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from arxref.domain import PaperVersion, Stage, VersionState
from arxref.errors import FetchTimeout, RateLimited, UnexpectedResponse
from arxref.fetch.arxiv_http import ArxivClient, HttpPolicy, redirect_allowed
from arxref.pool import Action, Runtime, run_fetch
from arxref.settings import Settings
from arxref.store import versions
from tests.conftest import SAMPLES
from tests.servers import ArxivStub, Reply

PAPER = PaperVersion("1205.4446", 1)
EPRINT = f"/e-print/{PAPER.key}"


@pytest.fixture
def other() -> Iterator[ArxivStub]:
    """A second server on 127.0.0.1 (another port): not arXiv, whatever it serves."""
    server = ArxivStub(folder=SAMPLES).start()
    yield server
    server.stop()


@contextmanager
def _client(stub: ArxivStub, **policy: object) -> Iterator[ArxivClient]:
    options = {"base_url": stub.url, "contact": "ops@example.org", "retries": 0, **policy}
    with ArxivClient(HttpPolicy(**options)) as client:
        yield client


def test_a_trickling_server_is_cut_at_the_download_deadline(stub: ArxivStub) -> None:
    stub.script(EPRINT, Reply(body=b"x" * 200, drip=0.05))  # 10 s for the whole body
    started = time.monotonic()
    with (
        _client(stub, deadline=1.0, read_timeout=5.0) as client,
        pytest.raises(FetchTimeout, match="not complete after 1 s"),
    ):
        client.eprint(PAPER)
    assert time.monotonic() - started < 3.0


def test_a_download_cut_at_its_deadline_is_not_tried_again_in_the_same_call(stub: ArxivStub) -> None:
    """Each try would trickle as long again: the queue (or the next run) tries it later."""
    stub.script(EPRINT, *[Reply(body=b"x" * 200, drip=0.05)] * 4)
    started = time.monotonic()
    with (
        _client(stub, deadline=1.0, read_timeout=5.0, retries=3, backoff=0.0) as client,
        pytest.raises(FetchTimeout, match="not complete after 1 s"),
    ):
        client.eprint(PAPER)
    assert stub.count(EPRINT) == 1
    assert time.monotonic() - started < 3.0


def test_a_redirect_to_another_server_is_refused_and_that_server_never_asked(
    stub: ArxivStub, other: ArxivStub
) -> None:
    stub.script(EPRINT, Reply(status=302, headers=(("Location", f"{other.url}{EPRINT}"),)))
    with _client(stub) as client, pytest.raises(UnexpectedResponse, match="not arXiv's"):
        client.eprint(PAPER)
    assert other.count("/") == 0
    assert stub.count(EPRINT) == 1  # permanent: not retried


def test_a_redirect_within_the_same_server_is_followed(stub: ArxivStub) -> None:
    stub.script(EPRINT, Reply(status=301, headers=(("Location", f"/e-print/{PAPER.key}?moved=1"),)))
    with _client(stub) as client:
        assert client.eprint(PAPER) == (SAMPLES / "1205.4446v1.tar.gz").read_bytes()


def test_a_redirect_loop_and_an_unsupported_scheme_are_permanent(stub: ArxivStub) -> None:
    stub.script(EPRINT, *[Reply(status=302, headers=(("Location", "/loop"),))])
    stub.persistent["/loop"] = Reply(status=302, headers=(("Location", EPRINT),))
    stub.persistent[EPRINT] = Reply(status=302, headers=(("Location", "/loop"),))
    with _client(stub, retries=3) as client, pytest.raises(UnexpectedResponse, match="redirect loop"):
        client.eprint(PAPER)
    assert stub.count("/") <= 3
    stub.persistent.clear()
    stub.script(EPRINT, Reply(status=302, headers=(("Location", "file:///etc/passwd"),)))
    with _client(stub) as client, pytest.raises(UnexpectedResponse, match="unsupported scheme"):
        client.eprint(PAPER)


def test_html_where_a_pdf_belongs_is_permanent(stub: ArxivStub) -> None:
    page = b"<!DOCTYPE html><html><body>Service notice</body></html>"
    stub.script(f"/pdf/{PAPER.key}", Reply(body=page))
    with _client(stub, retries=3) as client, pytest.raises(UnexpectedResponse, match="HTML page"):
        client.pdf(PAPER)
    assert stub.count("/pdf/") == 1


def test_only_arxivs_own_hosts_are_trusted_for_redirects() -> None:
    arxiv = httpx.URL("https://export.arxiv.org/")
    assert redirect_allowed(arxiv, httpx.URL("https://arxiv.org/e-print/1205.4446v1"))
    assert not redirect_allowed(arxiv, httpx.URL("http://arxiv.org/e-print/1205.4446v1"))  # no downgrade
    assert not redirect_allowed(arxiv, httpx.URL("https://arxiv.org.example.com/x"))
    assert not redirect_allowed(arxiv, httpx.URL("http://169.254.169.254/latest/meta-data/"))
    local = httpx.URL("http://127.0.0.1:8000/")
    assert redirect_allowed(local, httpx.URL("http://127.0.0.1:8000/pdf/x"))
    assert not redirect_allowed(local, httpx.URL("http://127.0.0.1:8001/pdf/x"))


def test_a_retry_after_of_a_day_is_recorded_with_the_time_to_come_back(
    tmp_path: Path, stub: ArxivStub
) -> None:
    """The pool is held at most ARXREF_RETRY_AFTER_MAX by one answer, and the version is failed at once
    (RateLimited, saying when to come back) instead of sitting in the queue for a day."""
    env = {
        "ARXREF_HOME": str(tmp_path),
        "ARXREF_ARXIV_URL": stub.url,
        "ARXREF_RATE_LIMIT_SECONDS": "0",
        "ARXREF_RETRY_AFTER_MAX": "600",
    }
    rt = Runtime(Settings.from_env(env))
    rt = replace(rt, settings=replace(rt.settings, http_retries=0))
    with rt.engine.begin() as conn:
        versions.enqueue_version(conn, PAPER)
    stub.script(EPRINT, Reply(status=429, headers=(("Retry-After", "100000"),)))
    step = run_fetch(rt, PAPER, want_pdf=False, retries=0)
    assert step.action == Action.STOP
    with rt.engine.connect() as conn:
        row = versions.get_version(conn, PAPER)
    assert (row.state, row.stage, row.last_error_class) == (VersionState.FAILED, Stage.FETCH, "RateLimited")
    assert "come back in 100000 s (after " in row.last_error_message


def test_the_shared_limit_is_held_no_longer_than_the_cap(stub: ArxivStub) -> None:
    held: list[float] = []

    class Limiter:
        def acquire(self) -> None:
            pass

        def hold(self, seconds: float) -> None:
            held.append(seconds)

    stub.script(EPRINT, Reply(status=429, headers=(("Retry-After", "100000"),)))
    policy = HttpPolicy(base_url=stub.url, contact="ops@example.org", retry_after_max=600.0)
    with ArxivClient(policy, Limiter()) as client, pytest.raises(RateLimited):
        client.eprint(PAPER)
    assert held == [600.0]

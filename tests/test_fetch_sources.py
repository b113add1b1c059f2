"""The other fetch pieces for real: the Redis token bucket, the OAI-PMH listing, mirror chunks."""

from __future__ import annotations

import io
import tarfile
import threading
import time
from datetime import date
from pathlib import Path

import pytest
import redis

from arxref.domain import PaperVersion
from arxref.errors import NotFound
from arxref.fetch.arxiv_http import ArxivClient, HttpPolicy
from arxref.fetch.listing import list_new_versions
from arxref.fetch.mirror import MirrorFetcher
from arxref.fetch.ratelimit import RedisTokenBucket
from tests.conftest import SAMPLES
from tests.servers import ArxivStub, RedisServer, Reply

OAI = Path(__file__).parent / "data" / "oai"


def test_the_token_bucket_paces_every_client_together(redis_server: RedisServer) -> None:
    key = f"test:bucket:{time.monotonic_ns()}"
    clients = [redis.Redis.from_url(redis_server.url) for _ in range(3)]
    buckets = [RedisTokenBucket(c, interval=0.2, key=key) for c in clients]
    taken: list[float] = []

    def take(bucket: RedisTokenBucket) -> None:
        for _ in range(3):
            bucket.acquire()
            taken.append(time.monotonic())

    start = time.monotonic()
    threads = [threading.Thread(target=take, args=(b,)) for b in buckets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    taken.sort()
    gaps = [b - a for a, b in zip(taken, taken[1:], strict=False)]
    assert len(taken) == 9
    assert taken[-1] - start >= 8 * 0.2 - 0.05  # nine tokens at 5/s: the first free, eight waits
    assert min(gaps) >= 0.15
    for c in clients:
        c.close()


def test_hold_pushes_the_next_token_out_for_everyone(redis_server: RedisServer) -> None:
    key = f"test:bucket:{time.monotonic_ns()}"
    with redis.Redis.from_url(redis_server.url) as a, redis.Redis.from_url(redis_server.url) as b:
        RedisTokenBucket(a, interval=0.01, key=key).hold(0.5)
        start = time.monotonic()
        RedisTokenBucket(b, interval=0.01, key=key).acquire()
        assert time.monotonic() - start >= 0.45


def test_new_versions_since_a_date_follow_resumption_tokens_and_skip_old_versions() -> None:
    stub = ArxivStub(folder=SAMPLES)
    stub.oai_pages[""] = (OAI / "page1.xml").read_bytes()
    stub.oai_pages["6543210|1001"] = (OAI / "page2.xml").read_bytes()
    stub.script("/oai2", Reply(503, (("Retry-After", "0"),)))  # OAI-PMH flow control
    stub.start()
    try:
        policy = HttpPolicy(base_url=stub.url, contact="t@example.org", backoff=0.01)
        with ArxivClient(policy) as client:
            found = list(list_new_versions(client, date(2024, 1, 2)))
    finally:
        stub.stop()
    assert found == [
        PaperVersion("2312.09999", 2),
        PaperVersion("2401.00123", 1),
        PaperVersion("hep-th/9901001", 2),
    ]
    assert stub.count("/oai2") == 3


def _chunk(path: Path, members: dict[str, bytes]) -> None:
    with tarfile.open(path, "w") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_mirror_reads_bulk_chunks_and_loose_files(tmp_path: Path) -> None:
    eprint = (SAMPLES / "1205.4446v1.tar.gz").read_bytes()
    pdf = (SAMPLES / "1205.4446v1.pdf").read_bytes()
    _chunk(tmp_path / "arXiv_src_1205_001.tar", {"1205/1205.4446.gz": eprint})
    _chunk(tmp_path / "arXiv_pdf_1205_001.tar", {"1205/1205.4446v1.pdf": pdf})
    (tmp_path / "1711.08379v1.tar.gz").write_bytes((SAMPLES / "1711.08379v1.tar.gz").read_bytes())
    mirror = MirrorFetcher(tmp_path, max_bytes=10**8)
    files = mirror.fetch(PaperVersion("1205.4446", 1))
    assert (files.eprint, files.pdf) == (eprint, pdf)
    assert mirror.fetch(PaperVersion("1711.08379", 1)).eprint is not None
    assert mirror.fetch_pdf(PaperVersion("1205.4446", 1)) == pdf
    with pytest.raises(NotFound):
        mirror.fetch(PaperVersion("0801.0012", 1))

"""`arxref catalog harvest` against an OAI-PMH server on 127.0.0.1 serving arXiv-format pages.

The pages in tests/data/oai have the shape arXiv's feed serves: two pages joined by a
resumption token, a deleted record, and a `noRecordsMatch` answer for a window with
nothing new. The server answers the token request with 503 + Retry-After first, as
arXiv does for flow control.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa

from arxref.catalog.harvest import parse_harvest_page
from arxref.catalog.records import CatalogRecord
from arxref.cli import main
from arxref.errors import UpstreamError
from arxref.store.catalog import SqlCatalog, load_catalog
from arxref.store.engine import make_engine, upgrade_schema

OAI = Path(__file__).parent / "data" / "oai"
TOKEN = "6960524|1001"


class OaiServer:
    """ListRecords pages by `from` date or resumption token; the token's first request gets a 503."""

    def __init__(self) -> None:
        self.requests: list[dict[str, str]] = []
        self.refused_once = False
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                query = {k: v[0] for k, v in parse_qs(urlsplit(self.path).query).items()}
                server.requests.append(query)
                status, headers, body = server.answer(query)
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Type", "text/xml")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._http.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/oai2"

    def answer(self, query: dict[str, str]) -> tuple[int, list[tuple[str, str]], bytes]:
        if query.get("resumptionToken") == TOKEN:
            if not self.refused_once:
                self.refused_once = True
                return 503, [("Retry-After", "1")], b"<html>Retry after 1 second</html>"
            return 200, [], (OAI / "list-records-2.xml").read_bytes()
        if query.get("metadataPrefix") == "arXiv" and query.get("from") == "2024-05-01":
            return 200, [], (OAI / "list-records-1.xml").read_bytes()
        return 200, [], (OAI / "no-records-match.xml").read_bytes()

    def stop(self) -> None:
        self._http.shutdown()
        self._http.server_close()


@pytest.fixture
def oai() -> Iterator[OaiServer]:
    server = OaiServer()
    yield server
    server.stop()


@pytest.fixture
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """No rate-limit pacing and short backoff; the server's Retry-After still holds."""
    monkeypatch.setenv("ARXREF_RATE_LIMIT_SECONDS", "0")
    monkeypatch.setenv("ARXREF_HTTP_BACKOFF", "0.1")
    monkeypatch.delenv("ARXREF_REDIS_URL", raising=False)
    monkeypatch.delenv("ARXREF_BROKER_URL", raising=False)


def test_page_is_read_into_records_deletions_and_a_token() -> None:
    page = parse_harvest_page((OAI / "list-records-1.xml").read_bytes())
    assert [r.arxiv_id for r in page.records] == ["2104.04473", "1811.06965"]
    megatron = page.records[0]
    assert megatron.title == "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"
    assert megatron.authors.startswith("Deepak Narayanan, Mohammad Shoeybi, Jared Casper")
    assert (megatron.year, megatron.update_date, megatron.latest_version) == (2021, "2024-05-01", None)
    assert page.deleted == ("2405.00099",)
    assert (page.token, page.complete_size, page.last_datestamp) == (TOKEN, 5, "2024-05-01")


def test_last_page_has_no_token_and_keeps_old_style_ids_and_dois() -> None:
    page = parse_harvest_page((OAI / "list-records-2.xml").read_bytes())
    maldacena = page.records[1]
    assert (maldacena.arxiv_id, maldacena.year, maldacena.doi) == (
        "hep-th/9711200",
        1997,
        "10.1023/a:1026654312961",
    )
    assert maldacena.journal_ref == "Adv.Theor.Math.Phys.2:231-252,1998"
    assert page.token is None


def test_no_records_match_is_empty_and_other_errors_raise() -> None:
    assert parse_harvest_page((OAI / "no-records-match.xml").read_bytes()).records == ()
    bad = (OAI / "no-records-match.xml").read_bytes().replace(b"noRecordsMatch", b"badArgument")
    with pytest.raises(UpstreamError, match="badArgument"):
        parse_harvest_page(bad)


def test_harvest_pages_through_a_503_and_continues_from_the_last_datestamp(
    database_url: str, oai: OaiServer, no_waiting: None, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(database_url)
    upgrade_schema(engine)
    # A snapshot record the feed updates: its title changes, its version (unknown to the feed) stays.
    draft = CatalogRecord("1811.06965", "GPipe (draft title)", "Yanping Huang", latest_version=5)
    load_catalog(engine, [draft])
    args = ["catalog", "harvest", "--from", "2024-05-01", "--url", oai.url, "--json"]
    args += ["--database", database_url]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["pages"], summary["records"], summary["deleted"]) == (2, 4, 1)
    assert (summary["last_datestamp"], summary["catalog_size"]) == ("2024-05-02", 4)
    assert oai.refused_once
    assert [q.get("resumptionToken") for q in oai.requests] == [None, TOKEN, TOKEN]
    with engine.connect() as conn:
        catalog = SqlCatalog(conn)
        gpipe = catalog.by_id("1811.06965")
        assert gpipe.title.startswith("GPipe: Efficient Training of Giant Neural Networks")
        assert gpipe.latest_version == 5
        found = catalog.search("gpipe efficient training giant neural networks pipeline parallelism", 3)
        assert found[0].arxiv_id == "1811.06965"
        assert "1811.06965" not in [r.arxiv_id for r in catalog.search("draft", 3)]

    # No --from: the next harvest starts at the newest datestamp stored, and nothing new is no error.
    assert main(["catalog", "harvest", "--url", oai.url, "--json", "--database", database_url]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["from"], summary["records"], summary["pages"]) == ("2024-05-02", 0, 1)
    assert oai.requests[-1] == {"verb": "ListRecords", "metadataPrefix": "arXiv", "from": "2024-05-02"}
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT value FROM catalog_state")).scalars().all()
    engine.dispose()
    assert stored == ["2024-05-02"]


def test_harvest_without_a_start_date_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'arxref.db'}"
    assert main(["catalog", "harvest", "--url", "http://127.0.0.1:9/oai2", "--database", url]) == 2
    assert "--from" in capsys.readouterr().err

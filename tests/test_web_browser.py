"""The record page in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run) loads it
from `arxref serve` on 127.0.0.1, without JavaScript to help; we check what a person sees and what prints.
Where no `chromium` is on PATH (a laptop with only Python) the check is skipped, saying why.

Three renderings of the same page: a screenshot kept with the test's files, the DOM Chromium built (one
table row per reference), and the page printed to PDF, whose text (read with PyMuPDF) is what a reader
of the printout sees: the counts first, then every reference.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pymupdf
import pytest

from tests.conftest import SAMPLES
from tests.web_server import WebServer, arxref_env, paper_folder, run_arxref

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None,
    reason="no `chromium` on PATH: the record page is not checked in a browser (apt-get install chromium)",
)

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-javascript",  # the page must stand without it
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """1911.02782 and 2004.14974 (which cites it) processed on SQLite, served."""
    home = tmp_path_factory.mktemp("browser")
    folder = paper_folder(home / "all")
    papers = home / "papers"
    papers.mkdir()
    for name in ("1911.02782v1.gz", "2004.14974v1.gz"):
        shutil.copy(folder / name, papers / name)
    env = arxref_env({"ARXREF_HOME": str(home / "var")})
    run_arxref(["process", str(papers), "--catalog", str(SAMPLES / "catalog.jsonl")], env)
    served = WebServer(env, home / "serve.log").start()
    yield served
    served.stop()


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """Run headless Chromium with its own profile folder under the test's files."""
    binary = shutil.which("chromium")
    assert binary is not None  # pytestmark skips the module without it
    command = [binary, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=True)


class _Rows(HTMLParser):
    """The cell texts of each body row of the tables whose caption starts with a given text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self._where: list[str] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append(("", []))
        elif tag == "tr" and self._where and self._where[-1] == "tbody":
            self.tables[-1][1].append([])
        if tag in ("caption", "td", "th"):
            self._text = []
        if tag in ("tbody", "thead", "tfoot", "caption"):
            self._where.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("tbody", "thead", "tfoot", "caption") and self._where:
            self._where.pop()
        text = " ".join("".join(self._text).split())
        if tag == "caption":
            self.tables[-1] = (text, self.tables[-1][1])
        elif tag in ("td", "th") and self._where and self._where[-1] == "tbody":
            self.tables[-1][1][-1].append(text)

    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def rows(self, caption_start: str) -> list[list[str]]:
        (rows,) = [rows for caption, rows in self.tables if caption.startswith(caption_start)]
        return rows


def test_the_record_page_shows_the_counts_and_one_row_per_reference(
    server: WebServer, tmp_path: Path
) -> None:
    record = json.loads(server.get("/paper/1911.02782/citation-record.json").body)
    url = f"{server.url}/paper/1911.02782/citation-record"

    screenshot = tmp_path / "citation-record.png"
    chromium(tmp_path, "--window-size=1280,3000", f"--screenshot={screenshot}", url)
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert screenshot.stat().st_size > 50_000  # a page, not a blank window

    dom = chromium(tmp_path, "--dump-dom", url).stdout
    tables = _Rows()
    tables.feed(dom)
    counts = {row[0]: int(row[1]) for row in tables.rows("Outbound references by resolution status")}
    assert counts == {
        k.replace("_", " "): v for k, v in record["reference_resolution"]["state_counts"].items()
    }
    assert counts["verified exact"] == 6
    outbound = tables.rows("References of arXiv:1911.02782v1")
    assert [int(row[0]) for row in outbound] == list(range(1, 56))  # one row per reference, in order
    by_index = {o["citation"]["reference_index"]: o for o in record["outbound"]}
    for row in outbound:
        citation = by_index[int(row[0])]["citation"]
        assert row[1] == citation["label"]
        assert row[2] == " ".join(citation["raw_text"].split())
    (inbound,) = tables.rows("Processed papers whose references resolve to arXiv:1911.02782")
    assert inbound[0].startswith("arXiv:2004.14974v1")
    assert inbound[1] == "23"

    printout = tmp_path / "citation-record.pdf"
    chromium(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={printout}", url)
    with pymupdf.open(printout) as pdf:
        pages = [" ".join(page.get_text().split()) for page in pdf]
    text = " ".join(pages)
    counts_at = text.index("55 outbound references")
    assert text.index("1 inbound citation") > counts_at
    assert "verified exact 6" in text
    assert "unresolved 49" in text
    first_reference = text.index("Riaz Ahmad and Muhammad Tanvir Afzal")
    assert counts_at < first_reference  # counts first, then the references
    for o in record["outbound"]:
        words = " ".join(o["citation"]["raw_text"].split()[:3])
        assert words in text, f"reference {o['citation']['reference_index']} does not print: {words!r}"
    assert "Pool status" in dom
    assert "Pool status" not in text  # the site's navigation is for the screen, not the printout

"""The record service for real: `arxref serve` (uvicorn) on 127.0.0.1 over SQLite and PostgreSQL, the papers
processed first by `arxref process` as a person runs it.

The site: the five samples, 2004.14974 (it prints arXiv:1911.02782, another sample), a
zero-byte PDF that fails at fetch, 1205.4446 fetched from a local arXiv over HTTP (and a version it
does not have), and a generated paper of 250 references cited by 120 generated papers, for paging.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from arxref.domain import (
    PaperVersion,
    ParsedReference,
    RawReference,
    ReferenceSource,
    Resolution,
    ResolutionStatus,
    ResolvedReference,
    ResolverSource,
)
from arxref.record.observation import OBSERVATION_NAMESPACE, record_path
from arxref.store import versions
from arxref.store.engine import make_engine
from arxref.store.references import replace_references
from tests.conftest import SAMPLES, _fresh_postgres_database
from tests.servers import ArxivStub
from tests.web_server import WebServer, arxref_env, paper_folder, run_arxref

BIG = PaperVersion("2401.00001", 1)
BIG_REFERENCES = 250
CITERS = 120


@dataclass
class Site:
    """A database with the papers processed, and the server over it."""

    server: WebServer
    env: dict[str, str]
    home: Path


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    home = tmp_path_factory.mktemp(f"site-{request.param}")
    if request.param == "sqlite":
        urls: Iterator[str] = iter([f"sqlite:///{home / 'arxref.db'}"])
    else:
        urls = _fresh_postgres_database(request.getfixturevalue("postgres_server"))
    url = next(urls)
    papers = paper_folder(home / "papers", leave_out=("1205.4446v1",))  # read from the local arXiv below
    (papers / "2401.00002v1.pdf").write_bytes(b"")  # fails at fetch: CorruptPdf, "empty file (0 bytes)"
    env = arxref_env({"ARXREF_HOME": str(home / "var"), "ARXREF_DATABASE_URL": url})
    done = run_arxref(["process", str(papers), "--catalog", str(SAMPLES / "catalog.jsonl")], env, check=False)
    assert done.returncode == 1, done.stderr  # one version failed, the others done
    stub = ArxivStub(folder=SAMPLES).start()
    try:
        http = {
            **env,
            "ARXREF_FETCH_MODE": "http",
            "ARXREF_ARXIV_URL": stub.url,
            "ARXREF_RATE_LIMIT_SECONDS": "0",
        }
        run_arxref(["process", "1205.4446v1"], http)
        run_arxref(["process", "1205.4446v9"], http, check=False)  # the local arXiv answers 404
    finally:
        stub.stop()
    _add_generated_papers(url)
    server = WebServer(env, home / "serve.log").start()
    yield Site(server, env, home)
    server.stop()
    next(urls, None)  # drops the PostgreSQL database


def _add_generated_papers(url: str) -> None:
    """A paper of BIG_REFERENCES references and CITERS papers citing it by its printed id."""
    engine = make_engine(url)
    with engine.begin() as conn:
        versions.enqueue_version(conn, BIG)
        refs = [
            _reference(i, f"Author {i}. Generated work number {i}. 2020.")
            for i in range(1, BIG_REFERENCES + 1)
        ]
        replace_references(conn, BIG, ReferenceSource.ARXIV_SOURCE, refs, "0.1.0")
        for n in range(1, CITERS + 1):
            citing = PaperVersion(f"2402.{n:05d}", 1)
            versions.enqueue_version(conn, citing)
            cite = _reference(1, f"A. Author. The generated paper. arXiv:{BIG.arxiv_id}.", BIG.arxiv_id)
            replace_references(conn, citing, ReferenceSource.ARXIV_SOURCE, [cite], "0.1.0")
    engine.dispose()


def _reference(index: int, text: str, cites: str | None = None) -> ResolvedReference:
    resolution = Resolution(ResolutionStatus.UNRESOLVED)
    if cites:
        resolution = Resolution(ResolutionStatus.VERIFIED_EXACT, ResolverSource.ARXIV_ID, cites, score=100.0)
    raw = RawReference(index=index, raw=text, source=ReferenceSource.ARXIV_SOURCE, label=str(index))
    return ResolvedReference(
        raw=raw, parsed=ParsedReference(title=text, arxiv_id=cites), resolution=resolution
    )


def _canonical_digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("arxiv_id", ["0801.0012", "1205.4446", "1611.03199", "1711.08379", "1911.02782"])
def test_every_sample_record_shows_its_title_category_and_dates(site: Site, arxiv_id: str) -> None:
    """The sample catalog holds the samples themselves: no sample page reads "title not known here"."""
    meta = json.loads((SAMPLES / "meta" / f"{arxiv_id}.json").read_text())
    paper = site.server.get(f"/paper/{arxiv_id}/citation-record.json").json()["paper"]
    assert (paper["title"], paper["metadata_source"]) == (meta["title"], "arxiv_catalog")
    assert paper["primary_category"]
    assert paper["submitted_at"] or paper["last_updated"]
    page = site.server.get(f"/paper/{arxiv_id}/citation-record").text
    assert "not known here" not in page
    assert meta["title"] in page


def test_a_paper_the_catalog_lacks_shows_what_our_tables_know(site: Site) -> None:
    paper = site.server.get("/paper/2004.14974/citation-record.json").json()["paper"]
    known = (paper["metadata_source"], paper["primary_category"], paper["latest_version"])
    assert known == ("own_tables", None, 1)


def test_the_record_of_a_sample_paper(site: Site) -> None:
    answer = site.server.get("/paper/1711.08379/citation-record.json")
    assert answer.status == 200
    record = answer.json()
    assert record["schema"] == "arxref.paper-citation-record.v1"
    paper = record["paper"]
    assert (paper["arxiv_id"], paper["version"], paper["latest_version"]) == ("1711.08379", 1, 2)
    assert paper["metadata_source"] == "arxiv_catalog"  # the sample catalog holds the samples themselves
    counts = record["reference_resolution"]
    assert counts["total_outbound_references"] == counts["displayed"] == len(record["outbound"]) == 17
    assert sum(counts["state_counts"].values()) == 17
    assert [o["citation"]["reference_index"] for o in record["outbound"]] == list(range(1, 18))
    assert "17 of 17 outbound references" in record["thesis"]
    lanes = {lane["lane"]: lane for lane in record["coverage"]}
    assert (lanes["reference_resolution"]["state"], lanes["reference_resolution"]["denominator"]) == (
        "measured",
        17,
    )
    assert (
        lanes["standing_notices"]["state"]
        == lanes["external_citation_measurements"]["state"]
        == "not_measured"
    )
    assert lanes["standing_notices"]["records_observed"] is None
    # Kingma & Ba, printed as arXiv:1412.6980: the catalog's record, and a link to Adam's own record.
    adam = record["outbound"][5]
    assert adam["citation"]["cited_work"]["arxiv_id"] == "1412.6980"
    assert adam["citation"]["cited_work"]["title"] == "Adam: A method for stochastic optimization"
    assert adam["citation"]["cited_work"]["metadata_source"] == "arxiv_catalog"
    assert (adam["resolution"]["status"], adam["resolution"]["resolver_source"]) == (
        "verified_exact",
        "arxiv_id",
    )
    assert adam["links"] == {
        "citing_paper": "/paper/1711.08379/citation-record",
        "cited_paper": "/paper/1412.6980/citation-record",
    }
    # Ids are derived (UUIDv5 of version, bibliography, index, extractor version); digests are of the JSON.
    name = f"1711.08379v1/1/{adam['citation']['reference_index']}/{adam['citation']['extractor_version']}"
    assert adam["observation_id"] == str(uuid.uuid5(OBSERVATION_NAMESPACE, name))
    assert adam["observation_digest"] == _canonical_digest(
        {k: v for k, v in adam.items() if k != "observation_digest"}
    )
    assert record["context_digest"] == _canonical_digest(
        {k: v for k, v in record.items() if k not in ("as_of", "context_digest")}
    )
    assert record["links"] == {
        "html": "/paper/1711.08379/citation-record",
        "json": "/paper/1711.08379/citation-record.json",
        "paper": "/paper/1711.08379",
    }
    # The same record again: same ids and digests (only as_of moves).
    again = site.server.get("/paper/1711.08379v1/citation-record.json").json()
    assert again["context_digest"] == record["context_digest"]
    page = site.server.get("/paper/1711.08379/citation-record")
    assert (page.status, page.content_type.split(";")[0]) == (200, "text/html")
    assert page.text.count('<tr id="obs-') == 17  # one row per reference
    assert site.server.get("/paper/1711.08379").status == 307


def test_a_paper_in_the_catalog_lists_every_processed_paper_citing_it(site: Site) -> None:
    record = site.server.get("/paper/1412.6980/citation-record.json").json()
    assert record["paper"]["title"] == "Adam: A method for stochastic optimization"
    assert record["paper"]["metadata_source"] == "arxiv_catalog"
    citing = sorted(
        (o["citation"]["citing_paper"]["arxiv_id"], o["citation"]["reference_index"])
        for o in record["inbound"]
    )
    assert citing == [("1611.03199", 27), ("1711.08379", 6), ("1911.02782", 26)]
    assert record["outbound"] == []
    lanes = {lane["lane"]: lane for lane in record["coverage"]}
    assert lanes["reference_resolution"]["state"] == "not_measured"
    assert (
        lanes["inbound_itemization"]["records_observed"],
        lanes["inbound_itemization"]["denominator"],
    ) == (3, 3)


def test_an_inbound_citation_between_two_processed_papers(site: Site) -> None:
    """2004.14974 prints arXiv:1911.02782; both are processed: the link resolves."""
    record = site.server.get("/paper/1911.02782/citation-record.json").json()
    assert record["inbound_citations"] == {"displayed": 1, "total_inbound_citations": 1}
    (inbound,) = record["inbound"]
    citation = inbound["citation"]
    assert (citation["citing_paper"]["arxiv_id"], citation["citing_paper"]["version"]) == ("2004.14974", 1)
    assert citation["reference_index"] == 23
    assert "S2ORC" in citation["raw_text"]
    assert (inbound["resolution"]["status"], inbound["resolution"]["resolver_source"]) == (
        "verified_exact",
        "arxiv_id",
    )
    assert inbound["links"]["citing_paper"] == "/paper/2004.14974/citation-record"
    assert "55 of 55 outbound references and 1 inbound citation observation" in record["thesis"]
    assert record["paper"]["title"] == "S2ORC: The Semantic Scholar Open Research Corpus"
    outbound = site.server.get("/paper/2004.14974/citation-record.json").json()["outbound"]
    (link,) = [o for o in outbound if o["citation"]["cited_work"]["arxiv_id"] == "1911.02782"]
    assert link["observation_id"] == inbound["observation_id"]
    assert link["links"]["cited_paper"] == "/paper/1911.02782/citation-record"


def test_outbound_and_inbound_lists_page_by_100(site: Site) -> None:
    first = site.server.get(f"/paper/{BIG.arxiv_id}/citation-record.json").json()
    assert (len(first["outbound"]), len(first["inbound"])) == (100, 100)
    caps = first["caps"]
    assert (caps["outbound"], caps["outbound_pages"], caps["inbound_pages"]) == (100, 3, 2)
    assert first["reference_resolution"]["total_outbound_references"] == BIG_REFERENCES
    assert first["inbound_citations"]["total_inbound_citations"] == CITERS
    assert first["links"]["outbound_next"] == f"/paper/{BIG.arxiv_id}/citation-record.json?outbound_page=2"
    assert "outbound_previous" not in first["links"]
    last = site.server.get(
        first["links"]["outbound_next"].replace("page=2", "page=3") + "&inbound_page=2"
    ).json()
    assert [o["citation"]["reference_index"] for o in last["outbound"]] == list(range(201, 251))
    assert [o["citation"]["citing_paper"]["arxiv_id"] for o in last["inbound"]] == [
        f"2402.{n:05d}" for n in range(101, 121)
    ]
    assert (last["reference_resolution"]["displayed"], last["inbound_citations"]["displayed"]) == (50, 20)
    assert (
        last["links"]["outbound_previous"]
        == f"/paper/{BIG.arxiv_id}/citation-record.json?outbound_page=2&inbound_page=2"
    )
    lanes = {lane["lane"]: lane for lane in last["coverage"]}
    assert (
        lanes["reference_resolution"]["records_observed"],
        lanes["reference_resolution"]["denominator"],
    ) == (50, 250)
    page = site.server.get(f"/paper/{BIG.arxiv_id}/citation-record?outbound_page=2")
    assert 'href="/paper/2401.00001/citation-record?outbound_page=3#outbound"' in page.text
    assert site.server.get(f"/paper/{BIG.arxiv_id}/citation-record.json?outbound_page=0").status == 400


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/paper/2401.99999/citation-record", 404),
        ("/paper/2401.99999/citation-record.json", 404),
        ("/paper/1911.02782v7/citation-record.json", 404),
        ("/paper/not-an-id/citation-record", 400),
        ("/paper/not-an-id/citation-record.json", 400),
        ("/paper/1911.02782/citation-record.json?inbound_page=two", 400),
        ("/paper/1911.02782/citation-record.json?outbound_page=99999999999999999999999", 400),
        ("/paper/1911.02782/citation-record?inbound_page=99999999999999999999999", 400),
        ("/paper/1911.02782/citation-record.json?outbound_page=-1", 400),
        ("/paper/1911.02782/citation-record.json?outbound_page=%C2%B2", 400),  # a superscript two
        ("/failures.json?page=99999999999999999999999", 400),
        ("/failures?page=0", 400),
        ("/failures.json?stage=bogus", 400),
        ("/paper/1911.02782/citation-record.xml", 404),
        ("/paper/1911.02782/references", 404),
        ("/no/such/page.json", 404),
        ("/no/such/page", 404),
    ],
)
def test_unknown_ids_are_404_and_malformed_ones_400_in_json_and_html(
    site: Site, path: str, status: int
) -> None:
    answer = site.server.get(path)
    assert answer.status == status
    if path.split("?")[0].endswith(".json"):
        error = answer.json()["error"]
        assert (error["status"], error["path"]) == (status, path.split("?")[0])
    else:
        assert answer.content_type.startswith("text/html")
        assert f"Error {status}" in answer.text


def test_status_and_failures_show_each_failure_with_the_command_that_reruns_it(site: Site) -> None:
    status = site.server.get("/status.json").json()
    states = status["versions_by_state"]
    assert states["failed"] == 2
    assert states["done"] == 6 + 1 + CITERS
    groups = {(g["stage"], g["error_class"]): g for g in status["failures"]}
    assert set(groups) == {("fetch", "CorruptPdf"), ("fetch", "NotFound")}
    corrupt = groups["fetch", "CorruptPdf"]
    assert corrupt["count"] == 1
    assert corrupt["reprocess"] == "arxref reprocess --failed --stage fetch --error-class CorruptPdf"
    assert "empty file (0 bytes)" in corrupt["latest"][0]["message"]
    assert corrupt["latest"][0]["links"]["record"] == "/paper/2401.00002v1/citation-record"
    assert [w["window_minutes"] for w in status["throughput"]] == [1, 5, 15]
    assert status["throughput"][2]["done"] + status["throughput"][2]["failed"] == sum(states.values())
    failures = site.server.get("/failures.json").json()
    assert failures["total"] == 2
    assert {(f["paper"], f["error_class"], f["attempts"]) for f in failures["failures"]} == {
        ("2401.00002v1", "CorruptPdf", 1),
        ("1205.4446v9", "NotFound", 1),
    }
    narrowed = site.server.get("/failures.json?error_class=NotFound").json()
    assert [f["paper"] for f in narrowed["failures"]] == ["1205.4446v9"]
    html = site.server.get("/status").text
    assert "arxref reprocess --failed --stage fetch --error-class CorruptPdf" in html
    assert "arxref reprocess --failed --stage fetch --error-class NotFound" in html
    # The failed paper's own record says why it has no references, and how to run it again.
    record = site.server.get("/paper/2401.00002/citation-record.json").json()
    (failed,) = record["versions"]
    assert (failed["state"], failed["stage"], failed["error_class"]) == ("failed", "fetch", "CorruptPdf")
    assert failed["reprocess"] == corrupt["reprocess"]
    assert record["coverage"][0]["state"] == "failed"
    assert "lists no outbound references (failed at fetch: CorruptPdf)" in record["thesis"]


def test_metrics_count_versions_references_stage_durations_and_fetch_responses(site: Site) -> None:
    answer = site.server.get("/metrics")
    assert answer.status == 200
    assert answer.content_type.startswith("text/plain")
    samples = {}
    for line in answer.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    assert samples['arxref_versions{state="failed"}'] == 2
    assert samples['arxref_versions{state="done"}'] == 6 + 1 + CITERS
    assert samples['arxref_failed_versions{error_class="CorruptPdf",stage="fetch"}'] == 1
    # The samples' references by source; the generated ones are arxiv_source too.
    assert samples['arxref_references{source="pdf_text",status="verified_exact"}'] == 2  # 0801.0012
    refs = sum(v for k, v in samples.items() if k.startswith("arxref_references{"))
    assert refs == 55 + 33 + 17 + 5 + 20 + 36 + BIG_REFERENCES + CITERS
    # Counted by the `arxref process` runs, read from their files in ARXREF_HOME/metrics.
    assert samples['arxref_stage_duration_seconds_count{outcome="ok",stage="extract"}'] >= 6
    assert samples['arxref_stage_duration_seconds_count{outcome="error",stage="fetch"}'] >= 2
    assert samples['arxref_fetch_responses_total{status="200"}'] >= 1
    assert samples['arxref_fetch_responses_total{status="404"}'] >= 1


def test_the_cli_prints_exactly_the_json_of_the_endpoint_and_writes_its_page(site: Site) -> None:
    page = site.home / "record.html"
    printed = run_arxref(["record", "1911.02782", "--html", str(page)], site.env).stdout
    served = site.server.get("/paper/1911.02782/citation-record.json").text
    mine, theirs = json.loads(printed), json.loads(served)
    assert {**mine, "as_of": None} == {**theirs, "as_of": None}
    assert printed == served.replace(theirs["as_of"], mine["as_of"])
    html = page.read_text()
    assert "S2ORC: The Semantic Scholar Open Research Corpus" in html
    assert html.count('<tr id="obs-') == 55 + 1


@pytest.mark.parametrize(
    ("path", "page", "last"),
    [
        ("/paper/1911.02782/citation-record?outbound_page=2", "page 2 of 1", record_path("1911.02782")),
        (
            f"/paper/{BIG.arxiv_id}/citation-record.json?outbound_page=4&inbound_page=2",
            "outbound page 4 of 3",
            f"/paper/{BIG.arxiv_id}/citation-record.json?outbound_page=3&inbound_page=2",
        ),
        ("/failures.json?page=2", "page 2 of 1", "/failures.json"),
    ],
)
def test_a_page_past_the_end_is_404_with_a_link_to_the_last_page(
    site: Site, path: str, page: str, last: str
) -> None:
    answer = site.server.get(path)
    assert answer.status == 404
    if ".json" in path:
        doc = answer.json()
        assert page in doc["error"]["detail"]
        assert doc["links"]["last_page"] == last
    else:
        assert page in answer.text
        assert f'href="{last}" rel="last"' in answer.text


def test_pages_say_page_n_of_m(site: Site) -> None:
    assert "Page 1 of 1" in site.server.get("/paper/1911.02782/citation-record").text
    assert "Page 3 of 3" in site.server.get(f"/paper/{BIG.arxiv_id}/citation-record?outbound_page=3").text
    assert "Page 1 of 1" in site.server.get("/failures").text


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/paper/1911.02782", "/paper/1911.02782/citation-record"),
        ("/paper/1911.02782/", "/paper/1911.02782/citation-record"),
        ("/paper/1911.02782/citation-record/", "/paper/1911.02782/citation-record"),
        ("/paper/1911.02782/citation-record.json/", "/paper/1911.02782/citation-record.json"),
        ("/paper/hep-th/9901001v2/", "/paper/hep-th/9901001v2/citation-record"),
        ("/paper/", "/"),
        ("/paper?id=1911.02782v1", "/paper/1911.02782v1/citation-record"),
        ("/paper?id=+arXiv:1911.02782+", "/paper/1911.02782/citation-record"),
    ],
)
def test_trailing_slashes_and_the_open_box_lead_to_the_record(site: Site, path: str, target: str) -> None:
    answer = site.server.get(path)
    assert answer.status in (303, 307)
    assert answer.location == target


def test_the_front_page_lists_recent_papers_a_box_to_open_one_then_the_pool(site: Site) -> None:
    home = site.server.get("/index.json").json()
    recent = home["recent"]
    assert len(recent) == 20
    assert all(r["links"]["record"] == f"/paper/{r['paper']}/citation-record" for r in recent)
    assert home["open_record"] == {"action": "/paper", "parameter": "id", "example": "1911.02782"}
    assert home["pool"]["versions_by_state"]["failed"] == 2
    page = site.server.get("/").text
    shown = ('<form class="open"', recent[0]["links"]["record"], "The pool's health")
    box, first, pool = (page.index(text) for text in shown)
    assert box < first < pool
    assert site.server.get("/paper?id=nonsense").status == 400

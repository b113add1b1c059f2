"""A paper's citation record: outbound references, inbound citations, counts, coverage and links.

One plain dict, the same for `/paper/{id}/citation-record.json`, its HTML page (a template over
this dict) and `arxref record ID`: shaped like shared/records' JSON (`pith.paper-citation-record.v1`),
under our own schema name. `load_record` reads the store (a few statements, each bounded by a page
or an index); `build_record` is the pure part.

Stable ids and digests let a consumer tell what changed between two fetches: each observation's
(`observation`), and `context_digest`, sha256 of the record's canonical JSON without `as_of`
and itself.

What this system does not measure (standing notices, external citation counts) is a coverage lane
with state `not_measured`, never a number.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import quote

import sqlalchemy as sa

from arxref.catalog.records import CatalogRecord
from arxref.domain import ResolutionStatus, VersionState
from arxref.ids import parse_arxiv_id
from arxref.record.observation import catalog_title, digest, iso, observation, record_path, resolved
from arxref.store import citations
from arxref.store.catalog import SqlCatalog
from arxref.store.citations import CitationRow, VersionSummary
from arxref.store.crosschecks import StoredCrossCheck, load_crosscheck

SCHEMA = "arxref.paper-citation-record.v1"
PAGE_SIZE = 100
"""Observations per page, each way (`caps`); `?outbound_page=` / `?inbound_page=` ask for the others."""
REFUSAL = "A citation records a reference. It does not transfer a finding from one paper to another."
TABLES = "paper_references, paper_reference_links"


class MalformedId(ValueError):
    """Not an arXiv identifier (HTTP 400)."""


class UnknownPaper(LookupError):
    """An arXiv id this database knows nothing of: no job, no catalog record, no resolved citation (404)."""


class BadPage(ValueError):
    """A page number that is not a whole number from 1 to MAX_PAGE (HTTP 400)."""


class PastTheEnd(LookupError):
    """A page after the last one (HTTP 404); `last` is the paging that shows the last pages instead."""

    def __init__(self, message: str, last: Paging) -> None:
        super().__init__(message)
        self.last = last


MAX_PAGE = 1_000_000
"""The largest page number read (100 million observations a list): a larger one is a mistake, not a page,
and would overflow the database's OFFSET."""


@dataclass(frozen=True)
class Paging:
    """Which page of each list is asked for (1-based)."""

    outbound: int = 1
    inbound: int = 1


def parse_page(text: str | None) -> int:
    """A `?..._page=` value: a whole number from 1 to MAX_PAGE (absent: 1)."""
    if text is None or text == "":
        return 1
    if not re.fullmatch(r"[0-9]{1,7}", text) or not 1 <= int(text) <= MAX_PAGE:  # ASCII digits only
        raise BadPage(f"page {text[:30]!r}: a whole number from 1 to {MAX_PAGE}")
    return int(text)


def page_count(total: int) -> int:
    """Pages of PAGE_SIZE that `total` observations fill; one page even when there are none."""
    return max(1, math.ceil(total / PAGE_SIZE))


def _check_paging(arxiv_id: str, paging: Paging, totals: dict[str, int]) -> None:
    """PastTheEnd for a page after the last of its list, naming the last page of each."""
    pages = {side: page_count(total) for side, total in totals.items()}
    past = [side for side in pages if getattr(paging, side) > pages[side]]
    if past:
        said = "; ".join(f"{side} page {getattr(paging, side)} of {pages[side]}" for side in past)
        last = Paging(**{side: min(getattr(paging, side), pages[side]) for side in pages})
        raise PastTheEnd(f"{arxiv_id}: {said}: past the last page", last)


def load_record(
    conn: sa.Connection, asked: str, paging: Paging = Paging(), as_of: datetime | None = None
) -> dict:
    """The citation record of a paper (the version asked, else its newest processed one), from the store."""
    parsed = parse_arxiv_id(asked)
    if parsed is None:
        raise MalformedId(f"not an arXiv identifier: {asked!r}")
    arxiv_id = parsed.number
    with citations.statement_counter(conn) as statements:
        catalog = SqlCatalog(conn)
        versions = citations.paper_versions_of(conn, arxiv_id)
        shown = _shown_version(versions, parsed.version)
        if parsed.version is not None and shown is None:
            raise UnknownPaper(f"{parsed.versioned}: no job for this version in the database")
        outbound: list[CitationRow] = []
        counts: dict[str, int] = {}
        outbound_at = None
        check = None
        done = shown is not None and shown.state == VersionState.DONE
        if done:
            counts, outbound_at = citations.outbound_counts(conn, shown.id)
        inbound_total, inbound_at = citations.inbound_count(conn, arxiv_id)
        _check_paging(arxiv_id, paging, {"outbound": sum(counts.values()), "inbound": inbound_total})
        if done:
            outbound = citations.outbound_page(conn, shown.id, (paging.outbound - 1) * PAGE_SIZE, PAGE_SIZE)
            check = load_crosscheck(conn, shown.paper, disagreeing_only=True)
        inbound_at_page = (paging.inbound - 1) * PAGE_SIZE
        inbound = citations.inbound_page(conn, arxiv_id, inbound_at_page, PAGE_SIZE, inbound_total)
        wanted = {arxiv_id}
        wanted.update(r.cited_arxiv_id for r in outbound if resolved(r))
        wanted.update(r.citing_arxiv_id for r in inbound)
        records = catalog.by_ids(sorted(a for a in wanted if a))
        about = records.get(arxiv_id)
        if about is None and not versions and inbound_total == 0:
            raise UnknownPaper(
                f"{arxiv_id}: no processed version, no catalog record and no citation that resolves to it"
            )
        as_cited = citations.titles_as_cited(conn, arxiv_id) if about is None and inbound_total else []
    stored = Stored(
        arxiv_id=arxiv_id,
        versions=versions,
        shown=shown,
        about=about,
        titles_as_cited=as_cited,
        outbound=outbound,
        outbound_counts=counts,
        outbound_observed_at=outbound_at,
        inbound=inbound,
        inbound_total=inbound_total,
        inbound_observed_at=inbound_at,
        catalog=records,
        crosscheck=check,
    )
    return build_record(stored, paging, as_of or datetime.now(UTC), statements.count)


@dataclass(frozen=True)
class Stored:
    """Everything the store holds that one page of a record shows."""

    arxiv_id: str
    versions: list[VersionSummary]
    shown: VersionSummary | None
    about: CatalogRecord | None
    titles_as_cited: list[str]
    outbound: list[CitationRow]
    outbound_counts: dict[str, int]
    outbound_observed_at: datetime | None
    inbound: list[CitationRow]
    inbound_total: int
    inbound_observed_at: datetime | None
    catalog: dict[str, CatalogRecord]
    crosscheck: StoredCrossCheck | None = None  # the shown version's e-print/PDF alignment, if made


def build_record(stored: Stored, paging: Paging, as_of: datetime, statements: int) -> dict:
    """The record as a plain dict (JSON-ready): the pure part of `load_record`."""
    arxiv_id, shown = stored.arxiv_id, stored.shown
    paper = _paper(stored)
    total = sum(stored.outbound_counts.values())
    pages = {"outbound": page_count(total), "inbound": page_count(stored.inbound_total)}
    found_by = _found_by(stored.crosscheck)
    outbound = [observation(r, paper["title"], stored.catalog, found_by(r)) for r in stored.outbound]
    inbound = [
        observation(r, catalog_title(stored.catalog.get(r.citing_arxiv_id)), stored.catalog)
        for r in stored.inbound
    ]
    record = {
        "schema": SCHEMA,
        "as_of": iso(as_of),
        "thesis": _thesis(as_of, paper, len(outbound), total, stored.inbound_total, shown),
        "refusal": REFUSAL,
        "paper": paper,
        "versions": [_version(v) for v in stored.versions],
        "coverage": _coverage(stored, len(outbound), total, len(inbound)),
        "reference_resolution": {
            "displayed": len(outbound),
            "total_outbound_references": total,
            "state_counts": {s.value: stored.outbound_counts.get(s.value, 0) for s in ResolutionStatus},
        },
        "inbound_citations": {"displayed": len(inbound), "total_inbound_citations": stored.inbound_total},
        "crosscheck": _crosscheck(stored.crosscheck),
        "outbound": outbound,
        "inbound": inbound,
        "caps": {
            "outbound": PAGE_SIZE,
            "inbound": PAGE_SIZE,
            "outbound_page": paging.outbound,
            "outbound_pages": pages["outbound"],
            "inbound_page": paging.inbound,
            "inbound_pages": pages["inbound"],
            "database_statements": statements,
        },
        "links": _links(arxiv_id, paging, pages),
    }
    record["context_digest"] = digest({k: v for k, v in record.items() if k != "as_of"})
    return record


def _found_by(check: StoredCrossCheck | None):  # noqa: ANN202
    """Which paths found an outbound reference: `both`, `eprint_only`, or None when not cross-checked."""
    if check is None:
        return lambda row: None
    alone = {
        (r["eprint_bibliography"], r["eprint_index"]) for r in check.rows if r["agreement"] == "eprint_only"
    }
    return lambda row: "eprint_only" if (row.bibliography, row.reference_index) in alone else "both"


def _crosscheck(check: StoredCrossCheck | None) -> dict | None:
    """The version's agreement between its e-print and PDF, and the entries only the PDF printed."""
    if check is None:
        return None
    return {
        "agreement": check.agreement,
        "counts": check.counts,
        "eprint_entries": check.eprint_entries,
        "pdf_entries": check.pdf_entries,
        "pdf_error": check.pdf_error,
        "checked_at": iso(check.checked_at),
        "extractor_version": check.extractor_version,
        "pdf_only": [
            {
                "bibliography": r["pdf_bibliography"],
                "index": r["pdf_index"],
                "text": r["pdf_text"],
                "kind": r["disagreement"],
            }
            for r in check.rows
            if r["agreement"] == "pdf_only"
        ],
    }


def _shown_version(versions: list[VersionSummary], asked: int | None) -> VersionSummary | None:
    """The version asked for; else the newest processed one; else the newest we hold a job for."""
    if asked is not None:
        return next((v for v in versions if v.paper.version == asked), None)
    done = [v for v in versions if v.state == VersionState.DONE]
    return (done or versions or [None])[-1]


def _paper(stored: Stored) -> dict:
    """What is known of the paper: the catalog's record, else what our own tables hold."""
    about, shown = stored.about, stored.shown
    done = [v.paper.version for v in stored.versions if v.state == VersionState.DONE]
    common = {
        "arxiv_id": stored.arxiv_id,
        "version": shown.paper.version if shown else None,
    }
    if about is not None:
        return {
            **common,
            "title": catalog_title(about),
            "latest_version": about.latest_version or max(done, default=None),
            "primary_category": about.categories.split()[0] if about.categories else None,
            "submitted_at": about.submitted_at,
            "last_updated": about.last_updated,
            "metadata_source": "arxiv_catalog",
        }
    # Not in the catalog: the newest version we processed, and the title citing papers print for it.
    titles = Counter(" ".join(t.split()) for t in stored.titles_as_cited)
    return {
        **common,
        "title": titles.most_common(1)[0][0] if titles else None,
        "latest_version": max(done, default=None),
        "primary_category": None,
        "submitted_at": None,
        "last_updated": None,
        "metadata_source": "own_tables" if (done or titles) else None,
    }


def _version(v: VersionSummary) -> dict:
    failed = v.state == VersionState.FAILED
    return {
        "version": v.paper.version,
        "state": v.state.value,
        "reference_count": v.reference_count,
        "stage": v.stage if failed else None,
        "error_class": v.error_class if failed else None,
        "error_message": v.error_message if failed else None,
        "attempts": v.attempts,
        "finished_at": iso(v.finished_at),
        "reprocess": reprocess_command(v.stage, v.error_class) if failed else None,
    }


def reprocess_command(stage: str | None, error_class: str | None) -> str:
    """The `arxref reprocess` command that runs the failed versions of one stage and error class again."""
    parts = ["arxref reprocess --failed"]
    if stage:
        parts.append(f"--stage {stage}")
    if error_class:
        parts.append(f"--error-class {error_class}")
    return " ".join(parts)


def _coverage(stored: Stored, shown_out: int, total_out: int, shown_in: int) -> list[dict]:
    shown = stored.shown
    if shown is not None and shown.state == VersionState.DONE:
        outbound = _lane(
            "reference_resolution", "measured", shown_out, total_out, TABLES, stored.outbound_observed_at
        )
        outbound["note"] = f"Typed states of the outbound references of v{shown.paper.version}, as extracted."
    else:
        state = "failed" if shown is not None and shown.state == VersionState.FAILED else "not_measured"
        outbound = _lane("reference_resolution", state, None, None, TABLES, None)
        outbound["note"] = _why_no_outbound(shown)
    inbound = _lane(
        "inbound_itemization", "measured", shown_in, stored.inbound_total, TABLES, stored.inbound_observed_at
    )
    inbound["note"] = "Stored references of processed papers that resolve to this paper, under the page cap."
    check = stored.crosscheck
    if check is not None:
        rows = sum(check.counts.get(k, 0) for k in ("both", "eprint_only", "pdf_only"))
        agree = round(check.agreement * rows)
        pdf_lane = _lane(
            "source_pdf_agreement", "measured", agree, rows, "paper_crosschecks", check.checked_at
        )
        pdf_lane["note"] = (
            "Entries the e-print and the PDF both give under the same number (arxref crosscheck)."
        )
    else:
        pdf_lane = _lane("source_pdf_agreement", "not_measured", None, None, None, None)
        pdf_lane["note"] = "The e-print and the PDF of this version were not cross-checked."
    notices = _lane("standing_notices", "not_measured", None, None, None, None)
    notices["note"] = "No retraction or correction source is queried by this system."
    external = _lane("external_citation_measurements", "not_measured", None, None, None, None)
    external["note"] = "No external citation count is taken; inbound counts only the papers processed here."
    return [outbound, inbound, pdf_lane, notices, external]


def _lane(
    lane: str,
    state: str,
    observed: int | None,
    denominator: int | None,
    source: str | None,
    at: datetime | None,
) -> dict:
    return {
        "lane": lane,
        "state": state,
        "records_observed": observed,
        "denominator": denominator,
        "source": source,
        "source_observed_at": iso(at),
    }


def _why_no_outbound(shown: VersionSummary | None) -> str:
    if shown is None:
        return "No version of this paper has been processed here."
    if shown.state == VersionState.FAILED:
        failure = f"{shown.error_class}: {shown.error_message}"
        return f"v{shown.paper.version} failed at {shown.stage or '-'}: {failure}"
    return f"v{shown.paper.version} is {shown.state.value}; its references are not extracted yet."


def _thesis(
    as_of: datetime, paper: dict, shown_out: int, total_out: int, total_in: int, shown: VersionSummary | None
) -> str:
    day = f"{as_of.day} {as_of:%B %Y}"
    which = f"arXiv:{paper['arxiv_id']}" + (f"v{shown.paper.version}" if shown else "")
    observations = "observation" if total_in == 1 else "observations"
    inbound = f"{total_in} inbound citation {observations}"
    if shown is None or shown.state != VersionState.DONE:
        why = shown.state.value if shown is not None else "not processed"
        if shown is not None and shown.state == VersionState.FAILED:
            why = f"failed at {shown.stage or '-'}: {shown.error_class}"
        outbound = f"no outbound references ({why})"
    else:
        outbound = f"{shown_out} of {total_out} outbound references"
    return f"As of {day}, this citation record lists {outbound} and {inbound} for {which}."


def _links(arxiv_id: str, paging: Paging, pages: dict[str, int]) -> dict:
    links = {
        "html": record_path(arxiv_id, False, paging.outbound, paging.inbound),
        "json": record_path(arxiv_id, True, paging.outbound, paging.inbound),
        "paper": f"/paper/{quote(arxiv_id, safe='/')}",
    }
    for side in ("outbound", "inbound"):
        page = getattr(paging, side)
        for name, target in (("previous", page - 1), ("next", page + 1)):
            if 1 <= target <= pages[side]:
                moved = Paging(**{**paging.__dict__, side: target})
                links[f"{side}_{name}"] = record_path(arxiv_id, True, moved.outbound, moved.inbound)
    return links

"""Every stage of one version in this process, as the embedded `arxref process` runs them.

`process_version` chains `fetch.fetch_stage` (under the fetch queue's soft time limit) and
`extract.extract_stage` (under the extract queue's soft and hard time limits, `limits`, as a pool
worker has them), fetches the PDF and
extracts again when the e-print has no usable bibliography, and records any failure on the
version. The pool runs the same stages on two queues (`pool`, `tasks`).
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

from arxref.domain import PaperVersion, Stage
from arxref.errors import ArxrefError
from arxref.fetch import Fetcher, make_fetcher
from arxref.limits import run_limited, soft_limited
from arxref.settings import Settings
from arxref.stages.fetch import fetch_stage
from arxref.stages.version import Next, advance_stage, record_failure, version_row
from arxref.store import versions

log = logging.getLogger(__name__)


def process_version(
    engine: sa.Engine, settings: Settings, paper: PaperVersion, fetcher: Fetcher | None = None
) -> versions.VersionRow:
    """Run every stage for one version in-process and record its outcome; never raises for a bad paper."""
    with engine.begin() as conn:
        versions.enqueue_version(conn, paper)
        versions.mark_started(conn, paper, Stage.FETCH)
    try:
        fetcher = fetcher or make_fetcher(settings)
        _limited_fetch(engine, settings, fetcher, paper, want_pdf=False)
        if _limited_extract(engine, settings, paper, can_fetch_pdf=True) == Next.FETCH_PDF:
            advance_stage(engine, paper, Stage.FETCH)
            _limited_fetch(engine, settings, fetcher, paper, want_pdf=True)
            _limited_extract(engine, settings, paper, can_fetch_pdf=False)
    except ArxrefError as exc:
        record_failure(engine, paper, exc)
    except Exception as exc:  # a bug must not lose the paper: record it, keep going
        log.exception("%s: unexpected error", paper.key)
        record_failure(engine, paper, exc)
    return version_row(engine, paper)


def _limited_fetch(
    engine: sa.Engine, settings: Settings, fetcher: Fetcher, paper: PaperVersion, want_pdf: bool
) -> None:
    """The fetch stage under the fetch queue's soft time limit, as a worker runs it (in this process:
    `limits.soft_limited`)."""
    with soft_limited(settings.fetch_soft_time_limit, f"{paper.key} fetch"):
        fetch_stage(engine, settings, fetcher, paper, want_pdf)


def _limited_extract(engine: sa.Engine, settings: Settings, paper: PaperVersion, can_fetch_pdf: bool) -> Next:
    """The extract stage under the extract queue's soft and hard time limits, as a worker runs it."""

    def extract() -> Next:
        # Imported in the child that runs the stage: this process never loads the extraction code.
        from arxref.stages.extract import extract_stage

        return extract_stage(engine, settings, paper, can_fetch_pdf=can_fetch_pdf)

    return run_limited(
        extract,
        settings.extract_soft_time_limit,
        settings.extract_time_limit,
        f"{paper.key} extract",
        forget=lambda: engine.dispose(close=False),
    )

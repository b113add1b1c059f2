"""Hostile inputs, as an uploader could send them, through a real worker: each ends as a named arxref
error on its version (or done, where the input is odd but readable), the worker stays alive, and the
good paper queued after each one is done.

Every input is generated here. The bound on CPU time is the extract soft limit set below
(BUDGET seconds): an input that ran on would end as StageTimeout, so every other class asserted
here also says it ended inside the budget. The form-XObject bomb is the one input meant to meet
the limit: it would spend many minutes inside one C call of MuPDF, so it is killed at the hard
limit (three times, then failed).
"""

from __future__ import annotations

import gzip
import io
import tarfile
from pathlib import Path

import pymupdf
import pytest

from arxref.cli import main
from arxref.domain import PaperVersion, VersionState
from arxref.store.engine import make_engine
from tests.conftest import SAMPLES
from tests.hostile import form_xobject_bomb
from tests.servers import ArxivStub
from tests.workers import CeleryWorker, pool_env, wait_until_settled

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

BUDGET = 5  # seconds: the extract soft limit of the worker below (hard limit 3 s later)


def _bibliography(body: str, items: int = 1) -> str:
    rest = "\n".join(f"\\bibitem{{b{i}}} B. Author, A title {i}, J. Phys. {i} (2001)." for i in range(items))
    return (
        "\\documentclass{article}\\begin{document}Text.\n\\begin{thebibliography}{9}\n"
        f"\\bibitem{{a}} {body}\n{rest}\n\\end{{thebibliography}}\\end{{document}}\n"
    )


def _tar(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _encrypted_pdf() -> bytes:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "References")
    data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    doc.close()
    return data


def _inputs() -> dict[str, tuple[bytes, str, str | None]]:
    """name -> (what arXiv serves as the e-print, expected state, expected error class)."""
    tex = _bibliography
    real_pdf = (SAMPLES / "0801.0012v1.pdf").read_bytes()
    return {
        "macro-bomb": (
            gzip.compress(("\\def\\x{" + "\\x" * 10 + "}\n" + tex("A. \\x")).encode()),
            "failed",
            "TexTooComplex",
        ),
        "nested-330": (
            gzip.compress(tex("\\emph{" * 330 + "deep" + "}" * 330).encode()),
            "failed",
            "TexTooComplex",
        ),
        "nested-100k": (
            gzip.compress(tex("\\textbf{" * 100_000 + "x" + "}" * 100_000).encode()),
            "failed",
            "TexTooComplex",
        ),
        "unclosed-bibitem-label": (
            gzip.compress(
                (
                    "\\documentclass{article}\\begin{document}\\begin{thebibliography}{9}\n"
                    + "\n".join(
                        f"\\bibitem[{i} A. Author, Title {i}, J. Phys. {i} (2001)." for i in range(1000)
                    )
                    + "\n\\end{thebibliography}\\end{document}\n"
                ).encode()
            ),
            "done",
            None,
        ),
        "8000-chars-no-spaces": (
            gzip.compress(tex("A." + "x" * 4000 + "." * 400 + "y" * 3600).encode()),
            "done",
            None,
        ),
        "utf-16-tex": (tex("J. Müller, Über etwas, Z. Phys. 1 (1930).").encode("utf-16"), "done", None),
        "path-traversal": (_tar({"../../etc/evil.tex": b"\\bibitem{x} X"}), "failed", "UnsafeArchive"),
        "gzip-bomb": (gzip.compress(b"\0" * (200 << 20)), "failed", "TooLarge"),
        "truncated-pdf": (real_pdf[: len(real_pdf) // 3], "failed", "CorruptPdf"),
        "encrypted-pdf": (_encrypted_pdf(), "failed", "EncryptedPdf"),
        "form-xobject-bomb-pdf": (form_xobject_bomb(), "failed", "StageTimeout"),
        "binary-garbage": (bytes(range(256)) * 40, "failed", "CorruptArchive"),
    }


def test_hostile_inputs_end_named_and_bounded_and_the_next_paper_is_done(
    pool: dict[str, str], stub: ArxivStub, tmp_path: Path
) -> None:
    inputs = _inputs()
    good = (SAMPLES / "1205.4446v1.tar.gz").read_bytes()
    papers: list[PaperVersion] = []
    expected: dict[PaperVersion, tuple[str, str, str | None]] = {}
    for n, (name, (served, state, error)) in enumerate(inputs.items(), 1):
        hostile, after = PaperVersion(f"2402.{n:05d}", 1), PaperVersion(f"2403.{n:05d}", 1)
        (tmp_path / f"{name}.bin").write_bytes(served)
        (tmp_path / f"{name}-good.bin").write_bytes(good)
        stub.aliases[hostile.key] = tmp_path / f"{name}.bin"
        stub.aliases[after.key] = tmp_path / f"{name}-good.bin"
        papers += [hostile, after]
        expected[hostile] = (name, state, error)
        expected[after] = (f"after {name}", "done", None)
    env = pool_env(
        pool, ARXREF_EXTRACT_SOFT_TIME_LIMIT=str(BUDGET), ARXREF_EXTRACT_TIME_LIMIT=str(BUDGET + 3)
    )
    worker = CeleryWorker("battery", "fetch,extract", env, tmp_path / "worker.log").start()
    engine = make_engine(pool["ARXREF_DATABASE_URL"])
    try:
        assert main(["enqueue", *(p.key for p in papers)]) == 0
        rows = wait_until_settled(engine, papers, timeout=600, log_dir=tmp_path)
        assert worker.process.poll() is None  # the worker is still running
    finally:
        worker.stop()
        engine.dispose()
    got = {p: (name, rows[p].state.value, rows[p].last_error_class) for p, (name, _, _) in expected.items()}
    assert got == expected
    assert all(rows[p].state == VersionState.DONE for p in papers[1::2])

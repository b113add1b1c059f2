"""The e-print and the PDF of one version aligned: agreement as a quality figure without gold."""

from __future__ import annotations

import io
import re
import tarfile

from arxref.crosscheck import Agreement, Disagreement, cross_check
from arxref.domain import RawReference, ReferenceSource
from arxref.pdf import extract_pdf_references
from arxref.source import extract_source_references, unpack_eprint
from tests.conftest import SAMPLES

PAPER = "1711.08379v1"


def _paths(eprint: bytes) -> tuple[tuple[RawReference, ...], tuple[RawReference, ...]]:
    source = extract_source_references(unpack_eprint(eprint)).references
    pdf = extract_pdf_references((SAMPLES / f"{PAPER}.pdf").read_bytes()).references
    return source, pdf


def _without_bibitems(eprint: bytes, keys: set[str]) -> bytes:
    """The real e-print with some \\bibitem entries cut out of its .bbl: a .bbl gone stale."""
    out = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(eprint)) as src, tarfile.open(fileobj=out, mode="w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read() if member.isfile() else None
            if member.name.endswith(".bbl"):
                items = re.split(r"(?=\\bibitem)", data.decode())
                kept = [it for it in items if not any(f"{{{k}}}" in it[:200] for k in keys)]
                data = "".join(kept).encode()
                member.size = len(data)
            dst.addfile(member, io.BytesIO(data) if data is not None else None)
    return out.getvalue()


def test_a_real_paper_whose_paths_agree_scores_one() -> None:
    source, pdf = _paths((SAMPLES / f"{PAPER}.tar.gz").read_bytes())
    check = cross_check(source, pdf)
    assert check.agreement == 1.0
    assert check.counts == {"both": 17}


def test_entries_a_stale_bbl_lost_are_listed_as_pdf_only() -> None:
    eprint = (SAMPLES / f"{PAPER}.tar.gz").read_bytes()
    source, _ = _paths(eprint)
    lost = {source[3].key, source[9].key}
    stale_source, pdf = _paths(_without_bibitems(eprint, lost))
    assert len(stale_source) == 15
    check = cross_check(stale_source, pdf)
    alone = [row for row in check.rows if row.agreement == Agreement.PDF_ONLY]
    assert [row.pdf.index for row in alone] == [4, 10]
    assert {row.disagreement for row in alone} == {Disagreement.MISSING_FROM_EPRINT}
    # The e-print numbers its 15 entries 1..15: from the fourth on they are off by one or two.
    assert check.agreement < 0.3
    assert check.counts["index_differs"] == 12


def _ref(index: int, raw: str, source: ReferenceSource) -> RawReference:
    return RawReference(index=index, raw=raw, source=source)


def test_merged_split_and_composed_entries_are_explained() -> None:
    e = ReferenceSource.ARXIV_SOURCE
    p = ReferenceSource.PDF_TEXT
    a = "A. Author, A first paper on spin glasses, Phys. Rev. B 12, 345 (2001)."
    b = "B. Writer, A second paper about neural networks, J. Mach. Learn. Res. 7, 1 (2006)."
    c = "C. Person, Thermodynamics of small systems revisited in depth, Nature 400, 12 (1999)."
    about = "About"
    eprint = [_ref(1, a, e), _ref(2, b, e), _ref(3, c, e), _ref(4, about, e)]
    pdf = [
        _ref(1, f"{a} {b}", p),  # the PDF merged 1 and 2
        _ref(2, c[:45], p),  # and split 3 in two
        _ref(3, c[45:], p),
        _ref(4, "About. url: https://www.isi.edu/people/gregv/about (Último acceso 26-06-2020).", p),
    ]
    check = cross_check(eprint, pdf)
    kinds = {(row.agreement, row.disagreement) for row in check.rows}
    assert (Agreement.EPRINT_ONLY, Disagreement.PDF_MERGED) in kinds
    assert (Agreement.PDF_ONLY, Disagreement.PDF_SPLIT) in kinds
    composed = next(row for row in check.rows if row.eprint is not None and row.eprint.raw == about)
    assert (composed.agreement, composed.index_agrees) == (Agreement.BOTH, True)

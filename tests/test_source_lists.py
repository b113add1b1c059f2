"""How .bbl items become printed entries: merged citations, several lists, broken items.

The e-prints under tests/data were compiled here with TeX Live (pdflatex + bibtex); each test states
what the compiled PDF prints, which is what the extractor must give.
"""

from __future__ import annotations

from pathlib import Path

from arxref.source import extract_source_references, unpack_eprint

DATA = Path(__file__).parent / "data"


def eprint(name: str):
    return extract_source_references(unpack_eprint((DATA / name).read_bytes()))


def test_revtex_starred_citations_print_inside_the_entry_before_them() -> None:
    # paper.tex cites \cite{alpha,*beta,*gamma}, \cite{delta}, \cite{eps}; revtex4-1 prints
    # [1] C. Able and D. Baker, Phys. Rev. D 12, 100 (1999); E. Brown, ... (2001); F. Green, ... (2003).
    # [2] G. Dole, ...  [3] H. Ellis, ..., arXiv:1001.0001.
    refs = eprint("revtex-merged-cite.tar.gz").references
    assert [(r.index, r.key) for r in refs] == [(1, "alpha"), (2, "delta"), (3, "eps")]
    assert refs[0].raw == ("C. Able and D. Baker, Phys. Rev. D 12, 100 (1999); "
                           "E. Brown, Phys. Rev. Lett. 20, 5 (2001); F. Green, Nature 400, 7 (2003)")
    assert refs[0].flags == ("merged",)
    assert refs[2].fields.arxiv_id == "1001.0001"
    assert refs[2].flags == ()



def test_starred_citations_merge_in_a_bibliography_rebuilt_from_the_bib() -> None:
    files = unpack_eprint((DATA / "revtex-merged-cite.tar.gz").read_bytes())
    del files["paper.bbl"]
    refs = extract_source_references(files).references
    assert [(r.index, r.key) for r in refs] == [(1, "alpha"), (2, "delta"), (3, "eps")]
    assert refs[0].raw.count("; ") == 2
    assert refs[0].flags == ("reconstructed", "merged")

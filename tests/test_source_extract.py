"""Bibliographies from real e-prints and small crafted sources: counts, order, labels, fields."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from arxref.domain import ReferenceSource
from arxref.errors import NoBibliography
from arxref.source import extract_source_references, pack_folder_as_eprint, unpack_eprint
from tests.conftest import CORPUS

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not mounted")


def corpus_eprint(slug: str):
    folder = CORPUS / slug
    data = (
        (folder / "eprint.gz").read_bytes()
        if (folder / "eprint.gz").exists()
        else pack_folder_as_eprint(folder / "source")
    )
    return extract_source_references(unpack_eprint(data))


@needs_corpus
def test_acl_natbib_eprint_as_arxiv_serves_it() -> None:
    ex = corpus_eprint("1911.02782")
    refs = ex.references
    assert len(refs) == 55
    assert [r.index for r in refs] == list(range(1, 56))
    first = refs[0]
    assert first.source is ReferenceSource.ARXIV_SOURCE
    assert first.key == "Ahmad2018CADAA"
    assert first.label == "Ahmad and Afzal (2018)"
    assert first.raw.startswith("Riaz Ahmad and Muhammad Tanvir Afzal. 2018. Cad: an algorithm")
    assert first.fields.doi == "10.1007/s11192-018-2920-6"
    assert first.provenance.file == "main.bbl"


@needs_corpus
def test_second_real_eprint_with_macos_forks() -> None:
    refs = corpus_eprint("2004.14974").references
    assert len(refs) == 36
    assert refs[1].raw.startswith("Alberto Barrón-Cedeño, Tamer Elsayed")
    assert refs[4].fields.arxiv_id == "2004.05150"


@needs_corpus
def test_chapterbib_keeps_thirteen_lists_restarting_at_one() -> None:
    ex = corpus_eprint("tds-course-notes")
    lists = {r.bibliography for r in ex.references}
    assert max(lists) == 13
    assert lists == set(range(1, 14)) - {10, 11}  # moreheaps.bbl and trees.bbl are empty
    for n in lists:
        assert min(r.index for r in ex.references if r.bibliography == n) == 1
    assert "13 bibliographies, numbering restarts at 1 in each" in ex.notes
    root = [r for r in ex.references if r.bibliography == 13]
    assert len(root) == 56
    assert root[0].provenance.file == "notes.bbl"


@needs_corpus
def test_biblatex_bbl_fields() -> None:
    refs = corpus_eprint("lebedeva-petrunin-5pt-cat0").references
    assert len(refs) == 9
    assert refs[0].fields.title == "Alexandrov meets Kirszbraun"
    assert refs[0].fields.authors == ("S. Alexander", "V. Kapovitch", "A. Petrunin")
    assert refs[2].fields.arxiv_id == "1903.08539"
    assert refs[3].fields.doi == "10.1007/s00039-019-00481-9"
    assert refs[4].fields.title == "Выпуклые гиперповерхности в псевдоевклидовом пространстве"


@needs_corpus
def test_apsrev_bbl_with_bib_titles_and_doi_links() -> None:
    refs = corpus_eprint("qsl-atomic-wavepackets").references
    assert len(refs) == 59
    assert refs[0].label == "Calderbank and Shor (1996)"
    assert refs[0].raw.startswith(
        "A. R. Calderbank and P. W. Shor, “Good quantum error-correcting codes exist,”"
    )
    assert refs[0].fields.title == "Good quantum error-correcting codes exist"
    assert refs[0].fields.doi == "10.1103/physreva.54.1098"


@needs_corpus
def test_inline_bibliography_main_in_subfolder() -> None:
    refs = corpus_eprint("1205.4446").references
    assert [r.key for r in refs] == ["hogg", "straightline", "eccentricity", "jaynes", "sivia"][: len(refs)]
    assert refs[0].fields.arxiv_id == "0910.3374"
    assert refs[0].provenance.file == "philosophy/probability.tex"


@needs_corpus
def test_main_document_is_the_one_with_its_bbl() -> None:
    refs = corpus_eprint("cakes").references
    assert len(refs) == 25
    assert refs[0].label == "1"
    assert refs[0].raw == (
        "S. D. Kahn, “On the future of genomic data,” Science, vol. 331, no. 6018, pp. 728–729, 2011."
    )
    assert refs[0].fields.title == "On the Future of Genomic Data"


def tex_package(**members: str | bytes) -> dict[str, bytes]:
    return {name: data.encode() if isinstance(data, str) else data for name, data in members.items()}


BIB = r"""
@string{jphys = "J. Phys."}
@article{zeta, author = {Zed, Anna and Other, Bob}, title = {{Zeta} functions}, journal = jphys, year = 2001,
  url = {https://example.org/a%20b}}
@article{alpha, author = "Able, Carl", title = "Alpha {R}ays", journal = "Nature", year = "1999",
  doi = {10.1000/xyz123}}
@misc{mid, author = {M{\"u}ller, Dora}, title = {Middle things}, year = 2010, eprint = {2101.12345},
  archivePrefix = {arXiv}}
@misc{unused, author = {Nobody, N.}, title = {Never cited}, year = 2020}
"""


def test_rebuilt_from_bib_in_citation_order_for_unsorted_styles() -> None:
    tex = (
        r"\documentclass{article}\begin{document}See \cite{zeta} and \citep[p.~2]{alpha,mid}."
        r"\bibliographystyle{unsrt}\bibliography{refs}\end{document}"
    )
    ex = extract_source_references(tex_package(**{"paper.tex": tex, "refs.bib": BIB}))
    refs = ex.references
    assert [r.key for r in refs] == ["zeta", "alpha", "mid"]
    assert [r.label for r in refs] == ["1", "2", "3"]
    assert all(r.provenance.reconstructed and "reconstructed" in r.flags for r in refs)
    assert refs[0].fields.title == "Zeta functions"
    assert refs[0].fields.venue == "J. Phys."
    assert refs[0].fields.url == "https://example.org/a%20b"
    assert refs[1].fields.doi == "10.1000/xyz123"
    assert refs[2].fields.arxiv_id == "2101.12345"
    assert refs[2].fields.authors == ("Dora Müller",)
    assert any("rebuilt from refs.bib" in n for n in ex.notes)


def test_rebuilt_from_bib_sorted_by_author_for_sorted_styles_with_nocite_star() -> None:
    tex = (
        r"\documentclass{article}\begin{document}\cite{zeta}\nocite{*}"
        r"\bibliographystyle{plainnat}\bibliography{refs}\end{document}"
    )
    refs = extract_source_references(tex_package(**{"paper.tex": tex, "refs.bib": BIB})).references
    assert [r.key for r in refs] == ["alpha", "mid", "unused", "zeta"]
    assert refs[0].label == "Able (1999)"
    assert refs[3].label == "Zed and Other (2001)"


def test_latin1_tex_is_decoded_and_recorded() -> None:
    tex = (
        "\\documentclass{article}\\begin{document}\\begin{thebibliography}{9}\n"
        "\\bibitem{a} J. Pérez, Caf\\'e theory, 2001.\n"
        "\\bibitem{b} K. Øster, Another -- one, 2002. % a comment\n"
        "\\end{thebibliography}\\end{document}"
    ).encode("latin-1")
    ex = extract_source_references({"main.tex": tex})
    assert [r.raw for r in ex.references] == [
        "J. Pérez, Café theory, 2001.",
        "K. Øster, Another – one, 2002.",
    ]
    assert ex.references[0].provenance.encoding == "latin-1"
    assert "latin-1 fallback in main.tex" in ex.notes


def test_gz_single_file_with_inline_bibliography() -> None:
    tex = (
        r"\documentclass{article}\begin{document}\begin{thebibliography}{1}"
        r"\bibitem[Doe(2020)]{doe} J.~Doe, \href{https://doi.org/10.5555/abc}{A paper}, "
        r"\url{https://arxiv.org/abs/2001.00001}\end{thebibliography}\end{document}"
    )
    refs = extract_source_references(unpack_eprint(gzip.compress(tex.encode()))).references
    assert len(refs) == 1
    assert refs[0].raw == "J. Doe, A paper, https://arxiv.org/abs/2001.00001"
    assert refs[0].label == "Doe (2020)"
    assert refs[0].fields.doi == "10.5555/abc"
    assert refs[0].fields.arxiv_id == "2001.00001"


def test_input_chain_and_multibib_lists() -> None:
    main = (
        r"\documentclass{article}\usepackage{multibib}\newcites{sw}{Software}"
        r"\begin{document}\input{body}\bibliographystyle{plain}\bibliography{refs}"
        r"\bibliographystylesw{plain}\bibliographysw{soft}\end{document}"
    )
    bbl = (
        r"\begin{thebibliography}{1}\bibitem{a} A. Author, Paper one.\bibitem{b} B. Author, Two."
        r"\end{thebibliography}"
    )
    sw = r"\begin{thebibliography}{1}\bibitem{s} S. Writer, A program.\end{thebibliography}"
    files = tex_package(**{"main.tex": main, "body.tex": r"\cite{a}", "main.bbl": bbl, "sw.bbl": sw})
    ex = extract_source_references(files)
    got = [(r.bibliography, r.index, r.key) for r in ex.references]
    # compiled, the PDF prints [1] [2], then "Software" [3]: multibib numbers on from list to list
    assert got == [(1, 1, "a"), (1, 2, "b"), (2, 3, "s")]
    assert ex.references[2].label == "3"
    # ... unless told `resetlabels`: then [1] again (compiled too)
    files["main.tex"] = main.replace(r"\usepackage{multibib}", r"\usepackage[resetlabels]{multibib}").encode()
    got = [(r.bibliography, r.index, r.key) for r in extract_source_references(files).references]
    assert got == [(1, 1, "a"), (1, 2, "b"), (2, 1, "s")]


def test_no_bibliography_is_a_recorded_error() -> None:
    with pytest.raises(NoBibliography):
        extract_source_references({"main.tex": rb"\documentclass{article}\begin{document}Hi\end{document}"})


def test_top_level_file_wins_over_an_earlier_revision_in_a_subfolder() -> None:
    # paper.tex + paper.bbl (4 entries) at the top; v1/paper.tex + v1/paper.bbl (2 entries), the
    # earlier revision, is the larger .tex. arXiv compiles the top-level file.
    data = (Path(__file__).parent / "data" / "revision-in-subfolder.tar.gz").read_bytes()
    files = unpack_eprint(data)
    refs = extract_source_references(files).references
    assert [r.key for r in refs] == ["alpha", "beta", "delta", "eps"]
    assert {r.provenance.file for r in refs} == {"paper.bbl"}
    # The e-print's 00README decides first: legacy `toplevelfile`, or 00README.json's usage.
    legacy = {**files, "00README.XXX": b"v1/paper.tex toplevelfile\n"}
    assert [r.key for r in extract_source_references(legacy).references] == ["alpha", "gamma"]
    ignored = {**files, "00README.json": b'{"sources": [{"filename": "paper.tex", "usage": "ignore"}]}'}
    assert [r.key for r in extract_source_references(ignored).references] == ["alpha", "gamma"]


def test_biblatex_text_is_marked_composed_and_follows_an_author_year_style() -> None:
    """The .bbl of biblatex holds fields, not what the page prints: the text says so, and in an
    author-year style the year follows the names as the style prints it."""
    bbl = r"""\refsection{0}
  \datalist[entry]{apa/global//global/global}
    \entry{bickel}{incollection}{}
      \name{author}{2}{}{%
        {{hash=1}{family={Bickel},familyi={B\bibinitperiod},given={Balthasar},giveni={B\bibinitperiod}}}%
        {{hash=2}{family={Nichols},familyi={N\bibinitperiod},given={Johanna},giveni={J\bibinitperiod}}}%
      }
      \field{booktitle}{The World Atlas of Language Structures Online}
      \field{title}{Fusion of Selected Inflectional Formatives}
      \field{year}{2013}
    \endentry
  \enddatalist
\endrefsection
"""
    tex = r"""\documentclass{article}\usepackage[style=apa]{biblatex}\begin{document}\cite{bickel}
\printbibliography\end{document}"""
    refs = extract_source_references(tex_package(**{"main.tex": tex, "main.bbl": bbl})).references
    assert refs[0].flags == ("composed",)
    assert refs[0].raw.startswith("Balthasar Bickel, Johanna Nichols (2013). Fusion of Selected")


def test_a_stray_bracket_in_a_citations_optional_argument_ends_it_there() -> None:
    r"""`\citep[\url{...}[]{key}`: LaTeX ends the optional argument at the first `]`; counting the
    brackets ran on to the end of the document and lost the list written below."""
    tex = r"""\documentclass{article}\begin{document}
All simulations used fwdpp \citep[\url{https://github.com/molpopgen/fwdpp}[]{thornton2014}.
\begin{thebibliography}{1}
\bibitem{thornton2014} K. R. Thornton, A C++ library for forward-time simulation. Genetics 198 (2014).
\end{thebibliography}
\end{document}"""
    refs = extract_source_references(tex_package(**{"ms.tex": tex})).references
    assert [r.raw for r in refs] == [
        "K. R. Thornton, A C++ library for forward-time simulation. Genetics 198 (2014)."
    ]


def test_a_written_in_list_whose_items_are_input_from_a_file() -> None:
    tex = r"""\documentclass{IEEEtran}\begin{document}Text \cite{b1}.
\begin{thebibliography}{00}
    \input{bibliografia}
\end{thebibliography}
\end{document}"""
    items = r"""\bibitem{b1} R.C. Oros, "Fuentes conmutadas" (2010)
\bibitem{b2} Mohan, Ned, "First Course on Power Electronics and Drives" (2003)
"""
    refs = extract_source_references(tex_package(**{"main.tex": tex, "bibliografia.tex": items})).references
    assert [r.label for r in refs] == ["1", "2"]
    assert refs[1].raw == 'Mohan, Ned, "First Course on Power Electronics and Drives" (2003)'


def test_biblatex_prints_the_data_list_of_its_bibliography_not_of_its_citations() -> None:
    """biber writes one data list per sorting template; biblatex-apa sorts citations by one of its
    own, listed first, and prints the bibliography by the global one."""

    def entry(key: str, family: str) -> str:
        return rf"""    \entry{{{key}}}{{article}}{{}}
      \name{{author}}{{1}}{{}}{{{{{{hash=1}}{{family={{{family}}},given={{Simon}}}}}}}}
      \field{{title}}{{A title}}
      \field{{year}}{{2012}}
    \endentry
"""

    sortcite = entry("b", "Hanslmayr Staudigl") + entry("a", "Hanslmayr Staresina")
    printed = entry("a", "Hanslmayr Staresina") + entry("b", "Hanslmayr Staudigl")
    bbl = (
        r"\refsection{0}"
        "\n"
        r"  \datalist[entry]{apa/apasortcite//global/global}"
        "\n" + sortcite + r"  \enddatalist"
        "\n"
        r"  \datalist[entry]{apa/global//global/global}"
        "\n" + printed + r"  \enddatalist"
        "\n"
        r"\endrefsection"
        "\n"
    )
    tex = (
        r"\documentclass{article}\usepackage[style=apa]{biblatex}"
        "\n"
        r"\begin{document}\cite{a,b}\printbibliography"
    )
    refs = extract_source_references(tex_package(**{"ms.tex": tex, "ms.bbl": bbl})).references
    assert [r.key for r in refs] == ["a", "b"]


def test_biblatex_bibliography_in_the_preamble_names_a_resource_and_braced_filters_apply() -> None:
    """With biblatex, \\bibliography{x} is an old name of \\addbibresource: it prints nothing, so the
    two lists printed by keyword ({bib}, {artifact}) are the document's only ones."""
    tex = r"""\documentclass{article}
\usepackage[style=ieee, defernumbers=true]{biblatex}
\bibliography{refs.bib}
\begin{document}\cite{a,t}
\printbibliography[keyword={bib}, title=Bibliography]
\printbibliography[keyword={artifact}, title=Code Samples]
\end{document}"""
    bbl = r"""\refsection{0}
  \datalist[entry]{none/global//global/global}
    \entry{a}{article}{}
      \name{author}{1}{}{{{hash=1}{family={Author},given={Anne}}}}
      \keyw{bib}
      \field{title}{A paper}
      \field{year}{2001}
    \endentry
    \entry{t}{misc}{}
      \name{author}{1}{}{{{hash=2}{family={Koks},given={Gert}}}}
      \keyw{artifact}
      \field{title}{A tool}
      \field{year}{2023}
    \endentry
  \enddatalist
\endrefsection
"""
    refs = extract_source_references(tex_package(**{"main.tex": tex, "main.bbl": bbl})).references
    assert [(r.bibliography, r.index, r.key) for r in refs] == [(1, 1, "a"), (2, 2, "t")]


def test_biblatex_refsections_print_in_the_order_they_open_not_as_biber_wrote_them() -> None:
    """refsection=chapter: biber wrote the chapters' refsections 10, 8, 9; the thesis prints them
    chapter after chapter."""

    def section(number: int, key: str) -> str:
        return (rf"\refsection{{{number}}}" "\n" r"  \datalist[entry]{nyt/global//global/global}" "\n"
                rf"    \entry{{{key}}}{{article}}{{}}" "\n"
                r"      \name{author}{1}{}{{{hash=1}{family={Author" + str(number) + "}}}}\n"
                rf"      \field{{title}}{{Title {number}}}" "\n" r"      \field{year}{2014}" "\n"
                r"    \endentry" "\n" r"  \enddatalist" "\n" r"\endrefsection" "\n")

    bbl = section(10, "c") + section(8, "a") + section(9, "b")
    tex = r"""\documentclass{book}\usepackage[refsection=chapter]{biblatex}\begin{document}
\chapter{One}\cite{a}\printbibliography \chapter{Two}\cite{b}\printbibliography
\chapter{Three}\cite{c}\printbibliography\end{document}"""
    refs = extract_source_references(tex_package(**{"thesis.tex": tex, "thesis.bbl": bbl})).references
    assert [(r.bibliography, r.key) for r in refs] == [(1, "a"), (2, "b"), (3, "c")]

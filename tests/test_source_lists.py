"""How .bbl items become printed entries: merged citations, several lists, broken items.

The e-prints under tests/data were compiled here with TeX Live (pdflatex + bibtex); each test states
what the compiled PDF prints, which is what the extractor must give.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arxref.errors import NoBibliography
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


def lists_of(files: dict[str, bytes]) -> list[tuple[int, int, str | None]]:
    return [(r.bibliography, r.index, r.key) for r in extract_source_references(files).references]


def without_bbl(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if not k.endswith(".bbl")}


def test_multibbl_prints_each_newbibliography_from_its_own_bbl() -> None:
    # main.tex: \newbibliography{article}, \newbibliography{SI}, \cite{article}{alpha,beta},
    # \bibliography{article}{refs}{References} ... \bibliography{SI}{si}{Supplementary References}.
    # The PDF prints References [1]-[3] and Supplementary References [1]-[2].
    files = unpack_eprint((DATA / "multibbl-two-lists.tar.gz").read_bytes())
    expected = [(1, 1, "alpha"), (1, 2, "beta"), (1, 3, "gamma"), (2, 1, "si1"), (2, 2, "si2")]
    assert lists_of(files) == expected
    assert lists_of(without_bbl(files)) == expected  # rebuilt: each list from its own citations and .bib


def test_bibunits_lists_follow_each_unit_with_its_own_style_and_bibs() -> None:
    # book.tex: \defaultbibliographystyle{unsrt}; unit 1 cites beta, alpha; unit 2 ([plain]) cites
    # si2, si1, alpha with \putbib[si,refs]. The PDF prints [1] Brown [2] Able, then
    # [1] Able [2] Young [3] Zane.
    files = unpack_eprint((DATA / "bibunits-two-chapters.tar.gz").read_bytes())
    expected = [(1, 1, "beta"), (1, 2, "alpha"), (2, 1, "alpha"), (2, 2, "si2"), (2, 3, "si1")]
    assert lists_of(files) == expected
    assert lists_of(without_bbl(files)) == expected


def test_bibtopic_sections_print_cited_entries_numbered_on() -> None:
    # thesis.tex: two btSect (refs.bib, then [plain]{si}) with \btPrintCited. thesis1.bbl holds all
    # five entries of refs.bib; the PDF prints [1]-[3] (the cited ones), then [4] Young [5] Zane.
    files = unpack_eprint((DATA / "bibtopic-two-sections.tar.gz").read_bytes())
    expected = [(1, 1, "alpha"), (1, 2, "beta"), (1, 3, "gamma"), (2, 4, "si2"), (2, 5, "si1")]
    assert lists_of(files) == expected
    assert lists_of(without_bbl(files)) == expected
    ex = extract_source_references(files)
    assert ex.references[3].label == "4"
    assert "2 bibliographies, numbered on from one list to the next" in ex.notes


def test_an_unclosed_bibitem_label_keeps_its_text_and_leaves_the_next_items_alone() -> None:
    bbl = ("\\begin{thebibliography}{9}\n\\bibitem[Doe (2020){doe} J. Doe, First paper, 2020.\n"
           "\\bibitem[Roe (2021)]{roe} R. Roe, Second paper, 2021.\n"
           "\\bibitem[Poe (2022){poe} P. Poe, Third paper, 2022.\n\\end{thebibliography}\n")
    tex = "\\documentclass{article}\\begin{document}\\bibliography{refs}\\end{document}"
    refs = extract_source_references({"main.tex": tex.encode(), "main.bbl": bbl.encode()}).references
    assert [r.raw for r in refs] == ["Doe (2020)doe J. Doe, First paper, 2020.",
                                     "R. Roe, Second paper, 2021.",
                                     "Poe (2022)poe P. Poe, Third paper, 2022."]
    assert refs[1].label == "Roe (2021)"
    assert refs[1].key == "roe"


def test_biblatex_lists_split_by_keyword_type_and_category() -> None:
    # thesis.tex: biblatex numeric, defernumbers=true; \printbibliography[keyword=own],
    # [notkeyword=own,notcategory=books], [category=books] (\addtocategory{books}{other1}).
    # The PDF prints Own publications [1] [2], Other articles [3], Books [4].
    files = unpack_eprint((DATA / "biblatex-keyword-lists.tar.gz").read_bytes())
    refs = extract_source_references(files).references
    assert [(r.bibliography, r.index, r.label, r.key) for r in refs] == [
        (1, 1, "1", "mine1"), (1, 2, "2", "mine2"), (2, 3, "3", "other2"), (3, 4, "4", "other1")]
    # Without defernumbers (the same .bbl) each entry keeps its number in the whole refsection:
    # the PDF prints [2] [3], then [1], then [4].
    files["thesis.tex"] = files["thesis.tex"].replace(b",defernumbers=true", b"")
    assert lists_of(files) == [(1, 2, "mine1"), (1, 3, "mine2"), (2, 1, "other2"), (3, 4, "other1")]


def test_biblatex_refsections_each_print_their_lists() -> None:
    # book.tex: biblatex alphabetic; refsection 1 prints [Abl15] [Aut20]; refsection 2 prints
    # "Own" [AC21] [Aut20] (keyword=own) and "Others" [Bar10] (notkeyword=own).
    files = unpack_eprint((DATA / "biblatex-refsections.tar.gz").read_bytes())
    refs = extract_source_references(files).references
    assert [(r.bibliography, r.index, r.label) for r in refs] == [
        (1, 1, "Abl15"), (1, 2, "Aut20"), (2, 1, "AC21"), (2, 2, "Aut20"), (3, 1, "Bar10")]


def test_several_toplevel_documents_named_by_the_00readme_follow_one_another() -> None:
    # 00README.XXX: paper.tex toplevelfile, supplement.tex toplevelfile. arXiv compiles both and joins
    # the PDFs in alphanumeric order: paper's list [1] [2], then the supplement's [1] [2].
    files = unpack_eprint((DATA / "two-toplevel-documents.tar.gz").read_bytes())
    expected = [(1, 1, "alpha"), (1, 2, "beta"), (2, 1, "si2"), (2, 2, "si1")]
    assert lists_of(files) == expected
    as_json = {k: v for k, v in files.items() if k != "00README.XXX"}
    as_json["00README.json"] = (b'{"process": {"compiler": "pdflatex"}, "sources": ['
                                b'{"filename": "supplement.tex", "usage": "toplevel"},'
                                b'{"filename": "paper.tex", "usage": "toplevel"}]}')
    assert lists_of(as_json) == expected
    as_yaml = {k: v for k, v in files.items() if k != "00README.XXX"}
    as_yaml["00README.yaml"] = (b"process:\n  compiler: pdflatex\nsources:\n"
                                b"  - filename: paper.tex\n    usage: toplevel\n"
                                b"  - filename: supplement.tex\n    usage: toplevel\n")
    assert lists_of(as_yaml) == expected
    # Without the 00README arXiv compiles both all the same: each came with its own .bbl. The
    # paper's list comes first, even when the supplement's name sorts before it; a draft beside
    # the paper, compiled with no .bbl of its own, prints nothing.
    alone = {k: v for k, v in files.items() if k != "00README.XXX"}
    assert lists_of(alone) == expected
    renamed = {k.replace("supplement", "SI"): v for k, v in alone.items()}
    renamed["paper_old.tex"] = alone["paper.tex"]
    assert lists_of(renamed) == expected


def test_harvard_items_are_entries_labelled_by_their_names_and_year() -> None:
    # agsm.bst with the harvard package (TeX Live) writes \harvarditem[short]{names}{year}{key};
    # the PDF prints "Abbott, B. P., Abbott, R. et al. (2016), ‘Observation ...’, Physical Review ..."
    bbl = r"""\begin{thebibliography}{xx}

\harvarditem[Abbott et~al.]{Abbott, Abbott, Abbott, Abernathy, Acernese,
  Ackley, Adams, Adams, Addesso, Adhikari et~al.}{2016}{abbott2016observation}
Abbott, B.~P., Abbott, R. et~al.
  \harvardyearleft 2016\harvardyearright , `Observation of gravitational waves
  from a binary black hole merger', {\em Physical Review Letters} {\bf
  116}(6),~061102.

\harvarditem{Abramowitz \harvardand\ Stegun}{1965}{abramowitz1965handbook}
Abramowitz, M. \harvardand\ Stegun, I.~A., eds  \harvardyearleft
  1965\harvardyearright , {\em Handbook of Mathematical Functions}, Dover, New York.

\end{thebibliography}
"""
    tex = r"\documentclass{article}\usepackage{harvard}\begin{document}\nocite{*}"
    tex += r"\bibliographystyle{agsm}\bibliography{refs}\end{document}"
    refs = extract_source_references({"paper.tex": tex.encode(), "paper.bbl": bbl.encode()}).references
    assert [(r.index, r.key, r.label) for r in refs] == [
        (1, "abbott2016observation", "Abbott et al. (2016)"),
        (2, "abramowitz1965handbook", "Abramowitz & Stegun (1965)"),
    ]
    assert refs[0].raw == (
        "Abbott, B. P., Abbott, R. et al. (2016), ‘Observation of gravitational waves from a binary "
        "black hole merger’, Physical Review Letters 116(6), 061102."
    )
    assert refs[1].raw == (
        "Abramowitz, M. & Stegun, I. A., eds (1965), Handbook of Mathematical Functions, Dover, New York."
    )


def test_apacite_items_print_as_apa_style_does() -> None:
    # apacite.bst (TeX Live) leaves the punctuation to apacite.sty: only the second title of a
    # pair is printed, empty parts of \APACjournalVolNumPages drop out, and APACrefauthors takes
    # no argument ({IEEE} is the author). The PDF prints the three entries as asserted.
    bbl = r"""\begin{thebibliography}{}
\bibitem [\protect \citeauthoryear {%
Abramowitz%
\ \BBA {} Stegun%
}{%
Abramowitz%
\ \BBA {} Stegun%
}{%
{\protect \APACyear {1965}}%
}]{%
abramowitz1965handbook}
\APACinsertmetastar {%
abramowitz1965handbook}%
\begin{APACrefauthors}%
Abramowitz, M.%
\BCBT {}\ \BBA {} Stegun, I\BPBI A.%
\end{APACrefauthors}%
\ (\BEDS).
\unskip\
\newblock
\APACrefYear{1965}.
\newblock
\APACrefbtitle {Handbook of Mathematical Functions} {Handbook of mathematical functions}.
\newblock
\APACaddressPublisher{New York}{Dover}.
\PrintBackRefs{\CurrentBib}

\bibitem [\protect \citeauthoryear {%
Jumper%
\ \protect \BOthers {.}}{%
Jumper%
\ \protect \BOthers {.}}{%
{\protect \APACyear {2021}}%
}]{%
jumper2021}
\APACinsertmetastar {%
jumper2021}%
\begin{APACrefauthors}%
Jumper, J.%
, Evans, R.%
\BDBL {}others%
\end{APACrefauthors}%
\unskip\
\newblock
\APACrefYearMonthDay{2021}{}{}.
\newblock
{\BBOQ}\APACrefatitle {Highly Accurate Protein Structure Prediction with {AlphaFold}}
  {Highly accurate protein structure prediction with {AlphaFold}}.{\BBCQ}
\newblock
\APACjournalVolNumPages{Nature}{596}{}{583--589}.
\newblock
\begin{APACrefDOI} \doi{10.1038/s41586-021-03819-2} \end{APACrefDOI}
\PrintBackRefs{\CurrentBib}

\bibitem [\protect \citeauthoryear {%
{IEEE}%
}{%
{IEEE}%
}{%
{\protect \APACyear {2019}}%
}]{%
ieee2019floating}
\APACinsertmetastar {%
ieee2019floating}%
\begin{APACrefauthors}%
{IEEE}.%
\end{APACrefauthors}%
\unskip\
\newblock
\APACrefYearMonthDay{2019}{}{}.
\newblock
\APACrefbtitle {{IEEE} Standard for Floating-Point Arithmetic} {{IEEE} standard
  for floating-point arithmetic}\ \APACbVolEdTR {}{Standard\ \BNUM\ IEEE Std 754-2019}.
\end{thebibliography}
"""
    tex = r"\documentclass{article}\usepackage{apacite}\begin{document}\nocite{*}"
    tex += r"\bibliographystyle{apacite}\bibliography{refs}\end{document}"
    refs = extract_source_references({"paper.tex": tex.encode(), "paper.bbl": bbl.encode()}).references
    assert [r.label for r in refs] == ["Abramowitz & Stegun (1965)", "Jumper et al. (2021)", "IEEE (2019)"]
    assert [r.raw for r in refs] == [
        "Abramowitz, M., & Stegun, I. A. (Eds.). (1965). Handbook of mathematical functions. "
        "New York: Dover.",
        "Jumper, J., Evans, R., … others (2021). Highly accurate protein structure prediction with "
        "AlphaFold. Nature, 596, 583–589. doi: 10.1038/s41586-021-03819-2",
        "IEEE. (2019). IEEE standard for floating-point arithmetic (Standard No. IEEE Std 754-2019).",
    ]


def test_a_jurabib_bbl_is_refused_by_name_so_the_pdf_is_read() -> None:
    # jurabib writes each item as arguments of its own macros; rendered as text they repeat the
    # names and lose the punctuation, so the e-print path names the format and gives way
    bbl = r"""\begin{thebibliography}{1}
\bibitem[{Ar{\i}kan\jbdy {2009}}{IEEE 55 \peryearformat {2009}}{{0}{}{article}{2009}{}{}{}{3051--3073}{2009}}%
 {{Channel Polarization}{}{}{2}{}{}{}{}{}}]{arikan2009channel}
 \jbbibargs {\bibnf {Ar{\i}kan} {Erdal} {E.} {} {}} {Erdal Ar{\i}kan} {au} {\bibapifont {Channel
  Polarization}\bibatsep\ \bibJTsep \bibjtfont {IEEE}\ajtsep\ \artvolumeformat {55}}
\end{thebibliography}
"""
    tex = r"\documentclass{article}\usepackage{jurabib}\begin{document}\nocite{*}"
    tex += r"\bibliographystyle{jurabib}\bibliography{refs}\end{document}"
    with pytest.raises(NoBibliography, match="jurabib"):
        extract_source_references({"paper.tex": tex.encode(), "paper.bbl": bbl.encode()})


def test_amsrefs_entries_written_into_the_tex_print_as_amsrefs_composes_them() -> None:
    # amsrefs prints each \bib from its fields; the PDF of this document (TeX Live, amsart) reads
    # [1] Erdal Arıkan, Channel polarization, IEEE Transactions on Information Theory 55 (2009),
    # no. 7, 3051–3073. [2] Milton Abramowitz and Irene A. Stegun (eds.), Handbook ..., Dover,
    # New York, 1965. [3] Edward Witten, Anti de Sitter space and holography, ..., available at
    # hep-th/9802150. [4] ———, Anti-de Sitter space, thermal phase transition, ...
    tex = r"""\documentclass{amsart}\usepackage{amsrefs}\begin{document}Text \cite{w1}.
\begin{bibdiv}\begin{biblist}
\bib{arikan}{article}{
  author={Ar{\i}kan, Erdal}, title={Channel polarization}, date={2009},
  journal={IEEE Transactions on Information Theory}, volume={55}, number={7}, pages={3051\ndash 3073},
}
\bib{as}{book}{
  editor={Abramowitz, Milton}, editor={Stegun, Irene~A.}, title={Handbook of mathematical functions},
  publisher={Dover}, address={New York}, date={1965},
}
\bib*{unprinted}{book}{title={A cross-referenced book}}
\bib{w1}{article}{
  author={Witten, Edward}, title={Anti de Sitter space and holography},
  journal={Advances in Theoretical and Mathematical Physics}, volume={2}, date={1998},
  pages={253\ndash 291}, eprint={hep-th/9802150},
}
\bib{w2}{article}{
  author={Witten, Edward}, title={Anti-de Sitter space, thermal phase transition, and confinement},
  journal={Adv. Theor. Math. Phys.}, volume={2}, date={1998}, pages={505\ndash 532},
}
\end{biblist}\end{bibdiv}
\end{document}
"""
    refs = extract_source_references({"paper.tex": tex.encode()}).references
    assert [(r.index, r.key) for r in refs] == [(1, "arikan"), (2, "as"), (3, "w1"), (4, "w2")]
    assert refs[0].raw == (
        "Erdal Arıkan, Channel polarization, IEEE Transactions on Information Theory 55 (2009), no. 7, "
        "3051–3073."
    )
    assert refs[1].raw == (
        "Milton Abramowitz and Irene A. Stegun (eds.), Handbook of mathematical functions, Dover, "
        "New York, 1965."
    )
    assert refs[2].fields.arxiv_id == "hep-th/9802150"
    assert refs[2].raw.endswith("253–291, available at hep-th/9802150.")
    assert refs[3].raw.startswith("———, Anti-de Sitter space")
    assert refs[3].fields.title == "Anti-de Sitter space, thermal phase transition, and confinement"
    assert refs[3].fields.authors == ("Edward Witten",)


def test_amsrefs_entries_written_by_amsrn_into_the_bbl_are_read() -> None:
    bbl = r"""% \bib, bibdiv, biblist are defined by the amsrefs package.
\begin{bibdiv}
\begin{biblist}

\bib{debroglie1924recherches}{thesis}{
      author={de~Broglie, Louis},
       title={Recherches sur la th{\'e}orie des quanta},
        type={Ph.D. Thesis},
        date={1924},
}

\end{biblist}
\end{bibdiv}
"""
    tex = r"\documentclass{article}\usepackage{amsrefs}\begin{document}\nocite{*}"
    tex += r"\bibliographystyle{amsrn}\bibliography{refs}\end{document}"
    refs = extract_source_references({"paper.tex": tex.encode(), "paper.bbl": bbl.encode()}).references
    assert [r.raw for r in refs] == [
        "Louis de Broglie, Recherches sur la théorie des quanta, Ph.D. Thesis, 1924."
    ]
    assert refs[0].fields.year == 1924


def test_aastex_references_environment_items_start_at_reference_and_refpar() -> None:
    # AASTeX (and emulateapj) keep the older list: \begin{references} \reference{key} ... or
    # \refpar ...; compiled with aastex631 the PDF prints these three texts, unlabelled
    tex = r"""\documentclass{aastex631}\begin{document}Text.
\begin{references}
\reference{abazajian} Abazajian, K., et al. 2003, \aj, 126, 2081
\reference{} Bahcall, J. N. 1984, \apj, 276, 169
\refpar Cox, A. N. 2000, Allen's Astrophysical Quantities (New York: Springer)
\end{references}
\end{document}
"""
    refs = extract_source_references({"paper.tex": tex.encode()}).references
    assert [(r.index, r.key) for r in refs] == [(1, "abazajian"), (2, None), (3, None)]
    assert [r.raw for r in refs] == [
        "Abazajian, K., et al. 2003, AJ, 126, 2081",
        "Bahcall, J. N. 1984, ApJ, 276, 169",
        "Cox, A. N. 2000, Allen’s Astrophysical Quantities (New York: Springer)",
    ]


def test_definitions_a_bbl_makes_before_its_list_hold_in_it() -> None:
    # aer.bst and cje.bst define \bysame above \begin{thebibliography}; the PDF prints the rule
    bbl = r"""\ifx\undefined\bysame
\newcommand{\bysame}{\leavevmode\hbox to\leftmargin{\hrulefill\,\,}}
\fi
\begin{thebibliography}{xx}
\harvarditem[Knuth]{Knuth}{1984}{k84} {\bf Knuth, Donald E.} (1984) {\it The TeXbook}
\harvarditem[Knuth]{Knuth}{1997}{k97} {\bf \bysame{}} (1997) {\it The Art of Computer Programming}
\end{thebibliography}
"""
    tex = r"\documentclass{article}\usepackage{harvard}\begin{document}\nocite{*}"
    tex += r"\bibliographystyle{cje}\bibliography{refs}\end{document}"
    refs = extract_source_references({"paper.tex": tex.encode(), "paper.bbl": bbl.encode()}).references
    assert [r.raw for r in refs] == [
        "Knuth, Donald E. (1984) The TeXbook",
        "——— (1997) The Art of Computer Programming",
    ]


def _bbl(*keys: str) -> bytes:
    items = "".join(f"\\bibitem{{{k}}} {k.title()}, A. 2018, ApJ, 1, 2\n" for k in keys)
    return f"\\begin{{thebibliography}}{{}}\n{items}\\end{{thebibliography}}\n".encode()


def test_bibunits_printed_by_user_macros_keep_every_units_number() -> None:
    """A Caltech thesis: each chapter's \\putbib sits in a macro of the thesis's own .sty
    (\\myputbib), and a chapter opens with \\mypublishedas, a macro whose bibunit prints the one
    paper the chapter was published as. Each \\putbib prints the next bu<n>.bbl, so every call counts."""
    sty = (
        b"\\newcommand\\myputbib[1]{%\n  \\addtocontents{toc}{\\protect\\setcounter{tocdepth}{-1}}\n"
        b"  \\putbib[#1]\n}\n"
        b"\\newcommand{\\mypublishedas}[2]{\n  \\begin{bibunit}\n  \\renewcommand{\\bibsection}{}\n"
        b"  \\nocite{#2}\\myputbib{#1}\n  \\end{bibunit}\n}\n"
    )
    main = (
        b"\\documentclass{report}\n\\usepackage{bibunits}\n\\usepackage{custom}\n"
        b"\\defaultbibliographystyle{plain}\n\\begin{document}\n"
        b"\\begin{bibunit}\n\\nocite{own}\n\\putbib[published]\n\\end{bibunit}\n"  # the thesis's own papers
        b"\\include{chapter1}\n\\include{chapter2}\n"
        b"\\end{document}\n"
    )
    files = {
        "thesis.tex": main,
        "custom.sty": sty,
        "chapter1.tex": b"\\begin{bibunit}\nText \\cite{able,baker}.\n\\myputbib{thesis}\n\\end{bibunit}\n",
        "chapter2.tex": b"\\mypublishedas{thesis}{mine}\n\\begin{bibunit}\nText \\cite{cole}.\n"
        b"\\myputbib{thesis}\n\\end{bibunit}\n",
        "bu1.bbl": _bbl("own"),
        "bu2.bbl": _bbl("able", "baker"),
        "bu3.bbl": _bbl("mine"),
        "bu4.bbl": _bbl("cole"),
    }
    expected = [(1, 1, "own"), (2, 1, "able"), (2, 2, "baker"), (3, 1, "mine"), (4, 1, "cole")]
    assert lists_of(files) == expected


def test_a_list_whose_counter_is_raised_before_its_first_item_numbers_on() -> None:
    """Nature's Methods references go on from the main list's numbers: the second thebibliography
    raises its counter before its first item ("\\addtocounter{\\@listctr}{2}"), and prints 3, 4."""
    tex = (
        b"\\documentclass{article}\n\\begin{document}\nText.\n"
        b"\\begin{thebibliography}{10}\n\\bibitem{a} Able, A. Title one. J. 1, 2 (2001).\n"
        b"\\bibitem{b} Baker, B. Title two. J. 3, 4 (2002).\n\\end{thebibliography}\n"
        b"Methods.\n\\begin{thebibliography}{100}\n\\makeatletter\n\\addtocounter{\\@listctr}{2}\n"
        b"\\makeatother\n\\bibitem{c} Cole, C. Title three. J. 5, 6 (2003).\n"
        b"\\bibitem{d} Dunn, D. Title four. J. 7, 8 (2004).\n\\end{thebibliography}\n\\end{document}\n"
    )
    refs = extract_source_references({"paper.tex": tex}).references
    assert [(r.bibliography, r.index, r.label) for r in refs] == [
        (1, 1, "1"), (1, 2, "2"), (2, 3, "3"), (2, 4, "4"),
    ]  # fmt: skip

"""Macros a bibliography uses: a .bbl's own preamble, the paper's .sty/.cls, the class's journal names."""

from __future__ import annotations

from pathlib import Path

import pytest

from arxref.source import extract_source_references, unpack_eprint
from arxref.source.latex_text import Macro, latex_to_text
from arxref.source.macros import drop_conditionals, layered, read_definitions

DATA = Path(__file__).parent / "data"


def test_gost_list_with_a_journal_sty_reads_as_printed() -> None:
    # article.tex: babel russian, ugost2008, \usepackage{rjournal} (carried in the e-print) defines
    # \JETP, \UFN and \PRL used as journal names. The compiled PDF prints (heading СПИСОК ЛИТЕРАТУРЫ):
    # [1] Ландау Л. Д., Лифшиц Е. М. К теории дисперсии магнитной проницаемости // Журн. эксперим. и
    #     теор. физ.. — 1935. — Т. 8. — С. 153–169.
    ex = extract_source_references(unpack_eprint((DATA / "gost-journal-macros.tar.gz").read_bytes()))
    raws = [r.raw for r in ex.references]
    assert raws == [
        "Ландау Л. Д., Лифшиц Е. М. К теории дисперсии магнитной проницаемости // "
        "Журн. эксперим. и теор. физ.. — 1935. — Т. 8. — С. 153–169.",
        "Гинзбург В. Л. Сверхпроводимость // Успехи физ. наук. — 1990. — Т. 160, № 2. — С. 1–20.",
        "Smith John, Doe Jane. Superfluid flow in pipes // Phys. Rev. Lett.. — 2001. — Vol. 87. — P. 100401.",
    ]


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        (r"\ifdim\lastskip>0pt\unskip\nobreak\hskip.2em\fi\cyrdash\hskip.2em", r"\cyrdash\hskip.2em"),
        (r"\expandafter\ifx\csname date#1\endcsname\relax\else\selectlanguage{#1}\fi",
         r"\expandafter\selectlanguage{#1}"),
        (r"a\ifx#1\empty\else(#1)\fi b", "a(#1) b"),
        (r"\ifcase#1 zero\or one\else many\fi", " many"),
        (r"\ifx a\ifx b c\else d\fi\else e\ifnum1=1 f\else g\fi\fi", " e g"),
        (r"x\fi", r"x\fi"),
        (r"\ifx a b", r"\ifx a b"),
    ],
)
def test_conditionals_keep_their_else_branch(body: str, kept: str) -> None:
    assert drop_conditionals(body) == kept


def test_definitions_of_a_bbl_preamble_and_a_sty() -> None:
    macros = read_definitions(
        "\\def\\selectlanguageifdefined#1{\n\\expandafter\\ifx\\csname date#1\\endcsname\\relax\n"
        "\\else\\selectlanguage{#1}\\fi}\n"
        "\\providecommand*{\\BibDash}{\\ifdim\\lastskip>0pt\\unskip\\nobreak\\hskip.2em plus 0.1em\\fi\n"
        "\\cyrdash\\hskip.2em plus 0.1em\\ignorespaces}\n"
        "\\newcommand\\jour[1]{\\textit{#1}}\\let\\journal=\\jour\n"
        "\\def\\@hidden{x}\\newcommand{\\opt}[2][a]{#1#2}\\def\\cs{\\csname x\\endcsname}"
        "\\def\\rj@jnl#1{{\\rm #1}}\\newcommand\\jcap{\\rj@jnl{JCAP}}\\def\\tmp{\\@tempa}")
    assert set(macros) == {"selectlanguageifdefined", "BibDash", "jour", "journal", "rj@jnl", "jcap"}
    assert latex_to_text(r"\jcap, 3", macros) == "JCAP, 3"
    assert macros["BibDash"].provided
    text = latex_to_text(r"\selectlanguageifdefined{english}Title~// \journal{JETP}. \BibDash 1990.", macros)
    assert text == "Title // JETP. — 1990."


def test_providecommand_does_not_replace_and_def_does() -> None:
    doc = {"etal": Macro(0, "and others")}
    bbl = read_definitions(r"\providecommand{\etal}{et al.}\def\bysame{---}")
    merged = layered(doc, bbl)
    assert merged["etal"].body == "and others"
    assert merged["bysame"].body == "---"


def test_the_document_class_chooses_the_journal_names() -> None:
    def first_raw(docclass: str) -> str:
        tex = (rf"\documentclass{{{docclass}}}\begin{{document}}\begin{{thebibliography}}{{1}}"
               r"\bibitem[Doe(2015)]{doe} Doe J., 2015, \jcap, 3, 38; \prd, 91, 2"
               r"\end{thebibliography}\end{document}")
        return extract_source_references({"ms.tex": tex.encode()}).references[0].raw

    assert first_raw("aa") == "Doe J., 2015, J. Cosmology Astropart. Phys., 3, 38; Phys. Rev. D, 91, 2"
    assert first_raw("mnras") == "Doe J., 2015, J. Cosmology Astropart. Phys., 3, 38; Phys. Rev. D, 91, 2"
    assert first_raw("aastex631") == "Doe J., 2015, JCAP, 3, 38; PhRvD, 91, 2"

"""LaTeX to reader text, and the .bib reader."""

from __future__ import annotations

import pytest

from arxref.source.bibtex import parse_bib, split_names
from arxref.source.latex_text import Macro, latex_to_text
from arxref.source.texscan import strip_comments


@pytest.mark.parametrize(
    ("tex", "text"),
    [
        (r"Barr{\'o}n-Cede{\~n}o and M{\`a}rquez", "Barrón-Cedeño and Màrquez"),
        (r"G{\"o}kova, Erd\H{o}s, \v{S}ab, Fran\c{c}ois, \'{\i}, Stra\ss e",
         "Gökova, Erdős, Šab, François, í, Straße"),
        (r"pp. 728--729 --- ``quoted'' `x'", "pp. 728–729 — “quoted” ‘x’"),
        (r"\emph{J.~Chem.} \textbf{2015}, {\em 55}", "J. Chem. 2015, 55"),
        (r"\href {https://doi.org/10.1/x} {Shown title}", "Shown title"),
        (r"\url{http://x.org/a_b\%20} \doi{10.2/y}", "http://x.org/a_b%20 10.2/y"),
        (r"$O(n \log n)$ and $\alpha$-rays at 500~$\mu$m", "O(n log n) and α-rays at 500 μm"),
        (r"\bibinfo{author}{\bibfnamefont{A.~R.}\ \bibnamefont{Calderbank}}", "A. R. Calderbank"),
        (r"JAMA, 329\penalty0 (15):\penalty0 1248", "JAMA, 329 (15): 1248"),
        (r"{Abazajian} K.~N., 2009, \mn@doi [\apjs] {10.1088/0067-0049/182/2/543}",
         "Abazajian K. N., 2009, ApJS"),
        (r"\enquote{Partial least squares.}\newblock {\em WIREs\/}", "“Partial least squares.” WIREs"),
        (r"\begin{otherlanguage*}{russian}Иванов~И.\end{otherlanguage*} Title", "Иванов И. Title"),
        (r"\begin{minipage}[t]{0.5\textwidth}Boxed\end{minipage}, \begin{unknown}[x]{y}{z}Kept\end{unknown}",
         "Boxed, Kept"),
        (r"at \verb+ftp://a_b~c+ and \verb*|x y|", "at ftp://a_b~c and x y"),
        (r"Т.~4, \No~3. \BibDash", "Т. 4, № 3."),
        (r"Ar{\i}kan, E. and Mart{\'\i}nez and Mart\'{\i}nez", "Arıkan, E. and Martínez and Martínez"),
        (r"Abramowitz, M. \harvardand\ Stegun, I.~A.  \harvardyearleft 1965\harvardyearright , {\em H}",
         "Abramowitz, M. & Stegun, I. A. (1965), H"),
        # a rule for the authors above: siam's, amsplain's \bysame; a strut prints nothing
        (r"\leavevmode\vrule height 2pt depth -1.6pt width 23pt, {\em The Art}", "———, The Art"),
        (r"\leavevmode\hbox to3em{\hrulefill}\thinspace, Title", "———, Title"),
        (r"\rule{0pt}{2ex}X and \hbox to 2em{Y}", "X and Y"),
    ],
)
def test_latex_to_text(tex: str, text: str) -> None:
    assert latex_to_text(tex) == text


def test_user_macros_expand() -> None:
    macros = {"etal": Macro(0, r"\foreign{et al.}"), "isbn": Macro(1, r"\textsc{isbn:}#1")}
    assert latex_to_text(r"Brewer \etal(2011) \isbn{978}", macros) == "Brewer et al.(2011) isbn:978"


def test_comments_go_but_escaped_and_url_percent_stay() -> None:
    tex = "a % comment\n  b 50\\% \\url{http://x/%2F} c"
    assert strip_comments(tex) == "a b 50\\% \\url{http://x/%2F} c"


@pytest.mark.parametrize(
    ("tex", "stripped"),
    [
        ("\\verb http://x/%20y\n\\endverb", "\\verb http://x/%20y\n\\endverb"),
        ("a\n  \\verb u%1\nb % c\n", "a\n  \\verb u%1\nb "),
        ("x % c\n\\verb u%2\n", "x \\verb u%2\n"),
        ("x % c\n  \\verb u%3\n", "x \\verb u"),
        ("\\\\% gone\n\\\\\\% kept", "\\\\\\\\\\% kept"),
        ("\\url\n {a%b} and \\href{c%d}{e} f%g\nh", "\\url\n {a%b} and \\href{c%d}{e} fh"),
        ("x\\url\n\n  \n{a%b}\n%c\n%d\n  e", "x\\url\n\n  \n{a%b}\ne"),
        ("% \\url\n{a%b}\ny", "{ay"),
    ],
)
def test_strip_comments_keeps_verb_lines_and_escapes(tex: str, stripped: str) -> None:
    assert strip_comments(tex) == stripped


@pytest.mark.parametrize(
    ("names", "split"),
    [
        ("{Barnes and Noble} AND Smith, J.", ["{Barnes and Noble}", "Smith, J."]),
        ("A {B} and\tC and and D", ["A {B}", "C", "D"]),
        ("{A} andrew and B", ["{A} andrew", "B"]),
    ],
)
def test_split_names_outside_braces(names: str, split: list[str]) -> None:
    assert split_names(names) == split


def test_parse_bib_strings_concatenation_and_quotes() -> None:
    bib = parse_bib(r"""
    @String{ pub = "Springer" }
    @Book{k1, title = "A {"}quoted{"} title", publisher = pub # ", Berlin", year = 1999, month = jan}
    @comment{ @article{fake, title = {no}} }
    @ARTICLE(k2, author = {van der Berg, Jan and {Barnes and Noble} and others}, title = {T})
    """)
    assert set(bib) == {"k1", "k2"}
    assert bib["k1"].type == "book"
    assert bib["k1"].fields["publisher"] == "Springer, Berlin"
    assert bib["k1"].fields["year"] == "1999"
    assert bib["k1"].fields["month"] == "Jan"
    assert split_names(bib["k2"].fields["author"]) == ["van der Berg, Jan", "{Barnes and Noble}", "others"]

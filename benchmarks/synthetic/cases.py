"""The synthetic cases: one document class, bibliography style and layout each, all printing refs.bib.

A case is the preamble, the front matter of its class, how it prints its bibliographies, and what
may follow the list (an appendix, a supplement's own list, the authors' addresses). `files` are
further sources a case \\include's (chapterbib's chapters).
"""

from __future__ import annotations

from dataclasses import dataclass, field

TEXT = r"""
Bibliographies come in many shapes, and a reader of papers meets all of them: numbered and
author-year lists, lists in one or two columns, lists set in the text size or smaller, with
or without a heading. Here we cite a few works in the text, such as \cite{vaswani2017attention}
and \cite{he2016deep,lecun1998gradient}, and print every entry of the bibliography file.

The rest of this section is filler that gives the first page a body of text, as a real paper
has one: the method, the experiments and the results would go here, with figures and tables,
and the discussion would compare them with the works cited \cite{shannon1948mathematical}.
"""

TEXT_UNCITED = (
    TEXT.replace(r"\cite{vaswani2017attention}", "one")
    .replace(r"\cite{he2016deep,lecun1998gradient}", "two more")
    .replace(r" \cite{shannon1948mathematical}", "")
)

TEXT_RU = r"""
Список литературы печатается в конце статьи. Здесь мы ссылаемся на несколько работ
\cite{vaswani2017attention,he2016deep} и печатаем все записи файла библиографии.
"""

APPENDIX = r"""
\appendix
\section{Derivation of the bound}
The appendix follows the list: its heading ends the bibliography, and its text is no entry.
"""

SUPPLEMENT_KEYS = (
    "turing1950computing,hubble1929relation,watson1953molecular,higgs1964broken,dirac1928quantum"
)

# Draft figures set near the end of the text float onto the pages of the list.
DRAFT_FIGURES = r"""
\begin{figure}[tb]\centering
\includegraphics[width=0.9\columnwidth]{figures/amplification-heat-map-of-the-frozen-coefficient-analysis.pdf}
\caption{Heat map of the amplification for the case $K=0$. The bold line shows the neutral curve.}
\end{figure}
\begin{figure}[tb]\centering
\includegraphics[width=0.9\columnwidth]{figures/threshold.pdf}
\caption{Threshold of the growth as a function of the initial time.}
\end{figure}
"""


@dataclass(frozen=True)
class Case:
    """One document: class and packages, front matter, how its lists are printed."""

    name: str
    preamble: str
    front: str
    bibliography: str
    tool: str = "bibtex"  # bibtex or biber
    before: str = ""  # set before the list (floats)
    after: str = ""  # set after the list (an appendix, a second list)
    text: str = TEXT
    files: dict[str, str] = field(default_factory=dict)


def _plain_front(title: str = "A Study of Bibliographies") -> str:
    return rf"\title{{{title}}}\author{{Ada Writer and Ben Reader}}\date{{}}\maketitle"


def _bibtex(style: str) -> str:
    return rf"\bibliographystyle{{{style}}}\nocite{{*}}\bibliography{{refs}}"


def _article(name: str, style: str, options: str = "", packages: str = "", **kw: str) -> Case:
    pre = rf"\documentclass[{options}]{{article}}\usepackage[T1]{{fontenc}}\usepackage{{url}}{packages}"
    return Case(name, pre, _plain_front(), _bibtex(style), **kw)


def _biblatex(name: str, options: str, doc: str = "", packages: str = "", then: str = "", **kw: str) -> Case:
    """A biblatex case: `packages` load before biblatex, `then` is set after it."""
    pre = (
        rf"\documentclass[{doc}]{{article}}\usepackage[T1]{{fontenc}}\usepackage[english]{{babel}}"
        rf"\usepackage{{csquotes}}{packages}\usepackage[{options}]{{biblatex}}\addbibresource{{refs.bib}}{then}"
    )
    return Case(name, pre, _plain_front(), r"\nocite{*}\printbibliography", tool="biber", **kw)


_IEEE_FRONT = (
    r"\title{A Study of Bibliographies}\author{\IEEEauthorblockN{Ada Writer}"
    r"\IEEEauthorblockA{Dept. of Letters, University of Somewhere\\ada@example.org}}\maketitle"
)
_ELS_FRONT = (
    r"\begin{frontmatter}\title{A Study of Bibliographies}\author{Ada Writer}"
    r"\address{Department of Letters, University of Somewhere, Springfield, USA}"
    r"\begin{abstract}We print one bibliography in many styles.\end{abstract}\end{frontmatter}"
)
_REVTEX_FRONT = (
    r"\title{A Study of Bibliographies}\author{Ada Writer}\affiliation{University of Somewhere}"
    r"\begin{abstract}We print one bibliography in many styles.\end{abstract}\maketitle"
)
_ACM_FRONT = (
    r"\title{A Study of Bibliographies}\author{Ada Writer}\affiliation{\institution{University of "
    r"Somewhere}\city{Springfield}\country{USA}}\email{ada@example.org}\author{Ben Reader}"
    r"\affiliation{\institution{X}\country{Y}}"
    r"\begin{abstract}We print one bibliography in many styles.\end{abstract}\maketitle"
)
_AMS_FRONT = (
    r"\title{A Study of Bibliographies}\author{Ada Writer}\address{Department of Letters, "
    r"University of Somewhere, Springfield, USA}\email{ada@example.org}\maketitle"
)
_ULEM_STUB = r"\DeclareOption*{}\ProcessOptions\newcommand\uline[1]{#1}\newcommand\sout[1]{#1}" + "\n"
_CHAPTER = r"""\chapter{%s}
Text of the chapter, which cites works of its own \cite{%s}.
\bibliographystyle{plain}\bibliography{refs}
"""

CASES: tuple[Case, ...] = (
    # standard LaTeX with the classic bibtex styles
    _article("plain", "plain"),
    _article("unsrt-2col", "unsrt", "twocolumn"),
    _article("abbrv", "abbrv"),
    _article("alpha", "alpha"),
    _article("ieeetr", "ieeetr"),
    _article("siam", "siam"),
    _article("apalike", "apalike"),
    _article("apalike-2col", "apalike", "twocolumn"),
    _article("plainnat", "plainnat", packages=r"\usepackage{natbib}"),
    _article("plainnat-2col", "plainnat", "twocolumn", r"\usepackage{natbib}"),
    _article("unsrtnat-palatino", "unsrtnat", packages=r"\usepackage{mathpazo}\usepackage[numbers]{natbib}"),
    _article(
        "abbrvnat-times-ragged",
        "abbrvnat",
        packages=r"\usepackage{mathptmx}\usepackage{natbib}"
        r"\renewcommand{\bibfont}{\raggedright}",
    ),
    _article(
        "plainnat-flat",
        "plainnat",
        packages=r"\usepackage{natbib}\setlength{\bibsep}{0pt}"
        r"\setlength{\bibhang}{0pt}",
    ),
    _article("naturemag", "naturemag"),
    _article("vancouver", "vancouver"),
    _article("jneurosci", "jneurosci", packages=r"\usepackage{natbib}"),
    _article("iopart-num", "iopart-num"),
    _article("plaindin-german", "plaindin", packages=r"\renewcommand{\refname}{Literatur}"),
    _article(
        "plain-french", "plain", packages=r"\usepackage[utf8]{inputenc}\renewcommand{\refname}{Références}"
    ),
    _article("unsrt-hyperref-backref", "unsrt", packages=r"\usepackage[backref=page]{hyperref}"),
    _article(
        "plainnat-lineno-2col",
        "plainnat",
        "twocolumn",
        r"\usepackage{natbib}\usepackage[switch]{lineno}"
        r"\linenumbers",
    ),
    _article(
        "unsrt-2col-draft-figures",
        "unsrt",
        "twocolumn",
        r"\usepackage[draft]{graphicx}",
        before=DRAFT_FIGURES,
    ),
    _article("plain-appendix", "plain", after=APPENDIX),
    _article(
        "plain-supplement",
        "plain",
        packages=r"\usepackage{multibib}\newcites{supp}{Supplementary References}",
        after=rf"\nocitesupp{{{SUPPLEMENT_KEYS}}}\bibliographystylesupp{{plain}}\bibliographysupp{{refs}}",
    ),
    _article(
        "unsrt-additional",
        "unsrt",
        packages=r"\usepackage{multibib}\newcites{add}{Additional references}",
        after=rf"\nociteadd{{{SUPPLEMENT_KEYS}}}\bibliographystyleadd{{unsrt}}\bibliographyadd{{refs}}",
    ),
    # journal and conference classes
    Case(
        "ieeetran-conf",
        r"\documentclass[conference]{IEEEtran}\usepackage{url}",
        _IEEE_FRONT,
        _bibtex("IEEEtran"),
    ),
    Case(
        "ieeetran-journal",
        r"\documentclass[journal]{IEEEtran}\usepackage{url}",
        _IEEE_FRONT,
        _bibtex("IEEEtran"),
    ),
    Case(
        "elsarticle-num-1p",
        r"\documentclass[1p]{elsarticle}\usepackage{url}",
        _ELS_FRONT,
        _bibtex("elsarticle-num"),
    ),
    Case(
        "elsarticle-num-5p",
        r"\documentclass[5p]{elsarticle}\usepackage{url}",
        _ELS_FRONT,
        _bibtex("elsarticle-num"),
    ),
    Case(
        "elsarticle-harv-3p",
        r"\documentclass[3p,authoryear]{elsarticle}\usepackage{url}",
        _ELS_FRONT,
        _bibtex("elsarticle-harv"),
    ),
    Case(
        "elsarticle-names-review",
        r"\documentclass[review]{elsarticle}\usepackage{url}",
        _ELS_FRONT,
        _bibtex("elsarticle-num-names"),
    ),
    Case(
        "llncs-splncs04",
        r"\documentclass{llncs}\usepackage{url}",
        r"\title{A Study of Bibliographies}\author{Ada Writer}\institute{University of Somewhere}\maketitle",
        _bibtex("splncs04"),
    ),
    Case(
        "revtex-prl",
        r"\documentclass[aps,prl,twocolumn]{revtex4-2}",
        _REVTEX_FRONT,
        r"\nocite{*}\bibliography{refs}",
    ),
    Case(
        "revtex-prb-longbib",
        r"\documentclass[aps,prb,twocolumn,longbibliography]{revtex4-2}",
        _REVTEX_FRONT,
        r"\nocite{*}\bibliography{refs}",
    ),
    Case(
        "revtex-prl-draft-figures",
        r"\documentclass[aps,prl,twocolumn]{revtex4-2}\usepackage[draft]{graphicx}",
        _REVTEX_FRONT,
        r"\nocite{*}\bibliography{refs}",
        before=DRAFT_FIGURES,
    ),
    Case(
        "revtex-aip-jcp",
        r"\documentclass[aip,jcp]{revtex4-2}",
        _REVTEX_FRONT,
        r"\nocite{*}\bibliography{refs}",
    ),
    Case("amsart-amsplain", r"\documentclass{amsart}\usepackage{url}", _AMS_FRONT, _bibtex("amsplain")),
    Case("amsart-amsalpha", r"\documentclass{amsart}\usepackage{url}", _AMS_FRONT, _bibtex("amsalpha")),
    Case("acmart-sigconf", r"\documentclass[sigconf]{acmart}", _ACM_FRONT, _bibtex("ACM-Reference-Format")),
    Case(
        "acmart-acmsmall-authoryear",
        r"\documentclass[acmsmall]{acmart}\citestyle{acmauthoryear}",
        _ACM_FRONT,
        _bibtex("ACM-Reference-Format"),
    ),
    Case(
        "aastex631-2col",
        r"\documentclass[twocolumn]{aastex631}",
        r"\title{A Study of Bibliographies}\author{Ada Writer}\affiliation{University of Somewhere}"
        r"\begin{abstract}We print one bibliography in many styles.\end{abstract}",
        _bibtex("aasjournal"),
        # stubs: this TeX Live lacks two packages aastex631 loads
        files={"epsf.sty": "", "ulem.sty": _ULEM_STUB},
    ),
    Case(
        "mnras",
        r"\documentclass[usenatbib]{mnras}\usepackage{url}",
        r"\title{A Study of Bibliographies}\author{Ada Writer}\date{}\pubyear{2024}\maketitle"
        r"\begin{abstract}We print one bibliography in many styles.\end{abstract}"
        r"\begin{keywords}methods: numerical\end{keywords}",
        _bibtex("mnras"),
    ),
    Case(
        "achemso",  # achemso wants its title and authors in the preamble
        r"\documentclass{achemso}\title{A Study of Bibliographies}\author{Ada Writer}"
        r"\affiliation{University of Somewhere}\email{ada@example.org}",
        r"\begin{abstract}We print one bibliography.\end{abstract}",
        r"\nocite{*}\bibliography{refs}",
    ),
    Case(
        "jmlr",
        r"\documentclass{jmlr}",
        r"\title{A Study of Bibliographies}\author{\Name{Ada Writer}\Email{ada@example.org}\\"
        r"\addr University of Somewhere}\maketitle",
        _bibtex("plainnat"),
    ),
    # theses and books: a chapter heading "Bibliography", lists per chapter
    Case(
        "report-chicago",
        r"\documentclass{report}\usepackage{chicago}\usepackage{url}",
        _plain_front(),
        _bibtex("chicago"),
    ),
    Case(
        "memoir-thesis", r"\documentclass[oneside]{memoir}\usepackage{url}", _plain_front(), _bibtex("plain")
    ),
    Case("scrreprt-koma", r"\documentclass{scrreprt}\usepackage{url}", _plain_front(), _bibtex("alpha")),
    Case(
        "book-chapterbib",
        r"\documentclass{book}\usepackage{chapterbib}\usepackage{url}",
        _plain_front(),
        r"\include{ch1}\include{ch2}",
        files={
            "ch1.tex": _CHAPTER
            % (
                "First Results",
                "turing1950computing,shannon1948mathematical,"
                "hoare1969axiomatic,dijkstra1968goto,knuth1984texbook",
            ),
            "ch2.tex": _CHAPTER
            % (
                "Second Results",
                "hubble1929relation,riess1998observational,perlmutter1999measurements,planck2020cosmological",
            ),
        },
    ),
    Case(
        "biblatex-book-refsections",
        r"\documentclass{book}\usepackage[T1]{fontenc}\usepackage[english]{babel}\usepackage{csquotes}"
        r"\usepackage[style=numeric]{biblatex}\addbibresource{refs.bib}",
        _plain_front(),
        r"\begin{refsection}\chapter{First Results}\nocite{turing1950computing,shannon1948mathematical,"
        r"hoare1969axiomatic,dijkstra1968goto,knuth1984texbook}\printbibliography[heading=subbibliography]"
        r"\end{refsection}\begin{refsection}\chapter{Second Results}\nocite{hubble1929relation,"
        r"riess1998observational,perlmutter1999measurements,planck2020cosmological}"
        r"\printbibliography[heading=subbibliography]\end{refsection}",
        tool="biber",
        text=TEXT_UNCITED,  # citations outside the refsections would make a list no page prints
    ),
    # Cyrillic: a Russian heading set in a bitmap T2A font
    Case(
        "russian-ugost2008",
        r"\documentclass{article}\usepackage[T2A]{fontenc}\usepackage[utf8]{inputenc}"
        r"\usepackage[russian]{babel}\usepackage{url}",
        r"\title{Исследование библиографий}\author{А. Писатель}\date{}\maketitle",
        _bibtex("ugost2008"),
        text=TEXT_RU,
    ),
    # biblatex (biber)
    _biblatex("biblatex-numeric", "style=numeric"),
    _biblatex(
        "biblatex-numeric-comp-backref", "style=numeric-comp,backref=true", packages=r"\usepackage{hyperref}"
    ),
    _biblatex("biblatex-authoryear", "style=authoryear"),
    _biblatex(
        "biblatex-authoryear-flat",
        "style=authoryear",
        then=r"\setlength{\bibhang}{0pt}",
    ),
    _biblatex("biblatex-alphabetic-2col", "style=alphabetic", doc="twocolumn"),
    _biblatex("biblatex-ieee", "style=ieee"),
    _biblatex("biblatex-apa", "style=apa"),
    _biblatex("biblatex-nature", "style=nature"),
    _biblatex("biblatex-phys", "style=phys"),
    _biblatex("biblatex-chem-acs", "style=chem-acs"),
    _biblatex("biblatex-science", "style=science"),
    _biblatex("biblatex-lncs", "style=lncs"),
    Case(
        "biblatex-chicago-authordate",
        r"\documentclass{article}\usepackage[T1]{fontenc}\usepackage[english]{babel}\usepackage{csquotes}"
        r"\usepackage[authordate,backend=biber]{biblatex-chicago}\addbibresource{refs.bib}",
        _plain_front(),
        r"\nocite{*}\printbibliography",
        tool="biber",
    ),
    _biblatex(
        "biblatex-numeric-supplement",
        "style=numeric,defernumbers=true",
        after=r"\begin{refsection}\nocite{" + SUPPLEMENT_KEYS + r"}"
        r"\printbibliography[title={Supplementary References}]\end{refsection}",
    ),
    # styles added after the rules were written, as a held-out check: Harvard (the harvard
    # package's \harvarditem lists), APA (apacite), amsrefs' \bib entries, and bibtex styles of
    # journals in biology, chemistry and engineering
    _article("harvard-agsm", "agsm", packages=r"\usepackage{harvard}"),
    _article("harvard-dcu", "dcu", packages=r"\usepackage{harvard}"),
    _article("harvard-kluwer", "kluwer", packages=r"\usepackage{harvard}"),
    _article("apacite", "apacite", packages=r"\usepackage{apacite}"),
    _article("amsrefs-amsrn", "amsrn", packages=r"\usepackage{amsrefs}"),
    _article("acm-bst", "acm"),
    _article("besjournals", "besjournals", packages=r"\usepackage{natbib}"),
    _article("aichej", "aichej", packages=r"\usepackage{natbib}"),
    _article("jbact", "jbact"),
    _article("plainyr", "plainyr"),
    _article("unsrturl", "unsrturl", packages=r"\usepackage{hyperref}"),
    _article("sageep", "sageep", packages=r"\usepackage{natbib}"),
    _article("authordate1", "authordate1", packages=r"\usepackage{authordate1-4}"),
    _article("mslapa", "mslapa", packages=r"\usepackage{mslapa}"),
    _article("chicagoa", "chicagoa", packages=r"\usepackage{chicago}"),
    _article("aer", "aer", packages=r"\usepackage{natbib}"),
    _article("ecta", "ecta", packages=r"\usepackage{natbib}"),
    _article("cje", "cje", packages=r"\usepackage{natbib}"),
    _article("agu", "agu", packages=r"\usepackage{natbib}"),
    _article("abbrvurl", "abbrvurl", packages=r"\usepackage{hyperref}"),
    _article("alphaurl-2col", "alphaurl", "twocolumn", r"\usepackage{hyperref}"),
    _article("ieeetranN-natbib", "IEEEtranN", packages=r"\usepackage[numbers]{natbib}"),
    _article("ieeetranS", "IEEEtranS"),
    _article("apalike2", "apalike2"),
    _article("ieeepes", "ieeepes"),
    _article("is-abbrv", "is-abbrv"),
    _article("jurabib", "jurabib", packages=r"\usepackage{jurabib}"),
    Case(
        "elsevier-cas-dc",
        r"\documentclass[a4paper,fleqn]{cas-dc}\usepackage[authoryear]{natbib}",
        r"\title [mode = title]{A Study of Bibliographies}\author[1]{Ada Writer}"
        r"\affiliation[1]{organization={University of Somewhere},city={Springfield},country={USA}}"
        r"\begin{abstract}We print one bibliography in many styles.\end{abstract}\maketitle",
        _bibtex("cas-model2-names"),
    ),
    Case(
        "oup-contemporary",
        r"\documentclass[unnumsec,webpdf,contemporary,large]{oup-authoring-template}",
        r"\title{A Study of Bibliographies}\author[1]{Ada Writer}\address[1]{University of Somewhere}"
        r"\abstract{We print one bibliography in many styles.}\maketitle",
        _bibtex("plainnat"),
    ),
    Case("amsproc-amsalpha", r"\documentclass{amsproc}\usepackage{url}", _AMS_FRONT, _bibtex("amsalpha")),
    _article("pnas2009", "pnas2009", packages=r"\usepackage[numbers]{natbib}"),
    _article("rsc", "rsc", packages=r"\usepackage[numbers]{natbib}"),
    _article("tandfx", "tandfx", packages=r"\usepackage{natbib}"),
    _article(
        "elsarticle-num-names-article", "elsarticle-num-names", packages=r"\usepackage[numbers]{natbib}"
    ),
    _article("biolett", "biolett", packages=r"\usepackage[numbers]{natbib}"),
    _article("spiebib", "spiebib"),
    _article("erae", "erae", packages=r"\usepackage{natbib}"),
    _article("ajae", "ajae", packages=r"\usepackage{natbib}"),
    _article("ieeetranSN", "IEEEtranSN", packages=r"\usepackage{natbib}"),
    _biblatex("biblatex-ext-authoryear", "style=ext-authoryear"),
    _biblatex("biblatex-ext-numeric-2col", "style=ext-numeric", doc="twocolumn"),
    _biblatex("biblatex-mla", "style=mla"),
    _biblatex("biblatex-trad-abbrv", "style=trad-abbrv"),
    _biblatex("biblatex-dw-authortitle", "style=authortitle-dw"),
    _biblatex("biblatex-iso690", "style=iso-numeric"),
    _biblatex("biblatex-gb7714", "style=gb7714-2015"),
    _biblatex("biblatex-nejm", "style=nejm"),
    _biblatex("biblatex-vancouver", "style=vancouver"),
    _biblatex("biblatex-bath", "style=bath"),
    _biblatex("biblatex-chem-angew", "style=chem-angew"),
)

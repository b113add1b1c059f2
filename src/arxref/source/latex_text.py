"""LaTeX to the plain text a reader sees: accents, ligatures, dashes, quotes, math, links, bib macros.

A small single-pass interpreter, fast enough for hundreds of entries per paper. Symbol names come
from pylatexenc's default tables; the bibliography macros that bibtex styles emit (natbib, apsrev,
ACM, achemso, IEEEtran, mnras, biblatex) are interpreted here. Unknown macros vanish and their
braced arguments are read as ordinary text, which is what a reader of the PDF sees in most cases.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from arxref.errors import TexTooComplex
from arxref.source import apacite
from arxref.source.texscan import read_group, read_optional, skip_space


@dataclass(frozen=True)
class Macro:
    """A user macro from \\newcommand/\\def: its argument count and body with #1..#9.

    `provided` marks a \\providecommand, which never replaces a definition made before or elsewhere.
    """

    nargs: int
    body: str
    provided: bool = False


_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "d": "\u0323",
    "b": "\u0331", "k": "\u0328", "r": "\u030a", "t": "\u0361",
}

_DOTTED = {"ı": "i", "ȷ": "j"}

# name -> (argument spec, text before, text after). Spec letters: o optional dropped, O optional
# shown, d argument dropped, k argument rendered, v argument shown verbatim (URLs), V verbatim
# dropped, n a TeX number or dimension dropped (\penalty0, \hskip 1pt).
_SPECS: dict[str, tuple[str, str, str]] = {
    **{n: ("k", "", "") for n in (
        "emph", "textit", "textbf", "textsc", "texttt", "textsl", "textrm", "textsf", "textup",
        "textmd", "textnormal", "mbox", "hbox", "text", "mathrm", "mathbf", "mathit", "mathsf",
        "mathtt", "mathcal", "mathbb", "mathnormal", "boldsymbol", "bm", "citenamefont", "bibnamefont",
        "bibfnamefont", "natexlab", "showarticletitle", "showDOI", "showURL", "latin", "etalchar",
        "textsuperscript", "textsubscript", "ensuremath", "MakeUppercase", "MakeLowercase",
        "uppercase", "lowercase", "underline", "uline", "noopsort", "NoCaseChange", "mkbibemph",
        "mkbibbold", "textcolor", "bibsc", "bibit", "bibtextit", "IeC", "url@", "BibField",
    )},
    **{n: ("v", "", "") for n in ("url", "path", "nolinkurl", "doi", "texttildelow")},
    **{n: ("d", "", "") for n in (
        "label", "index", "vspace", "hspace", "markright", "BibitemShut", "bibAnnoteFile",
        "selectlanguage", "pagestyle", "thispagestyle", "bibcommenthead", "bibliographystyle",
        "hyphenation", "addcontentsline", "phantomsection", "color", "setcounter", "addtocounter",
    )},
    "textcolor": ("dk", "", ""),
    "foreignlanguage": ("dk", "", ""),
    "markboth": ("dd", "", ""),
    "setlength": ("dd", "", ""),
    "bibAnnote": ("dd", "", ""),
    "mciteSetBstMidEndSepPunct": ("ddd", "", ""),
    "bibinfo": ("dk", "", ""),
    "bibfield": ("dk", "", ""),
    "href": ("Vk", "", ""),
    "Eprint": ("Vk", "", ""),
    "enquote": ("k", "\u201c", "\u201d"),
    "mkbibquote": ("k", "\u201c", "\u201d"),
    "showeprint": ("ok", "arXiv:", ""),
    "eprint": ("ov", "", ""),
    "arxiv": ("v", "arXiv:", ""),
    "harvardurl": ("v", "URL: ", ""),
    "mn@doi": ("OV", "", ""),
    "mn@eprint": ("kv", "", ""),
    "penalty": ("n", "", ""),
    "hskip": ("n", "", " "),
    "vskip": ("n", "", ""),
    "kern": ("n", "", ""),
    "linebreak": ("o", " ", ""),
    "newblock": ("", " ", ""),
    "par": ("", " ", ""),
    "newline": ("", " ", ""),
    "\\": ("o", " ", ""),
    "citeauthoryear": ("kkk", "", ""),
}

_TEXT: dict[str, str] = {
    "i": "ı", "j": "ȷ", "ss": "ß", "SS": "SS", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ",
    "OE": "Œ", "aa": "å", "AA": "Å", "l": "ł", "L": "Ł", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ",
    "&": "&", "%": "%", "$": "$", "#": "#", "_": "_", "{": "{", "}": "}", " ": " ", ",": " ",
    ";": " ", ":": " ", "!": "", "/": "", "-": "", "@": "", "textendash": "–", "textemdash": "—",
    "ldots": "…", "dots": "…", "textellipsis": "…", "slash": "/", "textasciitilde": "~",
    "textasciicircum": "^", "textbackslash": "\\", "textbar": "|", "textless": "<", "textgreater": ">",
    "textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
    "lq": "‘", "rq": "’", "guillemotleft": "«", "guillemotright": "»", "S": "§", "P": "¶",
    "copyright": "©", "textregistered": "®", "texttrademark": "™", "textdegree": "°", "dag": "†",
    "ddag": "‡", "LaTeX": "LaTeX", "TeX": "TeX", "BibTeX": "BibTeX", "LaTeXe": "LaTeX2e",
    "and": "and", "bibrangedash": "–", "bibinitperiod": ".", "bibinitdelim": " ", "bibnamedelima": " ",
    "bibnamedelimb": " ", "bibnamedelimc": " ", "bibnamedelimd": " ", "bibnamedelimi": " ",
    "bibinithyphendelim": ".-", "bibdatedash": "–", "textperiodcentered": "·", "nobreakspace": " ",
    "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ", "space": " ", "textvisiblespace": " ",
    # The T2A (Cyrillic) dash that GOST styles print between areas of an entry.
    "cyrdash": "—", "textnumero": "№", "No": "№",
    "ndash": "–", "mdash": "—",  # amsrefs' and amsmath's dashes: "pages={3051\ndash 3073}"
    # harvard.sty's defaults (agsm's "&"; \citationstyle{dcu} in a preamble says "and")
    "harvardyearleft": "(", "harvardyearright": ")", "harvardleft": "(", "harvardright": ")",
    "harvardand": "&",
}

_SILENT = frozenset((
    "em", "it", "bf", "sc", "tt", "rm", "sl", "sf", "itshape", "bfseries", "scshape", "upshape",
    "mdseries", "normalfont", "slshape", "rmfamily", "sffamily", "ttfamily", "small", "footnotesize",
    "large", "Large", "LARGE", "tiny", "scriptsize", "normalsize", "huge", "Huge", "protect", "relax",
    "unskip", "ignorespaces", "nobreak", "allowbreak", "noindent", "smallskip", "medskip", "bigskip",
    "hfill", "hfil", "break", "sloppy", "raggedright", "clearpage", "newpage", "BibitemOpen",
    "bibitemStop", "bibitemNoStop", "EOS", "EndOfBibitem", "mciteBstWouldAddEndPuncttrue",
    "mciteBstWouldAddEndPunctfalse", "doiprefix", "urlprefix", "BIBentryALTinterwordspacing",
    "BIBentrySTDinterwordspacing", "BIBforeignlanguage", "frenchspacing", "nonfrenchspacing",
    "makeatletter", "makeatother", "null", "leavevmode", "strut", "displaystyle", "textstyle",
    "scriptstyle", "left", "right", "big", "Big", "bigl", "bigr", "Bigl", "Bigr", "limits",
    "nolimits", "mathstrut", "xspace", "UrlFont", "BibitemShut@", "href@noop", "@", "urlstyle",
))

# Journal abbreviation macros of the AAS/MNRAS classes, as the journals print them.
_JOURNALS = {
    "aj": "AJ", "actaa": "Acta Astron.", "araa": "ARA&A", "apj": "ApJ", "apjl": "ApJL", "apjs": "ApJS",
    "ao": "Appl. Opt.", "apss": "Ap&SS", "aap": "A&A", "aapr": "A&A Rev.", "aaps": "A&AS",
    "azh": "AZh", "baas": "BAAS", "icarus": "Icarus", "jcap": "JCAP", "jrasc": "JRASC",
    "memras": "MmRAS", "mnras": "MNRAS", "na": "New A", "nar": "New A Rev.", "pra": "Phys. Rev. A",
    "prb": "Phys. Rev. B", "prc": "Phys. Rev. C", "prd": "Phys. Rev. D", "pre": "Phys. Rev. E",
    "prl": "Phys. Rev. Lett.", "pasa": "PASA", "pasp": "PASP", "pasj": "PASJ", "qjras": "QJRAS",
    "skytel": "S&T", "solphys": "Sol. Phys.", "sovast": "Soviet Ast.", "ssr": "Space Sci. Rev.",
    "zap": "ZAp", "nat": "Nature", "iaucirc": "IAU Circ.", "aplett": "Astrophys. Lett.",
    "apspr": "Astrophys. Space Phys. Res.", "bain": "Bull. Astron. Inst. Netherlands",
    "fcp": "Fund. Cosmic Phys.", "gca": "Geochim. Cosmochim. Acta", "grl": "Geophys. Res. Lett.",
    "jcp": "J. Chem. Phys.", "jgr": "J. Geophys. Res.", "jqsrt": "J. Quant. Spec. Radiat. Transf.",
    "memsai": "Mem. Soc. Astron. Italiana", "nphysa": "Nucl. Phys. A", "physrep": "Phys. Rep.",
    "physscr": "Phys. Scr", "planss": "Planet. Space Sci.", "procspie": "Proc. SPIE",
}

# Runs of characters that render as themselves (whitespace included: it is collapsed at the end),
# plus braces and ties: grouping changes only font scope, which plain text does not keep, and a tie
# is a space. Folding them into the run keeps the per-character loop out of brace-heavy .bbl text.
_PLAIN = re.compile(r"[^\\$`'\-]+")
# Whitespace runs that collapse to one space; a lone " " is left alone (nothing to replace).
_SPACE = re.compile(r"[\t\r\n\f\v][ \t\r\n\f\v]*| [ \t\r\n\f\v]+")
_CS = re.compile(r"\\(?:([A-Za-z@]+)\*?|(.))", re.DOTALL)
_NUMBER = re.compile(r"\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:\s*(?:pt|em|ex|mm|cm|in|bp|sp|pc|dd|cc|mu))?"
                     r"(?:\s*(?:plus|minus)\s*[-+]?[\d.]+\s*(?:pt|em|ex|fil+)?)*")
_MAX_DEPTH = 12
_BRACE = re.compile(r"(?<!\\)[{}]")


@lru_cache(maxsize=1)
def _symbol_table() -> dict[str, str]:
    """Plain-string replacements for macros known to pylatexenc (greek letters, math operators...)."""
    from pylatexenc.latex2text import get_default_latex_context_db

    table: dict[str, str] = {}
    for spec in get_default_latex_context_db().iter_macro_specs():
        repl = spec.simplify_repl
        if isinstance(repl, str) and "%" not in repl and spec.macroname not in table:
            table[spec.macroname] = repl
    return table


_MAX_NESTING = 100  # braces nested deeper than any real entry (they nest under 20)
_EXPANSION_FLOOR = 50_000  # characters user macros may add to one fragment, or 20 per input character


@dataclass
class _Context:
    """The paper's macros and what is left of the fragment's expansion budget."""

    user: Mapping[str, Macro]
    left: int


def _check_nesting(tex: str) -> None:
    """Refuse a fragment nested past any real entry before rendering it (the renderer recurses)."""
    depth = deepest = 0
    for m in _BRACE.finditer(tex):
        depth += 1 if m.group() == "{" else -1
        deepest = max(deepest, depth)
    if deepest > _MAX_NESTING:
        raise TexTooComplex(f"braces nested {deepest} deep, past {_MAX_NESTING}: no bibliography entry is")


def latex_to_text(tex: str, macros: Mapping[str, Macro] | None = None) -> str:
    """Render a LaTeX fragment (one bibliography entry, a title, a name) as the text a reader sees.

    Work is bounded: nesting past _MAX_NESTING, or user macros adding more than a budget of
    characters (a macro that calls itself ten times), raise TexTooComplex instead of running on.
    """
    if "\\" not in tex and "{" not in tex and "$" not in tex and "~" not in tex and "`" not in tex:
        if "-" in tex:
            tex = tex.replace("---", "—").replace("--", "–")
        if "'" in tex:
            tex = tex.replace("''", "”").replace("'", "’")
        return _SPACE.sub(" ", tex).strip()
    _check_nesting(tex)
    out: list[str] = []
    _render(tex, out, _Context(macros or {}, max(_EXPANSION_FLOOR, 20 * len(tex))), 0, False)
    text = _SPACE.sub(" ", "".join(out)).strip()
    # amsplain's \bysame is the rule and a thin space, then the comma: "———, Title" as printed
    return _RULE_SPACE.sub(DRAWN_RULE, text) if DRAWN_RULE in text else text


def _render(s: str, out: list[str], ctx: _Context, depth: int, math: bool) -> None:
    i, n = 0, len(s)
    while i < n:
        m = _PLAIN.match(s, i)
        if m:
            run = m.group()
            if "{" in run or "}" in run:
                run = run.replace("{", "").replace("}", "")
            out.append(run.replace("~", " ") if "~" in run else run)
            i = m.end()
            continue
        c = s[i]
        if c == "\\":
            i = _macro(s, i, out, ctx, depth, math)
        elif c == "$":
            i = _math(s, i, out, ctx, depth)
        elif c == "-":
            j = i
            while j < n and s[j] == "-":
                j += 1
            run = j - i
            out.append("-" if math or run == 1 else "–" if run == 2 else "—")
            i = j
        elif c in "`'":
            double = s.startswith(c * 2, i)
            if math:
                out.append("′" if c == "'" else "")
            else:
                out.append(("“" if double else "‘") if c == "`" else ("”" if double else "’"))
            i += 2 if double else 1


def _math(s: str, i: int, out: list[str], ctx: _Context, depth: int) -> int:
    delim = "$$" if s.startswith("$$", i) else "$"
    j = i + len(delim)
    while True:
        k = s.find(delim, j)
        if k < 0:
            k = len(s)
            break
        if s[k - 1] != "\\":
            break
        j = k + 1
    _render(s[i + len(delim) : k], out, ctx, depth, True)
    return min(len(s), k + len(delim))


def _macro(s: str, i: int, out: list[str], ctx: _Context, depth: int, math: bool) -> int:
    m = _CS.match(s, i)
    if m is None:
        return i + 1
    word, char = m.groups()
    name = word or char
    i = m.end()
    if name in ("begin", "end"):
        return _environment(s, i, name == "begin", out)
    if name == "verb" and i < len(s):
        # \verb+text+ (any delimiter): the text as written, without its delimiters.
        stop = s.find(s[i], i + 1)
        stop = len(s) if stop < 0 else stop
        out.append(s[i + 1 : stop])
        return stop + 1
    if name in ("vrule", "hrule", "hrulefill", "rule"):
        return _drawn_rule(s, i, name, out)
    if name == "hbox" and (box := _BOX_SIZE.match(s, i)) is not None:
        i = box.end()  # \hbox to 3em{...}: the size is no text
    if name in _ACCENTS and not (math and word is None and name in "'"):
        arg, i = read_group(s, i)
        base: list[str] = []
        if arg is not None:
            _render(arg, base, ctx, depth, math)
        text = "".join(base).strip()
        first = _DOTTED.get(text[:1], text[:1])  # \'\i is í: the accent takes the dot's place
        out.append(unicodedata.normalize("NFC", first + _ACCENTS[name] + text[1:]) if text else "")
        return i
    spec = _SPECS.get(name)
    spaced = word is not None and i < len(s) and s[i].isspace()
    if spaced and (spec is None or spec[0]):
        i = skip_space(s, i)
    if spec is not None:
        return _apply_spec(s, i, spec, out, ctx, depth, math)
    if name in _TEXT:
        out.append(_TEXT[name])
        return i
    if name in _SILENT:
        return i
    macro = ctx.user.get(name)
    if macro is not None and depth < _MAX_DEPTH:
        body = macro.body
        for k in range(1, macro.nargs + 1):
            arg, i = read_group(s, i)
            body = body.replace(f"#{k}", arg or "")
        ctx.left -= len(body)
        if ctx.left < 0:
            raise TexTooComplex(f"the macro \\{name} expands past the budget of this entry: a macro bomb")
        _render(body, out, ctx, depth + 1, math)
        return i
    if name in _JOURNALS:
        out.append(_JOURNALS[name])
        return i
    if name in apacite.WORDS:
        out.append(apacite.WORDS[name])
        return i
    if name in apacite.SPECS:
        return _apply_spec(s, i, apacite.SPECS[name], out, ctx, depth, math)
    if name in apacite.JOINED:
        return _apply_joined(s, i, apacite.JOINED[name], out, ctx, depth, math)
    sym = _symbol_table().get(name)
    if sym is not None:
        # A named symbol (\log, \alpha) keeps the space that followed it, as it reads in print.
        out.append(sym + " " if spaced else sym)
    return i


# Arguments of environments that can appear inside an entry (the rest: see `_environment`).
_ENV_ARGS = {"otherlanguage": 1, "otherlanguage*": 1, "hyphenrules": 1, "minipage": 1, "tabular": 1,
             "tabular*": 2, "array": 1, "CJK": 2, "CJK*": 2, "multicols": 1, "spacing": 1, "Cyrillic": 0}
_ENV_WORD = re.compile(r"[ \t]*\{[^{}\s]{1,30}\}")


_RULE_KEY = re.compile(r"\s*(height|depth|width)\b")
_BOX_SIZE = re.compile(r"\s*(?:to|spread)\s*(?:\\[A-Za-z@]+|[-+]?[\d.]+\s*[a-z]{2})")
_RULE_SPACE = re.compile(r"———\s+(?=[,.;:])")
DRAWN_RULE = "———"  # what a rule that repeats the authors above reads as: the PDF path's word for it too


def _drawn_rule(s: str, i: int, name: str, out: list[str]) -> int:
    """A rule drawn in an entry (siam's "\\vrule ... width 23pt", amsplain's \\hrulefill, \\rule{3em}{.4pt})
    stands for the authors of the entry above: "———". Its dimensions are no text, and a rule
    without width (a strut) prints nothing."""
    wide = name == "hrulefill"
    if name == "rule":
        _, i = read_optional(s, i)
        width, i = read_group(s, i)
        _, i = read_group(s, i)
        wide = bool(width) and not re.match(r"\s*0(?:\.0*)?\s*[a-z]*\s*$", width or "")
    elif name in ("vrule", "hrule"):
        while (key := _RULE_KEY.match(s, i)) is not None:
            number = _NUMBER.match(s, key.end())
            i = number.end() if number else key.end()
            wide = wide or key.group(1) == "width"
    if wide:
        out.append(DRAWN_RULE)
    return i


def _environment(s: str, i: int, begin: bool, out: list[str]) -> int:
    """Drop \\begin{env} with its arguments, or \\end{env}: the environment's content reads as text.

    An environment the table does not know loses its optional arguments and any short one-word
    braced arguments right after it (`\\begin{otherlanguage}{russian}` would otherwise print "russian").
    """
    env, i = read_group(s, i)
    if not begin or env is None:
        return i
    env = env.strip()
    _, i = read_optional(s, i)
    if env in apacite.ENVIRONMENTS:
        out.append(apacite.ENVIRONMENTS[env])
        return i
    nargs = _ENV_ARGS.get(env)
    if nargs is not None:
        for _ in range(nargs):
            _, i = read_group(s, i)
        return i
    while (m := _ENV_WORD.match(s, i)) is not None:
        i = m.end()
    return i


def _apply_joined(s: str, i: int, joined: tuple[int, Callable[..., str]], out: list[str], ctx: _Context,
                  depth: int, math: bool) -> int:
    """A macro that joins the parts of its arguments that are not empty (apacite's, see there)."""
    nargs, join = joined
    parts = []
    for _ in range(nargs):
        arg, i = read_group(s, i)
        text: list[str] = []
        if arg is not None:
            _render(arg, text, ctx, depth + 1, math)
        parts.append(" ".join("".join(text).split()))
    out.append(join(*parts))
    return i


def _apply_spec(s: str, i: int, spec: tuple[str, str, str], out: list[str], ctx: _Context,
                depth: int, math: bool) -> int:
    args, before, after = spec
    out.append(before)
    for kind in args:
        if kind in "oO":
            opt, i = read_optional(s, i)
            if kind == "O" and opt:
                _render(opt, out, ctx, depth, math)
            continue
        if kind == "n":
            m = _NUMBER.match(s, i)
            i = m.end() if m else i
            continue
        arg, i = read_group(s, i)
        if arg is None:
            continue
        if kind == "k":
            _render(arg, out, ctx, depth, math)
        elif kind == "v":
            out.append(arg.replace("\\%", "%").replace("\\_", "_").replace("\\#", "#").replace("\\&", "&"))
    out.append(after)
    return i

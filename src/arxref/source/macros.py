"""User macro definitions (\\newcommand, \\def, \\let, ...) read from a preamble, a .bbl or a .sty/.cls.

A definition is kept when its body renders as text: conditionals are reduced to the branch a reader
most often sees (the `\\else` branch, else nothing), and bodies that still program TeX (\\csname, \\catcode,
LaTeX's `\\@` internals) are dropped, so the macro vanishes and its arguments read as text. A package's
own `@` names (aastex's `\\ref@jnl`) are kept: its journal macros print through them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping

from arxref.source.latex_text import Macro
from arxref.source.texscan import read_group, read_optional

DEFINER = re.compile(
    r"\\(newcommand|renewcommand|providecommand|DeclareRobustCommand|def|gdef|edef|xdef|let)(?![A-Za-z@])\*?")
_DEF_HEAD = re.compile(r"\s*\\([A-Za-z@]+)((?:#\d)*)\s*\{")
_LET = re.compile(r"\s*\\([A-Za-z@]+)\s*=?\s*\\([A-Za-z@]+)")
# LaTeX's own internals (\@ifnextchar, \@tempa...) program; a package's `\jnl@style` may well print.
_UNSAFE_BODY = re.compile(r"\\(?:def|edef|gdef|xdef|csname|if|else|fi|begingroup|endgroup|catcode|let|@"
                          r"|newcommand|renewcommand|providecommand|futurelet|afterassignment)")
# TeX conditionals (\ifx, \ifdim, \if@tempswa, \ifcase ... \or ...); \ifthenelse is an ordinary macro.
_COND = re.compile(r"\\(?:(if(?!thenelse)[A-Za-z@]*)|(else)|(fi)|(or))(?![A-Za-z@])")
_NO_TEXT = re.compile(r"\\(?:expandafter|noexpand|protect|relax)(?![A-Za-z@])\s*")


def define(macros: MutableMapping[str, Macro], name: str, macro: Macro) -> None:
    """Record a definition as LaTeX would: \\providecommand never replaces an existing macro."""
    if not (macro.provided and name in macros):
        macros[name] = macro


def layered(base: Mapping[str, Macro], later: Mapping[str, Macro]) -> dict[str, Macro]:
    """`base` with the definitions of `later` made after it (a .bbl read after the preamble)."""
    out = dict(base)
    for name, macro in later.items():
        define(out, name, macro)
    return out


def read_definition(text: str, cmd: str, pos: int,
                    known: Mapping[str, Macro]) -> tuple[str | None, Macro | None, int]:
    """The definition whose definer `cmd` ends at `pos`: (name, macro or None when unusable, end)."""
    if cmd == "let":
        m = _LET.match(text, pos)
        if not m:
            return None, None, pos
        return m.group(1), known.get(m.group(2)), m.end()
    if cmd in ("def", "gdef", "edef", "xdef"):
        m = _DEF_HEAD.match(text, pos)
        if not m:
            return None, None, pos
        body, end = read_group(text, m.end() - 1)
        return m.group(1), _macro(len(m.group(2)) // 2, body, provided=False), end
    name_tok, pos = read_group(text, pos)
    if not name_tok or not name_tok.startswith("\\"):
        return None, None, pos
    opt, pos = read_optional(text, pos)
    default, pos = read_optional(text, pos)
    body, end = read_group(text, pos)
    nargs = int(opt) if opt and opt.strip().isdigit() else 0
    if default is not None:
        # An optional first argument: its uses cannot be told from text, leave the macro undefined.
        return name_tok[1:].strip(), None, end
    return name_tok[1:].strip(), _macro(nargs, body, provided=cmd == "providecommand"), end


def read_definitions(text: str) -> dict[str, Macro]:
    """Every usable definition in `text` (a .bbl preamble, a .sty or .cls), in order."""
    out: dict[str, Macro] = {}
    add_definitions(text, out)
    return out


def add_definitions(text: str, macros: MutableMapping[str, Macro]) -> None:
    """Add the usable definitions of `text` to `macros`, as if `text` were read after them."""
    pos = 0
    for m in DEFINER.finditer(text):
        if m.start() < pos:
            continue
        name, macro, pos = read_definition(text, m.group(1), m.end(), macros)
        if name and macro is not None and not name.startswith("@"):
            define(macros, name, macro)


def _macro(nargs: int, body: str | None, provided: bool) -> Macro | None:
    if body is None:
        return None
    body = _NO_TEXT.sub("", drop_conditionals(body)) if "\\" in body else body
    if _UNSAFE_BODY.search(body):
        return None
    return Macro(nargs, body, provided)


def drop_conditionals(body: str) -> str:
    """Replace each TeX conditional by its \\else branch, or by nothing when it has none.

    The tests in .bbl and preamble macros ask about layout (`\\ifdim\\lastskip`), a language being
    loaded, or an empty argument; the text a reader sees is the fallback branch far more often.
    Unbalanced conditionals are left alone (the body is then refused as unsafe).
    """
    if "\\if" not in body:
        return body
    out: list[str] = []
    pos = 0
    depth = 0
    start = else_at = -1
    for m in _COND.finditer(body):
        if m.group(1):
            if depth == 0:
                out.append(body[pos : m.start()])
                start, else_at = m.start(), -1
            depth += 1
        elif depth == 0:
            return body
        elif m.group(2) or m.group(4):
            if depth == 1:
                else_at = m.end() if m.group(2) else -1  # only the last branch of \ifcase counts
        else:
            depth -= 1
            if depth == 0:
                if else_at >= 0:
                    out.append(drop_conditionals(body[else_at : m.start()]))
                pos = m.end()
    if depth or start < 0:
        return body
    out.append(body[pos:])
    return "".join(out)
